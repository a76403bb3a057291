import ConvosExplode
import Foundation
import PushProofCrypto
import PushProofJSON

enum ExplodeVectors {
    static let notes: [String: VectorNote] = [
        "KnownAnswer": .init(bugType: "BASIC", description: "The example of the deployed system's documentation: 2025-06-01T12:30:00Z."),
        "Normal": .init(bugType: "BASIC", description: "An ordinary case every implementation must handle."),
        "SubSecondDropped": .init(bugType: "DEFINED", description: "The iOS encoder drops sub-second precision: the time is floored to the whole second (so -1 ms is 1969-12-31T23:59:59Z)."),
        "Epoch": .init(bugType: "EDGE_CASE", description: "The Unix epoch."),
        "Pre1970": .init(bugType: "EDGE_CASE", description: "A time before 1970: negative Unix seconds."),
        "LeapDay": .init(bugType: "EDGE_CASE", description: "29 February, including the century rules (2000 is a leap year)."),
        "EndOfYear": .init(bugType: "EDGE_CASE", description: "The last second of a year."),
        "FarFuture": .init(bugType: "EDGE_CASE", description: "The last second RFC 3339 can write (9999-12-31T23:59:59Z); later is DATE_OUT_OF_RANGE."),
        "Milliseconds": .init(bugType: "DEFINED", description: "The Convos CLI, web client and Android port write milliseconds (.SSS): decoders must accept them; the fraction is dropped."),
        "NumericOffset": .init(bugType: "LENIENCY", description: "A numeric offset (+02:00) instead of Z: valid RFC 3339 that no Convos client writes. The reference accepts it; a decoder may refuse it (INVALID_JSON)."),
        "ExtraFraction": .init(bugType: "LENIENCY", description: "A fraction of more than three digits: the reference accepts and drops it; a decoder may refuse it."),
        "BadDate": .init(bugType: "MODIFIED_PARAMETER", description: "expiresAt is not an RFC 3339 UTC timestamp (no zone, lower case, impossible date, leap second, surrounding space, a number): INVALID_JSON, iOS's 'Invalid JSON format for ExplodeSettings'."),
        "BadJSON": .init(bugType: "MODIFIED_PARAMETER", description: "The content is not a JSON object with a string expiresAt."),
        "EmptyContent": .init(bugType: "MODIFIED_PARAMETER", description: "The content is empty: iOS's 'ExplodeSettings content is empty'."),
        "UnknownKey": .init(bugType: "DEFINED", description: "An unknown key in the content JSON is ignored, as iOS's Codable decoder does."),
        "ContentType": .init(bugType: "MISSING_STEP", description: "The content type must be convos.org/explode_settings with major version 1; a newer minor version is accepted."),
        "Compression": .init(bugType: "FUNCTIONALITY", description: "EncodedContent may arrive compressed: DEFLATE (raw or with a zlib header, clients differ) or GZIP."),
        "BadCompression": .init(bugType: "MODIFIED_PARAMETER", description: "The declared compression is unknown or the content does not inflate: BAD_COMPRESSION."),
        "DecompressionBomb": .init(bugType: "EDGE_CASE", description: "Content that inflates past the cap (64 KiB for ExplodeSettings; for appData a declared size over 10 MiB or a ratio over 100) is refused without inflating it further."),
        "MalformedProtobuf": .init(bugType: "MODIFIED_PARAMETER", description: "The bytes are not the protobuf message."),
        "PlaintextEnvelope": .init(bugType: "DEFINED", description: "The MLS wrapper PlaintextEnvelope.V1 { content = EncodedContent bytes, idempotency_key }."),
        "AppDataCompression": .init(bugType: "DEFINED", description: "appData: protobuf bytes; if over 100 bytes and smaller compressed, 0x1F + big-endian u32 size + raw DEFLATE; then base64url without padding."),
        "AppDataZlibHeader": .init(bugType: "LEGACY", description: "The Node CLI compresses with a zlib header; decoders accept it."),
        "AppDataLimit": .init(bugType: "EDGE_CASE", description: "The encoded appData is capped at 8 KB."),
        "MalformedAppData": .init(bugType: "MODIFIED_PARAMETER", description: "appData is not base64url, its compression header is cut short, or it inflates to another size than declared."),
        "ReceiverRules": .init(bugType: "FUNCTIONALITY", description: "The receiver's rules, step by step (see docs/explode.md)."),
        "FromSelf": .init(bugType: "MISSING_STEP", description: "An explode message sent by this inbox itself is ignored."),
        "Idempotent": .init(bugType: "FUNCTIONALITY", description: "A second explode message is ignored."),
        "Scheduled": .init(bugType: "FUNCTIONALITY", description: "A future expiresAt waits for a trigger at or after it."),
        "ClockSkew": .init(bugType: "DEFINED", description: "expiresAt up to 60 s ahead of the receiver's clock counts as due (a sender whose clock runs ahead)."),
        "MetadataDisagrees": .init(bugType: "DEFINED", description: "The metadata copy and the message copy disagree: the earlier time wins; a metadata copy alone is stored."),
        "AfterExplosion": .init(bugType: "AUTH_BYPASS", description: "After an explosion messages are dropped and re-sync is refused (consent denied)."),
    ]

