import ConvosExplode
import Foundation
import PushProofConformance
import PushProofCrypto
import PushProofJSON

/// explode_codec: the content JSON, its dates, the content type and compression (explode.decode).
extension ExplodeCodecVectors {
    static func decodeContentCases() throws -> [VectorCase] {
        let bomb = Zlib.deflate([UInt8](repeating: 0x20, count: 1 << 20), format: .raw)
        let padded = Zlib.deflate(
            Array("{\"expiresAt\":\"2025-06-01T12:30:00Z\",\"pad\":\"\(String(repeating: "a", count: 400))\"}".utf8),
            format: .raw)
        let decode = [
            decodeCase("what the iOS app writes", ["KnownAnswer"], receivePath, Hex.encode(sample)),
            decodeCase(
                "milliseconds, as the CLI, web and Android write (a fraction is optional in iOS's parser as of Swift 6.2)",
                ["Milliseconds"], "\(iso8601):545-552; \(foundation)Formatting/Date+ISO8601FormatStyle.swift:53-55",
                ExplodeFixtures.encoded(ExplodeFixtures.json("2025-06-01T12:30:00.000Z"))),
            decodeCase(
                "milliseconds .999: iOS keeps the fraction (the conversation explodes 0.999 s later); the output, in "
                    + "whole seconds, is its floor", ["Milliseconds", "SubSecondDropped"], "\(iso8601):545-552",
                ExplodeFixtures.encoded(ExplodeFixtures.json("2025-06-01T12:30:00.999Z"))),
            decodeCase(
                "a numeric offset +02:00", ["NumericOffset"], "\(iso8601):566-660",
                ExplodeFixtures.encoded(ExplodeFixtures.json("2025-06-01T14:30:00+02:00")), also: refuse),
            decodeCase(
                "a numeric offset -05:30", ["NumericOffset"], "\(iso8601):566-660",
                ExplodeFixtures.encoded(ExplodeFixtures.json("2025-06-01T07:00:00-05:30")), also: refuse),
            decodeCase(
                "six fraction digits", ["ExtraFraction"], "\(iso8601):545-552",
                ExplodeFixtures.encoded(ExplodeFixtures.json("2025-06-01T12:30:00.123456Z")), also: refuse),
            decodeCase(
                "an unknown key is ignored", ["UnknownKey"], "\(codec):4-10, 49-53",
                ExplodeFixtures.encoded(Array("{\"expiresAt\":\"2025-06-01T12:30:00Z\",\"reason\":\"done\"}".utf8))),
            decodeCase(
                "a pre-1970 date", ["Pre1970"], receivePath,
                ExplodeFixtures.encoded(ExplodeFixtures.json("1969-07-20T20:17:40Z"))),
            decodeCase(
                "a leap day", ["LeapDay"], receivePath,
                ExplodeFixtures.encoded(ExplodeFixtures.json("2024-02-29T23:59:59Z"))),
            decodeCase(
                "a minor version 1.7 is another content type (iOS's codec registry and its type comparison include "
                    + "the minor version, so the message is dropped as an unsupported content type)", ["ContentType"],
                typeMatch,
                ExplodeFixtures.encoded(content, minor: 7), code: "UNSUPPORTED_VERSION"),
            decodeCase(
                "DEFLATE without a header", ["Compression"], "\(inflate); \(codec):49-56",
                ExplodeFixtures.encoded(Zlib.deflate(content, format: .raw), compression: 0)),
            decodeCase(
                "DEFLATE with a zlib header: iOS's COMPRESSION_ZLIB inflates raw DEFLATE only and drops the message",
                ["Compression", "RawDeflateOnly"],
                "\(inflate); xmtplabs/convos-ios@5d1e833e:ConvosAppData/Sources/ConvosAppData/AppDataSerialization.swift:194-197",
                ExplodeFixtures.encoded(Zlib.deflate(content, format: .zlib), compression: 0), code: "BAD_COMPRESSION"),
            decodeCase(
                "GZIP: iOS's GZIP is Apple LZFSE, which drops a gzip stream",
                ["Compression", "GzipIsLzfse"], inflate,
                ExplodeFixtures.encoded(Zlib.deflate(content, format: .gzip), compression: 1), code: "BAD_COMPRESSION"),
            decodeCase(
                "empty content", ["EmptyContent"], "\(codec):45-47; \(decodedMessage):196, 201-204",
                ExplodeFixtures.encoded([]), code: "EMPTY_CONTENT"),
            decodeCase(
                "not JSON", ["BadJSON"], "\(codec):49-56", ExplodeFixtures.encoded(Array("expiresAt=2025".utf8)),
                code: "INVALID_JSON"),
            decodeCase(
                "a JSON array", ["BadJSON"], "\(codec):49-56",
                ExplodeFixtures.encoded(Array("[\"2025-06-01T12:30:00Z\"]".utf8)), code: "INVALID_JSON"),
            decodeCase(
                "expiresAt missing", ["BadJSON"], "\(codec):49-56",
                ExplodeFixtures.encoded(Array("{\"expires\":\"2025-06-01T12:30:00Z\"}".utf8)), code: "INVALID_JSON"),
            decodeCase(
                "expiresAt as Unix seconds", ["BadDate"], "\(foundation)JSON/JSONDecoder.swift:644-646",
                ExplodeFixtures.encoded(Array("{\"expiresAt\":1748781000}".utf8)), code: "INVALID_JSON"),
            decodeCase(
                "no time zone", ["BadDate"], "\(iso8601):562-566",
                ExplodeFixtures.encoded(ExplodeFixtures.json("2025-06-01T12:30:00")), code: "INVALID_JSON"),
            decodeCase(
                "lower-case t and z (refused at the t)", ["BadDate"], "\(iso8601):525",
                ExplodeFixtures.encoded(ExplodeFixtures.json("2025-06-01t12:30:00z")), code: "INVALID_JSON"),
            try lenient(
                "30 February: iOS rolls it over to 2 March (PushProof refuses it: hardened tcId 401)",
                ["RolledOverDate"],
                "\(dateParse); \(rollOver)",
                ExplodeFixtures.json("2025-02-30T12:00:00Z")),
            try lenient(
                "29 February 2100 (not a leap year): iOS rolls it over to 1 March (PushProof refuses it: hardened tcId 403)",
                ["RolledOverDate", "LeapDay"], "\(dateParse); \(rollOver)",
                ExplodeFixtures.json("2100-02-29T12:00:00Z")),
            try lenient(
                "a leap second: iOS rolls 23:59:60 over to the next day (PushProof refuses it: hardened tcId 411)",
                ["RolledOverDate"],
                "\(dateParse); \(rollOver)",
                ExplodeFixtures.json("2016-12-31T23:59:60Z")),
            decodeCase(
                "a leading space", ["BadDate"], "\(iso8601):430-436",
                ExplodeFixtures.encoded(ExplodeFixtures.json(" 2025-06-01T12:30:00Z")), code: "INVALID_JSON"),
            decodeCase(
                "a date without a time", ["BadDate"], "\(iso8601):521-526",
                ExplodeFixtures.encoded(ExplodeFixtures.json("2025-06-01")), code: "INVALID_JSON"),
            decodeCase(
                "authority xmtp.org", ["ContentType"], "\(writer):496-500; \(dbRepresentation):90-99",
                ExplodeFixtures.encoded(content, authority: "xmtp.org"), code: "WRONG_CONTENT_TYPE"),
            decodeCase(
                "type explode", ["ContentType"], "\(writer):496-500; \(dbRepresentation):90-99",
                ExplodeFixtures.encoded(content, type: "explode"), code: "WRONG_CONTENT_TYPE"),
            decodeCase(
                "no content type", ["ContentType"], "\(contentProto):94-96; \(writer):497-498",
                ExplodeFixtures.encoded(content, hasType: false), code: "WRONG_CONTENT_TYPE"),
            decodeCase(
                "major version 2", ["ContentType"], "\(contentProto):229-235; \(writer):497-498",
                ExplodeFixtures.encoded(content, major: 2), code: "UNSUPPORTED_VERSION"),
            decodeCase(
                "major version 0", ["ContentType"], "\(contentProto):229-235; \(writer):497-498",
                ExplodeFixtures.encoded(content, major: 0), code: "UNSUPPORTED_VERSION"),
            decodeCase(
                "DEFLATE declared, content not compressed", ["BadCompression"], inflate,
                ExplodeFixtures.encoded(content, compression: 0), code: "BAD_COMPRESSION"),
            decodeCase(
                "GZIP cut short (refused because iOS reads GZIP as LZFSE; the cut plays no part there)",
                ["BadCompression", "GzipIsLzfse"], inflate,
                ExplodeFixtures.encoded(Array(Zlib.deflate(content, format: .gzip).dropLast(6)), compression: 1),
                code: "BAD_COMPRESSION"),
            decodeCase(
                "GZIP with a wrong checksum (refused because iOS reads GZIP as LZFSE; the checksum is never read)",
                ["BadCompression", "GzipIsLzfse"], inflate,
                ExplodeFixtures.encoded(
                    {
                        var g = Zlib.deflate(content, format: .gzip)
                        g[g.count - 5] ^= 1
                        return g
                    }(), compression: 1),
                code: "BAD_COMPRESSION"),
            decodeCase(
                "an unknown compression method 7: iOS ignores it and reads the content as it is (PushProof refuses "
                    + "it: hardened tcId 421)", ["BadCompression", "UnknownCompressionIgnored"],
                "\(contentProto):28-44, 119-124; \(contentCodec):38-63, 72-73",
                ExplodeFixtures.encoded(content, compression: 7)),
            decodeCase(
                "1 MiB of spaces from 1 KB of DEFLATE: iOS keeps the first 4 x 1034 bytes, which are not JSON",
                ["InflateBufferCut"], "\(inflate); \(codec):49-56", ExplodeFixtures.encoded(bomb, compression: 0),
                code: "INVALID_JSON"),
            decodeCase(
                "not a protobuf", ["MalformedProtobuf"], "\(decodedMessage):185-187, 201-204", "ffffffff",
                code: "MALFORMED_PROTOBUF"),
            decodeCase(
                "a truncated protobuf", ["MalformedProtobuf"], "\(decodedMessage):185-187, 201-204",
                String(Hex.encode(sample).dropLast(10)), code: "MALFORMED_PROTOBUF"),
            // The audit's findings C2-C10 (docs/audit/explode_codec.md).
            decodeCase(
                "valid JSON of 445 bytes from 50 bytes of raw DEFLATE: iOS keeps the first 200 bytes and drops the "
                    + "message", ["InflateBufferCut"], "\(inflate); \(codec):49-56",
                ExplodeFixtures.encoded(padded, compression: 0), code: "INVALID_JSON"),
            try lenient(
                "a lower-case z alone: iOS reads it (PushProof refuses it: hardened tcId 467)", ["IosDateLeniency"],
                "\(dateParse):569",
                ExplodeFixtures.json("2025-06-01T12:30:00z")),
            try lenient(
                "the zone written UTC: iOS reads it (PushProof refuses it: hardened tcId 414)", ["IosDateLeniency"],
                "\(dateParse):566-660",
                ExplodeFixtures.json("2025-06-01T12:30:00UTC")),
            try lenient(
                "the zone written GMT: iOS reads it (PushProof refuses it: hardened tcId 468)", ["IosDateLeniency"],
                "\(dateParse):566-660",
                ExplodeFixtures.json("2025-06-01T12:30:00GMT")),
            try lenient(
                "characters after the zone: iOS ignores them (PushProof refuses it: hardened tcId 413)",
                ["IosDateLeniency"],
                "\(dateParse); \(foundation)Formatting/Date+ISO8601FormatStyle.swift:268-273",
                ExplodeFixtures.json("2025-06-01T12:30:00Zjunk")),
            try lenient(
                "one-digit month, day and second: iOS reads them (PushProof refuses it: hardened tcId 416)",
                ["IosDateLeniency"],
                "\(dateParse):403-540", ExplodeFixtures.json("2025-6-1T12:30:0Z")),
            try lenient(
                "31 June: iOS rolls it over to 1 July (PushProof refuses it: hardened tcId 406)", ["RolledOverDate"],
                "\(dateParse); \(rollOver)",
                ExplodeFixtures.json("2025-06-31T12:00:00Z")),
            try lenient(
                "hour 24: iOS rolls it over to the next day (PushProof refuses it: hardened tcId 409)",
                ["RolledOverDate"],
                "\(dateParse); \(rollOver)", ExplodeFixtures.json("2025-06-01T24:00:00Z")),
            decodeCase(
                "ten fraction digits: iOS reads nine at most", ["BadDate"], "\(iso8601):545-552",
                ExplodeFixtures.encoded(ExplodeFixtures.json("2025-06-01T12:30:00.1234567891Z")), code: "INVALID_JSON"),
            try lenient(
                "expiresAt twice: iOS's decoder takes the first (PushProof refuses a repeated key: hardened tcId 420)",
                ["IosDateLeniency", "BadJSON"], "\(codec):49-56; \(foundation)JSON/JSONDecoder.swift",
                Array("{\"expiresAt\":\"2025-06-01T12:30:00Z\",\"expiresAt\":\"2026-06-01T12:30:00Z\"}".utf8)),
            decodeCase(
                "a ContentTypeId with an unknown field: iOS's type comparison includes unknown fields",
                ["ContentType"], "\(contentProto):229-235; \(writer):496-509",
                ExplodeFixtures.encoded(content, typeUnknownField: true), code: "WRONG_CONTENT_TYPE"),
            decodeCase(
                "the content field present with zero length", ["EmptyContent"],
                "\(codec):45-47; \(decodedMessage):196, 201-204",
                ExplodeFixtures.encoded(Array("{}".utf8)).replacingOccurrences(of: "22027b7d", with: "2200"),
                code: "EMPTY_CONTENT"),
            decodeCase(
                "the content field given twice, the last one empty: protobuf keeps the last", ["EmptyContent"],
                "\(codec):45-47; \(decodedMessage):185-187", Hex.encode(sample) + "2200", code: "EMPTY_CONTENT"),
            decodeCase(
                "a field of wire type 7", ["MalformedProtobuf"], "\(decodedMessage):185-187, 201-204",
                Hex.encode(sample) + "0f", code: "MALFORMED_PROTOBUF"),
            decodeCase(
                "1000-01-01T00:00:00Z: iOS counts Julian dates before 1582-10-15, five days after the proleptic "
                    + "Gregorian reading (hardened's)", ["JulianBefore1582", "Pre1970"],
                "\(dateParse); \(foundation)Calendar/Calendar_Gregorian.swift:224-225",
                ExplodeFixtures.encoded(ExplodeFixtures.json("1000-01-01T00:00:00Z"))),
        ]
        return decode
    }

    static func decodeDatedCases() throws -> [VectorCase] {
        var decode: [VectorCase] = []
        for text in ExplodeFixtures.calendarBoundaries { decode.append(try dated(text, "a calendar boundary")) }
        for (text, comment) in ExplodeFixtures.pastTheLimit { decode.append(try dated(text, comment)) }
        return decode
    }

    static func decodeOffsetAndCutCases() throws -> [VectorCase] {
        var decode: [VectorCase] = []
        decode.append(try dated("2025-06-01T12:30:00+23:59", "the largest offset"))
        decode.append(try dated("2025-06-01T12:30:00-23:59", "the smallest offset"))
        // The inflate buffer is exactly four times the compressed size, not more; a reader with a
        // larger buffer finds valid JSON here.
        decode.append(
            decodeCase(
                "JSON whose closing brace lies between four and five times the compressed size, with a stray x "
                    + "after it: iOS's cut falls before the brace and the whole body is not JSON either",
                ["InflateBufferCut"], "\(inflate); \(codec):49-56",
                ExplodeFixtures.encoded(ExplodeFixtures.braceBetweenFourAndFive, compression: 0),
                code: "INVALID_JSON"))
        return decode
    }
}
