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

    static func file() -> VectorFileDeclaration {
        let identities: JSONValue = [
            ["clientId": .string(clientId), "inboxId": "inbox-of-conversation-1"],
            ["clientId": .string(otherClientId), "inboxId": "inbox-of-conversation-2"],
        ]
        func c(_ comment: String, _ flags: [String], _ payload: JSONValue, outcome: String? = nil, code: String? = nil)
            -> VectorCase
        {
            VectorCase(
                comment: comment, flags: flags, input: ["identities": identities, "payload": payload], code: code,
                outcome: outcome)
        }
        let cases: [VectorCase] = [
            c("group message routed by clientId", ["ClientIdRouting"], convosPayload(), outcome: "routed"),
            c(
                "the second conversation's clientId routes to its own inbox", ["ClientIdRouting"],
                convosPayload(clientId: .string(otherClientId)), outcome: "routed"),
            c(
                "welcome without encryptedMessage", ["Welcome"],
                convosPayload(topic: .string(welcomeTopic), message: nil), outcome: "routed"),
            c(
                "welcome with encryptedMessage", ["Welcome"], convosPayload(topic: .string(welcomeTopic)),
                outcome: "routed"),
            c(
                "unknown clientId", ["UnknownClientId"],
                convosPayload(clientId: "11111111-2222-4333-8444-555555555555"), outcome: "unknownClientId"),
            c(
                "clientId in lower case is another clientId", ["UnknownClientId"],
                convosPayload(clientId: .string(clientId.lowercased())), outcome: "unknownClientId"),
            c(
                "legacy payload keyed by inboxId", ["LegacyInboxId"],
                convosPayload(clientId: nil).setting("inboxId", to: "inbox-of-conversation-1"),
                code: "LEGACY_INBOX_ID_PAYLOAD"),
            c(
                "both clientId and the legacy inboxId: clientId decides", ["ClientIdRouting", "LegacyInboxId"],
                convosPayload().setting("inboxId", to: "inbox-of-conversation-2"), outcome: "routed"),
            c("clientId missing", ["MissingClientId"], convosPayload(clientId: nil), code: "MISSING_CLIENT_ID"),
            c("clientId empty", ["MissingClientId"], convosPayload(clientId: ""), code: "MISSING_CLIENT_ID"),
            c("clientId of spaces", ["MissingClientId"], convosPayload(clientId: "   "), code: "MISSING_CLIENT_ID"),
            c("clientId is a number", ["MalformedPayload"], convosPayload(clientId: 42), code: "MALFORMED_PAYLOAD"),
            c(
                "notificationData missing", ["MalformedPayload"], convosPayload().removing("notificationData"),
                code: "MALFORMED_PAYLOAD"),
            c(
                "contentTopic missing", ["MalformedPayload"],
                convosPayload().setting("notificationData", to: ["encryptedMessage": .string(mlsMessage)]),
                code: "MALFORMED_PAYLOAD"),
            c(
                "apiJWT is a number", ["MalformedPayload"], convosPayload().setting("apiJWT", to: 1),
                code: "MALFORMED_PAYLOAD"),
            c("payload is a string", ["MalformedPayload"], "clientId", code: "MALFORMED_PAYLOAD"),
            c(
                "group message without encryptedMessage", ["MalformedPayload"], convosPayload(message: nil),
                code: "MISSING_ENCRYPTED_MESSAGE"),
            c(
                "encryptedMessage in URL-safe base64", ["BadBase64"],
                convosPayload(
                    message: .string(Base64.encode(SHA256.hash([1]) + [0xFB, 0xFF], variant: .urlSafeNoPadding))),
                code: "INVALID_BASE64"),
            c(
                "encryptedMessage with whitespace", ["BadBase64"], convosPayload(message: .string(mlsMessage + " ")),
                code: "INVALID_BASE64"),
            c(
                "topic version 2", ["MalformedTopic"], convosPayload(topic: "/xmtp/mls/2/g-00ff/proto"),
                code: "MALFORMED_TOPIC"),
            c(
                "topic kind \"x-\"", ["MalformedTopic"], convosPayload(topic: "/xmtp/mls/1/x-00ff/proto"),
                code: "MALFORMED_TOPIC"),
            c(
                "topic with an odd-length id", ["MalformedTopic"], convosPayload(topic: "/xmtp/mls/1/g-abc/proto"),
                code: "MALFORMED_TOPIC"),
            c(
                "topic with a non-hex id", ["MalformedTopic"], convosPayload(topic: "/xmtp/mls/1/g-zz/proto"),
                code: "MALFORMED_TOPIC"),
            c(
                "topic with an empty id", ["MalformedTopic"], convosPayload(topic: "/xmtp/mls/1/g-/proto"),
                code: "MALFORMED_TOPIC"),
            c(
                "topic without /proto", ["MalformedTopic"], convosPayload(topic: "/xmtp/mls/1/g-00ff"),
                code: "MALFORMED_TOPIC"),
            c(
                "topic with a trailing slash", ["MalformedTopic"], convosPayload(topic: "/xmtp/mls/1/g-00ff/proto/"),
                code: "MALFORMED_TOPIC"),
        ]
        return VectorFileDeclaration(
            suite: "convos_push", protocolName: "convos-push-payload", notes: ConvosPushNotes.catalogue,
            header: [
                "The Convos push payload (APNs userInfo): parse, classify by topic, and route by clientId to exactly one identity.",
                "identities: the device's clientId -> inbox id mapping (the identity store). The push path never sees an inbox id on the wire.",
            ],
            groups: [
                .init(
                    type: "ConvosPushRouteTest", operation: .convosPushRoute,
                    description: "Convos as deployed since October 2025 (clientId-keyed payloads).",
                    ids: .block(1...500), cases: cases)
            ])
    }
}
