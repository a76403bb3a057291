/// An implementation under test, seen only through named operations with JSON inputs and
/// outputs. The reference implements it in-process; an adapter speaking the same operations over
/// stdin/stdout implements it for another language (`ExternalImplementation`).
public protocol ConformanceImplementation: Sendable {
    var name: String { get }
    func perform(_ request: OperationRequest) -> OperationOutcome
}