    static func files() throws -> [VectorFile] { [try codecFile(), try metadataFile(), try receiverFile()] }

    static func file(_ suite: String, _ header: [String], _ groups: [(type: String, op: String, description: String, firstId: Int, cases: [DeclaredCase])]) throws -> VectorFile {
        try DeclaredCases.file(suite: suite, protocolName: "convos-explode-settings", notes: notes, header: header,
                               groups: groups.map { .init(type: $0.type, operation: $0.op, description: $0.description, firstId: $0.firstId, cases: $0.cases) })
    }

    static func seconds(_ text: String) -> Int64 { RFC3339.parse(text)!.unixSeconds }

    /// An EncodedContent with the given parts (for decode cases).
    static func encoded(_ content: [UInt8], authority: String = "convos.org", type: String = "explode_settings", major: UInt32 = 1,
                        minor: UInt32 = 0, hasType: Bool = true, compression: Int? = nil) -> String {
        var m = Xmtp_MessageContents_EncodedContent()
        if hasType {
            var t = Xmtp_MessageContents_ContentTypeId()
            t.authorityID = authority
            t.typeID = type
            t.versionMajor = major
            t.versionMinor = minor
            m.type = t
        }
        if let compression { m.compression = Xmtp_MessageContents_Compression(rawValue: compression) ?? .deflate }
        m.content = Data(content)
        return Hex.encode(try! m.serializedData())
    }

    static func json(_ expiresAt: String) -> [UInt8] { Array("{\"expiresAt\":\"\(expiresAt)\"}".utf8) }

    // MARK: explode_codec

