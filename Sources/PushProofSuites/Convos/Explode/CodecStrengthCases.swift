import ConvosExplode
import Foundation
import PushProofConformance
import PushProofCrypto
import PushProofJSON

/// explode_codec: the order of the content-type checks when two fail at once, the versions at their
/// integer edges, the text around and inside expiresAt, and the inflate buffer's bound at several
/// sizes (explode.decode).
extension ExplodeCodecVectors {
    /// The content JSON with expiresAt written by a JSON writer, so control characters are escaped.
    static func escapedJSON(_ text: String) -> [UInt8] { JSONWriter.compactBytes(["expiresAt": .string(text)]) }

    /// Texts around and inside the timestamp: anchoring, whitespace, letter case, digits that are
    /// not ASCII. Each with its label (the comment names characters rather than writing them).
    static let textEdges: [(text: String, label: String)] = {
        let t = "2025-06-01T12:30:00Z"
        var out: [(String, String)] = []
        let trailing: [(String, String)] = [
            ("\n", "a newline"), ("\r\n", "CR LF"), ("\r", "a CR"), (" ", "a space"), ("\t", "a tab"),
            ("\u{A0}", "U+00A0"), ("\u{1C}", "U+001C"), ("\u{1D}", "U+001D"), ("\u{1E}", "U+001E"),
            ("\u{1F}", "U+001F"), ("\u{0}", "U+0000"), ("\u{2028}", "U+2028"), ("\u{FEFF}", "U+FEFF"),
        ]
        for (c, name) in trailing { out.append((t + c, "\(t) followed by \(name)")) }
        let leading: [(String, String)] = [
            ("\n", "a newline"), ("\t", "a tab"), ("\u{A0}", "U+00A0"), ("\u{1F}", "U+001F"), ("\u{FEFF}", "U+FEFF"),
        ]
        for (c, name) in leading { out.append((c + t, "\(t) after \(name)")) }
        out += [
            ("2025-06-01T14:30:00+02:00\n", "an offset +02:00 followed by a newline"),
            ("2025-06-01T12:30:00.000Z\n", "milliseconds followed by a newline"),
            ("2025-06-01T12:30:00 Z", "a space before the Z"), ("2025-06-01T 12:30:00Z", "a space after the T"),
            ("2025-06-01\t12:30:00Z", "a tab for the T"),
            ("2025-06-01t12:30:00Z", "a lower-case t with an upper-case Z"),
            ("2025-06-01t14:30:00+02:00", "a lower-case t with an offset"),
            ("2025-06-01T12:30:00utc", "the zone written utc"), ("2025-06-01T12:30:00gmt", "the zone written gmt"),
            ("٢٠٢٥-06-01T12:30:00Z", "the year in Arabic-Indic digits"),
            ("۲۰۲۵-06-01T12:30:00Z", "the year in Extended Arabic-Indic digits"),
            ("２０２５-06-01T12:30:00Z", "the year in fullwidth digits"),
            ("2025-06-01T12:30:٠٠Z", "the seconds in Arabic-Indic digits"),
            ("2025-06-0१T12:30:00Z", "the day's last digit in Devanagari"),
            ("2025-06-01T12:30:00.٠٠٠Z", "the fraction in Arabic-Indic digits"),
            ("2025-06-01T14:30:00+０２:00", "the offset in fullwidth digits"),
        ]
        return out
    }()

