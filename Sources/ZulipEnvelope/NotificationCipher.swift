import PushProofCrypto
import ZulipRegistration

/// An encrypted notification as the server hands it to the bouncer.
public struct EncryptedNotification: Equatable, Sendable {
    /// `nonce(24) || box`, the bytes `encrypted_data` carries.
    public let bytes: [UInt8]
    public var nonce: [UInt8] { Array(bytes[..<SecretBox.nonceByteCount]) }
    /// `crypto_secretbox_easy` output: the 16-byte Poly1305 tag, then the ciphertext.
    public var box: [UInt8] { Array(bytes[SecretBox.nonceByteCount...]) }
    /// `encrypted_data`: standard base64 of `nonce(24) || box`.
    public var encryptedData: String { Base64.encode(bytes) }
}

/// Deployed profile: XSalsa20-Poly1305 (`crypto_secretbox_easy`) under the push key.
///
/// On byte order: libsodium's "easy" secretbox, which PyNaCl's `SecretBox` (the server) and the
/// client both use, writes the tag *before* the ciphertext, so `encrypted_data` decodes to
/// `nonce(24) || tag(16) || ciphertext`. Descriptions that say "ciphertext || tag" describe the
/// same 40 bytes of overhead in another order; the bytes here are libsodium's.
public enum NotificationCipher {
    public static let overhead = SecretBox.nonceByteCount + SecretBox.tagByteCount

    /// Reads the server's stored `push_key` (33 bytes, type byte 0x31).
    public static func pushKey(id: UInt32, wireBytes: [UInt8]) throws(EnvelopeError) -> PushKey {
        guard wireBytes.count == PushKey.wireByteCount else {
            throw .invalidPushKey("push_key must be \(PushKey.wireByteCount) bytes, got \(wireBytes.count)")
        }
        guard wireBytes[0] == PushKey.typeByte else { throw .invalidPushKey("push_key type byte is not 0x31") }
        return PushKey(id: id, wireBytes: wireBytes)!
    }

    /// Encrypts with `nonce` (vectors) or a fresh random nonce (`nil`).
    public static func encrypt(_ plaintext: [UInt8], key: PushKey, nonce: [UInt8]? = nil) throws(EnvelopeError)
        -> EncryptedNotification
    {
        if let nonce, nonce.count != SecretBox.nonceByteCount {
            throw .invalidNotification("the nonce must be \(SecretBox.nonceByteCount) bytes")
        }
        do {
            return EncryptedNotification(
                bytes: try SecretBox.sealPrefixingNonce(plaintext, key: key.secretboxKey, nonce: nonce))
        } catch {
            throw .invalidPushKey("\(error)")
        }
    }

    /// Splits and opens `encrypted_data`.
    public static func decrypt(encryptedData: String, key: PushKey) throws(EnvelopeError) -> [UInt8] {
        let bytes = try decodeEncryptedData(encryptedData)
        do {
            return try SecretBox.open(
                Array(bytes[SecretBox.nonceByteCount...]), key: key.secretboxKey,
                nonce: Array(bytes[0..<SecretBox.nonceByteCount]))
        } catch {
            throw .authenticationFailed
        }
    }

    static func decodeEncryptedData(_ text: String) throws(EnvelopeError) -> [UInt8] {
        guard let bytes = try? Base64.decode(text) else {
            throw .malformedPayload("encrypted_data is not canonical base64")
        }
        guard bytes.count >= overhead else {
            throw .malformedPayload("encrypted_data is \(bytes.count) bytes, shorter than nonce and tag (\(overhead))")
        }
        return bytes
    }
}
