import PushProofConformance
import PushProofJSON

/// The shapes of the epoch-key storage operations' vectors (docs/vector-format.md).
enum CatbirdEpochKeysSchemas {
    typealias S = JSONSchema
    static let hex = CatbirdSchemas.hexBytes
    /// Epochs and counts are Int64, as upstream's Swift and the reference read them.
    static let int64 = S.integer(minimum: .min, maximum: .max)

    static let step: JSONValue = [
        "type": "object", "required": ["op"], "additionalProperties": false,
        "properties": [
            "op": S.string, "userDid": S.string, "conversation": S.string, "epoch": int64, "secret": hex,
            "keepLast": int64, "beforeEpoch": int64, "keyPackageId": S.string, "kind": S.string,
            "inviteId": S.string, "did": S.string, "archiveType": S.string, "value": hex,
        ],
    ]

    static let epochKeyTrace = OperationSchema(
        groupType: "EpochKeyTraceTest",
        input: S.object(["userDid", "steps"], ["userDid": S.string, "steps": S.array(of: step)]),
        output: S.object(
            ["outcome", "steps", "epochKeys", "keychain", "keyPackages"],
            [
                "outcome": S.oneOf(strings: ["completed", "trapped"]),
                "steps": S.array(
                    of: S.object(
                        ["op", "outcome"],
                        [
                            "op": S.string,
                            "outcome": S.oneOf(strings: [
                                "stored", "replaced", "restored", "refused", "found", "notFound", "deleted", "marked",
                                "deactivated", "trap",
                            ]),
                            "value": hex, "count": S.integer(minimum: 0), "error": S.string, "reason": S.string,
                        ])),
                "epochKeys": S.array(
                    of: S.object(
                        ["conversation", "epoch", "userDid", "state"],
                        [
                            "conversation": S.string, "epoch": S.integer(minimum: 0), "userDid": S.string,
                            "state": S.oneOf(strings: ["active", "marked", "inactive"]),
                        ])),
                "keychain": S.array(of: S.string),
                "keyPackages": S.array(of: S.string),
            ]))

    static let keychainItem = OperationSchema(
        groupType: "KeychainItemTest",
        input: S.object(
            ["kind"],
            [
                "kind": S.string, "conversation": S.string, "epoch": int64, "keyPackageId": S.string,
                "inviteId": S.string, "did": S.string, "archiveType": S.string,
            ]),
        output: S.object(
            ["accessible", "synchronizable", "migratesToNewDevice"],
            [
                "service": S.string, "account": S.string,
                "accessible": S.oneOf(strings: [
                    "kSecAttrAccessibleAfterFirstUnlock", "kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly",
                    "kSecAttrAccessibleWhenUnlockedThisDeviceOnly",
                ]),
                "synchronizable": S.boolean, "migratesToNewDevice": S.boolean,
            ]))
}
