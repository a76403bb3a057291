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
        let appCheckToken = "app-check-token-of-the-device"
        // docs/audit/identity.md: xmtplabs/convos-ios@f47421a9.
        let core = "xmtplabs/convos-ios@f47421a9:ConvosCore/Sources/ConvosCore/"
        let api = core + "API/ConvosAPIClient.swift"
        let models = core + "API/ConvosAPIClient+Models.swift"
        func backendCall(_ comment: String, _ flags: [String], _ source: String, _ input: JSONValue) -> VectorCase {
            VectorCase(comment: comment, flags: flags, source: source, input: input.setting("jwt", to: .string(jwt)))
        }
        func register(_ comment: String, _ input: JSONValue) -> VectorCase {
            VectorCase(
                comment: comment, flags: ["BackendRequest", "AppCheck"], source: "\(api):122-149; \(models):60-72",
                input: input.setting("appCheckToken", to: .string(appCheckToken)))
        }
        let requests = [
            register(
                "register the device with its APNs token, authenticated by App Check (device registration does not "
                    + "carry the JWT)",
                [
                    "request": "registerDevice", "deviceId": .string(deviceId), "pushToken": .string(pushToken),
                    "apnsEnv": "production",
                ]),
            register(
                "register the device before it has a push token, authenticated by App Check",
                ["request": "registerDevice", "deviceId": .string(deviceId)]),
            backendCall(
                "subscribe a conversation's topics under its clientId, hmac keys empty",
                ["BackendRequest", "NoInboxId"],
                "\(api):283-296, 493-509; \(models):79-109; \(core)Syncing/StreamProcessor.swift:646-662",
                [
                    "request": "subscribe", "deviceId": .string(deviceId), "clientId": .string(clientA),
                    "topics": [.string(group), .string(welcome)],
                ]),
            backendCall(
                "unsubscribe", ["BackendRequest", "NoInboxId"], "\(api):511-519; \(models):116-124",
                ["request": "unsubscribe", "clientId": .string(clientA), "topics": [.string(group)]]),
            backendCall(
                "unregister by clientId", ["BackendRequest", "NoInboxId"], "\(api):521-525",
                ["request": "unregister", "clientId": .string(clientA)]),
            register(
                "register with a blank push token: the token is sent, without pushTokenType and apnsEnv",
                [
                    "request": "registerDevice", "deviceId": .string(deviceId), "pushToken": " ",
                    "apnsEnv": "production",
                ]),
        ]
        let registerDevice: JSONValue = ["request": "registerDevice", "deviceId": .string(deviceId)]
        func token(_ text: String, env: String? = "sandbox") -> JSONValue {
            let input = registerDevice.setting("pushToken", to: .string(text))
            return env.map { input.setting("apnsEnv", to: .string($0)) } ?? input
        }
        // Blank is Foundation's whitespacesAndNewlines, scalar by scalar; each kind of blank, and what
        // is not blank, with an environment that goes only with a token that is not blank.
        let blanks: [(String, String)] = [
            ("a tab, a line feed and a carriage return", "\t\n\r"), ("a no-break space (U+00A0)", "\u{A0}"),
            ("a zero width space (U+200B)", "\u{200B}"), ("an ideographic space (U+3000)", "\u{3000}"),
            ("a line separator (U+2028) and NEL (U+0085)", "\u{2028}\u{85}"),
        ]
        let registerClass =
            [
                register(
                    "register with an empty push token: the empty token is sent (the app tests for nil), without "
                        + "pushTokenType and apnsEnv", token("")),
                register(
                    "register with a push token and no apnsEnv: pushTokenType only (the environment is sent only when "
                        + "the app has one)", token(pushToken, env: nil)),
                register(
                    "register with a push token for the sandbox: apnsEnv sandbox", token(pushToken)),
                register(
                    "register with a push token between spaces: not blank, so sent as it is with pushTokenType and "
                        + "apnsEnv", token(" \(pushToken)\n")),
                register(
                    "register with a push token of a byte order mark (U+FEFF, not whitespace for Foundation): not "
                        + "blank", token("\u{FEFF}")),
                register(
                    "register with an empty device id and a blank token without apnsEnv: both sent as they are",
                    ["request": "registerDevice", "deviceId": "", "pushToken": " "]),
            ]
            + blanks.map { name, text in
                register(
                    "register with a push token of \(name): blank, so the token is sent without pushTokenType and "
                        + "apnsEnv", token(text))
            }
        let ism = core + "Inboxes/InboxStateMachine.swift"
        let teardownInput: JSONValue = [
            "inboxId": .string(inbox(1)), "clientId": .string(clientA), "topics": [.string(group)],
            "welcomeTopic": .string(welcome), "environment": "production", "jwt": .string(jwt),
        ]
        let fallback: JSONValue = .array(
            ConversationTeardown.fallbackDatabaseFiles(inboxId: inbox(1), environment: .production).map(
                JSONValue.string))
        let teardownAnswer = try IdentityOperations.teardown(
            OperationRequest(operation: .identityTeardown, profile: .deployed, input: teardownInput))
        guard let steps = teardownAnswer["steps"]?.arrayValue, let last = steps.last else {
            throw GeneratorError("identity_backend: the teardown has no steps")
        }
        let fallbackAnswer: JSONValue = [
            "output": ["steps": .array(steps.dropLast() + [last.setting("files", to: fallback)])]
        ]
        let teardown = [
            VectorCase(
                comment:
                    "delete a conversation: unsubscribe the inbox's welcome topic only (the unregister that follows "
                    + "ends the rest), unregister, the records, the keychain identity, then the SDK's database file "
                    + "(or, when the SDK's call throws, Convos's fallback list, the alternative)",
                flags: ["TeardownOrder", "NoInboxId", "SdkDeletesOneFile"],
                source: "\(ism):921-1014; xmtp/libxmtp@899650a4:sdks/ios/Sources/XMTPiOS/Client.swift:382, 847-851",
                input: teardownInput, alsoAccepted: [fallbackAnswer])
        ]
        let teardownHardened = [
            VectorCase(
                comment:
                    "delete a conversation: every topic unsubscribed and the database file deleted with its companions. "
                    + "Why: a deleted conversation should leave no subscription and no file behind, whatever a later "
                    + "step does", flags: ["TeardownOrder", "NoInboxId"], input: teardownInput)
        ]
        // Any clientId string goes to the backend as the app holds it (its own tests store
        // "test-client-123": KeychainIdentityStoreTests.swift:32-51, testSaveAndLoadIdentity).
        let upstreamId = "test-client-123"
        let upstreamTest =
            "xmtplabs/convos-ios@f47421a9:KeychainIdentityStoreTests/KeychainIdentityStoreTests.swift:32-51 (testSaveAndLoadIdentity)"
        let anyClientId = [
            backendCall(
                "subscribe under the clientId of the app's test testSaveAndLoadIdentity: any string is sent",
                ["BackendRequest", "UpstreamTest", "AnyClientId"], "\(upstreamTest); \(api):493-509",
                [
                    "request": "subscribe", "deviceId": .string(deviceId), "clientId": .string(upstreamId),
                    "topics": [.string(group)],
                ]),
            backendCall(
                "unsubscribe under the clientId of the app's test testSaveAndLoadIdentity",
                ["BackendRequest", "UpstreamTest", "AnyClientId"], "\(upstreamTest); \(api):511-519",
                ["request": "unsubscribe", "clientId": .string(upstreamId), "topics": [.string(group)]]),
            backendCall(
                "unregister the clientId of the app's test testSaveAndLoadIdentity: it is the path's last segment",
                ["BackendRequest", "UpstreamTest", "AnyClientId"], "\(upstreamTest); \(api):521-525",
                ["request": "unregister", "clientId": .string(upstreamId)]),
        ]
        let payload: JSONValue = [
            "clientId": .string(clientA),
            "notificationData": ["contentTopic": .string(group), "encryptedMessage": "AAECAw=="],
        ]
        func routing(
            _ comment: String, _ saved: [(String, String)], deleted: [String] = [], outcome: String, source: String
        ) -> VectorCase {
            VectorCase(
                comment: comment, flags: ["PushRouting"], source: source,
                input: [
                    "saved": .array(saved.map { ["inboxId": .string($0.0), "clientId": .string($0.1)] }),
                    "deletedInboxIds": .array(deleted.map(JSONValue.string)), "payload": payload,
                ], outcome: outcome)
        }
        let resolve = [
            routing(
                "the clientId resolves to its one inbox", [(inbox(1), clientA), (inbox(2), clientB)], outcome: "routed",
                source:
                    "\(core)Inboxes/CachedPushNotificationHandler.swift:99-113; \(core)Storage/Repositories/InboxesRepository.swift:31-38"
            ),
            routing(
                "an unknown clientId resolves to none", [(inbox(2), clientB)], outcome: "unknownClientId",
                source: "\(core)Inboxes/CachedPushNotificationHandler.swift:107-111"),
            routing(
                "a deleted conversation's clientId resolves to none", [(inbox(1), clientA), (inbox(2), clientB)],
                deleted: [inbox(1)], outcome: "unknownClientId",
                source: "\(ism):1058-1063; \(core)Inboxes/CachedPushNotificationHandler.swift:107-111"),
        ]
        return VectorFileDeclaration(
            name: "identity_backend", protocolName: "convos-client-id", notes: IdentityNotes.catalogue,
            header: [
                "What the Convos push backend receives: device registration, topic subscriptions under a clientId, unsubscribe, unregister, and the teardown order.",
                "And the push path end to end: a payload's clientId resolved through the identity store.",
            ],
            groups: [
                .init(
                    operation: .identityBackendRequest,
                    description:
                        "Requests exactly as sent: the authentication header (X-Convos-AuthToken with the JWT; X-Firebase-AppCheck for device registration); the Content-Type the app also sends is not listed.",
                    ids: .block(1...100), cases: requests + registerClass + anyClientId),
                .init(
                    operation: .identityTeardown,
                    description: "The steps of deleting a conversation, in order, as Convos iOS takes them.",
                    ids: .block(101...150), cases: teardown),
                .init(
                    operation: .identityTeardown, profile: .hardened,
                    description: "PushProof's advice for the same steps. Each test says why.", ids: .block(151...200),
                    cases: teardownHardened),
                .init(
                    operation: .identityResolvePush,
                    description:
                        "Identities saved (and deleted) in a store, then a Convos payload resolved through it.",
                    ids: .block(201...300), cases: resolve + ResolvePushClassCases.cases()),
            ])
    }
}
