/// Receives the members of one JSON object, in order.
///
/// Code that describes an object once, generically over the sink, gets two forms that cannot
/// disagree: `JSONObjectWriter` writes compact JSON straight into bytes (the server's hot path,
/// with no intermediate value tree), and `JSONObjectBuilder` builds a `JSONValue` (for vectors,
/// comparisons and edits). Members are written in call order; keys are not de-duplicated.
/// Keys are `StaticString`s: the objects described this way are wire formats whose member
/// names are fixed by the protocol.
public protocol JSONObjectSink: ~Copyable {
    mutating func member(_ key: StaticString, string value: String)
    mutating func member(_ key: StaticString, integer value: Int64)
    mutating func member(_ key: StaticString, unsigned value: UInt64)
    mutating func member(_ key: StaticString, integers values: [Int64])
    /// A nested object whose members `body` adds to the same kind of sink.
    mutating func member(_ key: StaticString, object body: (inout Self) -> Void)
}

/// Builds a `JSONValue` object from sink calls.
public struct JSONObjectBuilder: JSONObjectSink {
    public private(set) var members: [JSONValue.Member] = []

    public init() {}

    /// The object `body` describes.
    public static func build(_ body: (inout JSONObjectBuilder) -> Void) -> JSONValue {
        var builder = JSONObjectBuilder()
        body(&builder)
        return .object(builder.members)
    }

    public mutating func member(_ key: StaticString, string value: String) {
        members.append(.init(key.description, .string(value)))
    }
    public mutating func member(_ key: StaticString, integer value: Int64) {
        members.append(.init(key.description, .integer(value)))
    }
    public mutating func member(_ key: StaticString, unsigned value: UInt64) {
        members.append(.init(key.description, .integer(value)))
    }
    public mutating func member(_ key: StaticString, integers values: [Int64]) {
        members.append(.init(key.description, .array(values.map(JSONValue.integer))))
    }
    public mutating func member(_ key: StaticString, object body: (inout JSONObjectBuilder) -> Void) {
        members.append(.init(key.description, JSONObjectBuilder.build(body)))
    }
}
