import PushProofCore

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
        guard year >= 1, (1...12).contains(month), day >= 1, day <= CivilCalendar.daysIn(month: month, year: year),
            hour < 24,
            minute < 60, second < 60
        else {
            throw .invalidTimestamp("no such date or time")
        }
        let days = CivilCalendar.days(year: year, month: month, day: day)
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
        let (y, m, d) = CivilCalendar.civil(days: days)
        guard (1...9999).contains(y) else { return nil }
        func pad(_ n: Int64, _ width: Int) -> String {
            let s = String(n)
            return String(repeating: "0", count: max(0, width - s.count)) + s
        }
        return "\(pad(y, 4))-\(pad(m, 2))-\(pad(d, 2))T\(pad(inDay / 3_600_000, 2)):\(pad(inDay / 60_000 % 60, 2)):"
            + "\(pad(inDay / 1000 % 60, 2)).\(pad(inDay % 1000, 3))Z"
    }

}
