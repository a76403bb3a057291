/// A source of the current time in whole Unix seconds, injected wherever a rule depends on it
/// (bouncer liveness, key rotation), so tests and vectors can pin it.
public protocol UnixClock: Sendable {
    func now() -> Int64
}

public struct SystemUnixClock: UnixClock {
    public init() {}
    public func now() -> Int64 {
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        return Int64(spec.tv_sec)
    }
}

public struct FixedUnixClock: UnixClock {
    public var seconds: Int64
    public init(_ seconds: Int64) { self.seconds = seconds }
    public func now() -> Int64 { seconds }
}

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif
