import COpenSSL

/// HKDF (RFC 5869) through OpenSSL's EVP_KDF, whole or in its two steps (MLS's key schedule uses
/// Extract and Expand separately). libsodium 1.0.18 has no HKDF.
public enum HKDF {
    public enum Digest: String, Sendable {
        case sha256 = "SHA256"
        case sha384 = "SHA384"
        case sha512 = "SHA512"

        /// The hash's output length: HKDF-Extract's PRK length (MLS's `KDF.Nh`).
        public var byteCount: Int {
            switch self {
            case .sha256: return 32
            case .sha384: return 48
            case .sha512: return 64
            }
        }
    }

    public static let maximumOutputByteCount = 255 * SHA256.byteCount

    /// HKDF-SHA-256, extract and expand.
    public static func sha256(
        inputKeyMaterial ikm: SecretBytes, salt: [UInt8], info: [UInt8],
        outputByteCount: Int
    ) throws(CryptoError) -> SecretBytes {
        try checked(.sha256, outputByteCount)
        let out = salt.withUnsafeBytes { s in run(.sha256, mode: 0, key: ikm, salt: s, info: info, outputByteCount) }
        guard let out else { throw .libraryFailure("EVP_KDF_derive(HKDF)") }
        return out
    }

    /// HKDF-Extract(salt, IKM): the pseudorandom key, `digest.byteCount` bytes.
    public static func extract(_ digest: Digest, salt: SecretBytes, inputKeyMaterial ikm: SecretBytes)
        throws(CryptoError) -> SecretBytes
    {
        let out = salt.withUnsafeBytes { s in run(digest, mode: 1, key: ikm, salt: s, info: [], digest.byteCount) }
        guard let out else { throw .libraryFailure("EVP_KDF_derive(HKDF-Extract)") }
        return out
    }

    /// HKDF-Expand(PRK, info, L).
    public static func expand(_ digest: Digest, pseudorandomKey prk: SecretBytes, info: [UInt8], outputByteCount: Int)
        throws(CryptoError) -> SecretBytes
    {
        try checked(digest, outputByteCount)
        let out = run(
            digest, mode: 2, key: prk, salt: UnsafeRawBufferPointer(start: nil, count: 0), info: info, outputByteCount)
        guard let out else { throw .libraryFailure("EVP_KDF_derive(HKDF-Expand)") }
        return out
    }

    private static func checked(_ digest: Digest, _ outputByteCount: Int) throws(CryptoError) {
        let limit = 255 * digest.byteCount
        guard (1...limit).contains(outputByteCount) else {
            throw .invalidLength(what: "HKDF output", expected: limit, actual: outputByteCount)
        }
    }

    /// One EVP_KDF derivation (mode 0: extract and expand, 1: extract only, 2: expand only); nil
    /// when OpenSSL fails.
    private static func run(
        _ digest: Digest, mode: Int32, key: SecretBytes, salt: UnsafeRawBufferPointer, info: [UInt8],
        _ outputByteCount: Int
    ) -> SecretBytes? {
        var ok: Int32 = 0
        let out = SecretBytes.filled(count: outputByteCount) { out in
            key.withUnsafeBytes { k in
                ok = pushproof_hkdf(
                    digest.rawValue, mode, k.bindMemory(to: UInt8.self).baseAddress, k.count,
                    salt.bindMemory(to: UInt8.self).baseAddress, salt.count, info, info.count,
                    out.bindMemory(to: UInt8.self).baseAddress, out.count)
            }
        }
        return ok == 1 ? out : nil
    }
}
