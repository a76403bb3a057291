import ConvosIdentity
import ConvosPush
import PushProofCrypto
import PushProofJSON

/// The clientId-mapping suites' operations. Inputs and outputs: docs/vector-format.md.
enum IdentityOperations {
    static let handlers: [String: ReferenceImplementation.Handler] = [
        "identity.keccak256": keccak,
        "identity.fromPrivateKey": fromPrivateKey,
        "identity.inboxId": inboxId,
        "identity.keychainDecode": keychainDecode,
        "identity.keychainEncode": keychainEncode,
        "identity.storeTrace": storeTrace,
        "identity.backendRequest": backendRequest,
        "identity.teardown": teardown,
        "identity.resolvePush": resolvePush,
    ]

    @Sendable static func keccak(_ json: JSONValue) throws -> OperationOutcome {
        .output(["digest": .string(Hex.encode(Keccak.keccak256(try InputReader(json).hex("message"))))])
    }

    @Sendable static func fromPrivateKey(_ json: JSONValue) throws -> OperationOutcome {
        let input = InputReader(json)
        let key = SecretBytes(copying: try input.hex("privateKey"))
        let nonce = try input.field("nonce").uint64Value ?? { throw InputError("nonce must be a uint64") }()
        do {
            let address = try EthereumAddress(privateKey: key)
            let publicKey = try Secp256k1.uncompressedPublicKey(secretKey: key)
            return .output(["publicKey": .string(Hex.encode(publicKey)), "address": .string(address.text),
                            "inboxId": .string(InboxId.derive(address: address, nonce: nonce))])
        } catch let error as IdentityError {
            return .error(code: error.code, message: nil)
        }
    }

    @Sendable static func inboxId(_ json: JSONValue) throws -> OperationOutcome {
        let input = InputReader(json)
        let nonce = try input.field("nonce").uint64Value ?? { throw InputError("nonce must be a uint64") }()
        do {
            return .output(["inboxId": .string(InboxId.derive(address: try EthereumAddress(text: try input.string("address")), nonce: nonce))])
        } catch let error as IdentityError {
            return .error(code: error.code, message: nil)
        }
    }

    @Sendable static func keychainDecode(_ json: JSONValue) throws -> OperationOutcome {
        do {
            let identity = try KeychainRecord.decode(Array(try InputReader(json).string("record").utf8))
            return .output(["inboxId": .string(identity.inboxId), "clientId": .string(identity.clientId.value),
                            "address": .string(identity.address.text)])
        } catch let error as KeychainRecord.DecodingError {
            return .error(code: error.code, message: nil)
        }
    }

    static func identity(_ r: InputReader) throws -> ConversationIdentity {
        guard let clientId = ClientId(validating: try r.string("clientId")) else { throw InputError("clientId must be an upper-case UUID v4") }
        return ConversationIdentity(inboxId: try r.string("inboxId"), clientId: clientId,
                                    privateKey: SecretBytes(copying: try r.hex("privateKey")),
                                    databaseKey: SecretBytes(copying: try r.hex("databaseKey")))
    }

    @Sendable static func keychainEncode(_ json: JSONValue) throws -> OperationOutcome {
        .output(["record": .string(String(decoding: KeychainRecord.encode(try identity(InputReader(json))), as: UTF8.self))])
    }

    /// Identities in traces get deterministic keys derived from their inbox id: the trace is
    /// about the mapping, not the keys.
    static func traceIdentity(inboxId: String, clientId: String) throws -> ConversationIdentity {
        guard let id = ClientId(validating: clientId) else { throw InputError("clientId must be an upper-case UUID v4") }
        return ConversationIdentity(inboxId: inboxId, clientId: id,
                                    privateKey: SecretBytes(copying: SHA256.hash(Array("key/\(inboxId)".utf8))),
                                    databaseKey: SecretBytes(copying: SHA256.hash(Array("db/\(inboxId)".utf8))))
    }

    static func found(_ identity: ConversationIdentity?) -> JSONValue {
        guard let identity else { return ["result": "notFound"] }
        return ["result": "found", "inboxId": .string(identity.inboxId), "clientId": .string(identity.clientId.value)]
    }

    static func errorJSON(_ error: IdentityError) -> JSONValue {
        switch error {
        case let .clientIdMismatch(inbox, existing, new):
            return ["error": .string(error.code), "inboxId": .string(inbox), "existingClientId": .string(existing), "newClientId": .string(new)]
        case let .duplicateClientId(clientId):
            return ["error": .string(error.code), "clientId": .string(clientId)]
        default:
            return ["error": .string(error.code)]
        }
    }

