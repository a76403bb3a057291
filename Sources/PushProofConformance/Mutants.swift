import ConvosExplode
import Foundation
import PushProofCrypto
import PushProofJSON
import ZulipEnvelope
import ZulipRegistration

/// Deliberately broken implementations: the reference with one rule switched off. The suite must
/// fail every one; a mutant no vector catches is a gap in the vectors.
public struct Mutant: ConformanceImplementation {
    public let id: String
    /// The bug class it stands for (the vector notes' bug types).
    public let bugClass: String
    public let summary: String
    let change: @Sendable (_ operation: String, _ input: JSONValue, _ reference: ReferenceImplementation) -> OperationOutcome?

    public var name: String { "mutant \(id)" }

    public func perform(operation: String, input: JSONValue) -> OperationOutcome {
        let reference = ReferenceImplementation()
        return change(operation, input, reference) ?? reference.perform(operation: operation, input: input)
    }

    public static func named(_ id: String) -> Mutant? { catalogue.first { $0.id == id } }

    public static let catalogue: [Mutant] = [
        Mutant(id: "skip-liveness", bugClass: "MISSING_STEP", summary: "the bouncer never checks the 24-hour liveness") { op, input, ref in
            guard op == "registration.bouncer" else { return nil }
            // A clock at the beginning of time: every timestamp is "in the future".
            return ref.perform(operation: op, input: input.setting("bouncer", to: input["bouncer"]!.setting("now", to: .integer(Int64.min))))
        },
        Mutant(id: "accept-retired-key", bugClass: "AUTH_BYPASS", summary: "the bouncer keeps retired keys usable") { op, input, ref in
            guard op == "registration.bouncer", let ring = input["bouncer"]?["keyRing"]?.arrayValue else { return nil }
            let active = ring.map { $0.setting("status", to: "active") }
            return ref.perform(operation: op, input: input.setting("bouncer", to: input["bouncer"]!.setting("keyRing", to: .array(active))))
        },
        Mutant(id: "skip-token-id-match", bugClass: "MISSING_STEP", summary: "the bouncer does not compare token_id with the decrypted token") { op, input, ref in
            guard op == "registration.bouncer", input["profile"] == "deployed", let request = input["request"],
                  let token = decryptedToken(input) else { return nil }
            return ref.perform(operation: op, input: input.setting("request", to: request.setting("token_id", to: .string(TokenId(token: token).base64))))
        },
        Mutant(id: "deployed-bouncer-leniency", bugClass: "LENIENCY", summary: "the bouncer decodes base64 and the plaintext as the deployed Python bouncer does") { op, input, _ in
            guard op == "registration.bouncer" else { return nil }
            return (try? RegistrationOperations.bouncer(input, strictness: .deployedCompatible)) ?? .error(code: harnessInputErrorCode, message: nil)
        },
        Mutant(id: "ignore-key-type-byte", bugClass: "MISSING_STEP", summary: "the server uses a push key whatever its type byte") { op, input, ref in
            guard op == "envelope.encrypt", let key = input["pushKey"]?.stringValue, key.count == 66 else { return nil }
            return ref.perform(operation: op, input: input.setting("pushKey", to: .string("31" + key.dropFirst(2))))
        },
        Mutant(id: "no-content-truncation", bugClass: "MISSING_STEP", summary: "the server sends message content untruncated") { op, input, ref in
            guard op == "envelope.encrypt", input["notification"]?["type"] == "message",
                  let content = input["notification"]?["content"]?.stringValue, content.unicodeScalars.count > 200,
                  case var .message(m)? = try? EnvelopeOperations.notification(input["notification"]!),
                  let wire = input["pushKey"]?.stringValue.flatMap(Hex.decode), let id = input["pushKeyId"]?.uint64Value,
                  let key = PushKey(id: UInt32(id), wireBytes: wire), let nonce = input["nonce"]?.stringValue.flatMap(Hex.decode) else { return nil }
            m.content = content
            let n = ZulipNotification.message(m)
            guard let e = try? NotificationSender.encrypt(n, key: key, nonce: nonce) else { return nil }
            return .output(["plaintext": .string(String(decoding: n.plaintext, as: UTF8.self)), "encryptedData": .string(e.encryptedData)])
        },
        Mutant(id: "fcm-id-as-integer", bugClass: "MODIFIED_PARAMETER", summary: "the bouncer writes push_key_id as a JSON integer in FCM data") { op, input, ref in
            guard op == "envelope.bouncerPayload", input["service"] == "fcm", case let .output(out) = ref.perform(operation: op, input: input),
                  let data = out["data"], let id = data["push_key_id"]?.stringValue else { return nil }
            return .output(out.setting("data", to: data.setting("push_key_id", to: .number(id))))
        },
        Mutant(id: "keccak-as-sha3", bugClass: "WRONG_PRIMITIVE", summary: "SHA3-256 where Keccak-256 is meant") { op, input, _ in
            guard op == "identity.keccak256", let message = input["message"]?.stringValue.flatMap(Hex.decode) else { return nil }
            return .output(["digest": .string(Hex.encode(Keccak.sha3_256(message)))])
        },
        Mutant(id: "duplicate-client-id-allowed", bugClass: "MISSING_STEP", summary: "the store lets two inboxes share a clientId") { op, input, ref in
            guard op == "identity.storeTrace", case let .output(out) = ref.perform(operation: op, input: input),
                  let results = out["results"]?.arrayValue else { return nil }
            return .output(["results": .array(results.map { $0["error"] == "DUPLICATE_CLIENT_ID" ? ["result": "saved"] : $0 })])
        },
        Mutant(id: "inbox-id-in-backend-request", bugClass: "CONFIDENTIALITY", summary: "the inbox id is sent to the push backend") { op, input, ref in
            guard op == "identity.teardown", case let .output(out) = ref.perform(operation: op, input: input),
                  let steps = out["steps"]?.arrayValue, let inbox = input["inboxId"] else { return nil }
            return .output(["steps": .array(steps.map { step in
                guard let request = step["request"], let body = request["body"] else { return step }
                return step.setting("request", to: request.setting("body", to: body.setting("inboxId", to: inbox)))
            })])
        },
        Mutant(id: "fractional-seconds", bugClass: "DEFINED", summary: "ExplodeSettings written with milliseconds") { op, input, ref in
            guard op == "explode.encode", case let .output(out) = ref.perform(operation: op, input: input),
                  let content = out["content"]?.stringValue, let hex = out["encodedContentHex"]?.stringValue.flatMap(Hex.decode),
                  var message = try? Xmtp_MessageContents_EncodedContent(serializedBytes: hex) else { return nil }
            let fractional = content.replacingOccurrences(of: "Z\"}", with: ".000Z\"}")
            message.content = Data(fractional.utf8)
            return .output(out.setting("content", to: .string(fractional))
                .setting("encodedContentHex", to: .string(Hex.encode(try! message.serializedData()))))
        },
        Mutant(id: "accept-explode-from-self", bugClass: "MISSING_STEP", summary: "an explode sent by this inbox is applied") { op, input, ref in
            guard op == "explode.receiverTrace", let events = input["events"]?.arrayValue else { return nil }
            let changed = events.map { $0["fromSelf"] == true ? $0.setting("fromSelf", to: false) : $0 }
            return ref.perform(operation: op, input: input.setting("events", to: .array(changed)))
        },
        Mutant(id: "any-content-type", bugClass: "MISSING_STEP", summary: "ExplodeSettings decoded whatever the content type says") { op, input, ref in
            guard op == "explode.decode", let hex = input["encodedContentHex"]?.stringValue.flatMap(Hex.decode),
                  var message = try? Xmtp_MessageContents_EncodedContent(serializedBytes: hex) else { return nil }
            message.type = ExplodeSettingsCodec.contentType
            return ref.perform(operation: op, input: input.setting("encodedContentHex", to: .string(Hex.encode(try! message.serializedData()))))
        },
    ]

