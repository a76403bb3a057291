import PushProofJSON

/// The reference implementation, behind the same named operations any other implementation
/// offers. Each protocol module contributes a table of handlers.
public struct ReferenceImplementation: ConformanceImplementation {
    typealias Handler = @Sendable (JSONValue) throws -> OperationOutcome

    public let name = "pushproof-reference"
    private let handlers: [String: Handler]

    public init() {
        var all: [String: Handler] = [:]
        for table in [RegistrationOperations.handlers, EnvelopeOperations.handlers, IdentityOperations.handlers, ExplodeOperations.handlers] {
            all.merge(table) { _, _ in preconditionFailure("two suites define the same operation") }
        }
        handlers = all
    }

    public var operations: [String] { handlers.keys.sorted() }

    public func perform(operation: String, input: JSONValue) -> OperationOutcome {
        guard let handler = handlers[operation] else { return .unimplemented }
        do {
            return try handler(input)
        } catch let error as InputError {
            return .error(code: harnessInputErrorCode, message: error.message)
        } catch {
            return .error(code: harnessInputErrorCode, message: "\(error)")
        }
    }
}