    static func codecFile() throws -> VectorFile {
        guard try ExplodeSettingsCodec.contentJSON(ExplodeSettings(expiresAt: 1_748_781_000)) == Array("{\"expiresAt\":\"2025-06-01T12:30:00Z\"}".utf8),
              try ExplodeSettingsCodec.fallback(ExplodeSettings(expiresAt: 1_748_781_000)) == "Conversation expires at 2025-06-01 12:30:00 +0000" else {
            throw GeneratorError("the reference does not write the documented ExplodeSettings example")
        }
        func e(_ comment: String, _ flags: [String], millis: Int64, code: String? = nil) -> DeclaredCase {
            DeclaredCase(comment: comment, flags: flags, input: ["expiresAtUnixMillis": .integer(millis)], code: code)
        }
        let encode = [
            e("2025-06-01T12:30:00Z", ["KnownAnswer"], millis: 1_748_781_000_000),
            e("2025-06-01T12:30:00.999Z: the milliseconds are dropped", ["SubSecondDropped"], millis: 1_748_781_000_999),
            e("the Unix epoch", ["Epoch"], millis: 0),
            e("one millisecond before the epoch", ["Pre1970", "SubSecondDropped"], millis: -1),
            e("1969-07-20T20:17:40Z", ["Pre1970"], millis: seconds("1969-07-20T20:17:40Z") * 1000),
            e("0000-01-01T00:00:00Z, the earliest RFC 3339 time", ["Pre1970"], millis: RFC3339.earliest * 1000),
            e("2024-02-29T12:00:00Z", ["LeapDay"], millis: seconds("2024-02-29T12:00:00Z") * 1000),
            e("2000-02-29T00:00:00Z (century leap year)", ["LeapDay"], millis: seconds("2000-02-29T00:00:00Z") * 1000),
            e("2024-12-31T23:59:59Z", ["EndOfYear"], millis: seconds("2024-12-31T23:59:59Z") * 1000),
            e("9999-12-31T23:59:59Z", ["FarFuture"], millis: RFC3339.latest * 1000),
            e("10000-01-01T00:00:00Z cannot be written", ["FarFuture"], millis: (RFC3339.latest + 1) * 1000, code: "DATE_OUT_OF_RANGE"),
        ]
        let sample = try ExplodeSettingsCodec.encodedBytes(ExplodeSettings(expiresAt: 1_748_781_000))
        let wrap = [DeclaredCase(comment: "the KnownAnswer message in PlaintextEnvelope.V1", flags: ["PlaintextEnvelope"],
                                 input: ["encodedContentHex": .string(Hex.encode(sample)), "idempotencyKey": "6d1c3f0e-explode-1"])]
        func d(_ comment: String, _ flags: [String], _ hex: String, code: String? = nil, also: [JSONValue] = []) -> DeclaredCase {
            DeclaredCase(comment: comment, flags: flags, input: ["encodedContentHex": .string(hex)], code: code, alsoAccepted: also)
        }
        let refuse: [JSONValue] = [["error": "INVALID_JSON"]]
        let content = json("2025-06-01T12:30:00Z")
        let bomb = Zlib.deflate([UInt8](repeating: 0x20, count: 1 << 20), format: .raw)
        let decode = [
            d("what the iOS app writes", ["KnownAnswer"], Hex.encode(sample)),
            d("milliseconds, as the CLI, web and Android write", ["Milliseconds"], encoded(json("2025-06-01T12:30:00.000Z"))),
            d("milliseconds .999 are dropped", ["Milliseconds", "SubSecondDropped"], encoded(json("2025-06-01T12:30:00.999Z"))),
            d("a numeric offset +02:00", ["NumericOffset"], encoded(json("2025-06-01T14:30:00+02:00")), also: refuse),
            d("a numeric offset -05:30", ["NumericOffset"], encoded(json("2025-06-01T07:00:00-05:30")), also: refuse),
            d("six fraction digits", ["ExtraFraction"], encoded(json("2025-06-01T12:30:00.123456Z")), also: refuse),
            d("an unknown key is ignored", ["UnknownKey"], encoded(Array("{\"expiresAt\":\"2025-06-01T12:30:00Z\",\"reason\":\"done\"}".utf8))),
            d("a pre-1970 date", ["Pre1970"], encoded(json("1969-07-20T20:17:40Z"))),
            d("a leap day", ["LeapDay"], encoded(json("2024-02-29T23:59:59Z"))),
            d("a newer minor version, 1.7", ["ContentType"], encoded(content, minor: 7)),
            d("DEFLATE without a header", ["Compression"], encoded(Zlib.deflate(content, format: .raw), compression: 0)),
            d("DEFLATE with a zlib header", ["Compression"], encoded(Zlib.deflate(content, format: .zlib), compression: 0)),
            d("GZIP", ["Compression"], encoded(Zlib.deflate(content, format: .gzip), compression: 1)),
            d("empty content", ["EmptyContent"], encoded([]), code: "EMPTY_CONTENT"),
            d("not JSON", ["BadJSON"], encoded(Array("expiresAt=2025".utf8)), code: "INVALID_JSON"),
            d("a JSON array", ["BadJSON"], encoded(Array("[\"2025-06-01T12:30:00Z\"]".utf8)), code: "INVALID_JSON"),
            d("expiresAt missing", ["BadJSON"], encoded(Array("{\"expires\":\"2025-06-01T12:30:00Z\"}".utf8)), code: "INVALID_JSON"),
            d("expiresAt as Unix seconds", ["BadDate"], encoded(Array("{\"expiresAt\":1748781000}".utf8)), code: "INVALID_JSON"),
            d("no time zone", ["BadDate"], encoded(json("2025-06-01T12:30:00")), code: "INVALID_JSON"),
            d("lower-case t and z", ["BadDate"], encoded(json("2025-06-01t12:30:00z")), code: "INVALID_JSON"),
            d("30 February", ["BadDate"], encoded(json("2025-02-30T12:00:00Z")), code: "INVALID_JSON"),
            d("29 February 2100 (not a leap year)", ["BadDate", "LeapDay"], encoded(json("2100-02-29T12:00:00Z")), code: "INVALID_JSON"),
            d("a leap second", ["BadDate"], encoded(json("2016-12-31T23:59:60Z")), code: "INVALID_JSON"),
            d("a leading space", ["BadDate"], encoded(json(" 2025-06-01T12:30:00Z")), code: "INVALID_JSON"),
            d("a date without a time", ["BadDate"], encoded(json("2025-06-01")), code: "INVALID_JSON"),
            d("authority xmtp.org", ["ContentType"], encoded(content, authority: "xmtp.org"), code: "WRONG_CONTENT_TYPE"),
            d("type explode", ["ContentType"], encoded(content, type: "explode"), code: "WRONG_CONTENT_TYPE"),
            d("no content type", ["ContentType"], encoded(content, hasType: false), code: "WRONG_CONTENT_TYPE"),
            d("major version 2", ["ContentType"], encoded(content, major: 2), code: "UNSUPPORTED_VERSION"),
            d("major version 0", ["ContentType"], encoded(content, major: 0), code: "UNSUPPORTED_VERSION"),
            d("DEFLATE declared, content not compressed", ["BadCompression"], encoded(content, compression: 0), code: "BAD_COMPRESSION"),
            d("GZIP cut short", ["BadCompression"], encoded(Array(Zlib.deflate(content, format: .gzip).dropLast(6)), compression: 1), code: "BAD_COMPRESSION"),
            d("GZIP with a wrong checksum", ["BadCompression"], encoded({ var g = Zlib.deflate(content, format: .gzip); g[g.count - 5] ^= 1; return g }(), compression: 1),
              code: "BAD_COMPRESSION"),
            d("an unknown compression method 7", ["BadCompression"], encoded(content, compression: 7), code: "BAD_COMPRESSION"),
            d("1 MiB inflated from 1 KB of DEFLATE", ["DecompressionBomb"], encoded(bomb, compression: 0), code: "CONTENT_TOO_LARGE"),
            d("not a protobuf", ["MalformedProtobuf"], "ffffffff", code: "MALFORMED_PROTOBUF"),
            d("a truncated protobuf", ["MalformedProtobuf"], String(Hex.encode(sample).dropLast(10)), code: "MALFORMED_PROTOBUF"),
        ]
        return try file("explode_codec",
                        ["The convos.org/explode_settings 1.0 content type as XMTP EncodedContent protobuf (Protos/xmtp/message_contents/content.proto).",
                         "Encoding is the iOS app's: content {\"expiresAt\":\"<RFC 3339, whole seconds, Z>\"}, its fallback text, no parameters, no compression, shouldPush true."],
                        [("ExplodeEncodeTest", "explode.encode", "An instant (Unix milliseconds) -> the EncodedContent bytes the iOS app sends. tcIds 1-100.", 1, encode),
                         ("PlaintextEnvelopeTest", "explode.wrap", "EncodedContent bytes in the MLS PlaintextEnvelope.V1 wrapper. tcIds 101-200.", 101, wrap),
                         ("ExplodeDecodeTest", "explode.decode", "EncodedContent bytes -> expiresAt, or a typed error. tcIds 201-400.", 201, decode)])
    }

