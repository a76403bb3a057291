/// The upstream lines each Catbird vector's answer rests on (docs/provenance.md).
enum CatbirdSources {
    static let cleanCommit = "10b0febca5fc74fde45e8d64e03b806eaead968c"
    static let legacyCommit = "5278d0ce66460ab184954d5a34113915799ebb64"

    static func validation(_ lines: String) -> String {
        "joshlacal/mls-ds@\(cleanCommit):server/src/chat_protocol/validation.rs:\(lines)"
    }

    static let bareDid = validation("30-49")
    static let didWebHost = validation("14-24,154-188")
    static let deviceId = validation("197-213")
    static let credentialIdentity = validation("146-152")
    static let timestamp = validation("237-271")
    static let keyId = validation("376-381")
    static let signedAt = validation("433-450")
    static let legacySplit = "joshlacal/mls-ds@\(legacyCommit):server/src/device_utils.rs:19-33"
}

extension CatbirdSources {
    static let wireCommit = "31cff9f619ab29939673a6507961f099c2e37a03"
    static let enrollDevice =
        "joshlacal/mls-ds@20bfa48c7342df2be38d04f30bd95a4d7c936e91:server/src/handlers/chat/enroll_device.rs:186-214"
    static let xwingCheck =
        "joshlacal/mls-ds@c7b34b7b002458ff81285f6d997c1a9e9c254217:server/src/chat_protocol/mod.rs:7-69"
}

/// The client's epoch-key storage (CatbirdMLSCore, the Swift library the app ships).
extension CatbirdSources {
    static let coreCommit = "3071f3add70f5c562c328ca006560463ed65cc81"

    static func core(_ path: String, _ lines: String) -> String {
        "joshlacal/CatbirdMLSCore@\(coreCommit):Sources/CatbirdMLSCore/\(path):\(lines)"
    }

    static func storage(_ lines: String) -> String { core("Storage/MLSStorage.swift", lines) }
    static func keychain(_ lines: String) -> String { core("Storage/MLSKeychainManager.swift", lines) }

    static let saveEpochSecret = storage("1170-1190")
    static let getEpochSecret = storage("1193-1208")
    static let deleteEpochSecret = storage("1211-1226")
    static let deleteEpochsBefore = storage("1229-1245")
    static let deleteOldEpochKeys = storage("1352-1391")
    static let deleteMarkedEpochKeys = storage("1421-1437")
    static let normalizeDID = core("Storage/MLSStorageHelpers.swift", "32-34")
    static let epochKeySchema = core("Storage/MLSGRDBManager.swift", "4615-4616,4690-4700")
    static let deleteConversation = core("Service/Extensions/MLSConversationManager+Sync.swift", "2753-2772")
    static let databasePerAccount = core("Storage/MLSGRDBManager.swift", "5927-5936")
    static let storeEpochSecrets = keychain("508-524")
    static let keyPackageTable = core("Storage/MLSGRDBManager.swift", "4679-4688")
    static let keychainNames = keychain("148-177")
    static let keychainStore = keychain("589-612")
    static let currentEpochItem = keychain("246-251")
    static let deletePrivateKeys = keychain("444-454")
    static let deleteAllKeys = keychain("572-585")
    static let epochMetadataItem = keychain("723-731")
    static let archiveItem = keychain("759-768")
    static let otherItems = keychain("195-210,322-360")
    /// RFC 9420 §9.2, the deletion schedule: the `strict` profile's rule.
    static let rfcDeletion = "RFC 9420 §9.2"
    static let seedStorage = "seed 004_ed79bc1063c70573.txt (Core Data model, Keychain Manager, Security)"
}
