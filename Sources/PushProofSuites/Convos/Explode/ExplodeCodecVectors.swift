import ConvosExplode
import Foundation
import PushProofConformance
import PushProofCrypto
import PushProofJSON

/// explode_codec: the convos.org/explode_settings content type as XMTP EncodedContent.
enum ExplodeCodecVectors {
    // docs/audit/explode_codec.md: the upstream each test rests on.
    static let convos = "xmtplabs/convos-ios@5d1e833e:ConvosCore/Sources/ConvosCore/"
    static let sdk = "xmtp/libxmtp@a53a97ed:sdks/ios/Sources/XMTPiOS/"
    static let foundation = "swiftlang/swift-foundation@a1c611f6:Sources/FoundationEssentials/"
    static let codec = convos + "Custom Content Types/ExplodeSettingsCodec.swift"
    static let writer = convos + "Storage/Writers/IncomingMessageWriter.swift"
    static let dbRepresentation = convos + "Storage/XMTP DB Representations/DecodedMessage+DBRepresentation.swift"
    static let compression = sdk + "EncodedContentCompression.swift"
    static let contentCodec = sdk + "Codecs/ContentCodec.swift"
    static let decodedMessage = sdk + "Libxmtp/DecodedMessage.swift"
    static let contentProto = sdk + "Proto/message_contents_content.pb.swift"
    static let iso8601 = foundation + "Formatting/DateComponents+ISO8601FormatStyle.swift"
    static let sendPath =
        "\(codec):33-42, 59-67; \(sdk)Group.swift:440-491; \(convos)Messaging/XMTPClientProvider.swift:292-301; "
        + "\(foundation)JSON/JSONEncoder.swift:1146-1147"
    static let receivePath = "\(decodedMessage):185-196; \(contentCodec):17-31; \(codec):44-57; \(writer):496-509"
    static let dateParse = "\(codec):49-56; \(foundation)JSON/JSONDecoder.swift:644-649; \(iso8601)"
    static let rollOver = "\(iso8601):453, 500, 536-538; \(foundation)Formatting/Date+ISO8601FormatStyle.swift:286"
    static let typeMatch =
        "\(sdk)CodecRegistry.swift:22-35; \(sdk)Codecs/ContentTypeID.swift:21-24; \(contentProto):229-235; "
        + "\(writer):496-509; \(dbRepresentation):90-99"
    static let inflate = "\(compression):17-24, 50-70; \(contentCodec):38-63"

    static let sample = try! ExplodeSettingsCodec.encodedBytes(ExplodeSettings(expiresAt: 1_748_781_000))

    /// A decode case; `source` nil for PushProof's own (hardened) rules.
    static func decodeCase(
        _ comment: String, _ flags: [String], _ source: String?, _ hex: String, code: String? = nil,
        also: [JSONValue] = []
    ) -> VectorCase {
        VectorCase(
            comment: comment, flags: flags, source: source, input: ["encodedContentHex": .string(hex)], code: code,
            alsoAccepted: also)
    }
    static let refuse: [JSONValue] = [["error": "INVALID_JSON"]]
    static let content = ExplodeFixtures.json("2025-06-01T12:30:00Z")
    static let t0: JSONValue = ["output": ExplodeOperations.decodeOutput(1_748_781_000)]
    /// A content iOS reads where PushProof's hardened reading refuses it: the deployed test expects
    /// iOS's reading (generation stops if iOS refuses it, or the hardened reading does not).
    static func lenient(_ comment: String, _ flags: [String], _ source: String, _ json: [UInt8]) throws -> VectorCase {
        guard ExplodeSettingsCodec.decodeContentAsDeployed(json) != nil,
            (try? ExplodeSettingsCodec.decodeContent(json, reading: .hardened)) == nil
        else {
            throw GeneratorError("\(comment): iOS does not read it, or PushProof's hardened reading does")
        }
        return decodeCase(comment, flags, source, ExplodeFixtures.encoded(json))
    }

    // The same boundaries as text, and the day, hour, minute, second, offset and fraction just
    // past each limit, each answered as iOS answers it: a Julian date, a refusal, or a reading of a
    // text RFC 3339 does not allow (rolled over, or read leniently), which the hardened profile
    // refuses.
    static func dated(_ text: String, _ comment: String) throws -> VectorCase {
        try dated(text, comment: "\(text): \(comment)", json: ExplodeFixtures.json(text), flag: "CalendarBoundary")
    }

