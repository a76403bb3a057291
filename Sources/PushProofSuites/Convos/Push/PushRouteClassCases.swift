import PushProofConformance
import PushProofJSON

/// convos_push: whole classes of inputs for each field the push path reads, over three identities
/// where the one that decides is the middle one: the clientId's whitespace, every JSON type of every
/// field, the group id's hex (odd lengths, characters that are not hex digits), encryptedMessage's
/// base64 (runs of '=' and short quanta), the hardened topic's anchoring and check order, and one
/// clientId named more than once (PushRouteDuplicateCases.swift).
extension ConvosPushVectors {
    static let thirdClientId = "A1B2C3D4-E5F6-4A7B-B8C9-D0E1F2A3B4C5"

    static func classIdentity(_ clientId: String, _ inbox: String, _ groups: [String]) -> JSONValue {
        ["clientId": .string(clientId), "inboxId": .string(inbox), "groupIds": .array(groups.map(JSONValue.string))]
    }

    /// Three identities; the second holds the groups whose ids odd-length topics spell (ab 0c, 0a).
    static var classIdentities: JSONValue {
        [
            classIdentity(clientId, "inbox-of-conversation-1", [groupId, "abcd"]),
            classIdentity(otherClientId, "inbox-of-conversation-2", [otherGroupId, "ab0c", "0a", "beef"]),
            classIdentity(thirdClientId, "inbox-of-conversation-3", []),
        ]
    }

    static func classCase(
        _ comment: String, _ flags: [String], _ source: String?, _ payload: JSONValue,
        identities: JSONValue = classIdentities, outcome: String? = nil, code: String? = nil
    ) -> VectorCase {
        VectorCase(
            comment: comment, flags: flags, source: source, input: ["identities": identities, "payload": payload],
            code: code, outcome: outcome)
    }

    /// A payload for the middle identity naming `group` (a topic's g- segment, raw text).
    static func middle(group: String, message: JSONValue = .string(mlsMessage)) -> JSONValue {
        convosPayload(
            clientId: .string(otherClientId), topic: .string("/xmtp/mls/1/g-\(group)/proto"), message: message)
    }

    /// Blank texts for Foundation's whitespacesAndNewlines, scalar by scalar.
    static let blankClientIds: [(String, String)] = [
        ("a zero width space (U+200B)", "\u{200B}"), ("a no-break space (U+00A0)", "\u{A0}"),
        ("an ideographic space (U+3000)", "\u{3000}"), ("a line separator (U+2028)", "\u{2028}"),
        ("NEL (U+0085)", "\u{85}"), ("a tab, a line feed and a carriage return", "\t\n\r"),
    ]

    /// The clientId with text around it: another clientId, never trimmed before the lookup.
    static let paddedClientIds: [(String, String)] = [
        ("a leading space", " \(otherClientId)"), ("a trailing space", "\(otherClientId) "),
        ("a leading tab", "\t\(otherClientId)"), ("a trailing line feed", "\(otherClientId)\n"),
        ("a leading zero width space", "\u{200B}\(otherClientId)"),
        ("a trailing zero width space", "\(otherClientId)\u{200B}"),
        ("a leading no-break space", "\u{A0}\(otherClientId)"),
    ]

    /// The characters just outside the ranges 0-9, A-F and a-f (the one before 0, '/', cannot be in
    /// a topic's segment).
    static let hexNeighbours: [(String, String)] = [
        ("':' (U+003A, after 9)", ":"), ("'@' (U+0040, before A)", "@"), ("'G' (U+0047, after F)", "G"),
        ("'`' (U+0060, before a)", "`"), ("'g' (U+0067, after f)", "g"),
    ]

    /// The middle identity holds the groups 0a, 09 and 10, the bytes a too-wide hex reader makes of
    /// the hex neighbours.
    static var hexNeighbourIdentities: JSONValue {
        [
            classIdentity(clientId, "inbox-of-conversation-1", [groupId]),
            classIdentity(otherClientId, "inbox-of-conversation-2", ["0a", "09", "10"]),
            classIdentity(thirdClientId, "inbox-of-conversation-3", []),
        ]
    }

