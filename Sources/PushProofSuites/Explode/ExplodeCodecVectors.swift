import ConvosExplode
import Foundation
import PushProofConformance
import PushProofCrypto
import PushProofJSON

/// explode_codec: the convos.org/explode_settings content type as XMTP EncodedContent.
enum ExplodeCodecVectors {
    static func file() throws -> VectorFileDeclaration {
        guard
            try ExplodeSettingsCodec.contentJSON(ExplodeSettings(expiresAt: 1_748_781_000))
                == Array("{\"expiresAt\":\"2025-06-01T12:30:00Z\"}".utf8),
            try ExplodeSettingsCodec.fallback(ExplodeSettings(expiresAt: 1_748_781_000))
                == "Conversation expires at 2025-06-01 12:30:00 +0000"
        else {
            throw GeneratorError("the reference does not write the documented ExplodeSettings example")
        }
        func e(_ comment: String, _ flags: [String], millis: Int64, code: String? = nil) -> VectorCase {
            VectorCase(comment: comment, flags: flags, input: ["expiresAtUnixMillis": .integer(millis)], code: code)
        }
        let encode = [
            e("2025-06-01T12:30:00Z", ["KnownAnswer"], millis: 1_748_781_000_000),
            e(
                "2025-06-01T12:30:00.999Z: the milliseconds are dropped", ["SubSecondDropped"],
                millis: 1_748_781_000_999),
            e("the Unix epoch", ["Epoch"], millis: 0),
            e("one millisecond before the epoch", ["Pre1970", "SubSecondDropped"], millis: -1),
            e("1969-07-20T20:17:40Z", ["Pre1970"], millis: ExplodeFixtures.seconds("1969-07-20T20:17:40Z") * 1000),
            e("0000-01-01T00:00:00Z, the earliest RFC 3339 time", ["Pre1970"], millis: RFC3339.earliest * 1000),
            e("2024-02-29T12:00:00Z", ["LeapDay"], millis: ExplodeFixtures.seconds("2024-02-29T12:00:00Z") * 1000),
            e(
                "2000-02-29T00:00:00Z (century leap year)", ["LeapDay"],
                millis: ExplodeFixtures.seconds("2000-02-29T00:00:00Z") * 1000),
            e("2024-12-31T23:59:59Z", ["EndOfYear"], millis: ExplodeFixtures.seconds("2024-12-31T23:59:59Z") * 1000),
            e("9999-12-31T23:59:59Z", ["FarFuture"], millis: RFC3339.latest * 1000),
            e(
                "10000-01-01T00:00:00Z cannot be written", ["FarFuture"], millis: (RFC3339.latest + 1) * 1000,
                code: "DATE_OUT_OF_RANGE"),
        ]
        let sample = try ExplodeSettingsCodec.encodedBytes(ExplodeSettings(expiresAt: 1_748_781_000))
        let wrap = [
            VectorCase(
                comment: "the KnownAnswer message in PlaintextEnvelope.V1", flags: ["PlaintextEnvelope"],
                input: ["encodedContentHex": .string(Hex.encode(sample)), "idempotencyKey": "6d1c3f0e-explode-1"])
        ]
        func d(_ comment: String, _ flags: [String], _ hex: String, code: String? = nil, also: [JSONValue] = [])
            -> VectorCase
        {
            VectorCase(
                comment: comment, flags: flags, input: ["encodedContentHex": .string(hex)], code: code,
                alsoAccepted: also)
        }
        let refuse: [JSONValue] = [["error": "INVALID_JSON"]]
        let content = ExplodeFixtures.json("2025-06-01T12:30:00Z")
        let bomb = Zlib.deflate([UInt8](repeating: 0x20, count: 1 << 20), format: .raw)
        let decode = [
            d("what the iOS app writes", ["KnownAnswer"], Hex.encode(sample)),
            d(
                "milliseconds, as the CLI, web and Android write", ["Milliseconds"],
                ExplodeFixtures.encoded(ExplodeFixtures.json("2025-06-01T12:30:00.000Z"))),
            d(
                "milliseconds .999 are dropped", ["Milliseconds", "SubSecondDropped"],
                ExplodeFixtures.encoded(ExplodeFixtures.json("2025-06-01T12:30:00.999Z"))),
            d(
                "a numeric offset +02:00", ["NumericOffset"],
                ExplodeFixtures.encoded(ExplodeFixtures.json("2025-06-01T14:30:00+02:00")), also: refuse),
            d(
                "a numeric offset -05:30", ["NumericOffset"],
                ExplodeFixtures.encoded(ExplodeFixtures.json("2025-06-01T07:00:00-05:30")), also: refuse),
            d(
                "six fraction digits", ["ExtraFraction"],
                ExplodeFixtures.encoded(ExplodeFixtures.json("2025-06-01T12:30:00.123456Z")), also: refuse),
            d(
                "an unknown key is ignored", ["UnknownKey"],
                ExplodeFixtures.encoded(Array("{\"expiresAt\":\"2025-06-01T12:30:00Z\",\"reason\":\"done\"}".utf8))),
            d("a pre-1970 date", ["Pre1970"], ExplodeFixtures.encoded(ExplodeFixtures.json("1969-07-20T20:17:40Z"))),
            d("a leap day", ["LeapDay"], ExplodeFixtures.encoded(ExplodeFixtures.json("2024-02-29T23:59:59Z"))),
            d("a newer minor version, 1.7", ["ContentType"], ExplodeFixtures.encoded(content, minor: 7)),
            d(
                "DEFLATE without a header", ["Compression"],
                ExplodeFixtures.encoded(Zlib.deflate(content, format: .raw), compression: 0)),
            d(
                "DEFLATE with a zlib header", ["Compression"],
                ExplodeFixtures.encoded(Zlib.deflate(content, format: .zlib), compression: 0)),
            d("GZIP", ["Compression"], ExplodeFixtures.encoded(Zlib.deflate(content, format: .gzip), compression: 1)),
            d("empty content", ["EmptyContent"], ExplodeFixtures.encoded([]), code: "EMPTY_CONTENT"),
            d("not JSON", ["BadJSON"], ExplodeFixtures.encoded(Array("expiresAt=2025".utf8)), code: "INVALID_JSON"),
            d(
                "a JSON array", ["BadJSON"], ExplodeFixtures.encoded(Array("[\"2025-06-01T12:30:00Z\"]".utf8)),
                code: "INVALID_JSON"),
            d(
                "expiresAt missing", ["BadJSON"],
                ExplodeFixtures.encoded(Array("{\"expires\":\"2025-06-01T12:30:00Z\"}".utf8)), code: "INVALID_JSON"),
            d(
                "expiresAt as Unix seconds", ["BadDate"],
                ExplodeFixtures.encoded(Array("{\"expiresAt\":1748781000}".utf8)), code: "INVALID_JSON"),
            d(
                "no time zone", ["BadDate"], ExplodeFixtures.encoded(ExplodeFixtures.json("2025-06-01T12:30:00")),
                code: "INVALID_JSON"),
            d(
                "lower-case t and z", ["BadDate"],
                ExplodeFixtures.encoded(ExplodeFixtures.json("2025-06-01t12:30:00z")), code: "INVALID_JSON"),
            d(
                "30 February", ["BadDate"], ExplodeFixtures.encoded(ExplodeFixtures.json("2025-02-30T12:00:00Z")),
                code: "INVALID_JSON"),
            d(
                "29 February 2100 (not a leap year)", ["BadDate", "LeapDay"],
                ExplodeFixtures.encoded(ExplodeFixtures.json("2100-02-29T12:00:00Z")), code: "INVALID_JSON"),
            d(
                "a leap second", ["BadDate"], ExplodeFixtures.encoded(ExplodeFixtures.json("2016-12-31T23:59:60Z")),
                code: "INVALID_JSON"),
            d(
                "a leading space", ["BadDate"], ExplodeFixtures.encoded(ExplodeFixtures.json(" 2025-06-01T12:30:00Z")),
                code: "INVALID_JSON"),
            d(
                "a date without a time", ["BadDate"], ExplodeFixtures.encoded(ExplodeFixtures.json("2025-06-01")),
                code: "INVALID_JSON"),
            d(
                "authority xmtp.org", ["ContentType"], ExplodeFixtures.encoded(content, authority: "xmtp.org"),
                code: "WRONG_CONTENT_TYPE"),
            d(
                "type explode", ["ContentType"], ExplodeFixtures.encoded(content, type: "explode"),
                code: "WRONG_CONTENT_TYPE"),
            d(
                "no content type", ["ContentType"], ExplodeFixtures.encoded(content, hasType: false),
                code: "WRONG_CONTENT_TYPE"),
            d(
                "major version 2", ["ContentType"], ExplodeFixtures.encoded(content, major: 2),
                code: "UNSUPPORTED_VERSION"),
            d(
                "major version 0", ["ContentType"], ExplodeFixtures.encoded(content, major: 0),
                code: "UNSUPPORTED_VERSION"),
            d(
                "DEFLATE declared, content not compressed", ["BadCompression"],
                ExplodeFixtures.encoded(content, compression: 0), code: "BAD_COMPRESSION"),
            d(
                "GZIP cut short", ["BadCompression"],
                ExplodeFixtures.encoded(Array(Zlib.deflate(content, format: .gzip).dropLast(6)), compression: 1),
                code: "BAD_COMPRESSION"),
            d(
                "GZIP with a wrong checksum", ["BadCompression"],
                ExplodeFixtures.encoded(
                    {
                        var g = Zlib.deflate(content, format: .gzip)
                        g[g.count - 5] ^= 1
                        return g
                    }(), compression: 1),
                code: "BAD_COMPRESSION"),
            d(
                "an unknown compression method 7", ["BadCompression"], ExplodeFixtures.encoded(content, compression: 7),
                code: "BAD_COMPRESSION"),
            d(
                "1 MiB inflated from 1 KB of DEFLATE", ["DecompressionBomb"],
                ExplodeFixtures.encoded(bomb, compression: 0), code: "CONTENT_TOO_LARGE"),
            d("not a protobuf", ["MalformedProtobuf"], "ffffffff", code: "MALFORMED_PROTOBUF"),
            d(
                "a truncated protobuf", ["MalformedProtobuf"], String(Hex.encode(sample).dropLast(10)),
                code: "MALFORMED_PROTOBUF"),
        ]
        return VectorFileDeclaration(
            suite: "explode_codec", protocolName: "convos-explode-settings", notes: ExplodeNotes.catalogue,
            header: [
                "The convos.org/explode_settings 1.0 content type as XMTP EncodedContent protobuf (Protos/xmtp/message_contents/content.proto).",
                "Encoding is the iOS app's: content {\"expiresAt\":\"<RFC 3339, whole seconds, Z>\"}, its fallback text, no parameters, no compression, shouldPush true.",
            ],
            groups: [
                .init(
                    type: "ExplodeEncodeTest", operation: .explodeEncode,
                    description: "An instant (Unix milliseconds) -> the EncodedContent bytes the iOS app sends.",
                    ids: .block(1...100), cases: encode),
                .init(
                    type: "PlaintextEnvelopeTest", operation: .explodeWrap,
                    description: "EncodedContent bytes in the MLS PlaintextEnvelope.V1 wrapper.",
                    ids: .block(101...200), cases: wrap),
                .init(
                    type: "ExplodeDecodeTest", operation: .explodeDecode,
                    description: "EncodedContent bytes -> expiresAt, or a typed error.", ids: .block(201...400),
                    cases: decode),
            ])
    }
}
