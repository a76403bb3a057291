import PushProofConformance
import PushProofCrypto
import PushProofJSON

/// Known-bad Convos push implementations the vectors must catch.
enum ConvosPushMutants {
    static let all: [Mutant] = [
        Mutant.answering(
            .convosPushRoute, in: .deployed, as: .hardened, id: "push-read-strictly", bugClass: .leniency,
            summary: "deployed pushes read with PushProof's strict parser: refuses what Convos iOS routes"),
        Mutant(
            id: "push-conversation-not-looked-up", bugClass: .missingStep,
            summary: "a group message is routed without checking that the identity holds the group"
        ) {
            request, reference in
            guard request.operation == .convosPushRoute, let identities = request.input["identities"]?.arrayValue
            else { return nil }
            // Every identity holds every group the topic could name: the lookup never fails.
            let topic = request.input["payload"]?["notificationData"]?["contentTopic"]?.stringValue ?? ""
            let named = topic.split(separator: "/").first(where: { $0.hasPrefix("g-") }).map { String($0.dropFirst(2)) }
            guard let named, let hex = Hex.decode(named.lowercased()), !hex.isEmpty else { return nil }
            let widened = identities.map { $0.setting("groupIds", to: [.string(Hex.encode(hex))]) }
            return reference.perform(request.with(input: request.input.setting("identities", to: .array(widened))))
        },
        Mutant(
            id: "client-id-any-case", bugClass: .missingStep,
            summary: "the clientId is matched without regard to case"
        ) {
            request, reference in
            guard request.operation == .convosPushRoute, let payload = request.input["payload"],
                let clientId = payload["clientId"]?.stringValue
            else { return nil }
            return reference.perform(
                request.with(
                    input: request.input.setting(
                        "payload", to: payload.setting("clientId", to: .string(clientId.uppercased())))))
        },
    ]
}
