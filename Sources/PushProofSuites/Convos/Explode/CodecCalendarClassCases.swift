import ConvosExplode
import Foundation
import PushProofConformance
import PushProofCrypto
import PushProofJSON

/// explode_codec, explode.decode: the classes of the calendar bugs blind batches 1 and 2 wrote for
/// both readers (B1-075, B1-077, B1-078, B2-123), deployed (tcIds 3000-) and hardened (3100-):
/// - the leap-year rule whole: the last day of February and the first of March in every century
///   year from 1600 to 2400 (leap only by the 400-year rule), and in years divisible by 4 or not;
/// - a fraction of a second dropped, never rounded: fractions up to and just below a whole second,
///   at the end of a minute, a day and a year, behind an offset, and before 1970, where dropping is
///   flooring (toward the earlier instant), not truncation toward 1970;
/// - at most nine fraction digits: ten and more refused whatever their value (ten zeros, a value
///   below 10^9), behind every zone spelling; one to nine read.
extension ExplodeCodecVectors {
    static let leapYears = [1600, 1700, 1800, 1900, 2000, 2100, 2200, 2300, 2400]
    static let leapNeighbours = [1996, 2001, 2004, 2024, 2028]

    static let roundedFractions: [(String, String)] = [
        ("2025-06-01T12:30:00.4Z", "four tenths"), ("2025-06-01T12:30:00.5Z", "a half"),
        ("2025-06-01T12:30:00.9Z", "nine tenths"), ("2025-06-01T12:30:00.99Z", "two nines"),
        ("2025-06-01T12:30:00.999999Z", "six nines"), ("2025-06-01T12:30:00.99999999Z", "eight nines"),
        ("2025-06-01T12:30:00.000000001Z", "one nanosecond"), ("2025-06-01T12:30:59.9Z", "the end of a minute"),
        ("2025-06-01T23:59:59.9Z", "the end of a day"), ("2025-12-31T23:59:59.5Z", "the end of a year"),
        ("2025-06-01T12:30:00.9+01:00", "behind +01:00"), ("2025-06-01T12:30:00.6-05:30", "behind -05:30"),
        ("1969-12-31T23:59:59.5Z", "half a second before 1970"),
        ("1969-12-31T23:59:59.9Z", "a tenth of a second before 1970"),
        ("1960-01-01T00:00:00.5Z", "before 1970, a half"), ("1900-02-28T23:59:59.9Z", "before 1970, the end of a day"),
    ]

    static let fractionDigits: [(String, String)] = [
        ("2025-06-01T12:30:00.12345678Z", "eight digits"),
        ("2025-06-01T12:30:00.0000000000Z", "ten zeros"),
        ("2025-06-01T12:30:00.0000000001Z", "ten digits, a value below 10^9"),
        ("2025-06-01T12:30:00.1234567890Z", "ten digits"), ("2025-06-01T12:30:00.9999999999Z", "ten nines"),
        ("2025-06-01T12:30:00.12345678901Z", "eleven digits"), ("2025-06-01T12:30:00.123456789012Z", "twelve digits"),
        ("2025-06-01T12:30:00.12345678901234567890Z", "twenty digits"),
        ("2025-06-01T12:30:00.1234567890+01:00", "ten digits behind +01:00"),
        ("2025-06-01T12:30:00.1234567890-00:00", "ten digits behind -00:00"),
    ]

    static func calendarDates() -> [(String, String)] {
        var out: [(String, String)] = []
        for year in leapYears {
            let kind = year % 400 == 0 ? "a leap year by the 400-year rule" : "a century year, not a leap year"
            out += [
                (String(format: "%04d-02-28T23:59:59Z", year), "the last second of 28 February \(year), \(kind)"),
                (String(format: "%04d-02-29T00:00:00Z", year), "29 February \(year), \(kind)"),
                (String(format: "%04d-03-01T00:00:00Z", year), "1 March \(year), \(kind)"),
            ]
        }
        for year in leapNeighbours {
            let kind = year % 4 == 0 ? "a leap year" : "a common year"
            out += [
                (String(format: "%04d-02-29T12:00:00Z", year), "29 February \(year), \(kind)"),
                (String(format: "%04d-03-01T00:00:00Z", year), "1 March \(year), \(kind)"),
            ]
        }
        out.append(("2000-02-30T00:00:00Z", "30 February 2000, a leap year"))
        return out
    }

    static func deployedCalendarClassCases() throws -> [VectorCase] {
        var cases = try calendarDates().map { try dated($0.0, $0.1) }
        cases += try roundedFractions.map { try dated($0.0, "\($0.1): the fraction dropped, the instant floored") }
        cases += try fractionDigits.map { try dated($0.0, $0.1) }
        return cases
    }

    static func hardenedCalendarClassCases() -> [VectorCase] {
        let leap =
            "Why: RFC 3339 §5.7 (Appendix C): a leap year is divisible by 4, and not by 100 unless by 400; a day "
            + "that does not exist is refused"
        let floor =
            "Why: the instant is whole seconds; a fraction is dropped, which floors it (toward the earlier instant, "
            + "before 1970 too), as the app does"
        let digits =
            "Why: iOS's parser reads at most nine fraction digits (nanoseconds) and refuses more, so no app reads "
            + "such a value"
        var cases = calendarDates().map { strict($0.0, $0.1, leap) }
        cases += roundedFractions.map { strict($0.0, $0.1, floor) }
        cases += fractionDigits.map { strict($0.0, $0.1, digits) }
        return cases
    }
}
