import PushProofConformance
import PushProofJSON

/// The shapes of the registration operations' vectors (docs/vector-format.md).
enum RegistrationSchemas {
    typealias S = JSONSchema

    /// The plaintext a device seals: the token, its kind, its time and the iOS app id.
    static let registration = S.object(
        ["token_kind", "token", "timestamp"],
        [
            "token_kind": S.oneOf(strings: ["fcm", "apns"]), "token": S.string, "timestamp": S.integer,
            "ios_app_id": S.types(
                ["string", "null"], description: "null: no ios_app_id (the client's toJson leaves it out)"),
        ])
    /// A form POST has no null; the vectors carry one only to test a field the request cannot carry.
    static let formString = S.types(
        ["string", "null"],
        description: "null only in a test of a field the request cannot carry (a form POST has no null)")
    /// What the server relays to the bouncer.
    static let request = S.object(
        ["realm_uuid", "encrypted_push_registration", "bouncer_public_key"],
        [
            "realm_uuid": S.string, "token_id": S.types(["string", "null"]),
            "push_account_id": ["type": ["integer", "null"], "minimum": 0],
            "encrypted_push_registration": formString, "bouncer_public_key": formString,
        ])
    static let parameters: JSONValue = ["type": "object", "additionalProperties": S.string]

    static let tokenId = OperationSchema(
        groupType: "TokenIdTest",
        input: S.object(["token"], ["token": S.string]),
        output: S.object(
            ["tokenId", "tokenIdInt64"],
            ["tokenId": ["allOf": [S.base64, ["minLength": 12, "maxLength": 12]]], "tokenIdInt64": S.decimalInt64]))

    static let seal = OperationSchema(
        groupType: "SealTest",
        input: S.object(
            ["bouncerPublicKey", "ephemeralSecretKey", "registration"],
            ["bouncerPublicKey": S.base64, "ephemeralSecretKey": S.hex32, "registration": registration]),
        output: S.object(
            ["plaintext", "ephemeralPublicKey", "nonce", "encryptedPushRegistration"],
            [
                "plaintext": S.string, "ephemeralPublicKey": S.hex32, "nonce": S.pattern("^[0-9a-f]{48}$"),
                "encryptedPushRegistration": S.base64, "tokenId": S.base64,
            ]))

    static let bouncer = OperationSchema(
        groupType: "BouncerRegistrationTest",
        input: S.object(
            ["bouncer", "priorRequests", "request"],
            [
                "bouncer": S.object(
                    ["keyRing", "iosAppIds", "now"],
                    [
                        "keyRing": S.array(
                            of: S.object(
                                ["publicKey", "secretKey", "status"],
                                [
                                    "publicKey": S.base64, "secretKey": S.hex32,
                                    "status": S.oneOf(strings: ["active", "retired"]),
                                ])),
                        "iosAppIds": S.array(of: S.string), "now": S.integer,
                    ]),
                "priorRequests": S.array(of: request),
                "request": request,
            ]),
        output: S.object(
            ["deviceId", "created", "registration"],
            ["deviceId": S.integer(minimum: 1), "created": S.boolean, "registration": registration]))

    static let serverParameters = OperationSchema(
        groupType: "ServerParametersTest",
        input: S.object(
            ["params", "inProgress"],
            [
                "params": parameters, "knownDeviceIds": S.array(of: S.integer),
                "registeredDeviceIds": S.array(of: S.integer), "inProgress": S.array(of: S.integer),
            ]),
        output: S.object(
            [],
            [
                "deviceId": S.integer, "pushAccountId": S.integer(minimum: 0), "pushKeyId": S.uint32,
                "pushKey": S.base64, "tokenKind": S.oneOf(strings: ["fcm", "apns"]), "tokenIdInt64": S.decimalInt64,
                "bouncerPublicKey": S.string, "encryptedPushRegistration": S.string, "pushPublicKey": S.base64,
                "change": S.oneOf(strings: ["registration", "keyRotation", "tokenRotation"]),
            ]))

    /// A device's registration state after each step.
    static let state = S.object(
        ["action", "status"],
        [
            "action": S.oneOf(strings: [
                "accepted", "rejected", "activated", "dropped", "retry", "abandoned", "ignored",
            ]),
            "change": S.oneOf(strings: ["registration", "keyRotation", "tokenRotation", "none"]),
            "message": S.string, "code": S.string,
            "status": S.oneOf(strings: ["none", "pending", "active", "failed"]),
            "activeTokenId": S.base64, "bouncerDeviceId": S.integer, "lastErrorCode": S.string,
        ])

    static let serverLifecycle = OperationSchema(
        groupType: "ServerLifecycleTest",
        input: S.object(
            ["realmUUID", "steps"],
            [
                "realmUUID": S.string, "knownDeviceIds": S.array(of: S.integer),
                "steps": S.array(
                    of: S.oneOf([
                        S.object(["register"], ["register": parameters]),
                        S.object(
                            ["bouncerAnswer", "for"],
                            [
                                "bouncerAnswer": S.object(
                                    ["answer"],
                                    [
                                        "answer": S.oneOf(strings: [
                                            "registered", "refused", "serverError", "networkFailure",
                                        ]),
                                        "deviceId": S.integer, "code": S.string, "status": S.integer,
                                    ]),
                                "for": [
                                    "type": "object", "minProperties": 1, "maxProperties": 1,
                                    "additionalProperties": false,
                                    "properties": ["deviceId": S.integer, "pushAccountId": S.integer],
                                ],
                            ]),
                    ]), minItems: 1),
            ]),
        output: S.object(["states"], ["states": S.array(of: state)]))
}
