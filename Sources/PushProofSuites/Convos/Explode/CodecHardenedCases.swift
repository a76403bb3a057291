import ConvosExplode
import Foundation
import PushProofConformance
import PushProofCrypto
import PushProofJSON

/// explode_codec: PushProof's advice: RFC 3339 read strictly, and DEFLATE bodies that end exactly (explode.decode, hardened).
extension ExplodeCodecVectors {
    // PushProof's advice: RFC 3339 read strictly, on the proleptic Gregorian calendar.
    static let notADate =
        "Why: a date that does not exist is a corrupt or forged value; rolling it over silently turns it into "
        + "another instant"
    static let oneSpelling =
        "Why: one spelling per instant (RFC 3339); a decoder that reads more than the grammar lets two members "
        + "disagree on whether the conversation explodes"

    static func strict(_ text: String, _ comment: String, _ why: String) -> VectorCase {
        let json = ExplodeFixtures.json(text)
        return decodeCase(
            "\(text): \(comment). \(why)", ["StrictRFC3339"], nil, ExplodeFixtures.encoded(json),
            code: RFC3339.parse(text) == nil ? "INVALID_JSON" : nil)
    }

    static func hardenedCases() -> [VectorCase] {
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
            decodeCase(
                "expiresAt twice: INVALID_JSON. \(oneSpelling)", ["StrictRFC3339"], nil,
                ExplodeFixtures.encoded(
                    Array("{\"expiresAt\":\"2025-06-01T12:30:00Z\",\"expiresAt\":\"2026-06-01T12:30:00Z\"}".utf8)),
                code: "INVALID_JSON"))
        hardened.append(
            decodeCase(
                "an unknown compression method 7: BAD_COMPRESSION. Why: content whose declared compression is "
                    + "unknown cannot be known to be plain", ["BadCompression"], nil,
                ExplodeFixtures.encoded(content, compression: 7), code: "BAD_COMPRESSION"))
        hardened.append(
            decodeCase(
                "DEFLATE with a zlib header: BAD_COMPRESSION. Why: DEFLATE in EncodedContent is raw DEFLATE, as iOS "
                    + "writes and reads it; a second framing is a second spelling", ["BadCompression"], nil,
                ExplodeFixtures.encoded(Zlib.deflate(content, format: .zlib), compression: 0), code: "BAD_COMPRESSION"))
        hardened.append(
            decodeCase(
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
            decodeCase(
                "a raw DEFLATE stream with a byte after its end: BAD_COMPRESSION. \(exact)", ["BadCompression"], nil,
                ExplodeFixtures.encoded(Zlib.deflate(content, format: .raw) + [0], compression: 0),
                code: "BAD_COMPRESSION"))
        hardened.append(
            decodeCase(
                "a raw DEFLATE stream cut before its end: BAD_COMPRESSION. \(exact)", ["BadCompression"], nil,
                ExplodeFixtures.encoded(Array(Zlib.deflate(content, format: .raw).dropLast(2)), compression: 0),
                code: "BAD_COMPRESSION"))
        return hardened
    }

    /// Inputs whose deployed tests expect what iOS reads, and which no test above refuses: the
    /// stricter reading of each (tcIds 467-470).
    static func hardenedUpstreamLeniencyCases() -> [VectorCase] {
        [
            strict("2025-06-01T12:30:00z", "a lower-case z alone: INVALID_JSON", oneSpelling),
            strict("2025-06-01T12:30:00GMT", "the zone written GMT: INVALID_JSON", oneSpelling),
            strict("2025-06-01T25:00:00Z", "hour 25: INVALID_JSON", notADate),
            decodeCase(
                "an unknown compression method 7 over empty content: BAD_COMPRESSION. Why: content whose declared "
                    + "compression is unknown cannot be known to be plain, and the method is checked before the "
                    + "content", ["BadCompression", "ContentTypeCheckOrder"], nil,
                ExplodeFixtures.encoded([], compression: 7), code: "BAD_COMPRESSION"),
        ]
    }
}
