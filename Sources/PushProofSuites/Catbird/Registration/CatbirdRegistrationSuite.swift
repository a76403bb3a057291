import CatbirdMLS
import PushProofConformance

extension OperationName {
    public static let catbirdRegisterDevice: OperationName = "catbird.registerDevice"
    public static let catbirdInventoryTrace: OperationName = "catbird.inventoryTrace"
}

/// Catbird's device registration (the legacy server's, and the design document's) and the
/// KeyPackage inventory (enroll, replenish, claim, reserve, consume, expire, revoke, sweep) as
/// the clean protocol, the legacy server and the legacy flows with their bugs fixed handle it.
/// Vector file catbird_registration.
public struct CatbirdRegistrationSuite: ConformanceSuite {
    public init() {}

    public let name = "catbird-registration"

    public var operations: [SuiteOperation] {
        [
            SuiteOperation(
                .catbirdInventoryTrace, schema: CatbirdRegistrationSchemas.inventoryTrace,
                profiles: [.deployed, .legacy, .strict],
                output: InventoryOperations.inventoryTrace),
            SuiteOperation(
                .catbirdRegisterDevice, schema: CatbirdRegistrationSchemas.registerDevice,
                profiles: [.legacy, .proposal],
                output: DeviceRegistrationOperations.registerDevice),
        ]
    }

    public func vectorFiles() throws -> [VectorFileDeclaration] { [CatbirdRegistrationVectors.file()] }

    /// The reservation (300 s), the deployed lifetime bounds (600 s left at the least, 2,595,600 s
    /// at the most), the legacy upload hour, and the sweep's day and week.
    public var timeWindows: [Int64] {
        [
            KeyPackageInventory.reservationSeconds, KeyPackageInventory.deployedShortestRemaining,
            KeyPackageInventory.deployedLongestLifetime, 3600, 86_400, 7 * 86_400,
        ]
    }

    public var mutants: [Mutant] { CatbirdRegistrationMutants.all }

    public var fuzzTargets: [FuzzTarget] { [FuzzTarget("FuzzDeviceRegistry", run: DeviceRegistryHarness.run)] }
}
