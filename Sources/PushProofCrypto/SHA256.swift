import CSodium

public enum SHA256 {
    public static let byteCount = 32

    public static func hash(_ bytes: [UInt8]) -> [UInt8] {
        Sodium.ensureInitialised()
        var digest = [UInt8](repeating: 0, count: byteCount)
        crypto_hash_sha256(&digest, bytes, UInt64(bytes.count))
        return digest
    }
}
