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
        // docs/audit/explode_codec.md: the upstream each test rests on.
        let convos = "xmtplabs/convos-ios@5d1e833e:ConvosCore/Sources/ConvosCore/"
        let sdk = "xmtp/libxmtp@a53a97ed:sdks/ios/Sources/XMTPiOS/"
        let foundation = "swiftlang/swift-foundation@a1c611f6:Sources/FoundationEssentials/"
        let codec = convos + "Custom Content Types/ExplodeSettingsCodec.swift"
        let writer = convos + "Storage/Writers/IncomingMessageWriter.swift"
        let dbRepresentation = convos + "Storage/XMTP DB Representations/DecodedMessage+DBRepresentation.swift"
        let compression = sdk + "EncodedContentCompression.swift"
        let contentCodec = sdk + "Codecs/ContentCodec.swift"
        let decodedMessage = sdk + "Libxmtp/DecodedMessage.swift"
        let contentProto = sdk + "Proto/message_contents_content.pb.swift"
        let iso8601 = foundation + "Formatting/DateComponents+ISO8601FormatStyle.swift"
        let sendPath =
            "\(codec):33-42, 59-67; \(sdk)Group.swift:440-491; \(convos)Messaging/XMTPClientProvider.swift:292-301; "
            + "\(foundation)JSON/JSONEncoder.swift:1146-1147"
        let receivePath = "\(decodedMessage):185-196; \(contentCodec):17-31; \(codec):44-57; \(writer):496-509"
        let dateParse = "\(codec):49-56; \(foundation)JSON/JSONDecoder.swift:644-649; \(iso8601)"
        let rollOver = "\(iso8601):453, 500, 536-538; \(foundation)Formatting/Date+ISO8601FormatStyle.swift:286"
        let typeMatch =
            "\(sdk)CodecRegistry.swift:22-35; \(sdk)Codecs/ContentTypeID.swift:21-24; \(contentProto):229-235; "
            + "\(writer):496-509; \(dbRepresentation):90-99"
        let inflate = "\(compression):17-24, 50-70; \(contentCodec):38-63"

        func e(_ comment: String, _ flags: [String], _ source: String, millis: Int64, code: String? = nil)
            -> VectorCase
        {
            VectorCase(
                comment: comment, flags: flags, source: source, input: ["expiresAtUnixMillis": .integer(millis)],
                code: code)
        }
        /// What the iOS app sends for an instant, its fallback derived from the content the way
        /// Darwin's Date.description prints it (read, not run: see the FallbackByReading note).
        func iosEncoding(_ seconds: Int64) throws -> JSONValue {
            guard let content = ExplodeSettingsCodec.contentJSONAsDeployed(unixSeconds: seconds),
                let text = try JSONParser.parse(content)["expiresAt"]?.stringValue, let t = text.firstIndex(of: "T")
            else { throw GeneratorError("Foundation does not write \(seconds)") }
            let fallback = "Conversation expires at \(text[..<t]) \(text[text.index(after: t)...].dropLast()) +0000"
            return ["output": ExplodeOperations.encodeOutput(content: content, fallback: fallback)]
        }
        var encode = [
            e("2025-06-01T12:30:00Z", ["KnownAnswer"], sendPath, millis: 1_748_781_000_000),
            e(
                "2025-06-01T12:30:00.999Z: the milliseconds are dropped", ["SubSecondDropped"],
                "\(foundation)Formatting/Date+ISO8601FormatStyle.swift:191-234; \(codec):59-61",
                millis: 1_748_781_000_999),
            e("the Unix epoch", ["Epoch"], sendPath, millis: 0),
            e(
                "one millisecond before the epoch", ["Pre1970", "SubSecondDropped", "FallbackByReading"],
                "\(foundation)Formatting/Date+ISO8601FormatStyle.swift:191-234; \(foundation)Date.swift:249-251",
                millis: -1),
            e(
                "1969-07-20T20:17:40Z", ["Pre1970"], sendPath,
                millis: ExplodeFixtures.seconds("1969-07-20T20:17:40Z") * 1000),
            VectorCase(
                comment:
                    "0000-01-01T00:00:00Z on the proleptic Gregorian calendar (iOS's Foundation counts Julian dates "
                    + "before 1582-10-15 and writes 0000-01-03T00:00:00Z for this instant, the alternative answer)",
                flags: ["Pre1970", "JulianBefore1582", "FallbackByReading"],
                source:
                    "\(foundation)JSON/JSONEncoder.swift:1146-1147; \(foundation)Calendar/Calendar_Cache.swift:28-34; "
                    + "\(foundation)Calendar/Calendar_Gregorian.swift:224-225",
                input: ["expiresAtUnixMillis": .integer(RFC3339.earliest * 1000)],
                alsoAccepted: [try iosEncoding(RFC3339.earliest)]),
            e(
                "2024-02-29T12:00:00Z", ["LeapDay"], sendPath,
                millis: ExplodeFixtures.seconds("2024-02-29T12:00:00Z") * 1000),
            e(
                "2000-02-29T00:00:00Z (century leap year)", ["LeapDay"], sendPath,
                millis: ExplodeFixtures.seconds("2000-02-29T00:00:00Z") * 1000),
            e(
                "2024-12-31T23:59:59Z", ["EndOfYear"], sendPath,
                millis: ExplodeFixtures.seconds("2024-12-31T23:59:59Z") * 1000),
            e(
                "9999-12-31T23:59:59Z", ["FarFuture", "FallbackByReading"],
                "\(sendPath); \(foundation)Date.swift:269-274",
                millis: RFC3339.latest * 1000),
            VectorCase(
                comment:
                    "10000-01-01T00:00:00Z: PushProof refuses a year RFC 3339 cannot write (iOS writes the five-digit "
                    + "year without an error, the alternative answer)",
                flags: ["FarFuture", "FiveDigitYear", "FallbackByReading"],
                source:
                    "\(codec):33-42; \(foundation)JSON/JSONEncoder.swift:1146-1147; \(iso8601) (year digits unbounded)",
                input: ["expiresAtUnixMillis": .integer((RFC3339.latest + 1) * 1000)], code: "DATE_OUT_OF_RANGE",
                alsoAccepted: [try iosEncoding(RFC3339.latest + 1)]),
        ]
        // Every calendar boundary the date arithmetic turns on, each month's last second, the leap
        // rules, the 4-, 100- and 400-year cycles. Before 1582-10-15 iOS writes the Julian date: the
        // alternative answer.
        func boundary(_ text: String) throws -> VectorCase {
            let seconds = ExplodeFixtures.seconds(text)
            let ios = try iosEncoding(seconds)
            let same =
                ios == [
                    "output": try ExplodeOperations.encode(
                        OperationRequest(
                            operation: .explodeEncode, profile: .deployed,
                            input: ["expiresAtUnixMillis": .integer(seconds * 1000)]))
                ]
            return VectorCase(
                comment: "\(text): a calendar boundary"
                    + (same ? "" : " (iOS writes the Julian date, the alternative)"),
                flags: same ? ["CalendarBoundary"] : ["CalendarBoundary", "JulianBefore1582", "FallbackByReading"],
                source: sendPath, input: ["expiresAtUnixMillis": .integer(seconds * 1000)],
                alsoAccepted: same ? [] : [ios])
        }
        for text in ExplodeFixtures.calendarBoundaries { encode.append(try boundary(text)) }
        // The first day of the second half of a year (a month that follows a 30-day month), and the
        // second before year 0.
        encode.append(try boundary("0000-07-01T00:00:00Z"))
        encode.append(
            VectorCase(
                comment:
                    "one second before 0000-01-01T00:00:00Z: PushProof refuses a year RFC 3339 cannot write; iOS "
                    + "writes what its formatter makes of it, the alternative answer",
                flags: ["Pre1970", "JulianBefore1582", "FallbackByReading"],
                source: "\(codec):33-42; \(foundation)JSON/JSONEncoder.swift:1146-1147; \(iso8601)",
                input: ["expiresAtUnixMillis": .integer((RFC3339.earliest - 1) * 1000)], code: "DATE_OUT_OF_RANGE",
                alsoAccepted: [try iosEncoding(RFC3339.earliest - 1)]))
        let sample = try ExplodeSettingsCodec.encodedBytes(ExplodeSettings(expiresAt: 1_748_781_000))
        let wrap = [
            VectorCase(
                comment: "the KnownAnswer message in PlaintextEnvelope.V1", flags: ["PlaintextEnvelope"],
                source:
                    "xmtp/libxmtp@a53a97ed:crates/xmtp_mls/src/groups/mod.rs:1764-1766, 1778-1785; "
                    + "xmtp/proto@f5191f73:proto/mls/message_contents/content.proto:46-55, 81-84",
                input: ["encodedContentHex": .string(Hex.encode(sample)), "idempotencyKey": "6d1c3f0e-explode-1"])
        ]
        /// A decode case; `source` nil for PushProof's own (hardened) rules.
        func d(
            _ comment: String, _ flags: [String], _ source: String?, _ hex: String, code: String? = nil,
            also: [JSONValue] = []
        ) -> VectorCase {
            VectorCase(
                comment: comment, flags: flags, source: source, input: ["encodedContentHex": .string(hex)], code: code,
                alsoAccepted: also)
        }
        let refuse: [JSONValue] = [["error": "INVALID_JSON"]]
        let content = ExplodeFixtures.json("2025-06-01T12:30:00Z")
        let t0: JSONValue = ["output": ExplodeOperations.decodeOutput(1_748_781_000)]
        /// What iOS reads from a content JSON, as an answer (its instant floored to whole seconds).
        func ios(_ json: [UInt8]) throws -> JSONValue {
            guard let seconds = ExplodeSettingsCodec.decodeContentAsDeployed(json) else {
                throw GeneratorError("iOS's decoder refuses \(String(decoding: json, as: UTF8.self))")
            }
            return ["output": ExplodeOperations.decodeOutput(Int64(seconds.rounded(.down)))]
        }
        /// A date iOS reads and the reference refuses: acceptable, iOS's reading the alternative.
        func lenient(_ comment: String, _ flags: [String], _ source: String, _ json: [UInt8]) throws -> VectorCase {
            d(comment, flags, source, ExplodeFixtures.encoded(json), code: "INVALID_JSON", also: [try ios(json)])
        }
        let bomb = Zlib.deflate([UInt8](repeating: 0x20, count: 1 << 20), format: .raw)
        let padded = Zlib.deflate(
            Array("{\"expiresAt\":\"2025-06-01T12:30:00Z\",\"pad\":\"\(String(repeating: "a", count: 400))\"}".utf8),
            format: .raw)
        var decode = [
            d("what the iOS app writes", ["KnownAnswer"], receivePath, Hex.encode(sample)),
            d(
                "milliseconds, as the CLI, web and Android write (a fraction is optional in iOS's parser as of Swift 6.2)",
                ["Milliseconds"], "\(iso8601):545-552; \(foundation)Formatting/Date+ISO8601FormatStyle.swift:53-55",
                ExplodeFixtures.encoded(ExplodeFixtures.json("2025-06-01T12:30:00.000Z"))),
            d(
                "milliseconds .999: iOS keeps the fraction (the conversation explodes 0.999 s later); the output, in "
                    + "whole seconds, is its floor", ["Milliseconds", "SubSecondDropped"], "\(iso8601):545-552",
                ExplodeFixtures.encoded(ExplodeFixtures.json("2025-06-01T12:30:00.999Z"))),
            d(
                "a numeric offset +02:00", ["NumericOffset"], "\(iso8601):566-660",
                ExplodeFixtures.encoded(ExplodeFixtures.json("2025-06-01T14:30:00+02:00")), also: refuse),
            d(
                "a numeric offset -05:30", ["NumericOffset"], "\(iso8601):566-660",
                ExplodeFixtures.encoded(ExplodeFixtures.json("2025-06-01T07:00:00-05:30")), also: refuse),
            d(
                "six fraction digits", ["ExtraFraction"], "\(iso8601):545-552",
                ExplodeFixtures.encoded(ExplodeFixtures.json("2025-06-01T12:30:00.123456Z")), also: refuse),
            d(
                "an unknown key is ignored", ["UnknownKey"], "\(codec):4-10, 49-53",
                ExplodeFixtures.encoded(Array("{\"expiresAt\":\"2025-06-01T12:30:00Z\",\"reason\":\"done\"}".utf8))),
            d(
                "a pre-1970 date", ["Pre1970"], receivePath,
                ExplodeFixtures.encoded(ExplodeFixtures.json("1969-07-20T20:17:40Z"))),
            d(
                "a leap day", ["LeapDay"], receivePath,
                ExplodeFixtures.encoded(ExplodeFixtures.json("2024-02-29T23:59:59Z"))),
            d(
                "a minor version 1.7 is another content type (iOS's codec registry and its type comparison include "
                    + "the minor version, so the message is dropped as an unsupported content type)", ["ContentType"],
                typeMatch,
                ExplodeFixtures.encoded(content, minor: 7), code: "UNSUPPORTED_VERSION"),
            d(
                "DEFLATE without a header", ["Compression"], "\(inflate); \(codec):49-56",
                ExplodeFixtures.encoded(Zlib.deflate(content, format: .raw), compression: 0)),
            d(
                "DEFLATE with a zlib header: iOS's COMPRESSION_ZLIB inflates raw DEFLATE only and drops the message; "
                    + "reading the zlib stream is acceptable",
                ["Compression", "RawDeflateOnly"],
                "\(inflate); xmtplabs/convos-ios@5d1e833e:ConvosAppData/Sources/ConvosAppData/AppDataSerialization.swift:194-197",
                ExplodeFixtures.encoded(Zlib.deflate(content, format: .zlib), compression: 0), code: "BAD_COMPRESSION",
                also: [t0]),
            d(
                "GZIP: iOS's GZIP is Apple LZFSE, which drops a gzip stream; reading the gzip stream is acceptable",
                ["Compression", "GzipIsLzfse"], inflate,
                ExplodeFixtures.encoded(Zlib.deflate(content, format: .gzip), compression: 1), code: "BAD_COMPRESSION",
                also: [t0]),
            d(
                "empty content", ["EmptyContent"], "\(codec):45-47; \(decodedMessage):196, 201-204",
                ExplodeFixtures.encoded([]), code: "EMPTY_CONTENT"),
            d(
                "not JSON", ["BadJSON"], "\(codec):49-56", ExplodeFixtures.encoded(Array("expiresAt=2025".utf8)),
                code: "INVALID_JSON"),
            d(
                "a JSON array", ["BadJSON"], "\(codec):49-56",
                ExplodeFixtures.encoded(Array("[\"2025-06-01T12:30:00Z\"]".utf8)), code: "INVALID_JSON"),
            d(
                "expiresAt missing", ["BadJSON"], "\(codec):49-56",
                ExplodeFixtures.encoded(Array("{\"expires\":\"2025-06-01T12:30:00Z\"}".utf8)), code: "INVALID_JSON"),
            d(
                "expiresAt as Unix seconds", ["BadDate"], "\(foundation)JSON/JSONDecoder.swift:644-646",
                ExplodeFixtures.encoded(Array("{\"expiresAt\":1748781000}".utf8)), code: "INVALID_JSON"),
            d(
                "no time zone", ["BadDate"], "\(iso8601):562-566",
                ExplodeFixtures.encoded(ExplodeFixtures.json("2025-06-01T12:30:00")), code: "INVALID_JSON"),
            d(
                "lower-case t and z (refused at the t)", ["BadDate"], "\(iso8601):525",
                ExplodeFixtures.encoded(ExplodeFixtures.json("2025-06-01t12:30:00z")), code: "INVALID_JSON"),
            try lenient(
                "30 February: iOS rolls it over to 2 March; PushProof refuses", ["RolledOverDate"],
                "\(dateParse); \(rollOver)",
                ExplodeFixtures.json("2025-02-30T12:00:00Z")),
            try lenient(
                "29 February 2100 (not a leap year): iOS rolls it over to 1 March; PushProof refuses",
                ["RolledOverDate", "LeapDay"], "\(dateParse); \(rollOver)",
                ExplodeFixtures.json("2100-02-29T12:00:00Z")),
            try lenient(
                "a leap second: iOS rolls 23:59:60 over to the next day; PushProof refuses", ["RolledOverDate"],
                "\(dateParse); \(rollOver)",
                ExplodeFixtures.json("2016-12-31T23:59:60Z")),
            d(
                "a leading space", ["BadDate"], "\(iso8601):430-436",
                ExplodeFixtures.encoded(ExplodeFixtures.json(" 2025-06-01T12:30:00Z")), code: "INVALID_JSON"),
            d(
                "a date without a time", ["BadDate"], "\(iso8601):521-526",
                ExplodeFixtures.encoded(ExplodeFixtures.json("2025-06-01")), code: "INVALID_JSON"),
            d(
                "authority xmtp.org", ["ContentType"], "\(writer):496-500; \(dbRepresentation):90-99",
                ExplodeFixtures.encoded(content, authority: "xmtp.org"), code: "WRONG_CONTENT_TYPE"),
            d(
                "type explode", ["ContentType"], "\(writer):496-500; \(dbRepresentation):90-99",
                ExplodeFixtures.encoded(content, type: "explode"), code: "WRONG_CONTENT_TYPE"),
            d(
                "no content type", ["ContentType"], "\(contentProto):94-96; \(writer):497-498",
                ExplodeFixtures.encoded(content, hasType: false), code: "WRONG_CONTENT_TYPE"),
            d(
                "major version 2", ["ContentType"], "\(contentProto):229-235; \(writer):497-498",
                ExplodeFixtures.encoded(content, major: 2), code: "UNSUPPORTED_VERSION"),
            d(
                "major version 0", ["ContentType"], "\(contentProto):229-235; \(writer):497-498",
                ExplodeFixtures.encoded(content, major: 0), code: "UNSUPPORTED_VERSION"),
            d(
                "DEFLATE declared, content not compressed", ["BadCompression"], inflate,
                ExplodeFixtures.encoded(content, compression: 0), code: "BAD_COMPRESSION"),
            d(
                "GZIP cut short (refused because iOS reads GZIP as LZFSE; the cut plays no part there)",
                ["BadCompression", "GzipIsLzfse"], inflate,
                ExplodeFixtures.encoded(Array(Zlib.deflate(content, format: .gzip).dropLast(6)), compression: 1),
                code: "BAD_COMPRESSION"),
            d(
                "GZIP with a wrong checksum (refused because iOS reads GZIP as LZFSE; the checksum is never read)",
                ["BadCompression", "GzipIsLzfse"], inflate,
                ExplodeFixtures.encoded(
                    {
                        var g = Zlib.deflate(content, format: .gzip)
                        g[g.count - 5] ^= 1
                        return g
                    }(), compression: 1),
                code: "BAD_COMPRESSION"),
            d(
                "an unknown compression method 7: iOS ignores it and reads the content as it is; PushProof refuses",
                ["BadCompression", "UnknownCompressionIgnored"],
                "\(contentProto):28-44, 119-124; \(contentCodec):38-63",
                ExplodeFixtures.encoded(content, compression: 7), code: "BAD_COMPRESSION", also: [t0]),
            d(
                "1 MiB of spaces from 1 KB of DEFLATE: iOS keeps the first 4 x 1034 bytes, which are not JSON",
                ["InflateBufferCut"], "\(inflate); \(codec):49-56", ExplodeFixtures.encoded(bomb, compression: 0),
                code: "INVALID_JSON"),
            d(
                "not a protobuf", ["MalformedProtobuf"], "\(decodedMessage):185-187, 201-204", "ffffffff",
                code: "MALFORMED_PROTOBUF"),
            d(
                "a truncated protobuf", ["MalformedProtobuf"], "\(decodedMessage):185-187, 201-204",
                String(Hex.encode(sample).dropLast(10)), code: "MALFORMED_PROTOBUF"),
            // The audit's findings C2-C10 (docs/audit/explode_codec.md).
            d(
                "valid JSON of 445 bytes from 50 bytes of raw DEFLATE: iOS keeps the first 200 bytes and drops the "
                    + "message; reading it whole is acceptable", ["InflateBufferCut"], "\(inflate); \(codec):49-56",
                ExplodeFixtures.encoded(padded, compression: 0), code: "INVALID_JSON", also: [t0]),
            try lenient(
                "a lower-case z alone: iOS reads it; PushProof refuses", ["IosDateLeniency"], "\(dateParse):569",
                ExplodeFixtures.json("2025-06-01T12:30:00z")),
            try lenient(
                "the zone written UTC: iOS reads it; PushProof refuses", ["IosDateLeniency"], "\(dateParse):566-660",
                ExplodeFixtures.json("2025-06-01T12:30:00UTC")),
            try lenient(
                "the zone written GMT: iOS reads it; PushProof refuses", ["IosDateLeniency"], "\(dateParse):566-660",
                ExplodeFixtures.json("2025-06-01T12:30:00GMT")),
            try lenient(
                "characters after the zone: iOS ignores them; PushProof refuses", ["IosDateLeniency"],
                "\(dateParse); \(foundation)Formatting/Date+ISO8601FormatStyle.swift:268-273",
                ExplodeFixtures.json("2025-06-01T12:30:00Zjunk")),
            try lenient(
                "one-digit month, day and second: iOS reads them; PushProof refuses", ["IosDateLeniency"],
                "\(dateParse):403-540", ExplodeFixtures.json("2025-6-1T12:30:0Z")),
            try lenient(
                "31 June: iOS rolls it over to 1 July; PushProof refuses", ["RolledOverDate"],
                "\(dateParse); \(rollOver)",
                ExplodeFixtures.json("2025-06-31T12:00:00Z")),
            try lenient(
                "hour 24: iOS rolls it over to the next day; PushProof refuses", ["RolledOverDate"],
                "\(dateParse); \(rollOver)", ExplodeFixtures.json("2025-06-01T24:00:00Z")),
            d(
                "ten fraction digits: iOS reads nine at most", ["BadDate"], "\(iso8601):545-552",
                ExplodeFixtures.encoded(ExplodeFixtures.json("2025-06-01T12:30:00.1234567891Z")), code: "INVALID_JSON"),
            try lenient(
                "expiresAt twice: iOS's decoder takes the first; PushProof refuses a repeated key",
                ["IosDateLeniency", "BadJSON"], "\(codec):49-56; \(foundation)JSON/JSONDecoder.swift",
                Array("{\"expiresAt\":\"2025-06-01T12:30:00Z\",\"expiresAt\":\"2026-06-01T12:30:00Z\"}".utf8)),
            d(
                "a ContentTypeId with an unknown field: iOS's type comparison includes unknown fields",
                ["ContentType"], "\(contentProto):229-235; \(writer):496-509",
                ExplodeFixtures.encoded(content, typeUnknownField: true), code: "WRONG_CONTENT_TYPE"),
            d(
                "the content field present with zero length", ["EmptyContent"],
                "\(codec):45-47; \(decodedMessage):196, 201-204",
                ExplodeFixtures.encoded(Array("{}".utf8)).replacingOccurrences(of: "22027b7d", with: "2200"),
                code: "EMPTY_CONTENT"),
            d(
                "the content field given twice, the last one empty: protobuf keeps the last", ["EmptyContent"],
                "\(codec):45-47; \(decodedMessage):185-187", Hex.encode(sample) + "2200", code: "EMPTY_CONTENT"),
            d(
                "a field of wire type 7", ["MalformedProtobuf"], "\(decodedMessage):185-187, 201-204",
                Hex.encode(sample) + "0f", code: "MALFORMED_PROTOBUF"),
            d(
                "1000-01-01T00:00:00Z: iOS counts Julian dates before 1582-10-15, five days from PushProof's proleptic "
                    + "Gregorian reading; PushProof's reading is the expected one", ["JulianBefore1582", "Pre1970"],
                "\(dateParse); \(foundation)Calendar/Calendar_Gregorian.swift:224-225",
                ExplodeFixtures.encoded(ExplodeFixtures.json("1000-01-01T00:00:00Z")),
                also: [try ios(ExplodeFixtures.json("1000-01-01T00:00:00Z"))]),
        ]
        // The same boundaries as text, and the day, hour, minute, second, offset and fraction just
        // past each limit. Whether iOS's reading agrees with the reference decides the result: the
        // same answer is valid, another is acceptable (iOS's the alternative), both refusing is
        // INVALID_JSON.
        func dated(_ text: String, _ comment: String) throws -> VectorCase {
            let json = ExplodeFixtures.json(text)
            let strict = RFC3339.parse(text)
            let ios = ExplodeSettingsCodec.decodeContentAsDeployed(json).map { Int64($0.rounded(.down)) }
            var flags = ["CalendarBoundary"]
            var also: [JSONValue] = []
            if let ios, ios != strict?.unixSeconds {
                also = [["output": ExplodeOperations.decodeOutput(ios)]]
                // The right shape with a field out of range is rolled over; another shape is read leniently.
                let shape = String(text.map { $0.isNumber ? "9" : $0 })
                let rest = shape.dropFirst(19)
                let rolled =
                    shape.hasPrefix("9999-99-99T99:99:99") && (rest == "Z" || rest == "+99:99" || rest == "-99:99")
                flags.append(strict != nil ? "JulianBefore1582" : rolled ? "RolledOverDate" : "IosDateLeniency")
            } else if ios == nil, strict != nil {
                also = [["error": "INVALID_JSON"]]
                flags.append("IosRefusesRFC3339")
            }
            return d(
                "\(text): \(comment)", flags, "\(dateParse); \(rollOver)", ExplodeFixtures.encoded(json),
                code: strict == nil ? "INVALID_JSON" : nil, also: also)
        }
        for text in ExplodeFixtures.calendarBoundaries { decode.append(try dated(text, "a calendar boundary")) }
        for (text, comment) in ExplodeFixtures.pastTheLimit { decode.append(try dated(text, comment)) }
        // The protobuf wire format as SwiftProtobuf reads it for the app (every wire type, a known
        // field with another wire type, strings that are not UTF-8, varints at their length limit,
        // field 0), and the inflate buffer's edges.
        func key(_ number: Int, _ wire: Int) -> [UInt8] { varint(UInt64(number << 3 | wire)) }
        func varint(_ value: UInt64) -> [UInt8] {
            var v = value
            var out: [UInt8] = []
            repeat {
                out.append(UInt8(v & 0x7F) | (v > 0x7F ? 0x80 : 0))
                v >>= 7
            } while v > 0
            return out
        }
        func ld(_ number: Int, _ bytes: [UInt8]) -> [UInt8] { key(number, 2) + varint(UInt64(bytes.count)) + bytes }
        let typeBytes = ld(1, Array("convos.org".utf8)) + ld(2, Array("explode_settings".utf8)) + key(3, 0) + [1]
        let plain = Array(sample)
        let wire = "\(decodedMessage):185-187, 201-204 (EncodedContent(serializedBytes:), SwiftProtobuf)"
        func raw(_ comment: String, _ flags: [String], _ bytes: [UInt8], code: String? = nil) -> VectorCase {
            d(comment, flags, wire, Hex.encode(bytes), code: code)
        }
        func rawFrom(_ comment: String, _ flags: [String], _ source: String, _ bytes: [UInt8], code: String? = nil)
            -> VectorCase
        { d(comment, flags, source, Hex.encode(bytes), code: code) }
        let mapEntry = "\(wire); apple/swift-protobuf@1.39.0:Sources/SwiftProtobuf/BinaryDecoder.swift:957-993"
        decode += [
            raw(
                "an unknown field of wire type 1 (8 bytes) is skipped", ["ProtobufWire"],
                plain + key(9, 1) + [UInt8](repeating: 7, count: 8)),
            raw(
                "an unknown field of wire type 5 (4 bytes) is skipped", ["ProtobufWire"],
                plain + key(9, 5) + [1, 2, 3, 4]),
            raw(
                "an unknown field of wire type 1 cut short", ["ProtobufWire", "MalformedProtobuf"],
                plain + key(9, 1) + [1, 2, 3], code: "MALFORMED_PROTOBUF"),
            raw(
                "an unknown field of wire type 5 cut short", ["ProtobufWire", "MalformedProtobuf"],
                plain + key(9, 5) + [1, 2, 3], code: "MALFORMED_PROTOBUF"),
            raw("an unknown varint field is skipped", ["ProtobufWire"], plain + key(15, 0) + [0x96, 0x01]),
            raw("an unknown length-delimited field is skipped", ["ProtobufWire"], plain + ld(100, [1, 2, 3])),
            raw(
                "field number 0", ["ProtobufWire", "MalformedProtobuf"], plain + [0x00, 0x00],
                code: "MALFORMED_PROTOBUF"),
            raw(
                "a varint of ten bytes, the longest there is", ["ProtobufWire"],
                plain + key(15, 0) + [UInt8](repeating: 0xFF, count: 9) + [0x01]),
            raw(
                "a varint of eleven bytes", ["ProtobufWire", "MalformedProtobuf"],
                plain + key(15, 0) + [UInt8](repeating: 0xFF, count: 10) + [0x01], code: "MALFORMED_PROTOBUF"),
            raw(
                "the fallback (field 3) that is not UTF-8", ["ProtobufWire", "MalformedProtobuf"],
                plain + ld(3, [0xC3, 0x28]), code: "MALFORMED_PROTOBUF"),
            raw(
                "a parameters entry whose value is not UTF-8", ["ProtobufWire", "MalformedProtobuf"],
                plain + ld(2, ld(1, Array("k".utf8)) + ld(2, [0xFF])), code: "MALFORMED_PROTOBUF"),
            raw(
                "a parameters entry whose key is not UTF-8", ["ProtobufWire", "MalformedProtobuf"],
                plain + ld(2, ld(1, [0xFF]) + ld(2, Array("v".utf8))), code: "MALFORMED_PROTOBUF"),
            raw(
                "a parameters entry of UTF-8 strings is read and ignored", ["ProtobufWire"],
                plain + ld(2, ld(1, Array("encoding".utf8)) + ld(2, Array("UTF-8".utf8)))),
            raw(
                "the authority (ContentTypeId field 1) that is not UTF-8", ["ProtobufWire", "MalformedProtobuf"],
                ld(1, ld(1, [0xFF]) + ld(2, Array("explode_settings".utf8)) + key(3, 0) + [1]) + ld(4, content),
                code: "MALFORMED_PROTOBUF"),
            raw(
                "the type id (ContentTypeId field 2) that is not UTF-8", ["ProtobufWire", "MalformedProtobuf"],
                ld(1, ld(1, Array("convos.org".utf8)) + ld(2, [0xFF]) + key(3, 0) + [1]) + ld(4, content),
                code: "MALFORMED_PROTOBUF"),
            raw(
                "the major version as a length-delimited field: kept as an unknown field, so version 0",
                ["ProtobufWire"],
                ld(1, ld(1, Array("convos.org".utf8)) + ld(2, Array("explode_settings".utf8)) + ld(3, [1]))
                    + ld(4, content),
                code: "UNSUPPORTED_VERSION"),
            raw(
                "the content (field 4) as a varint: kept as an unknown field, so no content", ["ProtobufWire"],
                ld(1, typeBytes) + key(4, 0) + [1], code: "EMPTY_CONTENT"),
            raw(
                "the compression (field 5) as a length-delimited field, over plain JSON", ["ProtobufWire"],
                ld(1, typeBytes) + ld(4, content) + ld(5, [0])),
            raw(
                "the content type (field 1) given twice: the two are merged", ["ProtobufWire"],
                ld(1, ld(1, Array("convos.org".utf8)) + ld(2, Array("explode_settings".utf8))) + ld(1, key(3, 0) + [1])
                    + ld(4, content)),
            raw(
                "compression given twice, 7 then DEFLATE: the last one counts", ["ProtobufWire", "Compression"],
                ld(1, typeBytes) + ld(4, Zlib.deflate(content, format: .raw)) + key(5, 0) + [7] + key(5, 0) + [0]),
            d(
                "raw DEFLATE labelled GZIP: the SDK runs LZFSE on it and drops the message",
                ["GzipIsLzfse", "BadCompression"],
                inflate, ExplodeFixtures.encoded(Zlib.deflate(content, format: .raw), compression: 1),
                code: "BAD_COMPRESSION"),
            d(
                "DEFLATE declared over empty content: nothing to inflate", ["BadCompression"], inflate,
                ExplodeFixtures.encoded([], compression: 0), code: "BAD_COMPRESSION"),
            d(
                "a raw DEFLATE stream with a byte after its end: refused here; Apple does not document whether "
                    + "its decoder ignores it, so reading the stream passes too",
                ["BadCompression", "AppleUnspecified"],
                inflate, ExplodeFixtures.encoded(Zlib.deflate(content, format: .raw) + [0], compression: 0),
                code: "BAD_COMPRESSION", also: [t0]),
            d(
                "a raw DEFLATE stream cut before its end: refused here; Apple does not document whether its decoder "
                    + "then returns the partial output, which is not JSON", ["BadCompression", "AppleUnspecified"],
                inflate,
                ExplodeFixtures.encoded(Array(Zlib.deflate(content, format: .raw).dropLast(2)), compression: 0),
                code: "BAD_COMPRESSION", also: [["error": "INVALID_JSON"]]),
            d(
                "a raw DEFLATE stream of an empty input: inflates to nothing", ["BadCompression"], inflate,
                ExplodeFixtures.encoded(Zlib.deflate([], format: .raw), compression: 0), code: "BAD_COMPRESSION"),
            d(
                "JSON that fills exactly four times its compressed size", ["InflateBufferCut"],
                "\(inflate); \(codec):49-56",
                ExplodeFixtures.encoded(ExplodeFixtures.exactlyFourTimes, compression: 0)),
            // Each known field in a wire type it is not declared with (SwiftProtobuf keeps it as an
            // unknown field, except inside a map entry, whose reader consumes nothing of it), an unknown
            // fixed-width field inside the ContentTypeId, DEFLATE's whole window.
            raw(
                "the content type (field 1) also sent as a varint: that copy is an unknown field", ["ProtobufWire"],
                plain + key(1, 0) + [1]),
            raw(
                "a parameters entry (field 2) sent as a varint: an unknown field", ["ProtobufWire"],
                plain + key(2, 0) + [1]),
            raw(
                "the fallback (field 3) sent as a varint: an unknown field", ["ProtobufWire"], plain + key(3, 0) + [1]),
            // decodeMapField does not refuse another wire type: it consumes nothing, and the value
            // byte 0x01 is then read as a tag of field 0, which is malformed.
            rawFrom(
                "a parameters entry whose key (field 1) is a varint: SwiftProtobuf's map-entry reader consumes "
                    + "nothing of a key or value in another wire type, so the varint's byte 0x01 is read as the next "
                    + "tag: field 0, malformed (apple/swift-protobuf 1.39.0 "
                    + "Sources/SwiftProtobuf/BinaryDecoder.swift:957-993, decodeMapField)",
                ["ProtobufWire", "MalformedProtobuf"], mapEntry,
                plain + ld(2, key(1, 0) + [1] + ld(2, Array("v".utf8))),
                code: "MALFORMED_PROTOBUF"),
            rawFrom(
                "a parameters entry whose value (field 2) is the varint 1: its byte is read as a tag of field 0, "
                    + "as for the key",
                ["ProtobufWire", "MalformedProtobuf"], mapEntry,
                plain + ld(2, ld(1, Array("k".utf8)) + key(2, 0) + [1]),
                code: "MALFORMED_PROTOBUF"),
            raw(
                "the minor version (ContentTypeId field 4) as a length-delimited field: kept as an unknown field, "
                    + "which iOS's type comparison includes", ["ProtobufWire", "ContentType"],
                ld(1, typeBytes + ld(4, [0])) + ld(4, content), code: "WRONG_CONTENT_TYPE"),
            raw(
                "an unknown fixed32 field (wire type 5) inside the ContentTypeId", ["ProtobufWire", "ContentType"],
                ld(1, typeBytes + key(6, 5) + [1, 1, 1, 1]) + ld(4, content), code: "WRONG_CONTENT_TYPE"),
            raw(
                "an unknown fixed64 field (wire type 1) inside the ContentTypeId", ["ProtobufWire", "ContentType"],
                ld(1, typeBytes + key(6, 1) + [UInt8](repeating: 1, count: 8)) + ld(4, content),
                code: "WRONG_CONTENT_TYPE"),
            d(
                "raw DEFLATE whose second half repeats its first from 20,000 bytes back: DEFLATE's 32 KiB window "
                    + "(an inflater with a 16 KiB window refuses the stream)", ["Compression"], inflate,
                ExplodeFixtures.encoded(ExplodeFixtures.farBackReference, compression: 0)),
        ]
        decode.append(try dated("2025-06-01T12:30:00+23:59", "the largest offset"))
        decode.append(try dated("2025-06-01T12:30:00-23:59", "the smallest offset"))
        // The inflate buffer is exactly four times the compressed size, not more; a reader with a
        // larger buffer finds valid JSON here.
        decode.append(
            d(
                "JSON whose closing brace lies between four and five times the compressed size, with a stray x "
                    + "after it: iOS's cut falls before the brace and the whole body is not JSON either",
                ["InflateBufferCut"], "\(inflate); \(codec):49-56",
                ExplodeFixtures.encoded(ExplodeFixtures.braceBetweenFourAndFive, compression: 0),
                code: "INVALID_JSON"))
        // The rest of SwiftProtobuf's binary reader as the app meets it: a varint value read as a tag
        // inside a map entry, groups skipped to their end (and their depth limit), tags of at most
        // five bytes, and integers longer than their field keeping their low 32 bits.
        let skipOver = "apple/swift-protobuf@1.39.0:Sources/SwiftProtobuf/BinaryDecoder.swift:1302-1350 (skipOver)"
        let tags = "apple/swift-protobuf@1.39.0:Sources/SwiftProtobuf/BinaryDecoder.swift:107-214 (nextFieldNumber)"
        let depth =
            "\(skipOver); apple/swift-protobuf@1.39.0:Sources/SwiftProtobuf/BinaryDecoder.swift:86-91, 894-905 "
            + "(recursion budget, messageDepthLimit 100 in BinaryDecodingOptions.swift)"
        func groups(_ n: Int) -> [UInt8] { [UInt8](repeating: 0x4B, count: n) + [UInt8](repeating: 0x4C, count: n) }
        decode += [
            rawFrom(
                "a parameters entry whose value (field 2) is the varint 13: its byte 0x0d is read as a tag (field 1, "
                    + "fixed32) that the key's reader leaves unread, and the entry ends: accepted",
                ["ProtobufWire"], mapEntry, plain + ld(2, ld(1, Array("k".utf8)) + key(2, 0) + [0x0D])),
            rawFrom(
                "an empty group (field 9, wire types 3 and 4) after the message: skipped as an unknown field",
                ["ProtobufWire"], "\(wire); \(skipOver)", plain + key(9, 3) + key(9, 4)),
            rawFrom(
                "a group inside a parameters entry, before its key: skipped", ["ProtobufWire"],
                "\(mapEntry); \(skipOver)", plain + ld(2, key(9, 3) + key(9, 4) + ld(1, Array("k".utf8)))),
            rawFrom(
                "a group inside the ContentTypeId: an unknown field there, which iOS's type comparison includes",
                ["ProtobufWire", "ContentType"], "\(wire); \(skipOver)",
                ld(1, typeBytes + key(5, 3) + key(5, 4)) + ld(4, content), code: "WRONG_CONTENT_TYPE"),
            rawFrom(
                "an end-group tag with no group open", ["ProtobufWire", "MalformedProtobuf"], "\(wire); \(tags)",
                plain + key(9, 4), code: "MALFORMED_PROTOBUF"),
            rawFrom(
                "a group (field 9) closed by field 11's end-group", ["ProtobufWire", "MalformedProtobuf"],
                "\(wire); \(skipOver)", plain + key(9, 3) + key(11, 4), code: "MALFORMED_PROTOBUF"),
            rawFrom(
                "99 groups nested in one another after the message: within SwiftProtobuf's depth limit",
                ["ProtobufWire"], "\(wire); \(depth)", plain + groups(99)),
            rawFrom(
                "100 groups nested in one another: past the depth limit (100 levels, the message itself one)",
                ["ProtobufWire", "MalformedProtobuf"], "\(wire); \(depth)", plain + groups(100),
                code: "MALFORMED_PROTOBUF"),
            rawFrom(
                "a tag written in six bytes: SwiftProtobuf reads a message's tags in at most five",
                ["ProtobufWire", "MalformedProtobuf"], "\(wire); \(tags)",
                plain + [0xF8, 0xFF, 0xFF, 0xFF, 0x8F, 0x00, 0x01], code: "MALFORMED_PROTOBUF"),
            rawFrom(
                "the major version written as the varint 2^32 + 1: a uint32 field keeps the low 32 bits, 1",
                ["ProtobufWire"],
                "\(wire); apple/swift-protobuf@1.39.0:Sources/SwiftProtobuf/BinaryDecoder.swift (decodeSingularUInt32Field)",
                ld(1, Array(typeBytes.dropLast(2)) + key(3, 0) + varint(1 << 32 + 1)) + ld(4, content)),
            rawFrom(
                "compression written as the varint 2^32 over DEFLATE'd content: the enum keeps the low 32 bits, 0, "
                    + "DEFLATE", ["ProtobufWire", "Compression"],
                "\(wire); apple/swift-protobuf@1.39.0:Sources/SwiftProtobuf/BinaryDecoder.swift:796-805 "
                    + "(decodeSingularEnumField)",
                ld(1, typeBytes) + ld(4, Zlib.deflate(content, format: .raw)) + key(5, 0) + varint(1 << 32)),
        ]
        // The wire reader's edges: cut varints and tags, wire types 6 and 7, five-byte tags, and tags
        // inside a map entry.
        let entryTags =
            "\(mapEntry); apple/swift-protobuf@1.39.0:Sources/SwiftProtobuf/BinaryDecoder.swift:1419-1434 "
            + "(getTagWithoutUpdatingFieldStart) and FieldTag.swift:54-63"
        func entry(_ bytes: [UInt8]) -> [UInt8] { plain + ld(2, ld(1, Array("k".utf8)) + bytes) }
        let malformed = ["ProtobufWire", "MalformedProtobuf"]
        decode += [
            rawFrom(
                "a varint value cut short at the end of the message", malformed,
                "\(wire); apple/swift-protobuf@1.39.0:Sources/SwiftProtobuf/BinaryDecoder.swift:1375-1406 (decodeVarint)",
                plain + key(5, 0) + [0x80], code: "MALFORMED_PROTOBUF"),
            rawFrom(
                "a tag of wire type 6 after the message", malformed, "\(wire); \(tags)", plain + key(9, 6),
                code: "MALFORMED_PROTOBUF"),
            rawFrom(
                "a tag of wire type 7 after the message", malformed, "\(wire); \(tags)", plain + key(9, 7) + [0],
                code: "MALFORMED_PROTOBUF"),
            rawFrom(
                "a tag written in five bytes, the fifth 15 (field 503,316,480, a varint): an unknown field, skipped",
                ["ProtobufWire"], "\(wire); \(tags)", plain + [0x80, 0x80, 0x80, 0x80, 0x0F, 0x01]),
            rawFrom(
                "a tag written in five bytes, the fifth 16: past 32 bits", malformed, "\(wire); \(tags)",
                plain + [0x80, 0x80, 0x80, 0x80, 0x10, 0x01], code: "MALFORMED_PROTOBUF"),
            rawFrom(
                "a tag cut short at the end of the message (a byte with its continuation bit set)", malformed,
                "\(wire); \(tags)", plain + [0x88], code: "MALFORMED_PROTOBUF"),
            rawFrom(
                "inside a parameters entry, a tag of 2^32 + 1 (a fixed64 field past 32 bits) with its eight bytes",
                malformed, entryTags, entry(varint(1 << 32 + 1) + [UInt8](repeating: 0, count: 8)),
                code: "MALFORMED_PROTOBUF"),
            rawFrom(
                "inside a parameters entry, the tag 0x05 (field 0, fixed32) with its four bytes", malformed, entryTags,
                entry([0x05, 0, 0, 0, 0]), code: "MALFORMED_PROTOBUF"),
            rawFrom(
                "inside a parameters entry, the tag 0x00 (field 0, a varint) with its value", malformed, entryTags,
                entry([0x00, 0x00]), code: "MALFORMED_PROTOBUF"),
            rawFrom(
                "inside a parameters entry, a tag of wire type 6", malformed, entryTags, entry(key(3, 6)),
                code: "MALFORMED_PROTOBUF"),
            rawFrom(
                "inside a parameters entry, an end-group tag of the key's field", malformed, mapEntry,
                entry(key(1, 4)), code: "MALFORMED_PROTOBUF"),
            rawFrom(
                "an empty group, then 100 groups nested in one another: the first group's level is given back, so "
                    + "the 100 are past the limit as on their own", malformed, "\(wire); \(depth)",
                plain + groups(1) + groups(100), code: "MALFORMED_PROTOBUF"),
            rawFrom(
                "the minor version 1: another content type version", ["ProtobufWire", "ContentType"], wire,
                ld(1, typeBytes + key(4, 0) + [1]) + ld(4, content), code: "UNSUPPORTED_VERSION"),
            rawFrom(
                "a tag of wire type 6 followed by its field's end-group: malformed still (a reader that took wire "
                    + "type 6 for a group would skip both)", malformed, "\(wire); \(tags)",
                plain + key(9, 6) + key(9, 4), code: "MALFORMED_PROTOBUF"),
            rawFrom(
                "inside a parameters entry, a tag of wire type 6 followed by its field's end-group", malformed,
                entryTags, entry(key(3, 6) + key(3, 4)), code: "MALFORMED_PROTOBUF"),
        ]
        // PushProof's advice: RFC 3339 read strictly, on the proleptic Gregorian calendar.
        let notADate =
            "Why: a date that does not exist is a corrupt or forged value; rolling it over silently turns it into "
            + "another instant"
        let oneSpelling =
            "Why: one spelling per instant (RFC 3339); a decoder that reads more than the grammar lets two members "
            + "disagree on whether the conversation explodes"
        func strict(_ text: String, _ comment: String, _ why: String) -> VectorCase {
            let json = ExplodeFixtures.json(text)
            return d(
                "\(text): \(comment). \(why)", ["StrictRFC3339"], nil, ExplodeFixtures.encoded(json),
                code: RFC3339.parse(text) == nil ? "INVALID_JSON" : nil)
        }
        var hardened = [
            ("2025-02-30T12:00:00Z", "30 February: INVALID_JSON", notADate),
            ("2025-02-29T00:00:00Z", "29 February in a common year: INVALID_JSON", notADate),
            ("2100-02-29T12:00:00Z", "29 February 2100: INVALID_JSON", notADate),
            ("1900-02-29T00:00:00Z", "29 February 1900: INVALID_JSON", notADate),
            ("2025-04-31T00:00:00Z", "31 April: INVALID_JSON", notADate),
            ("2025-06-31T12:00:00Z", "31 June: INVALID_JSON", notADate),
            ("2025-09-31T00:00:00Z", "31 September: INVALID_JSON", notADate),
            ("2025-11-31T00:00:00Z", "31 November: INVALID_JSON", notADate),
            ("2025-06-01T24:00:00Z", "hour 24: INVALID_JSON", notADate),
            ("2025-06-01T12:60:00Z", "minute 60: INVALID_JSON", notADate),
            ("2016-12-31T23:59:60Z", "a leap second: INVALID_JSON", notADate),
            ("2025-06-01T12:30:00+05:60", "offset minutes 60: INVALID_JSON", notADate),
            ("2025-06-01T12:30:00Zjunk", "characters after the zone: INVALID_JSON", oneSpelling),
            ("2025-06-01T12:30:00UTC", "the zone written UTC: INVALID_JSON", oneSpelling),
            ("2025-06-01T12:30:00+0530", "an offset without a colon: INVALID_JSON", oneSpelling),
            ("2025-6-1T12:30:0Z", "one-digit fields: INVALID_JSON", oneSpelling),
            ("2025-02-28T23:59:59Z", "the last second of February in a common year: read", oneSpelling),
            ("2024-02-29T23:59:59Z", "the last second of a leap day: read", oneSpelling),
            (
                "1000-01-01T00:00:00Z", "read on the proleptic Gregorian calendar",
                "Why: RFC 3339 counts the proleptic Gregorian calendar; a Julian reading moves the instant by days"
            ),
        ].map { strict($0.0, $0.1, $0.2) }
        hardened.append(
            d(
                "expiresAt twice: INVALID_JSON. \(oneSpelling)", ["StrictRFC3339"], nil,
                ExplodeFixtures.encoded(
                    Array("{\"expiresAt\":\"2025-06-01T12:30:00Z\",\"expiresAt\":\"2026-06-01T12:30:00Z\"}".utf8)),
                code: "INVALID_JSON"))
        hardened.append(
            d(
                "an unknown compression method 7: BAD_COMPRESSION. Why: content whose declared compression is "
                    + "unknown cannot be known to be plain", ["BadCompression"], nil,
                ExplodeFixtures.encoded(content, compression: 7), code: "BAD_COMPRESSION"))
        hardened.append(
            d(
                "DEFLATE with a zlib header: BAD_COMPRESSION. Why: DEFLATE in EncodedContent is raw DEFLATE, as iOS "
                    + "writes and reads it; a second framing is a second spelling", ["BadCompression"], nil,
                ExplodeFixtures.encoded(Zlib.deflate(content, format: .zlib), compression: 0), code: "BAD_COMPRESSION"))
        hardened.append(
            d(
                "GZIP: BAD_COMPRESSION. Why: the iOS SDK's GZIP is Apple LZFSE, so no gzip body reads on iOS; refusing "
                    + "it keeps every reader at the same answer", ["BadCompression"], nil,
                ExplodeFixtures.encoded(Zlib.deflate(content, format: .gzip), compression: 1), code: "BAD_COMPRESSION"))

        // 30 February in a leap year, the offset extremes, and DEFLATE streams that do not end exactly.
        hardened += [
            ("2024-02-30T12:00:00Z", "30 February in a leap year: INVALID_JSON", notADate),
            ("2025-06-01T12:30:00+23:59", "the largest offset, +23:59: read", oneSpelling),
            ("2025-06-01T12:30:00-23:59", "the smallest offset, -23:59: read", oneSpelling),
            ("2025-06-01T12:30:00+24:00", "offset hours 24: INVALID_JSON", notADate),
        ].map { strict($0.0, $0.1, $0.2) }
        let exact =
            "Why: a compressed body is one DEFLATE stream; bytes after its end, or an end that never comes, mean the "
            + "body was cut or spliced"
        hardened.append(
            d(
                "a raw DEFLATE stream with a byte after its end: BAD_COMPRESSION. \(exact)", ["BadCompression"], nil,
                ExplodeFixtures.encoded(Zlib.deflate(content, format: .raw) + [0], compression: 0),
                code: "BAD_COMPRESSION"))
        hardened.append(
            d(
                "a raw DEFLATE stream cut before its end: BAD_COMPRESSION. \(exact)", ["BadCompression"], nil,
                ExplodeFixtures.encoded(Array(Zlib.deflate(content, format: .raw).dropLast(2)), compression: 0),
                code: "BAD_COMPRESSION"))

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
                .init(
                    type: "ExplodeDecodeTest", operation: .explodeDecode, profile: .hardened,
                    description:
                        "PushProof's advice: timestamps read as RFC 3339 and nothing more, on the proleptic Gregorian calendar; an unknown compression refused. Each test says why.",
                    ids: .block(401...600), cases: hardened),
            ])
    }
}
