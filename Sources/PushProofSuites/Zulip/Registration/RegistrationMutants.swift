import PushProofConformance
import PushProofCrypto
import PushProofJSON
import ZulipRegistration

/// Known-bad registration implementations the vectors must catch.
enum RegistrationMutants {
    static let all: [Mutant] = [
        .answering(
            .registrationServerLifecycle, in: .deployed, as: .hardened, id: "retries-never-give-up",
            bugClass: .functionality,
            summary:
                "the deployed server retries a transient bouncer failure without limit (upstream gives up after three)"),
        .answering(
            .registrationBouncer, in: .deployed, as: .hardened, id: "bouncer-refuses-leniencies",
            bugClass: .leniency,
            summary:
                "the deployed bouncer refuses what upstream's stores or answers otherwise (lax timestamps, base64 "
                + "with white space, an extra field), as the hardened bouncer does"),
        .answering(
            .registrationServerParameters, in: .deployed, as: .hardened, id: "partial-group-refused",
            bugClass: .modifiedParameter,
            summary: "the deployed server refuses a partial group beside a complete one, which upstream ignores"),
        Mutant(id: "skip-liveness", bugClass: .missingStep, summary: "the bouncer never checks the 24-hour liveness") {
            request, reference in
            guard request.operation == .registrationBouncer, let bouncer = request.input["bouncer"] else { return nil }
            // A clock at the beginning of time: every timestamp is "in the future".
            return reference.perform(
                request.with(
                    input: request.input.setting("bouncer", to: bouncer.setting("now", to: .integer(Int64.min)))))
        },
        Mutant(id: "accept-retired-key", bugClass: .authBypass, summary: "the bouncer keeps retired keys usable") {
            request, reference in
            guard request.operation == .registrationBouncer, let bouncer = request.input["bouncer"],
                let ring = bouncer["keyRing"]?.arrayValue
            else { return nil }
            let active = ring.map { $0.setting("status", to: "active") }
            return reference.perform(
                request.with(
                    input: request.input.setting("bouncer", to: bouncer.setting("keyRing", to: .array(active)))))
        },
        Mutant(
            id: "skip-token-id-match", bugClass: .missingStep,
            summary: "the bouncer does not compare token_id with the decrypted token"
        ) {
            request, reference in
            guard request.operation == .registrationBouncer, request.profile == .deployed,
                let body = request.input["request"],
                let token = decryptedToken(request.input)
            else { return nil }
            return reference.perform(
                request.with(
                    input: request.input.setting(
                        "request", to: body.setting("token_id", to: .string(TokenId(token: token).base64)))))
        },
        Mutant(
            id: "deployed-bouncer-leniency", bugClass: .leniency,
            summary:
                "the bouncer decodes base64 and the plaintext as the deployed Python bouncer does in every profile (the proposal profile requires canonical standard base64)"
        ) {
            request, _ in
            guard request.operation == .registrationBouncer else { return nil }
            return OperationOutcome {
                .output(try RegistrationOperations.bouncer(request, strictness: .deployedCompatible))
            }
        },
    ]

    /// The token inside a registration.bouncer request, opened with the ring's keys.
    static func decryptedToken(_ input: JSONValue) -> String? {
        guard
            let box = input["request"]?["encrypted_push_registration"]?.stringValue.flatMap({ try? Base64.decode($0) }),
            let ring = input["bouncer"]?["keyRing"]?.arrayValue
        else { return nil }
        for entry in ring {
            guard let sk = entry["secretKey"]?.stringValue.flatMap(Hex.decode),
                let secret = try? X25519.SecretKey(rawBytes: sk),
                let plaintext = try? SealedBox.open(box, recipient: X25519.KeyPair(secretKey: secret)),
                let json = try? JSONParser.parse(plaintext), let token = json["token"]?.stringValue
            else { continue }
            return token
        }
        return nil
    }
}
