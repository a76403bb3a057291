import PushProofCrypto
import PushProofJSON

/// Typed readers over an operation's JSON input. One rule for all of them: a required field
/// must be present with its type; an optional field may be absent or `null`; a value of the wrong
/// type, or an array element of the wrong type, is an `InputError`, never silently dropped.
public struct InputReader: Sendable {
    public let value: JSONValue

    public init(_ value: JSONValue) { self.value = value }

    /// Whether `name` is present and not `null`.
    public func has(_ name: String) -> Bool {
        guard let v = value[name] else { return false }
        return v != .null
    }

    public func field(_ name: String) throws(InputError) -> JSONValue {
        guard let v = value[name] else { throw InputError("missing input field `\(name)`") }
        return v
    }

    // MARK: Required values

    public func string(_ name: String) throws(InputError) -> String {
        try Self.string(try field(name), "input field `\(name)`")
    }

    public func int64(_ name: String) throws(InputError) -> Int64 {
        try Self.int64(try field(name), "input field `\(name)`")
    }

    public func uint64(_ name: String) throws(InputError) -> UInt64 {
        guard let i = try field(name).uint64Value else { throw InputError("input field `\(name)` must be a uint64") }
        return i
    }

    public func uint32(_ name: String) throws(InputError) -> UInt32 {
        guard let i = try field(name).uint64Value, let v = UInt32(exactly: i) else {
            throw InputError("input field `\(name)` must be a uint32")
        }
        return v
    }

    public func bool(_ name: String) throws(InputError) -> Bool {
        guard let b = try field(name).boolValue else { throw InputError("input field `\(name)` must be a boolean") }
        return b
    }

    public func array(_ name: String) throws(InputError) -> [JSONValue] {
        guard let a = try field(name).arrayValue else { throw InputError("input field `\(name)` must be an array") }
        return a
    }

    public func object(_ name: String) throws(InputError) -> InputReader {
        let v = try field(name)
        guard v.members != nil else { throw InputError("input field `\(name)` must be an object") }
        return InputReader(v)
    }

    public func hex(_ name: String) throws(InputError) -> [UInt8] {
        guard let bytes = Hex.decode(try string(name)) else { throw InputError("input field `\(name)` must be hex") }
        return bytes
    }

    public func stringArray(_ name: String) throws(InputError) -> [String] {
        try array(name).map { v throws(InputError) in try Self.string(v, "an element of `\(name)`") }
    }

    public func int64Array(_ name: String) throws(InputError) -> [Int64] {
        try array(name).map { v throws(InputError) in try Self.int64(v, "an element of `\(name)`") }
    }

    /// A flat object of string values, as HTTP form parameters.
    public func stringMap(_ name: String) throws(InputError) -> [String: String] {
        guard let members = try field(name).members else { throw InputError("input field `\(name)` must be an object") }
        var map: [String: String] = [:]
        for m in members { map[m.key] = try Self.string(m.value, "parameter `\(m.key)`") }
        return map
    }

    // MARK: Optional values (absent or null)

    public func optionalString(_ name: String) throws(InputError) -> String? {
        has(name) ? try string(name) : nil
    }

    public func optionalInt64(_ name: String) throws(InputError) -> Int64? {
        has(name) ? try int64(name) : nil
    }

    public func optionalObject(_ name: String) throws(InputError) -> InputReader? {
        has(name) ? try object(name) : nil
    }

    /// The array, or an empty one when the field is absent or null.
    public func optionalArray(_ name: String) throws(InputError) -> [JSONValue] {
        has(name) ? try array(name) : []
    }

    public func optionalStringArray(_ name: String) throws(InputError) -> [String] {
        has(name) ? try stringArray(name) : []
    }

    public func optionalInt64Array(_ name: String) throws(InputError) -> [Int64] {
        has(name) ? try int64Array(name) : []
    }

    // MARK: Elements

    static func string(_ v: JSONValue, _ what: String) throws(InputError) -> String {
        guard let s = v.stringValue else { throw InputError("\(what) must be a string") }
        return s
    }

    static func int64(_ v: JSONValue, _ what: String) throws(InputError) -> Int64 {
        guard let i = v.int64Value else { throw InputError("\(what) must be an integer") }
        return i
    }
}
