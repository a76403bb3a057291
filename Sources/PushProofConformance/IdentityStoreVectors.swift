import ConvosIdentity
import PushProofCrypto
import PushProofJSON

extension IdentityVectors {
    static func inbox(_ n: Int) -> String { Hex.encode(SHA256.hash(Array("pushproof/inbox/\(n)".utf8))) }
    static let clientA = "8F2D9C1E-4B7A-4E3F-9D2C-1A0B3C4D5E6F"
    static let clientB = "0C1D2E3F-4A5B-4C6D-8E7F-9A0B1C2D3E4F"
    static let clientC = "A1B2C3D4-E5F6-4A7B-B8C9-D0E1F2A3B4C5"

    static func save(_ inbox: String, _ client: String) -> JSONValue { ["op": "save", "inboxId": .string(inbox), "clientId": .string(client)] }
    static func byClient(_ client: String) -> JSONValue { ["op": "lookupByClientId", "clientId": .string(client)] }
    static func byInbox(_ inbox: String) -> JSONValue { ["op": "lookupByInboxId", "inboxId": .string(inbox)] }
    static func delete(_ inbox: String) -> JSONValue { ["op": "delete", "inboxId": .string(inbox)] }

    static func storeFile() throws -> VectorFile {
        let (i1, i2, i3) = (inbox(1), inbox(2), inbox(3))
        func t(_ comment: String, _ flags: [String], _ steps: [JSONValue]) -> DeclaredCase {
            DeclaredCase(comment: comment, flags: flags, input: ["steps": .array(steps)])
        }
        let traces = [
            t("save, then find by clientId and by inboxId", ["Normal"], [save(i1, clientA), byClient(clientA), byInbox(i1), byClient(clientB)]),
            t("saving the same pair again is a no-op", ["Idempotent"], [save(i1, clientA), save(i1, clientA), byInbox(i1)]),
            t("another clientId for a stored inbox is a mismatch; the stored one stays", ["ClientIdMismatch"],
              [save(i1, clientA), save(i1, clientB), byInbox(i1), byClient(clientB)]),
            t("a clientId held by another inbox is a duplicate; nothing is stored", ["DuplicateClientId"],
              [save(i1, clientA), save(i2, clientA), byInbox(i2), byClient(clientA)]),
            t("two conversations, two identities", ["Normal"], [save(i1, clientA), save(i2, clientB), byClient(clientA), byClient(clientB)]),
            t("delete removes the identity by both keys", ["Deletion"], [save(i1, clientA), delete(i1), byClient(clientA), byInbox(i1), delete(i1)]),
            t("after deletion the clientId can be saved with a new inbox", ["Deletion"], [save(i1, clientA), delete(i1), save(i3, clientA), byClient(clientA)]),
            t("deleting one conversation leaves the other", ["Deletion"], [save(i1, clientA), save(i2, clientB), delete(i1), byClient(clientB), byClient(clientA)]),
            t("a mismatch after a duplicate: each refusal changes nothing", ["ClientIdMismatch", "DuplicateClientId"],
              [save(i1, clientA), save(i2, clientB), save(i2, clientA), save(i1, clientC), byInbox(i1), byInbox(i2), byClient(clientC)]),
            t("deleting an unknown inbox finds nothing", ["Deletion"], [delete(i1)]),
        ]
        return try file("identity_store",
                        ["Operation traces on the identity store: save / lookupByClientId / lookupByInboxId / delete, one result per step.",
                         "Refusals are results in the trace (CLIENT_ID_MISMATCH names the inbox and both clientIds; DUPLICATE_CLIENT_ID the clientId)."],
                        [("StoreTraceTest", "identity.storeTrace", "Each trace starts from an empty store. tcIds 1-200.", 1, traces)])
    }

    static func backendFile() throws -> VectorFile {
        let jwt = "eyJhbGciOiJFUzI1NiJ9.eyJkZXZpY2UiOiJkZXYtMSJ9.c2lnbmF0dXJl"
        let deviceId = "5B0F3C2A-7E1D-4F6A-9B8C-0D1E2F3A4B5C"
        let pushToken = Hex.encode(SHA256.hash(Array("pushproof/apns-token".utf8)))
        let group = "/xmtp/mls/1/g-" + Hex.encode(SHA256.hash(Array("pushproof/group".utf8)).prefix(16)) + "/proto"
        let welcome = "/xmtp/mls/1/w-" + Hex.encode(SHA256.hash(Array("pushproof/installation".utf8))) + "/proto"
        func b(_ comment: String, _ flags: [String], _ input: JSONValue) -> DeclaredCase {
            DeclaredCase(comment: comment, flags: flags, input: input.setting("jwt", to: .string(jwt)))
        }
        let requests = [
            b("register the device with its APNs token", ["BackendRequest"],
              ["request": "registerDevice", "deviceId": .string(deviceId), "pushToken": .string(pushToken), "apnsEnv": "production"]),
            b("register the device before it has a push token", ["BackendRequest"], ["request": "registerDevice", "deviceId": .string(deviceId)]),
            b("subscribe a conversation's topics under its clientId, hmac keys empty", ["BackendRequest", "NoInboxId"],
              ["request": "subscribe", "deviceId": .string(deviceId), "clientId": .string(clientA), "topics": [.string(group), .string(welcome)]]),
            b("unsubscribe", ["BackendRequest", "NoInboxId"], ["request": "unsubscribe", "clientId": .string(clientA), "topics": [.string(group)]]),
            b("unregister by clientId", ["BackendRequest", "NoInboxId"], ["request": "unregister", "clientId": .string(clientA)]),
        ]
        let teardown = [
            b("delete a conversation", ["TeardownOrder", "NoInboxId"],
              ["inboxId": .string(inbox(1)), "clientId": .string(clientA), "topics": [.string(group), .string(welcome)], "environment": "production"]),
        ]
        let payload: JSONValue = ["clientId": .string(clientA), "notificationData": ["contentTopic": .string(group), "encryptedMessage": "AAECAw=="]]
        func r(_ comment: String, _ saved: [(String, String)], deleted: [String] = [], outcome: String) -> DeclaredCase {
            DeclaredCase(comment: comment, flags: ["PushRouting"],
                         input: ["saved": .array(saved.map { ["inboxId": .string($0.0), "clientId": .string($0.1)] }),
                                 "deletedInboxIds": .array(deleted.map(JSONValue.string)), "payload": payload], outcome: outcome)
        }
        let resolve = [
            r("the clientId resolves to its one inbox", [(inbox(1), clientA), (inbox(2), clientB)], outcome: "routed"),
            r("an unknown clientId resolves to none", [(inbox(2), clientB)], outcome: "unknownClientId"),
            r("a deleted conversation's clientId resolves to none", [(inbox(1), clientA), (inbox(2), clientB)], deleted: [inbox(1)], outcome: "unknownClientId"),
        ]
        return try file("identity_backend",
                        ["What the Convos push backend receives: device registration, topic subscriptions under a clientId, unsubscribe, unregister, and the teardown order.",
                         "And the push path end to end: a payload's clientId resolved through the identity store."],
                        [("BackendRequestTest", "identity.backendRequest", "Requests exactly as sent (header X-Convos-AuthToken carries the JWT). tcIds 1-100.", 1, requests),
                         ("TeardownTest", "identity.teardown", "The steps of deleting a conversation, in order. tcIds 101-200.", 101, teardown),
                         ("ResolvePushTest", "identity.resolvePush", "Identities saved (and deleted) in a store, then a Convos payload resolved through it. tcIds 201-300.", 201, resolve)])
    }
}
