import CSodium

/// libsodium's sealed box (`crypto_box_seal`), composed from its parts so that the ephemeral
/// secret key can be chosen by the caller and vectors are reproducible:
///
///     epk, esk = ephemeral X25519 key pair
///     nonce    = BLAKE2b-192(epk || recipient_pk)          (unkeyed, 24-byte output)
///     box      = epk || crypto_box_easy(m, nonce, recipient_pk, esk)
///
/// `crypto_box_easy` is XSalsa20-Poly1305 under the HSalsa20-derived shared key; its output is
/// the 16-byte Poly1305 tag followed by the ciphertext. Total overhead: 32 + 16 = 48 bytes.
public enum SealedBox {
    public static let ephemeralKeyByteCount = 32
    public static let tagByteCount = 16
    public static let nonceByteCount = 24
    public static let overhead = ephemeralKeyByteCount + tagByteCount

    /// The nonce both sides derive: BLAKE2b with a 24-byte output over `epk || recipient_pk`.
    public static func nonce(ephemeralPublicKey: X25519.PublicKey, recipientPublicKey: X25519.PublicKey) -> [UInt8] {
        Sodium.ensureInitialised()
        var nonce = [UInt8](repeating: 0, count: nonceByteCount)
        let input = ephemeralPublicKey.rawBytes + recipientPublicKey.rawBytes
        crypto_generichash(&nonce, nonceByteCount, input, UInt64(input.count), nil, 0)
        return nonce
    }

    /// Seals `message` to `recipient` with the given ephemeral secret key.
    public static func seal(
        _ message: [UInt8], to recipient: X25519.PublicKey,
        ephemeralSecretKey: X25519.SecretKey
    ) throws(CryptoError) -> [UInt8] {
        try seal(message, to: recipient, ephemeral: X25519.KeyPair(secretKey: ephemeralSecretKey))
    }

    /// Seals `message` to `recipient` with the given ephemeral key pair (its public key is not
    /// computed again: one base-point multiplication per seal, as in `crypto_box_seal`).
    public static func seal(
        _ message: [UInt8], to recipient: X25519.PublicKey, ephemeral: X25519.KeyPair
    ) throws(CryptoError) -> [UInt8] {
        Sodium.ensureInitialised()
        let epk = ephemeral.publicKey
        let ephemeralSecretKey = ephemeral.secretKey
        let nonce = nonce(ephemeralPublicKey: epk, recipientPublicKey: recipient)
        var box = epk.rawBytes + [UInt8](repeating: 0, count: message.count + tagByteCount)
        let status = box.withUnsafeMutableBufferPointer { out in
            ephemeralSecretKey.bytes.withUnsafeBytes { esk in
                crypto_box_easy(
                    out.baseAddress! + ephemeralKeyByteCount, message, UInt64(message.count),
                    nonce, recipient.rawBytes, esk.bindMemory(to: UInt8.self).baseAddress!)
            }
        }
        // crypto_box_easy refuses a recipient key that yields an all-zero shared secret.
        guard status == 0 else { throw .invalidKey(what: "recipient X25519 public key") }
        return box
    }

    /// Seals with a fresh random ephemeral key, which is dropped (and zeroized) afterwards.
    public static func seal(_ message: [UInt8], to recipient: X25519.PublicKey) throws(CryptoError) -> [UInt8] {
        try seal(message, to: recipient, ephemeral: X25519.KeyPair.random())
    }

    /// Opens a sealed box addressed to `recipient`.
    public static func open(_ box: [UInt8], recipient: X25519.KeyPair) throws(CryptoError) -> [UInt8] {
        Sodium.ensureInitialised()
        guard box.count >= overhead else {
            throw .truncated(what: "sealed box", minimum: overhead, actual: box.count)
        }
        let epk = try X25519.PublicKey(rawBytes: Array(box[0..<ephemeralKeyByteCount]))
        return try openBox(
            box, nonce: nonce(ephemeralPublicKey: epk, recipientPublicKey: recipient.publicKey), peer: epk,
            secretKey: recipient.secretKey)
    }

    /// `crypto_box_open_easy` over the box after its ephemeral key: the shared key of `peer`
    /// and `secretKey` (either side's pair gives the same).
    private static func openBox(
        _ box: [UInt8], nonce: [UInt8], peer: X25519.PublicKey, secretKey: X25519.SecretKey
    ) throws(CryptoError) -> [UInt8] {
        var message = [UInt8](repeating: 0, count: box.count - overhead)
        let status = box.withUnsafeBufferPointer { input in
            secretKey.bytes.withUnsafeBytes { sk in
                crypto_box_open_easy(
                    &message, input.baseAddress! + ephemeralKeyByteCount,
                    UInt64(box.count - ephemeralKeyByteCount), nonce, peer.rawBytes,
                    sk.bindMemory(to: UInt8.self).baseAddress!)
            }
        }
        guard status == 0 else { throw .authenticationFailed }
        return message
    }

    /// Opens a sealed box from the sender's side: with the ephemeral key pair it was sealed with
    /// and the recipient's public key (X25519 gives both sides the same shared key). The box must
    /// start with that ephemeral public key. For checking a sealer whose ephemeral key is known
    /// (test vectors); a deployed sender drops the ephemeral key after sealing.
    public static func openAsSender(_ box: [UInt8], recipient: X25519.PublicKey, ephemeral: X25519.KeyPair)
        throws(CryptoError) -> [UInt8]
    {
        Sodium.ensureInitialised()
        guard box.count >= overhead else {
            throw .truncated(what: "sealed box", minimum: overhead, actual: box.count)
        }
        guard ConstantTime.equal(Array(box[0..<ephemeralKeyByteCount]), ephemeral.publicKey.rawBytes) else {
            throw .authenticationFailed
        }
        return try openBox(
            box, nonce: nonce(ephemeralPublicKey: ephemeral.publicKey, recipientPublicKey: recipient), peer: recipient,
            secretKey: ephemeral.secretKey)
    }

    /// libsodium's own one-call functions, kept for cross-checking the composition above.
    public enum Libsodium {
        public static func seal(_ message: [UInt8], to recipient: X25519.PublicKey) throws(CryptoError) -> [UInt8] {
            Sodium.ensureInitialised()
            var box = [UInt8](repeating: 0, count: message.count + crypto_box_sealbytes())
            guard crypto_box_seal(&box, message, UInt64(message.count), recipient.rawBytes) == 0 else {
                throw .invalidKey(what: "recipient X25519 public key")
            }
            return box
        }

        public static func open(_ box: [UInt8], recipient: X25519.KeyPair) throws(CryptoError) -> [UInt8] {
            Sodium.ensureInitialised()
            guard box.count >= crypto_box_sealbytes() else {
                throw .truncated(what: "sealed box", minimum: crypto_box_sealbytes(), actual: box.count)
            }
            var message = [UInt8](repeating: 0, count: box.count - crypto_box_sealbytes())
            let status = recipient.secretKey.bytes.withUnsafeBytes { sk in
                crypto_box_seal_open(
                    &message, box, UInt64(box.count), recipient.publicKey.rawBytes,
                    sk.bindMemory(to: UInt8.self).baseAddress!)
            }
            guard status == 0 else { throw .authenticationFailed }
            return message
        }
    }
}
