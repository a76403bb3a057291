/// The reference implementation: the handlers of a list of suites behind the same named
/// operations any other implementation offers.
public struct ReferenceImplementation: ConformanceImplementation {
    public let name = "pushproof-reference"
    private let table: [OperationName: SuiteOperation]

    public init(suites: [any ConformanceSuite]) {
        var table: [OperationName: SuiteOperation] = [:]
        for suite in suites {
            for operation in suite.operations {
                precondition(table[operation.name] == nil, "two suites define \(operation.name)")
                table[operation.name] = operation
            }
        }
        self.table = table
    }

    public var operations: [OperationName] { table.keys.sorted() }
    public var profiles: Set<Profile> { table.values.reduce(into: []) { $0.formUnion($1.profiles) } }

    public func perform(_ request: OperationRequest) -> OperationOutcome {
        guard let operation = table[request.operation], operation.profiles.contains(request.profile) else {
            return .unimplemented
        }
        return OperationOutcome { try operation.handler(request) }
    }

    public func alternatives(for request: OperationRequest) -> [OperationOutcome] {
        guard let operation = table[request.operation], operation.profiles.contains(request.profile) else { return [] }
        return operation.alternatives?(request) ?? []
    }
}
