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
            SuiteOperation(
                .identityKeccak256, schema: IdentitySchemas.keccak256, profiles: [.deployed],
                output: IdentityOperations.keccak),
            SuiteOperation(
                .identityFromPrivateKey, schema: IdentitySchemas.fromPrivateKey, profiles: [.deployed],
                output: IdentityOperations.fromPrivateKey),
            SuiteOperation(
                .identityInboxId, schema: IdentitySchemas.inboxId, profiles: [.deployed],
                output: IdentityOperations.inboxId),
            SuiteOperation(
                .identityKeychainDecode, schema: IdentitySchemas.keychainDecode, profiles: [.deployed, .hardened],
                alternatives: KeychainRecordEncodings.alternatives,
                output: IdentityOperations.keychainDecode),
            SuiteOperation(
                .identityKeychainEncode, schema: IdentitySchemas.keychainEncode, profiles: [.deployed],
                meaning: IdentityOperations.recordMeaning,
                output: IdentityOperations.keychainEncode),
            SuiteOperation(
                .identityStoreTrace, schema: IdentitySchemas.storeTrace, profiles: [.deployed],
                output: IdentityOperations.storeTrace),
            SuiteOperation(
                .identityBackendRequest, schema: IdentitySchemas.backendRequest, profiles: [.deployed],
                output: IdentityOperations.backendRequest),
            SuiteOperation(
                .identityTeardown, schema: IdentitySchemas.teardown, profiles: [.deployed, .hardened],
                output: IdentityOperations.teardown),
            SuiteOperation(
                .identityResolvePush, schema: IdentitySchemas.resolvePush, profiles: [.deployed],
                output: IdentityOperations.resolvePush),
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
