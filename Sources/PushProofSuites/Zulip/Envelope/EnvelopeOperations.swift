import PushProofConformance
import PushProofCrypto
import PushProofJSON
import ZulipEnvelope
import ZulipRegistration

/// The envelope suite's operations. Inputs and outputs: docs/vector-format.md.
enum EnvelopeOperations {
    static func account(_ r: InputReader) throws(InputError) -> NotificationAccount {
        NotificationAccount(
            realmURL: try r.string("realm_url"), realmName: try r.string("realm_name"), userId: try r.int64("user_id"))
    }

    /// zulip-flutter keeps key times as Unix seconds it turns into a Dart DateTime, whose range
    /// is +/-8,640,000,000,000 s (+/-10^8 days): a time outside it cannot be stored, so it is
    /// not an input.
    static let dartTimeLimit: Int64 = 8_640_000_000_000

    static func dartTime(_ r: InputReader, _ name: String) throws(InputError) -> Int64 {
        try dartTime(try r.int64(name), name)
    }

    static func dartTime(_ t: Int64, _ name: String) throws(InputError) -> Int64 {
        guard (-dartTimeLimit...dartTimeLimit).contains(t) else {
            throw InputError("\(name) is outside a Dart DateTime's range (+/-8,640,000,000,000 s)")
        }
        return t
    }

    /// The server's raw inputs for a notification; the builder applies the protocol's rules
    /// (truncation, removal cap, recipient sorting).
    static func notification(_ json: JSONValue, distinctRemovalIds: Bool = false) throws(InputError)
        -> ZulipNotification
    {
        let r = InputReader(json)
        let a = try account(r)
        switch try r.string("type") {
        case "message":
            let recipientReader = try r.object("recipient")
            let recipient: ZulipNotification.Message.Recipient
            switch try recipientReader.string("type") {
            case "channel":
                recipient = .channel(
                    id: try recipientReader.int64("channel_id"), name: try recipientReader.string("channel_name"),
                    topic: try recipientReader.string("topic"))
            case "direct":
                recipient = .direct(userIds: try recipientReader.int64Array("user_ids"))
            default: throw InputError("unknown recipient type")
            }
            let group = try r.optionalObject("mentioned_user_group").map { g throws(InputError) in
                (try g.int64("id"), try g.string("name"))
            }
            return NotificationBuilder.message(
                account: a, senderId: try r.int64("sender_id"), senderFullName: try r.string("sender_full_name"),
                senderAvatarURL: try r.string("sender_avatar_url"), messageId: try r.int64("message_id"),
                time: try r.int64("time"), content: try r.string("content"),
                mentionedUserGroup: group, recipient: recipient)
        case "remove":
            return NotificationBuilder.remove(
                account: a, messageIds: try r.int64Array("message_ids"), distinct: distinctRemovalIds)
        case "test":
            return NotificationBuilder.test(account: a, time: try r.int64("time"))
        default:
            throw InputError("unknown notification type")
        }
    }

    // MARK: envelope.encrypt (server, deployed and hardened)

    @Sendable static func encrypt(_ request: OperationRequest) throws -> JSONValue {
        let input = request.reader
        let n = try notification(try input.field("notification"), distinctRemovalIds: request.profile == .hardened)
        let key = try NotificationCipher.pushKey(id: try input.uint32("pushKeyId"), wireBytes: try input.hex("pushKey"))
        let encrypted = try NotificationSender.encrypt(n, key: key, nonce: try input.hex("nonce"))
        return [
            "plaintext": .string(String(decoding: n.plaintext, as: UTF8.self)),
            "encryptedData": .string(encrypted.encryptedData),
        ]
    }

    // MARK: envelope.seal (server, proposal)

    @Sendable static func seal(_ request: OperationRequest) throws -> JSONValue {
        let input = request.reader
        let n = try notification(try input.field("notification"))
        guard let devicePublicKey = try? X25519.PublicKey(rawBytes: Base64.decode(try input.string("devicePublicKey"))),
            let esk = try? X25519.SecretKey(rawBytes: try input.hex("ephemeralSecretKey"))
        else {
            throw InputError("devicePublicKey must be base64 of 32 bytes and ephemeralSecretKey 32 bytes of hex")
        }
        let sealed = try NotificationSender.seal(n, devicePublicKey: devicePublicKey, ephemeralSecretKey: esk)
        return [
            "plaintext": .string(String(decoding: n.plaintext, as: UTF8.self)), "encryptedContent": .string(sealed),
        ]
    }

    // MARK: envelope.bouncerPayload

    @Sendable static func bouncerPayload(_ request: OperationRequest) throws -> JSONValue {
        let input = request.reader
        guard let service = PushService(rawValue: try input.string("service")),
            let priority = NotificationPriority(rawValue: try input.string("priority"))
        else {
            throw InputError("service must be apns or fcm, priority high or normal")
        }
        let address: EnvelopeAddress
        let ciphertext: String
        // Zulip's bouncer sends whatever size it is given (the service refuses); the hardened
        // and proposal bouncers refuse a payload over 4096 bytes first.
        let checkingLimit = request.profile != .deployed
        switch try request.profile.moduleProfile(EnvelopeProfile.self) {
        case .deployed:
            address = .pushKeyId(try input.uint32("pushKeyId"))
            ciphertext = try input.string("encryptedData")
        case .proposal:
            address = .pushAccountId(try input.uint64("pushAccountId"))
            ciphertext = try input.string("encryptedContent")
        }
        return try PushServicePayload.assemble(
            service: service, address: address, ciphertext: ciphertext, priority: priority,
            checkingLimit: checkingLimit)
    }

