/// A JSON value that keeps what Foundation's JSON types lose and the protocols care about:
/// the order of object keys (wire formats are compact JSON with a fixed key order), the exact
/// text of numbers (so that `1`, `1.0` and `"1"` stay distinguishable), and duplicate keys
/// (found by the parser, see `JSONParser.Options`).
public enum JSONValue: Sendable, Hashable {
    case null
    case bool(Bool)
    /// A number, as its RFC 8259 literal (`-12`, `3.5e2`).
    case number(String)
    case string(String)
    case array([JSONValue])
    /// Members in document order.
    case object([Member])

    public struct Member: Sendable, Hashable {
        public var key: String
        public var value: JSONValue
        public init(_ key: String, _ value: JSONValue) {
            self.key = key
            self.value = value
        }
    }

    public static func integer<I: BinaryInteger>(_ value: I) -> JSONValue { .number(String(value)) }

    /// An object from key/value pairs, in the order given.
    public static func object(_ pairs: KeyValuePairs<String, JSONValue>) -> JSONValue {
        .object(pairs.map { Member($0.key, $0.value) })
    }

    public var kindName: String {
        switch self {
        case .null: return "null"
        case .bool: return "boolean"
        case .number: return "number"
        case .string: return "string"
        case .array: return "array"
        case .object: return "object"
        }
    }

    // MARK: Access

    /// The value of the first member named `key`, if this is an object.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    public var members: [Member]? {
        if case .object(let m) = self { return m }
        return nil
    }

    public var arrayValue: [JSONValue]? {
        if case .array(let a) = self { return a }
        return nil
    }

    public var stringValue: String? {
        if case .string(let s) = self { return s }
        return nil
    }

    public var boolValue: Bool? {
        if case .bool(let b) = self { return b }
        return nil
    }

    /// The value of an integer literal (no fraction, no exponent) that fits in `Int64`.
    public var int64Value: Int64? {
        guard case .number(let text) = self, JSONNumber.isIntegerLiteral(text) else { return nil }
        return Int64(text)
    }

    /// The value of an integer literal that fits in `UInt64`.
    public var uint64Value: UInt64? {
        guard case .number(let text) = self, JSONNumber.isIntegerLiteral(text) else { return nil }
        return UInt64(text)
    }

    /// A copy with `key` set (replacing the first member of that name, or appended).
    public func setting(_ key: String, to value: JSONValue) -> JSONValue {
        guard case .object(var members) = self else { return self }
        if let i = members.firstIndex(where: { $0.key == key }) {
            members[i].value = value
        } else {
            members.append(Member(key, value))
        }
        return .object(members)
    }

    /// A copy without any member named `key`.
    public func removing(_ key: String) -> JSONValue {
        guard case .object(let members) = self else { return self }
        return .object(members.filter { $0.key != key })
    }

    // MARK: Comparison

    /// Equality as JSON means it: object members compared regardless of order, numbers by
    /// value where both are integers, everything else exactly. Used to compare an
    /// implementation's output with a vector's expected output.
    public func semanticallyEquals(_ other: JSONValue) -> Bool {
        switch (self, other) {
        case (.null, .null): return true
        case (.bool(let a), .bool(let b)): return a == b
        case (.string(let a), .string(let b)): return a == b
        case (.number(let a), .number(let b)):
            if a == b { return true }
            if JSONNumber.isIntegerLiteral(a), JSONNumber.isIntegerLiteral(b) {
                return JSONNumber.canonicalInteger(a) == JSONNumber.canonicalInteger(b)
            }
            return false
        case (.array(let a), .array(let b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.semanticallyEquals($1) }
        case (.object(let a), .object(let b)):
            guard a.count == b.count else { return false }
            for member in a {
                guard let match = b.first(where: { $0.key == member.key }),
                    match.value.semanticallyEquals(member.value)
                else { return false }
            }
            return true
        default:
            return false
        }
    }
}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral,
    ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral, ExpressibleByNilLiteral
{
    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int64) { self = .number(String(value)) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    /// Dictionary literals keep their written order.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(elements.map { Member($0.0, $0.1) })
    }
    public init(nilLiteral: ()) { self = .null }
}

/// Helpers on RFC 8259 number literals.
public enum JSONNumber {
    /// `-?(0|[1-9][0-9]*)`: no fraction and no exponent.
    public static func isIntegerLiteral(_ text: String) -> Bool {
        var digits = Substring(text)
        if digits.first == "-" { digits = digits.dropFirst() }
        guard let first = digits.first, first.isASCII, first.isNumber else { return false }
        if first == "0" && digits.count > 1 { return false }
        return digits.allSatisfy { $0.isASCII && $0.isNumber }
    }

    /// The integer literal with "-0" folded into "0".
    static func canonicalInteger(_ text: String) -> String {
        text == "-0" ? "0" : text
    }
}