    /// Replays save / lookup / delete steps on a fresh store; one result per step.
    @Sendable static func storeTrace(_ json: JSONValue) throws -> OperationOutcome {
        let store = InMemoryIdentityStore()
        var results: [JSONValue] = []
        for step in try InputReader(json).array("steps") {
            let s = InputReader(step)
            switch try s.string("op") {
            case "save":
                do {
                    let outcome = try store.save(try traceIdentity(inboxId: try s.string("inboxId"), clientId: try s.string("clientId")))
                    results.append(["result": outcome == .saved ? "saved" : "unchanged"])
                } catch let error as IdentityError {
                    results.append(errorJSON(error))
                }
            case "lookupByClientId": results.append(found(store.identity(clientId: try s.string("clientId"))))
            case "lookupByInboxId": results.append(found(store.identity(inboxId: try s.string("inboxId"))))
            case "delete": results.append(["result": store.delete(inboxId: try s.string("inboxId")) ? "deleted" : "notFound"])
            default: throw InputError("unknown store operation")
            }
        }
        return .output(["results": .array(results)])
    }

    @Sendable static func backendRequest(_ json: JSONValue) throws -> OperationOutcome {
        let r = InputReader(json)
        let jwt = try r.string("jwt")
        func clientId() throws -> ClientId {
            guard let id = ClientId(validating: try r.string("clientId")) else { throw InputError("clientId must be an upper-case UUID v4") }
            return id
        }
        func topics() throws -> [String] { try r.array("topics").map { v in
            guard let s = v.stringValue else { throw InputError("topics must be strings") }
            return s
        } }
        let request: BackendRequest
        switch try r.string("request") {
        case "registerDevice":
            let env = try r.optionalString("apnsEnv").map { text throws -> ConvosBackend.APNsEnvironment in
                guard let e = ConvosBackend.APNsEnvironment(rawValue: text) else { throw InputError("apnsEnv must be sandbox or production") }
                return e
            }
            request = ConvosBackend.registerDevice(deviceId: try r.string("deviceId"), pushToken: try r.optionalString("pushToken"),
                                                   environment: env, jwt: jwt)
        case "subscribe": request = ConvosBackend.subscribe(deviceId: try r.string("deviceId"), clientId: try clientId(), topics: try topics(), jwt: jwt)
        case "unsubscribe": request = ConvosBackend.unsubscribe(clientId: try clientId(), topics: try topics(), jwt: jwt)
        case "unregister": request = ConvosBackend.unregister(clientId: try clientId(), jwt: jwt)
        default: throw InputError("unknown backend request")
        }
        return .output(request.json)
    }

    @Sendable static func teardown(_ json: JSONValue) throws -> OperationOutcome {
        let r = InputReader(json)
        let identity = try traceIdentity(inboxId: try r.string("inboxId"), clientId: try r.string("clientId"))
        let topics = try r.array("topics").compactMap(\.stringValue)
        let steps = ConversationTeardown.steps(for: identity, topics: topics, environment: try r.string("environment"), jwt: try r.string("jwt"))
        return .output(["steps": .array(steps.map { step in
            switch step {
            case let .request(req): return ["step": .string(step.name), "request": req.json]
            case let .deleteDatabaseRecords(inbox), let .deleteKeychainIdentity(inbox): return ["step": .string(step.name), "inboxId": .string(inbox)]
            case let .deleteFiles(files): return ["step": .string(step.name), "files": .array(files.map(JSONValue.string))]
            }
        })])
    }

    /// The push path end to end: identities saved (and some deleted) in a real store, then a
    /// Convos payload resolved through it.
    @Sendable static func resolvePush(_ json: JSONValue) throws -> OperationOutcome {
        let r = InputReader(json)
        let store = InMemoryIdentityStore()
        for entry in try r.array("saved") {
            let e = InputReader(entry)
            _ = try store.save(try traceIdentity(inboxId: try e.string("inboxId"), clientId: try e.string("clientId")))
        }
        for inbox in try r.optionalArray("deletedInboxIds") { _ = store.delete(inboxId: inbox.stringValue ?? "") }
        do {
            let payload = try ConvosPushPayload.parse(try r.field("payload"))
            switch ConvosPushRouter.route(payload, resolver: store) {
            case .unknownClientId: return .output(["outcome": "unknownClientId"])
            case let .routed(identity, _): return .output(["outcome": "routed", "inboxId": .string(identity.inboxId)])
            }
        } catch let error as ConvosPushPayload.ParseError {
            return .error(code: error.code, message: nil)
        }
    }
}
