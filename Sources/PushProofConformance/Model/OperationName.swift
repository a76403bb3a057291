/// The name of an operation an implementation offers (`registration.bouncer`, ...): the
/// vocabulary of vector groups and of the adapter protocol. Each suite declares its names once,
/// as static members in its own folder.
public struct OperationName: RawRepresentable, Hashable, Comparable, Sendable, ExpressibleByStringLiteral,
    CustomStringConvertible
{
    public let rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { self.rawValue = value }

    public var description: String { rawValue }
    public static func < (a: OperationName, b: OperationName) -> Bool { a.rawValue < b.rawValue }
}