    // MARK: explode_metadata

    static func metadataFile() throws -> VectorFile {
        func inbox(_ n: Int) -> JSONValue { .string(Hex.encode(SHA256.hash([UInt8(n)]))) }
        let small: JSONValue = ["tag": "a1b2c3", "expiresAtUnix": 1_748_781_000]
        let profiles: JSONValue = .array((0..<6).map { ["inboxIdHex": inbox($0), "name": .string("Member number \($0) of the group")] })
        let large = small.setting("profiles", to: profiles).setting("emoji", to: "🎉")
        let oversize: JSONValue = ["tag": "big", "profiles": .array((0..<40).map { n -> JSONValue in
            var chain = SHA256.hash([UInt8(n)]), name = ""
            for _ in 0..<7 { name += Base64.encode(chain); chain = SHA256.hash(chain) }
            return ["inboxIdHex": inbox(n), "name": .string(name)]
        })]
        func enc(_ comment: String, _ flags: [String], _ input: JSONValue, code: String? = nil) -> DeclaredCase {
            DeclaredCase(comment: comment, flags: flags, input: input, code: code)
        }
        let encode = [
            enc("a small value is not compressed", ["AppDataCompression"], small),
            enc("a value over 100 bytes is compressed", ["AppDataCompression"], large),
            enc("expiresAtUnix before 1970", ["AppDataCompression", "Pre1970"], ["tag": "t", "expiresAtUnix": -14_182_940]),
            enc("no expiresAtUnix", ["AppDataCompression"], ["tag": "t"]),
            enc("over 8 KB once encoded", ["AppDataLimit"], oversize, code: "APP_DATA_TOO_LARGE"),
        ]
        var m = Convos_ConversationCustomMetadata()
        m.tag = "a1b2c3"
        m.expiresAtUnix = 1_748_781_000
        for n in 0..<6 { var p = Convos_ConversationProfile(); p.inboxID = Data(SHA256.hash([UInt8(n)])); p.name = "Member number \(n) of the group"; m.profiles.append(p) }
        let raw = [UInt8](try! m.serializedData())
        func framed(_ declared: UInt32, _ body: [UInt8]) -> String {
            Base64.encode([0x1F] + withUnsafeBytes(of: declared.bigEndian) { Array($0) } + body, variant: .urlSafeNoPadding)
        }
        func dec(_ comment: String, _ flags: [String], _ appData: String, code: String? = nil) -> DeclaredCase {
            DeclaredCase(comment: comment, flags: flags, input: ["appData": .string(appData)], code: code)
        }
        let zeros = Zlib.deflate([UInt8](repeating: 0, count: 1 << 20), format: .raw)
        let decode = [
            dec("uncompressed", ["AppDataCompression"], try ConversationMetadataCodec.encode({ var s = Convos_ConversationCustomMetadata(); s.tag = "a1b2c3"; s.expiresAtUnix = 1_748_781_000; return s }())),
            dec("compressed, raw DEFLATE", ["AppDataCompression"], framed(UInt32(raw.count), Zlib.deflate(raw, format: .raw))),
            dec("compressed with a zlib header", ["AppDataZlibHeader"], framed(UInt32(raw.count), Zlib.deflate(raw, format: .zlib))),
            dec("declared size 10 MiB + 1", ["DecompressionBomb"], framed(10 * 1024 * 1024 + 1, Zlib.deflate(raw, format: .raw)), code: "DECOMPRESSION_BOMB"),
            dec("1 MiB declared from about 1 KB: ratio over 100", ["DecompressionBomb"], framed(1 << 20, zeros), code: "DECOMPRESSION_BOMB"),
            dec("declared size larger than the content", ["MalformedAppData"], framed(UInt32(raw.count + 1), Zlib.deflate(raw, format: .raw)), code: "MALFORMED_APP_DATA"),
            dec("declared size smaller than the content", ["MalformedAppData"], framed(UInt32(raw.count - 1), Zlib.deflate(raw, format: .raw)), code: "MALFORMED_APP_DATA"),
            dec("compression header cut short", ["MalformedAppData"], Base64.encode([0x1F, 0, 0], variant: .urlSafeNoPadding), code: "MALFORMED_APP_DATA"),
            dec("standard base64 with padding", ["MalformedAppData"], Base64.encode(raw), code: "MALFORMED_APP_DATA"),
            dec("not a protobuf", ["MalformedAppData", "MalformedProtobuf"], Base64.encode([0xFF, 0xFF, 0xFF], variant: .urlSafeNoPadding), code: "MALFORMED_APP_DATA"),
        ]
        return try file("explode_metadata",
                        ["ConversationCustomMetadata (Protos/convos/conversation_custom_metadata.proto) in the group's appData: the secondary copy of expiresAt (expiresAtUnix, whole seconds)."],
                        [("MetadataEncodeTest", "explode.metadataEncode", "Metadata -> appData. tcIds 1-100.", 1, encode),
                         ("MetadataDecodeTest", "explode.metadataDecode", "appData -> metadata, with the decompression guards. tcIds 101-300.", 101, decode)])
    }

