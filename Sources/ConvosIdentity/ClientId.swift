import Foundation

/// The random identifier that stands between an XMTP inbox and the push backend: a UUID v4 in
/// upper-case text form (36 characters), generated on the device, meaningless outside it.
public struct ClientId: Hashable, Sendable, CustomStringConvertible {
    public let value: String

    /// A fresh random clientId (Foundation's UUID is version 4, upper case).
    public static func generate() -> ClientId { ClientId(unchecked: UUID().uuidString) }

    init(unchecked value: String) { self.value = value }

    /// Accepts exactly the form Convos writes: `XXXXXXXX-XXXX-4XXX-YXXX-XXXXXXXXXXXX`, upper-case
    /// hex, version 4, RFC 4122 variant (Y one of 8, 9, A, B).
    public init?(validating text: String) {
        let chars = Array(text.utf8)
        guard chars.count == 36 else { return nil }
        for (i, c) in chars.enumerated() {
            if [8, 13, 18, 23].contains(i) {
                guard c == UInt8(ascii: "-") else { return nil }
            } else {
                guard
                    (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(c)
                        || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(c)
                else { return nil }
            }
        }
        guard chars[14] == UInt8(ascii: "4"),
            [UInt8(ascii: "8"), UInt8(ascii: "9"), UInt8(ascii: "A"), UInt8(ascii: "B")].contains(chars[19])
        else {
            return nil
        }
        value = text
    }

    public var description: String { value }
}
