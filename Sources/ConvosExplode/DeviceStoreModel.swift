/// A model of everything a device keeps for its conversations, one inbox per conversation, and
/// of the cleanup an explosion runs. Used to check that an explosion leaves nothing of its inbox
/// and touches nothing of any other.
public struct DeviceStoreModel: Equatable, Sendable {
    public enum Kind: String, CaseIterable, Sendable {
        case pushSubscription, inbox, conversation, message, member, invite, memberProfile, localState,
            keychainIdentity, databaseFile
    }

    public struct Record: Hashable, Sendable {
        public var kind: Kind
        public var inboxId: String
        public var id: String
    }

    /// The records, by inbox: an inbox's records are one set, so that reading or comparing one
    /// inbox's records does not go through the others (the fuzz target compares every inbox
    /// after every step).
    private var byInbox: [String: Set<Record>] = [:]
    /// Every record.
    public var records: Set<Record> { byInbox.values.reduce(into: []) { $0.formUnion($1) } }
    /// Conversations whose consent is denied: a re-sync from the network is refused.
    public private(set) var deniedConversations: Set<String> = []
    /// The cleanup operations performed, in order.
    public private(set) var log: [String] = []

    public init() {}

    public static func conversationId(of inboxId: String) -> String { "conversation-of-\(inboxId)" }

    /// Creates an inbox with its one conversation and the records every inbox has.
    public mutating func addInbox(_ inboxId: String, clientId: String) {
        let conversation = Self.conversationId(of: inboxId)
        for (kind, id) in [
            (Kind.inbox, inboxId), (.conversation, conversation), (.keychainIdentity, clientId),
            (.localState, conversation), (.member, inboxId),
            (.pushSubscription, "/xmtp/mls/1/g-\(inboxId.prefix(8))/proto"),
            (.databaseFile, "xmtp-production-\(inboxId).db3"), (.databaseFile, "xmtp-production-\(inboxId).db3-wal"),
        ] {
            byInbox[inboxId, default: []].insert(Record(kind: kind, inboxId: inboxId, id: id))
        }
    }

    /// Adds a record (a message, member, invite, profile) to an existing, unexploded inbox.
    @discardableResult
    public mutating func add(_ kind: Kind, to inboxId: String, id: String) -> Bool {
        guard byInbox[inboxId]?.contains(Record(kind: .inbox, inboxId: inboxId, id: inboxId)) == true else {
            return false
        }
        byInbox[inboxId, default: []].insert(Record(kind: kind, inboxId: inboxId, id: id))
        return true
    }

    public func records(of inboxId: String) -> Set<Record> { byInbox[inboxId] ?? [] }

    /// The cleanup of ADR 002 section 5 / seed 002: push subscriptions first, then the
    /// installation, the database records, the keychain identity and the files; consent denied.
    public mutating func explode(_ inboxId: String) {
        func remove(_ kinds: [Kind], _ step: String) {
            // No empty set is kept: two models with the same records are equal.
            let kept = byInbox[inboxId]?.filter { !kinds.contains($0.kind) }
            byInbox[inboxId] = kept?.isEmpty == true ? nil : kept
            log.append("\(step) \(inboxId)")
        }
        remove([.pushSubscription], "unsubscribe")
        log.append("unregister \(inboxId)")
        remove(
            [.message, .member, .localState, .invite, .memberProfile, .conversation, .inbox], "deleteDatabaseRecords")
        remove([.keychainIdentity], "deleteKeychainIdentity")
        remove([.databaseFile], "deleteDatabaseFiles")
        deniedConversations.insert(Self.conversationId(of: inboxId))
    }

    /// A network re-sync of a conversation: refused once its consent is denied.
    public func allowsResync(of inboxId: String) -> Bool {
        !deniedConversations.contains(Self.conversationId(of: inboxId))
    }
}
