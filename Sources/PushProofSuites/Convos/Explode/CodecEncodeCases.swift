import ConvosExplode
import Foundation
import PushProofConformance
import PushProofCrypto
import PushProofJSON

/// explode_codec: the instants the iOS app encodes (explode.encode).
extension ExplodeCodecVectors {
    static func encodeCases() throws -> [VectorCase] {
        func encoding(_ comment: String, _ flags: [String], _ source: String, millis: Int64, code: String? = nil)
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
                let fallback = ExplodeSettingsCodec.fallbackAsDeployed(content: content)
            else { throw GeneratorError("Foundation does not write \(seconds)") }
            return ["output": ExplodeOperations.encodeOutput(content: content, fallback: fallback)]
        }
        /// Stops generation unless the reference wrote what Foundation writes for the instant.
        func writtenAsIOS(_ seconds: Int64) throws -> @Sendable (OperationOutcome) throws -> Void {
            let ios = try iosEncoding(seconds)
            return { answer in
                guard answer.json == ios else {
                    throw GeneratorError("the reference did not write what iOS writes for \(seconds)")
                }
            }
        }
        var encode = [
            encoding("2025-06-01T12:30:00Z", ["KnownAnswer"], sendPath, millis: 1_748_781_000_000),
            encoding(
                "2025-06-01T12:30:00.999Z: the milliseconds are dropped", ["SubSecondDropped"],
                "\(foundation)Formatting/Date+ISO8601FormatStyle.swift:191-234; \(codec):59-61",
                millis: 1_748_781_000_999),
            encoding("the Unix epoch", ["Epoch"], sendPath, millis: 0),
            encoding(
                "one millisecond before the epoch", ["Pre1970", "SubSecondDropped", "FallbackByReading"],
                "\(foundation)Formatting/Date+ISO8601FormatStyle.swift:191-234; \(foundation)Date.swift:249-251",
                millis: -1),
            encoding(
                "1969-07-20T20:17:40Z", ["Pre1970"], sendPath,
                millis: ExplodeFixtures.seconds("1969-07-20T20:17:40Z") * 1000),
            VectorCase(
                comment:
                    "0000-01-01T00:00:00Z on the proleptic Gregorian calendar: iOS's Foundation counts Julian dates "
                    + "before 1582-10-15 and writes 0000-01-03T00:00:00Z for this instant",
                flags: ["Pre1970", "JulianBefore1582", "FallbackByReading"],
                source:
                    "\(foundation)JSON/JSONEncoder.swift:1146-1147; \(foundation)Calendar/Calendar_Cache.swift:28-34; "
                    + "\(foundation)Calendar/Calendar_Gregorian.swift:224-225",
                input: ["expiresAtUnixMillis": .integer(RFC3339.earliest * 1000)],
                check: try writtenAsIOS(RFC3339.earliest)),
            encoding(
                "2024-02-29T12:00:00Z", ["LeapDay"], sendPath,
                millis: ExplodeFixtures.seconds("2024-02-29T12:00:00Z") * 1000),
            encoding(
                "2000-02-29T00:00:00Z (century leap year)", ["LeapDay"], sendPath,
                millis: ExplodeFixtures.seconds("2000-02-29T00:00:00Z") * 1000),
            encoding(
                "2024-12-31T23:59:59Z", ["EndOfYear"], sendPath,
                millis: ExplodeFixtures.seconds("2024-12-31T23:59:59Z") * 1000),
            encoding(
                "9999-12-31T23:59:59Z", ["FarFuture", "FallbackByReading"],
                "\(sendPath); \(foundation)Date.swift:269-274",
                millis: RFC3339.latest * 1000),
            VectorCase(
                comment:
                    "10000-01-01T00:00:00Z: iOS writes the five-digit year without an error (PushProof refuses a year "
                    + "RFC 3339 cannot write: hardened tcId 801)",
                flags: ["FarFuture", "FiveDigitYear", "FallbackByReading"],
                source:
                    "\(codec):33-42; \(foundation)JSON/JSONEncoder.swift:1146-1147; \(iso8601) (year digits unbounded)",
                input: ["expiresAtUnixMillis": .integer((RFC3339.latest + 1) * 1000)],
                check: try writtenAsIOS(RFC3339.latest + 1)),
        ]
        // Every calendar boundary the date arithmetic turns on, each month's last second, the leap
        // rules, the 4-, 100- and 400-year cycles. Before 1582-10-15 iOS writes the Julian date, and
        // so does the deployed writer.
        func boundary(_ text: String) throws -> VectorCase {
            let seconds = ExplodeFixtures.seconds(text)
            let julian = seconds < ExplodeSettingsCodec.gregorianCutover
            return VectorCase(
                comment: "\(text): a calendar boundary" + (julian ? " (iOS writes the Julian date)" : ""),
                flags: julian ? ["CalendarBoundary", "JulianBefore1582", "FallbackByReading"] : ["CalendarBoundary"],
                source: sendPath, input: ["expiresAtUnixMillis": .integer(seconds * 1000)],
                check: try writtenAsIOS(seconds))
        }
        for text in ExplodeFixtures.calendarBoundaries { encode.append(try boundary(text)) }
        // The first day of the second half of a year (a month that follows a 30-day month), and the
        // second before year 0.
        encode.append(try boundary("0000-07-01T00:00:00Z"))
        encode.append(
            VectorCase(
                comment:
                    "one second before 0000-01-01T00:00:00Z: iOS writes the Julian date, 0000-01-02T23:59:59Z "
                    + "(PushProof refuses a year RFC 3339 cannot write: hardened tcId 802)",
                flags: ["Pre1970", "JulianBefore1582", "FallbackByReading"],
                source: "\(codec):33-42; \(foundation)JSON/JSONEncoder.swift:1146-1147; \(iso8601)",
                input: ["expiresAtUnixMillis": .integer((RFC3339.earliest - 1) * 1000)],
                check: try writtenAsIOS(RFC3339.earliest - 1)))
        // The Julian calendar's months as iOS writes them: the last second of each month of 1500
        // (a Julian leap year, not a Gregorian one: 29 February exists) and the first second of
        // each month of 1501, so a writer whose Julian arithmetic slips by a day anywhere in the
        // year is caught.
        // The turns of the Julian four-year cycle follow: 28 February and 1 March of 1502 and 1503.
        let cycle = [(1502, 2, true), (1502, 3, false), (1503, 2, true), (1503, 3, false)]
        for (year, month, last) in (1...12).map({ (1500, $0, true) }) + (1...12).map({ (1501, $0, false) }) + cycle {
            let day = last ? julianMonthLength(year: year, month: month) : 1
            let seconds = julianUnixDays(year: year, month: month, day: day) * 86_400 + (last ? 86_399 : 0)
            let text = String(format: "%04d-%02d-%02d", year, month, day)
            encode.append(
                VectorCase(
                    comment:
                        "the Julian date \(text) \(last ? "23:59:59" : "00:00:00"), the \(last ? "last" : "first") "
                        + "second of its month: iOS writes it on the Julian calendar",
                    flags: ["CalendarBoundary", "JulianBefore1582", "FallbackByReading"],
                    source: "\(sendPath); \(foundation)Calendar/Calendar_Gregorian.swift:224-225",
                    input: ["expiresAtUnixMillis": .integer(seconds * 1000)], check: try writtenAsIOS(seconds)))
        }
        // The first second of every month of a Gregorian year: a writer whose month arithmetic
        // slips on a month's first day is caught, whichever month it is.
        for month in 1...12 { encode.append(try boundary(String(format: "2026-%02d-01T00:00:00Z", month))) }
        // Past RFC 3339's years iOS still writes: a signed year before year 0, and an instant
        // beyond Foundation's calendar range held at its end before it is written.
        let held =
            "\(codec):33-42; \(foundation)JSON/JSONEncoder.swift:1146-1147; "
            + "\(foundation)Calendar/Calendar.swift:679-680 (date.capped); \(foundation)Date.swift:393-398 "
            + "(validCalendarRange); \(iso8601):262-275 (an era-0 year written 1 - y, signed when negative)"
        let pastRFC3339: [(millis: Int64, comment: String, flags: [String])] = [
            (
                -62_167_392_001_000,
                "one second before the Julian 0000-01-01T00:00:00Z: iOS writes -0001-12-31T23:59:59Z, a signed year",
                ["Pre1970", "JulianBefore1582", "FallbackByReading"]
            ),
            (
                Int64.max,
                "the largest milliseconds: past Foundation's calendar range, held at its end and written "
                    + "506713-02-07T00:00:00Z", ["FarFuture", "CalendarRangeHeld", "FallbackByReading"]
            ),
            (
                Int64.min,
                "the smallest milliseconds: before Foundation's calendar range, held at its start and written "
                    + "-4712-01-01T12:00:00Z", ["Pre1970", "CalendarRangeHeld", "FallbackByReading"]
            ),
        ]
        for c in pastRFC3339 {
            encode.append(
                VectorCase(
                    comment: c.comment, flags: c.flags, source: held,
                    input: ["expiresAtUnixMillis": .integer(c.millis)],
                    check: try writtenAsIOS(ExplodeOperations.floorDiv(c.millis, 1000))))
        }
        return encode
    }

    /// PushProof's advice for the sender: RFC 3339's four-digit years on the proleptic Gregorian
    /// calendar, nothing outside them (explode.encode, hardened; tcIds 801-).
    static func hardenedEncodeCases() -> [VectorCase] {
        [
            VectorCase(
                comment:
                    "10000-01-01T00:00:00Z: DATE_OUT_OF_RANGE. Why: RFC 3339 writes a year in four digits; a "
                    + "five-digit year is a text strict readers refuse (hardened decode), so sender and readers would "
                    + "disagree on whether the conversation explodes (deployed tcId 11)",
                flags: ["FarFuture", "FiveDigitYear", "StrictRFC3339"],
                input: ["expiresAtUnixMillis": .integer((RFC3339.latest + 1) * 1000)], code: "DATE_OUT_OF_RANGE"),
            VectorCase(
                comment:
                    "one second before 0000-01-01T00:00:00Z: DATE_OUT_OF_RANGE. Why: RFC 3339 counts the proleptic "
                    + "Gregorian calendar from year 0000, so an earlier instant has no text; iOS's Julian date names "
                    + "another instant to a strict reader (deployed tcId 55)",
                flags: ["Pre1970", "StrictRFC3339"],
                input: ["expiresAtUnixMillis": .integer((RFC3339.earliest - 1) * 1000)], code: "DATE_OUT_OF_RANGE"),
            VectorCase(
                comment:
                    "the largest milliseconds: DATE_OUT_OF_RANGE. Why: a writer that holds the instant at its "
                    + "calendar's end writes another instant than the one asked for (deployed tcId 97)",
                flags: ["FarFuture", "StrictRFC3339"], input: ["expiresAtUnixMillis": .integer(Int64.max)],
                code: "DATE_OUT_OF_RANGE"),
        ]
    }

    /// Days from 1970-01-01 to a date of the Julian calendar (the Julian day number's formula).
    static func julianUnixDays(year: Int, month: Int, day: Int) -> Int64 {
        let a = (14 - month) / 12
        let y = Int64(year + 4800 - a)
        let m = Int64(month + 12 * a - 3)
        return Int64(day) + (153 * m + 2) / 5 + 365 * y + y / 4 - 32_083 - 2_440_588
    }

    static func julianMonthLength(year: Int, month: Int) -> Int {
        switch month {
        case 2: return year % 4 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }
}
