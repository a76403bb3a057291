/// A strict RFC 8259 parser over UTF-8 bytes.
///
/// Strict means: the input must be valid UTF-8; only the JSON grammar (no NaN, no comments, no
/// trailing commas, no leading zeros); no raw control characters in strings; no unpaired
/// surrogate escapes; duplicate object keys rejected unless the options say otherwise; and a
/// nesting limit, so hostile input cannot exhaust the stack. Errors carry a byte offset and a
/// reason, never the input's content.
public struct JSONParser {
    public struct Options: Sendable {
        public var maximumDepth: Int
        public var duplicateKeys: DuplicateKeyPolicy
        public init(maximumDepth: Int = 64, duplicateKeys: DuplicateKeyPolicy = .reject) {
            self.maximumDepth = maximumDepth
            self.duplicateKeys = duplicateKeys
        }
        public static let strict = Options()
    }

    public enum DuplicateKeyPolicy: Sendable {
        /// A second member with the same key is an error.
        case reject
        /// Keep every member as written; readers see the first (used to model lenient peers).
        case keepAll
    }

    public struct Error: Swift.Error, Equatable, Sendable, CustomStringConvertible {
        public let offset: Int
        public let reason: String
        public var description: String { "invalid JSON at byte \(offset): \(reason)" }
    }

    public static func parse(_ bytes: [UInt8], options: Options = .strict) throws(Error) -> JSONValue {
        var parser = JSONParser(bytes: bytes, options: options)
        guard String(validating: bytes, as: UTF8.self) != nil else {
            throw Error(offset: 0, reason: "input is not valid UTF-8")
        }
        parser.skipWhitespace()
        let value = try parser.parseValue(depth: 0)
        parser.skipWhitespace()
        guard parser.index == bytes.count else { throw parser.error("unexpected data after the value") }
        return value
    }

    public static func parse(_ text: String, options: Options = .strict) throws(Error) -> JSONValue {
        try parse(Array(text.utf8), options: options)
    }

    private let bytes: [UInt8]
    private let options: Options
    private var index = 0

    private init(bytes: [UInt8], options: Options) {
        self.bytes = bytes
        self.options = options
    }

    private func error(_ reason: String) -> Error { Error(offset: index, reason: reason) }

    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func skipWhitespace() {
        while let c = current, c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D { index += 1 }
    }

    private mutating func expect(_ literal: String) throws(Error) {
        for c in literal.utf8 {
            guard current == c else { throw error("invalid literal") }
            index += 1
        }
    }

