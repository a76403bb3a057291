import PushProofCrypto

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

/// A device id (`validation.rs` `CanonicalUuidV4::parse`): a UUID version 4 with the RFC 4122 variant, in its canonical lower-case form
/// `xxxxxxxx-xxxx-4xxx-[89ab]xxx-xxxxxxxxxxxx`.
public struct DeviceId: Equatable, Sendable {
    public let text: String

    public init(parsing text: String) throws(CatbirdIdentityError) {
        let b = Array(text.utf8)
        guard b.count == 36 else { throw .invalidDeviceId("a device id is 36 characters") }
        for (i, c) in b.enumerated() {
            if [8, 13, 18, 23].contains(i) {
                guard c == UInt8(ascii: "-") else { throw .invalidDeviceId("hyphens at 8, 13, 18 and 23") }
            } else {
                guard
                    (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(c)
                        || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(c)
                else {
                    throw .invalidDeviceId("lower-case hex digits only")
                }
            }
        }
        guard b[14] == UInt8(ascii: "4") else { throw .invalidDeviceId("not version 4") }
        guard [UInt8(ascii: "8"), UInt8(ascii: "9"), UInt8(ascii: "a"), UInt8(ascii: "b")].contains(b[19]) else {
            throw .invalidDeviceId("not the RFC 4122 variant")
        }
        self.text = text
    }
}

public enum DeviceIdentity {
    /// The clean protocol's MLS BasicCredential identity: `did#deviceId`.
    public static func credentialIdentity(did: BareDid, deviceId: DeviceId) -> String { "\(did.text)#\(deviceId.text)" }

    /// The legacy server's reading of a device DID: split at the first `#`; no `#` gives the whole
    /// text and an empty device id; an empty half is refused. The DID itself is not checked.
    public static func legacySplit(_ text: String) throws(CatbirdIdentityError) -> (did: String, deviceId: String) {
        guard let hash = text.firstIndex(of: "#") else { return (text, "") }
        let did = String(text[..<hash])
        let device = String(text[text.index(after: hash)...])
        guard !did.isEmpty, !device.isEmpty else { throw .invalidDeviceDid("an empty half around `#`") }
        return (did, device)
    }

    /// The clean protocol's key id: base64url without padding of SHA-256 of the 32-byte Ed25519
    /// public key (43 characters).
    public static func keyId(_ key: Ed25519.PublicKey) -> String {
        Base64.encode(SHA256.hash(key.rawBytes), variant: .urlSafeNoPadding)
    }
}
