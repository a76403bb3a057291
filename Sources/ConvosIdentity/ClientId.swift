import Foundation

/// The random identifier that stands between an XMTP inbox and the push backend: the app makes
/// it a UUID v4 in upper-case text form (36 characters), generated on the device, meaningless
/// outside it. The app stores, looks up and sends any string, though: its `clientId` is a
/// `String` throughout, and its own tests store "test-client-123", 1,000-character, punctuation
/// and emoji clientIds (xmtplabs/convos-ios@f47421a9:
/// KeychainIdentityStoreTests/KeychainIdentityStoreTests.swift:32-51, 218-267).
public struct ClientId: Hashable, Sendable, CustomStringConvertible {
    public let value: String

    /// A fresh random clientId (Foundation's UUID is version 4, upper case).
    public static func generate() -> ClientId { ClientId(UUID().uuidString) }

    /// Any string, as the app holds it.
    public init(_ value: String) { self.value = value }

    /// Accepts exactly the form Convos generates (PushProof's `hardened` reading of a record): `XXXXXXXX-XXXX-4XXX-YXXX-XXXXXXXXXXXX`, upper-case
    /// hex, version 4, RFC 4122 variant (Y one of 8, 9, A, B).
    public init?(validating text: String) {
        // Byte by byte, with no collection built per byte: the fuzz targets and the store's
        // lookups call this on every row they read.
        var count = 0
        for (i, c) in text.utf8.enumerated() {
            count += 1
            switch i {
            case 8, 13, 18, 23:
                guard c == UInt8(ascii: "-") else { return nil }
            case 14:
                guard c == UInt8(ascii: "4") else { return nil }
            case 19:
                guard
                    c == UInt8(ascii: "8") || c == UInt8(ascii: "9") || c == UInt8(ascii: "A") || c == UInt8(ascii: "B")
                else { return nil }
            case 0..<36:
                guard
                    (c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9"))
                        || (c >= UInt8(ascii: "A") && c <= UInt8(ascii: "F"))
                else { return nil }
            default:
                return nil
            }
        }
        guard count == 36 else { return nil }
        value = text
    }

    public var description: String { value }
}
