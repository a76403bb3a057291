import ConvosExplode
import Foundation
import PushProofConformance
import PushProofCrypto
import PushProofJSON

/// Inputs shared by the ExplodeSettings vector files.
enum ExplodeFixtures {
    static func seconds(_ text: String) -> Int64 { RFC3339.parse(text)!.unixSeconds }

    /// An EncodedContent with the given parts (for decode cases).
    static func encoded(
        _ content: [UInt8], authority: String = "convos.org", type: String = "explode_settings", major: UInt32 = 1,
        minor: UInt32 = 0, hasType: Bool = true, typeUnknownField: Bool = false, compression: Int? = nil
    ) -> String {
        var m = Xmtp_MessageContents_EncodedContent()
        if hasType {
            var t = Xmtp_MessageContents_ContentTypeId()
            t.authorityID = authority
            t.typeID = type
            t.versionMajor = major
            t.versionMinor = minor
            // Field 5 (varint 1), which ContentTypeId does not declare: kept as an unknown field.
            if typeUnknownField { try! t.merge(serializedBytes: [0x28, 0x01]) }
            m.type = t
        }
        if let compression { m.compression = Xmtp_MessageContents_Compression(rawValue: compression) ?? .deflate }
        m.content = Data(content)
        return Hex.encode(try! m.serializedData())
    }

    static func json(_ expiresAt: String) -> [UInt8] { Array("{\"expiresAt\":\"\(expiresAt)\"}".utf8) }

    /// Instants where calendar arithmetic turns: each month's last second in a common year, the
    /// leap days and the days after them (4-, 100- and 400-year rules), the ends of the 400-year
    /// cycles the day-count algorithms count in, and the first and last years RFC 3339 writes.
    static let calendarBoundaries: [String] = {
        var out: [String] = []
        let ends = ["01-31", "02-28", "03-31", "04-30", "05-31", "06-30", "07-31", "08-31", "09-30", "10-31", "11-30"]
        out += ends.map { "2025-\($0)T23:59:59Z" }
        out += [
            "2025-03-01T00:00:00Z", "1970-12-31T23:59:59Z", "1971-01-01T00:00:00Z", "1972-02-29T12:00:00Z",
            "1972-03-01T00:00:00Z", "1972-12-31T23:59:59Z", "1973-01-01T00:00:00Z", "1900-02-28T23:59:59Z",
            "1900-03-01T00:00:00Z", "1900-01-01T00:00:00Z", "2000-03-01T00:00:00Z", "2000-12-31T23:59:59Z",
            "2001-01-01T00:00:00Z", "2099-12-31T23:59:59Z", "2100-02-28T23:59:59Z", "2100-03-01T00:00:00Z",
            "2399-12-31T23:59:59Z", "2400-02-29T00:00:00Z", "2400-03-01T00:00:00Z", "1600-02-29T00:00:00Z",
            "1600-03-01T00:00:00Z", "1599-12-31T23:59:59Z", "1582-10-15T00:00:00Z", "1582-10-14T23:59:59Z",
            "1200-02-29T00:00:00Z", "0400-03-01T00:00:00Z", "0001-01-01T00:00:00Z", "0000-02-29T00:00:00Z",
            "0000-12-31T23:59:59Z", "9999-02-28T00:00:00Z", "9600-02-29T00:00:00Z",
        ]
        return out
    }()

