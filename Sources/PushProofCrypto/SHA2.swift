import COpenSSL

/// SHA-384 and SHA-512 (FIPS 180-4) through OpenSSL, for the MLS cipher suites that hash with them.
public enum SHA2 {
    public static func sha384(_ bytes: [UInt8]) -> [UInt8] { digest(bytes, EVP_sha384(), 48) }
    public static func sha512(_ bytes: [UInt8]) -> [UInt8] { digest(bytes, EVP_sha512(), 64) }

    fileprivate static func digest(_ bytes: [UInt8], _ md: OpaquePointer?, _ size: Int) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: size)
        var length: UInt32 = 0
        let ok = EVP_Digest(bytes, bytes.count, &out, &length, md, nil)
        // OpenSSL's digests fail only without memory.
        precondition(ok == 1 && Int(length) == size, "OpenSSL digest failed")
        return out
    }
}

extension SHA2 {
    /// SHA-256 through OpenSSL, which uses the CPU's SHA extensions: for hashing megabytes (the
    /// vector folder's digest). `SHA256.hash` (libsodium) gives the same bytes.
    public static func sha256(_ bytes: [UInt8]) -> [UInt8] { digest(bytes, EVP_sha256(), 32) }
}
