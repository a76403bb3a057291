import CatbirdMLS
import PushProofConformance
import PushProofCrypto
import PushProofJSON

/// The epoch-key operations. Inputs and outputs: docs/vector-format.md, "catbird".
enum CatbirdEpochKeysOperations {
    static func policy(_ profile: Profile) throws -> EpochKeyPolicy {
        switch profile {
        case .deployed: return .deployed
        case .strict: return .strict
        case .proposal: return .proposal
        default: throw InputError("no epoch-key store for profile `\(profile)`")
        }
    }

    /// A keychain item addressed by a step or a request: `kind` and what that kind needs.
    static func kind(_ r: InputReader) throws -> KeychainItem.Kind {
        let name = try r.string("kind")
        guard let kind = KeychainItem.Kind(rawValue: name) else {
            throw EpochKeyStoreError.unknownItemKind("no keychain item kind `\(name)`")
        }
        return kind
    }

    static func item(_ r: InputReader) throws -> KeychainItem {
        let kind = try kind(r)
        let qualifier: String?
        switch kind {
        case .hpkePrivateKey: qualifier = try r.optionalString("keyPackageId")
        case .invitePSK: qualifier = try r.optionalString("inviteId")
        case .userEncryptionKey, .rejoinPSK: qualifier = try r.optionalString("did")
        case .archive: qualifier = try r.optionalString("archiveType")
        default: qualifier = nil
        }
        return try KeychainItem(
            kind: kind, conversation: try r.optionalString("conversation"), epoch: try r.optionalInt64("epoch"),
            qualifier: qualifier)
    }

    /// One step of a trace; `user` is the trace's `userDid` unless the step names its own. Every
    /// step is read before any runs (docs/vector-format.md), so a negative epoch where upstream
    /// takes a UInt64, or a negative keepLast where the policy refuses one, is refused here, even
    /// after a step that would trap.
    static func step(_ value: JSONValue, user traceUser: String, policy: EpochKeyPolicy) throws -> EpochKeyStep {
        let r = InputReader(value)
        let op = try r.string("op")
        let user = try r.optionalString("userDid") ?? traceUser
        func conversation() throws -> String { try r.string("conversation") }
        func epoch() throws -> Int64 {
            let e = try r.int64("epoch")
            guard e >= 0 else {
                throw EpochKeyStoreError.invalidEpoch("the epoch is a UInt64 upstream; \(e) is negative")
            }
            return e
        }
        switch op {
        case "saveEpochSecret":
            return .saveEpochSecret(
                user: user, conversation: try conversation(), epoch: try epoch(),
                secret: SecretBytes(copying: try r.hex("secret")))
        case "getEpochSecret":
            return .getEpochSecret(user: user, conversation: try conversation(), epoch: try epoch())
        case "deleteEpochSecret":
            return .deleteEpochSecret(user: user, conversation: try conversation(), epoch: try epoch())
        case "deleteEpochsBefore":
            return .deleteEpochsBefore(user: user, conversation: try conversation(), epoch: try epoch())
        case "deleteOldEpochKeys":
            let c = try conversation()
            let keepLast = try r.int64("keepLast")
            guard policy == .deployed || keepLast >= 0 else {
                throw EpochKeyStoreError.invalidKeepLast("keepLast is a count; \(keepLast) is negative")
            }
            return .deleteOldEpochKeys(user: user, conversation: c, keepLast: keepLast)
        case "deleteMarkedEpochKeys": return .deleteMarkedEpochKeys(user: user)
        case "deleteConversation": return .deleteConversation(user: user, conversation: try conversation())
        case "saveKeyPackage":
            return .saveKeyPackage(user: user, id: try r.string("keyPackageId"), conversation: try conversation())
        case "storeKeychainItem":
            return .storeKeychainItem(try item(r), value: SecretBytes(copying: try r.hex("value")))
        case "readKeychainItem": return .readKeychainItem(try item(r))
        case "deletePrivateKeys":
            return .deletePrivateKeys(conversation: try conversation(), beforeEpoch: try r.int64("beforeEpoch"))
        case "deleteAllKeys": return .deleteAllKeys(conversation: try conversation())
        default: throw EpochKeyStoreError.unknownStep("no epoch-key step `\(op)`")
        }
    }