    /// Each field just past its limit (and a few just inside), with what it tests.
    static let pastTheLimit: [(String, String)] = [
        ("2025-01-32T00:00:00Z", "day 32"), ("2025-02-29T00:00:00Z", "29 February in a common year"),
        ("2025-04-31T00:00:00Z", "31 April"), ("2025-09-31T00:00:00Z", "31 September"),
        ("2025-11-31T00:00:00Z", "31 November"), ("2025-12-32T00:00:00Z", "day 32 of December"),
        ("1900-02-29T00:00:00Z", "29 February 1900 (a century, not a leap year)"),
        ("2025-00-10T00:00:00Z", "month 0"), ("2025-13-01T00:00:00Z", "month 13"),
        ("2025-06-00T00:00:00Z", "day 0"), ("2025-06-01T23:59:59Z", "the last second of a day"),
        ("2025-06-01T25:00:00Z", "hour 25"), ("2025-06-01T12:60:00Z", "minute 60"),
        ("2025-06-01T12:30:00+23:59Z", "characters after an offset"), ("2025-06-01T12:30:00+23:59", "offset +23:59"),
        ("2025-06-01T12:30:00-23:59", "offset -23:59"), ("2025-06-01T12:30:00+00:00", "offset +00:00"),
        ("2025-06-01T12:30:00-00:00", "offset -00:00"), ("2025-06-01T12:30:00+24:00", "offset +24:00"),
        ("2025-06-01T12:30:00+05:60", "offset minutes 60"), ("2025-06-01T12:30:00+0530", "an offset without a colon"),
        ("2025-06-01T12:30:00.1Z", "one fraction digit"), ("2025-06-01T12:30:00.123456789Z", "nine fraction digits"),
        ("2025-06-01T12:30:00.Z", "a point without digits"), ("2025-06-01T12:30Z", "no seconds"),
        ("20250601T123000Z", "the basic format, without separators"), ("2025-06-01 12:30:00Z", "a space for the T"),
    ]

    /// Raw DEFLATE of a content JSON padded with spaces so that it inflates to exactly four times
    /// the compressed size: the SDK's buffer holds it whole, with no byte to spare.
    /// Raw DEFLATE of a content JSON whose padding repeats 20,000 pseudo-random characters: the
    /// second copy is a back-reference 20,000 bytes away, past a 16 KiB window and inside DEFLATE's
    /// 32 KiB one; the JSON (40 KB) stays within four times the compressed size.
    static let farBackReference: [UInt8] = {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789".utf8)
        var state: UInt64 = 0x5eed
        let run = (0..<20_000).map { _ -> UInt8 in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return alphabet[Int(state >> 33) % alphabet.count]
        }
        let json = Array("{\"expiresAt\":\"2025-06-01T12:30:00Z\",\"pad\":\"".utf8) + run + run + Array("\"}".utf8)
        let packed = Zlib.deflate(json, format: .raw)
        precondition(json.count <= packed.count * 4, "the far back-reference body must fit the inflate buffer")
        return packed
    }()

    static let exactlyFourTimes: [UInt8] = {
        let json = Array("{\"expiresAt\":\"2025-06-01T12:30:00Z\"}".utf8)
        for pad in 0..<400 {
            let body = Array(json.dropLast()) + [UInt8](repeating: 0x20, count: pad) + [0x7D]
            let packed = Zlib.deflate(body, format: .raw)
            if body.count == packed.count * 4 { return packed }
        }
        preconditionFailure("no padding makes the body exactly four times its compressed size")
    }()

    /// `{"expiresAt":"..."` + spaces + `}` + spaces + `x`, with the closing brace past four times
    /// the compressed size and within five times it, and the body longer than five times it: cut at
    /// four times (iOS) or read whole it is not JSON; cut at five times it would be.
    static let braceBetweenFourAndFive: [UInt8] = {
        let open = Array("{\"expiresAt\":\"2025-06-01T12:30:00Z\"".utf8)
        for pad in 0..<1000 {
            let body =
                open + [UInt8](repeating: 0x20, count: pad) + [0x7D] + [UInt8](repeating: 0x20, count: 400) + [0x78]
            let packed = Zlib.deflate(body, format: .raw)
            let braceEnd = open.count + pad + 1
            if braceEnd > packed.count * 4, braceEnd <= packed.count * 5, body.count > packed.count * 5 {
                return packed
            }
        }
        preconditionFailure("no padding puts the closing brace between four and five times the compressed size")
    }()
}
