import PushProofConformance
import PushProofJSON

/// The shapes of the ExplodeSettings operations' vectors (docs/vector-format.md).
enum ExplodeSchemas {
    typealias S = JSONSchema

    static let encode = OperationSchema(
        groupType: "ExplodeEncodeTest",
        input: S.object(["expiresAtUnixMillis"], ["expiresAtUnixMillis": S.integer]),
        output: S.object(
            ["contentType", "content", "fallback", "shouldPush", "encodedContentHex"],
            [
                "contentType": S.constant([
                    "authorityId": "convos.org", "typeId": "explode_settings", "versionMajor": 1, "versionMinor": 0,
                ]),
                "content": S.pattern(
                    #"^\{"expiresAt":"-?[0-9]{4,}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}Z"\}$"#),
                "fallback": S.pattern(
                    #"^Conversation expires at -?[0-9]{4,}-[0-9]{2}-[0-9]{2} [0-9]{2}:[0-9]{2}:[0-9]{2} \+0000$"#),
                "shouldPush": S.constant(true), "encodedContentHex": S.hex,
            ]))

    static let wrap = OperationSchema(
        groupType: "PlaintextEnvelopeTest",
        input: S.object(
            ["encodedContentHex", "idempotencyKey"], ["encodedContentHex": S.hex, "idempotencyKey": S.string]),
        output: S.object(["plaintextEnvelopeHex"], ["plaintextEnvelopeHex": S.hex]))

    static let decode = OperationSchema(
        groupType: "ExplodeDecodeTest",
        input: S.object(["encodedContentHex"], ["encodedContentHex": S.hex]),
        output: S.object(["expiresAtUnix", "expiresAt"], ["expiresAtUnix": S.integer, "expiresAt": S.string]))

    /// The conversation metadata the app keeps in a group's appData.
    static let metadata = S.object(
        ["tag"],
        [
            "tag": S.string, "expiresAtUnix": S.integer, "emoji": S.string,
            "profiles": S.array(of: S.object(["inboxIdHex"], ["inboxIdHex": S.hex, "name": S.string])),
        ])

    static let metadataEncode = OperationSchema(
        groupType: "MetadataEncodeTest",
        input: metadata,
        // Judged by meaning (docs/vector-format.md): the flag, whether the value is framed, the protobuf bytes.
        output: S.object(
            ["compressed", "framed", "protobufHex"],
            ["compressed": S.boolean, "framed": S.boolean, "protobufHex": S.pattern("^(?:[0-9a-f]{2})*$")]))

    static let metadataDecode = OperationSchema(
        groupType: "MetadataDecodeTest",
        input: S.object(["appData"], ["appData": S.string]),
        output: metadata)

    static let receiverEvent = S.oneOf([
        S.object(
            ["event", "fromSelf", "expiresAt"],
            [
                "event": S.constant("explodeMessage"), "fromSelf": S.boolean, "expiresAt": S.integer,
                "sender": S.oneOf(strings: ["creator", "admin", "superAdmin", "member", "nonMember"]),
            ]),
        S.object(["event", "expiresAt"], ["event": S.constant("metadata"), "expiresAt": S.integer]),
        S.object(
            ["event", "trigger", "now"],
            [
                "event": S.constant("trigger"),
                "trigger": S.oneOf(strings: ["appBecameActive", "conversationExpired", "explosionNotificationTapped"]),
                "now": S.integer,
            ]),
        S.object(["event"], ["event": S.oneOf(strings: ["message", "resync"])]),
    ])

    static let receiverTrace = OperationSchema(
        groupType: "ReceiverTraceTest",
        input: S.object(["events"], ["events": S.array(of: receiverEvent, minItems: 1)]),
        output: S.object(
            ["steps"],
            [
                "steps": S.array(
                    of: S.object(
                        ["outcome", "status"],
                        [
                            "outcome": S.oneOf(strings: [
                                "ignoredFromSelf", "ignoredUnauthorized", "ignoredDuplicate", "stored", "lowered",
                                "raised",
                                "ignoredLater", "exploded", "notDue", "nothingScheduled", "accepted", "dropped",
                                "resyncAllowed", "resyncRefused",
                            ]),
                            "status": S.oneOf(strings: ["active", "scheduled", "exploded"]), "expiresAt": S.integer,
                        ]))
            ]))
}
