import PushProofJSON

/// How typed_endpoint reads a `Json[int]` parameter: pydantic's JSON parser (jiter), then an
/// integer in strict mode. jiter differs from RFC 8259 where it matters here: it reads `NaN`,
/// `Infinity` and `-Infinity` as floats anywhere a value may stand, keeps repeated object keys,
/// refuses a value nested inside more than 200 arrays or objects, and refuses a number whose
/// integer part (its sign included) is longer than 4,300 characters (Python's limit on integer
/// digits). Values measured against pydantic 2.13 (adapters/python).
enum PydanticJSON {
    enum Reading: Equatable {
        case notJSON
        case integer(String)
        case other
    }

    static let maximumNesting = 200
    static let maximumIntegerCharacters = 4300

    static func read(_ text: String) -> Reading {
        guard
            let value = try? JSONParser.parse(
                substitutingNonFinite(Array(text.utf8)),
                options: .init(maximumDepth: maximumNesting + 2, duplicateKeys: .keepAll)),
            withinLimits(value, nesting: 0)
        else { return .notJSON }
        guard case .number(let literal) = value, JSONNumber.isIntegerLiteral(literal) else { return .other }
        return .integer(literal == "-0" ? "0" : literal)
    }

    /// `NaN`, `Infinity` and `-Infinity` outside strings become ` 0.0 `, a float standing alone
    /// (so `1NaN` or `-NaN` stays invalid).
    static func substitutingNonFinite(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        var index = 0
        var inString = false
        while index < bytes.count {
            let byte = bytes[index]
            if inString {
                out.append(byte)
                if byte == UInt8(ascii: "\\"), index + 1 < bytes.count {
                    out.append(bytes[index + 1])
                    index += 1
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                index += 1
                continue
            }
            if byte == UInt8(ascii: "\"") { inString = true }
            if let token = ["-Infinity", "Infinity", "NaN"].first(where: { bytes[index...].starts(with: $0.utf8) }) {
                out += Array(" 0.0 ".utf8)
                index += token.utf8.count
                continue
            }
            out.append(byte)
            index += 1
        }
        return out
    }

    static func withinLimits(_ value: JSONValue, nesting: Int) -> Bool {
        guard nesting <= maximumNesting else { return false }
        switch value {
        case .number(let text):
            let integerPart = text.prefix { $0 != "." && $0 != "e" && $0 != "E" }
            return integerPart.count <= maximumIntegerCharacters
        case .array(let elements):
            return elements.allSatisfy { withinLimits($0, nesting: nesting + 1) }
        case .object(let members):
            return members.allSatisfy { withinLimits($0.value, nesting: nesting + 1) }
        default:
            return true
        }
    }
}
