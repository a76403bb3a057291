import PushProofConformance

extension OperationName {
    public static let convosPushRoute: OperationName = "convos.pushRoute"
}

/// The Convos push payload: parsed, classified by topic, and routed by its clientId to exactly
/// one per-conversation identity. Vector file convos_push.
public struct ConvosPushSuite: ConformanceSuite {
    public init() {}

    public let name = "convos-push"

    public var operations: [SuiteOperation] {
        [
            SuiteOperation(
                .convosPushRoute, schema: ConvosPushSchemas.route, profiles: [.deployed, .hardened],
                output: ConvosPushOperations.route)
        ]
    }

    public func vectorFiles() throws -> [VectorFileDeclaration] { [ConvosPushVectors.file()] }

    public var mutants: [Mutant] { ConvosPushMutants.all }
}
