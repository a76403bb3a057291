import PushProofCore

/// Strict RFC 3339 timestamps on the proleptic Gregorian calendar, in whole Unix seconds.
///
/// Foundation's ISO 8601 formatter is not used: on this platform it accepts `2025-02-30`
/// (rolling into March), leading spaces, and moves year-1 dates through the Julian calendar.
/// Grammar accepted: `YYYY-MM-DDTHH:MM:SS[.fraction](Z|+HH:MM|-HH:MM)`, upper-case `T` and `Z`,
/// real calendar dates, no leap second (`:60`). A fraction (one to nine digits, as iOS reads) is
/// dropped (floored to the second).
public enum RFC3339 {
    public struct Parsed: Equatable, Sendable {
        public var unixSeconds: Int64
        public var hadFraction: Bool
        public var hadOffset: Bool
    }

    public static let earliest: Int64 = CivilCalendar.days(year: 0, month: 1, day: 1) * 86_400
    public static let latest: Int64 = CivilCalendar.days(year: 9999, month: 12, day: 31) * 86_400 + 86_399

    /// `YYYY-MM-DDTHH:MM:SSZ`, the form the iOS app writes. Nil outside years 0000 to 9999.
    public static func format(unixSeconds t: Int64) -> String? {
        guard (earliest...latest).contains(t) else { return nil }
        let dayCount = t >= 0 ? t / 86_400 : (t - 86_399) / 86_400
        let secondOfDay = t - dayCount * 86_400
        let (y, m, d) = CivilCalendar.civil(days: dayCount)
        func pad(_ v: Int64, _ width: Int) -> String {
            let s = String(v)
            return String(repeating: "0", count: max(0, width - s.count)) + s
        }
        return
            "\(pad(y, 4))-\(pad(m, 2))-\(pad(d, 2))T\(pad(secondOfDay / 3600, 2)):\(pad(secondOfDay / 60 % 60, 2)):\(pad(secondOfDay % 60, 2))Z"
    }

    /// The iOS fallback's form of the same instant: `2025-06-01 12:30:00 +0000`.
    public static func fallbackForm(unixSeconds t: Int64) -> String? {
        format(unixSeconds: t).map { String($0.prefix(10)) + " " + String($0.dropFirst(11).prefix(8)) + " +0000" }
    }

    public static func parse(_ text: String) -> Parsed? {
        let c = Array(text.utf8)
        var i = 0
        func digits(_ n: Int) -> Int64? {
            guard i + n <= c.count else { return nil }
            var v: Int64 = 0
            for k in 0..<n {
                let d = c[i + k]
                guard d >= 48 && d <= 57 else { return nil }
                v = v * 10 + Int64(d - 48)
            }
            i += n
            return v
        }
        func expect(_ ch: Character) -> Bool {
            guard i < c.count, c[i] == ch.asciiValue! else { return false }
            i += 1
            return true
        }
        guard let year = digits(4), expect("-"), let month = digits(2), expect("-"), let day = digits(2), expect("T"),
            let hour = digits(2), expect(":"), let minute = digits(2), expect(":"), let second = digits(2)
        else { return nil }
        guard (1...12).contains(month), (1...CivilCalendar.daysIn(month: month, year: year)).contains(day), hour <= 23,
            minute <= 59,
            second <= 59
        else { return nil }
        var hadFraction = false
        if i < c.count, c[i] == UInt8(ascii: ".") {
            i += 1
            let start = i
            while i < c.count, c[i] >= 48 && c[i] <= 57 { i += 1 }
            // iOS reads at most nine fraction digits (nanoseconds) and refuses more.
            guard i > start, i - start <= 9 else { return nil }
            hadFraction = true
        }
        var offset: Int64 = 0
        var hadOffset = false
        guard i < c.count else { return nil }
        if c[i] == UInt8(ascii: "Z") {
            i += 1
        } else if c[i] == UInt8(ascii: "+") || c[i] == UInt8(ascii: "-") {
            let sign: Int64 = c[i] == UInt8(ascii: "+") ? 1 : -1
            i += 1
            guard let oh = digits(2), expect(":"), let om = digits(2), oh <= 23, om <= 59 else { return nil }
            offset = sign * (oh * 3600 + om * 60)
            hadOffset = true
        } else {
            return nil
        }
        guard i == c.count else { return nil }
        let t =
            CivilCalendar.days(year: year, month: month, day: day) * 86_400 + hour * 3600 + minute * 60 + second
            - offset
        return Parsed(unixSeconds: t, hadFraction: hadFraction, hadOffset: hadOffset)
    }
}
