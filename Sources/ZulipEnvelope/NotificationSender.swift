import PushProofCrypto
import ZulipRegistration

/// The server's side of the envelope, both profiles.
public enum NotificationSender {
    /// Deployed: secretbox under the push key.
    public static func encrypt(_ notification: ZulipNotification, key: PushKey, nonce: [UInt8]? = nil)
        throws(EnvelopeError) -> EncryptedNotification
    {
        try NotificationCipher.encrypt(notification.plaintext, key: key, nonce: nonce)
    }

    /// Proposal: sealed box to the device's public key (ephemeral key injectable for vectors).
    public static func seal(
        _ notification: ZulipNotification, devicePublicKey: X25519.PublicKey,
        ephemeralSecretKey: X25519.SecretKey? = nil
    ) throws(EnvelopeError) -> String {
        do {
            let ephemeral = ephemeralSecretKey.map(X25519.KeyPair.init(secretKey:)) ?? X25519.KeyPair.random()
            return Base64.encode(try SealedBox.seal(notification.plaintext, to: devicePublicKey, ephemeral: ephemeral))
        } catch {
            throw .invalidNotification("\(error)")
        }
    }
}
