/// A keychain item the Catbird client writes: what it is, which conversation, epoch, KeyPackage or
/// account it belongs to, and the account name it is stored under.
///
/// Names and attributes follow `MLSKeychainManager.swift` at CatbirdMLSCore@3071f3ad (lines
/// 148-177 for the `KeychainKey` names, 195-210, 322-360 and 720-776 for the others); the
/// design document (seed 004) fixes only the accessibility classes.
public struct KeychainItem: Hashable, Sendable, Comparable {
    public enum Kind: String, CaseIterable, Sendable {
        case groupState, privateKey, signatureKey, encryptionKey, epochSecrets, hpkePrivateKey, currentEpoch
        case welcomeMessage, userEncryptionKey, invitePSK, rejoinPSK, epochMetadata, archive

        /// Whether the item belongs to one epoch of a conversation.
        public var isPerEpoch: Bool { [.privateKey, .epochSecrets, .epochMetadata, .archive].contains(self) }

        /// Whether the item belongs to a conversation at all.
        public var isPerConversation: Bool {
            ![.hpkePrivateKey, .userEncryptionKey, .invitePSK].contains(self)
        }
    }

    public let kind: Kind
    public let conversation: String?
    public let epoch: Int64?
    /// KeyPackage id (hpkePrivateKey), invite id (invitePSK), user DID (userEncryptionKey,
    /// rejoinPSK) or archive type (archive).
    public let qualifier: String?

    public init(kind: Kind, conversation: String? = nil, epoch: Int64? = nil, qualifier: String? = nil) throws {
        func need<T>(_ value: T?, _ what: String) throws -> T {
            guard let value else { throw EpochKeyStoreError.missingAddress("a \(kind.rawValue) item needs \(what)") }
            return value
        }
        if kind.isPerConversation { _ = try need(conversation, "a conversation") }
        if kind.isPerEpoch { _ = try need(epoch, "an epoch") }
        switch kind {
        case .hpkePrivateKey: _ = try need(qualifier, "a keyPackageId")
        case .invitePSK: _ = try need(qualifier, "an inviteId")
        case .userEncryptionKey, .rejoinPSK: _ = try need(qualifier, "a userDid")
        case .archive: _ = try need(qualifier, "an archiveType")
        default: break
        }
        self.kind = kind
        self.conversation = kind.isPerConversation ? conversation : nil
        self.epoch = kind.isPerEpoch ? epoch : nil
        self.qualifier =
            [.hpkePrivateKey, .invitePSK, .userEncryptionKey, .rejoinPSK, .archive].contains(kind) ? qualifier : nil
    }

    /// The keychain account (`kSecAttrAccount`) the client stores the item under.
    public var account: String {
        let c = conversation ?? ""
        let e = epoch.map(String.init) ?? ""
        let q = qualifier ?? ""
        switch kind {
        case .groupState: return "mls.groupstate.\(c)"
        case .privateKey: return "mls.privatekey.\(c).epoch.\(e)"
        case .signatureKey: return "mls.signaturekey.\(c)"
        case .encryptionKey: return "mls.encryptionkey.\(c)"
        case .epochSecrets: return "mls.epochsecrets.\(c).epoch.\(e)"
        case .hpkePrivateKey: return "mls.hpke.privatekey.\(q)"
        case .currentEpoch: return "mls.currentepoch.\(c)"
        case .welcomeMessage: return "mls.welcomemessage.\(c)"
        case .userEncryptionKey: return "mls.encryption.key.\(q)"
        case .invitePSK: return "mls.invite.psk.\(q)"
        case .rejoinPSK: return "mls.rejoin.psk.\(c).\(q)"
        case .epochMetadata: return "mls.epoch.metadata.\(c).epoch.\(e)"
        case .archive: return "mls.archive.\(q).\(c).epoch.\(e)"
        }
    }

    public static func < (a: KeychainItem, b: KeychainItem) -> Bool { a.account < b.account }
}

/// `kSecAttrAccessible` classes.
public enum KeychainAccessibility: String, Sendable {
    case afterFirstUnlock = "kSecAttrAccessibleAfterFirstUnlock"
    case afterFirstUnlockThisDeviceOnly = "kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly"
    case whenUnlockedThisDeviceOnly = "kSecAttrAccessibleWhenUnlockedThisDeviceOnly"

    /// Whether an encrypted backup restores the item onto another device.
    public var migratesToNewDevice: Bool { self == .afterFirstUnlock }
}

/// The attributes an item is written with.
public struct KeychainItemAttributes: Equatable, Sendable {
    /// `kSecAttrService`; nil where the design names none.
    public let service: String?
    /// `kSecAttrAccount`; nil where the design names none.
    public let account: String?
    public let accessible: KeychainAccessibility
    public let synchronizable: Bool

    /// The client as shipped: service `blue.catbird.mls` (line 31), every item
    /// `AfterFirstUnlockThisDeviceOnly` and not synchronizable (`store`, 589-612) except the
    /// current epoch (246-251), epoch metadata (723-731) and archived keys (765-771), written
    /// `AfterFirstUnlock`.
    public static func deployed(_ item: KeychainItem) -> KeychainItemAttributes {
        let loose: Set<KeychainItem.Kind> = [.currentEpoch, .epochMetadata, .archive]
        return KeychainItemAttributes(
            service: "blue.catbird.mls", account: item.account,
            accessible: loose.contains(item.kind) ? .afterFirstUnlock : .afterFirstUnlockThisDeviceOnly,
            synchronizable: false)
    }

    /// The design document (seed 004, "Access Control"): group state `AfterFirstUnlock`, the
    /// cryptographic keys `WhenUnlockedThisDeviceOnly`, nothing synchronised. It names six kinds
    /// of item and no account names.
    public static func proposal(_ kind: KeychainItem.Kind) throws -> KeychainItemAttributes {
        switch kind {
        case .groupState:
            return KeychainItemAttributes(
                service: nil, account: nil, accessible: .afterFirstUnlock, synchronizable: false)
        case .privateKey, .signatureKey, .encryptionKey, .epochSecrets, .hpkePrivateKey:
            return KeychainItemAttributes(
                service: nil, account: nil, accessible: .whenUnlockedThisDeviceOnly, synchronizable: false)
        default:
            throw EpochKeyStoreError.unknownItemKind("the design document names no `\(kind.rawValue)` item")
        }
    }
}
