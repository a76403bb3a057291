import PushProofConformance

/// The flags of the ExplodeSettings vector files and what each means.
enum ExplodeNotes {
    static let catalogue: [String: VectorNote] = [
        "UpstreamTest": .upstreamTest,
        "ContentTypeCheckOrder": .init(
            bugType: .defined,
            description:
                "Two checks fail at once. iOS drops every such message alike (the ContentTypeId is compared whole), so the codes and their order are PushProof's (docs/explode.md): a malformed protobuf, then authority and type (WRONG_CONTENT_TYPE), then the versions (UNSUPPORTED_VERSION), then unknown ContentTypeId fields, then compression, empty content and the JSON."
        ),
        "VersionWidth": .init(
            bugType: .edgeCase,
            description:
                "A version written as a varint past 32 bits: the uint32 field keeps its low 32 bits (SwiftProtobuf), so 2^32 is 0 and 2^33 + 1 is 1."
        ),
        "DateTextEdges": .init(
            bugType: .edgeCase,
            description:
                "expiresAt with characters around or inside it: a trailing newline, CR LF, space, tab, U+00A0, U+001C-U+001F or U+FEFF, a leading one, a lower-case t or zone, digits that are not ASCII (Arabic-Indic, fullwidth, Devanagari). iOS's parser requires an upper-case T and ASCII digits and ignores what follows the zone; RFC 3339 allows nothing around the timestamp."
        ),
        "InflateCapEnforced": .init(
            bugType: .modifiedParameter,
            description:
                "PushProof's advice: inflate at most four times the compressed size, the iOS SDK's buffer, and refuse what does not fit, rather than reading a longer body whole.",
            upstream: .stricter),
        "KnownAnswer": .init(
            bugType: .basic, description: "The example of the deployed system's documentation: 2025-06-01T12:30:00Z."),
        "Normal": .normal,
        "SubSecondDropped": .init(
            bugType: .defined,
            description:
                "The iOS encoder drops sub-second precision: the time is floored to the whole second (so -1 ms is 1969-12-31T23:59:59Z)."
        ),
        "Epoch": .init(bugType: .edgeCase, description: "The Unix epoch."),
        "Pre1970": .init(bugType: .edgeCase, description: "A time before 1970: negative Unix seconds."),
        "LeapDay": .init(
            bugType: .edgeCase, description: "29 February, including the century rules (2000 is a leap year)."),
        "EndOfYear": .init(bugType: .edgeCase, description: "The last second of a year."),
        "FarFuture": .init(
            bugType: .edgeCase,
            description:
                "The last second RFC 3339 can write (9999-12-31T23:59:59Z); PushProof answers DATE_OUT_OF_RANGE after it."
        ),
        "Milliseconds": .init(
            bugType: .defined,
            description:
                "The Convos CLI, web client and Android port write milliseconds (.SSS): decoders must accept them (iOS 26's parser does, a fraction being optional as of Swift 6.2). iOS keeps the fraction; the output, in whole seconds, is its floor."
        ),
        "NumericOffset": .init(
            bugType: .leniency,
            description:
                "A numeric offset (+02:00) instead of Z: valid RFC 3339 that no Convos client writes. The reference accepts it; a decoder may refuse it (INVALID_JSON)."
        ),
        "ExtraFraction": .init(
            bugType: .leniency,
            description:
                "A fraction of more than three digits (iOS reads up to nine): the reference accepts it; a decoder may refuse it."
        ),
        "BadDate": .init(
            bugType: .modifiedParameter,
            description:
                "expiresAt is a date iOS's JSONDecoder (.iso8601, swift-foundation's ISO 8601 parser) refuses too: no zone, a lower-case T, a leading space, no time, more than nine fraction digits, a number: INVALID_JSON, iOS's 'Invalid JSON format for ExplodeSettings'."
        ),
        "BadJSON": .init(
            bugType: .modifiedParameter, description: "The content is not a JSON object with a string expiresAt."),
        "EmptyContent": .init(
            bugType: .modifiedParameter,
            description: "The content is empty: iOS's 'ExplodeSettings content is empty'."),
        "UnknownKey": .init(
            bugType: .defined,
            description: "An unknown key in the content JSON is ignored, as iOS's Codable decoder does."),
        "ContentType": .init(
            bugType: .missingStep,
            description:
                "The content type must be exactly convos.org/explode_settings 1.0: iOS's codec registry key and its ContentTypeId comparison include the minor version and unknown fields."
        ),
        "Compression": .init(
            bugType: .functionality,
            description:
                "EncodedContent may arrive compressed. iOS reads DEFLATE as raw DEFLATE (Apple COMPRESSION_ZLIB) into a buffer of four times the compressed size."
        ),
        "BadCompression": .init(
            bugType: .modifiedParameter,
            description: "The content does not inflate as declared: BAD_COMPRESSION (iOS drops the message)."),
        "DecompressionBomb": .init(
            bugType: .edgeCase,
            description:
                "appData declaring a size over 10 MiB or over 100 times its compressed bytes is refused before inflating (the app's guards)."
        ),
        "FallbackByReading": .init(
            bugType: .defined,
            description:
                "The fallback is iOS's Date.description, which on Darwin is not swift-foundation's code: its text here follows the ICU formatter's pattern by reading, not from a run on a device."
        ),
        "JulianBefore1582": .init(
            bugType: .leniency,
            description:
                "iOS's Foundation (JSONEncoder/JSONDecoder .iso8601) counts Julian dates before 1582-10-15: the deployed answer writes and reads them so. RFC 3339 counts the proleptic Gregorian calendar, which PushProof's hardened reading uses; the two instants differ by days, so only iOS's passes in deployed."
        ),
        "FiveDigitYear": .init(
            bugType: .leniency,
            description:
                "iOS writes a year after 9999 with five digits, which is not RFC 3339: the deployed answer. PushProof refuses it (hardened: DATE_OUT_OF_RANGE)."
        ),
        "CalendarRangeHeld": .init(
            bugType: .edgeCase,
            description:
                "Foundation's calendar holds an instant within its range (Date.validCalendarRange, -4712-01-01T12:00:00Z to 506713-02-07T00:00:00Z) before it computes a date: iOS writes an earlier or later instant as that end. The deployed answer; hardened refuses any instant outside the years 0000 to 9999 (DATE_OUT_OF_RANGE)."
        ),
        "RawDeflateOnly": .init(
            bugType: .defined,
            description:
                "iOS inflates EncodedContent DEFLATE as raw DEFLATE only (Apple COMPRESSION_ZLIB): a zlib-wrapped body is dropped, and so is it here (BAD_COMPRESSION). Reading it would accept what the app refuses, so no such answer passes."
        ),
        "GzipIsLzfse": .init(
            bugType: .wrongPrimitive,
            description:
                "The iOS SDK compresses and decompresses 'GZIP' with Apple LZFSE: a real gzip stream is dropped. PushProof does not decode LZFSE and refuses GZIP content (BAD_COMPRESSION); reading a real gzip stream would accept what the app refuses, so it does not pass."
        ),
        "UnknownCompressionIgnored": .init(
            bugType: .leniency,
            description:
                "An unknown compression value: iOS's decompressContent returns the content as it is (`default: return copy`), so plain JSON reads: the deployed answer. PushProof refuses it (hardened: BAD_COMPRESSION)."
        ),
        "InflateBufferCut": .init(
            bugType: .edgeCase,
            description:
                "iOS inflates into a buffer of four times the compressed size and keeps the first bytes of a longer output (Apple's compression_decode_buffer): a long body is cut, and usually no longer JSON. That is also iOS's only cap. A reader that reads a valid body whole accepts what the app drops, so only the cut's answer passes."
        ),
        "RolledOverDate": .init(
            bugType: .leniency,
            description:
                "A date that does not exist (30 February, 31 June, hour 24, second 60): iOS's parser range-checks only month and day 1-31 and rolls the rest over through a lenient calendar: the deployed answer is the rolled-over instant. PushProof refuses it (hardened: INVALID_JSON)."
        ),
        "IosDateLeniency": .init(
            bugType: .leniency,
            description:
                "A timestamp iOS's ISO 8601 parser reads and RFC 3339 does not allow as written (UTC/GMT zones, one-digit fields, trailing characters, a lower-case z alone, a repeated key of which the first wins): the deployed answer is iOS's reading. PushProof refuses it (hardened: INVALID_JSON)."
        ),
        "StrictRFC3339": .init(
            bugType: .modifiedParameter,
            description:
                "PushProof's advice: expiresAt is RFC 3339 exactly (real dates, no leap second, Z or ±hh:mm, nothing after), one key, on the proleptic Gregorian calendar. iOS reads more (see RolledOverDate, IosDateLeniency, JulianBefore1582).",
            upstream: .stricter),
        "ProtobufWire": .init(
            bugType: .edgeCase,
            description:
                "The protobuf wire format as SwiftProtobuf reads it for the app: unknown fields of every wire type skipped, a truncated field or field number 0 refused, a varint of at most ten bytes, string fields that must be UTF-8, a known field with another wire type, a message field given twice merged, the last of a repeated scalar."
        ),
        "AppleUnspecified": .init(
            bugType: .defined,
            description:
                "What Apple's compression_decode_buffer does here is not documented (bytes after the end of the stream, a stream cut short): the reference refuses, and the other plausible answer passes too.",
            upstream: .several),
        "YearOutOfRange": .init(
            bugType: .edgeCase,
            description:
                "An instant iOS reads outside the years 0000 to 9999: the decode succeeds, and since RFC 3339's four-digit year cannot write it, the answer's expiresAt text is empty and expiresAtUnix carries the instant. A reader that refuses it, or writes a five-digit or negative year, answers otherwise."
        ),
        "CalendarBoundary": .init(
            bugType: .edgeCase,
            description:
                "A date where calendar arithmetic turns (a month's last second, a leap rule, a 4-, 100- or 400-year cycle, the Julian cut-over) or a field just past its limit."
        ),
        "IosRefusesRFC3339": .init(
            bugType: .defined,
            description:
                "A timestamp RFC 3339 allows that iOS's ISO 8601 parser refuses (an offset past ±18:00, which Foundation's TimeZone cannot hold): deployed refuses it as iOS does (INVALID_JSON); PushProof's hardened reading reads it."
        ),
        "AppDataBase64Lenient": .init(
            bugType: .leniency,
            description:
                "The app maps - and _ to + and /, pads only when needed and decodes with Data(base64Encoded:), so standard base64, padded base64url, both alphabets mixed and non-zero unused bits all read. No deployed peer writes them: deployed tests allow a refusal (MALFORMED_APP_DATA) beside the app's reading; hardened refuses them."
        ),
        "AppDataCut": .init(
            bugType: .leniency,
            description:
                "A compressed appData whose declared size ends before its stream does, or a stream cut after the declared bytes: the app inflates exactly the declared bytes and parses them; on a field boundary the value reads with fields missing (expiresAtUnix is written last, so the explosion time is lost silently). No deployed peer writes it: deployed tests allow a refusal (MALFORMED_APP_DATA); hardened refuses."
        ),
        "RatioIntegerDivision": .init(
            bugType: .leniency,
            description:
                "The app checks declared / compressed <= 100 in integer division, so a ratio up to 100.99 passes, and its own encoder writes such values for metadata that compresses that well: deployed reads them; hardened requires declared <= 100 x compressed (DECOMPRESSION_BOMB)."
        ),
        "MalformedProtobuf": .init(
            bugType: .modifiedParameter, description: "The bytes are not the protobuf message."),
        "PlaintextEnvelope": .init(
            bugType: .defined,
            description: "The MLS wrapper PlaintextEnvelope.V1 { content = EncodedContent bytes, idempotency_key }."),
        "AppDataCompression": .init(
            bugType: .defined,
            description:
                "appData: protobuf bytes; if over 100 bytes and smaller compressed, 0x1F + big-endian u32 size + raw DEFLATE; then base64url without padding."
        ),
        "AppDataZlibHeader": .init(
            bugType: .legacy,
            description:
                "appData compressed with a zlib header: the app skips the header after raw inflating fails (its own fixture test), and only when its first byte's low nibble is 8 and CMF*256+FLG is a multiple of 31 (no CINFO or FDICT test, no trailer read). Encoding, the framed body is raw DEFLATE, as the app writes it: the app's readers before convos-ios c687b8d7 take nothing else."
        ),
        "AppDataLimit": .init(
            bugType: .edgeCase, description: "The encoded appData is capped at 8 KB (8,192 characters)."),
        "AppDataThreshold": .init(
            bugType: .edgeCase,
            description:
                "Compression is tried only on protobuf bytes over 100 and kept only when the framed result is shorter."
        ),
        "AppDataFields": .init(
            bugType: .defined,
            description:
                "The fields as SwiftProtobuf writes and reads them: strings only when not empty unless optional (emoji, a profile's name: set, even empty), expiresAtUnix as sfixed64 whenever set, the last of a repeated singular field, a field in another wire type kept as unknown, every string UTF-8."
        ),
        "AppDataSpelling": .init(
            bugType: .modifiedParameter,
            description:
                "appData with white space, a character outside both base64 alphabets, a non-ASCII lookalike, misplaced padding or a length no base64 has: refused (MALFORMED_APP_DATA)."
        ),
        "AppDataTrailing": .init(
            bugType: .leniency,
            description:
                "Bytes after the end of the DEFLATE stream, and a zlib trailer (Adler-32) wrong or missing: the app stops at the declared size and never reads them. No deployed peer writes them: deployed tests allow a refusal (MALFORMED_APP_DATA); hardened refuses."
        ),
        "EncoderFreedom": .init(
            bugType: .defined,
            description:
                "DEFLATE leaves the encoder free: a decoder reads every block type and level. Where a compressed size decides (the 8 KB limit), Apple's COMPRESSION_ZLIB, documented as equivalent to zlib level 5 but not byte-identical, may write a few bytes more or fewer, so both answers pass.",
            upstream: .several),
        "MalformedAppData": .init(
            bugType: .modifiedParameter,
            description:
                "appData is not base64, its compression header is cut short or declares 0 bytes, or it inflates to less than declared or to bytes that do not parse. The app reads any refused value as empty metadata (no expiresAtUnix)."
        ),
        "ReceiverRules": .init(
            bugType: .functionality, description: "The receiver's rules, step by step (see docs/explode.md)."),
        "FromSelf": .init(
            bugType: .missingStep, description: "An explode message sent by this inbox itself is ignored."),
        "Idempotent": .init(bugType: .functionality, description: "A second explode message is ignored."),
        "EarlierExplodeReplaces": .init(
            bugType: .functionality,
            description:
                "A later explode message with an earlier time replaces the stored one; an equal or later time is ignored (Convos iOS)."
        ),
        "SenderPermission": .init(
            bugType: .authBypass,
            description:
                "Only the conversation's creator, an admin or a superAdmin may explode it; anyone else's explode message is ignored before its time is compared (Convos iOS)."
        ),
        "ExactDue": .init(
            bugType: .edgeCase,
            description:
                "Due exactly when expiresAt <= the receiver's clock: no allowance for a sender's clock (Convos iOS)."
        ),
        "MetadataOverwrites": .init(
            bugType: .functionality,
            description:
                "The group metadata's expiresAtUnix overwrites the stored time whenever it is set, earlier or later: a later copy postpones the explosion (Convos iOS)."
        ),
        "MetadataNeverPostpones": .init(
            bugType: .authBypass,
            description:
                "PushProof's advice: a metadata copy may lower the stored time, never raise it. Any member can write the group's app data (libxmtp's default policy), so an overwrite lets one member postpone everyone's explosion.",
            upstream: .stricter),
        "Scheduled": .init(
            bugType: .functionality, description: "A future expiresAt waits for a trigger at or after it."),
        "ClockSkew": .init(
            bugType: .defined,
            description:
                "PushProof's advice: expiresAt up to 60 s ahead of the receiver's clock counts as due (a sender whose clock runs ahead). Convos iOS has no allowance.",
            upstream: .stricter),
        "MetadataDisagrees": .init(
            bugType: .defined,
            description:
                "The metadata copy and the message copy disagree: the earlier time wins; a metadata copy alone is stored."
        ),
        "AfterExplosion": .init(
            bugType: .authBypass,
            description: "After an explosion messages are dropped and re-sync is refused (consent denied)."),
    ]
}
