import ConvosPush
import PushProofConformance
import PushProofCrypto
import PushProofJSON

/// The Convos push suite's operation. Input and output: docs/vector-format.md.
enum ConvosPushOperations {
    /// How a push is read: `deployed` is Convos iOS (`DeployedPushReader`), `hardened`
    /// PushProof's strict reading (`ConvosPushPayload.parse`, the whole payload validated before
    /// the clientId is resolved).
    enum Rules: String, CaseIterable {
        case deployed, hardened
    }

    @Sendable static func route(_ request: OperationRequest) throws -> JSONValue {
        let input = request.reader
        var identities: [(clientId: String, identity: ResolvedIdentity)] = []
        var conversations: [String: Set<[UInt8]>] = [:]
        for entry in try input.array("identities") {
            let e = InputReader(entry)
            let inboxId = try e.string("inboxId")
            identities.append((try e.string("clientId"), ResolvedIdentity(inboxId: inboxId)))
            for id in try e.optionalStringArray("groupIds") {
                guard let bytes = Hex.decode(id), !bytes.isEmpty else {
                    throw InputError("identities[].groupIds: non-empty hex strings")
                }
                conversations[inboxId, default: []].insert(bytes)
            }
        }
        let resolver = InMemoryClientIdResolver(pairs: identities)
        let groups = { (identity: ResolvedIdentity) in conversations[identity.inboxId] ?? [] }
        switch try request.profile.as(Rules.self) {
        case .deployed:
            switch try DeployedPushReader.read(try input.field("payload"), resolver: resolver, conversations: groups) {
            case .unknownClientId: return ["outcome": "unknownClientId"]
            case .routed(let identity, .unknownConversation):
                return ["outcome": "unknownConversation", "inboxId": .string(identity.inboxId)]
            case .routed(let identity, .welcome(let messageType)):
                return routed(identity, [.init("kind", "welcome")], message: nil, messageType: messageType)
            case .routed(let identity, .groupMessage(let groupId, let message, let messageType)):
                return routed(
                    identity, [.init("kind", "groupMessage"), .init("groupId", .string(Hex.encode(groupId)))],
                    message: message, messageType: messageType)
            }
        case .hardened:
            let payload = try ConvosPushPayload.parse(try input.field("payload"))
            switch ConvosPushRouter.route(payload, resolver: resolver) {
            case .unknownClientId:
                return ["outcome": "unknownClientId"]
            case .routed(let identity, let p):
                switch p.topic {
                case .group(let id):
                    guard let bytes = Hex.decode(id), groups(identity).contains(bytes) else {
                        return ["outcome": "unknownConversation", "inboxId": .string(identity.inboxId)]
                    }
                    return routed(
                        identity, [.init("kind", "groupMessage"), .init("groupId", .string(id.lowercased()))],
                        message: p.encryptedMessage, messageType: p.messageType)
                case .welcome(let id):
                    return routed(
                        identity, [.init("kind", "welcome"), .init("installationId", .string(id.lowercased()))],
                        message: p.encryptedMessage, messageType: p.messageType)
                }
            }
        }
    }

    static func routed(
        _ identity: ResolvedIdentity, _ kind: [JSONValue.Member], message: [UInt8]?, messageType: String?
    ) -> JSONValue {
        var members: [JSONValue.Member] = [.init("outcome", "routed"), .init("inboxId", .string(identity.inboxId))]
        members += kind
        if let message { members.append(.init("encryptedMessageHex", .string(Hex.encode(message)))) }
        if let messageType { members.append(.init("messageType", .string(messageType))) }
        return .object(members)
    }
}