    /// A trace of storage calls on one device: each step's result, then what is stored.
    @Sendable static func epochKeyTrace(_ request: OperationRequest) throws -> JSONValue {
        let r = request.reader
        let user = try r.string("userDid")
        let raw = try r.array("steps")
        guard raw.count <= EpochKeyStep.maximumSteps else { throw EpochKeyStoreError.tooManySteps(raw.count) }
        let policy = try policy(request.profile)
        // The steps' names and keychain items first, then each step's other members.
        for value in raw {
            guard value.members != nil else { throw InputError("a step must be an object") }
            guard case .string(let op)? = value["op"], EpochKeyStep.names.contains(op) else {
                throw EpochKeyStoreError.unknownStep("no epoch-key step `\(value["op"].map(JSONWriter.compact) ?? "")`")
            }
            if op == "storeKeychainItem" || op == "readKeychainItem" { _ = try item(InputReader(value)) }
        }
        let steps = try raw.map { try step($0, user: user, policy: policy) }
        var store = EpochKeyStore(policy: policy)
        var answers: [JSONValue] = []
        var trapped = false
        for s in steps {
            let result = try store.apply(s)
            answers.append(json(s, result))
            if case .trap = result {
                trapped = true
                break
            }
        }
        return output(store.snapshot, steps: answers, trapped: trapped)
    }

    static func json(_ step: EpochKeyStep, _ result: EpochKeyStepResult) -> JSONValue {
        var out: [JSONValue.Member] = [.init("op", .string(step.name)), .init("outcome", .string(result.outcome))]
        switch result {
        case .found(let bytes): out.append(.init("value", .string(Hex.encode(bytes))))
        case .deleted(let n), .marked(let n), .deactivated(let n): out.append(.init("count", .integer(Int64(n))))
        case .refused(let error): out.append(.init("error", .string(error.code)))
        case .trap(let why): out.append(.init("reason", .string(why)))
        case .stored, .replaced, .restored, .notFound: break
        }
        return .object(out)
    }

    static func output(_ snapshot: EpochKeySnapshot, steps: [JSONValue], trapped: Bool) -> JSONValue {
        [
            "outcome": .string(trapped ? "trapped" : "completed"),
            "steps": .array(steps),
            "epochKeys": .array(
                snapshot.rows.map {
                    [
                        "conversation": .string($0.conversation), "epoch": .integer($0.epoch),
                        "userDid": .string($0.user), "state": .string($0.state.rawValue),
                    ]
                }),
            "keychain": .array(snapshot.keychain.map { .string($0) }),
            "keyPackages": .array(snapshot.keyPackages.map { .string($0) }),
        ]
    }

    /// The account and attributes a keychain item is written with.
    @Sendable static func keychainItem(_ request: OperationRequest) throws -> JSONValue {
        let r = request.reader
        switch request.profile {
        case .deployed:
            let attributes = KeychainItemAttributes.deployed(try item(r))
            return [
                "service": .string(attributes.service ?? ""), "account": .string(attributes.account ?? ""),
                "accessible": .string(attributes.accessible.rawValue),
                "synchronizable": .bool(attributes.synchronizable),
                "migratesToNewDevice": .bool(attributes.accessible.migratesToNewDevice),
            ]
        case .proposal:
            let attributes = try KeychainItemAttributes.proposal(try kind(r))
            return [
                "accessible": .string(attributes.accessible.rawValue),
                "synchronizable": .bool(attributes.synchronizable),
                "migratesToNewDevice": .bool(attributes.accessible.migratesToNewDevice),
            ]
        default: throw InputError("no keychain items for profile `\(request.profile)`")
        }
    }
}
