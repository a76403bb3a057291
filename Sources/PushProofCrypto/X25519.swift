import CSodium

/// X25519 keys as libsodium's `crypto_box` uses them.
public enum X25519 {
    public static let keyByteCount = 32

    public struct PublicKey: Hashable, Sendable {
        public let rawBytes: [UInt8]

        public init(rawBytes: [UInt8]) throws(CryptoError) {
            try requireLength(rawBytes, X25519.keyByteCount, "X25519 public key")
            self.rawBytes = rawBytes
        }

        /// Whether the point has small order: every X25519 with it gives the all-zero output that
        /// RFC 7748 §6.1 and RFC 9180 §7.1.4 have a user refuse (libsodium refuses such points).
        public var hasSmallOrder: Bool {
            Sodium.ensureInitialised()
            var out = [UInt8](repeating: 0, count: X25519.keyByteCount)
            let scalar = [UInt8](repeating: 0x55, count: X25519.keyByteCount)
            return crypto_scalarmult(&out, scalar, rawBytes) != 0
        }
    }

    public struct SecretKey: Sendable {
        public let bytes: SecretBytes

        public init(bytes: SecretBytes) throws(CryptoError) {
            guard bytes.count == X25519.keyByteCount else {
                throw .invalidLength(what: "X25519 secret key", expected: X25519.keyByteCount, actual: bytes.count)
            }
            self.bytes = bytes
        }

        public init(rawBytes: [UInt8]) throws(CryptoError) {
            try self.init(bytes: SecretBytes(copying: rawBytes))
        }

        /// The matching public key, `X25519(sk, 9)`.
        public var publicKey: PublicKey {
            var pk = [UInt8](repeating: 0, count: X25519.keyByteCount)
            bytes.withUnsafeBytes { sk in
                _ = crypto_scalarmult_base(&pk, sk.bindMemory(to: UInt8.self).baseAddress!)
            }
            // Exactly 32 bytes by construction.
            return try! PublicKey(rawBytes: pk)
        }
    }

    public struct KeyPair: Sendable {
        public let publicKey: PublicKey
        public let secretKey: SecretKey

        public init(secretKey: SecretKey) {
            self.secretKey = secretKey
            self.publicKey = secretKey.publicKey
        }

        /// A fresh key pair from the system CSPRNG.
        public static func random() -> KeyPair {
            Sodium.ensureInitialised()
            // 32 uniformly random bytes are a valid X25519 secret (clamping happens inside).
            return KeyPair(secretKey: try! SecretKey(bytes: .random(count: X25519.keyByteCount)))
        }

        /// The key pair libsodium's `crypto_box_seed_keypair` derives from a 32-byte seed:
        /// the secret key is the first 32 bytes of SHA-512(seed). Deterministic, for vectors.
        public init(seed: [UInt8]) throws(CryptoError) {
            try requireLength(seed, crypto_box_seedbytes(), "X25519 seed")
            Sodium.ensureInitialised()
            var pk = [UInt8](repeating: 0, count: X25519.keyByteCount)
            var status: Int32 = -1
            let sk = SecretBytes.filled(count: X25519.keyByteCount) { sk in
                status = crypto_box_seed_keypair(&pk, sk.bindMemory(to: UInt8.self).baseAddress!, seed)
            }
            guard status == 0 else { throw .libraryFailure("crypto_box_seed_keypair") }
            self.secretKey = try SecretKey(bytes: sk)
            self.publicKey = try PublicKey(rawBytes: pk)
        }
    }
}
