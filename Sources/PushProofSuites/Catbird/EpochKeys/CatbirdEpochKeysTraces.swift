import PushProofConformance
import PushProofJSON

/// catbird_epoch_keys: the traces of two accounts on one device, of the metadata the epoch
/// secrets write, and of steps read before any runs.
extension CatbirdEpochKeysVectors {
    /// Why the deployed keychain lists of the traces that store epoch secrets hold metadata items.
    static let metadataNote =
        "each epoch-secrets store also writes that epoch's metadata item (storeEpochSecrets), which stays"

    /// Two accounts on one device: every database call stays in its account's database.
    static func accountTraces(second: String, shouting: String) -> [Trace] {
        let both = [save(0), save(1), save(0, user: second), save(1, user: second)]
        let source = S.databasePerAccount + " " + S.epochKeySchema
        return [
            Trace(
                comment: "two accounts: one account's delete-before leaves the other's epochs",
                flags: ["TwoAccounts", "DeleteBefore"],
                steps: both + [before(2, user: second), get(0), get(0, user: second)],
                source: source + " " + S.deleteEpochsBefore, deployedFlags: ["DatabasePerAccount", "SoftDelete"]),
            Trace(
                comment: "two accounts: one account's keep-last and hard delete leave the other's rows",
                flags: ["TwoAccounts", "KeepLast", "HardDelete"],
                steps: both + [
                    keepLast(0), keepLast(0, user: second), purge(user: second), get(0), get(0, user: second),
                ],
                source: source + " " + S.deleteOldEpochKeys + " " + S.deleteMarkedEpochKeys,
                deployedFlags: ["DatabasePerAccount", "KeepLastReadable"]),
            Trace(
                comment: "two accounts: one account deletes the conversation, the other's rows stay",
                flags: ["TwoAccounts", "DeleteConversation"],
                steps: both + [dropConversation(user: second), get(0), get(0, user: second), dropConversation()],
                source: source + " " + S.deleteConversation, deployedFlags: ["DatabasePerAccount"]),
            Trace(
                comment: "two accounts: the same KeyPackage id is a row in each account's database",
                flags: ["TwoAccounts", "DeleteConversation"],
                steps: [
                    keyPackage("kp-1"), keyPackage("kp-1", user: second), keyPackage("kp-1"),
                    dropConversation(user: second),
                ], source: S.databasePerAccount + " " + S.keyPackageTable + " " + S.deleteConversation,
                deployedFlags: ["DatabasePerAccount", "KeyPackagesNotCascaded"]),
            Trace(
                comment: "an account's DID in upper case with white space names the same database",
                flags: ["TwoAccounts", "DidNormalisation"],
                steps: [save(0, user: shouting), save(0, version: 1), dropConversation(user: shouting), get(0)],
                source: source + " " + S.normalizeDID),
        ]
    }

    /// `storeEpochSecrets` also writes the epoch's metadata item (deployed).
    static func metadataTraces() -> [Trace] {
        let source = S.storeEpochSecrets
        return [
            Trace(
                comment: "keychain: epoch secrets stored, then the epoch's metadata stored over the one that wrote",
                flags: ["KeychainMetadata"],
                steps: [
                    store(item("epochSecrets", 3)), store(item("epochMetadata", 3)), store(item("epochMetadata", 4)),
                ],
                source: source, deployedFlags: ["EpochMetadataWritten"]),
            Trace(
                comment: "keychain: epoch secrets stored twice, at epoch 0, a negative epoch and past 1000",
                flags: ["KeychainMetadata", "EpochBoundary"],
                steps: [
                    store(item("epochSecrets", 0)), store(item("epochSecrets", 0)), store(item("epochSecrets", -1)),
                    store(item("epochSecrets", 1001)), store(item("epochSecrets", 0, other)),
                ], source: source, deployedFlags: ["EpochMetadataWritten"]),
            Trace(
                comment:
                    "keychain: the metadata the epoch secrets wrote after delete-before, the wipe and the conversation's delete",
                flags: ["KeychainMetadata", "KeychainDeleteBefore", "KeychainWipe"],
                steps: [
                    store(item("epochSecrets", 1)), store(item("privateKey", 1)), deletePrivateKeys(2),
                    store(item("epochSecrets", 2, other)), deleteAll(), dropConversation(other),
                ], source: source + " " + S.deletePrivateKeys + " " + S.deleteAllKeys,
                deployedFlags: ["EpochMetadataWritten", "PrivateKeysOnly", "MetadataAndArchiveSurvive"],
                strictFlags: ["ForwardSecrecy"]),
        ]
    }
}