    static func decodeStrengthCases() throws -> [VectorCase] {
        var cases: [VectorCase] = []
        // Two content-type checks failing at once. On iOS each such message is dropped alike (the
        // ContentTypeId compared whole); the codes and their order are PushProof's (docs/explode.md):
        // authority and type, then the versions, then unknown fields, then compression and content.
        let order = "\(typeMatch); docs/explode.md (checks and errors, in order)"
        let pairs: [(String, (authority: String, type: String, major: UInt32, minor: UInt32, unknown: Bool), String)] =
            [
                ("authority xmtp.org and type text", ("xmtp.org", "text", 1, 0, false), "WRONG_CONTENT_TYPE"),
                (
                    "authority xmtp.org at major version 2", ("xmtp.org", "explode_settings", 2, 0, false),
                    "WRONG_CONTENT_TYPE"
                ),
                (
                    "authority xmtp.org at minor version 1", ("xmtp.org", "explode_settings", 1, 1, false),
                    "WRONG_CONTENT_TYPE"
                ),
                ("type text at major version 2", ("convos.org", "text", 2, 0, false), "WRONG_CONTENT_TYPE"),
                ("type text at minor version 1", ("convos.org", "text", 1, 1, false), "WRONG_CONTENT_TYPE"),
                ("xmtp.org/text at version 2.0", ("xmtp.org", "text", 2, 0, false), "WRONG_CONTENT_TYPE"),
                ("authority and type empty, at version 0.0", ("", "", 0, 0, false), "WRONG_CONTENT_TYPE"),
                (
                    "major version 2 and minor version 1", ("convos.org", "explode_settings", 2, 1, false),
                    "UNSUPPORTED_VERSION"
                ),
                (
                    "major version 0 and minor version 1", ("convos.org", "explode_settings", 0, 1, false),
                    "UNSUPPORTED_VERSION"
                ),
                (
                    "an unknown field at major version 2", ("convos.org", "explode_settings", 2, 0, true),
                    "UNSUPPORTED_VERSION"
                ),
                (
                    "an unknown field at minor version 1", ("convos.org", "explode_settings", 1, 1, true),
                    "UNSUPPORTED_VERSION"
                ),
                (
                    "an unknown field and authority xmtp.org", ("xmtp.org", "explode_settings", 1, 0, true),
                    "WRONG_CONTENT_TYPE"
                ),
                ("an unknown field and type text", ("convos.org", "text", 1, 0, true), "WRONG_CONTENT_TYPE"),
            ]
        for (what, t, code) in pairs {
            cases.append(
                decodeCase(
                    "\(what): \(code)", ["ContentTypeCheckOrder", "ContentType"], order,
                    ExplodeFixtures.encoded(
                        content, authority: t.authority, type: t.type, major: t.major, minor: t.minor,
                        typeUnknownField: t.unknown), code: code))
        }
        let garbage = Array("not deflate".utf8)
        cases += [
            decodeCase(
                "type text over content that does not inflate: WRONG_CONTENT_TYPE", ["ContentTypeCheckOrder"],
                "\(order); \(inflate)", ExplodeFixtures.encoded(garbage, type: "text", compression: 0),
                code: "WRONG_CONTENT_TYPE"),
            decodeCase(
                "an unknown ContentTypeId field over content that does not inflate: WRONG_CONTENT_TYPE",
                ["ContentTypeCheckOrder"], "\(order); \(inflate)",
                ExplodeFixtures.encoded(garbage, typeUnknownField: true, compression: 0), code: "WRONG_CONTENT_TYPE"),
            decodeCase(
                "major version 2 over GZIP content: UNSUPPORTED_VERSION", ["ContentTypeCheckOrder"],
                "\(order); \(inflate)",
                ExplodeFixtures.encoded(Zlib.deflate(content, format: .gzip), major: 2, compression: 1),
                code: "UNSUPPORTED_VERSION"),
            decodeCase(
                "minor version 1 over empty content: UNSUPPORTED_VERSION", ["ContentTypeCheckOrder"],
                "\(order); \(codec):45-47", ExplodeFixtures.encoded([], minor: 1), code: "UNSUPPORTED_VERSION"),
            decodeCase(
                "authority xmtp.org over content that is not JSON: WRONG_CONTENT_TYPE", ["ContentTypeCheckOrder"],
                "\(order); \(codec):49-56", ExplodeFixtures.encoded(Array("not json".utf8), authority: "xmtp.org"),
                code: "WRONG_CONTENT_TYPE"),
            decodeCase(
                "DEFLATE declared over empty content with a foreign type: WRONG_CONTENT_TYPE",
                ["ContentTypeCheckOrder"],
                "\(order); \(inflate)", ExplodeFixtures.encoded([], type: "text", compression: 0),
                code: "WRONG_CONTENT_TYPE"),
            decodeCase(
                "an unknown compression method 7 over empty content: iOS passes the content through and drops it as "
                    + "empty (PushProof refuses the method: hardened tcId 470)",
                ["ContentTypeCheckOrder", "UnknownCompressionIgnored"],
                "\(contentProto):28-44; \(inflate); \(contentCodec):72-73; \(codec):45-47",
                ExplodeFixtures.encoded([], compression: 7), code: "EMPTY_CONTENT"),
            rawFrom(
                "authority xmtp.org with a fallback that is not UTF-8: the protobuf is refused first",
                ["ContentTypeCheckOrder", "MalformedProtobuf"], wire,
                ld(1, ld(1, Array("xmtp.org".utf8)) + ld(2, Array("explode_settings".utf8)) + key(3, 0) + [1])
                    + ld(3, [0xC3, 0x28]) + ld(4, content), code: "MALFORMED_PROTOBUF"),
        ]
        // The versions are uint32: a longer varint keeps its low 32 bits.
        let uint32 =
            "\(wire); apple/swift-protobuf@1.39.0:Sources/SwiftProtobuf/BinaryDecoder.swift (decodeSingularUInt32Field)"
        func versions(_ major: [UInt8], _ minor: [UInt8]) -> [UInt8] {
            ld(
                1,
                ld(1, Array("convos.org".utf8)) + ld(2, Array("explode_settings".utf8)) + key(3, 0) + major + key(4, 0)
                    + minor)
                + ld(4, content)
        }
        cases += [
            rawFrom(
                "the minor version written as the varint 2^32: its low 32 bits are 0, version 1.0",
                ["ProtobufWire", "VersionWidth"], uint32, versions([1], varint(1 << 32))),
            rawFrom(
                "the major version written as the varint 2^33 + 1: its low 32 bits are 1",
                ["ProtobufWire", "VersionWidth"],
                uint32, versions(varint(1 << 33 + 1), [0])),
            rawFrom(
                "the major version written as the varint 2^32: its low 32 bits are 0",
                ["ProtobufWire", "VersionWidth"],
                uint32, versions(varint(1 << 32), [0]), code: "UNSUPPORTED_VERSION"),
            rawFrom(
                "the major version written as the varint 2^64 - 1: its low 32 bits are 4294967295",
                ["ProtobufWire", "VersionWidth"], uint32, versions(varint(UInt64.max), [0]),
                code: "UNSUPPORTED_VERSION"),
            rawFrom(
                "the minor version written as the varint 2^32 + 1: its low 32 bits are 1",
                ["ProtobufWire", "VersionWidth"],
                uint32, versions([1], varint(1 << 32 + 1)), code: "UNSUPPORTED_VERSION"),
        ]
        // The text of expiresAt: iOS's parser decides (it ignores what follows the zone); the
        // reference reads RFC 3339 exactly, and where iOS reads more its reading is the alternative.
        for edge in textEdges {
            cases.append(try dated(edge.text, comment: edge.label, json: escapedJSON(edge.text), flag: "DateTextEdges"))
        }
        // The inflate buffer: four times the compressed size, the rest cut off.
        let cut = "\(inflate); \(codec):49-56"
        for spaces in [300, 3_000, 30_000, 300_000, 3_000_000] {
            let body = ExplodeFixtures.capBody(spaces: spaces, brace: false, tail: "x")
            cases.append(
                decodeCase(
                    "JSON then \(spaces) spaces and an x, from \(body.packed.count) bytes of DEFLATE: iOS keeps the first "
                        + "\(4 * body.packed.count) bytes, JSON with trailing spaces; the whole body is not JSON",
                    ["InflateBufferCut"], cut, ExplodeFixtures.encoded(body.packed, compression: 0)))
        }
        let exact = ExplodeFixtures.braceAt(offset: 0)
        let past = ExplodeFixtures.braceAt(offset: 1)
        cases += [
            decodeCase(
                "JSON whose closing brace is the last byte of four times the compressed size, an x right after: "
                    + "iOS's cut keeps exactly the JSON", ["InflateBufferCut"], cut,
                ExplodeFixtures.encoded(exact, compression: 0)),
            decodeCase(
                "JSON whose closing brace is one byte past four times the compressed size, an x right after: the cut "
                    + "loses the brace and the whole body is not JSON either", ["InflateBufferCut"], cut,
                ExplodeFixtures.encoded(past, compression: 0), code: "INVALID_JSON"),
        ]
        for spaces in [300, 30_000, 3_000_000] {
            let body = ExplodeFixtures.capBody(spaces: spaces, brace: true, tail: "")
            cases.append(
                decodeCase(
                    "JSON padded with \(spaces) spaces before its closing brace, from \(body.packed.count) bytes of "
                        + "DEFLATE: iOS's cut loses the brace and drops the message",
                    ["InflateBufferCut"], cut, ExplodeFixtures.encoded(body.packed, compression: 0),
                    code: "INVALID_JSON"))
        }
        // Where iOS's reading of a text RFC 3339 allows turns: the offsets Foundation's TimeZone
        // holds (±18:00) and the first past them, and the Julian cut-over reached through an offset
        // (the calendar is chosen by the date as written, or by the instant).
        for (text, comment) in [
            ("2025-06-01T12:30:00+18:00", "offset +18:00, the largest iOS holds"),
            ("2025-06-01T12:30:00-18:00", "offset -18:00, the smallest iOS holds"),
            ("2025-06-01T12:30:00+18:01", "offset +18:01, one minute past what iOS holds"),
            ("2025-06-01T12:30:00-18:01", "offset -18:01, one minute past what iOS holds"),
            ("2025-06-01T12:30:00+19:00", "offset +19:00"),
            ("2025-06-01T12:30:00+14:00", "offset +14:00 (Kiribati's)"),
            ("1582-10-15T00:30:00+01:00", "the first Gregorian day as written, an instant before it in UTC"),
            ("1582-10-14T23:30:00-01:00", "the last Julian day as written, an instant after it in UTC"),
            ("1582-10-15T00:00:00Z", "the first Gregorian day"),
            ("1582-10-04T23:59:59Z", "the last day of the Julian calendar's own count"),
            ("1582-10-10T00:00:00Z", "a day the cut-over skipped"),
        ] {
            cases.append(try dated(text, comment))
        }
        return cases
    }

