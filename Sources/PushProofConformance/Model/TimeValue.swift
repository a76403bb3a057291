/// A time held by a vector's input: an integer of seconds or milliseconds since 1970 within
/// 1973-2286 (10^8 to 10^10 seconds, 10^11 to 10^13 milliseconds; other integers are counts,
/// ids or lengths), or an RFC 3339 string (seconds).
struct TimeValue: Equatable {
    enum Unit { case seconds, milliseconds }

    let value: Int64
    let unit: Unit

    init?(number v: Int64) {
        switch v {
        case 100_000_000..<10_000_000_000: unit = .seconds
        case 100_000_000_000..<10_000_000_000_000: unit = .milliseconds
        default: return nil
        }
        value = v
    }

    init(seconds: Int64) {
        value = seconds
        unit = .seconds
    }

    var milliseconds: Int64 { unit == .milliseconds ? value : value.multipliedReportingOverflow(by: 1000).partialValue }
}

extension InputMutator.Context {
    /// `time` set to another time of the same input (or itself) plus or minus one of the
    /// windows, exactly or one unit (a second, a millisecond) either side: the instants where
    /// "within five minutes" or "older than a day" changes its answer. The new value is in
    /// `time`'s unit.
    func moved(_ time: TimeValue, _ g: inout SeededGenerator) -> (String, Int64)? {
        guard let window = windows.randomElement(using: &g) else { return nil }
        let anchor = (times + [time]).randomElement(using: &g)!
        let sign: Int64 = Bool.random(using: &g) ? 1 : -1
        let nudge = Int64.random(in: -1...1, using: &g)
        let unitMilliseconds: Int64 = time.unit == .milliseconds ? 1 : 1000
        let target = anchor.milliseconds + sign * window * 1000 + nudge * unitMilliseconds
        let what =
            "set to the input's time \(anchor.value) \(sign > 0 ? "+" : "-") \(window) s"
            + (nudge == 0 ? "" : " \(nudge > 0 ? "+" : "-") 1 \(time.unit == .milliseconds ? "ms" : "s")")
        return (what, time.unit == .milliseconds ? target : target / 1000)
    }
}