    // MARK: explode_receiver

    static func receiverFile() throws -> VectorFile {
        let now: Int64 = 1_772_600_000
        func ev(_ event: String, _ extra: KeyValuePairs<String, JSONValue> = [:]) -> JSONValue {
            var v: JSONValue = ["event": .string(event)]
            for (k, x) in extra { v = v.setting(k, to: x) }
            return v
        }
        func explode(_ t: Int64, fromSelf: Bool = false) -> JSONValue { ev("explodeMessage", ["fromSelf": .bool(fromSelf), "expiresAt": .integer(t)]) }
        func trigger(_ at: Int64, _ kind: String = "appBecameActive") -> JSONValue { ev("trigger", ["trigger": .string(kind), "now": .integer(at)]) }
        func meta(_ t: Int64) -> JSONValue { ev("metadata", ["expiresAt": .integer(t)]) }
        func trace(_ comment: String, _ flags: [String], _ events: [JSONValue]) -> DeclaredCase {
            DeclaredCase(comment: comment, flags: ["ReceiverRules"] + flags, input: ["events": .array(events)])
        }
        let traces = [
            trace("explode now, then the app becomes active", [], [ev("message"), explode(now), trigger(now)]),
            trace("after the explosion: messages dropped, re-sync refused", ["AfterExplosion"], [explode(now), trigger(now), ev("message"), explode(now), ev("resync")]),
            trace("an explode sent by this inbox is ignored", ["FromSelf"], [explode(now, fromSelf: true), trigger(now), ev("resync")]),
            trace("a second explode is ignored", ["Idempotent"], [explode(now + 7200), explode(now), trigger(now)]),
            trace("a scheduled explosion waits, then happens", ["Scheduled"], [explode(now + 3600), trigger(now), trigger(now + 3599, "conversationExpired"), trigger(now + 3600, "conversationExpired")]),
            trace("the notification tap triggers it", [], [explode(now - 10), trigger(now, "explosionNotificationTapped")]),
            trace("sender's clock 30 s ahead: due at once", ["ClockSkew"], [explode(now + 30), trigger(now)]),
            trace("61 s ahead: scheduled", ["ClockSkew", "Scheduled"], [explode(now + 61), trigger(now), trigger(now + 1)]),
            trace("metadata alone stores expiresAt", ["MetadataDisagrees"], [meta(now - 5), trigger(now)]),
            trace("metadata earlier than the message wins", ["MetadataDisagrees"], [explode(now + 7200), meta(now), trigger(now)]),
            trace("metadata later than the message is ignored", ["MetadataDisagrees"], [explode(now), meta(now + 7200), trigger(now)]),
            trace("an expiresAt before 1970 explodes at the first trigger", ["Pre1970"], [explode(-14_182_940), trigger(now)]),
            trace("a trigger with nothing stored does nothing", [], [trigger(now), ev("message"), ev("resync")]),
        ]
        return try file("explode_receiver",
                        ["The receiver's rules for one conversation, as a trace of events and the outcome and state after each.",
                         "Events: explodeMessage (fromSelf, expiresAt), metadata (expiresAt), trigger (appBecameActive | conversationExpired | explosionNotificationTapped, now), message, resync."],
                        [("ReceiverTraceTest", "explode.receiverTrace", "Each trace starts with an active conversation. tcIds 1-200.", 1, traces)])
    }
}
