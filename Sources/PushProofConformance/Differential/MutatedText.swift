import Foundation
import PushProofJSON

// The encodings a vector's strings carry (hex, base64, RFC 3339, JSON text), each read so that a
// mutation changes what the string means rather than only its characters.

/// Lower-case hex data.
enum HexText {
    static func isHex(_ s: String) -> Bool {
        s.utf8.count % 2 == 0 && !s.isEmpty
            && s.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }

    static func mutated(_ s: String, _ g: inout SeededGenerator) -> (String, JSONValue) {
        var chars = Array(s)
        switch Int.random(in: 0..<4, using: &g) {
        case 0: return ("hex: last byte dropped", .string(String(s.dropLast(2))))
        case 1: return ("hex: a byte appended", .string(s + "00"))
        default:
            let digit = Int.random(in: 0..<chars.count, using: &g)
            let value = Int(String(chars[digit]), radix: 16)! ^ (1 << Int.random(in: 0..<4, using: &g))
            chars[digit] = Character(String(value, radix: 16))
            return ("hex: bit flipped in digit \(digit)", .string(String(chars)))
        }
    }
}

/// Base64 data (RFC 4648, standard or URL-safe alphabet, padded or not), decoded, so that bits
/// flip in the bytes it carries (a ciphertext, a tag, a key) and the result is re-encoded as the
/// original was written.
struct Base64Text {
    let bytes: [UInt8]
    let urlSafe: Bool
    let padded: Bool

    init?(_ s: String) {
        let utf8 = Array(s.utf8)
        guard utf8.count >= 8 else { return nil }
        var standard = false
        var url = false
        let body = utf8.prefix { $0 != UInt8(ascii: "=") }
        guard utf8.count - body.count <= 2, utf8[body.count...].allSatisfy({ $0 == UInt8(ascii: "=") }) else {
            return nil
        }
        for b in body {
            switch b {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"):
                continue
            case UInt8(ascii: "+"), UInt8(ascii: "/"): standard = true
            case UInt8(ascii: "-"), UInt8(ascii: "_"): url = true
            default: return nil
            }
        }
        guard !(standard && url), body.count % 4 != 1 else { return nil }
        var normal = String(decoding: body, as: UTF8.self)
        if url { normal = normal.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/") }
        normal += String(repeating: "=", count: (4 - body.count % 4) % 4)
        guard let data = Data(base64Encoded: normal) else { return nil }
        bytes = [UInt8](data)
        urlSafe = url
        padded = utf8.count % 4 == 0
    }

    func encoded(_ bytes: [UInt8], urlSafe: Bool? = nil, padded: Bool? = nil) -> String {
        var s = Data(bytes).base64EncodedString()
        if urlSafe ?? self.urlSafe {
            s = s.replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
        }
        if !(padded ?? self.padded) { s = s.replacingOccurrences(of: "=", with: "") }
        return s
    }

    func mutated(_ g: inout SeededGenerator) -> (String, JSONValue) {
        var changed = bytes
        switch Int.random(in: 0..<8, using: &g) {
        case 0:
            changed.removeLast()
            return ("base64: last decoded byte dropped", .string(encoded(changed)))
        case 1:
            changed.append(0)
            return ("base64: a zero byte appended", .string(encoded(changed)))
        case 2:
            let written = encoded(bytes, urlSafe: !urlSafe)
            if written != encoded(bytes) { return ("base64: written in the other alphabet", .string(written)) }
            return ("base64: padding \(padded ? "removed" : "added")", .string(encoded(bytes, padded: !padded)))
        case 3:
            // A character of the text changed (the last one may leave unused bits set).
            var chars = Array(encoded(bytes))
            let alphabet = Array(
                urlSafe
                    ? "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
                    : "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/")
            let i = Int.random(in: 0..<chars.count, using: &g)
            guard chars[i] != "=" else { return ("base64: padding removed", .string(encoded(bytes, padded: false))) }
            chars[i] = alphabet.randomElement(using: &g)!
            return ("base64: character \(i) changed", .string(String(chars)))
        default:
            let i = Int.random(in: 0..<changed.count, using: &g)
            let bit = Int.random(in: 0..<8, using: &g)
            changed[i] ^= 1 << bit
            return ("base64: bit \(bit) of decoded byte \(i) flipped", .string(encoded(changed)))
        }
    }
}

/// An RFC 3339 date-time (`2026-11-24T08:00:00Z`, with or without fractional seconds, any offset).
struct RFC3339Text {
    let seconds: Int64
    let fractional: Bool

