import ConvosPush
import PushProofConformance
import PushProofCrypto
import PushProofJSON

// The Convos push suite's fuzz target (docs/fuzzing.md).

/// The Convos push payload parser and router.
enum ConvosPayloadHarness {
    static func run(_ data: [UInt8]) {
        guard let json = try? JSONParser.parse(data) else { return }
        let resolver = InMemoryClientIdResolver([
            "8F2D9C1E-4B7A-4E3F-9D2C-1A0B3C4D5E6F": ResolvedIdentity(inboxId: "inbox-1")
        ])
        switch Result(catching: { () throws(ConvosPushPayload.ParseError) in try ConvosPushPayload.parse(json) }) {
        case .success(let payload):
            fuzzInvariant(!payload.clientId.isEmpty, "blank clientId accepted")
            fuzzInvariant(
                payload.isWelcome || payload.encryptedMessage != nil, "group message without encryptedMessage")
            fuzzInvariant(ConvosTopic(payload.topic.text) == payload.topic, "topic round trip")
            if case .routed(let identity, _) = ConvosPushRouter.route(payload, resolver: resolver) {
                fuzzInvariant(
                    resolver.identity(forClientId: payload.clientId) == identity, "routed to another identity")
            }
        case .failure:
            break
        }
        // The deployed reading: never traps, and routes only to the identity the clientId names.
        let groups: Set<[UInt8]> = [[0xE5, 0xEA]]
        if case .routed(let identity, let delivery)? = try? DeployedPushReader.read(
            json, resolver: resolver, conversations: { _ in groups })
        {
            fuzzInvariant(
                resolver.identity(forClientId: json["clientId"]?.stringValue ?? "") == identity,
                "deployed reading routed to another identity")
            if case .groupMessage(let groupId, _, _) = delivery {
                fuzzInvariant(groups.contains(groupId), "deployed reading delivered to a group the identity lacks")
            }
        }
    }
}

extension ConvosPushSuite {
    public var fuzzTargets: [FuzzTarget] {
        [FuzzTarget("FuzzConvosPayload", seeds: Self.payloads, run: ConvosPayloadHarness.run)]
    }

    /// The push payloads of the routing vectors.
    static func payloads(_ files: [VectorFile]) -> [[UInt8]] {
        files.tests(of: "convos_push").compactMap { _, test in test.input["payload"].map(SeedBytes.json) }
    }
}
