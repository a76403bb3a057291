import PushProofCrypto

/// Which rules an epoch-key store follows.
public enum EpochKeyPolicy: String, CaseIterable, Sendable {
    /// The Catbird client as shipped (CatbirdMLSCore@3071f3ad): soft deletes, a later hard delete
    /// of marked rows, re-saving brings a deleted epoch back, `keepLast` leaves keys readable,
    /// the keychain wipe stops at epoch 1000.
    case deployed
    /// RFC 9420 §9.2 ("delete all security-sensitive values as soon as they are consumed"):
    /// every delete removes the key material, nothing below a deletion point is stored or taken
    /// back, deleting a conversation removes everything stored under its id.
    case strict
    /// The design document (seed 004): deletes are immediate, and a conversation's KeyPackages go
    /// with it (Core Data cascade); it says nothing about taking a deleted epoch back.
    case proposal
}

/// A device's epoch keys: the `MLSEpochKeyModel` table, the keychain items and the KeyPackage
/// rows, as one value that a trace of ``EpochKeyStep``s changes. The tables are per account: the
/// library keeps one database file per account (`MLSGRDBManager.swift:5927-5935`,
/// `mls_messages_<DID>.db`), here named by the normalised DID; the keychain is the device's. Every step either completes or
/// changes nothing; no input traps (upstream's traps are answered as ``EpochKeyStepResult/trap``).
public struct EpochKeyStore: Sendable {
    public let policy: EpochKeyPolicy

    struct Row: Sendable {
        var conversation: String
        var epoch: Int64
        var user: String
        var secret: SecretBytes
        var isActive: Bool
        /// `deletedAt` is set.
        var marked: Bool
    }

    /// A row's place: the account's database (its normalised DID), then the conversation and
    /// epoch (upstream's primary key `"<conversation>-<epoch>"` within that database).
    struct RowKey: Hashable, Sendable {
        var user: String
        var conversation: String
        var epoch: Int64
    }

    struct FloorKey: Hashable, Sendable {
        var user: String
        var conversation: String
    }

    private var rows: [RowKey: Row] = [:] { didSet { revision &+= 1 } }
    private var keychain: [KeychainItem: SecretBytes] = [:] { didSet { revision &+= 1 } }
    struct KeyPackageKey: Hashable, Sendable {
        var user: String
        var id: String
    }

    /// Per account, KeyPackage id -> the conversation it joined.
    private var keyPackages: [KeyPackageKey: String] = [:] { didSet { revision &+= 1 } }
    /// strict: per user and conversation, the lowest epoch that may still be stored.
    private var floors: [FloorKey: Int64] = [:] { didSet { revision &+= 1 } }
    /// strict: rows deleted one by one.
    private var deletedRows: Set<RowKey> = [] { didSet { revision &+= 1 } }
    /// strict: per conversation, the lowest epoch whose keychain items may still be stored.
    private var keychainFloors: [String: Int64] = [:] { didSet { revision &+= 1 } }

    /// Counts every write to the store's state (a write that stores the same value counts too):
    /// a step that leaves it unchanged changed nothing. Cheaper than comparing snapshots.
    public private(set) var revision = 0

    public init(policy: EpochKeyPolicy) { self.policy = policy }

    /// `MLSStorageHelpers.normalizeDID` (MLSStorageHelpers.swift:32-34): white space trimmed
    /// from both ends, then lower-cased. Foundation's `whitespacesAndNewlines` is Unicode
    /// White_Space and U+200B ZERO WIDTH SPACE (swiftlang/swift-foundation@767ff1c2:
    /// Sources/FoundationEssentials/String/BuiltInUnicodeScalarSet.swift:440-446).
    public static func normalizeDID(_ did: String) -> String {
        // Printable ASCII without white space or capitals is its own normal form.
        var plain = true
        for byte in did.utf8 where byte <= 0x20 || byte >= 0x7F || (byte >= 0x41 && byte <= 0x5A) {
            plain = false
            break
        }
        if plain { return did }
        // ASCII: trim its white space (tab to carriage return, space) and lower-case the letters
        // in one pass over the bytes.
        if did.utf8.allSatisfy({ $0 < 0x80 }) {
            let bytes = Array(did.utf8)
            let isSpace = { (b: UInt8) in b == 0x20 || (0x09...0x0D).contains(b) }
            guard let start = bytes.firstIndex(where: { !isSpace($0) }),
                let end = bytes.lastIndex(where: { !isSpace($0) })
            else { return "" }
            return String(
                decoding: bytes[start...end].map { (0x41...0x5A).contains($0) ? $0 + 0x20 : $0 }, as: UTF8.self)
        }
        let trimmed = { (s: Unicode.Scalar) in s.properties.isWhitespace || s.value == 0x200B }
        var scalars = Substring(did).unicodeScalars[...]
        while let first = scalars.first, trimmed(first) { scalars = scalars.dropFirst() }
        while let last = scalars.last, trimmed(last) { scalars = scalars.dropLast() }
        return String(String.UnicodeScalarView(scalars)).lowercased()
    }

