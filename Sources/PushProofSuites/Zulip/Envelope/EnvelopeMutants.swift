import PushProofConformance
import PushProofCrypto
import PushProofJSON
import ZulipEnvelope
import ZulipRegistration

/// Known-bad envelope implementations the vectors must catch.
enum EnvelopeMutants {
    static let all: [Mutant] = [
        Mutant(
            id: "ignore-key-type-byte", bugClass: .missingStep,
            summary: "the server uses a push key whatever its type byte"
        ) {
            request, reference in
            guard request.operation == .envelopeEncrypt, let key = request.input["pushKey"]?.stringValue,
                key.count == 66
            else { return nil }
            return reference.perform(
                request.with(input: request.input.setting("pushKey", to: .string("31" + key.dropFirst(2)))))
        },
        Mutant(
            id: "no-content-truncation", bugClass: .missingStep,
            summary: "the server sends message content untruncated"
        ) { request, _ in
            let input = request.reader
            guard request.operation == .envelopeEncrypt, let raw = input.value["notification"],
                raw["type"] == "message",
                let content = raw["content"]?.stringValue, content.unicodeScalars.count > 200,
                case .message(var m)? = try? EnvelopeOperations.notification(raw),
                let wire = try? input.hex("pushKey"), let id = try? input.uint32("pushKeyId"),
                let key = PushKey(id: id, wireBytes: wire), let nonce = try? input.hex("nonce")
            else { return nil }
            m.content = content
            let n = ZulipNotification.message(m)
            guard let e = try? NotificationSender.encrypt(n, key: key, nonce: nonce) else { return nil }
            return .output([
                "plaintext": .string(String(decoding: n.plaintext, as: UTF8.self)),
                "encryptedData": .string(e.encryptedData),
            ])
        },
        .answering(
            .envelopeEncrypt, in: .deployed, as: .hardened, id: "removal-ids-deduplicated", bugClass: .edgeCase,
            summary: "the deployed server drops repeated removal ids, which upstream keeps"),
        Mutant(
            id: "test-notification-delivered", bugClass: .functionality,
            summary: "the deployed client shows a notification of type test, which zulip-flutter drops"
        ) { request, reference in
            guard request.operation == .envelopeReceive, request.profile == .deployed,
                case .output(let deployed) = reference.perform(request), deployed["outcome"] == "droppedUnexpectedType",
                case .output(let hardened) = reference.perform(request.with(profile: .hardened)),
                hardened["outcome"] == "delivered"
            else { return nil }
            return .output(hardened)
        },
        Mutant(
            id: "fractional-key-id-unknown", bugClass: .edgeCase,
            summary: "the deployed client treats an APNs push_key_id written with a fraction as no key's id"
        ) { request, reference in
            guard request.operation == .envelopeReceive, request.profile == .deployed,
                request.input["service"] == "apns",
                case .number(let text)? = request.input["payload"]?["push_key_id"], text.contains(".")
            else { return nil }
            return .output(["outcome": "droppedUnknownKey"])
        },
        Mutant(
            id: "payload-limit-off-by-one", bugClass: .edgeCase,
            summary: "the bouncer refuses a payload of exactly 4096 bytes"
        ) { request, reference in
            guard request.operation == .envelopeBouncerPayload, case .output(let out) = reference.perform(request)
            else { return nil }
            let payload = request.input["service"] == "apns" ? out["body"] : out["data"]
            guard let payload, JSONWriter.compactBytes(payload).count >= PushService.payloadLimit else { return nil }
            return .error(code: "PAYLOAD_TOO_LARGE", message: nil)
        },
        Mutant(
            id: "fcm-id-as-integer", bugClass: .modifiedParameter,
            summary: "the bouncer writes push_key_id as a JSON integer in FCM data"
        ) {
            request, reference in
            guard request.operation == .envelopeBouncerPayload, request.input["service"] == "fcm",
                case .output(let out) = reference.perform(request), let data = out["data"],
                let id = data["push_key_id"]?.stringValue
            else { return nil }
            return .output(out.setting("data", to: data.setting("push_key_id", to: .number(id))))
        },
    ]
}
