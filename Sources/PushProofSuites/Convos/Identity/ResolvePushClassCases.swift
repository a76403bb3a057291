import PushProofConformance
import PushProofJSON

/// identity_backend: a push's clientId resolved as the app does, by class: the clientId of
/// another JSON type (read as absent), blank by Foundation's white space and newlines, compared
/// as exact text, resolved before anything else of the payload is read, against stores of three
/// identities and stores a refused save left unchanged.
enum ResolvePushClassCases: IdentityFixtures {
    static let core = "xmtplabs/convos-ios@f47421a9:ConvosCore/Sources/ConvosCore/"
    static let firstLook =
        "\(core)Notifications/PushNotificationPayload.swift:50-57, 143-148 (clientId as? String, blank dropped); \(core)Inboxes/CachedPushNotificationHandler.swift:88-111"
    static let lookup =
        "\(core)Inboxes/CachedPushNotificationHandler.swift:99-111; \(core)Storage/Repositories/InboxesRepository.swift:31-38 (SQLite `=`, BINARY collation)"
    static let blank =
        "\(core)Notifications/PushNotificationPayload.swift:143-148; swiftlang/swift-foundation@a1c611f6:Sources/FoundationEssentials/String/BuiltInUnicodeScalarSet.swift (whitespacesAndNewlines)"
    static let writer = "\(core)Storage/Writers/InboxWriter.swift:31-62 (a refused save writes nothing)"
    static let group = "/xmtp/mls/1/g-e5ea42916e2c5584aae43d2dee99c148/proto"

    static func payload(_ clientId: JSONValue?, extra: [String: JSONValue] = [:]) -> JSONValue {
        var members: [JSONValue.Member] = []
        if let clientId { members.append(.init("clientId", clientId)) }
        members.append(.init("notificationData", ["contentTopic": .string(group), "encryptedMessage": "AAECAw=="]))
        for (k, v) in extra.sorted(by: { $0.key < $1.key }) { members.append(.init(k, v)) }
        return .object(members)
    }

    static func input(_ saved: [(String, String)], deleted: [String] = [], payload: JSONValue) -> JSONValue {
        [
            "saved": .array(saved.map { ["inboxId": .string($0.0), "clientId": .string($0.1)] }),
            "deletedInboxIds": .array(deleted.map(JSONValue.string)), "payload": payload,
        ]
    }

