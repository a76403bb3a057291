import PushProofJSON

/// Builders for the JSON Schema fragments an operation declares (`OperationSchema`). A fragment is
/// plain JSON; these name the shapes every suite uses. `base64`, `hex`, `hex32`, `decimalInt64`
/// point at definitions every vector file's schema carries (`VectorFileSchema.definitions`).
public enum JSONSchema {
    public static let string: JSONValue = ["type": "string"]
    public static let integer: JSONValue = ["type": "integer"]
    public static let boolean: JSONValue = ["type": "boolean"]
    /// Any JSON value (the input is tested with wrong types on purpose).
    public static let anyValue: JSONValue = true
    /// Standard base64 with its padding.
    public static let base64: JSONValue = ["$ref": "#/$defs/base64"]
    /// Lower-case hex of any whole number of bytes.
    public static let hex: JSONValue = ["$ref": "#/$defs/hex"]
    /// Lower-case hex of 32 bytes.
    public static let hex32: JSONValue = ["$ref": "#/$defs/hex32"]
    /// A signed 64-bit integer written in decimal, as a string.
    public static let decimalInt64: JSONValue = ["$ref": "#/$defs/decimalInt64"]

    /// An object with exactly these members (others refused unless `additional`).
    public static func object(
        _ required: [String], _ properties: KeyValuePairs<String, JSONValue>, additional: Bool = false
    ) -> JSONValue {
        [
            "type": "object", "additionalProperties": .bool(additional),
            "required": .array(required.map { .string($0) }),
            "properties": .object(properties.map { JSONValue.Member($0.key, $0.value) }),
        ]
    }

    public static func array(of items: JSONValue, minItems: Int? = nil) -> JSONValue {
        var members: [JSONValue.Member] = [.init("type", "array")]
        if let minItems { members.append(.init("minItems", .integer(minItems))) }
        members.append(.init("items", items))
        return .object(members)
    }

    /// One of these strings.
    public static func oneOf(strings values: [String]) -> JSONValue { ["enum": .array(values.map { .string($0) })] }
    /// One of these values.
    public static func enumeration(_ values: [JSONValue]) -> JSONValue { ["enum": .array(values)] }
    public static func constant(_ value: JSONValue) -> JSONValue { ["const": value] }
    /// Exactly one of these shapes.
    public static func oneOf(_ shapes: [JSONValue]) -> JSONValue { ["oneOf": .array(shapes)] }

    /// A string matching `pattern` (an ECMA-262 regular expression, anchored by the caller).
    public static func pattern(_ pattern: String, description: String? = nil) -> JSONValue {
        var members: [JSONValue.Member] = [.init("type", "string"), .init("pattern", .string(pattern))]
        if let description { members.append(.init("description", .string(description))) }
        return .object(members)
    }

    /// An integer within bounds (either may be open).
    public static func integer(minimum: Int64? = nil, maximum: Int64? = nil, description: String? = nil) -> JSONValue {
        var members: [JSONValue.Member] = [.init("type", "integer")]
        if let minimum { members.append(.init("minimum", .integer(minimum))) }
        if let maximum { members.append(.init("maximum", .integer(maximum))) }
        if let description { members.append(.init("description", .string(description))) }
        return .object(members)
    }

    /// An unsigned 64-bit integer.
    public static let uint64: JSONValue = ["type": "integer", "minimum": 0, "maximum": .number(String(UInt64.max))]
    /// An unsigned 32-bit integer.
    public static let uint32: JSONValue = integer(minimum: 0, maximum: Int64(UInt32.max))

    /// A value of one of these JSON types (`["string", "null"]`), with what the null means.
    public static func types(_ names: [String], description: String? = nil) -> JSONValue {
        var members: [JSONValue.Member] = [.init("type", .array(names.map { .string($0) }))]
        if let description { members.append(.init("description", .string(description))) }
        return .object(members)
    }
}
