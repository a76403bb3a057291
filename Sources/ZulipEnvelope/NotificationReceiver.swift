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
    /// Deployed: decrypted, but its `type` is neither `message` nor `remove`
    /// (zulip-flutter's `UnexpectedNotifPayload`): drop.
    case droppedUnexpectedType
    /// Deployed, FCM: the data does not read as an E2EE message, so the client hands it to the
    /// legacy plaintext path, which ignores it for a server of feature level 468 or later.
    case droppedAsLegacy
}

/// The client's side of the envelope.
public struct NotificationReceiver: Sendable {
    /// Which reading of a payload and plaintext the receiver follows.
    public enum Rules: Sendable {
        /// zulip-flutter@e989e4f as it is (`DeployedPayloadReader`; lib/notifications/receive.dart:
        /// 217-235, 278-309): lenient key ids, either base64 alphabet, FCM failures ignored,
        /// types other than `message` and `remove` dropped.
        case deployed
        /// PushProof's stricter reading: a canonical uint32 key id of the service's JSON type,
        /// canonical standard base64, every malformed payload an error, an unknown type an error.
        case hardened
    }

    public var account: NotificationAccount
    public var rules: Rules

    public init(account: NotificationAccount, rules: Rules = .hardened) {
        self.account = account
        self.rules = rules
    }

    /// Deployed wire format: `push_key_id` picks the key, secretbox opens `encrypted_data`.
    /// Order: payload shape, key lookup, decryption, plaintext, account check.
    public func receive(service: PushService, payload: JSONValue, keys: PushKeyStore, now: Int64) throws(EnvelopeError)
        -> ReceiveOutcome
    {
        if rules == .deployed { return try receiveAsDeployed(service: service, payload: payload, keys: keys, now: now) }
        let (address, ciphertext) = try PushServicePayload.parse(service: service, payload: payload, profile: .deployed)
        guard case .pushKeyId(let id) = address else { throw .malformedPayload("no push_key_id") }
        // The ciphertext's shape is checked before the lookup, so a malformed payload is
        // reported as such whatever keys the device holds.
        _ = try NotificationCipher.decodeEncryptedData(ciphertext)
        guard let key = keys.key(id: id, now: now) else { return .droppedUnknownKey }
        let plaintext = try NotificationCipher.decrypt(encryptedData: ciphertext, key: key)
        return try accept(NotificationParser.parse(plaintext))
    }

    /// zulip-flutter's order: both fields are read before the lookup (receive.dart:221-230);
    /// the length shows only when decrypting, after it (lib/model/push_key.dart:287-303).
    private func receiveAsDeployed(service: PushService, payload: JSONValue, keys: PushKeyStore, now: Int64)
        throws(EnvelopeError) -> ReceiveOutcome
    {
        let read: (keyId: UInt32?, data: [UInt8])
        do {
            read = try DeployedPayloadReader.read(service: service, payload: payload)
        } catch .malformed(let why) {
            throw .malformedPayload(why)
        } catch {
            return .droppedAsLegacy
        }
        guard let id = read.keyId, let key = keys.key(id: id, now: now) else { return .droppedUnknownKey }
        guard read.data.count >= NotificationCipher.overhead else {
            throw .malformedPayload(
                "encrypted_data is \(read.data.count) bytes, shorter than nonce and tag (\(NotificationCipher.overhead))"
            )
        }
        let plaintext: [UInt8]
        do {
            plaintext = try SecretBox.open(
                Array(read.data[SecretBox.nonceByteCount...]), key: key.secretboxKey,
                nonce: Array(read.data[0..<SecretBox.nonceByteCount]))
        } catch {
            throw .authenticationFailed
        }
        // receive.dart:295-300: the plaintext must be a JSON object; only `message` and
        // `remove` are parsed (lib/api/notifications.dart:72-78), anything else is dropped.
        let value = try NotificationParser.object(plaintext)
        guard value["type"] == "message" || value["type"] == "remove" else { return .droppedUnexpectedType }
        return try accept(NotificationParser.parseAsDeployed(object: value))
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

    /// receive.dart:302-306: `account.realmUrl.origin == data.realmUrl.origin && account.userId ==
    /// data.userId`. The origins are taken first, and Dart's `Uri.origin` throws for a realm_url
    /// with no scheme, a scheme other than http(s) or no host: the notification is not read,
    /// whatever its user id (`MALFORMED_NOTIFICATION`), never dropped as another account's.
    private func accept(_ notification: ZulipNotification) throws(EnvelopeError) -> ReceiveOutcome {
        let target = notification.account
        guard let a = Self.origin(target.realmURL) else {
            throw .malformedNotification("realm_url has no http(s) origin (Dart's Uri.origin throws)")
        }
        guard target.userId == account.userId, let b = Self.origin(account.realmURL), a == b else {
            return .droppedOtherAccount
        }
        return .delivered(notification)
    }

    /// The URL's origin as Dart's `Uri.parse(text).origin` writes it (`DartURI`): lower-cased
    /// scheme and host, a default port left out. Nil where Dart throws.
    public static func origin(_ text: String) -> String? {
        DartURI.origin(text)
    }
}
