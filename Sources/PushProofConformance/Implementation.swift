import PushProofCrypto
import PushProofJSON

/// What an implementation answers to one named operation.
public enum OperationOutcome: Sendable, Equatable {
    case output(JSONValue)
    /// A protocol error code (`BAD_REQUEST`, ...) and, where the protocol has one, its message.
    case error(code: String, message: String?)
    /// The implementation does not offer this operation or profile: the test is skipped.
    case unimplemented
    /// The implementation could not be asked (an adapter that hung, crashed or broke the
    /// protocol): the test fails with this reason.
    case adapterFailure(AdapterFailure)

    public var json: JSONValue {
        switch self {
        case let .output(value): return ["output": value]
        case let .error(code, message):
            return message.map { ["error": .string(code), "message": .string($0)] } ?? ["error": .string(code)]
        case .unimplemented: return ["unimplemented": true]
        case let .adapterFailure(failure): return ["adapterFailure": .string(failure.description)]
        }
    }
}

/// An implementation under test, seen only through named operations with JSON inputs and
/// outputs (`registration.bouncer`, ...). The reference implements it in-process; an adapter
/// speaking the same operations over stdin/stdout can implement it for another language.
public protocol ConformanceImplementation: Sendable {
    var name: String { get }
    func perform(operation: String, input: JSONValue) -> OperationOutcome
}

/// The code an implementation answers when a vector's input itself is unusable (a harness
/// problem, not a protocol answer). No vector expects it.
public let harnessInputErrorCode = "HARNESS_INPUT_ERROR"

/// Thrown by operation handlers when the input does not have the shape the operation defines.
struct InputError: Error {
    let message: String
    init(_ message: String) { self.message = message }
}

/// Typed readers over an operation's JSON input.
struct InputReader {
    let value: JSONValue

    init(_ value: JSONValue) { self.value = value }

    func field(_ name: String) throws(InputError) -> JSONValue {
        guard let v = value[name] else { throw InputError("missing input field `\(name)`") }
        return v
    }

    func string(_ name: String) throws(InputError) -> String {
        guard let s = try field(name).stringValue else { throw InputError("input field `\(name)` must be a string") }
        return s
    }

    func optionalString(_ name: String) throws(InputError) -> String? {
        guard let v = value[name], v != .null else { return nil }
        guard let s = v.stringValue else { throw InputError("input field `\(name)` must be a string") }
        return s
    }

    func int64(_ name: String) throws(InputError) -> Int64 {
        guard let i = try field(name).int64Value else { throw InputError("input field `\(name)` must be an integer") }
        return i
    }

    func array(_ name: String) throws(InputError) -> [JSONValue] {
        guard let a = try field(name).arrayValue else { throw InputError("input field `\(name)` must be an array") }
        return a
    }

    func optionalArray(_ name: String) throws(InputError) -> [JSONValue] {
        guard let v = value[name] else { return [] }
        guard let a = v.arrayValue else { throw InputError("input field `\(name)` must be an array") }
        return a
    }

    func object(_ name: String) throws(InputError) -> InputReader {
        let v = try field(name)
        guard v.members != nil else { throw InputError("input field `\(name)` must be an object") }
        return InputReader(v)
    }

    func hex(_ name: String) throws(InputError) -> [UInt8] {
        guard let bytes = Hex.decode(try string(name)) else { throw InputError("input field `\(name)` must be hex") }
        return bytes
    }

    /// A flat object of string values, as HTTP form parameters.
    func stringMap(_ name: String) throws(InputError) -> [String: String] {
        guard let members = try field(name).members else { throw InputError("input field `\(name)` must be an object") }
        var map: [String: String] = [:]
        for m in members {
            guard let s = m.value.stringValue else { throw InputError("parameter `\(m.key)` must be a string") }
            map[m.key] = s
        }
        return map
    }
}

