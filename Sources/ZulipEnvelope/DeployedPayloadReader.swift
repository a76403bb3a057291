import PushProofCrypto
import PushProofJSON

/// How zulip-flutter reads a delivered payload (zulip/zulip-flutter@e989e4f), with its
/// leniencies: the deployed profile of `envelope.receive`. PushProof's own stricter reading is
/// `PushServicePayload.parse` (the hardened profile).
///
/// - APNs (lib/api/notifications.g.dart:24-29): `(json['push_key_id'] as num).toInt()` takes
///   any JSON number and truncates it toward zero (`1.0` is key 1; no range check), and
///   `base64Decode(json['encrypted_data'] as String)`; a failure is thrown.
/// - FCM (notifications.g.dart:11-15, lib/api/notifications.dart:526-536):
///   `int.parse(push_key_id, radix: 10)` (surrounding whitespace, a sign and leading zeros are
///   accepted) and the same `base64Decode`; a failure is caught and the data is handed to the
///   legacy plaintext path (lib/notifications/receive.dart:221-228), which ignores it.
/// - `base64Decode` takes the standard and the URL-safe alphabet and requires padding (Dart
///   API documentation, dart:convert `base64`).
public enum DeployedPayloadReader {
    /// Why a payload was not read.
    public enum Failure: Error, Equatable, Sendable {
        /// APNs: the payload is thrown out with an error (`MALFORMED_PAYLOAD`).
        case malformed(String)
        /// FCM: not an E2EE message; the legacy path ignores it.
        case notEncrypted
    }

    /// The key id as the client reads it (nil: a number no key can have, such as -1 or 2^32,
    /// so no key is found), and the decoded `encrypted_data`.
    public static func read(service: PushService, payload: JSONValue) throws(Failure) -> (
        keyId: UInt32?, data: [UInt8]
    ) {
        guard payload.members != nil else { throw .malformed("the payload is not a JSON object") }
        switch service {
        case .apns:
            guard case .number(let idText)? = payload["push_key_id"] else {
                throw .malformed("`push_key_id` is missing or not a number")
            }
            guard let dataText = payload["encrypted_data"]?.stringValue, let data = base64Decode(dataText) else {
                throw .malformed("`encrypted_data` is missing, not a string, or not base64")
            }
            return (truncatedKeyId(text: idText), data)
        case .fcm:
            guard let idText = payload["push_key_id"]?.stringValue, let id = intParse(idText),
                let dataText = payload["encrypted_data"]?.stringValue, let data = base64Decode(dataText)
            else { throw .notEncrypted }
            return (UInt32(exactly: id), data)
        }
    }

    /// Dart's `num.toInt()` of the number JSON decoding gives: an integer literal that fits 64
    /// bits as is; anything else (a fraction, an exponent, a larger integer, which Dart reads as
    /// a double) truncated toward zero. Nil when the result is not a uint32.
    static func truncatedKeyId(text: String) -> UInt32? {
        if JSONNumber.isIntegerLiteral(text), let exact = Int64(text) { return UInt32(exactly: exact) }
        guard let value = Double(text), value.isFinite else { return nil }
        let whole = value.rounded(.towardZero)
        guard whole >= 0, whole <= Double(UInt32.max) else { return nil }
        return UInt32(whole)
    }

    /// Dart's `int.parse(s, radix: 10)`: whitespace around (Dart's `String.trim` set), an
    /// optional `+` or `-`, one or more ASCII digits, within 64 bits.
    static func intParse(_ s: String) -> Int64? {
        let scalars = s.unicodeScalars
        guard let first = scalars.firstIndex(where: { !isDartWhitespace($0) }),
            let last = scalars.lastIndex(where: { !isDartWhitespace($0) })
        else { return nil }
        var body = Substring(scalars[first...last])
        var negative = false
        if body.hasPrefix("+") || body.hasPrefix("-") {
            negative = body.hasPrefix("-")
            body = body.dropFirst()
        }
        guard !body.isEmpty, body.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else {
            return nil
        }
        // Int64(_:) takes the sign itself; the digits alone decide the range.
        return Int64((negative ? "-" : "") + body)
    }

    static func isDartWhitespace(_ c: Unicode.Scalar) -> Bool {
        switch c.value {
        case 0x09...0x0D, 0x20, 0x85, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000, 0xFEFF:
            return true
        default:
            return false
        }
    }

    /// Dart's `base64Decode` (dart-lang/sdk `sdk/lib/convert/base64.dart`, `_Base64Decoder`):
    /// either alphabet, padding required, written `=` or URL-encoded as `%3D` (`d` in either
    /// case), nothing after it, and the unused bits zero ("Invalid encoding before padding").
    /// `%3D` is read as `=`; PushProof's decoder then checks the length, the padding and the bits.
    static func base64Decode(_ text: String) -> [UInt8]? {
        var bytes: [UInt8] = []
        var rest = Array(text.utf8)[...]
        while let first = rest.first {
            if first == UInt8(ascii: "%"), rest.count >= 3, rest[rest.startIndex + 1] == UInt8(ascii: "3"),
                rest[rest.startIndex + 2] | 0x20 == UInt8(ascii: "d")
            {
                bytes.append(UInt8(ascii: "="))
                rest = rest.dropFirst(3)
            } else {
                bytes.append(first)
                rest = rest.dropFirst()
            }
        }
        let text = String(decoding: bytes, as: UTF8.self)
        guard text.utf8.count % 4 == 0 else { return nil }
        let standard = String(
            decoding: text.utf8.map {
                $0 == UInt8(ascii: "-") ? UInt8(ascii: "+") : $0 == UInt8(ascii: "_") ? UInt8(ascii: "/") : $0
            },
            as: UTF8.self)
        return try? Base64.decode(standard)
    }
}
