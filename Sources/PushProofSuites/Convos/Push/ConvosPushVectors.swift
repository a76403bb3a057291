import PushProofConformance
import PushProofCrypto
import PushProofJSON

/// convos_push: the Convos push payload and its routing by clientId.
enum ConvosPushVectors {
    static let clientId = "8F2D9C1E-4B7A-4E3F-9D2C-1A0B3C4D5E6F"
    static let otherClientId = "0C1D2E3F-4A5B-4C6D-8E7F-9A0B1C2D3E4F"
    static let groupTopic =
        "/xmtp/mls/1/g-" + Hex.encode(SHA256.hash(Array("pushproof/group".utf8)).prefix(16)) + "/proto"
    static let welcomeTopic =
        "/xmtp/mls/1/w-" + Hex.encode(SHA256.hash(Array("pushproof/installation".utf8))) + "/proto"
    static let mlsMessage = Base64.encode(SHA256.hash(Array("pushproof/mls-message".utf8)) + [0, 1, 2, 3])
    /// Base64 of 34 bytes with its "==" removed.
    static let unpaddedMessage = String(
        Base64.encode(SHA256.hash(Array("pushproof/mls-message".utf8)) + [0, 1]).filter { $0 != "=" })

    static func convosPayload(
        clientId: JSONValue? = .string(clientId), topic: JSONValue = .string(groupTopic),
        message: JSONValue? = .string(mlsMessage)
    ) -> JSONValue {
        var data: JSONValue = ["contentTopic": topic]
        if let message { data = data.setting("encryptedMessage", to: message) }
        data = data.setting("messageType", to: "v3-conversation")
        var p: JSONValue = [:]
        if let clientId { p = p.setting("clientId", to: clientId) }
        return p.setting("apiJWT", to: "eyJhbGciOiJFUzI1NiJ9.e30.c2ln").setting("notificationData", to: data)
    }

    static let groupId = Hex.encode(SHA256.hash(Array("pushproof/group".utf8)).prefix(16))
    static let otherGroupId = Hex.encode(SHA256.hash(Array("pushproof/group-2".utf8)).prefix(16))

