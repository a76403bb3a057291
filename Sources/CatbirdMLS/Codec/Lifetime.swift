/// `Lifetime` (RFC 9420 §7.2): seconds since the Unix epoch.
public struct Lifetime: Equatable, Sendable {
    public var notBefore: UInt64
    public var notAfter: UInt64

    public init(notBefore: UInt64, notAfter: UInt64) {
        self.notBefore = notBefore
        self.notAfter = notAfter
    }
}
