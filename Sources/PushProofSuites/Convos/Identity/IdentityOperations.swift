import ConvosIdentity
import ConvosPush
import PushProofConformance
import PushProofCrypto
import PushProofJSON

/// The clientId-mapping suite's operations. Inputs and outputs: docs/vector-format.md.
enum IdentityOperations {
    @Sendable static func keccak(_ request: OperationRequest) throws -> JSONValue {
        ["digest": .string(Hex.encode(Keccak.keccak256(try request.reader.hex("message"))))]
    }

    @Sendable static func fromPrivateKey(_ request: OperationRequest) throws -> JSONValue {
        let input = request.reader
        let key = SecretBytes(copying: try input.hex("privateKey"))
        let nonce = try input.uint64("nonce")
        let address = try EthereumAddress(privateKey: key)
        let publicKey = try Secp256k1.uncompressedPublicKey(secretKey: key)
        return [
            "publicKey": .string(Hex.encode(publicKey)), "address": .string(address.text),
            "inboxId": .string(InboxId.derive(address: address, nonce: nonce)),
        ]
    }

    @Sendable static func inboxId(_ request: OperationRequest) throws -> JSONValue {
        let input = request.reader
        let nonce = try input.uint64("nonce")
        return [
            "inboxId": .string(
                InboxId.derive(address: try EthereumAddress(text: try input.string("address")), nonce: nonce))
        ]
    }

    @Sendable static func keychainDecode(_ request: OperationRequest) throws -> JSONValue {
        let bytes = Array(try request.reader.string("record").utf8)
        if request.profile == .hardened {
            let identity = try KeychainRecord.decode(bytes)
            return [
                "inboxId": .string(identity.inboxId), "clientId": .string(identity.clientId.value),
                "address": .string(identity.address.text),
            ]
        }
        let record = try KeychainRecord.decodeAsDeployed(bytes)
        return [
            "inboxId": .string(record.inboxId), "clientId": .string(record.clientId),
            "address": .string(record.address.text),
        ]
    }

    /// `identity.keychainEncode` judged by meaning: the record must be a JSON object with exactly
    /// `inboxId`, `clientId` and `keys` (`privateKeyData`, `databaseKey`), the keys canonical
    /// standard base64; its meaning is the ids and the key bytes in hex. Member order and
    /// escaping (iOS writes `/` as `\/`) are free.
    @Sendable static func recordMeaning(_ input: JSONValue, _ output: JSONValue) -> JSONValue {
        guard let text = output["record"]?.stringValue, let record = try? JSONParser.parse(Array(text.utf8)),
            let members = record.members, Set(members.map(\.key)) == ["inboxId", "clientId", "keys"],
            members.count == 3, let keys = record["keys"]?.members,
            Set(keys.map(\.key)) == ["privateKeyData", "databaseKey"], keys.count == 2
        else {
            return ["record": "not a JSON object with exactly inboxId, clientId and keys {privateKeyData, databaseKey}"]
        }
        func hex(_ name: String) -> JSONValue {
            guard let b64 = record["keys"]?[name]?.stringValue, let bytes = try? Base64.decode(b64) else {
                return "not canonical standard base64"
            }
            return .string(Hex.encode(bytes))
        }
        return [
            "inboxId": record["inboxId"] ?? .null, "clientId": record["clientId"] ?? .null,
            "keys": ["privateKeyHex": hex("privateKeyData"), "databaseKeyHex": hex("databaseKey")],
        ]
    }

    /// A clientId as the app holds it: any string (docs/identity.md "clientId").
    static func clientId(_ text: String) -> ClientId { ClientId(text) }

    /// The app holds the private key as XMTP's `PrivateKey`, which only a valid key makes, so a
    /// record with another cannot be written: refused in the decoder's words, in every profile.
    @Sendable static func keychainEncode(_ request: OperationRequest) throws -> JSONValue {
        let r = request.reader
        let inboxId = try r.string("inboxId")
        let clientId = clientId(try r.string("clientId"))
        let privateKey = SecretBytes(copying: try r.hex("privateKey"))
        let databaseKey = SecretBytes(copying: try r.hex("databaseKey"))
        try KeychainRecord.checkPrivateKey(privateKey)
        let identity = ConversationIdentity(
            inboxId: inboxId, clientId: clientId, privateKey: privateKey, databaseKey: databaseKey)
        return ["record": .string(String(decoding: KeychainRecord.encode(identity), as: UTF8.self))]
    }

    /// Identities in traces get deterministic keys derived from their inbox id: the trace is
    /// about the mapping, not the keys.
    static func traceIdentity(_ r: InputReader) throws -> ConversationIdentity {
        let inboxId = try r.string("inboxId")
        return ConversationIdentity(
            inboxId: inboxId, clientId: clientId(try r.string("clientId")),
            privateKey: SecretBytes(copying: SHA256.hash(Array("key/\(inboxId)".utf8))),
            databaseKey: SecretBytes(copying: SHA256.hash(Array("db/\(inboxId)".utf8))))
    }