    /// Texts iOS reads whose instant lies outside the years 0000 to 9999, which RFC 3339's four-digit
    /// year cannot write: the decode succeeds (iOS keeps any Date), and the answer's `expiresAt`
    /// text is empty while `expiresAtUnix` carries the instant; the first instants inside answer
    /// their text.
    static func yearRangeCases() throws -> [VectorCase] {
        let source = "\(dateParse); \(foundation)Calendar/Calendar_Gregorian.swift:224-225"
        return [
            ("0000-01-02T23:59:59Z", "iOS's Julian reading is one second before 0000-01-01T00:00:00Z", true),
            ("0000-01-03T00:00:00Z", "iOS's Julian reading is 0000-01-01T00:00:00Z", false),
            ("9999-12-31T23:59:59-00:01", "a minute after 9999-12-31T23:59:59Z", true),
            ("9999-12-31T23:58:59-00:01", "9999-12-31T23:59:59Z", false),
        ].map { text, instant, outside in
            decodeCase(
                outside
                    ? "\(text): \(instant), outside the years 0000 to 9999: read, expiresAt empty and expiresAtUnix "
                        + "the instant"
                    : "\(text): \(instant), the \(text.hasPrefix("0000") ? "first" : "last") instant a four-digit "
                        + "year writes",
                outside ? ["CalendarBoundary", "YearOutOfRange"] : ["CalendarBoundary"], source,
                ExplodeFixtures.encoded(ExplodeFixtures.json(text)))
        }
    }

    /// `dated` with the content JSON and the first flag given: for texts whose characters must be
    /// escaped in JSON, named in the comment rather than written into it.
    static func dated(_ text: String, comment: String, json: [UInt8], flag: String) throws -> VectorCase {
        let strict = RFC3339.parse(text)
        let ios = ExplodeSettingsCodec.decodeContentAsDeployed(json).map { Int64($0.rounded(.down)) }
        var flags = [flag]
        var comment = comment
        if let strict {
            if ios == nil {
                flags.append("IosRefusesRFC3339")
            } else if ios != strict.unixSeconds {
                flags.append("JulianBefore1582")
            }
        } else if ios != nil {
            // The right shape with a field out of range is rolled over; another shape is read leniently.
            let shape = String(text.map { $0.isNumber ? "9" : $0 })
            let rest = shape.dropFirst(19)
            let rolled =
                shape.hasPrefix("9999-99-99T99:99:99") && (rest == "Z" || rest == "+99:99" || rest == "-99:99")
            flags.append(rolled ? "RolledOverDate" : "IosDateLeniency")
            comment += rolled ? ": iOS rolls it over (hardened refuses it)" : ": iOS reads it (hardened refuses it)"
        }
        return decodeCase(
            comment, flags, "\(dateParse); \(rollOver)", ExplodeFixtures.encoded(json),
            code: ios == nil ? "INVALID_JSON" : nil)
    }

    // The protobuf wire format as SwiftProtobuf reads it for the app (every wire type, a known
    // field with another wire type, strings that are not UTF-8, varints at their length limit,
    // field 0), and the inflate buffer's edges.
    static func key(_ number: Int, _ wire: Int) -> [UInt8] { varint(UInt64(number << 3 | wire)) }
    static func varint(_ value: UInt64) -> [UInt8] {
        var v = value
        var out: [UInt8] = []
        repeat {
            out.append(UInt8(v & 0x7F) | (v > 0x7F ? 0x80 : 0))
            v >>= 7
        } while v > 0
        return out
    }
    static func ld(_ number: Int, _ bytes: [UInt8]) -> [UInt8] { key(number, 2) + varint(UInt64(bytes.count)) + bytes }
    static let typeBytes = ld(1, Array("convos.org".utf8)) + ld(2, Array("explode_settings".utf8)) + key(3, 0) + [1]
    static let plain = Array(sample)
    static let wire = "\(decodedMessage):185-187, 201-204 (EncodedContent(serializedBytes:), SwiftProtobuf)"
    static func raw(_ comment: String, _ flags: [String], _ bytes: [UInt8], code: String? = nil) -> VectorCase {
        decodeCase(comment, flags, wire, Hex.encode(bytes), code: code)
    }
    static func rawFrom(_ comment: String, _ flags: [String], _ source: String, _ bytes: [UInt8], code: String? = nil)
        -> VectorCase
    { decodeCase(comment, flags, source, Hex.encode(bytes), code: code) }
    static let mapEntry = "\(wire); apple/swift-protobuf@1.39.0:Sources/SwiftProtobuf/BinaryDecoder.swift:957-993"

