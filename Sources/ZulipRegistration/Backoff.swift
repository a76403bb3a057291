/// Randomized exponential backoff for the server's retries to the bouncer ("equal jitter"):
/// before retry n (n = 1, 2, ...), the ceiling is `min(cap, base * 2^(n-1))` and the delay is
/// drawn uniformly from `[ceiling / 2, ceiling]`. The ceiling never shrinks, the delay never
/// exceeds `cap`, and two servers that failed together do not retry together.
public struct ExponentialBackoff: Sendable, Equatable {
    public var baseSeconds: Double
    public var capSeconds: Double

    public init(baseSeconds: Double = 1, capSeconds: Double = 3600) {
        precondition(baseSeconds > 0 && capSeconds >= baseSeconds, "backoff needs 0 < base <= cap")
        self.baseSeconds = baseSeconds
        self.capSeconds = capSeconds
    }

    public func ceiling(attempt: Int) -> Double {
        let exponent = Double(max(attempt, 1) - 1)
        // 2^exponent overflows to +inf for huge attempts; min() keeps the cap.
        return min(capSeconds, baseSeconds * pow2(exponent))
    }

    public func delay(attempt: Int, using generator: inout some RandomNumberGenerator) -> Double {
        let ceiling = ceiling(attempt: attempt)
        return Double.random(in: (ceiling / 2)...ceiling, using: &generator)
    }

    private func pow2(_ e: Double) -> Double {
        e >= 1024 ? .infinity : Double(sign: .plus, exponent: Int(e), significand: 1)
    }
}
