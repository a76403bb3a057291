import ConvosPush
import PushProofConformance
import PushProofCrypto
import PushProofJSON

/// The Convos push suite's operation. Input and output: docs/vector-format.md.
enum ConvosPushOperations {
    @Sendable static func route(_ request: OperationRequest) throws -> JSONValue {
        let input = request.reader
        var identities: [String: ResolvedIdentity] = [:]
        for entry in try input.array("identities") {
            let e = InputReader(entry)
            identities[try e.string("clientId")] = ResolvedIdentity(inboxId: try e.string("inboxId"))
        }
        let payload = try ConvosPushPayload.parse(try input.field("payload"))
        switch ConvosPushRouter.route(payload, resolver: InMemoryClientIdResolver(identities)) {
        case .unknownClientId:
            return ["outcome": "unknownClientId"]
        case .routed(let identity, let p):
            var members: [JSONValue.Member] = [.init("outcome", "routed"), .init("inboxId", .string(identity.inboxId))]
            switch p.topic {
            case .group(let id): members += [.init("kind", "groupMessage"), .init("groupId", .string(id.lowercased()))]
            case .welcome(let id):
                members += [.init("kind", "welcome"), .init("installationId", .string(id.lowercased()))]
            }
            if let m = p.encryptedMessage { members.append(.init("encryptedMessageHex", .string(Hex.encode(m)))) }
            if let t = p.messageType { members.append(.init("messageType", .string(t))) }
            return .object(members)
        }
    }
}