    // MARK: envelope.receive (client)

    @Sendable static func receive(_ request: OperationRequest) throws -> JSONValue {
        let input = request.reader
        guard let service = PushService(rawValue: try input.string("service")) else {
            throw InputError("service must be apns or fcm")
        }
        let rules: NotificationReceiver.Rules = request.profile == .hardened ? .hardened : .deployed
        let me = try account(try input.object("account"))
        // The app's own account: zulip-flutter only signs in to an http(s) realm URL, so its
        // origin is always defined (Dart's Uri.origin throws for anything else).
        guard NotificationReceiver.origin(me.realmURL) != nil else {
            throw InputError("account.realm_url must be an absolute http or https URL with a host")
        }
        let receiver = NotificationReceiver(account: me, rules: rules)
        let payload = try input.field("payload")
        let outcome: ReceiveOutcome
        // The hardened profile reads the deployed wire format, more strictly.
        switch try request.profile.moduleProfile(EnvelopeProfile.self) {
        case .deployed:
            var store = PushKeyStore()
            for entry in try input.array("keys") {
                let e = InputReader(entry)
                guard let key = PushKey(id: try e.uint32("id"), wireBytes: try e.hex("pushKey")) else {
                    throw InputError("a stored pushKey must be 33 bytes starting 0x31")
                }
                try store.add(key, createdAt: try dartTime(e, "createdAt"))
                if let acknowledged = try e.optionalInt64("acknowledgedAt") {
                    try store.acknowledge(id: key.id, at: try dartTime(acknowledged, "acknowledgedAt"))
                }
            }
            for run in try input.optionalInt64Array("rotationRuns") {
                store.recordRun(at: try dartTime(run, "rotationRuns"))
            }
            outcome = try receiver.receive(
                service: service, payload: payload, keys: store, now: try dartTime(input, "now"))
        case .proposal:
            var accounts: [UInt64: X25519.KeyPair] = [:]
            for entry in try input.array("devices") {
                let e = InputReader(entry)
                guard let secret = try? X25519.SecretKey(rawBytes: try e.hex("secretKey")) else {
                    throw InputError("a device needs a 32-byte secretKey")
                }
                accounts[try e.uint64("pushAccountId")] = X25519.KeyPair(secretKey: secret)
            }
            outcome = try receiver.receive(service: service, payload: payload, accounts: accounts)
        }
        switch outcome {
        case .delivered(let n): return ["outcome": "delivered", "notification": n.json]
        case .droppedUnknownKey: return ["outcome": "droppedUnknownKey"]
        case .droppedOtherAccount: return ["outcome": "droppedOtherAccount"]
        case .droppedUnexpectedType: return ["outcome": "droppedUnexpectedType"]
        case .droppedAsLegacy: return ["outcome": "droppedAsLegacy"]
        }
    }

    // MARK: what an encrypted notification means

    /// `envelope.encrypt` judged by meaning: the nonce that `encryptedData` starts with, and the
    /// notification it decrypts to under the input's push key, as a JSON value; `plaintext` must
    /// be the same JSON value. The server's key order and escaping are free (Zulip's server
    /// writes its dict's insertion order), the nonce is the vector's.
    @Sendable static func encryptedMeaning(_ input: JSONValue, _ output: JSONValue) -> JSONValue {
        guard let wire = try? InputReader(input).hex("pushKey"), let key = PushKey(id: 0, wireBytes: wire) else {
            return output
        }
        guard let data = output["encryptedData"]?.stringValue,
            let opened = try? NotificationCipher.decrypt(encryptedData: data, key: key),
            let bytes = try? Base64.decode(data)
        else {
            return ["encryptedData": "does not decrypt under the push key"]
        }
        return meaning(nonce: Array(bytes.prefix(SecretBox.nonceByteCount)), opened: opened, output: output)
    }

    /// `envelope.seal` judged by meaning: the ephemeral public key the box starts with, and the
    /// notification it opens to (opened from the sender's side: the ephemeral secret key and
    /// the device's public key give the same shared key).
    @Sendable static func sealedMeaning(_ input: JSONValue, _ output: JSONValue) -> JSONValue {
        let r = InputReader(input)
        guard let devicePublicKey = try? X25519.PublicKey(rawBytes: Base64.decode(try r.string("devicePublicKey"))),
            let esk = try? X25519.SecretKey(rawBytes: try r.hex("ephemeralSecretKey"))
        else { return output }
        guard let text = output["encryptedContent"]?.stringValue, let box = try? Base64.decode(text),
            let opened = try? SealedBox.openAsSender(
                box, recipient: devicePublicKey, ephemeral: X25519.KeyPair(secretKey: esk))
        else {
            return ["encryptedContent": "does not open with the ephemeral key and the device key"]
        }
        return meaning(nonce: Array(box.prefix(SealedBox.ephemeralKeyByteCount)), opened: opened, output: output)
    }

    private static func meaning(nonce: [UInt8], opened: [UInt8], output: JSONValue) -> JSONValue {
        guard let notification = try? JSONParser.parse(opened) else {
            return ["nonce": .string(Hex.encode(nonce)), "notification": "the plaintext is not JSON"]
        }
        var meaning: JSONValue = ["nonce": .string(Hex.encode(nonce)), "notification": notification]
        let stated = output["plaintext"]?.stringValue.flatMap { try? JSONParser.parse(Array($0.utf8)) }
        if stated.map({ !$0.semanticallyEquals(notification) }) ?? true {
            meaning = meaning.setting("plaintext", to: "not the JSON value that encryptedData decrypts to")
        }
        return meaning
    }
}
