import PushProofConformance
import PushProofJSON

/// Known-bad Convos push implementations the vectors must catch.
enum ConvosPushMutants {
    static let all: [Mutant] = [
        Mutant(
            id: "client-id-any-case", bugClass: "MISSING_STEP",
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
        }
    ]
}