    private mutating func parseValue(depth: Int) throws(Error) -> JSONValue {
        guard let c = current else { throw error("unexpected end of input") }
        switch c {
        case UInt8(ascii: "{"): return try parseObject(depth: depth + 1)
        case UInt8(ascii: "["): return try parseArray(depth: depth + 1)
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"):
            try expect("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try expect("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try expect("null")
            return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
        default: throw error("unexpected character")
        }
    }

    private mutating func parseObject(depth: Int) throws(Error) -> JSONValue {
        guard depth <= options.maximumDepth else { throw error("nesting deeper than \(options.maximumDepth)") }
        index += 1
        var members: [JSONValue.Member] = []
        var seen = Set<String>()
        skipWhitespace()
        if current == UInt8(ascii: "}") {
            index += 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard current == UInt8(ascii: "\"") else { throw error("expected a string key") }
            let keyOffset = index
            let key = try parseString()
            if options.duplicateKeys == .reject {
                // Keys are the same when their scalars are (RFC 8259 §8.3); a Swift String also
                // equals its canonical equivalents (`K` and U+212A KELVIN SIGN), which are other
                // keys. Most objects have a few members: a scan costs less than hashing every key.
                let sameScalars = { (member: JSONValue.Member) in
                    member.key.unicodeScalars.elementsEqual(key.unicodeScalars)
                }
                let repeated: Bool
                if members.count < 16 {
                    repeated = members.contains(where: sameScalars)
                } else {
                    if seen.isEmpty { seen = Set(members.map(\.key)) }
                    repeated = !seen.insert(key).inserted && members.contains(where: sameScalars)
                }
                if repeated { throw Error(offset: keyOffset, reason: "duplicate key in object") }
            }
            skipWhitespace()
            guard current == UInt8(ascii: ":") else { throw error("expected ':'") }
            index += 1
            skipWhitespace()
            members.append(JSONValue.Member(key, try parseValue(depth: depth)))
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "}"):
                index += 1
                return .object(members)
            default: throw error("expected ',' or '}'")
            }
        }
    }

    private mutating func parseArray(depth: Int) throws(Error) -> JSONValue {
        guard depth <= options.maximumDepth else { throw error("nesting deeper than \(options.maximumDepth)") }
        index += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if current == UInt8(ascii: "]") {
            index += 1
            return .array(elements)
        }
        while true {
            skipWhitespace()
            elements.append(try parseValue(depth: depth))
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "]"):
                index += 1
                return .array(elements)
            default: throw error("expected ',' or ']'")
            }
        }
    }

    private mutating func parseNumber() throws(Error) -> String {
        let start = index
        if current == UInt8(ascii: "-") { index += 1 }
        guard let first = current, isDigit(first) else { throw error("expected a digit") }
        if first == UInt8(ascii: "0") {
            index += 1
            if let c = current, isDigit(c) { throw error("leading zero in number") }
        } else {
            while let c = current, isDigit(c) { index += 1 }
        }
        if current == UInt8(ascii: ".") {
            index += 1
            guard let c = current, isDigit(c) else { throw error("expected a digit after '.'") }
            while let c = current, isDigit(c) { index += 1 }
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            index += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
            guard let c = current, isDigit(c) else { throw error("expected a digit in exponent") }
            while let c = current, isDigit(c) { index += 1 }
        }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    private func isDigit(_ c: UInt8) -> Bool { c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9") }

    private mutating func parseString() throws(Error) -> String {
        index += 1  // opening quote
        // The input was validated as UTF-8 up front, so the bytes between escapes decode cleanly,
        // and an escape adds a whole scalar (unpaired surrogates are refused): the string is
        // built from UTF-8 bytes, and straight from the input where it has no escape.
        let start = index
        var decoded: [UInt8] = []
        var escaped = false
        var runStart = index
        while true {
            guard let c = current else { throw error("unterminated string") }
            switch c {
            case UInt8(ascii: "\""):
                defer { index += 1 }
                guard escaped else { return String(decoding: bytes[start..<index], as: UTF8.self) }
                decoded.append(contentsOf: bytes[runStart..<index])
                return String(decoding: decoded, as: UTF8.self)
            case UInt8(ascii: "\\"):
                escaped = true
                decoded.append(contentsOf: bytes[runStart..<index])
                index += 1
                let scalar = try parseEscape()
                UTF8.encode(scalar) { decoded.append($0) }
                runStart = index
            case 0x00..<0x20:
                throw error("control character in string")
            default:
                index += 1
            }
        }
    }

    private mutating func parseEscape() throws(Error) -> Unicode.Scalar {
        guard let c = current else { throw error("unterminated escape") }
        index += 1
        switch c {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            let unit = try parseHex4()
            switch unit {
            case 0xD800...0xDBFF:
                guard current == UInt8(ascii: "\\"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "u")
                else {
                    throw error("unpaired surrogate escape")
                }
                index += 2
                let low = try parseHex4()
                guard (0xDC00...0xDFFF).contains(low) else { throw error("unpaired surrogate escape") }
                let value = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
                return Unicode.Scalar(value)!
            case 0xDC00...0xDFFF:
                throw error("unpaired surrogate escape")
            default:
                return Unicode.Scalar(unit)!
            }
        default:
            throw error("invalid escape")
        }
    }

    private mutating func parseHex4() throws(Error) -> UInt16 {
        var value: UInt16 = 0
        for _ in 0..<4 {
            guard let c = current else { throw error("truncated \\u escape") }
            let digit: UInt16
            switch c {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt16(c - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt16(c - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt16(c - UInt8(ascii: "A") + 10)
            default: throw error("invalid \\u escape")
            }
            value = value << 4 | digit
            index += 1
        }
        return value
    }
}
