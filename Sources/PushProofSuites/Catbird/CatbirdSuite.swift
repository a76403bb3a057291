import CatbirdMLS
import PushProofConformance

extension OperationName {
    public static let catbirdBareDid: OperationName = "catbird.bareDid"
    public static let catbirdDeviceId: OperationName = "catbird.deviceId"
    public static let catbirdCredentialIdentity: OperationName = "catbird.credentialIdentity"
    public static let catbirdSplitDeviceDid: OperationName = "catbird.splitDeviceDid"
    public static let catbirdKeyId: OperationName = "catbird.keyId"
    public static let catbirdDeviceKey: OperationName = "catbird.deviceKey"
    public static let catbirdSignedAt: OperationName = "catbird.signedAt"
    public static let catbirdKeyPackageDecode: OperationName = "catbird.keyPackageDecode"
    public static let catbirdKeyPackageValidate: OperationName = "catbird.keyPackageValidate"
}

/// Catbird's per-device MLS identity and KeyPackages (RFC 9420): identifiers, device keys, the
/// KeyPackage codec, and KeyPackage validation as the clean server (`deployed`), the early-2026
/// server (`legacy`) and RFC 9420 itself check it. Vector files catbird_identity,
/// catbird_keypackage_codec, catbird_keypackage_validate; the MLS working group's interop vectors
/// run with `pushproof interop mls DIR` (docs/catbird.md).
public struct CatbirdSuite: ConformanceSuite {
    public init() {}

    public let name = "catbird"

    public var operations: [SuiteOperation] {
        [
            SuiteOperation(.catbirdBareDid, profiles: [.deployed], output: CatbirdOperations.bareDid),
            SuiteOperation(.catbirdDeviceId, profiles: [.deployed], output: CatbirdOperations.deviceId),
            SuiteOperation(
                .catbirdCredentialIdentity, profiles: [.deployed, .legacy, .proposal],
                output: CatbirdOperations.credentialIdentity),
            SuiteOperation(.catbirdSplitDeviceDid, profiles: [.legacy], output: CatbirdOperations.splitDeviceDid),
            SuiteOperation(.catbirdKeyId, profiles: [.deployed], output: CatbirdOperations.keyId),
            SuiteOperation(.catbirdDeviceKey, profiles: [.deployed], output: CatbirdOperations.deviceKey),
            SuiteOperation(.catbirdSignedAt, profiles: [.deployed], output: CatbirdOperations.signedAt),
            SuiteOperation(.catbirdKeyPackageDecode, profiles: [.rfc9420], output: CatbirdOperations.keyPackageDecode),
            SuiteOperation(
                .catbirdKeyPackageValidate, profiles: [.deployed, .legacy, .rfc9420],
                output: CatbirdOperations.keyPackageValidate),
            SuiteOperation(
                .catbirdEpochKeyTrace, profiles: [.deployed, .strict, .proposal],
                output: EpochKeyOperations.epochKeyTrace),
            SuiteOperation(
                .catbirdInventoryTrace, profiles: [.deployed, .legacy, .strict],
                output: InventoryOperations.inventoryTrace),
            SuiteOperation(
                .catbirdRegisterDevice, profiles: [.legacy, .proposal],
                output: DeviceRegistrationOperations.registerDevice),
            SuiteOperation(
                .catbirdKeychainItem, profiles: [.deployed, .proposal], output: EpochKeyOperations.keychainItem),
        ]
    }

    public func vectorFiles() throws -> [VectorFileDeclaration] {
        [
            try CatbirdIdentityVectors.file(), try CatbirdCodecVectors.file(), try CatbirdValidationVectors.file(),
            EpochKeyVectors.file(), CatbirdRegistrationVectors.file(),
        ]
    }

    /// The reservation (300 s), the signedAt window (300 s behind, 60 s ahead), the deployed
    /// lifetime bounds (600 s left at the least, 2,595,600 s at the most), the legacy upload
    /// hour, and the sweep's day and week.
    public var timeWindows: [Int64] {
        [
            KeyPackageInventory.reservationSeconds, SignedAtWindow.maximumAgeMilliseconds / 1000,
            SignedAtWindow.maximumLeadMilliseconds / 1000, KeyPackageInventory.deployedShortestRemaining,
            KeyPackageInventory.deployedLongestLifetime, 3600, 86_400, 7 * 86_400,
        ]
    }

    public var mutants: [Mutant] { CatbirdMutants.all + EpochKeyMutants.all + DeviceRegistrationMutants.all }

    public var interopSets: [InteropSet] { [MLSInteropVectors.set] }
}
