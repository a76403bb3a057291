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
