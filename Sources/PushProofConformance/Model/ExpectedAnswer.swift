import PushProofJSON

/// An answer a vector names: its `expected` answer, an alternative in `alsoAccepted`, or the
/// informative `deployedAnswer`. Written `{"output": X}` or `{"error": CODE, "message"?: TEXT}`,
/// read once when the file is read.
public enum ExpectedAnswer: Sendable, Equatable {
    case output(JSONValue)
    /// A protocol error code and, where the vector pins the protocol's wording, its message.
    case error(code: String, message: String?)

    /// Reads the written form; anything else (both members, neither, another member, a code
    /// that is not a string) is a malformed vector.
    public init(json: JSONValue, at place: String) throws(VectorFormatError) {
        guard let members = json.members else {
            throw VectorFormatError("\(place) must be an object with `output` or `error`")
        }
        let names = members.map(\.key)
        if names == ["output"] {
            self = .output(members[0].value)
            return
        }
        guard names == ["error"] || names == ["error", "message"], let code = json["error"]?.stringValue,
            !code.isEmpty
        else {
            throw VectorFormatError(
                "\(place) must be {\"output\": X} or {\"error\": CODE, \"message\"?: TEXT}, not members \(names)")
        }
        var message: String?
        if let text = json["message"] {
            guard let string = text.stringValue else { throw VectorFormatError("\(place): `message` must be a string") }
            message = string
        }
        self = .error(code: code, message: message)
    }

    /// An outcome's answer in the same form: what the generator records as `expected`.
    /// `nil` for an outcome that is no answer (unimplemented, an adapter failure).
    public init?(_ outcome: OperationOutcome) {
        switch outcome {
        case .output(let value): self = .output(value)
        case .error(let code, let message): self = .error(code: code, message: message)
        case .unimplemented, .adapterFailure: return nil
        }
    }

    public var json: JSONValue {
        switch self {
        case .output(let value): return ["output": value]
        case .error(let code, let message):
            return message.map { ["error": .string(code), "message": .string($0)] } ?? ["error": .string(code)]
        }
    }

    public var isError: Bool {
        if case .error = self { return true }
        return false
    }

    /// Whether an implementation's answer passes for this one: an output when it equals `X` as
    /// JSON (key order and escaping aside); an error when its code is `CODE`, and its message
    /// too where the vector gives one.
    public func accepts(_ outcome: OperationOutcome) -> Bool {
        switch (self, outcome) {
        case (.output(let want), .output(let value)):
            return value.semanticallyEquals(want)
        case (.error(let wantCode, let wantMessage), .error(let code, let message)):
            return wantCode == code && (wantMessage == nil || wantMessage == message)
        default:
            return false
        }
    }
}
