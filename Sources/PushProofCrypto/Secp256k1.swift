import CSecp256k1

/// The little of libsecp256k1 the protocols need. A context of our own is created once;
/// the library's static context is not usable from Swift 6 strict concurrency.
public enum Secp256k1 {
    public static let secretKeyByteCount = 32

    private final class Context: @unchecked Sendable {
        // Read-only after creation; libsecp256k1 contexts are safe to share for verification.
        let pointer: OpaquePointer
        init() {
            guard let context = secp256k1_context_create(UInt32(SECP256K1_CONTEXT_NONE)) else {
                preconditionFailure("libsecp256k1 could not create a context")
            }
            pointer = context
        }
    }

    private static let context = Context()

    /// True for a 32-byte big-endian integer in [1, n-1], n the group order.
    public static func isValidSecretKey(_ bytes: [UInt8]) -> Bool {
        guard bytes.count == secretKeyByteCount else { return false }
        return secp256k1_ec_seckey_verify(context.pointer, bytes) == 1
    }

    /// The 65-byte uncompressed public key (0x04 || X || Y) of a valid secret key.
    public static func uncompressedPublicKey(secretKey: SecretBytes) throws(CryptoError) -> [UInt8] {
        guard secretKey.count == secretKeyByteCount else {
            throw .invalidLength(what: "secp256k1 secret key", expected: secretKeyByteCount, actual: secretKey.count)
        }
        var publicKey = secp256k1_pubkey()
        let created = secretKey.withUnsafeBytes { sk in
            secp256k1_ec_pubkey_create(context.pointer, &publicKey, sk.bindMemory(to: UInt8.self).baseAddress!)
        }
        guard created == 1 else { throw .invalidKey(what: "secp256k1 secret key") }
        var output = [UInt8](repeating: 0, count: 65)
        var length = 65
        guard
            secp256k1_ec_pubkey_serialize(
                context.pointer, &output, &length, &publicKey,
                UInt32(SECP256K1_EC_UNCOMPRESSED)) == 1, length == 65
        else {
            throw .libraryFailure("secp256k1_ec_pubkey_serialize")
        }
        return output
    }
}
