import ConvosExplode
import Foundation
import PushProofConformance
import PushProofCrypto
import PushProofJSON

/// explode_receiver: the receiver's rules for one conversation.
enum ExplodeReceiverVectors {
    static func file() -> VectorFileDeclaration {
        let now: Int64 = 1_772_600_000
        func ev(_ event: String, _ extra: KeyValuePairs<String, JSONValue> = [:]) -> JSONValue {
            var v: JSONValue = ["event": .string(event)]
            for (k, x) in extra { v = v.setting(k, to: x) }
            return v
        }
        func explode(_ t: Int64, fromSelf: Bool = false) -> JSONValue {
            ev("explodeMessage", ["fromSelf": .bool(fromSelf), "expiresAt": .integer(t)])
        }
        func trigger(_ at: Int64, _ kind: String = "appBecameActive") -> JSONValue {
            ev("trigger", ["trigger": .string(kind), "now": .integer(at)])
        }
        func meta(_ t: Int64) -> JSONValue { ev("metadata", ["expiresAt": .integer(t)]) }
        func trace(_ comment: String, _ flags: [String], _ events: [JSONValue]) -> VectorCase {
            VectorCase(comment: comment, flags: ["ReceiverRules"] + flags, input: ["events": .array(events)])
        }
        let traces = [
            trace("explode now, then the app becomes active", [], [ev("message"), explode(now), trigger(now)]),
            trace(
                "after the explosion: messages dropped, re-sync refused", ["AfterExplosion"],
                [explode(now), trigger(now), ev("message"), explode(now), ev("resync")]),
            trace(
                "an explode sent by this inbox is ignored", ["FromSelf"],
                [explode(now, fromSelf: true), trigger(now), ev("resync")]),
            trace("a second explode is ignored", ["Idempotent"], [explode(now + 7200), explode(now), trigger(now)]),
            trace(
                "a scheduled explosion waits, then happens", ["Scheduled"],
                [
                    explode(now + 3600), trigger(now), trigger(now + 3599, "conversationExpired"),
                    trigger(now + 3600, "conversationExpired"),
                ]),
            trace(
                "the notification tap triggers it", [],
                [explode(now - 10), trigger(now, "explosionNotificationTapped")]),
            trace("sender's clock 30 s ahead: due at once", ["ClockSkew"], [explode(now + 30), trigger(now)]),
            trace(
                "61 s ahead: scheduled", ["ClockSkew", "Scheduled"],
                [explode(now + 61), trigger(now), trigger(now + 1)]),
            trace("metadata alone stores expiresAt", ["MetadataDisagrees"], [meta(now - 5), trigger(now)]),
            trace(
                "metadata earlier than the message wins", ["MetadataDisagrees"],
                [explode(now + 7200), meta(now), trigger(now)]),
            trace(
                "metadata later than the message is ignored", ["MetadataDisagrees"],
                [explode(now), meta(now + 7200), trigger(now)]),
            trace(
                "an expiresAt before 1970 explodes at the first trigger", ["Pre1970"],
                [explode(-14_182_940), trigger(now)]),
            trace("a trigger with nothing stored does nothing", [], [trigger(now), ev("message"), ev("resync")]),
        ]
        return VectorFileDeclaration(
            suite: "explode_receiver", protocolName: "convos-explode-settings", notes: ExplodeNotes.catalogue,
            header: [
                "The receiver's rules for one conversation, as a trace of events and the outcome and state after each.",
                "Events: explodeMessage (fromSelf, expiresAt), metadata (expiresAt), trigger (appBecameActive | conversationExpired | explosionNotificationTapped, now), message, resync.",
            ],
            groups: [
                .init(
                    type: "ReceiverTraceTest", operation: .explodeReceiverTrace,
                    description: "Each trace starts with an active conversation.", ids: .block(1...200), cases: traces)
            ])
    }
}