    /// The row's place: the account's database, then `"<conversation>-<epoch>"` (MLSStorage.swift:1178).
    private func rowKey(user: String, conversation: String, epoch: Int64) -> RowKey {
        RowKey(user: user, conversation: conversation, epoch: epoch)
    }

    private func floorKey(user: String, conversation: String) -> FloorKey {
        FloorKey(user: user, conversation: conversation)
    }

    private static func checkEpoch(_ epoch: Int64, _ what: String) throws {
        guard epoch >= 0 else {
            throw EpochKeyStoreError.invalidEpoch("\(what) is a UInt64 upstream; \(epoch) is negative")
        }
    }

    /// Applies one step. Throws only for a step no client could make (a negative epoch where
    /// upstream takes a UInt64, a negative keepLast in a store that refuses it); the store is
    /// then unchanged.
    public mutating func apply(_ step: EpochKeyStep) throws -> EpochKeyStepResult {
        switch step {
        case .saveEpochSecret(let user, let conversation, let epoch, let secret):
            try Self.checkEpoch(epoch, "the epoch")
            return save(user: Self.normalizeDID(user), conversation: conversation, epoch: epoch, secret: secret)
        case .getEpochSecret(let user, let conversation, let epoch):
            try Self.checkEpoch(epoch, "the epoch")
            let u = Self.normalizeDID(user)
            guard let row = rows[rowKey(user: u, conversation: conversation, epoch: epoch)], row.user == u,
                row.isActive
            else { return .notFound }
            return .found(row.secret.revealedBytes())
        case .deleteEpochSecret(let user, let conversation, let epoch):
            try Self.checkEpoch(epoch, "the epoch")
            let u = Self.normalizeDID(user)
            let key = rowKey(user: u, conversation: conversation, epoch: epoch)
            if policy == .strict { deletedRows.insert(key) }
            guard let row = rows[key], row.user == u else { return policy == .deployed ? .deactivated(0) : .deleted(0) }
            if policy == .deployed {
                rows[key]?.isActive = false
                rows[key]?.marked = true
                return .deactivated(1)
            }
            rows[key] = nil
            return .deleted(1)
        case .deleteEpochsBefore(let user, let conversation, let cutoff):
            try Self.checkEpoch(cutoff, "the cutoff epoch")
            return deleteBefore(user: Self.normalizeDID(user), conversation: conversation, cutoff: cutoff)
        case .deleteOldEpochKeys(let user, let conversation, let keepLast):
            return try keepNewest(user: user, conversation: conversation, keepLast: keepLast)
        case .deleteMarkedEpochKeys(let user):
            // Upstream matches the DID as given (MLSStorage.swift:1429-1432), rows hold it normalised.
            let u = policy == .deployed ? user : Self.normalizeDID(user)
            let doomed = rows.filter { $0.value.user == u && $0.value.marked }.map(\.key)
            for key in doomed { rows[key] = nil }
            return .deleted(doomed.count)
        case .deleteConversation(let user, let conversation):
            return deleteConversation(user: Self.normalizeDID(user), conversation: conversation)
        case .saveKeyPackage(let user, let id, let conversation):
            let key = KeyPackageKey(user: Self.normalizeDID(user), id: id)
            let existed = keyPackages.updateValue(conversation, forKey: key) != nil
            return existed ? .replaced : .stored
        case .storeKeychainItem(let item, let value):
            if policy == .strict, item.kind.isPerEpoch, let c = item.conversation, let e = item.epoch,
                let floor = keychainFloors[c], e < floor
            {
                return .refused(.epochDeleted(conversation: c, epoch: e))
            }
            // `storeEpochSecrets` also stores the epoch's metadata item (MLSKeychainManager.swift:508-524):
            // JSON with the time of the call upstream, empty here.
            var metadata: KeychainItem?
            if policy == .deployed, item.kind == .epochSecrets, let c = item.conversation, let e = item.epoch {
                metadata = try KeychainItem(kind: .epochMetadata, conversation: c, epoch: e)
            }
            let result: EpochKeyStepResult = keychain.updateValue(value, forKey: item) == nil ? .stored : .replaced
            if let metadata { keychain[metadata] = SecretBytes(copying: []) }
            return result
        case .readKeychainItem(let item):
            guard let value = keychain[item] else { return .notFound }
            return .found(value.revealedBytes())
        case .deletePrivateKeys(let conversation, let before):
            return deletePrivateKeys(conversation: conversation, before: before)
        case .deleteAllKeys(let conversation):
            return deleteAllKeys(conversation: conversation)
        }
    }

