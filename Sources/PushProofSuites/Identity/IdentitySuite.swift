import PushProofConformance

extension OperationName {
    public static let identityKeccak256: OperationName = "identity.keccak256"
    public static let identityFromPrivateKey: OperationName = "identity.fromPrivateKey"
    public static let identityInboxId: OperationName = "identity.inboxId"
    public static let identityKeychainDecode: OperationName = "identity.keychainDecode"
    public static let identityKeychainEncode: OperationName = "identity.keychainEncode"
    public static let identityStoreTrace: OperationName = "identity.storeTrace"
    public static let identityBackendRequest: OperationName = "identity.backendRequest"
    public static let identityTeardown: OperationName = "identity.teardown"
    public static let identityResolvePush: OperationName = "identity.resolvePush"
}

/// Convos' per-conversation identities and the clientId mapping: keys, addresses and inbox ids,
/// the identity store and its keychain record, and what the push backend receives. Vector files
/// identity_derivation, _keychain, _store, _backend.
public struct IdentitySuite: ConformanceSuite {
    public init() {}

    public let name = "identity"

    public var operations: [SuiteOperation] {
        [
            SuiteOperation(.identityKeccak256, profiles: [.deployed], output: IdentityOperations.keccak),
            SuiteOperation(.identityFromPrivateKey, profiles: [.deployed], output: IdentityOperations.fromPrivateKey),
            SuiteOperation(.identityInboxId, profiles: [.deployed], output: IdentityOperations.inboxId),
            SuiteOperation(
                .identityKeychainDecode, profiles: [.deployed, .hardened], output: IdentityOperations.keychainDecode),
            SuiteOperation(
                .identityKeychainEncode, profiles: [.deployed], meaning: IdentityOperations.recordMeaning,
                output: IdentityOperations.keychainEncode),
            SuiteOperation(.identityStoreTrace, profiles: [.deployed], output: IdentityOperations.storeTrace),
            SuiteOperation(.identityBackendRequest, profiles: [.deployed], output: IdentityOperations.backendRequest),
            SuiteOperation(.identityTeardown, profiles: [.deployed, .hardened], output: IdentityOperations.teardown),
            SuiteOperation(.identityResolvePush, profiles: [.deployed], output: IdentityOperations.resolvePush),
        ]
    }

    public func vectorFiles() throws -> [VectorFileDeclaration] {
        [
            try IdentityDerivationVectors.file(), try IdentityKeychainVectors.file(), try IdentityStoreVectors.file(),
            try IdentityBackendVectors.file(),
        ]
    }

    public var mutants: [Mutant] { IdentityMutants.all }
}
