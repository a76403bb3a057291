import CSodium

/// libsodium's `crypto_secretbox_easy` (XSalsa20-Poly1305): output is tag(16) || ciphertext.
public enum SecretBox {
    public static let keyByteCount = 32
    public static let nonceByteCount = 24
    public static let tagByteCount = 16

    public static func seal(_ message: [UInt8], key: SecretBytes, nonce: [UInt8]) throws(CryptoError) -> [UInt8] {
        Sodium.ensureInitialised()
        try requireKey(key)
        try requireLength(nonce, nonceByteCount, "secretbox nonce")
        var out = [UInt8](repeating: 0, count: message.count + tagByteCount)
        let status = key.withUnsafeBytes { k in
            crypto_secretbox_easy(
                &out, message, UInt64(message.count), nonce, k.bindMemory(to: UInt8.self).baseAddress!)
        }
        guard status == 0 else { throw .libraryFailure("crypto_secretbox_easy") }
        return out
    }

    /// `nonce(24) || crypto_secretbox_easy(message)` in one buffer, written in place: the form
    /// that travels when the nonce goes with the ciphertext. `nonce` nil means a fresh random
    /// nonce from the system CSPRNG (the normal case; a fixed nonce is for vectors).
    public static func sealPrefixingNonce(_ message: [UInt8], key: SecretBytes, nonce: [UInt8]? = nil)
        throws(CryptoError) -> [UInt8]
    {
        Sodium.ensureInitialised()
        try requireKey(key)
        if let nonce { try requireLength(nonce, nonceByteCount, "secretbox nonce") }
        let total = nonceByteCount + tagByteCount + message.count
        var status: Int32 = -1
        let out = [UInt8](unsafeUninitializedCapacity: total) { buffer, initialized in
            let base = buffer.baseAddress!
            if let nonce {
                nonce.withUnsafeBufferPointer { base.initialize(from: $0.baseAddress!, count: nonceByteCount) }
            } else {
                randombytes_buf(base, nonceByteCount)
            }
            status = key.withUnsafeBytes { k in
                crypto_secretbox_easy(
                    base + nonceByteCount, message, UInt64(message.count), base,
                    k.bindMemory(to: UInt8.self).baseAddress!)
            }
            if status != 0 { buffer.initialize(repeating: 0) }
            initialized = total
        }
        guard status == 0 else { throw .libraryFailure("crypto_secretbox_easy") }
        return out
    }

    public static func open(_ box: [UInt8], key: SecretBytes, nonce: [UInt8]) throws(CryptoError) -> [UInt8] {
        Sodium.ensureInitialised()
        try requireKey(key)
        try requireLength(nonce, nonceByteCount, "secretbox nonce")
        guard box.count >= tagByteCount else {
            throw .truncated(what: "secretbox ciphertext", minimum: tagByteCount, actual: box.count)
        }
        var out = [UInt8](repeating: 0, count: box.count - tagByteCount)
        let status = key.withUnsafeBytes { k in
            crypto_secretbox_open_easy(&out, box, UInt64(box.count), nonce, k.bindMemory(to: UInt8.self).baseAddress!)
        }
        guard status == 0 else { throw .authenticationFailed }
        return out
    }

    private static func requireKey(_ key: SecretBytes) throws(CryptoError) {
        guard key.count == keyByteCount else {
            throw .invalidLength(what: "secretbox key", expected: keyByteCount, actual: key.count)
        }
    }
}