    static func found(_ identity: ConversationIdentity?) -> JSONValue {
        guard let identity else { return ["result": "notFound"] }
        return ["result": "found", "inboxId": .string(identity.inboxId), "clientId": .string(identity.clientId.value)]
    }

    /// A refused save, as a step result: the code, and the identifiers the error names.
    static func refusal(_ error: IdentityError) -> JSONValue {
        switch error {
        case .clientIdMismatch(let inbox, let existing, let new):
            return [
                "error": .string(error.code), "inboxId": .string(inbox), "existingClientId": .string(existing),
                "newClientId": .string(new),
            ]
        case .duplicateClientId(let clientId):
            return ["error": .string(error.code), "clientId": .string(clientId)]
        default:
            return ["error": .string(error.code)]
        }
    }

    /// Replays save / lookup / delete steps on a fresh store; one result per step.
    @Sendable static func storeTrace(_ request: OperationRequest) throws -> JSONValue {
        let store = InMemoryIdentityStore()
        var results: [JSONValue] = []
        for step in try request.reader.array("steps") {
            let s = InputReader(step)
            switch try s.string("op") {
            case "save":
                let identity = try traceIdentity(s)
                do {
                    results.append(["result": try store.save(identity) == .saved ? "saved" : "unchanged"])
                } catch {
                    results.append(refusal(error))
                }
            case "lookupByClientId": results.append(found(store.identity(clientId: try s.string("clientId"))))
            case "lookupByInboxId": results.append(found(store.identity(inboxId: try s.string("inboxId"))))
            case "delete":
                results.append(["result": store.delete(inboxId: try s.string("inboxId")) ? "deleted" : "notFound"])
            default: throw InputError("unknown store operation")
            }
        }
        return ["results": .array(results)]
    }

    @Sendable static func backendRequest(_ request: OperationRequest) throws -> JSONValue {
        let r = request.reader
        let backendRequest: BackendRequest
        switch try r.string("request") {
        case "registerDevice":
            let env = try r.optionalString("apnsEnv").map { text throws(InputError) -> ConvosBackend.APNsEnvironment in
                guard let e = ConvosBackend.APNsEnvironment(rawValue: text) else {
                    throw InputError("apnsEnv must be sandbox or production")
                }
                return e
            }
            backendRequest = ConvosBackend.registerDevice(
                deviceId: try r.string("deviceId"), pushToken: try r.optionalString("pushToken"),
                environment: env, appCheckToken: try r.string("appCheckToken"))
        case "subscribe":
            backendRequest = ConvosBackend.subscribe(
                deviceId: try r.string("deviceId"), clientId: clientId(try r.string("clientId")),
                topics: try r.stringArray("topics"), jwt: try r.string("jwt"))
        case "unsubscribe":
            backendRequest = ConvosBackend.unsubscribe(
                clientId: clientId(try r.string("clientId")), topics: try r.stringArray("topics"),
                jwt: try r.string("jwt"))
        case "unregister":
            backendRequest = ConvosBackend.unregister(
                clientId: clientId(try r.string("clientId")), jwt: try r.string("jwt"))
        default:
            throw InputError("unknown backend request")
        }
        return backendRequest.json
    }

    @Sendable static func teardown(_ request: OperationRequest) throws -> JSONValue {
        let r = request.reader
        guard let environment = ConversationTeardown.XMTPEnvironment(rawValue: try r.string("environment")) else {
            throw InputError("environment must be production, dev or local")
        }
        let steps = ConversationTeardown.steps(
            for: try traceIdentity(r), conversationTopics: try r.stringArray("topics"),
            welcomeTopic: try r.string("welcomeTopic"), environment: environment, jwt: try r.string("jwt"),
            rules: try request.profile.as(ConversationTeardown.Rules.self))
        return [
            "steps": .array(
                steps.map { step in
                    switch step {
                    case .request(let req): return ["step": .string(step.name), "request": req.json]
                    case .deleteDatabaseRecords(let inbox), .deleteKeychainIdentity(let inbox):
                        return ["step": .string(step.name), "inboxId": .string(inbox)]
                    case .deleteFiles(let files):
                        return ["step": .string(step.name), "files": .array(files.map(JSONValue.string))]
                    }
                })
        ]
    }

    /// The push path end to end: identities saved (and some deleted) in a real store, then a
    /// Convos payload's clientId resolved through it as the app does, before it reads anything
    /// else of the payload (`DeployedPushReader.resolve`; the rest is `convos.pushRoute`'s). A
    /// save the store refuses changes nothing, as the app's `InboxWriter` leaves the table.
    @Sendable static func resolvePush(_ request: OperationRequest) throws -> JSONValue {
        let r = request.reader
        let store = InMemoryIdentityStore()
        for entry in try r.array("saved") {
            let identity = try traceIdentity(InputReader(entry))
            _ = try? store.save(identity)
        }
        for inbox in try r.stringArray("deletedInboxIds") { _ = store.delete(inboxId: inbox) }
        guard let identity = try DeployedPushReader.resolve(try r.field("payload"), resolver: store) else {
            return ["outcome": "unknownClientId"]
        }
        return ["outcome": "routed", "inboxId": .string(identity.inboxId)]
    }
}