    init?(_ s: String) {
        let utf8 = Array(s.utf8)
        guard (20...40).contains(utf8.count), utf8[4] == UInt8(ascii: "-"), utf8[10] == UInt8(ascii: "T") else {
            return nil
        }
        let formatter = ISO8601DateFormatter()
        if let date = formatter.date(from: s) {
            fractional = false
            seconds = Int64(date.timeIntervalSince1970.rounded(.down))
            return
        }
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        guard let date = formatter.date(from: s) else { return nil }
        fractional = true
        seconds = Int64(date.timeIntervalSince1970.rounded(.down))
    }

    static func written(_ seconds: Int64, fractional: Bool, offsetSeconds: Int = 0) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions =
            fractional ? [.withInternetDateTime, .withFractionalSeconds] : [.withInternetDateTime]
        formatter.timeZone = TimeZone(secondsFromGMT: offsetSeconds)
        return formatter.string(from: Date(timeIntervalSince1970: TimeInterval(seconds)))
    }

    func moved(to seconds: Int64) -> String { Self.written(seconds, fractional: fractional) }

    /// The same instant (or one a leap second away) written another way.
    func respelled(_ g: inout SeededGenerator) -> (String, JSONValue) {
        let utc = Self.written(seconds, fractional: fractional)
        switch Int.random(in: 0..<5, using: &g) {
        case 0: return ("RFC 3339: Z written as +00:00", .string(String(utc.dropLast()) + "+00:00"))
        case 1:
            return (
                "RFC 3339: the same instant at -05:00",
                .string(Self.written(seconds, fractional: fractional, offsetSeconds: -18_000))
            )
        case 2:
            return (
                "RFC 3339: fractional seconds \(fractional ? "dropped" : "added")",
                .string(Self.written(seconds, fractional: !fractional))
            )
        case 3: return ("RFC 3339: lower-case t and z", .string(utc.lowercased()))
        default:
            // 23:59:60 of the day before the next midnight: a leap second some parsers take.
            let midnight = (seconds / 86_400 + 1) * 86_400
            let text = Self.written(midnight - 1, fractional: fractional).replacingOccurrences(
                of: ":59:59", with: ":59:60")
            return ("RFC 3339: a leap second (23:59:60)", .string(text))
        }
    }
}

/// JSON carried as text inside a string (a keychain record, a request body).
struct JSONText {
    let value: JSONValue

    init?(_ s: String) {
        guard let first = s.utf8.first, first == UInt8(ascii: "{") || first == UInt8(ascii: "["),
            let value = try? JSONParser.parse(s)
        else { return nil }
        self.value = value
    }

    func mutated(windows: [Int64], _ g: inout SeededGenerator) -> (String, JSONValue)? {
        switch Int.random(in: 0..<6, using: &g) {
        case 0:
            // The text may hold what the adapter protocol cannot: a key written twice.
            guard case .object(let members) = value, let m = members.randomElement(using: &g) else { return nil }
            let twice = JSONValue.object(members + [.init(m.key, InputMutator.changed(m.value))])
            return ("JSON text: member \(m.key) written twice, with another value", .string(JSONWriter.compact(twice)))
        case 1: return ("JSON text: pretty-printed", .string(JSONWriter.pretty(value)))
        default:
            guard let m = InputMutator.mutation(of: value, windows: windows, using: &g), let next = m.apply(to: value)
            else { return nil }
            return ("JSON text: \(m)", .string(JSONWriter.compact(next)))
        }
    }
}