    static func cases() -> [VectorCase] {
        let one = [(inbox(1), clientA)]
        let three = [(inbox(1), clientA), (inbox(2), clientB), (inbox(3), clientC)]
        var cases: [VectorCase] = []
        func pushCase(
            _ comment: String, _ flags: [String], _ source: String, _ input: JSONValue, outcome: String? = nil,
            code: String? = nil
        ) {
            cases.append(
                VectorCase(comment: comment, flags: flags, source: source, input: input, code: code, outcome: outcome))
        }
        // Another JSON type is `as? String` failing: absent.
        let others: [(String, JSONValue)] = [
            ("a number", 7), ("true", true), ("false", false), ("null", .null), ("an array", ["A"]),
            ("an object", ["clientId": .string(clientA)]),
        ]
        for (what, value) in others {
            pushCase(
                "clientId is \(what): read as absent", ["TypeConfusion", "PushRouting"], firstLook,
                input(one, payload: payload(value)), code: "MISSING_CLIENT_ID")
            pushCase(
                "clientId is \(what) and the legacy inboxId is present: a legacy payload",
                ["TypeConfusion", "PushRouting"],
                firstLook, input(one, payload: payload(value, extra: ["inboxId": .string(inbox(1))])),
                code: "LEGACY_INBOX_ID_PAYLOAD")
        }
        pushCase(
            "clientId absent and inboxId null: the key's presence names the refusal", ["PushRouting"], firstLook,
            input(one, payload: payload(nil, extra: ["inboxId": .null])), code: "LEGACY_INBOX_ID_PAYLOAD")
        pushCase(
            "clientId absent and no inboxId", ["PushRouting"], firstLook, input(one, payload: payload(nil)),
            code: "MISSING_CLIENT_ID")
        pushCase(
            "a blank clientId beside the legacy inboxId is a missing clientId, not a legacy payload",
            ["CheckOrder", "PushRouting"], firstLook,
            input(one, payload: payload(" ", extra: ["inboxId": .string(inbox(1))])), code: "MISSING_CLIENT_ID")
        pushCase(
            "a clientId that resolves, beside the legacy inboxId: the inboxId is never read", ["PushRouting"],
            firstLook, input(one, payload: payload(.string(clientA), extra: ["inboxId": .string(inbox(2))])),
            outcome: "routed")
        for (what, value) in [
            ("an array", JSONValue.array([payload(.string(clientA))])), ("a string", .string(clientA)), ("null", .null),
        ] {
            pushCase(
                "the payload is \(what)", ["TypeConfusion", "PushRouting"], firstLook, input(one, payload: value),
                code: "MALFORMED_PAYLOAD")
        }
        // Blank: every scalar of Foundation's whitespacesAndNewlines, alone and all together.
        let spaces: [UInt32] = [
            0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x20, 0x85, 0xA0, 0x1680, 0x2000, 0x2005, 0x200A, 0x200B, 0x2028, 0x2029,
            0x202F, 0x205F, 0x3000,
        ]
        let text = { (scalars: [UInt32]) in String(String.UnicodeScalarView(scalars.map { Unicode.Scalar($0)! })) }
        pushCase(
            "a clientId made of every white space and newline character is blank", ["Whitespace", "PushRouting"],
            blank, input(one, payload: payload(.string(text(spaces)))), code: "MISSING_CLIENT_ID")
        pushCase(
            "an empty clientId is blank", ["Whitespace", "PushRouting"], blank, input(one, payload: payload("")),
            code: "MISSING_CLIENT_ID")
        for scalar in spaces {
            pushCase(
                "a clientId of U+\(String(scalar, radix: 16, uppercase: true)) alone is blank",
                ["Whitespace", "PushRouting"],
                blank, input(one, payload: payload(.string(text([scalar])))), code: "MISSING_CLIENT_ID")
        }
        // The neighbours of each range, which are not white space: looked up, found by nobody.
        let neighbours: [UInt32] = [
            0x08, 0x0E, 0x1F, 0x21, 0x84, 0x86, 0x9F, 0xA1, 0x167F, 0x1681, 0x1FFF, 0x200C, 0x2027, 0x202A, 0x202E,
            0x2030, 0x205E, 0x2060, 0x2FFF, 0x3001, 0xFEFF,
        ]
        for scalar in neighbours {
            pushCase(
                "a clientId of U+\(String(scalar, radix: 16, uppercase: true)) alone is not blank: looked up, unknown",
                ["Whitespace", "PushRouting"], blank, input(one, payload: payload(.string(text([scalar])))),
                outcome: "unknownClientId")
        }
        // Exact text: nothing trimmed or folded for the lookup.
        for (what, value) in [
            ("with a trailing space", clientA + " "), ("with a trailing newline", clientA + "\n"),
            ("in lower case", clientA.lowercased()), ("with a leading no-break space", "\u{A0}" + clientA),
        ] {
            pushCase(
                "the stored clientId \(what) is another clientId", ["ExactText", "PushRouting"], lookup,
                input(one, payload: payload(.string(value))), outcome: "unknownClientId")
        }
        pushCase(
            "a clientId stored with spaces around it is found by exactly that text", ["ExactText", "PushRouting"],
            lookup, input([(inbox(1), " x "), (inbox(2), "x")], payload: payload(" x ")), outcome: "routed")
        // Resolved before the rest of the payload is read.
        let broken: [(String, JSONValue)] = [
            ("no notificationData", ["clientId": .string(clientA)]),
            ("notificationData a string", ["clientId": .string(clientA), "notificationData": "x"]),
            (
                "a topic with no group",
                [
                    "clientId": .string(clientA),
                    "notificationData": ["contentTopic": "x", "encryptedMessage": "AAECAw=="],
                ]
            ),
            (
                "encryptedMessage not base64",
                [
                    "clientId": .string(clientA),
                    "notificationData": ["contentTopic": .string(group), "encryptedMessage": "*"],
                ]
            ),
        ]
        for (what, value) in broken {
            pushCase(
                "a known clientId with \(what): routed, the rest is read later", ["CheckOrder", "PushRouting"],
                firstLook, input(one, payload: value), outcome: "routed")
            pushCase(
                "an unknown clientId with \(what): unknown, the rest is never read", ["CheckOrder", "PushRouting"],
                firstLook, input([(inbox(2), clientB)], payload: value), outcome: "unknownClientId")
        }
        // Three identities: the deciding row is the first, the middle or the last.
        for (i, client) in [clientA, clientB, clientC].enumerated() {
            pushCase(
                "three identities: clientId \(i + 1) of 3 resolves to its own inbox", ["ManyRows", "PushRouting"],
                lookup, input(three, payload: payload(.string(client))), outcome: "routed")
        }
        pushCase(
            "three identities, the middle one deleted: its clientId is unknown, the others resolve",
            ["ManyRows", "Deletion", "PushRouting"], lookup,
            input(three, deleted: [inbox(2)], payload: payload(.string(clientB))), outcome: "unknownClientId")
        pushCase(
            "three identities, the middle one deleted: the last still resolves",
            ["ManyRows", "Deletion", "PushRouting"],
            lookup, input(three, deleted: [inbox(2), inbox(9)], payload: payload(.string(clientC))), outcome: "routed")
        // A refused save leaves the store as it was.
        pushCase(
            "an inbox saved again with another clientId is refused: the new clientId is unknown",
            ["ClientIdMismatch", "PushRouting"],
            writer, input([(inbox(1), clientA), (inbox(1), clientB)], payload: payload(.string(clientB))),
            outcome: "unknownClientId")
        pushCase(
            "a clientId saved for a second inbox is refused: it still resolves to the first",
            ["DuplicateClientId", "PushRouting"],
            writer, input([(inbox(1), clientA), (inbox(2), clientA)], payload: payload(.string(clientA))),
            outcome: "routed")
        pushCase(
            "deleting an inbox never saved, and one twice, changes nothing else", ["Deletion", "PushRouting"],
            lookup, input(three, deleted: [inbox(9), inbox(1), inbox(1)], payload: payload(.string(clientB))),
            outcome: "routed")
        // Any clientId, as the app's own tests store them.
        let tests = "xmtplabs/convos-ios@f47421a9:KeychainIdentityStoreTests/KeychainIdentityStoreTests.swift"
        for (test, lines, client) in [
            ("testSaveAndLoadIdentity", "32-51", "test-client-123"),
            ("testSpecialCharactersInInboxId", "235-250", "test-client!@#$%^&*()_+-=[]{}|;':\",./<>?"),
            ("testUnicodeCharactersInInboxId", "252-267", "client-\u{1F680}-\u{1F389}-\u{1F31F}"),
        ] {
            pushCase(
                "the clientId of the app's test \(test) resolves", ["UpstreamTest", "AnyClientId", "PushRouting"],
                "\(tests):\(lines) (\(test)); \(lookup)",
                input([(inbox(2), clientB), (inbox(1), client)], payload: payload(.string(client))),
                outcome: "routed")
        }
        return cases
    }
}
