import PushProofConformance
import PushProofJSON

/// convos_push: the identities naming one clientId more than once. The app saves each identity
/// through InboxWriter, whose insert the inbox table's UNIQUE clientId refuses when another inbox
/// holds the clientId (and its keychain store refuses the same save, duplicateClientId): the first
/// save of a clientId stands, in whatever position and however often it is named again. The
/// comparison is SQLite's BINARY one, so clientIds differing only in case or white space are two
/// clientIds, each saved.
extension ConvosPushVectors {
    static func duplicateSaveSource(_ core: String) -> String {
        "\(core)Storage/Writers/InboxWriter.swift:31-62 (no row for the inbox: an insert); "
            + "\(core)Storage/Database Models/DBInbox.swift:4-22 (no conflict policy: a plain INSERT); "
            + "\(core)Storage/SharedDatabaseMigrator.swift:24-34 (clientId TEXT NOT NULL UNIQUE without a conflict "
            + "clause: SQLite's ABORT fails the insert of a clientId another inbox holds and the write is rolled "
            + "back, so the first save stands); "
            + "\(core)Auth/Keychain/KeychainIdentityStore.swift:368-385 (duplicateClientId for the same save)"
    }

    /// Appended to the deployed class cases (tcIds after the hex neighbours).
    static func deployedDuplicateCases(unique: String, groupPath: String, lookup: String, routing: String)
        -> [VectorCase]
    {
        let core = "xmtplabs/convos-ios@f47421a9:ConvosCore/Sources/ConvosCore/"
        let binary =
            "\(core)Storage/SharedDatabaseMigrator.swift:29-31 (TEXT without a collation: UNIQUE and `=` compare "
            + "BINARY); \(routing)"
        let mismatch = "\(core)Storage/Writers/InboxWriter.swift:35-50 (clientIdMismatch: nothing written)"
        let beef = convosPayload(topic: "/xmtp/mls/1/g-beef/proto")
        let adjacent: JSONValue = [
            classIdentity(clientId, "inbox-of-conversation-1", [groupId]),
            classIdentity(clientId, "inbox-of-conversation-4", ["beef"]),
            classIdentity(otherClientId, "inbox-of-conversation-2", [otherGroupId]),
            classIdentity(thirdClientId, "inbox-of-conversation-3", []),
        ]
        let lastTwo: JSONValue = [
            classIdentity(clientId, "inbox-of-conversation-1", [groupId]),
            classIdentity(thirdClientId, "inbox-of-conversation-3", []),
            classIdentity(otherClientId, "inbox-of-conversation-2", [otherGroupId]),
            classIdentity(otherClientId, "inbox-of-conversation-5", ["beef"]),
        ]
        let fourTimes: JSONValue = .array(
            [
                "inbox-of-conversation-1", "inbox-of-conversation-4", "inbox-of-conversation-5",
                "inbox-of-conversation-6",
            ]
            .enumerated().map { n, inbox in
                classIdentity(clientId, inbox, [[groupId, "beef", "ab0c", "0a"][n]])
            })
        let samePair: JSONValue = [
            classIdentity(clientId, "inbox-of-conversation-1", [groupId]),
            classIdentity(clientId, "inbox-of-conversation-1", [groupId]),
            classIdentity(otherClientId, "inbox-of-conversation-2", [otherGroupId]),
        ]
        let lowerCase = clientId.lowercased()
        let byCase: JSONValue = [
            classIdentity(clientId, "inbox-of-conversation-1", [groupId]),
            classIdentity(lowerCase, "inbox-of-conversation-4", ["beef"]),
        ]
        let padded = clientId + " "
        let bySpace: JSONValue = [
            classIdentity(clientId, "inbox-of-conversation-1", [groupId]),
            classIdentity(padded, "inbox-of-conversation-4", ["beef"]),
        ]
        let sameInbox: JSONValue = [
            classIdentity(clientId, "inbox-of-conversation-1", [groupId]),
            classIdentity(otherClientId, "inbox-of-conversation-1", [groupId]),
        ]
        return [
            classCase(
                "a clientId named twice, side by side, the push for the second entry's group beef: the second save "
                    + "is refused, so the first entry (inbox 1), which does not hold it, stands",
                ["TopicSearched", "DuplicatedIdentity"], "\(unique); \(lookup)", beef, identities: adjacent,
                outcome: "unknownConversation"),
            classCase(
                "a clientId named twice, side by side, the push for the first entry's group: routed to inbox 1",
                ["ClientIdRouting", "DuplicatedIdentity"], "\(unique); \(groupPath)", convosPayload(),
                identities: adjacent, outcome: "routed"),
            classCase(
                "the middle clientId named again last, for inbox 5 and its group beef: the second save is refused, "
                    + "so the push for beef finds inbox 2, which does not hold it",
                ["TopicSearched", "DuplicatedIdentity"], "\(unique); \(lookup)",
                convosPayload(clientId: .string(otherClientId), topic: "/xmtp/mls/1/g-beef/proto"),
                identities: lastTwo, outcome: "unknownConversation"),
            classCase(
                "a clientId named four times, each entry with its own group, the push for the last entry's group 0a: "
                    + "only the first save stands, so inbox 1, which does not hold it",
                ["TopicSearched", "DuplicatedIdentity"], "\(unique); \(lookup)",
                convosPayload(topic: "/xmtp/mls/1/g-0a/proto"), identities: fourTimes, outcome: "unknownConversation"),
            classCase(
                "the same clientId and inbox named twice: the second save changes nothing, routed to inbox 1",
                ["ClientIdRouting", "DuplicatedIdentity"], "\(unique); \(groupPath)", convosPayload(),
                identities: samePair, outcome: "routed"),
            classCase(
                "two clientIds differing only in case: the UNIQUE constraint compares bytes, so both are saved, and "
                    + "the lower-case one routes to its own inbox (4)", ["ClientIdRouting", "ExactClientId"],
                "\(binary); \(groupPath)",
                convosPayload(clientId: .string(lowerCase), topic: "/xmtp/mls/1/g-beef/proto"),
                identities: byCase, outcome: "routed"),
            classCase(
                "two clientIds differing only in a trailing space: both are saved, and the padded one routes to its "
                    + "own inbox (4)", ["ClientIdRouting", "ExactClientId"], "\(binary); \(groupPath)",
                convosPayload(clientId: .string(padded), topic: "/xmtp/mls/1/g-beef/proto"), identities: bySpace,
                outcome: "routed"),
            classCase(
                "one inbox named twice with two clientIds: the second save is refused (clientIdMismatch), so the "
                    + "second clientId is unknown", ["UnknownClientId", "InboxSavedTwice"],
                "\(mismatch); \(routing)", convosPayload(clientId: .string(otherClientId)), identities: sameInbox,
                outcome: "unknownClientId"),
        ]
    }

