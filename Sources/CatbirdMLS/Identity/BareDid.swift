/// A user's bare DID as the clean protocol accepts it (`validation.rs` `BareDid::parse`): 12 to
/// 261 ASCII bytes; `did:plc:` followed by 24 characters of lower-case base32 (`a-z`, `2-7`), or
/// `did:web:` followed by a lower-case host name of at least two labels, without ports, paths,
/// percent escapes, IP literals, a trailing dot or a reserved top-level domain.
public struct BareDid: Equatable, Sendable {
    public let text: String

    public static let reservedTopLevelDomains: Set<String> = [
        "alt", "arpa", "example", "internal", "invalid", "local", "localhost", "onion", "test",
    ]

    public init(parsing text: String) throws(CatbirdIdentityError) {
        let b = Array(text.utf8)
        guard (12...261).contains(b.count), b.allSatisfy({ $0 < 0x80 }) else {
            throw .invalidDid("a bare DID is 12 to 261 ASCII bytes")
        }
        if text.hasPrefix("did:plc:") {
            let id = b.dropFirst(8)
            guard id.count == 24, id.allSatisfy({ Self.isLowerLetter($0) || (0x32...0x37).contains($0) }) else {
                throw .invalidDid("did:plc takes 24 characters of lower-case base32")
            }
        } else if text.hasPrefix("did:web:") {
            try Self.checkHost(Array(b.dropFirst(8)))
        } else {
            throw .invalidDid("only did:plc and did:web are accepted")
        }
        self.text = text
    }

    static func isLowerLetter(_ c: UInt8) -> Bool { (0x61...0x7A).contains(c) }
    static func isDigit(_ c: UInt8) -> Bool { (0x30...0x39).contains(c) }

    static func checkHost(_ host: [UInt8]) throws(CatbirdIdentityError) {
        guard !host.isEmpty, host.count <= 253, host.last != UInt8(ascii: "."),
            !host.contains(where: { (0x41...0x5A).contains($0) })
        else { throw .invalidDid("a did:web host is 1 to 253 bytes, lower case, without a trailing dot") }
        let labels = host.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        guard labels.count >= 2 else { throw .invalidDid("a did:web host has at least two labels") }
        for label in labels {
            guard (1...63).contains(label.count),
                label.allSatisfy({ isLowerLetter($0) || isDigit($0) || $0 == UInt8(ascii: "-") }),
                label.first != UInt8(ascii: "-"), label.last != UInt8(ascii: "-")
            else {
                throw .invalidDid("a did:web host label is 1 to 63 of a-z, 0-9 and inner hyphens")
            }
        }
        let tld = labels.last!
        guard isLowerLetter(tld.first!), !reservedTopLevelDomains.contains(String(decoding: tld, as: UTF8.self)) else {
            throw .invalidDid("the did:web host's top-level domain is reserved or starts with a digit")
        }
    }
}
