import PushProofCrypto

/// One call a Catbird client makes on its epoch-key storage, named after the upstream function
/// (CatbirdMLSCore@3071f3ad: `MLSStorage` for the database table `MLSEpochKeyModel`,
/// `MLSKeychainManager` for keychain items).
public enum EpochKeyStep: Sendable {
    /// `saveEpochSecret(userDID:conversationID:epoch:secretData:)`.
    case saveEpochSecret(user: String, conversation: String, epoch: Int64, secret: SecretBytes)
    /// `getEpochSecret(userDID:conversationID:epoch:)`.
    case getEpochSecret(user: String, conversation: String, epoch: Int64)
    /// `deleteEpochSecret(userDID:conversationID:epoch:)`.
    case deleteEpochSecret(user: String, conversation: String, epoch: Int64)
    /// `deleteEpochsBefore(userDID:conversationID:cutoffEpoch:)`.
    case deleteEpochsBefore(user: String, conversation: String, epoch: Int64)
    /// `deleteOldEpochKeys(conversationID:userDID:keepLast:)`.
    case deleteOldEpochKeys(user: String, conversation: String, keepLast: Int64)
    /// `deleteMarkedEpochKeys(userDID:)`.
    case deleteMarkedEpochKeys(user: String)
    /// The conversation's row deleted from the account's database
    /// (`MLSConversationManager+Sync.swift:2753-2772`).
    case deleteConversation(user: String, conversation: String)
    /// A KeyPackage row of the account's own (`MLSKeyPackageModel`, in the account's database),
    /// with the conversation it was used to join (the design document links the two; the shipped
    /// table has no such column).
    case saveKeyPackage(user: String, id: String, conversation: String)
    /// `MLSKeychainManager.store...` for one item.
    case storeKeychainItem(KeychainItem, value: SecretBytes)
    /// `MLSKeychainManager.retrieve...` for one item.
    case readKeychainItem(KeychainItem)
    /// `deletePrivateKeys(forConversationID:beforeEpoch:)`.
    case deletePrivateKeys(conversation: String, beforeEpoch: Int64)
    /// `deleteAllKeys(forConversationID:)`.
    case deleteAllKeys(conversation: String)

    /// A trace longer than this is refused before it runs.
    public static let maximumSteps = 1000

    /// Every step's name.
    public static let names: Set<String> = [
        "saveEpochSecret", "getEpochSecret", "deleteEpochSecret", "deleteEpochsBefore", "deleteOldEpochKeys",
        "deleteMarkedEpochKeys", "deleteConversation", "saveKeyPackage", "storeKeychainItem", "readKeychainItem",
        "deletePrivateKeys", "deleteAllKeys",
    ]

    /// The upstream function's name (the `op` of a trace step).
    public var name: String {
        switch self {
        case .saveEpochSecret: return "saveEpochSecret"
        case .getEpochSecret: return "getEpochSecret"
        case .deleteEpochSecret: return "deleteEpochSecret"
        case .deleteEpochsBefore: return "deleteEpochsBefore"
        case .deleteOldEpochKeys: return "deleteOldEpochKeys"
        case .deleteMarkedEpochKeys: return "deleteMarkedEpochKeys"
        case .deleteConversation: return "deleteConversation"
        case .saveKeyPackage: return "saveKeyPackage"
        case .storeKeychainItem: return "storeKeychainItem"
        case .readKeychainItem: return "readKeychainItem"
        case .deletePrivateKeys: return "deletePrivateKeys"
        case .deleteAllKeys: return "deleteAllKeys"
        }
    }
}

/// What one step did.
public enum EpochKeyStepResult: Equatable, Sendable {
    /// A new row or item.
    case stored
    /// An active row or an existing item overwritten.
    case replaced
    /// A deleted (or marked) row made readable again by saving the same epoch.
    case restored
    /// The store refused the step and changed nothing.
    case refused(EpochKeyStoreError)
    /// A read that found the value.
    case found([UInt8])
    case notFound
    /// Rows or items removed from storage.
    case deleted(Int)
    /// Rows marked for a later hard delete, still stored and still readable.
    case marked(Int)
    /// Rows made unreadable but still stored, key material included (a soft delete).
    case deactivated(Int)
    /// Upstream stops the process here (a Swift precondition); nothing of the step is written.
    case trap(String)

    public var outcome: String {
        switch self {
        case .stored: return "stored"
        case .replaced: return "replaced"
        case .restored: return "restored"
        case .refused: return "refused"
        case .found: return "found"
        case .notFound: return "notFound"
        case .deleted: return "deleted"
        case .marked: return "marked"
        case .deactivated: return "deactivated"
        case .trap: return "trap"
        }
    }
}
