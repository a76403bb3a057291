import PushProofConformance
import PushProofJSON

/// The shapes of the device registration and inventory operations' vectors (docs/vector-format.md).
enum CatbirdRegistrationSchemas {
    typealias S = JSONSchema
    static let hex = CatbirdSchemas.hexBytes

    static let registrationStep: JSONValue = [
        "type": "object", "required": ["op"], "additionalProperties": false,
        "properties": [
            "op": S.oneOf(strings: ["register", "lookup", "advance", "welcome"]), "deviceName": S.string,
            "deviceUUID": S.string, "signatureKey": hex, "pushToken": S.string, "authDid": S.string,
            "seconds": S.integer, "deviceIndex": S.integer(minimum: 1),
            "keyPackages": S.array(
                of: S.object(
                    ["keyPackage", "expires"],
                    ["keyPackage": S.string, "expires": S.integer(minimum: 0, maximum: .max), "cipherSuite": S.string])),
        ],
    ]

    static let registerDevice = OperationSchema(
        groupType: "DeviceRegistrationTest",
        input: S.object(
            ["authDid", "now", "steps"],
            ["authDid": S.string, "now": S.integer, "steps": S.array(of: registrationStep)]),
        output: S.object(
            ["steps", "devices", "welcomes"],
            [
                "steps": S.array(
                    of: S.object(
                        ["op", "outcome"],
                        [
                            "op": S.string,
                            "outcome": S.oneOf(strings: [
                                "registered", "found", "tokenUpdated", "rejected", "advanced", "welcomeStored",
                            ]),
                            "welcomeIndex": S.integer(minimum: 1), "welcomesInvalidated": S.integer(minimum: 0),
                            "status": S.enumeration([200, 400, 404, 429, 500]), "error": S.string, "now": S.integer,
                            "deviceIndex": S.integer(minimum: 1),
                            "path": S.oneOf(strings: ["new", "deviceUUID", "signatureKey", "tokenUpdate"]),
                            "storedKeyPackages": S.integer(minimum: 0),
                            "skipped": S.array(
                                of: S.object(["index", "reason"], ["index": S.integer, "reason": S.string])),
                        ])),
                "devices": S.array(
                    of: S.object(
                        ["deviceIndex", "userDid", "name", "signatureKey"],
                        [
                            "deviceIndex": S.integer, "userDid": S.string, "name": S.string, "signatureKey": hex,
                            "keyPackages": S.integer, "deviceUUID": S.string, "pushToken": S.string,
                        ])),
                "welcomes": S.array(
                    of: S.object(
                        ["welcomeIndex", "deviceIndex", "userDid", "consumed"],
                        [
                            "welcomeIndex": S.integer, "deviceIndex": S.integer, "userDid": S.string,
                            "consumed": S.boolean,
                        ])),
            ]))

    static let inventoryPackage = S.object(
        ["ref", "initKey", "notAfter"],
        [
            "ref": S.string, "initKey": S.string, "notBefore": S.integer, "notAfter": S.integer,
            "declaredRef": S.string,
        ])
    static let inventoryStep: JSONValue = [
        "type": "object", "required": ["op"], "additionalProperties": false,
        "properties": [
            "op": S.oneOf(strings: [
                "enroll", "publish", "publishBatch", "claim", "reserve", "consume", "release", "expire", "revokeDevice",
                "advance", "sweep",
            ]),
            "owner": S.string, "device": S.string, "ref": S.string, "seconds": S.integer, "idempotencyKey": S.string,
            "packages": S.array(of: inventoryPackage),
        ],
    ]

    static let inventoryTrace = OperationSchema(
        groupType: "InventoryTraceTest",
        input: S.object(["now", "steps"], ["now": S.integer, "steps": S.array(of: inventoryStep)]),
        output: S.object(
            ["steps", "packages"],
            [
                "steps": S.array(
                    of: S.object(
                        ["op", "outcome"],
                        [
                            "op": S.string,
                            "outcome": S.oneOf(strings: [
                                "enrolled", "published", "refused", "claimed", "changed", "removed", "revoked",
                                "advanced",
                            ]),
                            "count": S.integer(minimum: 0), "error": S.string, "status": S.integer, "now": S.integer,
                            "refs": S.array(of: S.string),
                        ])),
                "packages": S.array(
                    of: S.object(
                        ["owner", "device", "ref", "state"],
                        [
                            "owner": S.string, "device": S.string, "ref": S.string,
                            "state": S.oneOf(strings: ["available", "reserved", "consumed", "expired", "revoked"]),
                        ])),
            ]))
}
