import PushProofJSON

/// One question to an implementation: an operation, the profile it is asked in, and the
/// operation's input (a vector's `input`).
public struct OperationRequest: Sendable, Equatable {
    public var operation: OperationName
    public var profile: Profile
    public var input: JSONValue

    public init(operation: OperationName, profile: Profile, input: JSONValue) {
        self.operation = operation
        self.profile = profile
        self.input = input
    }

    /// The input with typed readers.
    public var reader: InputReader { InputReader(input) }

    /// The same request with another input.
    public func with(input: JSONValue) -> OperationRequest {
        OperationRequest(operation: operation, profile: profile, input: input)
    }

    /// The same request in another profile.
    public func with(profile: Profile) -> OperationRequest {
        OperationRequest(operation: operation, profile: profile, input: input)
    }

    /// The adapter protocol's `input` (v1): the vector's input with `profile` set in it.
    public var wireInput: JSONValue { input.setting("profile", to: .string(profile.rawValue)) }

    /// Reads a request of the adapter protocol, whose input carries the profile.
    public init(operation: OperationName, wireInput: JSONValue) throws(InputError) {
        guard wireInput.members != nil else { throw InputError("the input must be an object") }
        guard let profile = wireInput["profile"]?.stringValue else {
            throw InputError("missing input field `profile` (a string)")
        }
        self.init(operation: operation, profile: Profile(rawValue: profile), input: wireInput.removing("profile"))
    }
}
