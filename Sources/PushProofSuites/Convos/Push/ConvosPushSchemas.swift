import PushProofConformance
import PushProofJSON

/// The shape of `convos.pushRoute`'s vectors (docs/vector-format.md).
enum ConvosPushSchemas {
    typealias S = JSONSchema

    static let route = OperationSchema(
        groupType: "ConvosPushRouteTest",
        input: S.object(
            ["identities", "payload"],
            [
                "identities": S.array(
                    of: S.object(
                        ["clientId", "inboxId"],
                        ["clientId": S.string, "inboxId": S.string, "groupIds": S.array(of: S.hex)])),
                "payload": S.anyValue,
            ]),
        output: S.oneOf([
            S.object(
                ["outcome", "inboxId", "kind"],
                [
                    "outcome": S.constant("routed"), "inboxId": S.string,
                    "kind": S.oneOf(strings: ["groupMessage", "welcome"]), "groupId": S.hex, "installationId": S.hex,
                    "encryptedMessageHex": S.hex, "messageType": S.string,
                ]),
            S.object(["outcome"], ["outcome": S.constant("unknownClientId")]),
            S.object(["outcome", "inboxId"], ["outcome": S.constant("unknownConversation"), "inboxId": S.string]),
        ]))
}
