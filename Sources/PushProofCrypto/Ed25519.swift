import CSodium

/// Ed25519 signatures (RFC 8032) through libsodium.
public enum Ed25519 {
    public static let publicKeyByteCount = 32
    public static let seedByteCount = 32
    public static let signatureByteCount = 64

    public struct PublicKey: Hashable, Sendable {
        public let rawBytes: [UInt8]

        public init(rawBytes: [UInt8]) throws(CryptoError) {
            try requireLength(rawBytes, Ed25519.publicKeyByteCount, "Ed25519 public key")
            self.rawBytes = rawBytes
        }

        /// libsodium's verification: it refuses a non-canonical S (S >= L), a small-order or
        /// non-canonical public key, and a small-order R, besides a wrong signature.
        public func isValidSignature(_ signature: [UInt8], for message: [UInt8]) -> Bool {
            guard signature.count == Ed25519.signatureByteCount else { return false }
            Sodium.ensureInitialised()
            return crypto_sign_verify_detached(signature, message, UInt64(message.count), rawBytes) == 0
        }
    }

    /// A signing key from a 32-byte seed (RFC 8032's private key). The expanded secret key lives
    /// only in `SecretBytes`.
    public struct KeyPair: Sendable {
        public let publicKey: PublicKey
        private let secretKey: SecretBytes

        public init(seed: SecretBytes) throws(CryptoError) {
            guard seed.count == Ed25519.seedByteCount else {
                throw .invalidLength(what: "Ed25519 seed", expected: Ed25519.seedByteCount, actual: seed.count)
            }
            Sodium.ensureInitialised()
            var pk = [UInt8](repeating: 0, count: Ed25519.publicKeyByteCount)
            let sk = SecretBytes.filled(count: Int(crypto_sign_secretkeybytes())) { out in
                seed.withUnsafeBytes { s in
                    _ = crypto_sign_seed_keypair(
                        &pk, out.bindMemory(to: UInt8.self).baseAddress!,
                        s.bindMemory(to: UInt8.self).baseAddress!)
                }
            }
            secretKey = sk
            publicKey = try PublicKey(rawBytes: pk)
        }

        public init(seed: [UInt8]) throws(CryptoError) {
            try self.init(seed: SecretBytes(copying: seed))
        }

        public func signature(for message: [UInt8]) -> [UInt8] {
            var signature = [UInt8](repeating: 0, count: Ed25519.signatureByteCount)
            secretKey.withUnsafeBytes { sk in
                _ = crypto_sign_detached(
                    &signature, nil, message, UInt64(message.count), sk.bindMemory(to: UInt8.self).baseAddress!)
            }
            return signature
        }
    }
}