    static func file() -> VectorFileDeclaration {
        let identities: JSONValue = [
            ["clientId": .string(clientId), "inboxId": "inbox-of-conversation-1", "groupIds": [.string(groupId)]],
            [
                "clientId": .string(otherClientId), "inboxId": "inbox-of-conversation-2",
                "groupIds": [.string(otherGroupId)],
            ],
        ]
        func route(
            _ comment: String, _ flags: [String], _ source: String? = nil, _ payload: JSONValue, outcome: String? = nil,
            code: String? = nil
        ) -> VectorCase {
            VectorCase(
                comment: comment, flags: flags, source: source, input: ["identities": identities, "payload": payload],
                code: code, outcome: outcome)
        }
        // docs/audit/identity.md: xmtplabs/convos-ios@f47421a9, the per-conversation era (one
        // identity per conversation, looked up in the inbox table); the payload reading is the
        // same at 5d1e833e.
        let core = "xmtplabs/convos-ios@f47421a9:ConvosCore/Sources/ConvosCore/"
        let payloadFile = core + "Notifications/PushNotificationPayload.swift"
        let handler = core + "Inboxes/CachedPushNotificationHandler.swift"
        let service = core + "Inboxes/MessagingService+PushNotifications.swift"
        let topicRule = core + "Extensions/String+XMTP.swift:12-19"
        let hexRule =
            "krzyzanowskim/CryptoSwift@f2a627b8:Sources/CryptoSwift/Array+Extension.swift:34-71; "
            + "xmtp/libxmtp@a53a97ed:sdks/ios/Sources/XMTPiOS/Conversations.swift:165-178"
        let clientIdRule = "\(payloadFile):52, 145-148; \(handler):88-96"
        let routing = "\(handler):99-121; \(core)Storage/Repositories/InboxesRepository.swift:31-38"
        let groupPath = "\(routing); \(service):53-61, 81-96, 247-262; \(topicRule); \(hexRule)"
        let welcomePath = "\(routing); \(service):53-80"
        let lookup = "\(service):247-256; \(topicRule); \(hexRule)"
        let otherGroupTopic = "/xmtp/mls/1/g-\(otherGroupId)/proto"
        let deployed: [VectorCase] = [
            route(
                "group message routed by clientId", ["ClientIdRouting"], groupPath, convosPayload(), outcome: "routed"),
            route(
                "the second conversation's clientId routes to its own inbox (the push names that conversation's "
                    + "group, which the second identity holds)", ["ClientIdRouting"],
                groupPath, convosPayload(clientId: .string(otherClientId), topic: .string(otherGroupTopic)),
                outcome: "routed"),
            route(
                "welcome without encryptedMessage (the app never reads an installation id from the topic, so the "
                    + "output has none)", ["Welcome"], welcomePath,
                convosPayload(topic: .string(welcomeTopic), message: nil), outcome: "routed"),
            route(
                "a welcome topic with encryptedMessage takes the group path, finds no g- segment and is dropped",
                ["Welcome", "MalformedTopic"], "\(service):64-66, 81-96, 247-250; \(topicRule)",
                convosPayload(topic: .string(welcomeTopic)), code: "MALFORMED_TOPIC"),
            route(
                "unknown clientId", ["UnknownClientId"], "\(handler):107-111",
                convosPayload(clientId: "11111111-2222-4333-8444-555555555555"), outcome: "unknownClientId"),
            route(
                "clientId in lower case is another clientId", ["UnknownClientId"],
                "\(handler):102-111; \(core)Storage/Repositories/InboxesRepository.swift:34",
                convosPayload(clientId: .string(clientId.lowercased())), outcome: "unknownClientId"),
            route(
                "legacy payload keyed by inboxId", ["LegacyInboxId"], "\(clientIdRule) (the inboxId key is never read)",
                convosPayload(clientId: nil).setting("inboxId", to: "inbox-of-conversation-1"),
                code: "LEGACY_INBOX_ID_PAYLOAD"),
            route(
                "both clientId and the legacy inboxId: clientId decides", ["ClientIdRouting", "LegacyInboxId"],
                "\(payloadFile):49-56; \(groupPath)", convosPayload().setting("inboxId", to: "inbox-of-conversation-2"),
                outcome: "routed"),
            route(
                "clientId missing", ["MissingClientId"], clientIdRule, convosPayload(clientId: nil),
                code: "MISSING_CLIENT_ID"),
            route(
                "clientId empty", ["MissingClientId"], clientIdRule, convosPayload(clientId: ""),
                code: "MISSING_CLIENT_ID"),
            route(
                "clientId of spaces", ["MissingClientId"], clientIdRule, convosPayload(clientId: "   "),
                code: "MISSING_CLIENT_ID"),
            route(
                "clientId is a number: read as absent (PushProof's type check, MALFORMED_PAYLOAD, is in the "
                    + "hardened group)", ["MissingClientId", "LaxCast"],
                clientIdRule, convosPayload(clientId: 42), code: "MISSING_CLIENT_ID"),
            route(
                "notificationData missing", ["MalformedPayload"], "\(routing); \(service):53-56",
                convosPayload().removing("notificationData"), code: "MALFORMED_PAYLOAD"),
            route(
                "contentTopic missing", ["MalformedPayload"], "\(routing); \(service):58-61",
                convosPayload().setting("notificationData", to: ["encryptedMessage": .string(mlsMessage)]),
                code: "MALFORMED_PAYLOAD"),
            route(
                "apiJWT is a number: read as absent, the push is routed (PushProof's type check, MALFORMED_PAYLOAD, "
                    + "is in the hardened group)",
                ["ClientIdRouting", "LaxCast"], "\(payloadFile):54; \(groupPath)",
                convosPayload().setting("apiJWT", to: 1), outcome: "routed"),
            route(
                "payload is a string (APNs always delivers a dictionary: this cannot reach the app)",
                ["MalformedPayload"],
                "xmtplabs/convos-ios@f47421a9:NotificationService/NotificationService.swift:64-94 (request.content.userInfo, a dictionary)",
                "clientId", code: "MALFORMED_PAYLOAD"),
            route(
                "group message without encryptedMessage", ["MalformedPayload"], "\(routing); \(service):64-71",
                convosPayload(message: nil), code: "MISSING_ENCRYPTED_MESSAGE"),
            route(
                "encryptedMessage in URL-safe base64", ["BadBase64"],
                "\(groupPath) (Data(base64Encoded:), default options)",
                convosPayload(
                    message: .string(Base64.encode(SHA256.hash([1]) + [0xFB, 0xFF], variant: .urlSafeNoPadding))),
                code: "INVALID_BASE64"),
            route(
                "encryptedMessage with whitespace", ["BadBase64"],
                "\(groupPath) (Data(base64Encoded:), default options)",
                convosPayload(message: .string(mlsMessage + " ")), code: "INVALID_BASE64"),
            route(
                "topic version 2 naming an unknown group: the version is never checked, the group is not found",
                ["TopicSearched"], lookup,
                convosPayload(topic: "/xmtp/mls/2/g-00ff/proto"), outcome: "unknownConversation"),
            route(
                "topic kind \"x-\": no g- segment", ["MalformedTopic"], "\(service):247-250; \(topicRule)",
                convosPayload(topic: "/xmtp/mls/1/x-00ff/proto"), code: "MALFORMED_TOPIC"),
            route(
                "an odd-length id: read as the bytes ab 0c, not found", ["TopicSearched"], lookup,
                convosPayload(topic: "/xmtp/mls/1/g-abc/proto"),
                outcome: "unknownConversation"),
            route(
                "a non-hex id: read as no bytes, not found", ["TopicSearched"], lookup,
                convosPayload(topic: "/xmtp/mls/1/g-zz/proto"),
                outcome: "unknownConversation"),
            route(
                "an empty id: not found", ["TopicSearched"],
                lookup, convosPayload(topic: "/xmtp/mls/1/g-/proto"), outcome: "unknownConversation"),
            route(
                "no /proto, an unknown group: not found",
                ["TopicSearched"], lookup, convosPayload(topic: "/xmtp/mls/1/g-00ff"), outcome: "unknownConversation"),
            route(
                "a trailing slash, an unknown group: not found", ["TopicSearched"], lookup,
                convosPayload(topic: "/xmtp/mls/1/g-00ff/proto/"),
                outcome: "unknownConversation"),
            // What the app does with the topics and fields above when the group is the identity's own.
            route(
                "topic version 2 naming the identity's group: routed", ["TopicSearched"], groupPath,
                convosPayload(topic: .string("/xmtp/mls/2/g-\(groupId)/proto")), outcome: "routed"),
            route(
                "no /proto, the identity's group: routed", ["TopicSearched"], groupPath,
                convosPayload(topic: .string("/xmtp/mls/1/g-\(groupId)")), outcome: "routed"),
            route(
                "a trailing slash, the identity's group: routed", ["TopicSearched"], groupPath,
                convosPayload(topic: .string("/xmtp/mls/1/g-\(groupId)/proto/")), outcome: "routed"),
            route(
                "the group id in upper case: routed", ["TopicSearched"], groupPath,
                convosPayload(topic: .string("/xmtp/mls/1/g-\(groupId.uppercased())/proto")), outcome: "routed"),
            route(
                "the group id with a 0x prefix: routed", ["TopicSearched"], groupPath,
                convosPayload(topic: .string("/xmtp/mls/1/g-0x\(groupId)/proto")), outcome: "routed"),
            route(
                "the group message for another conversation's group: not found", ["TopicSearched"], lookup,
                convosPayload(topic: .string(otherGroupTopic)), outcome: "unknownConversation"),
            route(
                "encryptedMessage with non-zero trailing bits (QR==): Foundation reads it as one byte", ["LaxBase64"],
                "\(groupPath) (Data(base64Encoded:), default options)", convosPayload(message: "QR=="),
                outcome: "routed"),
            route(
                "encryptedMessage is a number: read as absent, so a group topic lacks its message", ["LaxCast"],
                "\(payloadFile):96; \(service):64-71", convosPayload(message: 7), code: "MISSING_ENCRYPTED_MESSAGE"),
            route(
                "a welcome topic whose encryptedMessage is a number: read as absent, so a welcome",
                ["LaxCast", "Welcome"],
                "\(payloadFile):96; \(welcomePath)", convosPayload(topic: .string(welcomeTopic), message: 7),
                outcome: "routed"),
            route(
                "notificationData is a string", ["MalformedPayload"], "\(payloadFile):53, 64-71; \(service):53-56",
                convosPayload().setting("notificationData", to: "data"), code: "MALFORMED_PAYLOAD"),
            route(
                "an unknown clientId with notificationData missing: resolved first, so unknownClientId",
                ["UnknownClientId", "RouteBeforeValidate"], "\(handler):99-111; \(service):53-56",
                convosPayload(clientId: "11111111-2222-4333-8444-555555555555").removing("notificationData"),
                outcome: "unknownClientId"),
            route(
                "a number clientId beside the legacy inboxId: read as absent, so the legacy payload",
                ["LegacyInboxId", "LaxCast"], clientIdRule,
                convosPayload(clientId: 42).setting("inboxId", to: "inbox-of-conversation-1"),
                code: "LEGACY_INBOX_ID_PAYLOAD"),
            route(
                "a null clientId beside the legacy inboxId: read as absent, so the legacy payload",
                ["LegacyInboxId", "LaxCast"], clientIdRule,
                convosPayload(clientId: .null).setting("inboxId", to: "inbox-of-conversation-1"),
                code: "LEGACY_INBOX_ID_PAYLOAD"),
            route(
                "encryptedMessage in standard base64 without its padding", ["BadBase64"],
                "\(groupPath) (Data(base64Encoded:), default options)",
                convosPayload(message: .string(unpaddedMessage)), code: "INVALID_BASE64"),
            route(
                "a topic whose segments begin G- (upper case): no g- segment", ["MalformedTopic"],
                "\(service):247-250; \(topicRule)", convosPayload(topic: .string("/xmtp/mls/1/G-\(groupId)/proto")),
                code: "MALFORMED_TOPIC"),
            route(
                "encryptedMessage null on a group topic: read as absent", ["LaxCast"],
                "\(payloadFile):96; \(service):64-71",
                convosPayload(message: .null), code: "MISSING_ENCRYPTED_MESSAGE"),
        ]
        func hardenedRoute(
            _ comment: String, _ flags: [String], _ payload: JSONValue, outcome: String? = nil, code: String? = nil
        )
            -> VectorCase
        {
            route(comment, flags, nil, payload, outcome: outcome, code: code)
        }
        let strictTopic =
            "Why: a topic outside XMTP's grammar (/xmtp/mls/1/g-<hex>/proto) is refused before any lookup; a lenient "
            + "reader turns g-abc into the bytes ab 0c, someone else's id"
        let hardened: [VectorCase] = [
            hardenedRoute(
                "clientId is a number: MALFORMED_PAYLOAD. Why: a field of the wrong type is a broken or hostile "
                    + "sender, worth telling apart from a missing one", ["MalformedPayload"],
                convosPayload(clientId: 42),
                code: "MALFORMED_PAYLOAD"),
            hardenedRoute(
                "apiJWT is a number: MALFORMED_PAYLOAD. Why: a JWT override of the wrong type is dropped silently "
                    + "upstream, hiding a broken sender", ["MalformedPayload"],
                convosPayload().setting("apiJWT", to: 1),
                code: "MALFORMED_PAYLOAD"),
            hardenedRoute(
                "an unknown clientId with notificationData missing: MALFORMED_PAYLOAD. Why: validating the whole "
                    + "payload before resolving means a malformed push triggers no lookup and no unregister request",
                ["RouteBeforeValidate"],
                convosPayload(clientId: "11111111-2222-4333-8444-555555555555").removing("notificationData"),
                code: "MALFORMED_PAYLOAD"),
            hardenedRoute(
                "topic version 2: MALFORMED_TOPIC. \(strictTopic)", ["MalformedTopic"],
                convosPayload(topic: .string("/xmtp/mls/2/g-\(groupId)/proto")), code: "MALFORMED_TOPIC"),
            hardenedRoute(
                "no /proto: MALFORMED_TOPIC. \(strictTopic)", ["MalformedTopic"],
                convosPayload(topic: .string("/xmtp/mls/1/g-\(groupId)")), code: "MALFORMED_TOPIC"),
            hardenedRoute(
                "a trailing slash: MALFORMED_TOPIC. \(strictTopic)", ["MalformedTopic"],
                convosPayload(topic: .string("/xmtp/mls/1/g-\(groupId)/proto/")), code: "MALFORMED_TOPIC"),
            hardenedRoute(
                "an odd-length id: MALFORMED_TOPIC. \(strictTopic)", ["MalformedTopic"],
                convosPayload(topic: "/xmtp/mls/1/g-abc/proto"), code: "MALFORMED_TOPIC"),
            hardenedRoute(
                "a 0x prefix: MALFORMED_TOPIC. \(strictTopic)", ["MalformedTopic"],
                convosPayload(topic: .string("/xmtp/mls/1/g-0x\(groupId)/proto")), code: "MALFORMED_TOPIC"),
            hardenedRoute(
                "a welcome with encryptedMessage is routed as a welcome. Why: the topic says what the push is; "
                    + "upstream drops it for lacking a g- segment", ["Welcome"],
                convosPayload(topic: .string(welcomeTopic)), outcome: "routed"),
            hardenedRoute(
                "encryptedMessage with non-zero trailing bits: INVALID_BASE64. Why: one encoding per byte string; "
                    + "two readers of a non-canonical one can disagree", ["BadBase64"], convosPayload(message: "QR=="),
                code: "INVALID_BASE64"),
            hardenedRoute(
                "encryptedMessage in URL-safe base64: INVALID_BASE64, as upstream", ["BadBase64"],
                convosPayload(
                    message: .string(Base64.encode(SHA256.hash([1]) + [0xFB, 0xFF], variant: .urlSafeNoPadding))),
                code: "INVALID_BASE64"),
            hardenedRoute(
                "encryptedMessage without its padding: INVALID_BASE64, as upstream", ["BadBase64"],
                convosPayload(message: .string(unpaddedMessage)), code: "INVALID_BASE64"),
        ]
        return VectorFileDeclaration(
            name: "convos_push", protocolName: "convos-push-payload", notes: ConvosPushNotes.catalogue,
            header: [
                "The Convos push payload (APNs userInfo): parse, classify by topic, and route by clientId to exactly one identity.",
                "identities: the device's clientId -> inbox id mapping (the identity store), and each identity's conversations (groupIds, hex). The push path never sees an inbox id on the wire.",
                "Outcomes: routed (kind groupMessage with groupId, or welcome), unknownClientId, unknownConversation (the identity does not hold the group the topic names).",
            ],
            groups: [
                .init(
                    operation: .convosPushRoute,
                    description:
                        "What Convos iOS does (xmtplabs/convos-ios@f47421a9, the per-conversation era; the payload reading is unchanged at 5d1e833e): lax casts, the clientId resolved first, the topic searched for a g- segment.",
                    ids: .block(1...500), cases: deployed + deployedClassCases()),
                .init(
                    operation: .convosPushRoute, profile: .hardened,
                    description:
                        "PushProof's stricter reading: typed fields, XMTP's topic grammar, the payload validated before the clientId is resolved. Each test says why.",
                    ids: .block(501...700), cases: hardened + hardenedClassCases()),
                .init(
                    operation: .convosPushRoute,
                    description:
                        "What Convos iOS does, class by class: the g- piece's id cut as a string, the first g- piece among several, clientIds compared byte for byte.",
                    ids: .block(2000...2099), cases: strengthDeployedCases()),
                .init(
                    operation: .convosPushRoute, profile: .hardened,
                    description: "PushProof's stricter reading: clientIds compared byte for byte.",
                    ids: .block(2100...2199), cases: strengthHardenedCases()),
            ])
    }
}
