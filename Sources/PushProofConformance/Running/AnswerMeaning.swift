import PushProofJSON

/// What an answer means, where the protocol does not fix its bytes. Zulip's server writes a
/// notification's JSON in its own dict order and a fresh nonce each time; a byte-exact vector
/// would fail a server that interoperates. An operation with a meaning has its outputs judged
/// through it: the vector's `expected` holds the meaning of the reference's output (the
/// reference's bytes stay in the test's `intermediate`), and an implementation's output passes
/// when its meaning is the same JSON value.
public struct AnswerMeanings: Sendable {
    /// The meaning of an output given the request's input. It never throws: an output that does
    /// not decrypt or parse maps to a value that says so, which then differs from the expected one.
    public typealias Meaning = @Sendable (_ input: JSONValue, _ output: JSONValue) -> JSONValue

    private let table: [OperationName: Meaning]

    /// No operation has a meaning: outputs are compared as they are.
    public init() { table = [:] }

    public init(suites: [any ConformanceSuite]) {
        var table: [OperationName: Meaning] = [:]
        for suite in suites {
            for operation in suite.operations {
                if let meaning = operation.meaning { table[operation.name] = meaning }
            }
        }
        self.table = table
    }

    /// The operations judged by meaning.
    public var operations: [OperationName] { table.keys.sorted() }

    /// The answer as it is judged: an output through its operation's meaning, anything else
    /// (errors, `unimplemented`, adapter failures) unchanged.
    public func judged(_ outcome: OperationOutcome, for request: OperationRequest) -> OperationOutcome {
        guard case .output(let value) = outcome, let meaning = table[request.operation] else { return outcome }
        return .output(meaning(request.input, value))
    }
}