    /// PushProof's advice on the same inputs: nothing around the timestamp, and inflation bounded.
    static func hardenedStrengthCases() -> [VectorCase] {
        let oneSpelling =
            "Why: one spelling per instant (RFC 3339); a reader that trims, folds case or reads other digits lets "
            + "two members disagree on whether the conversation explodes"
        var cases = textEdges.map { edge in
            decodeCase(
                "\(edge.label): INVALID_JSON. \(oneSpelling)", ["StrictRFC3339", "DateTextEdges"], nil,
                ExplodeFixtures.encoded(escapedJSON(edge.text)), code: "INVALID_JSON")
        }
        let bound =
            "Why: inflation stops at four times the compressed size, as on iOS; a reader without that bound inflates "
            + "any ratio (a decompression bomb) and reads bodies the app drops"
        for spaces in [300, 30_000, 3_000_000] {
            let body = ExplodeFixtures.capBody(spaces: spaces, brace: true, tail: "")
            cases.append(
                decodeCase(
                    "JSON padded with \(spaces) spaces before its closing brace, from \(body.packed.count) bytes of "
                        + "DEFLATE: INVALID_JSON. \(bound)", ["InflateCapEnforced"], nil,
                    ExplodeFixtures.encoded(body.packed, compression: 0), code: "INVALID_JSON"))
        }
        return cases + hardenedUpstreamLeniencyCases()
    }
}

