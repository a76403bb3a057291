import CatbirdMLS
import PushProofConformance

extension OperationName {
    public static let catbirdKeyPackageDecode: OperationName = "catbird.keyPackageDecode"
    public static let catbirdKeyPackageValidate: OperationName = "catbird.keyPackageValidate"
}

/// Catbird's KeyPackages (RFC 9420): the codec, and validation as the clean server (`deployed`),
/// the early-2026 server (`legacy`) and RFC 9420 itself check an upload. Vector files
/// catbird_keypackage_codec and catbird_keypackage_validate; the MLS working group's interop
/// vectors run with `pushproof interop mls DIR` (docs/catbird.md).
public struct CatbirdKeyPackageSuite: ConformanceSuite {
    public init() {}

    public let name = "catbird-keypackage"

    /// `legacy` follows upstream too: the early-2026 server (CatbirdProfiles.swift).
    public var upstreamProfiles: Set<Profile> { [.deployed, .legacy] }

    public var operations: [SuiteOperation] {
        [
            SuiteOperation(
                .catbirdKeyPackageDecode, schema: CatbirdKeyPackageSchemas.keyPackageDecode, profiles: [.rfc9420],
                alternatives: CatbirdKeyPackageOperations.keyPackageDecodeAlternatives,
                output: CatbirdKeyPackageOperations.keyPackageDecode),
            SuiteOperation(
                .catbirdKeyPackageValidate, schema: CatbirdKeyPackageSchemas.keyPackageValidate,
                profiles: [.deployed, .legacy, .rfc9420],
                alternatives: CatbirdKeyPackageOperations.keyPackageValidateAlternatives,
                wireError: CatbirdKeyPackageOperations.keyPackageValidateWireError,
                output: CatbirdKeyPackageOperations.keyPackageValidate),
        ]
    }

    public func vectorFiles() throws -> [VectorFileDeclaration] {
        [try CatbirdKeyPackageCodecVectors.file(), try CatbirdKeyPackageValidateVectors.file()]
    }

    /// The clean server's lifetime bounds (600 s left at the least, 2,595,600 s at the most) and
    /// the day of the fixtures' lifetimes.
    public var timeWindows: [Int64] {
        [KeyPackageInventory.deployedShortestRemaining, KeyPackageInventory.deployedLongestLifetime, 3600, 86_400]
    }

    public var mutants: [Mutant] { CatbirdKeyPackageMutants.all }

    public var interopSets: [InteropSet] { [MLSInteropVectors.set] }
}
