import CatbirdMLS
import PushProofConformance

extension OperationName {
    public static let catbirdEpochKeyTrace: OperationName = "catbird.epochKeyTrace"
    public static let catbirdKeychainItem: OperationName = "catbird.keychainItem"
}

/// The Catbird device's epoch-key storage: database rows as the client ships them (`deployed`),
/// as RFC 9420's deletion schedule requires (`strict`) and as the design document describes them
/// (`proposal`), and the keychain items beside them. Vector file catbird_epoch_keys.
public struct CatbirdEpochKeysSuite: ConformanceSuite {
    public init() {}

    public let name = "catbird-epoch-keys"

    public var operations: [SuiteOperation] {
        [
            SuiteOperation(
                .catbirdEpochKeyTrace, schema: CatbirdEpochKeysSchemas.epochKeyTrace,
                profiles: [.deployed, .strict, .proposal],
                output: CatbirdEpochKeysOperations.epochKeyTrace),
            SuiteOperation(
                .catbirdKeychainItem, schema: CatbirdEpochKeysSchemas.keychainItem, profiles: [.deployed, .proposal],
                output: CatbirdEpochKeysOperations.keychainItem),
        ]
    }

    public func vectorFiles() throws -> [VectorFileDeclaration] { [CatbirdEpochKeysVectors.file()] }

    public var mutants: [Mutant] { CatbirdEpochKeysMutants.all }

    public var fuzzTargets: [FuzzTarget] {
        [FuzzTarget("FuzzEpochKeyStore", seeds: Self.traces, run: EpochKeyStoreHarness.run)]
    }

    /// The epoch-key traces, as typed steps written through the target's layout.
    static func traces(_ files: [VectorFile]) -> [[UInt8]] {
        files.tests(of: "catbird_epoch_keys").compactMap { _, test in
            guard let steps = test.input["steps"]?.arrayValue else { return nil }
            return EpochKeyFuzzStep.encode(
                EpochKeyFuzzStep.steps(of: steps, userDid: test.input["userDid"]?.stringValue ?? ""))
        }
    }
}
