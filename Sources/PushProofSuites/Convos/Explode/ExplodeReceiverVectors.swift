import ConvosExplode
import Foundation
import PushProofConformance
import PushProofCrypto
import PushProofJSON

/// explode_receiver: the receiver's rules for one conversation.
enum ExplodeReceiverVectors {
    static func file() throws -> VectorFileDeclaration {
        let now: Int64 = 1_772_600_000
        func ev(_ event: String, _ extra: KeyValuePairs<String, JSONValue> = [:]) -> JSONValue {
            var v: JSONValue = ["event": .string(event)]
            for (k, x) in extra { v = v.setting(k, to: x) }
            return v
        }
        func explode(_ t: Int64, fromSelf: Bool = false, sender: String? = nil) -> JSONValue {
            let v = ev("explodeMessage", ["fromSelf": .bool(fromSelf), "expiresAt": .integer(t)])
            return sender.map { v.setting("sender", to: .string($0)) } ?? v
        }
        func trigger(_ at: Int64, _ kind: String = "appBecameActive") -> JSONValue {
            ev("trigger", ["trigger": .string(kind), "now": .integer(at)])
        }
        func meta(_ t: Int64) -> JSONValue { ev("metadata", ["expiresAt": .integer(t)]) }
        func trace(_ comment: String, _ flags: [String], source: String? = nil, _ events: [JSONValue]) -> VectorCase {
            VectorCase(
                comment: comment, flags: ["ReceiverRules"] + flags, source: source, input: ["events": .array(events)])
        }
        // xmtplabs/convos-ios@5d1e833e (docs/audit/explode_receiver.md).
        let repo = "xmtplabs/convos-ios@5d1e833e:ConvosCore/Sources/ConvosCore/"
        let writer = repo + "Storage/Writers/IncomingMessageWriter.swift"
        let worker = repo + "Storage/Workers/ExpiredConversationsWorker.swift"
        let conversation = repo + "Storage/Writers/ConversationWriter.swift"
        let due = "\(worker):321-325 (explodes when expiresAt <= Date())"
        let permission = "\(writer):595-609 (only the creator, an admin or a superAdmin may explode)"
        let fromSelf = "\(writer):577-580"
        let store = "\(writer):611-621 (an earlier time replaces the stored one, an equal or later one is ignored)"
        let overwrite = "\(conversation):1028-1030, 1048-1058 (the metadata copy overwrites whenever it is set)"
        let exploded =
            "\(worker):193-239, \(repo)Storage/Writers/ConversationExplosionWriter.swift:159-174 (leave, deny consent, delete the row)"
        let deployed = [
            trace(
                "explode now, then the app becomes active", [], source: "\(store); \(worker):47-53; \(due)",
                [ev("message"), explode(now), trigger(now)]),
            trace(
                "after the explosion: messages dropped, re-sync refused", ["AfterExplosion"], source: exploded,
                [explode(now), trigger(now), ev("message"), explode(now), ev("resync")]),
            trace(
                "an explode sent by this inbox is ignored", ["FromSelf"], source: "\(fromSelf); \(due)",
                [explode(now, fromSelf: true), trigger(now), ev("resync")]),
            trace(
                "a second explode with an earlier time replaces the first (upstream does not ignore a second "
                    + "explode)",
                ["EarlierExplodeReplaces"], source: "\(store); \(due)",
                [explode(now + 7200), explode(now), trigger(now)]),
            trace(
                "a scheduled explosion waits until expiresAt <= now, then happens (upstream has no clock-skew "
                    + "allowance)",
                ["Scheduled", "ExactDue"], source: "\(worker):55-66, 147-153",
                [
                    explode(now + 3600), trigger(now), trigger(now + 3599, "conversationExpired"),
                    trigger(now + 3600, "conversationExpired"),
                ]),
            trace(
                "the notification tap triggers it", [], source: "\(worker):76-82; \(due)",
                [explode(now - 10), trigger(now, "explosionNotificationTapped")]),
            trace(
                "sender's clock 30 s ahead: not due until the receiver's clock gets there (the 60 s clock-skew "
                    + "allowance is PushProof's; see the hardened group)",
                ["ExactDue"], source: due, [explode(now + 30), trigger(now)]),
            trace(
                "61 s ahead: scheduled, still not due a second later (the 60 s allowance is PushProof's)",
                ["ExactDue", "Scheduled"], source: due,
                [explode(now + 61), trigger(now), trigger(now + 1)]),
            trace(
                "metadata alone stores expiresAt", ["MetadataOverwrites"], source: "\(overwrite); \(due)",
                [meta(now - 5), trigger(now)]),
            trace(
                "metadata earlier than the message overwrites it", ["MetadataOverwrites"],
                source: "\(overwrite); \(due)", [explode(now + 7200), meta(now), trigger(now)]),
            trace(
                "metadata later than the message overwrites it too: the explosion is postponed (ignoring a later "
                    + "copy is PushProof's advice, in the hardened group)", ["MetadataOverwrites"],
                source: "\(overwrite); \(due)",
                [explode(now), meta(now + 7200), trigger(now)]),
            trace(
                "an expiresAt before 1970 explodes at the first trigger", ["Pre1970"],
                source: "\(repo)Custom Content Types/ExplodeSettingsCodec.swift:49-53; \(store); \(due)",
                [explode(-14_182_940), trigger(now)]),
            trace(
                "a trigger with nothing stored does nothing", [], source: due,
                [trigger(now), ev("message"), ev("resync")]),
            trace(
                "a second explode with a later time is ignored", ["EarlierExplodeReplaces"], source: "\(store); \(due)",
                [explode(now), explode(now + 7200), trigger(now)]),
            trace(
                "a second explode with the same time is ignored", ["EarlierExplodeReplaces"],
                source: "\(store); \(due)", [explode(now + 60), explode(now + 60), trigger(now + 60)]),
            trace(
                "a stale metadata copy undoes an earlier explode: the later time wins again", ["MetadataOverwrites"],
                source: "\(store); \(overwrite); \(due)",
                [explode(now + 7200), explode(now), meta(now + 7200), trigger(now), trigger(now + 7200)]),
            trace(
                "the same metadata time again changes nothing", ["MetadataOverwrites"], source: overwrite,
                [meta(now + 10), meta(now + 10), trigger(now + 9), trigger(now + 10)]),
            trace(
                "an explode from a plain member is ignored", ["SenderPermission"], source: "\(permission); \(due)",
                [explode(now, sender: "member"), trigger(now)]),
            trace(
                "an explode from a sender who is not a member is ignored", ["SenderPermission"],
                source: "\(permission); \(due)", [explode(now, sender: "nonMember"), trigger(now)]),
            trace(
                "an admin may explode", ["SenderPermission"], source: "\(permission); \(store); \(due)",
                [explode(now, sender: "admin"), trigger(now)]),
            trace(
                "a superAdmin may explode", ["SenderPermission"], source: "\(permission); \(store); \(due)",
                [explode(now, sender: "superAdmin"), trigger(now)]),
            trace(
                "a plain member's earlier explode does not lower the stored time", ["SenderPermission"],
                source: "\(permission); \(due)",
                [explode(now + 7200, sender: "creator"), explode(now, sender: "member"), trigger(now)]),
            trace(
                "from this inbox is ignored whatever its role", ["FromSelf", "SenderPermission"],
                source: "\(fromSelf); \(due)", [explode(now, fromSelf: true, sender: "admin"), trigger(now)]),
        ]
        let hardened = [
            trace(
                "sender's clock 30 s ahead: due at once. Why: an explosion sent \"now\" must not wait for a "
                    + "receiver whose clock runs behind the sender's", ["ClockSkew"],
                [explode(now + 30), trigger(now)]),
            trace(
                "exactly 60 s ahead: due at once. Why: the allowance's edge", ["ClockSkew"],
                [explode(now + 60), trigger(now)]),
            trace(
                "61 s ahead: scheduled, due a second later. Why: beyond the allowance a time is a scheduled "
                    + "explosion", ["ClockSkew", "Scheduled"], [explode(now + 61), trigger(now), trigger(now + 1)]),
            trace(
                "a metadata copy later than the stored time is ignored. Why: any member can write the group's app "
                    + "data, so a later copy would let one member postpone everyone's explosion",
                ["MetadataNeverPostpones"], [explode(now), meta(now + 7200), trigger(now)]),
            trace(
                "a stale metadata copy does not undo an earlier explode. Why: as above", ["MetadataNeverPostpones"],
                [explode(now + 7200), explode(now), meta(now + 7200), trigger(now)]),
            trace(
                "an earlier metadata copy lowers the time, as upstream. Why: an explosion may come sooner, never "
                    + "later", ["MetadataNeverPostpones"], [explode(now + 7200), meta(now), trigger(now)]),
        ]
        return VectorFileDeclaration(
            name: "explode_receiver", protocolName: "convos-explode-settings", notes: ExplodeNotes.catalogue,
            header: [
                "The receiver's rules for one conversation, as a trace of events and the outcome and state after each.",
                "Events: explodeMessage (fromSelf, expiresAt, sender: creator (when absent) | admin | superAdmin | member | nonMember), metadata (expiresAt), trigger (appBecameActive | conversationExpired | explosionNotificationTapped, now), message, resync.",
                "Outcomes: ignoredFromSelf, ignoredUnauthorized (a sender who may not explode), ignoredDuplicate (the stored time again), stored, lowered (an earlier time replaces the stored one), raised (a later metadata copy replaces it: deployed only), ignoredLater, exploded, notDue, nothingScheduled, accepted, dropped, resyncAllowed, resyncRefused.",
            ],
            groups: [
                .init(
                    operation: .explodeReceiverTrace,
                    description:
                        "Each trace starts with an active conversation. What Convos iOS does (xmtplabs/convos-ios@5d1e833e); an explode message without a sender comes from the conversation's creator.",
                    ids: .block(1...200), cases: deployed + deployedPairCases()),
                .init(
                    operation: .explodeReceiverTrace, profile: .hardened,
                    description:
                        "PushProof's advice beyond upstream: a metadata copy never postpones an explosion; expiresAt up to 60 s ahead of the receiver's clock is due. Each test says why.",
                    ids: .block(201...400), cases: hardened + hardenedPairCases()),
                .init(
                    operation: .explodeReceiverTrace,
                    description:
                        "What Convos iOS does, in the cases of its own IncomingMessageWriterExplodeTests and ExpiredConversationsWorkerTests.",
                    ids: .block(401...500), cases: try upstreamTestCases()),
            ])
    }
}