    /// The token inside a registration.bouncer request, opened with the ring's keys.
    static func decryptedToken(_ input: JSONValue) -> String? {
        guard let box = input["request"]?["encrypted_push_registration"]?.stringValue.flatMap({ try? Base64.decode($0) }),
              let ring = input["bouncer"]?["keyRing"]?.arrayValue else { return nil }
        for entry in ring {
            guard let sk = entry["secretKey"]?.stringValue.flatMap(Hex.decode), let secret = try? X25519.SecretKey(rawBytes: sk),
                  let plaintext = try? SealedBox.open(box, recipient: X25519.KeyPair(secretKey: secret)),
                  let json = try? JSONParser.parse(plaintext), let token = json["token"]?.stringValue else { continue }
            return token
        }
        return nil
    }
}

/// How the suite did against each mutant.
public struct MutantReport: Sendable {
    public var mutant: String
    public var bugClass: String
    public var summary: String
    /// The vectors that failed the mutant (`suite:tcId`).
    public var caughtBy: [String]
    public var caught: Bool { !caughtBy.isEmpty }
}

extension ConformanceRunner {
    public static func hunt(_ mutants: [Mutant], files: [LoadedVectorFile],
                            implementation: (Mutant) throws -> any ConformanceImplementation = { $0 }) throws -> [MutantReport] {
        try mutants.map { mutant in
            let report = try ConformanceRunner(implementation: try implementation(mutant)).run(files)
            return MutantReport(mutant: mutant.id, bugClass: mutant.bugClass, summary: mutant.summary,
                                caughtBy: report.outcomes.filter { $0.status == .failed }.map(\.name))
        }
    }
}
