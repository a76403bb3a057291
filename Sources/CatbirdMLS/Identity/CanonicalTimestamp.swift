/// A UTC time written exactly as `YYYY-MM-DDTHH:MM:SS.sssZ` (24 characters, milliseconds, `Z`):
/// one spelling per instant, years 0001 to 9999, no leap second (`validation.rs`
/// `CanonicalTimestamp::parse`).
public struct CanonicalTimestamp: Equatable, Sendable {
    public let unixMilliseconds: Int64

    public init(parsing text: String) throws(CatbirdIdentityError) {
        let b = Array(text.utf8)
        guard b.count == 24, b[4] == UInt8(ascii: "-"), b[7] == UInt8(ascii: "-"), b[10] == UInt8(ascii: "T"),
            b[13] == UInt8(ascii: ":"), b[16] == UInt8(ascii: ":"), b[19] == UInt8(ascii: "."),
            b[23] == UInt8(ascii: "Z")
        else { throw .invalidTimestamp("not YYYY-MM-DDTHH:MM:SS.sssZ") }
        func number(_ range: Range<Int>) throws(CatbirdIdentityError) -> Int64 {
            var n: Int64 = 0
            for i in range {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(b[i]) else {
                    throw .invalidTimestamp("not YYYY-MM-DDTHH:MM:SS.sssZ")
                }
                n = n * 10 + Int64(b[i] - UInt8(ascii: "0"))
            }
            return n
        }
        let (year, month, day) = (try number(0..<4), try number(5..<7), try number(8..<10))
        let (hour, minute, second, millis) = (
            try number(11..<13), try number(14..<16), try number(17..<19), try number(20..<23)
        )
        guard second < 60 else { throw .invalidTimestamp("leap seconds are not supported") }
        guard year >= 1, (1...12).contains(month), day >= 1, day <= Self.daysIn(month: month, year: year), hour < 24,
            minute < 60, second < 60
        else {
            throw .invalidTimestamp("no such date or time")
        }
        let days = Self.daysFromCivil(year: year, month: month, day: day)
        unixMilliseconds = ((days * 24 + hour) * 60 + minute) * 60_000 + second * 1000 + millis
    }

    public init(unixMilliseconds: Int64) {
        self.unixMilliseconds = unixMilliseconds
    }

    /// The one spelling of this instant (years 0001 to 9999).
    public var text: String? {
        let days =
            unixMilliseconds >= 0 ? unixMilliseconds / 86_400_000 : -((-unixMilliseconds + 86_399_999) / 86_400_000)
        let inDay = unixMilliseconds - days * 86_400_000
        let (y, m, d) = Self.civil(fromDays: days)
        guard (1...9999).contains(y) else { return nil }
        func pad(_ n: Int64, _ width: Int) -> String {
            let s = String(n)
            return String(repeating: "0", count: max(0, width - s.count)) + s
        }
        return "\(pad(y, 4))-\(pad(m, 2))-\(pad(d, 2))T\(pad(inDay / 3_600_000, 2)):\(pad(inDay / 60_000 % 60, 2)):"
            + "\(pad(inDay / 1000 % 60, 2)).\(pad(inDay % 1000, 3))Z"
    }

    /// A proleptic Gregorian date from days since 1970-01-01 (Howard Hinnant's algorithm).
    static func civil(fromDays z0: Int64) -> (Int64, Int64, Int64) {
        let z = z0 + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (m <= 2 ? 1 : 0), m, d)
    }

    static func daysIn(month: Int64, year: Int64) -> Int64 {
        switch month {
        case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days from 1970-01-01 to a proleptic Gregorian date (Howard Hinnant's algorithm).
    static func daysFromCivil(year: Int64, month: Int64, day: Int64) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let doy = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }
}
