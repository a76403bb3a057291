import COpenSSL

/// HKDF-SHA-256 (RFC 5869) through OpenSSL's EVP_KDF. libsodium 1.0.18 has no HKDF.
public enum HKDF {
    public static let maximumOutputByteCount = 255 * SHA256.byteCount

    public static func sha256(
        inputKeyMaterial ikm: SecretBytes, salt: [UInt8], info: [UInt8],
        outputByteCount: Int
    ) throws(CryptoError) -> SecretBytes {
        guard (1...maximumOutputByteCount).contains(outputByteCount) else {
            throw .invalidLength(what: "HKDF-SHA-256 output", expected: maximumOutputByteCount, actual: outputByteCount)
        }
        var ok: Int32 = 0
        let out = SecretBytes.filled(count: outputByteCount) { out in
            ikm.withUnsafeBytes { k in
                ok = pushproof_hkdf_sha256(
                    k.bindMemory(to: UInt8.self).baseAddress, k.count, salt, salt.count,
                    info, info.count, out.bindMemory(to: UInt8.self).baseAddress, out.count)
            }
        }
        guard ok == 1 else { throw .libraryFailure("EVP_KDF_derive(HKDF)") }
        return out
    }
}
