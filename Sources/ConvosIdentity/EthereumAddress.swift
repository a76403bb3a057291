import PushProofCrypto

/// An Ethereum address: the last 20 bytes of Keccak-256 over the 64-byte uncompressed secp256k1
/// public key (without its 0x04 prefix), written `0x` + 40 lower-case hex digits.
public struct EthereumAddress: Hashable, Sendable, CustomStringConvertible {
    public let bytes: [UInt8]

    public init(privateKey: SecretBytes) throws(IdentityError) {
        guard privateKey.count == Secp256k1.secretKeyByteCount else { throw .invalidPrivateKey }
        let publicKey: [UInt8]
        do {
            publicKey = try Secp256k1.uncompressedPublicKey(secretKey: privateKey)
        } catch {
            throw .invalidPrivateKey
        }
        bytes = Array(Keccak.keccak256(Array(publicKey.dropFirst())).suffix(20))
    }

    /// Reads `0x` + 40 ASCII hex digits, either case (EIP-55 checksummed addresses are mixed
    /// case), as libxmtp does: the prefix is a lower-case `0x` only (`0X` is refused), and nothing
    /// stands before or after (xmtp/libxmtp@a53a97ed crates/xmtp_id/src/associations/member.rs:
    /// 171-190, crates/xmtp_cryptography/src/signature.rs:87-96).
    public init(text: String) throws(IdentityError) {
        guard text.hasPrefix("0x"), let raw = Hex.decode(String(text.dropFirst(2))),
            raw.count == 20
        else {
            throw .invalidAddress
        }
        bytes = raw
    }

    /// The lower-case form XMTP hashes.
    public var text: String { "0x" + Hex.encode(bytes) }
    public var description: String { text }
}