    static func deployedClassCases() -> [VectorCase] {
        let core = "xmtplabs/convos-ios@f47421a9:ConvosCore/Sources/ConvosCore/"
        let payloadFile = core + "Notifications/PushNotificationPayload.swift"
        let handler = core + "Inboxes/CachedPushNotificationHandler.swift"
        let service = core + "Inboxes/MessagingService+PushNotifications.swift"
        let topicRule = core + "Extensions/String+XMTP.swift:12-19"
        let hexRule =
            "krzyzanowskim/CryptoSwift@f2a627b8:Sources/CryptoSwift/Array+Extension.swift:34-71; "
            + "xmtp/libxmtp@a53a97ed:sdks/ios/Sources/XMTPiOS/Conversations.swift:165-178"
        let base64Rule = "swiftlang/swift-foundation@767ff1c2:Sources/FoundationEssentials/Data/Data+Base64.swift"
        let blankRule =
            "swiftlang/swift-foundation@767ff1c2:Sources/FoundationEssentials/String/BuiltInUnicodeScalarSet.swift:"
            + "225-226, 440-446"
        let clientIdRule = "\(payloadFile):52, 145-148; \(handler):88-96"
        let routing = "\(handler):99-121; \(core)Storage/Repositories/InboxesRepository.swift:31-38"
        let groupPath = "\(routing); \(service):53-61, 81-96, 247-262; \(topicRule); \(hexRule)"
        let lookup = "\(service):247-256; \(topicRule); \(hexRule)"
        let messageType = "\(payloadFile):53, 95-97; \(groupPath)"
        let unique = duplicateSaveSource(core)
        var cases: [VectorCase] = []
        cases += paddedClientIds.map { name, text in
            classCase(
                "the middle identity's clientId with \(name): compared exactly, so unknownClientId",
                ["UnknownClientId", "ExactClientId"], "\(clientIdRule); \(routing)",
                convosPayload(clientId: .string(text), topic: .string("/xmtp/mls/1/g-\(otherGroupId)/proto")),
                outcome: "unknownClientId")
        }
        cases += blankClientIds.map { name, text in
            classCase(
                "clientId of \(name): blank for Foundation, so missing", ["MissingClientId"],
                "\(clientIdRule); \(blankRule)", convosPayload(clientId: .string(text)), code: "MISSING_CLIENT_ID")
        }
        cases += [
            classCase(
                "clientId of a byte order mark (U+FEFF, not whitespace for Foundation): not blank, unknown",
                ["UnknownClientId"], "\(clientIdRule); \(blankRule); \(routing)",
                convosPayload(clientId: "\u{FEFF}"), outcome: "unknownClientId")
        ]
        // The group id's hex, read by CryptoSwift's Data(hex:).
        let hexRouted: [(String, String, String)] = [
            ("three digits: abc is the bytes ab 0c, the middle identity's group", "abc", "routed"),
            ("one digit: a is the byte 0a, the middle identity's group", "a", "routed"),
            ("three digits with 0x: 0xabc is ab 0c", "0xabc", "routed"),
            ("upper case with an odd last digit: ABC is ab 0c", "ABC", "routed"),
            ("five digits: beef0 is be ef 00, not held", "beef0", "unknownConversation"),
            ("a colon inside: ab:c is no bytes, not found", "ab:c", "unknownConversation"),
            ("a space inside: ab 0c is no bytes, not found", "ab 0c", "unknownConversation"),
            ("a trailing z: ab0cz is no bytes, not found", "ab0cz", "unknownConversation"),
            ("a leading z: zab0c is no bytes, not found", "zab0c", "unknownConversation"),
            ("an Arabic-Indic digit (U+0660) after ab0c: no bytes, not found", "ab0c\u{660}", "unknownConversation"),
            (
                "full-width ab0c (U+FF41...): no bytes, not found", "\u{FF41}\u{FF42}\u{FF10}\u{FF43}",
                "unknownConversation"
            ),
            ("0X (capital X) before ab0c: X is no hex digit, so no bytes", "0Xab0c", "unknownConversation"),
            ("0x alone: no bytes, not found", "0x", "unknownConversation"),
            ("0x0x before ab0c: the second 0x is not skipped, x is no hex digit", "0x0xab0c", "unknownConversation"),
        ]
        cases += hexRouted.map { comment, text, outcome in
            classCase(
                "the topic's group id \(comment)", ["TopicSearched"], outcome == "routed" ? groupPath : lookup,
                middle(group: text), outcome: outcome)
        }
        // encryptedMessage's base64, read by Foundation's Data(base64Encoded:).
        let base64Cases: [(String, String, String?)] = [
            ("'====' is one zero byte", "====", nil), ("'========' is one zero byte", "========", nil),
            ("'=====' is one zero byte", "=====", nil), ("'=' alone is refused", "=", "INVALID_BASE64"),
            ("'==' alone is refused", "==", "INVALID_BASE64"), ("'===' alone is refused", "===", "INVALID_BASE64"),
            ("empty is no bytes", "", nil), ("'QUJD=' (a stray '=' after a full quantum) is ABC", "QUJD=", nil),
            ("'QQ=A' is 41 00", "QQ=A", nil), ("'QUJ' (three characters) is refused", "QUJ", "INVALID_BASE64"),
            ("'Q' (one character) is refused", "Q", "INVALID_BASE64"),
            ("'QUJD QUJD' (a space inside) is refused", "QUJD QUJD", "INVALID_BASE64"),
        ]
        cases += base64Cases.map { comment, text, code in
            classCase(
                "encryptedMessage \(comment)", code == nil ? ["LaxBase64"] : ["BadBase64"],
                "\(groupPath); \(base64Rule):109-126, 652-808", middle(group: "ab0c", message: .string(text)),
                outcome: code == nil ? "routed" : nil, code: code)
        }
        // Every JSON type of every field the app reads, each `as? String` (or a dictionary).
        let nonStrings: [(String, JSONValue)] = [
            ("a number", 5), ("true", true), ("null", .null), ("an object", ["a": "b"]), ("an array", ["x"]),
        ]
        for (name, value) in nonStrings {
            var data: JSONValue = [
                "contentTopic": .string("/xmtp/mls/1/g-\(otherGroupId)/proto"), "encryptedMessage": .string(mlsMessage),
            ]
            data = data.setting("messageType", to: value)
            cases.append(
                classCase(
                    "messageType is \(name): read as absent, so the output has none", ["LaxCast"], messageType,
                    ["clientId": .string(otherClientId), "notificationData": data], outcome: "routed"))
            cases.append(
                classCase(
                    "contentTopic is \(name): read as absent", ["MalformedPayload", "LaxCast"],
                    "\(payloadFile):95-97; \(service):58-61",
                    convosPayload(clientId: .string(otherClientId), topic: value), code: "MALFORMED_PAYLOAD"))
            if value != .null {
                cases.append(
                    classCase(
                        "notificationData is \(name): read as absent", ["MalformedPayload", "LaxCast"],
                        "\(payloadFile):53; \(service):53-56",
                        convosPayload(clientId: .string(otherClientId)).setting("notificationData", to: value),
                        code: "MALFORMED_PAYLOAD"))
            }
            cases.append(
                classCase(
                    "clientId is \(name): read as absent", ["MissingClientId", "LaxCast"], clientIdRule,
                    convosPayload(clientId: value), code: "MISSING_CLIENT_ID"))
            cases.append(
                classCase(
                    "apiJWT is \(name): read as absent, the push is routed", ["ClientIdRouting", "LaxCast"],
                    "\(payloadFile):54; \(groupPath)",
                    convosPayload(
                        clientId: .string(otherClientId), topic: .string("/xmtp/mls/1/g-\(otherGroupId)/proto")
                    )
                    .setting("apiJWT", to: value), outcome: "routed"))
        }
        cases += [
            classCase(
                "messageType is the empty string: a string, so copied", ["ClientIdRouting"], messageType,
                [
                    "clientId": .string(otherClientId),
                    "notificationData": [
                        "contentTopic": .string("/xmtp/mls/1/g-\(otherGroupId)/proto"),
                        "encryptedMessage": .string(mlsMessage), "messageType": "",
                    ],
                ], outcome: "routed"),
            classCase(
                "a group topic with a trailing line feed: the g- segment is found, routed", ["TopicSearched"],
                groupPath, convosPayload(clientId: .string(otherClientId), topic: "/xmtp/mls/1/g-ab0c/proto\n"),
                outcome: "routed"),
        ]
        // One clientId named more than once: the first save stands, the later ones are refused.
        let twice: JSONValue = [
            classIdentity(clientId, "inbox-of-conversation-1", [groupId]),
            classIdentity(otherClientId, "inbox-of-conversation-2", [otherGroupId]),
            classIdentity(clientId, "inbox-of-conversation-4", [groupId]),
            classIdentity(thirdClientId, "inbox-of-conversation-3", []),
        ]
        let thrice: JSONValue = [
            classIdentity(clientId, "inbox-of-conversation-1", [groupId]),
            classIdentity(clientId, "inbox-of-conversation-4", [groupId]),
            classIdentity(otherClientId, "inbox-of-conversation-2", [otherGroupId]),
            classIdentity(clientId, "inbox-of-conversation-5", ["beef"]),
        ]
        cases += [
            classCase(
                "a clientId named twice, first and third of four: the second save is refused, so the first entry "
                    + "(inbox 1) receives the push", ["ClientIdRouting", "DuplicatedIdentity"],
                "\(unique); \(groupPath)", convosPayload(), identities: twice, outcome: "routed"),
            classCase(
                "a clientId named three times: the later saves are refused, so the first entry (inbox 1), which "
                    + "holds the group, receives the push", ["ClientIdRouting", "DuplicatedIdentity"],
                "\(unique); \(groupPath)", convosPayload(), identities: thrice, outcome: "routed"),
            classCase(
                "a clientId named three times, the push for the last entry's group beef: the later saves are "
                    + "refused, so the first entry (inbox 1), which does not hold it, stands",
                ["TopicSearched", "DuplicatedIdentity"], "\(unique); \(lookup)",
                convosPayload(topic: "/xmtp/mls/1/g-beef/proto"), identities: thrice, outcome: "unknownConversation"),
        ]
        // Each character beside the hex digits' ranges is no hex digit: the whole id reads as no bytes. A
        // reader one code point too wide would take it for 10, 9 or 16 and find the middle identity's
        // groups 0a, 09 or 10.
        cases.append(
            classCase(
                "the topic's group id 09: the middle identity's group, routed (the groups the next tests miss)",
                ["TopicSearched"], groupPath, middle(group: "09"), identities: hexNeighbourIdentities, outcome: "routed"
            ))
        for (name, character) in hexNeighbours {
            for text in [character, "0" + character] {
                cases.append(
                    classCase(
                        "the topic's group id \(text), \(name): no hex digit, so no bytes, not found",
                        ["TopicSearched"],
                        lookup, middle(group: text), identities: hexNeighbourIdentities, outcome: "unknownConversation")
                )
            }
        }
        cases += deployedDuplicateCases(unique: unique, groupPath: groupPath, lookup: lookup, routing: routing)
        return cases
    }

