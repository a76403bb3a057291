import PushProofConformance
import PushProofJSON

/// explode_receiver: every pair of receiver rules that can both apply to one event (from this inbox,
/// the sender's role, after the explosion, the metadata path, a scheduled time), and sequences of
/// three or more explode and metadata events, where the stored time each event is compared with is
/// not the first one stored.
extension ExplodeReceiverVectors {
    static let pairNow: Int64 = 1_772_600_000

    static func pairEvent(_ event: String, _ extra: KeyValuePairs<String, JSONValue> = [:]) -> JSONValue {
        var v: JSONValue = ["event": .string(event)]
        for (k, x) in extra { v = v.setting(k, to: x) }
        return v
    }

    static func pairExplode(_ t: Int64, fromSelf: Bool = false, sender: String? = nil) -> JSONValue {
        let v = pairEvent("explodeMessage", ["fromSelf": .bool(fromSelf), "expiresAt": .integer(t)])
        return sender.map { v.setting("sender", to: .string($0)) } ?? v
    }

    static func pairTrigger(_ at: Int64, _ kind: String = "appBecameActive") -> JSONValue {
        pairEvent("trigger", ["trigger": .string(kind), "now": .integer(at)])
    }

    static func pairMeta(_ t: Int64) -> JSONValue { pairEvent("metadata", ["expiresAt": .integer(t)]) }

    static func pairTrace(_ comment: String, _ flags: [String], _ source: String?, _ events: [JSONValue])
        -> VectorCase
    {
        VectorCase(
            comment: comment, flags: ["ReceiverRules"] + flags, source: source, input: ["events": .array(events)])
    }

