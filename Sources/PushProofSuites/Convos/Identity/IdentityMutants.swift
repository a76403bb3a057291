import PushProofConformance
import PushProofCrypto
import PushProofJSON

/// Known-bad clientId-mapping implementations the vectors must catch.
enum IdentityMutants {
    static let all: [Mutant] = [
        .answering(
            .identityTeardown, in: .deployed, as: .hardened, id: "teardown-as-advised", bugClass: .functionality,
            summary:
                "the deployed teardown unsubscribes every topic and deletes every database file, which the app does not"
        ),
        .answering(
            .identityKeychainDecode, in: .deployed, as: .hardened, id: "keychain-record-read-strictly",
            bugClass: .functionality,
            summary:
                "the deployed keychain record is read with PushProof's strict rules, refusing records the app reads"),
        Mutant(id: "keccak-as-sha3", bugClass: .wrongPrimitive, summary: "SHA3-256 where Keccak-256 is meant") {
            request, _ in
            guard request.operation == .identityKeccak256, let message = try? request.reader.hex("message") else {
                return nil
            }
            return .output(["digest": .string(Hex.encode(Keccak.sha3_256(message)))])
        },
        Mutant(
            id: "duplicate-client-id-allowed", bugClass: .missingStep,
            summary: "the store lets two inboxes share a clientId"
        ) {
            request, reference in
            guard request.operation == .identityStoreTrace, case .output(let out) = reference.perform(request),
                let results = out["results"]?.arrayValue
            else { return nil }
            return .output([
                "results": .array(results.map { $0["error"] == "DUPLICATE_CLIENT_ID" ? ["result": "saved"] : $0 })
            ])
        },
        Mutant(
            id: "inbox-id-in-backend-request", bugClass: .confidentiality,
            summary: "the inbox id is sent to the push backend"
        ) {
            request, reference in
            guard request.operation == .identityTeardown, case .output(let out) = reference.perform(request),
                let steps = out["steps"]?.arrayValue, let inbox = request.input["inboxId"]
            else { return nil }
            return .output([
                "steps": .array(
                    steps.map { step in
                        guard let sent = step["request"], let body = sent["body"] else { return step }
                        return step.setting("request", to: sent.setting("body", to: body.setting("inboxId", to: inbox)))
                    })
            ])
        },
    ]
}