    static func hardenedClassCases() -> [VectorCase] {
        let unknown = "11111111-2222-4333-8444-555555555555"
        let strictTopic = "Why: the topic is matched whole, to its last character"
        var cases: [VectorCase] = blankClientIds.map { name, text in
            classCase(
                "clientId of \(name): MISSING_CLIENT_ID, blank as Foundation's whitespacesAndNewlines reads it",
                ["MissingClientId"], nil, convosPayload(clientId: .string(text)), code: "MISSING_CLIENT_ID")
        }
        cases += paddedClientIds.map { name, text in
            classCase(
                "the middle identity's clientId with \(name): unknownClientId. Why: a clientId is compared exactly, "
                    + "never trimmed", ["UnknownClientId", "ExactClientId"], nil,
                convosPayload(clientId: .string(text), topic: .string("/xmtp/mls/1/g-\(otherGroupId)/proto")),
                outcome: "unknownClientId")
        }
        let topics: [(String, String)] = [
            ("a topic with a trailing line feed", "/xmtp/mls/1/g-\(otherGroupId)/proto\n"),
            ("a topic with a trailing carriage return and line feed", "/xmtp/mls/1/g-\(otherGroupId)/proto\r\n"),
            ("a topic with a leading line feed", "\n/xmtp/mls/1/g-\(otherGroupId)/proto"),
            ("a topic with a trailing space", "/xmtp/mls/1/g-\(otherGroupId)/proto "),
            ("the welcome topic with a trailing line feed", welcomeTopic + "\n"),
            ("a topic with a line feed inside the hex", "/xmtp/mls/1/g-ab\ncd/proto"),
            ("a topic with a colon inside the hex", "/xmtp/mls/1/g-ab:cd/proto"),
            ("a topic with one hex digit", "/xmtp/mls/1/g-a/proto"),
            ("a topic with an empty id", "/xmtp/mls/1/g-/proto"),
            ("a topic with an Arabic-Indic digit (U+0660) in the hex", "/xmtp/mls/1/g-ab\u{660}c/proto"),
        ]
        cases += topics.map { name, topic in
            classCase(
                "\(name): MALFORMED_TOPIC. \(strictTopic)", ["MalformedTopic"], nil,
                convosPayload(clientId: .string(otherClientId), topic: .string(topic)), code: "MALFORMED_TOPIC")
        }
        cases += [
            classCase(
                "the group id in upper case: routed, the id written in lower case", ["ClientIdRouting"], nil,
                convosPayload(
                    clientId: .string(otherClientId), topic: .string("/xmtp/mls/1/g-\(otherGroupId.uppercased())/proto")
                ),
                outcome: "routed")
        ]
        // Everything is validated before the clientId is resolved: an unknown clientId gets the payload's error.
        let checkOrder: [(String, JSONValue, String)] = [
            (
                "a topic of kind x-", convosPayload(clientId: .string(unknown), topic: "/xmtp/mls/1/x-abcd/proto"),
                "MALFORMED_TOPIC"
            ),
            (
                "a topic with a trailing line feed",
                convosPayload(clientId: .string(unknown), topic: "/xmtp/mls/1/g-abcd/proto\n"), "MALFORMED_TOPIC"
            ),
            (
                "encryptedMessage not base64", convosPayload(clientId: .string(unknown), message: "QUJ"),
                "INVALID_BASE64"
            ),
            ("encryptedMessage '===='", convosPayload(clientId: .string(unknown), message: "===="), "INVALID_BASE64"),
            (
                "a group topic without encryptedMessage", convosPayload(clientId: .string(unknown), message: nil),
                "MISSING_ENCRYPTED_MESSAGE"
            ),
            (
                "contentTopic a number",
                convosPayload(clientId: .string(unknown), topic: 5), "MALFORMED_PAYLOAD"
            ),
            (
                "apiJWT a number", convosPayload(clientId: .string(unknown)).setting("apiJWT", to: 1),
                "MALFORMED_PAYLOAD"
            ),
        ]
        cases += checkOrder.map { name, payload, code in
            classCase(
                "an unknown clientId with \(name): \(code). Why: the payload is validated before the clientId is "
                    + "resolved", ["RouteBeforeValidate"], nil, payload, code: code)
        }
        let nonStrings: [(String, JSONValue)] = [
            ("a number", 5), ("true", true), ("an object", ["a": "b"]), ("an array", ["x"]),
        ]
        for (name, value) in nonStrings {
            var data: JSONValue = [
                "contentTopic": .string("/xmtp/mls/1/g-\(otherGroupId)/proto"), "encryptedMessage": .string(mlsMessage),
            ]
            data = data.setting("messageType", to: value)
            cases.append(
                classCase(
                    "messageType is \(name): MALFORMED_PAYLOAD. Why: a field of the wrong type is a broken sender",
                    ["MalformedPayload"], nil, ["clientId": .string(otherClientId), "notificationData": data],
                    code: "MALFORMED_PAYLOAD"))
            cases.append(
                classCase(
                    "encryptedMessage is \(name): MALFORMED_PAYLOAD. Why: a field of the wrong type is a broken sender",
                    ["MalformedPayload"], nil, convosPayload(clientId: .string(otherClientId), message: value),
                    code: "MALFORMED_PAYLOAD"))
        }
        cases += [
            classCase(
                "encryptedMessage '====': INVALID_BASE64. Why: padding alone encodes nothing", ["BadBase64"], nil,
                convosPayload(
                    clientId: .string(otherClientId), topic: .string("/xmtp/mls/1/g-\(otherGroupId)/proto"),
                    message: "===="), code: "INVALID_BASE64"),
            classCase(
                "a clientId named twice: the second save is refused, so the first entry receives the push, as "
                    + "upstream", ["ClientIdRouting", "DuplicatedIdentity"], nil, convosPayload(),
                identities: [
                    classIdentity(clientId, "inbox-of-conversation-1", [groupId]),
                    classIdentity(otherClientId, "inbox-of-conversation-2", [otherGroupId]),
                    classIdentity(clientId, "inbox-of-conversation-4", [groupId]),
                ], outcome: "routed"),
        ]
        // A group topic needs its message whoever it is for, and whatever stands in its place.
        cases += [
            classCase(
                "a known clientId with a group topic and no encryptedMessage: MISSING_ENCRYPTED_MESSAGE. Why: a "
                    + "group push carries the message it announces", ["MalformedPayload"], nil,
                convosPayload(clientId: .string(otherClientId), message: nil), code: "MISSING_ENCRYPTED_MESSAGE"),
            classCase(
                "an unknown clientId with encryptedMessage null on a group topic: MISSING_ENCRYPTED_MESSAGE. Why: "
                    + "the payload is validated before the clientId is resolved", ["RouteBeforeValidate"], nil,
                convosPayload(clientId: .string(unknown), message: .null), code: "MISSING_ENCRYPTED_MESSAGE"),
        ]
        cases += hexNeighbours.map { name, character in
            classCase(
                "a topic whose id is 0 then \(name): MALFORMED_TOPIC. \(strictTopic)", ["MalformedTopic"], nil,
                middle(group: "0" + character), identities: hexNeighbourIdentities, code: "MALFORMED_TOPIC")
        }
        // A payload that is not a JSON object, of every other type.
        let notObjects: [(String, JSONValue)] = [
            ("a string", "clientId"), ("a number", 5), ("an array", [.string(otherClientId)]), ("null", .null),
            ("true", true),
        ]
        cases += notObjects.map { name, payload in
            classCase(
                "the payload is \(name): MALFORMED_PAYLOAD, as upstream (which cannot receive one)",
                ["MalformedPayload"],
                nil, payload, code: "MALFORMED_PAYLOAD")
        }
        // The clientId's absence, beside the legacy inboxId or not.
        cases += [
            classCase(
                "legacy payload keyed by inboxId: LEGACY_INBOX_ID_PAYLOAD, as upstream", ["LegacyInboxId"], nil,
                convosPayload(clientId: nil).setting("inboxId", to: "inbox-of-conversation-2"),
                code: "LEGACY_INBOX_ID_PAYLOAD"),
            classCase(
                "legacy payload whose inboxId is a number: LEGACY_INBOX_ID_PAYLOAD, as upstream (without a clientId, "
                    + "the old key marks the legacy form whatever it holds)", ["LegacyInboxId"], nil,
                convosPayload(clientId: nil).setting("inboxId", to: 7), code: "LEGACY_INBOX_ID_PAYLOAD"),
            classCase(
                "legacy payload without notificationData: LEGACY_INBOX_ID_PAYLOAD, as upstream (the form is told "
                    + "before the fields it would carry are read)", ["LegacyInboxId", "RouteBeforeValidate"], nil,
                convosPayload(clientId: nil).setting("inboxId", to: "inbox-of-conversation-2").removing(
                    "notificationData"), code: "LEGACY_INBOX_ID_PAYLOAD"),
            classCase(
                "clientId missing, no inboxId: MISSING_CLIENT_ID, as upstream", ["MissingClientId"], nil,
                convosPayload(clientId: nil), code: "MISSING_CLIENT_ID"),
            classCase(
                "a null clientId beside the legacy inboxId: MALFORMED_PAYLOAD. Why: a present clientId of the wrong "
                    + "type is a broken sender, not a legacy one", ["MalformedPayload", "LegacyInboxId"], nil,
                convosPayload(clientId: .null).setting("inboxId", to: "inbox-of-conversation-2"),
                code: "MALFORMED_PAYLOAD"),
            classCase(
                "both clientId and the legacy inboxId: clientId decides, as upstream",
                ["ClientIdRouting", "LegacyInboxId"],
                nil,
                convosPayload(clientId: .string(otherClientId), topic: .string("/xmtp/mls/1/g-\(otherGroupId)/proto"))
                    .setting("inboxId", to: "inbox-of-conversation-1"), outcome: "routed"),
        ]
        // Welcomes without a message, and groups the identity does not hold.
        cases += [
            classCase(
                "a welcome without encryptedMessage: routed, with the installation id the topic names. Why: the "
                    + "hardened output says which installation the welcome is for", ["Welcome"], nil,
                convosPayload(clientId: .string(otherClientId), topic: .string(welcomeTopic), message: nil),
                outcome: "routed"),
            classCase(
                "a welcome with encryptedMessage null: routed as a welcome without one, with the installation id. Why: "
                    + "null is absent, and the hardened output says which installation the welcome is for", ["Welcome"],
                nil,
                convosPayload(clientId: .string(otherClientId), topic: .string(welcomeTopic), message: .null),
                outcome: "routed"),
            classCase(
                "a welcome for an unknown clientId: unknownClientId, as upstream", ["Welcome", "UnknownClientId"], nil,
                convosPayload(clientId: .string(unknown), topic: .string(welcomeTopic), message: nil),
                outcome: "unknownClientId"),
            classCase(
                "the group of another identity: unknownConversation, as upstream", ["TopicSearched"], nil,
                convosPayload(clientId: .string(otherClientId)), outcome: "unknownConversation"),
            classCase(
                "a group no identity holds: unknownConversation, as upstream", ["TopicSearched"], nil,
                convosPayload(clientId: .string(otherClientId), topic: "/xmtp/mls/1/g-00ff/proto"),
                outcome: "unknownConversation"),
        ]
        cases += hardenedDuplicateCases()
        return cases
    }
}