    static func file() throws -> VectorFileDeclaration {
        guard
            try ExplodeSettingsCodec.contentJSON(ExplodeSettings(expiresAt: 1_748_781_000))
                == Array("{\"expiresAt\":\"2025-06-01T12:30:00Z\"}".utf8),
            try ExplodeSettingsCodec.fallback(ExplodeSettings(expiresAt: 1_748_781_000))
                == "Conversation expires at 2025-06-01 12:30:00 +0000"
        else {
            throw GeneratorError("the reference does not write the documented ExplodeSettings example")
        }
        let encode = try encodeCases()
        let wrap =
            [
                VectorCase(
                    comment: "the KnownAnswer message in PlaintextEnvelope.V1", flags: ["PlaintextEnvelope"],
                    source:
                        "xmtp/libxmtp@a53a97ed:crates/xmtp_mls/src/groups/mod.rs:1764-1766, 1778-1785; "
                        + "xmtp/proto@f5191f73:proto/mls/message_contents/content.proto:46-55, 81-84",
                    input: ["encodedContentHex": .string(Hex.encode(sample)), "idempotencyKey": "6d1c3f0e-explode-1"])
            ] + wrapClassCases(sample)
        let decode =
            try decodeContentCases() + decodeDatedCases() + decodeWireCases() + decodeOffsetAndCutCases()
            + decodeWireReaderCases()
        // The first second of every month of a Gregorian year, read back and written as RFC 3339.
        let monthStarts = try (1...12).map { month in
            try dated(String(format: "2026-%02d-01T00:00:00Z", month), "the first second of a month")
        }
        let strength = try decodeStrengthCases() + monthStarts + yearRangeCases()
        let hardened = hardenedCases() + hardenedStrengthCases()
        return VectorFileDeclaration(
            name: "explode_codec", protocolName: "convos-explode-settings", notes: ExplodeNotes.catalogue,
            header: [
                "The convos.org/explode_settings 1.0 content type as XMTP EncodedContent protobuf (Protos/xmtp/message_contents/content.proto).",
                "Encoding is the iOS app's: content {\"expiresAt\":\"<RFC 3339, whole seconds, Z>\"}, its fallback text, no parameters, no compression, shouldPush true.",
            ],
            groups: [
                .init(
                    operation: .explodeEncode,
                    description: "An instant (Unix milliseconds) -> the EncodedContent bytes the iOS app sends.",
                    ids: .block(1...100), cases: encode),
                .init(
                    operation: .explodeWrap,
                    description: "EncodedContent bytes in the MLS PlaintextEnvelope.V1 wrapper.",
                    ids: .block(101...200), cases: wrap),
                .init(
                    operation: .explodeDecode,
                    description: "EncodedContent bytes -> expiresAt, or a typed error.", ids: .block(201...400),
                    cases: decode),
                .init(
                    operation: .explodeDecode, profile: .hardened,
                    description:
                        "PushProof's advice: timestamps read as RFC 3339 and nothing more, on the proleptic Gregorian calendar; an unknown compression refused. Each test says why.",
                    ids: .block(401...600), cases: hardened),
                .init(
                    operation: .explodeDecode,
                    description:
                        "EncodedContent bytes -> expiresAt, or a typed error, continued: two content-type checks failing at once, the versions at their integer edges, the text around and inside expiresAt, the inflate buffer's bound at several sizes.",
                    ids: .block(601...800), cases: strength),
                .init(
                    operation: .explodeEncode, profile: .hardened,
                    description:
                        "PushProof's advice for the sender: RFC 3339's years 0000 to 9999 on the proleptic Gregorian calendar, DATE_OUT_OF_RANGE outside them. Each test says why.",
                    ids: .block(801...900), cases: hardenedEncodeCases()),
                .init(
                    operation: .explodeDecode,
                    description:
                        "EncodedContent bytes -> expiresAt as the app reads it: the leap-year rule in every century year from 1600 to 2400, fractions of a second dropped (floored, never rounded), and the fraction's nine-digit limit.",
                    ids: .block(3000...3099), cases: try deployedCalendarClassCases()),
                .init(
                    operation: .explodeDecode, profile: .hardened,
                    description:
                        "PushProof's advice on the same dates: the leap-year rule in every century year from 1600 to 2400, fractions floored, at most nine fraction digits. Each test says why.",
                    ids: .block(3100...3199), cases: hardenedCalendarClassCases()),
            ])
    }
}
