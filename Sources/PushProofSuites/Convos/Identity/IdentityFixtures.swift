import ConvosIdentity
import Foundation
import PushProofConformance
import PushProofCrypto
import PushProofJSON

/// Inputs shared by the clientId-mapping vector files; each generator conforms to reach them.
protocol IdentityFixtures {}

extension IdentityFixtures {
    /// The order n of secp256k1's group, as hex.
    static var order: String { "fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141" }
    /// A small scalar (below 256) as 32 big-endian bytes of hex.
    static func scalar(_ n: UInt8) -> String { Hex.encode([UInt8](repeating: 0, count: 31) + [n]) }

    static var clientId: String { "8F2D9C1E-4B7A-4E3F-9D2C-1A0B3C4D5E6F" }
    static var privateKey: [UInt8] { SHA256.hash(Array("pushproof/secp256k1/1".utf8)) }
    static var databaseKey: [UInt8] { SHA256.hash(Array("pushproof/database-key/1".utf8)) }
    static var inboxIdOfKey: String {
        InboxId.derive(address: try! EthereumAddress(privateKey: SecretBytes(copying: privateKey)))
    }

    static func inbox(_ n: Int) -> String { Hex.encode(SHA256.hash(Array("pushproof/inbox/\(n)".utf8))) }
    static var clientA: String { "8F2D9C1E-4B7A-4E3F-9D2C-1A0B3C4D5E6F" }
    static var clientB: String { "0C1D2E3F-4A5B-4C6D-8E7F-9A0B1C2D3E4F" }
    static var clientC: String { "A1B2C3D4-E5F6-4A7B-B8C9-D0E1F2A3B4C5" }
}
