import PushProofCrypto

/// The deployed profile's `push_key`: 33 bytes, a type byte `0x31` then a 32-byte secretbox
/// key. The client makes it, sends it to its server once, and keeps it to decrypt
/// notifications. `push_key_id` is an unsigned 32-bit number the client picks at random.
public struct PushKey: Sendable {
    public static let typeByte: UInt8 = 0x31
    public static let wireByteCount = 33

    public let id: UInt32
    /// The 32-byte XSalsa20-Poly1305 key after the type byte.
    public let secretboxKey: SecretBytes

    public init(id: UInt32, secretboxKey: SecretBytes) throws(CryptoError) {
        guard secretboxKey.count == SecretBox.keyByteCount else {
            throw .invalidLength(what: "push key", expected: SecretBox.keyByteCount, actual: secretboxKey.count)
        }
        self.id = id
        self.secretboxKey = secretboxKey
    }

    /// Reads the 33-byte wire form; wrong length or type byte is `nil`.
    public init?(id: UInt32, wireBytes: [UInt8]) {
        guard wireBytes.count == PushKey.wireByteCount, wireBytes[0] == PushKey.typeByte else { return nil }
        try? self.init(id: id, secretboxKey: SecretBytes(copying: wireBytes[1...]))
    }

    public static func random() -> PushKey {
        let idBytes = secureRandomBytes(count: 4)
        let id = idBytes.reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        return try! PushKey(id: id, secretboxKey: .random(count: SecretBox.keyByteCount))
    }

    /// `push_key` as sent to the server: base64 of `0x31 || key`.
    public var wireBase64: String {
        Base64.encode(secret: SecretBytes(copying: [PushKey.typeByte] + secretboxKey.revealedBytes()))
    }
}
