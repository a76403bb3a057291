import PushProofConformance
import ZulipRegistration

extension OperationName {
    public static let registrationTokenId: OperationName = "registration.tokenId"
    public static let registrationSeal: OperationName = "registration.seal"
    public static let registrationBouncer: OperationName = "registration.bouncer"
    public static let registrationServerParameters: OperationName = "registration.serverParameters"
    public static let registrationServerLifecycle: OperationName = "registration.serverLifecycle"
}

/// Zulip's sealed push registration: the device seals its token to the bouncer's key, the server
/// relays it, the bouncer opens and checks it. Vector files registration_client, _bouncer, _server.
public struct RegistrationSuite: ConformanceSuite {
    public init() {}

    public let name = "registration"

    public var operations: [SuiteOperation] {
        [
            SuiteOperation(
                .registrationTokenId, schema: RegistrationSchemas.tokenId, output: RegistrationOperations.tokenId),
            SuiteOperation(.registrationSeal, schema: RegistrationSchemas.seal, output: RegistrationOperations.seal),
            SuiteOperation(
                .registrationBouncer, schema: RegistrationSchemas.bouncer, profiles: [.deployed, .hardened, .proposal],
                wireError: RegistrationWireErrors.bouncer,
                output: {
                    // The deployed profile answers as the deployed bouncer; hardened and proposal strictly.
                    try RegistrationOperations.bouncer(
                        $0, strictness: $0.profile == .deployed ? .deployedCompatible : .strict)
                }),
            SuiteOperation(
                .registrationServerParameters, schema: RegistrationSchemas.serverParameters,
                profiles: [.deployed, .hardened, .proposal],
                wireError: RegistrationWireErrors.serverParameters, output: RegistrationOperations.serverParameters),
            SuiteOperation(
                .registrationServerLifecycle, schema: RegistrationSchemas.serverLifecycle,
                profiles: [.deployed, .hardened, .proposal], output: RegistrationOperations.serverLifecycle),
        ]
    }

    public func vectorFiles() throws -> [VectorFileDeclaration] {
        [try RegistrationClientVectors.file(), try RegistrationBouncerVectors.file(), RegistrationServerVectors.file()]
    }

    /// The bouncer's liveness timeout.
    public var timeWindows: [Int64] { [PushBouncer.livenessTimeout] }

    public var mutants: [Mutant] { RegistrationMutants.all }
}
