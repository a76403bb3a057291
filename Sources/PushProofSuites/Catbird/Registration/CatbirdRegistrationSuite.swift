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
        [
            FuzzTarget(
                "FuzzDeviceRegistry", seeds: { _ in Self.registrySeeds.map(DeviceRegistryFuzzStep.encode) },
                run: DeviceRegistryHarness.run)
        ]
    }

    /// Step sequences the vectors hold no trace of (``DeviceRegistryFuzzStep``): publish, claim,
    /// move packages along the status machine, revoke, register and move the clock; the last
    /// registers a restore by key, another user's key and two taken ids, then publishes a batch
    /// whose declared ref is not its own.
    static let registrySeeds: [[DeviceRegistryFuzzStep]] = [
        [.publish(.init(device: 0)), .claim(device: 0), .claim(device: 0), .consume(ref: 1)],
        [
            .publish(.init(device: 1, packages: 2)), .publish(.init(device: 0, repeatsRef: true)),
            .publish(.init(device: 1, packages: 2, repeatsInitKey: true)), .claim(device: 1),
        ],
        [.publish(.init(device: 2, packages: 3)), .reserve(ref: 0), .release(ref: 0), .claim(device: 0)],
        [.publish(.init(device: 0)), .advance(tenMinutes: 200), .expire(ref: 0), .claim(device: 0)],
        [
            .publish(.init(device: 2, packages: 2, quarterDays: 2)), .revoke(device: 2),
            .publish(.init(device: 2, quarterDays: 3)), .claim(device: 2),
        ],
        [
            .publish(.init(device: 1, packages: 3, quarterDays: 3)), .claim(device: 1), .consume(ref: 1),
            .consume(ref: 1),
        ],
        [
            .claim(device: 0), .register(.init(secondUser: false, deviceId: 0, key: 1, quarterDays: 3)),
            .claim(device: 0),
            .register(.init(secondUser: true, deviceId: 2, key: 1, quarterDays: 2)),
            .register(.init(secondUser: true, deviceId: 0, key: 4, quarterDays: 3)),
            .register(.init(secondUser: false, deviceId: 1, key: 5, quarterDays: 1)),
            .publish(.init(device: 0, declaresOtherRef: true)),
        ],
    ]
}
