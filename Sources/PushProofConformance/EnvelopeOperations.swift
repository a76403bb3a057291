import ConvosPush
import PushProofCrypto
import PushProofJSON
import ZulipEnvelope
import ZulipRegistration

/// The envelope suites' operations (Zulip notification envelope and the Convos push payload).
/// Inputs and outputs: docs/vector-format.md.
enum EnvelopeOperations {
    static let handlers: [String: ReferenceImplementation.Handler] = [
        "envelope.encrypt": encrypt,
        "envelope.seal": seal,
        "envelope.bouncerPayload": bouncerPayload,
        "envelope.receive": receive,
        "convos.pushRoute": pushRoute,
    ]

    static func profile(_ input: InputReader) throws(InputError) -> EnvelopeProfile {
        guard let p = EnvelopeProfile(rawValue: try input.string("profile")) else { throw InputError("unknown profile") }
        return p
    }

    static func account(_ r: InputReader) throws(InputError) -> NotificationAccount {
        NotificationAccount(realmURL: try r.string("realm_url"), realmName: try r.string("realm_name"), userId: try r.int64("user_id"))
    }

    /// The server's raw inputs for a notification; the builder applies the protocol's rules
    /// (truncation, removal cap, recipient sorting).
    static func notification(_ json: JSONValue) throws(InputError) -> ZulipNotification {
        let r = InputReader(json)
        let a = try account(r)
        switch try r.string("type") {
        case "message":
            let recipientReader = try r.object("recipient")
            let recipient: ZulipNotification.Message.Recipient
            switch try recipientReader.string("type") {
            case "channel":
                recipient = .channel(id: try recipientReader.int64("channel_id"), name: try recipientReader.string("channel_name"),
                                     topic: try recipientReader.string("topic"))
            case "direct":
                recipient = .direct(userIds: try recipientReader.array("user_ids").map { v throws(InputError) in
                    guard let i = v.int64Value else { throw InputError("user_ids must be integers") }
                    return i
                })
            default: throw InputError("unknown recipient type")
            }
            var group: (id: Int64, name: String)? = nil
            if json["mentioned_user_group"] != nil {
                let g = try r.object("mentioned_user_group")
                group = (try g.int64("id"), try g.string("name"))
            }
            return NotificationBuilder.message(account: a, senderId: try r.int64("sender_id"), senderFullName: try r.string("sender_full_name"),
                                               senderAvatarURL: try r.string("sender_avatar_url"), messageId: try r.int64("message_id"),
                                               time: try r.int64("time"), content: try r.string("content"),
                                               mentionedUserGroup: group, recipient: recipient)
        case "remove":
            let ids = try r.array("message_ids").map { v throws(InputError) in
                guard let i = v.int64Value else { throw InputError("message_ids must be integers") }
                return i
            }
            return NotificationBuilder.remove(account: a, messageIds: ids)
        case "test":
            return NotificationBuilder.test(account: a, time: try r.int64("time"))
        default:
            throw InputError("unknown notification type")
        }
    }

    static func uint32(_ r: InputReader, _ name: String) throws(InputError) -> UInt32 {
        guard let v = try r.field(name).uint64Value, let id = UInt32(exactly: v) else { throw InputError("\(name) must be a uint32") }
        return id
    }

    // MARK: envelope.encrypt (server, deployed)

    @Sendable static func encrypt(_ json: JSONValue) throws -> OperationOutcome {
        let input = InputReader(json)
        let n = try notification(try input.field("notification"))
        do {
            let key = try NotificationCipher.pushKey(id: try uint32(input, "pushKeyId"), wireBytes: try input.hex("pushKey"))
            let encrypted = try NotificationSender.encrypt(n, key: key, nonce: try input.hex("nonce"))
            return .output(["plaintext": .string(String(decoding: n.plaintext, as: UTF8.self)),
                            "encryptedData": .string(encrypted.encryptedData)])
        } catch let error as EnvelopeError {
            return .error(code: error.code, message: nil)
        }
    }

    // MARK: envelope.seal (server, proposal)

    @Sendable static func seal(_ json: JSONValue) throws -> OperationOutcome {
        let input = InputReader(json)
        let n = try notification(try input.field("notification"))
        guard let devicePublicKey = try? X25519.PublicKey(rawBytes: Base64.decode(try input.string("devicePublicKey"))),
              let esk = try? X25519.SecretKey(rawBytes: try input.hex("ephemeralSecretKey")) else {
            throw InputError("devicePublicKey must be base64 of 32 bytes and ephemeralSecretKey 32 bytes of hex")
        }
        do {
            let sealed = try NotificationSender.seal(n, devicePublicKey: devicePublicKey, ephemeralSecretKey: esk)
            return .output(["plaintext": .string(String(decoding: n.plaintext, as: UTF8.self)), "encryptedContent": .string(sealed)])
        } catch {
            return .error(code: error.code, message: nil)
        }
    }

