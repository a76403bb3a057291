import ConvosExplode
import Foundation
import PushProofConformance
import PushProofCrypto
import PushProofJSON

/// Known-bad ExplodeSettings implementations the vectors must catch.
enum ExplodeMutants {
    static let all: [Mutant] = [
        Mutant(id: "fractional-seconds", bugClass: .defined, summary: "ExplodeSettings written with milliseconds") {
            request, reference in
            guard request.operation == .explodeEncode, case .output(let out) = reference.perform(request),
                let content = out["content"]?.stringValue,
                let hex = out["encodedContentHex"]?.stringValue.flatMap(Hex.decode),
                var message = try? Xmtp_MessageContents_EncodedContent(serializedBytes: hex)
            else { return nil }
            let fractional = content.replacingOccurrences(of: "Z\"}", with: ".000Z\"}")
            message.content = Data(fractional.utf8)
            guard let bytes = try? message.serializedData() else { return nil }
            return .output(
                out.setting("content", to: .string(fractional)).setting(
                    "encodedContentHex", to: .string(Hex.encode(bytes))))
        },
        rewritingEvents(
            id: "accept-explode-from-self", bugClass: .missingStep,
            summary: "an explode sent by this inbox is applied"
        ) { $0["fromSelf"] == true ? $0.setting("fromSelf", to: false) : $0 },
        rewritingEvents(
            id: "any-member-may-explode", bugClass: .authBypass,
            summary: "an explode from a plain member or a non-member is applied"
        ) { $0["sender"] != nil ? $0.setting("sender", to: "creator") : $0 },
        Mutant(
            id: "any-content-type", bugClass: .missingStep,
            summary: "ExplodeSettings decoded whatever the content type says"
        ) {
            request, reference in
            guard request.operation == .explodeDecode,
                let hex = request.input["encodedContentHex"]?.stringValue.flatMap(Hex.decode),
                var message = try? Xmtp_MessageContents_EncodedContent(serializedBytes: hex)
            else { return nil }
            message.type = ExplodeSettingsCodec.contentType
            guard let bytes = try? message.serializedData() else { return nil }
            return reference.perform(
                request.with(input: request.input.setting("encodedContentHex", to: .string(Hex.encode(bytes)))))
        },
    ]

    /// A receiver that sees each event of a trace rewritten by `change` before the reference
    /// applies it (the rule the rewrite erases is the one the mutant lacks).
    static func rewritingEvents(
        id: String, bugClass: BugType, summary: String, _ change: @escaping @Sendable (JSONValue) -> JSONValue
    ) -> Mutant {
        Mutant(id: id, bugClass: bugClass, summary: summary) { request, reference in
            guard request.operation == .explodeReceiverTrace, let events = request.input["events"]?.arrayValue else {
                return nil
            }
            return reference.perform(
                request.with(input: request.input.setting("events", to: .array(events.map(change)))))
        }
    }
}
