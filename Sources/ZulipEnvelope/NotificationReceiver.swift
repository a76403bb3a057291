import Foundation
import PushProofCrypto
import PushProofJSON

/// What the client does with a delivered payload. Errors (`EnvelopeError`) are the other outcomes.
public enum ReceiveOutcome: Equatable, Sendable {
    /// Decrypted, parsed and for this account: show it (or remove what it says).
    case delivered(ZulipNotification)
    /// No key (deployed) or account (proposal) has this id, or the key was deleted: drop silently.
    case droppedUnknownKey
    /// Decrypted, but the realm origin or user id is another account's: drop.
    case droppedOtherAccount
}

/// The client's side of the envelope.
public struct NotificationReceiver: Sendable {
    public var account: NotificationAccount

    public init(account: NotificationAccount) { self.account = account }

    /// Deployed profile: `push_key_id` picks the key, secretbox opens `encrypted_data`.
    /// Order: payload shape, key lookup, decryption, plaintext, account check.
    public func receive(service: PushService, payload: JSONValue, keys: PushKeyStore, now: Int64) throws(EnvelopeError)
        -> ReceiveOutcome
    {
        let (address, ciphertext) = try PushServicePayload.parse(service: service, payload: payload, profile: .deployed)
        guard case .pushKeyId(let id) = address else { throw .malformedPayload("no push_key_id") }
        // The ciphertext's shape is checked before the lookup, so a malformed payload is
        // reported as such whatever keys the device holds.
        _ = try NotificationCipher.decodeEncryptedData(ciphertext)
        guard let key = keys.key(id: id, now: now) else { return .droppedUnknownKey }
        let plaintext = try NotificationCipher.decrypt(encryptedData: ciphertext, key: key)
        return try accept(NotificationParser.parse(plaintext))
    }

    /// Proposal profile: `push_account_id` picks the account's device key pair, which opens the
    /// sealed `encrypted_content`.
    public func receive(service: PushService, payload: JSONValue, accounts: [UInt64: X25519.KeyPair])
        throws(EnvelopeError) -> ReceiveOutcome
    {
        let (address, ciphertext) = try PushServicePayload.parse(service: service, payload: payload, profile: .proposal)
        guard case .pushAccountId(let id) = address else { throw .malformedPayload("no push_account_id") }
        guard let box = try? Base64.decode(ciphertext) else {
            throw .malformedPayload("encrypted_content is not canonical base64")
        }
        guard box.count >= SealedBox.overhead else {
            throw .malformedPayload(
                "encrypted_content is \(box.count) bytes, shorter than the sealed box overhead (\(SealedBox.overhead))")
        }
        guard let pair = accounts[id] else { return .droppedUnknownKey }
        guard let plaintext = try? SealedBox.open(box, recipient: pair) else { throw .authenticationFailed }
        return try accept(NotificationParser.parse(plaintext))
    }

    private func accept(_ notification: ZulipNotification) -> ReceiveOutcome {
        let target = notification.account
        guard target.userId == account.userId, let a = Self.origin(target.realmURL),
            let b = Self.origin(account.realmURL), a == b
        else {
            return .droppedOtherAccount
        }
        return .delivered(notification)
    }

    /// The URL's origin: lower-cased scheme and host, and the port with the scheme's default
    /// filled in. Nil for anything that is not an absolute http(s) URL.
    public static func origin(_ text: String) -> String? {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), scheme == "https" || scheme == "http",
            let host = url.host?.lowercased(), !host.isEmpty
        else { return nil }
        let port = url.port ?? (scheme == "https" ? 443 : 80)
        return "\(scheme)://\(host):\(port)"
    }
}
