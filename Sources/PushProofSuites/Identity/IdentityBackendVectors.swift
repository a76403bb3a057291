import ConvosIdentity
import Foundation
import PushProofConformance
import PushProofCrypto
import PushProofJSON

/// identity_backend: what the push backend receives, the teardown order, and the push path end to end.
enum IdentityBackendVectors: IdentityFixtures {
    static func file() throws -> VectorFileDeclaration {
        let jwt = "eyJhbGciOiJFUzI1NiJ9.eyJkZXZpY2UiOiJkZXYtMSJ9.c2lnbmF0dXJl"
        let deviceId = "5B0F3C2A-7E1D-4F6A-9B8C-0D1E2F3A4B5C"
        let pushToken = Hex.encode(SHA256.hash(Array("pushproof/apns-token".utf8)))
        let group = "/xmtp/mls/1/g-" + Hex.encode(SHA256.hash(Array("pushproof/group".utf8)).prefix(16)) + "/proto"
        let welcome = "/xmtp/mls/1/w-" + Hex.encode(SHA256.hash(Array("pushproof/installation".utf8))) + "/proto"
        func b(_ comment: String, _ flags: [String], _ input: JSONValue) -> VectorCase {
            VectorCase(comment: comment, flags: flags, input: input.setting("jwt", to: .string(jwt)))
        }
        let requests = [
            b(
                "register the device with its APNs token", ["BackendRequest"],
                [
                    "request": "registerDevice", "deviceId": .string(deviceId), "pushToken": .string(pushToken),
                    "apnsEnv": "production",
                ]),
            b(
                "register the device before it has a push token", ["BackendRequest"],
                ["request": "registerDevice", "deviceId": .string(deviceId)]),
            b(
                "subscribe a conversation's topics under its clientId, hmac keys empty",
                ["BackendRequest", "NoInboxId"],
                [
                    "request": "subscribe", "deviceId": .string(deviceId), "clientId": .string(clientA),
                    "topics": [.string(group), .string(welcome)],
                ]),
            b(
                "unsubscribe", ["BackendRequest", "NoInboxId"],
                ["request": "unsubscribe", "clientId": .string(clientA), "topics": [.string(group)]]),
            b(
                "unregister by clientId", ["BackendRequest", "NoInboxId"],
                ["request": "unregister", "clientId": .string(clientA)]),
        ]
        let teardown = [
            b(
                "delete a conversation", ["TeardownOrder", "NoInboxId"],
                [
                    "inboxId": .string(inbox(1)), "clientId": .string(clientA),
                    "topics": [.string(group), .string(welcome)], "environment": "production",
                ])
        ]
        let payload: JSONValue = [
            "clientId": .string(clientA),
            "notificationData": ["contentTopic": .string(group), "encryptedMessage": "AAECAw=="],
        ]
        func r(_ comment: String, _ saved: [(String, String)], deleted: [String] = [], outcome: String) -> VectorCase {
            VectorCase(
                comment: comment, flags: ["PushRouting"],
                input: [
                    "saved": .array(saved.map { ["inboxId": .string($0.0), "clientId": .string($0.1)] }),
                    "deletedInboxIds": .array(deleted.map(JSONValue.string)), "payload": payload,
                ], outcome: outcome)
        }
        let resolve = [
            r("the clientId resolves to its one inbox", [(inbox(1), clientA), (inbox(2), clientB)], outcome: "routed"),
            r("an unknown clientId resolves to none", [(inbox(2), clientB)], outcome: "unknownClientId"),
            r(
                "a deleted conversation's clientId resolves to none", [(inbox(1), clientA), (inbox(2), clientB)],
                deleted: [inbox(1)], outcome: "unknownClientId"),
        ]
        return VectorFileDeclaration(
            suite: "identity_backend", protocolName: "convos-client-id", notes: IdentityNotes.catalogue,
            header: [
                "What the Convos push backend receives: device registration, topic subscriptions under a clientId, unsubscribe, unregister, and the teardown order.",
                "And the push path end to end: a payload's clientId resolved through the identity store.",
            ],
            groups: [
                .init(
                    type: "BackendRequestTest", operation: .identityBackendRequest,
                    description: "Requests exactly as sent (header X-Convos-AuthToken carries the JWT).",
                    ids: .block(1...100), cases: requests),
                .init(
                    type: "TeardownTest", operation: .identityTeardown,
                    description: "The steps of deleting a conversation, in order.", ids: .block(101...200),
                    cases: teardown),
                .init(
                    type: "ResolvePushTest", operation: .identityResolvePush,
                    description:
                        "Identities saved (and deleted) in a store, then a Convos payload resolved through it.",
                    ids: .block(201...300), cases: resolve),
            ])
    }
}
