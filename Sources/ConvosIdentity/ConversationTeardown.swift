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

/// Deleting a conversation as Convos iOS does it (`deployed`: xmtplabs/convos-ios@f47421a9,
/// InboxStateMachine.swift:921-1014) or as PushProof advises (`hardened`).
public enum ConversationTeardown {
    public enum Rules: String, Equatable, Sendable, CaseIterable {
        /// The app: unsubscribe only the inbox's welcome topic (the conversation's topics are left
        /// to the unregister that follows), and the SDK's `deleteLocalDatabase()`, which removes
        /// the database file alone.
        case deployed
        /// Every topic unsubscribed, and the database file with its companions deleted.
        case hardened
    }

    /// An XMTP network: the SDK names its database file after the host
    /// (xmtp/libxmtp@899650a4:sdks/ios/Sources/XMTPiOS/XMTPEnvironment.swift:19-22).
    public enum XMTPEnvironment: String, Sendable, CaseIterable {
        case production, dev, local

        public var host: String {
            switch self {
            case .production: return "grpc.production.xmtp.network"
            case .dev: return "grpc.dev.xmtp.network"
            case .local: return "localhost"
            }
        }

        /// The prefix of Convos's fallback file names (InboxStateMachine.swift:993-1005).
        public var fallbackPrefix: String {
            switch self {
            case .production: return "production"
            case .dev: return "dev"
            case .local: return "localhost"
            }
        }
    }

    /// The SDK's database file, `xmtp-<host>-<inboxId>.db3` (Client.swift:382 in the iOS SDK).
    public static func sdkDatabaseFile(inboxId: String, environment: XMTPEnvironment) -> String {
        "xmtp-\(environment.host)-\(inboxId).db3"
    }

    /// What Convos deletes when the SDK's call throws (InboxStateMachine.swift:1007-1014).
    public static func fallbackDatabaseFiles(inboxId: String, environment: XMTPEnvironment) -> [String] {
        let base = "xmtp-\(environment.fallbackPrefix)-\(inboxId).db3"
        return [base, base + ".sqlcipher_salt", base + "-shm", base + "-wal"]
    }

    public static func databaseFiles(inboxId: String, environment: XMTPEnvironment, rules: Rules) -> [String] {
        let file = sdkDatabaseFile(inboxId: inboxId, environment: environment)
        switch rules {
        case .deployed: return [file]
        case .hardened: return [file, file + ".sqlcipher_salt", file + "-shm", file + "-wal"]
        }
    }

    /// 1. unsubscribe, 2. unregister the clientId, 3. delete the database records (messages,
    /// members, invites, conversations), 4. delete the keychain identity, 5. delete the XMTP
    /// database files (ADR 002 section 5's order, which the app follows).
    public static func steps(
        for identity: ConversationIdentity, conversationTopics: [String], welcomeTopic: String,
        environment: XMTPEnvironment, jwt: String, rules: Rules
    ) -> [TeardownStep] {
        let unsubscribed = rules == .deployed ? [welcomeTopic] : conversationTopics + [welcomeTopic]
        return [
            .request(ConvosBackend.unsubscribe(clientId: identity.clientId, topics: unsubscribed, jwt: jwt)),
            .request(ConvosBackend.unregister(clientId: identity.clientId, jwt: jwt)),
            .deleteDatabaseRecords(inboxId: identity.inboxId),
            .deleteKeychainIdentity(inboxId: identity.inboxId),
            .deleteFiles(databaseFiles(inboxId: identity.inboxId, environment: environment, rules: rules)),
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