extension ExplodeFixtures {
    /// Raw DEFLATE of `{"expiresAt":"2025-06-01T12:30:00Z"` and `}` with `spaces` spaces before the
    /// brace (`brace`) or after it, then `tail`; checked to put the cut (four times the compressed
    /// size) inside the spaces.
    static func capBody(spaces: Int, brace: Bool, tail: String) -> (json: [UInt8], packed: [UInt8]) {
        let open = Array("{\"expiresAt\":\"2025-06-01T12:30:00Z\"".utf8)
        let pad = [UInt8](repeating: 0x20, count: spaces)
        let body = (brace ? open + pad + [0x7D] : open + [0x7D] + pad) + Array(tail.utf8)
        let packed = Zlib.deflate(body, format: .raw)
        let cut = packed.count * 4
        precondition(cut > open.count + 1 && cut < body.count - 1, "the cut must fall inside the spaces")
        return (body, packed)
    }

    /// Raw DEFLATE of a content JSON padded with spaces before its brace, followed by `x`, whose
    /// brace ends `offset` bytes past four times the compressed size.
    static func braceAt(offset: Int) -> [UInt8] {
        let open = Array("{\"expiresAt\":\"2025-06-01T12:30:00Z\"".utf8)
        for pad in 0..<2000 {
            let json = open + [UInt8](repeating: 0x20, count: pad) + [0x7D]
            let packed = Zlib.deflate(json + Array("x".utf8), format: .raw)
            if json.count == packed.count * 4 + offset { return packed }
        }
        preconditionFailure("no padding puts the brace \(offset) bytes past four times the compressed size")
    }
}