    /// Appended to the hardened class cases: the same table, whatever the payload reading.
    static func hardenedDuplicateCases() -> [VectorCase] {
        [
            classCase(
                "a clientId named twice, side by side, the push for the second entry's group: the second save is "
                    + "refused, so the first entry, which does not hold it, stands: unknownConversation, as upstream",
                ["TopicSearched", "DuplicatedIdentity"], nil, convosPayload(topic: "/xmtp/mls/1/g-beef/proto"),
                identities: [
                    classIdentity(clientId, "inbox-of-conversation-1", [groupId]),
                    classIdentity(clientId, "inbox-of-conversation-4", ["beef"]),
                    classIdentity(otherClientId, "inbox-of-conversation-2", [otherGroupId]),
                ], outcome: "unknownConversation"),
            classCase(
                "a clientId named three times: only the first save stands, routed to inbox 1, as upstream",
                ["ClientIdRouting", "DuplicatedIdentity"], nil, convosPayload(),
                identities: [
                    classIdentity(clientId, "inbox-of-conversation-1", [groupId]),
                    classIdentity(otherClientId, "inbox-of-conversation-2", [otherGroupId]),
                    classIdentity(clientId, "inbox-of-conversation-4", [groupId]),
                    classIdentity(clientId, "inbox-of-conversation-5", [groupId]),
                ], outcome: "routed"),
        ]
    }
}