    private mutating func save(user: String, conversation: String, epoch: Int64, secret: SecretBytes)
        -> EpochKeyStepResult
    {
        let key = rowKey(user: user, conversation: conversation, epoch: epoch)
        if policy == .strict {
            let floor = floors[floorKey(user: user, conversation: conversation)] ?? .min
            if epoch < floor || deletedRows.contains(key) {
                return .refused(.epochDeleted(conversation: conversation, epoch: epoch))
            }
        }
        let result: EpochKeyStepResult
        if let old = rows[key] {
            // GRDB's save() updates every column of the row with this primary key
            // (MLSStorage.swift:1170-1190): isActive true, deletedAt nil, and the new user.
            result = old.isActive && !old.marked ? .replaced : .restored
        } else {
            result = .stored
        }
        rows[key] = Row(
            conversation: conversation, epoch: epoch, user: user, secret: secret, isActive: true, marked: false)
        return result
    }

    private mutating func deleteBefore(user: String, conversation: String, cutoff: Int64) -> EpochKeyStepResult {
        let doomed = rows.filter {
            $0.value.user == user && $0.value.conversation == conversation && $0.value.epoch < cutoff
                && $0.value.isActive
        }.map(\.key)
        switch policy {
        case .deployed:
            // MLSStorage.swift:1229-1245: deletedAt = now, isActive = 0, key material kept.
            for key in doomed {
                rows[key]?.isActive = false
                rows[key]?.marked = true
            }
            return .deactivated(doomed.count)
        case .strict, .proposal:
            for key in doomed { rows[key] = nil }
            if policy == .strict {
                let f = floorKey(user: user, conversation: conversation)
                floors[f] = max(floors[f] ?? .min, cutoff)
            }
            return .deleted(doomed.count)
        }
    }

    private mutating func keepNewest(user: String, conversation: String, keepLast: Int64) throws
        -> EpochKeyStepResult
    {
        // Upstream filters by the DID as given, not normalised (MLSStorage.swift:1362-1366).
        let u = policy == .deployed ? user : Self.normalizeDID(user)
        let active = rows.filter { $0.value.user == u && $0.value.conversation == conversation && $0.value.isActive }
            .sorted { $0.value.epoch > $1.value.epoch }
        switch policy {
        case .deployed:
            // `guard allKeys.count > keepLast`, then `dropFirst(keepLast)`: a negative count traps.
            guard Int64(active.count) > keepLast else { return .marked(0) }
            guard keepLast >= 0 else {
                return .trap("dropFirst(\(keepLast)): can't drop a negative number of elements")
            }
            let doomed = active.dropFirst(Int(keepLast))
            for (key, _) in doomed { rows[key]?.marked = true }
            return .marked(doomed.count)
        case .strict, .proposal:
            guard keepLast >= 0 else {
                throw EpochKeyStoreError.invalidKeepLast("keepLast is a count; \(keepLast) is negative")
            }
            guard Int64(active.count) > keepLast else { return .deleted(0) }
            let kept = active.prefix(Int(keepLast))
            let doomed = active.dropFirst(Int(keepLast))
            for (key, _) in doomed { rows[key] = nil }
            if policy == .strict {
                let newest = doomed.first!.value.epoch
                let floor = kept.last?.value.epoch ?? (newest == .max ? .max : newest + 1)
                let f = floorKey(user: u, conversation: conversation)
                floors[f] = max(floors[f] ?? .min, floor)
                // A floor cannot pass Int64.max: the deleted rows themselves are remembered too,
                // so an epoch deleted at the top of the range never comes back either.
                deletedRows.formUnion(doomed.map(\.key))
            }
            return .deleted(doomed.count)
        }
    }

