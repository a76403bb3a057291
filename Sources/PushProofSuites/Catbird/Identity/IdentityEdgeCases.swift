import CatbirdMLS
import PushProofConformance

/// catbird_identity: every rule's edges as a class, the byte on each side of a character range and
/// every field of the calendar at its limit, so that a range or a table written one off fails.
extension CatbirdIdentityVectors {
    /// did:plc's base32 (validation.rs:30-49: a-z and 2-7) and did:web's labels (154-188: a-z, 0-9
    /// and inner hyphens; two labels at least; a top-level label whose first byte is a letter),
    /// each range with the byte on either side of it.
    static func alphabetEdges(
        plc: String,
        _ did: (_ comment: String, _ flags: [String], _ text: String, _ invalid: Bool, _ source: String) -> VectorCase
    ) -> [VectorCase] {
        let base = String(plc.dropLast())
        let web = S.didWebHost
        return [
            did("did:plc with '`' (U+0060, the byte before a)", ["Alphabet"], base + "`", true, S.bareDid),
            did("did:plc with '{' (U+007B, the byte after z)", ["Alphabet"], base + "{", true, S.bareDid),
            did("did:plc with `1` (the digit before 2)", ["Alphabet"], base + "1", true, S.bareDid),
            did("did:plc with `2` (the first base32 digit)", ["Alphabet"], base + "2", false, S.bareDid),
            did(
                "did:plc of the alphabet's edges a, z, 2 and 7 only", ["Alphabet"], "did:plc:az234567az234567az234567",
                false, S.bareDid),
            did(
                "did:web, a '`' (U+0060, the byte before a) in a label", ["DidWeb"], "did:web:cat`bird.blue", true, web),
            did("did:web, a '{' (U+007B, the byte after z) in a label", ["DidWeb"], "did:web:cat{bird.blue", true, web),
            did(
                "did:web, a '/' (U+002F, the byte before 0) in a label", ["DidWeb"], "did:web:cat/bird.blue", true, web),
            did(
                "did:web, an '@' (U+0040, the byte before A) in a label", ["DidWeb"], "did:web:cat@bird.blue", true, web
            ),
            did("did:web, a '[' (U+005B, the byte after Z) in a label", ["DidWeb"], "did:web:cat[bird.blue", true, web),
            did(
                "did:web, a label of the alphabet's edges a, z, 0, 9 and an inner hyphen", ["DidWeb"],
                "did:web:az09-az09.blue", false, web),
            did("did:web, one label that is not reserved", ["DidWeb"], "did:web:catbirdblue", true, web),
            did(
                "did:web, one label of 4 bytes (12 bytes in all)", ["DidWeb", "LengthBoundary"], "did:web:abcd", true,
                web),
            did("did:web, a top-level label starting with a digit (.1a)", ["DidWeb"], "did:web:catbird.1a", true, web),
            did(
                "did:web, a top-level label starting with a letter, ending with a digit (.a1)", ["DidWeb"],
                "did:web:catbird.a1", false, web),
            did(
                "did:web, a one-byte top-level label (12 bytes in all)", ["DidWeb", "LengthBoundary"], "did:web:ab.c",
                false, web),
        ]
    }

    /// chrono's calendar (validation.rs:237-271, `parse_from_str`): every month's last day and the
    /// day after it, 29 February by each leap rule, day and month 00, minute 60; every digit of the
    /// year and the milliseconds read (433-450); a byte on either side of 0-9 in a digit position.
    static func calendarEdges(
        _ signed: (_ comment: String, _ flags: [String], _ at: String, _ now: String, _ code: String?, _ source: String)
            -> VectorCase
    ) -> [VectorCase] {
        let months = [
            "January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
            "November", "December",
        ]
        let lengths = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        func at(_ y: String, _ m: Int, _ d: Int, _ time: String = "12:00:00.000") -> String {
            "\(y)-\(two(m))-\(two(d))T\(time)Z"
        }
        let bad = "INVALID_TIMESTAMP"
        var cases: [VectorCase] = []
        for (i, name) in months.enumerated() {
            let last = at("2026", i + 1, lengths[i])
            cases.append(
                signed("\(lengths[i]) \(name) 2026 (the month's last day)", ["Calendar"], last, last, nil, S.signedAt))
            cases.append(
                signed(
                    "\(lengths[i] + 1) \(name) 2026 (the day after the month's last)", ["Calendar"],
                    at("2026", i + 1, lengths[i] + 1), last, bad, S.timestamp))
        }
        for (year, why) in [("2024", "divisible by 4"), ("2000", "divisible by 400"), ("2400", "divisible by 400")] {
            let leapDay = at(year, 2, 29)
            cases.append(
                signed("29 February \(year) (a leap year: \(why))", ["Calendar"], leapDay, leapDay, nil, S.signedAt))
        }
        for year in ["2024", "2000"] {
            cases.append(
                signed(
                    "30 February \(year) (a leap year)", ["Calendar"], at(year, 2, 30), at(year, 2, 29), bad,
                    S.timestamp))
        }
        for (year, why) in [("2025", "not divisible by 4"), ("1900", "divisible by 100, not by 400")] {
            cases.append(
                signed(
                    "29 February \(year) (a common year: \(why))", ["Calendar"], at(year, 2, 29), at(year, 2, 28), bad,
                    S.timestamp))
        }
        let august = at("2026", 8, 1)
        cases += [
            signed("day 00", ["Calendar"], at("2026", 8, 0), august, bad, S.timestamp),
            signed("month 00", ["Calendar"], at("2026", 0, 1), august, bad, S.timestamp),
            signed("minute 60", ["Calendar"], at("2026", 8, 1, "12:60:00.000"), august, bad, S.timestamp),
            signed(
                "999 ms after now (every millisecond digit counts)", ["WindowBoundary"],
                at("2026", 8, 1, "12:00:00.999"), august, nil, S.signedAt),
            signed(
                "across a millennium (1999 to 2000)", ["Calendar"], at("2000", 1, 1, "00:00:30.000"),
                at("1999", 12, 31, "23:59:50.000"), nil, S.signedAt),
            signed("year 1000", ["Calendar"], at("1000", 1, 1), at("1000", 1, 1), nil, S.signedAt),
            signed(
                "a '/' (the byte before 0) in a digit position", ["TimestampSpelling"],
                at("2026", 8, 1, "12:00:0/.000"), august, bad, S.timestamp),
            signed(
                "a ':' (the byte after 9) in a digit position", ["TimestampSpelling"],
                at("2026", 8, 1, "12:00:0:.000"), august, bad, S.timestamp),
        ]
        return cases
    }
}
