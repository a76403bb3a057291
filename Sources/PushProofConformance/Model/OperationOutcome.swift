import PushProofCore
import PushProofJSON

/// What an implementation answers to one request.
public enum OperationOutcome: Sendable, Equatable {
    case output(JSONValue)
    /// A protocol error code (`BAD_REQUEST`, ...) and, where the protocol has one, its message.
    case error(code: String, message: String?)
    /// The implementation does not offer this operation or profile: the test is skipped.
    case unimplemented
    /// The implementation could not be asked (an adapter that hung, crashed or broke the
    /// protocol): the test fails with this reason.
    case adapterFailure(AdapterFailure)

    /// A protocol error, with its wire message where the protocol has one.
    public init(_ error: any CodedError) {
        self = .error(code: error.code, message: error.wireMessage)
    }

    /// The answer of a handler: what it returns, or what it throws as an answer: a `CodedError`
    /// as that error, an `InputError` (or anything else) as a harness error.
    public init(answering body: () throws -> OperationOutcome) {
        do {
            self = try body()
        } catch let error as any CodedError {
            self.init(error)
        } catch let error as InputError {
            self = .error(code: harnessInputErrorCode, message: error.message)
        } catch {
            self = .error(code: harnessInputErrorCode, message: "\(error)")
        }
    }

    /// The `expected` form of a vector: `{"output": ...}` or `{"error": CODE, "message"?: TEXT}`.
    public var json: JSONValue {
        switch self {
        case .output(let value): return ["output": value]
        case .error(let code, let message):
            return message.map { ["error": .string(code), "message": .string($0)] } ?? ["error": .string(code)]
        case .unimplemented: return ["unimplemented": true]
        case .adapterFailure(let failure): return ["adapterFailure": .string(failure.description)]
        }
    }
}