    private mutating func deleteConversation(user: String, conversation: String) -> EpochKeyStepResult {
        // The foreign key cascades to the epoch-key rows of the account's database
        // (MLSGRDBManager.swift:4690-4693); another account's database is another file.
        let doomed = rows.filter { $0.key.user == user && $0.value.conversation == conversation }.map(\.key)
        for key in doomed { rows[key] = nil }
        var count = doomed.count
        if policy != .deployed {
            let items = keychain.keys.filter { $0.conversation == conversation }
            for item in items { keychain[item] = nil }
            count += items.count
        }
        if policy == .proposal {
            let packages = keyPackages.filter { $0.key.user == user && $0.value == conversation }.map(\.key)
            for id in packages { keyPackages[id] = nil }
            count += packages.count
        }
        return .deleted(count)
    }

    private mutating func deletePrivateKeys(conversation: String, before: Int64) -> EpochKeyStepResult {
        let kinds: Set<KeychainItem.Kind>
        switch policy {
        case .deployed:
            // MLSKeychainManager.swift:444-454: `for oldEpoch in 0..<epoch`, private keys only.
            guard before >= 0 else { return .trap("0..<\(before): range requires lowerBound <= upperBound") }
            kinds = [.privateKey]
        case .proposal: kinds = [.privateKey, .epochSecrets]
        case .strict: kinds = [.privateKey, .epochSecrets, .epochMetadata, .archive]
        }
        let lowest: Int64 = policy == .deployed ? 0 : .min
        let doomed = keychain.keys.filter {
            kinds.contains($0.kind) && $0.conversation == conversation
                && $0.epoch.map { $0 >= lowest && $0 < before }
                    == true
        }
        for item in doomed { keychain[item] = nil }
        if policy == .strict { keychainFloors[conversation] = max(keychainFloors[conversation] ?? .min, before) }
        return .deleted(doomed.count)
    }

    private mutating func deleteAllKeys(conversation: String) -> EpochKeyStepResult {
        let doomed: [KeychainItem]
        if policy == .deployed {
            // MLSKeychainManager.swift:572-585: four named items, then epochs 0...1000 of two kinds.
            let fixed: Set<KeychainItem.Kind> = [.groupState, .signatureKey, .encryptionKey, .currentEpoch]
            doomed = keychain.keys.filter { item in
                guard item.conversation == conversation else { return false }
                if fixed.contains(item.kind) { return true }
                guard item.kind == .privateKey || item.kind == .epochSecrets, let e = item.epoch else { return false }
                return (0...1000).contains(e)
            }
        } else {
            doomed = keychain.keys.filter { $0.conversation == conversation }
        }
        for item in doomed { keychain[item] = nil }
        return .deleted(doomed.count)
    }

    /// The keychain items stored under a conversation.
    public func keychainItems(conversation: String) -> [KeychainItem] {
        keychain.keys.filter { $0.conversation == conversation }.sorted()
    }

    /// What the store holds now.
    public var snapshot: EpochKeySnapshot {
        EpochKeySnapshot(
            rows: storedRows, keychain: keychain.keys.map(\.account).sorted(),
            keyPackages: keyPackages.keys.map(\.id).sorted())
    }

    /// The epoch-key rows alone, sorted (cheaper than a whole snapshot).
    public var storedRows: [EpochKeySnapshot.Row] {
        rows.values.map {
            EpochKeySnapshot.Row(
                conversation: $0.conversation, epoch: $0.epoch, user: $0.user,
                state: !$0.isActive ? .inactive : $0.marked ? .marked : .active)
        }.sorted()
    }

    /// How many keychain items are stored.
    public var keychainCount: Int { keychain.count }
}

/// The state of an ``EpochKeyStore``: rows, keychain accounts and KeyPackage ids (every
/// account's, an id once per account that holds it), sorted.
public struct EpochKeySnapshot: Equatable, Sendable {
    public enum RowState: String, Sendable {
        /// Readable.
        case active
        /// Readable, and marked for the next hard delete.
        case marked
        /// Not readable, key material still stored.
        case inactive
    }

    public struct Row: Equatable, Comparable, Sendable {
        public let conversation: String
        public let epoch: Int64
        public let user: String
        public let state: RowState

        public static func < (a: Row, b: Row) -> Bool {
            (a.conversation, a.epoch, a.user) < (b.conversation, b.epoch, b.user)
        }
    }

    public let rows: [Row]
    public let keychain: [String]
    public let keyPackages: [String]
}
