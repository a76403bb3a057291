/// One step of deleting (or exploding) a conversation, in ADR 002 section 5's order: the
/// backend first, so no notification is routed to an identity that is going away, then the
/// local data, then the keys, then the files.
public enum TeardownStep: Equatable, Sendable {
    case request(BackendRequest)
    case deleteDatabaseRecords(inboxId: String)
    case deleteKeychainIdentity(inboxId: String)
    case deleteFiles([String])

    public var name: String {
        switch self {
        case .request(let r): return r.path.hasPrefix("v2/notifications/unregister") ? "unregister" : "unsubscribe"
        case .deleteDatabaseRecords: return "deleteDatabaseRecords"
        case .deleteKeychainIdentity: return "deleteKeychainIdentity"
        case .deleteFiles: return "deleteXMTPDatabaseFiles"
        }
    }
}

public enum ConversationTeardown {
    /// The XMTP database of an inbox and its SQLite companions.
    public static func databaseFiles(inboxId: String, environment: String) -> [String] {
        let base = "xmtp-\(environment)-\(inboxId).db3"
        return [base, base + "-shm", base + "-wal"]
    }

    /// 1. unsubscribe the topics, 2. unregister the clientId, 3. delete the database records
    /// (messages, members, invites, conversations), 4. delete the keychain identity, 5. delete
    /// the XMTP database files.
    public static func steps(for identity: ConversationIdentity, topics: [String], environment: String, jwt: String)
        -> [TeardownStep]
    {
        [
            .request(ConvosBackend.unsubscribe(clientId: identity.clientId, topics: topics, jwt: jwt)),
            .request(ConvosBackend.unregister(clientId: identity.clientId, jwt: jwt)),
            .deleteDatabaseRecords(inboxId: identity.inboxId),
            .deleteKeychainIdentity(inboxId: identity.inboxId),
            .deleteFiles(databaseFiles(inboxId: identity.inboxId, environment: environment)),
        ]
    }

    /// Carries the plan out against a store and a backend model.
    public static func run(_ steps: [TeardownStep], store: some IdentityStore, backend: inout PushBackendModel)
        throws(IdentityError)
    {
        for step in steps {
            switch step {
            case .request(let r): backend.apply(r)
            case .deleteKeychainIdentity(let inboxId): _ = try store.delete(inboxId: inboxId)
            case .deleteDatabaseRecords, .deleteFiles: break  // outside this model
            }
        }
    }
}
