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

    /// `legacy` follows upstream too: the early-2026 server (CatbirdProfiles.swift).
    public var upstreamProfiles: Set<Profile> { [.deployed, .legacy] }

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

    public var fuzzTargets: [FuzzTarget] {
        [FuzzTarget("FuzzDeviceRegistry", seeds: { _ in Self.registrySeeds }, run: DeviceRegistryHarness.run)]
    }

    /// Hand-written step sequences (the call and its argument, ``DeviceRegistryFuzzSteps``): publish,
    /// claim, move packages along the status machine, revoke, register and move the clock; the last
    /// registers (call 6, argument 24-87) a restore by key, another user's key, a taken id and a new
    /// device, then publishes a batch whose declared ref is not its own.
    static let registrySeeds: [[UInt8]] = [
        [0, 0, 1, 0, 1, 0, 3, 1], [0, 4, 0, 132, 0, 64, 1, 1], [0, 8, 2, 0, 4, 0, 1, 0], [0, 0, 7, 200, 5, 0, 1, 0],
        [0, 5, 6, 2, 0, 2, 1, 2], [0, 10, 1, 10, 3, 1, 3, 1], [1, 0, 6, 30, 1, 0, 6, 25, 6, 38, 6, 44, 0, 60],
    ]
}
