import PushProofCrypto

/// The MLS cipher suites PushProof knows (RFC 9420 §17.1, and Catbird's X-Wing suite from
/// openmls_traits' `Ciphersuite` enum): their hash, and whether their signatures are Ed25519.
public struct CipherSuite: Equatable, Sendable {
    public enum Hash: Sendable { case sha256, sha384, sha512 }

    public let value: UInt16
    public let name: String
    public let hash: Hash
    public let signsWithEd25519: Bool

    public static let all: [CipherSuite] = [
        CipherSuite(
            value: 0x0001, name: "MLS_128_DHKEMX25519_AES128GCM_SHA256_Ed25519", hash: .sha256, signsWithEd25519: true),
        CipherSuite(
            value: 0x0002, name: "MLS_128_DHKEMP256_AES128GCM_SHA256_P256", hash: .sha256, signsWithEd25519: false),
        CipherSuite(
            value: 0x0003, name: "MLS_128_DHKEMX25519_CHACHA20POLY1305_SHA256_Ed25519", hash: .sha256,
            signsWithEd25519: true),
        CipherSuite(
            value: 0x0004, name: "MLS_256_DHKEMX448_AES256GCM_SHA512_Ed448", hash: .sha512, signsWithEd25519: false),
        CipherSuite(
            value: 0x0005, name: "MLS_256_DHKEMP521_AES256GCM_SHA512_P521", hash: .sha512, signsWithEd25519: false),
        CipherSuite(
            value: 0x0006, name: "MLS_256_DHKEMX448_CHACHA20POLY1305_SHA512_Ed448", hash: .sha512,
            signsWithEd25519: false),
        CipherSuite(
            value: 0x0007, name: "MLS_256_DHKEMP384_AES256GCM_SHA384_P384", hash: .sha384, signsWithEd25519: false),
        CipherSuite(
            value: 0x004D, name: "MLS_256_XWING_CHACHA20POLY1305_SHA256_Ed25519", hash: .sha256, signsWithEd25519: true),
    ]

    public static func named(_ value: UInt16) -> CipherSuite? { all.first { $0.value == value } }

    public func digest(_ bytes: [UInt8]) -> [UInt8] {
        switch hash {
        case .sha256: return SHA256.hash(bytes)
        case .sha384: return SHA2.sha384(bytes)
        case .sha512: return SHA2.sha512(bytes)
        }
    }
}

/// The labelled operations of RFC 9420 §5.
public enum MLSLabels {
    /// `SignContent` (§5.1.2): `opaque label<V> = "MLS 1.0 " + Label; opaque content<V>`.
    public static func signContent(label: String, content: [UInt8]) -> [UInt8] {
        var w = TLSWriter()
        w.opaque(Array("MLS 1.0 \(label)".utf8))
        w.opaque(content)
        return w.bytes
    }

    /// SignWithLabel with an Ed25519 key.
    public static func sign(_ key: Ed25519.KeyPair, label: String, content: [UInt8]) -> [UInt8] {
        key.signature(for: signContent(label: label, content: content))
    }

    /// VerifyWithLabel with an Ed25519 key (libsodium's verification: canonical S, no
    /// small-order key or R).
    public static func verify(_ key: Ed25519.PublicKey, label: String, content: [UInt8], signature: [UInt8]) -> Bool {
        key.isValidSignature(signature, for: signContent(label: label, content: content))
    }

    /// `RefHash(label, value)` (§5.2): the hash of `opaque label<V>; opaque value<V>`.
    public static func refHash(_ suite: CipherSuite, label: String, value: [UInt8]) -> [UInt8] {
        var w = TLSWriter()
        w.opaque(Array(label.utf8))
        w.opaque(value)
        return suite.digest(w.bytes)
    }

    public static let keyPackageReferenceLabel = "MLS 1.0 KeyPackage Reference"

    /// `KeyPackageRef` (§5.2): RefHash over the KeyPackage itself, never its MLSMessage wrapper.
    public static func keyPackageRef(_ suite: CipherSuite, keyPackage: [UInt8]) -> [UInt8] {
        refHash(suite, label: keyPackageReferenceLabel, value: keyPackage)
    }
}
