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
            SuiteOperation(.registrationTokenId, output: RegistrationOperations.tokenId),
            SuiteOperation(.registrationSeal, output: RegistrationOperations.seal),
            SuiteOperation(
                .registrationBouncer, profiles: [.deployed, .hardened, .proposal],
                alternatives: RegistrationOperations.bouncerAlternatives,
                output: { try RegistrationOperations.bouncer($0, strictness: .strict) }),
            SuiteOperation(
                .registrationServerParameters, profiles: [.deployed, .hardened, .proposal],
                output: RegistrationOperations.serverParameters),
            SuiteOperation(
                .registrationServerLifecycle, profiles: [.deployed, .hardened, .proposal],
                output: RegistrationOperations.serverLifecycle),
        ]
    }

    public func vectorFiles() throws -> [VectorFileDeclaration] {
        [RegistrationClientVectors.file(), try RegistrationBouncerVectors.file(), RegistrationServerVectors.file()]
    }

    /// The bouncer's liveness timeout.
    public var timeWindows: [Int64] { [PushBouncer.livenessTimeout] }

    public var mutants: [Mutant] { RegistrationMutants.all }
}
