import PushProofConformance
import PushProofJSON

/// The shapes of the notification envelope operations' vectors (docs/vector-format.md).
enum EnvelopeSchemas {
    typealias S = JSONSchema

    static let notificationType = S.oneOf(strings: ["message", "remove", "test"])
    /// A notification as the server writes it.
    static let notificationIn = S.object(
        ["type", "realm_url", "realm_name", "user_id"],
        [
            "type": notificationType, "realm_url": S.string, "realm_name": S.string, "user_id": S.integer,
            "sender_id": S.integer, "sender_full_name": S.string, "sender_avatar_url": S.string,
            "message_id": S.integer, "time": S.integer, "content": S.string,
            "recipient": S.oneOf([
                S.object(
                    ["type", "channel_id", "channel_name", "topic"],
                    [
                        "type": S.constant("channel"), "channel_id": S.integer, "channel_name": S.string,
                        "topic": S.string,
                    ]),
                S.object(["type", "user_ids"], ["type": S.constant("direct"), "user_ids": S.array(of: S.integer)]),
            ]),
            "mentioned_user_group": S.object(["id", "name"], ["id": S.integer, "name": S.string]),
            "message_ids": S.array(of: S.integer),
        ])
    /// A notification as a client reads it back: the identifying members, the rest free.
    static let notificationOut = S.object(
        ["type", "realm_url", "user_id"],
        ["type": notificationType, "realm_url": S.string, "realm_name": S.string, "user_id": S.integer],
        additional: true)
    static let nonce = S.pattern("^[0-9a-f]{48}$")

    /// Judged by meaning (docs/vector-format.md): the nonce and the decrypted notification.
    static let encrypt = OperationSchema(
        groupType: "EnvelopeEncryptTest",
        input: S.object(
            ["notification", "pushKeyId", "pushKey", "nonce"],
            ["notification": notificationIn, "pushKeyId": S.uint32, "pushKey": S.hex, "nonce": nonce]),
        output: S.object(["nonce", "notification"], ["nonce": nonce, "notification": notificationOut]))

    /// Judged by meaning: the ephemeral public key the box starts with, and the notification.
    static let seal = OperationSchema(
        groupType: "EnvelopeSealTest",
        input: S.object(
            ["notification", "devicePublicKey", "ephemeralSecretKey"],
            ["notification": notificationIn, "devicePublicKey": S.base64, "ephemeralSecretKey": S.hex32]),
        output: S.object(["nonce", "notification"], ["nonce": S.hex32, "notification": notificationOut]))

    static let bouncerPayload = OperationSchema(
        groupType: "BouncerPayloadTest",
        input: S.object(
            ["service", "priority"],
            [
                "service": S.oneOf(strings: ["apns", "fcm"]), "priority": S.oneOf(strings: ["high", "normal"]),
                "pushKeyId": S.uint32, "encryptedData": S.string, "pushAccountId": S.integer(minimum: 0),
                "encryptedContent": S.string,
            ]),
        output: S.oneOf([
            S.object(
                ["headers", "body"],
                [
                    "headers": S.object(
                        ["apns-priority", "apns-push-type"],
                        [
                            "apns-priority": S.oneOf(strings: ["10", "5"]),
                            "apns-push-type": S.oneOf(strings: ["alert", "background"]),
                        ]),
                    "body": S.object(
                        ["aps"],
                        [
                            "push_key_id": S.integer(minimum: 0), "encrypted_data": S.string,
                            "push_account_id": S.integer(minimum: 0), "encrypted_content": S.string,
                            "aps": S.constant(["mutable-content": 1, "alert": ["title": "New notification"]]),
                        ]),
                ]),
            S.object(
                ["priority", "data"],
                [
                    "priority": S.oneOf(strings: ["high", "normal"]),
                    "data": [
                        "type": "object", "additionalProperties": S.string,
                        "propertyNames": S.oneOf(strings: [
                            "push_key_id", "encrypted_data", "push_account_id", "encrypted_content",
                        ]),
                    ],
                ]),
        ]))

    /// Dart's DateTime holds +-8.64e15 ms; the app's clock and key times (Unix seconds) must fit.
    static let dartTime = S.integer(minimum: -8_640_000_000_000, maximum: 8_640_000_000_000)
    static let dartSeconds = S.integer(
        minimum: -8_640_000_000_000, maximum: 8_640_000_000_000,
        description: "Unix seconds within a Dart DateTime's range")
    static let account = S.object(
        ["realm_url", "realm_name", "user_id"],
        [
            "realm_url": S.pattern(
                "^[Hh][Tt][Tt][Pp][Ss]?://[^/?#]",
                description: "the app's own realm: an absolute http or https URL with a host"),
            "realm_name": S.string, "user_id": S.integer,
        ])

    static let receive = OperationSchema(
        groupType: "EnvelopeReceiveTest",
        input: S.object(
            ["service", "account", "payload"],
            [
                "service": S.oneOf(strings: ["apns", "fcm"]), "account": account, "payload": S.anyValue,
                "now": dartTime,
                "keys": S.array(
                    of: S.object(
                        ["id", "pushKey", "createdAt"],
                        ["id": S.uint32, "pushKey": S.hex, "createdAt": dartSeconds, "acknowledgedAt": dartSeconds])),
                "rotationRuns": S.array(of: dartSeconds),
                "devices": S.array(
                    of: S.object(
                        ["pushAccountId", "secretKey"], ["pushAccountId": S.integer(minimum: 0), "secretKey": S.hex32])),
            ]),
        output: S.oneOf([
            S.object(
                ["outcome", "notification"], ["outcome": S.constant("delivered"), "notification": notificationOut]),
            S.object(
                ["outcome"],
                [
                    "outcome": S.oneOf(strings: [
                        "droppedUnknownKey", "droppedOtherAccount", "droppedUnexpectedType", "droppedAsLegacy",
                    ])
                ]),
        ]))
}
