import PushProofConformance

/// The flags of the ExplodeSettings vector files and what each means.
enum ExplodeNotes {
    static let catalogue: [String: VectorNote] = [
        "KnownAnswer": .init(
            bugType: "BASIC", description: "The example of the deployed system's documentation: 2025-06-01T12:30:00Z."),
        "Normal": .init(bugType: "BASIC", description: "An ordinary case every implementation must handle."),
        "SubSecondDropped": .init(
            bugType: "DEFINED",
            description:
                "The iOS encoder drops sub-second precision: the time is floored to the whole second (so -1 ms is 1969-12-31T23:59:59Z)."
        ),
        "Epoch": .init(bugType: "EDGE_CASE", description: "The Unix epoch."),
        "Pre1970": .init(bugType: "EDGE_CASE", description: "A time before 1970: negative Unix seconds."),
        "LeapDay": .init(
            bugType: "EDGE_CASE", description: "29 February, including the century rules (2000 is a leap year)."),
        "EndOfYear": .init(bugType: "EDGE_CASE", description: "The last second of a year."),
        "FarFuture": .init(
            bugType: "EDGE_CASE",
            description: "The last second RFC 3339 can write (9999-12-31T23:59:59Z); later is DATE_OUT_OF_RANGE."),
        "Milliseconds": .init(
            bugType: "DEFINED",
            description:
                "The Convos CLI, web client and Android port write milliseconds (.SSS): decoders must accept them; the fraction is dropped."
        ),
        "NumericOffset": .init(
            bugType: "LENIENCY",
            description:
                "A numeric offset (+02:00) instead of Z: valid RFC 3339 that no Convos client writes. The reference accepts it; a decoder may refuse it (INVALID_JSON)."
        ),
        "ExtraFraction": .init(
            bugType: "LENIENCY",
            description:
                "A fraction of more than three digits: the reference accepts and drops it; a decoder may refuse it."),
        "BadDate": .init(
            bugType: "MODIFIED_PARAMETER",
            description:
                "expiresAt is not an RFC 3339 UTC timestamp (no zone, lower case, impossible date, leap second, surrounding space, a number): INVALID_JSON, iOS's 'Invalid JSON format for ExplodeSettings'."
        ),
        "BadJSON": .init(
            bugType: "MODIFIED_PARAMETER", description: "The content is not a JSON object with a string expiresAt."),
        "EmptyContent": .init(
            bugType: "MODIFIED_PARAMETER",
            description: "The content is empty: iOS's 'ExplodeSettings content is empty'."),
        "UnknownKey": .init(
            bugType: "DEFINED",
            description: "An unknown key in the content JSON is ignored, as iOS's Codable decoder does."),
        "ContentType": .init(
            bugType: "MISSING_STEP",
            description:
                "The content type must be convos.org/explode_settings with major version 1; a newer minor version is accepted."
        ),
        "Compression": .init(
            bugType: "FUNCTIONALITY",
            description:
                "EncodedContent may arrive compressed: DEFLATE (raw or with a zlib header, clients differ) or GZIP."),
        "BadCompression": .init(
            bugType: "MODIFIED_PARAMETER",
            description: "The declared compression is unknown or the content does not inflate: BAD_COMPRESSION."),
        "DecompressionBomb": .init(
            bugType: "EDGE_CASE",
            description:
                "Content that inflates past the cap (64 KiB for ExplodeSettings; for appData a declared size over 10 MiB or a ratio over 100) is refused without inflating it further."
        ),
        "MalformedProtobuf": .init(
            bugType: "MODIFIED_PARAMETER", description: "The bytes are not the protobuf message."),
        "PlaintextEnvelope": .init(
            bugType: "DEFINED",
            description: "The MLS wrapper PlaintextEnvelope.V1 { content = EncodedContent bytes, idempotency_key }."),
        "AppDataCompression": .init(
            bugType: "DEFINED",
            description:
                "appData: protobuf bytes; if over 100 bytes and smaller compressed, 0x1F + big-endian u32 size + raw DEFLATE; then base64url without padding."
        ),
        "AppDataZlibHeader": .init(
            bugType: "LEGACY", description: "The Node CLI compresses with a zlib header; decoders accept it."),
        "AppDataLimit": .init(bugType: "EDGE_CASE", description: "The encoded appData is capped at 8 KB."),
        "MalformedAppData": .init(
            bugType: "MODIFIED_PARAMETER",
            description:
                "appData is not base64url, its compression header is cut short, or it inflates to another size than declared."
        ),
        "ReceiverRules": .init(
            bugType: "FUNCTIONALITY", description: "The receiver's rules, step by step (see docs/explode.md)."),
        "FromSelf": .init(
            bugType: "MISSING_STEP", description: "An explode message sent by this inbox itself is ignored."),
        "Idempotent": .init(bugType: "FUNCTIONALITY", description: "A second explode message is ignored."),
        "EarlierExplodeReplaces": .init(
            bugType: "FUNCTIONALITY",
            description:
                "A later explode message with an earlier time replaces the stored one; an equal or later time is ignored (Convos iOS)."
        ),
        "SenderPermission": .init(
            bugType: "AUTH_BYPASS",
            description:
                "Only the conversation's creator, an admin or a superAdmin may explode it; anyone else's explode message is ignored before its time is compared (Convos iOS)."
        ),
        "ExactDue": .init(
            bugType: "EDGE_CASE",
            description:
                "Due exactly when expiresAt <= the receiver's clock: no allowance for a sender's clock (Convos iOS)."
        ),
        "MetadataOverwrites": .init(
            bugType: "FUNCTIONALITY",
            description:
                "The group metadata's expiresAtUnix overwrites the stored time whenever it is set, earlier or later: a later copy postpones the explosion (Convos iOS)."
        ),
        "MetadataNeverPostpones": .init(
            bugType: "AUTH_BYPASS",
            description:
                "PushProof's advice: a metadata copy may lower the stored time, never raise it. Any member can write the group's app data (libxmtp's default policy), so an overwrite lets one member postpone everyone's explosion."
        ),
        "Scheduled": .init(
            bugType: "FUNCTIONALITY", description: "A future expiresAt waits for a trigger at or after it."),
        "ClockSkew": .init(
            bugType: "DEFINED",
            description:
                "PushProof's advice: expiresAt up to 60 s ahead of the receiver's clock counts as due (a sender whose clock runs ahead). Convos iOS has no allowance."
        ),
        "MetadataDisagrees": .init(
            bugType: "DEFINED",
            description:
                "The metadata copy and the message copy disagree: the earlier time wins; a metadata copy alone is stored."
        ),
        "AfterExplosion": .init(
            bugType: "AUTH_BYPASS",
            description: "After an explosion messages are dropped and re-sync is refused (consent denied)."),
    ]
}
