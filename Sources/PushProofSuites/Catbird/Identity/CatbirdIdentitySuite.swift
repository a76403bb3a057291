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
}

/// Catbird's per-device identity: bare DIDs, device ids, the `did#deviceId` credential identity
/// (and the legacy server's reading of it), key ids, device keys and the `signedAt` window.
/// Vector file catbird_identity.
public struct CatbirdIdentitySuite: ConformanceSuite {
    public init() {}

    public let name = "catbird-identity"

    /// `legacy` follows upstream too: the early-2026 server (CatbirdProfiles.swift).
    public var upstreamProfiles: Set<Profile> { [.deployed, .legacy] }

    public var operations: [SuiteOperation] {
        [
            SuiteOperation(
                .catbirdBareDid, schema: CatbirdIdentitySchemas.bareDid, profiles: [.deployed],
                wireError: CatbirdIdentityOperations.wireError, output: CatbirdIdentityOperations.bareDid),
            SuiteOperation(
                .catbirdDeviceId, schema: CatbirdIdentitySchemas.deviceId, profiles: [.deployed],
                wireError: CatbirdIdentityOperations.wireError, output: CatbirdIdentityOperations.deviceId),
            SuiteOperation(
                .catbirdCredentialIdentity, schema: CatbirdIdentitySchemas.credentialIdentity,
                profiles: [.deployed, .legacy, .proposal, .hardened],
                alternatives: CatbirdIdentityOperations.credentialIdentityAlternatives,
                wireError: CatbirdIdentityOperations.wireError, output: CatbirdIdentityOperations.credentialIdentity),
            SuiteOperation(
                .catbirdSplitDeviceDid, schema: CatbirdIdentitySchemas.splitDeviceDid, profiles: [.legacy],
                output: CatbirdIdentityOperations.splitDeviceDid),
            SuiteOperation(
                .catbirdKeyId, schema: CatbirdIdentitySchemas.keyId, profiles: [.deployed],
                wireError: CatbirdIdentityOperations.wireError, output: CatbirdIdentityOperations.keyId),
            SuiteOperation(
                .catbirdDeviceKey, schema: CatbirdIdentitySchemas.deviceKey, profiles: [.deployed],
                wireError: CatbirdIdentityOperations.wireError, output: CatbirdIdentityOperations.deviceKey),
            SuiteOperation(
                .catbirdSignedAt, schema: CatbirdIdentitySchemas.signedAt, profiles: [.deployed],
                wireError: CatbirdIdentityOperations.wireError, output: CatbirdIdentityOperations.signedAt),
        ]
    }

    public func vectorFiles() throws -> [VectorFileDeclaration] { [try CatbirdIdentityVectors.file()] }

    /// The signedAt window: 300 s behind, 60 s ahead.
    public var timeWindows: [Int64] {
        [SignedAtWindow.maximumAgeMilliseconds / 1000, SignedAtWindow.maximumLeadMilliseconds / 1000]
    }

    public var mutants: [Mutant] { CatbirdIdentityMutants.all }
}