    static func deployedPairCases() -> [VectorCase] {
        let now = pairNow
        let repo = "xmtplabs/convos-ios@5d1e833e:ConvosCore/Sources/ConvosCore/"
        let writer = repo + "Storage/Writers/IncomingMessageWriter.swift"
        let worker = repo + "Storage/Workers/ExpiredConversationsWorker.swift"
        let conversation = repo + "Storage/Writers/ConversationWriter.swift"
        let due = "\(worker):321-325"
        let permission = "\(writer):595-609"
        let fromSelf = "\(writer):577-580 (checked before the sender's role)"
        let store = "\(writer):611-621 (compared with the row's current expiresAt)"
        let overwrite = "\(conversation):1028-1030, 1048-1058"
        let gone =
            "\(writer):591-593; \(repo)Syncing/SyncingManager.swift:49-57; \(repo)Syncing/BatchCatchUp.swift:101-109; "
            + "\(worker):193-239"
        let explodeNow = [pairExplode(now), pairTrigger(now)]
        var cases: [VectorCase] = ["member", "nonMember", "creator", "superAdmin"].map { sender in
            pairTrace(
                "from this inbox with the role \(sender): ignoredFromSelf, whatever the role",
                ["FromSelf", "SenderPermission"], "\(fromSelf); \(permission)",
                [pairExplode(now, fromSelf: true, sender: sender), pairTrigger(now)])
        }
        cases += [
            pairTrace(
                "after the explosion, this inbox's own explode message is dropped, not ignoredFromSelf",
                ["AfterExplosion", "FromSelf"], gone, explodeNow + [pairExplode(now - 50, fromSelf: true)]),
            pairTrace(
                "after the explosion, a plain member's explode message is dropped, not ignoredUnauthorized",
                ["AfterExplosion", "SenderPermission"], gone, explodeNow + [pairExplode(now - 50, sender: "member")]),
            pairTrace(
                "after the explosion, metadata with a later time is dropped: nothing is stored, the conversation "
                    + "stays exploded", ["AfterExplosion", "MetadataOverwrites"], gone,
                explodeNow + [pairMeta(now + 200), pairTrigger(now + 300), pairEvent("resync")]),
            pairTrace(
                "after the explosion, metadata with an earlier time and the same time are dropped",
                ["AfterExplosion", "MetadataOverwrites"], gone,
                explodeNow + [pairMeta(now - 10), pairMeta(now), pairEvent("message")]),
            pairTrace(
                "after the explosion, an admin's earlier explode and a trigger are dropped",
                ["AfterExplosion", "SenderPermission"], gone,
                explodeNow + [pairExplode(now - 100, sender: "admin"), pairTrigger(now + 1, "conversationExpired")]),
            pairTrace(
                "a scheduled time, then this inbox's earlier explode: ignored, the time stays",
                ["FromSelf", "Scheduled"], "\(fromSelf); \(due)",
                [pairExplode(now + 100), pairExplode(now, fromSelf: true), pairTrigger(now), pairTrigger(now + 100)]),
            pairTrace(
                "a scheduled time, then a plain member's and a non-member's earlier explodes: ignored, the time stays",
                ["SenderPermission", "Scheduled"], "\(permission); \(due)",
                [
                    pairExplode(now + 100), pairExplode(now, sender: "member"), pairExplode(now, sender: "nonMember"),
                    pairTrigger(now), pairTrigger(now + 100),
                ]),
            pairTrace(
                "three explodes: later, earlier, between: the third is compared with the lowered time and ignored",
                ["EarlierExplodeReplaces"], store,
                [pairExplode(now + 100), pairExplode(now + 50), pairExplode(now + 70), pairTrigger(now + 50)]),
            pairTrace(
                "four explodes, each earlier than the last: each lowers the time", ["EarlierExplodeReplaces"], store,
                [
                    pairExplode(now + 400), pairExplode(now + 300), pairExplode(now + 200), pairExplode(now + 100),
                    pairTrigger(now + 99), pairTrigger(now + 100),
                ]),
            pairTrace(
                "five explodes: 100, 80, 90, 80, 60: lowered, ignoredLater, ignoredDuplicate, lowered",
                ["EarlierExplodeReplaces"], store,
                [
                    pairExplode(now + 100), pairExplode(now + 80), pairExplode(now + 90), pairExplode(now + 80),
                    pairExplode(now + 60), pairTrigger(now + 60),
                ]),
            pairTrace(
                "an explode, an earlier metadata copy, then an explode between the two: compared with the metadata's "
                    + "time, so ignored", ["EarlierExplodeReplaces", "MetadataOverwrites"], "\(store); \(overwrite)",
                [pairExplode(now + 100), pairMeta(now + 50), pairExplode(now + 70), pairTrigger(now + 50)]),
            pairTrace(
                "an explode, a later metadata copy (raised), then an explode between the two: lowers the raised time",
                ["EarlierExplodeReplaces", "MetadataOverwrites"], "\(store); \(overwrite)",
                [pairExplode(now + 100), pairMeta(now + 200), pairExplode(now + 150), pairTrigger(now + 150)]),
            pairTrace(
                "three metadata copies: stored, lowered, raised: each overwrites the one before",
                ["MetadataOverwrites"], overwrite,
                [
                    pairMeta(now + 100), pairMeta(now + 50), pairMeta(now + 70), pairTrigger(now + 50),
                    pairTrigger(now + 70),
                ]),
            pairTrace(
                "the creator, a plain member, then an admin: the member's time is never stored, the admin's lowers",
                ["SenderPermission", "EarlierExplodeReplaces"], "\(permission); \(store)",
                [
                    pairExplode(now + 100), pairExplode(now + 10, sender: "member"),
                    pairExplode(now + 70, sender: "admin"),
                    pairTrigger(now + 10), pairTrigger(now + 70),
                ]),
            pairTrace(
                "a plain member's explode first: ignored, so the next explode is stored, not lowered",
                ["SenderPermission", "EarlierExplodeReplaces"], "\(permission); \(store)",
                [pairExplode(now + 10, sender: "member"), pairExplode(now + 70), pairExplode(now + 100)]),
            pairTrace(
                "not due, lowered by an explode, due: explodes at the lowered time", ["Scheduled", "ExactDue"],
                "\(store); \(due)",
                [pairExplode(now + 100), pairTrigger(now + 50), pairExplode(now + 50), pairTrigger(now + 50)]),
            pairTrace(
                "not due, raised by metadata past the trigger: not due at the first time",
                ["Scheduled", "MetadataOverwrites"],
                "\(overwrite); \(due)",
                [pairExplode(now + 100), pairMeta(now + 200), pairTrigger(now + 100), pairTrigger(now + 200)]),
        ]
        return cases
    }

    static func hardenedPairCases() -> [VectorCase] {
        let now = pairNow
        return [
            pairTrace(
                "from this inbox with the role member: ignoredFromSelf. Why: the device's own message is never acted "
                    + "on, whoever sent it", ["FromSelf", "SenderPermission"], nil,
                [pairExplode(now, fromSelf: true, sender: "member")]),
            pairTrace(
                "after the explosion, metadata and this inbox's explode are dropped. Why: nothing revives an "
                    + "exploded conversation", ["AfterExplosion", "MetadataNeverPostpones"], nil,
                [pairExplode(now), pairTrigger(now), pairMeta(now + 200), pairExplode(now - 5, fromSelf: true)]),
            pairTrace(
                "three metadata copies: stored, lowered, then a time between the two is ignored. Why: a copy never "
                    + "raises the stored time, whichever stored it", ["MetadataNeverPostpones"], nil,
                [pairMeta(now + 100), pairMeta(now + 50), pairMeta(now + 70), pairTrigger(now - 10)]),
            pairTrace(
                "three explodes: later, earlier, between: the third is ignored, as upstream. Why: compared with the "
                    + "stored time", ["EarlierExplodeReplaces"], nil,
                [pairExplode(now + 100), pairExplode(now + 50), pairExplode(now + 70)]),
        ]
    }
}