    // MARK: envelope.bouncerPayload

    @Sendable static func bouncerPayload(_ json: JSONValue) throws -> OperationOutcome {
        let input = InputReader(json)
        guard let service = PushService(rawValue: try input.string("service")),
              let priority = NotificationPriority(rawValue: try input.string("priority")) else {
            throw InputError("service must be apns or fcm, priority high or normal")
        }
        let address: EnvelopeAddress
        let ciphertext: String
        switch try profile(input) {
        case .deployed:
            address = .pushKeyId(try uint32(input, "pushKeyId"))
            ciphertext = try input.string("encryptedData")
        case .proposal:
            guard let id = try input.field("pushAccountId").uint64Value else { throw InputError("pushAccountId must be a uint64") }
            address = .pushAccountId(id)
            ciphertext = try input.string("encryptedContent")
        }
        do {
            return .output(try PushServicePayload.assemble(service: service, address: address, ciphertext: ciphertext, priority: priority))
        } catch {
            return .error(code: error.code, message: nil)
        }
    }

    // MARK: envelope.receive (client)

    static func receiveOutput(_ outcome: ReceiveOutcome) -> JSONValue {
        switch outcome {
        case let .delivered(n): return ["outcome": "delivered", "notification": n.json]
        case .droppedUnknownKey: return ["outcome": "droppedUnknownKey"]
        case .droppedOtherAccount: return ["outcome": "droppedOtherAccount"]
        }
    }

    @Sendable static func receive(_ json: JSONValue) throws -> OperationOutcome {
        let input = InputReader(json)
        guard let service = PushService(rawValue: try input.string("service")) else { throw InputError("service must be apns or fcm") }
        let receiver = NotificationReceiver(account: try account(try input.object("account")))
        let payload = try input.field("payload")
        do {
            switch try profile(input) {
            case .deployed:
                var store = PushKeyStore()
                for entry in try input.array("keys") {
                    let e = InputReader(entry)
                    guard let key = PushKey(id: try uint32(e, "id"), wireBytes: try e.hex("pushKey")) else {
                        throw InputError("a stored pushKey must be 33 bytes starting 0x31")
                    }
                    try store.add(key, createdAt: try e.int64("createdAt"))
                    if entry["acknowledgedAt"] != nil { try store.acknowledge(id: key.id, at: try e.int64("acknowledgedAt")) }
                }
                return .output(receiveOutput(try receiver.receive(service: service, payload: payload, keys: store, now: try input.int64("now"))))
            case .proposal:
                var accounts: [UInt64: X25519.KeyPair] = [:]
                for entry in try input.array("devices") {
                    let e = InputReader(entry)
                    guard let id = try e.field("pushAccountId").uint64Value,
                          let secret = try? X25519.SecretKey(rawBytes: try e.hex("secretKey")) else {
                        throw InputError("a device needs pushAccountId and a 32-byte secretKey")
                    }
                    accounts[id] = X25519.KeyPair(secretKey: secret)
                }
                return .output(receiveOutput(try receiver.receive(service: service, payload: payload, accounts: accounts)))
            }
        } catch let error as EnvelopeError {
            return .error(code: error.code, message: nil)
        }
    }

    // MARK: convos.pushRoute

    @Sendable static func pushRoute(_ json: JSONValue) throws -> OperationOutcome {
        let input = InputReader(json)
        var identities: [String: ResolvedIdentity] = [:]
        for entry in try input.array("identities") {
            let e = InputReader(entry)
            identities[try e.string("clientId")] = ResolvedIdentity(inboxId: try e.string("inboxId"))
        }
        do {
            let payload = try ConvosPushPayload.parse(try input.field("payload"))
            switch ConvosPushRouter.route(payload, resolver: InMemoryClientIdResolver(identities)) {
            case .unknownClientId:
                return .output(["outcome": "unknownClientId"])
            case let .routed(identity, p):
                var members: [JSONValue.Member] = [.init("outcome", "routed"), .init("inboxId", .string(identity.inboxId))]
                switch p.topic {
                case let .group(id): members += [.init("kind", "groupMessage"), .init("groupId", .string(id.lowercased()))]
                case let .welcome(id): members += [.init("kind", "welcome"), .init("installationId", .string(id.lowercased()))]
                }
                if let m = p.encryptedMessage { members.append(.init("encryptedMessageHex", .string(Hex.encode(m)))) }
                if let t = p.messageType { members.append(.init("messageType", .string(t))) }
                return .output(.object(members))
            }
        } catch let error as ConvosPushPayload.ParseError {
            return .error(code: error.code, message: nil)
        }
    }
}
