import PushProofConformance
import PushProofJSON

/// The shapes of the identity operations' vectors (docs/vector-format.md).
enum IdentitySchemas {
    typealias S = JSONSchema

    static let hex64 = S.pattern("^[0-9a-f]{64}$")
    /// A clientId is any string, as the app holds it (its own tests store "test-client-123" and
    /// emoji ids: docs/identity.md); an upper-case UUID v4 is what it generates and what the
    /// hardened reading asks.
    static let clientId = S.string
    static let address = S.pattern("^0x[0-9a-f]{40}$")

    static let keccak256 = OperationSchema(
        groupType: "Keccak256Test",
        input: S.object(["message"], ["message": S.hex]),
        output: S.object(["digest"], ["digest": hex64]))

    static let fromPrivateKey = OperationSchema(
        groupType: "PrivateKeyTest",
        input: S.object(["privateKey", "nonce"], ["privateKey": S.hex, "nonce": S.uint64]),
        output: S.object(
            ["publicKey", "address", "inboxId"],
            ["publicKey": S.pattern("^04[0-9a-f]{128}$"), "address": address, "inboxId": hex64]))

    static let inboxId = OperationSchema(
        groupType: "InboxIdTest",
        input: S.object(["address", "nonce"], ["address": S.string, "nonce": S.uint64]),
        output: S.object(["inboxId"], ["inboxId": hex64]))

    /// Judged by meaning (docs/vector-format.md): the ids and the key bytes.
    static let keychainEncode = OperationSchema(
        groupType: "KeychainEncodeTest",
        input: S.object(
            ["inboxId", "clientId", "privateKey", "databaseKey"],
            ["inboxId": S.string, "clientId": clientId, "privateKey": S.hex, "databaseKey": S.hex]),
        output: S.object(
            ["inboxId", "clientId", "keys"],
            [
                "inboxId": S.string, "clientId": S.string,
                "keys": S.object(
                    ["privateKeyHex", "databaseKeyHex"], ["privateKeyHex": hex64, "databaseKeyHex": S.hex]),
            ]))

    /// Deployed: the app reads any id strings.
    static let keychainDecode = OperationSchema(
        groupType: "KeychainDecodeTest",
        input: S.object(["record"], ["record": S.string]),
        output: S.object(
            ["inboxId", "clientId", "address"], ["inboxId": S.string, "clientId": S.string, "address": address]))

    static let storeStep = S.oneOf([
        S.object(
            ["op", "inboxId", "clientId"], ["op": S.constant("save"), "inboxId": S.string, "clientId": clientId]),
        S.object(["op", "clientId"], ["op": S.constant("lookupByClientId"), "clientId": S.string]),
        S.object(["op", "inboxId"], ["op": S.oneOf(strings: ["lookupByInboxId", "delete"]), "inboxId": S.string]),
    ])
    static let storeResult = S.oneOf([
        S.object(["result"], ["result": S.oneOf(strings: ["saved", "unchanged", "deleted", "notFound"])]),
        S.object(
            ["result", "inboxId", "clientId"],
            ["result": S.constant("found"), "inboxId": S.string, "clientId": S.string]),
        S.object(
            ["error", "inboxId", "existingClientId", "newClientId"],
            [
                "error": S.constant("CLIENT_ID_MISMATCH"), "inboxId": S.string, "existingClientId": S.string,
                "newClientId": S.string,
            ]),
        S.object(["error", "clientId"], ["error": S.constant("DUPLICATE_CLIENT_ID"), "clientId": S.string]),
    ])

    static let storeTrace = OperationSchema(
        groupType: "StoreTraceTest",
        input: S.object(["steps"], ["steps": S.array(of: storeStep, minItems: 1)]),
        output: S.object(["results"], ["results": S.array(of: storeResult)]))

    /// A request to the Convos backend.
    static let request = S.object(
        ["method", "path", "headers"],
        [
            "method": S.oneOf(strings: ["POST", "DELETE"]), "path": S.pattern("^v2/"),
            "headers": S.oneOf([
                S.object(["X-Convos-AuthToken"], ["X-Convos-AuthToken": S.string]),
                S.object(["X-Firebase-AppCheck"], ["X-Firebase-AppCheck": S.string]),
            ]),
            "body": ["type": "object"],
        ])

    static let backendRequest = OperationSchema(
        groupType: "BackendRequestTest",
        input: S.object(
            ["request"],
            [
                "request": S.oneOf(strings: ["registerDevice", "subscribe", "unsubscribe", "unregister"]),
                "jwt": S.string, "appCheckToken": S.string, "deviceId": S.string, "pushToken": S.string,
                "apnsEnv": S.oneOf(strings: ["sandbox", "production"]), "clientId": clientId,
                "topics": S.array(of: S.string),
            ]),
        output: request)

    static let teardown = OperationSchema(
        groupType: "TeardownTest",
        input: S.object(
            ["inboxId", "clientId", "topics", "welcomeTopic", "environment", "jwt"],
            [
                "inboxId": S.string, "clientId": clientId, "topics": S.array(of: S.string), "welcomeTopic": S.string,
                "environment": S.oneOf(strings: ["production", "dev", "local"]), "jwt": S.string,
            ]),
        output: S.object(
            ["steps"],
            [
                "steps": S.array(
                    of: S.object(
                        ["step"],
                        [
                            "step": S.oneOf(strings: [
                                "unsubscribe", "unregister", "deleteDatabaseRecords", "deleteKeychainIdentity",
                                "deleteXMTPDatabaseFiles",
                            ]),
                            "request": request, "inboxId": S.string, "files": S.array(of: S.string),
                        ]))
            ]))

    static let resolvePush = OperationSchema(
        groupType: "ResolvePushTest",
        input: S.object(
            ["saved", "deletedInboxIds", "payload"],
            [
                "saved": S.array(of: S.object(["inboxId", "clientId"], ["inboxId": S.string, "clientId": clientId])),
                "deletedInboxIds": S.array(of: S.string), "payload": S.anyValue,
            ]),
        output: S.oneOf([
            S.object(["outcome", "inboxId"], ["outcome": S.constant("routed"), "inboxId": S.string]),
            S.object(["outcome"], ["outcome": S.constant("unknownClientId")]),
        ]))
}
