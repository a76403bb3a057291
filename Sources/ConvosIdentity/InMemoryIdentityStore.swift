import Synchronization

/// The identity store in memory, for the runner, the fuzzers and as the model the durable store
/// is tested against. Rows are keyed by the UTF-8 bytes of their ids, as the app's inbox table
/// compares TEXT with SQLite's BINARY collation (xmtplabs/convos-ios@f47421a9:ConvosCore/Sources/
/// ConvosCore/Storage/SharedDatabaseMigrator.swift:24-34, Storage/Repositories/
/// InboxesRepository.swift:31-38): a `String` key would take canonically equivalent texts for one
/// id. Only the stored clientId of an inbox being saved again is compared as a Swift `String`
/// (`check`, InboxWriter.swift:38).
public final class InMemoryIdentityStore: IdentityStore, Sendable {
    private struct State {
        var byInbox: [[UInt8]: ConversationIdentity] = [:]
        var inboxByClient: [[UInt8]: [UInt8]] = [:]
    }
    private let state = Mutex(State())

    public init() {}

    public func save(_ identity: ConversationIdentity) throws(IdentityError) -> SaveOutcome {
        let result: Result<SaveOutcome, IdentityError> = state.withLock { s in
            let (inbox, client) = (Array(identity.inboxId.utf8), Array(identity.clientId.value.utf8))
            let byClient = s.inboxByClient[client].flatMap { s.byInbox[$0] }
            let checked = Result { () throws(IdentityError) in
                try Self.check(
                    identity, clientIdOfInbox: s.byInbox[inbox]?.clientId.value, clientIdTaken: byClient != nil)
            }
            switch checked {
            case .failure(let error): return .failure(error)
            case .success(let outcome?): return .success(outcome)
            case .success(nil): break
            }
            s.byInbox[inbox] = identity
            s.inboxByClient[client] = inbox
            return .success(.saved)
        }
        return try result.get()
    }

    public func identity(clientId: String) -> ConversationIdentity? {
        state.withLock { s in s.inboxByClient[Array(clientId.utf8)].flatMap { s.byInbox[$0] } }
    }

    public func identity(inboxId: String) -> ConversationIdentity? {
        state.withLock { $0.byInbox[Array(inboxId.utf8)] }
    }

    public func delete(inboxId: String) -> Bool {
        state.withLock { s in
            guard let removed = s.byInbox.removeValue(forKey: Array(inboxId.utf8)) else { return false }
            s.inboxByClient.removeValue(forKey: Array(removed.clientId.value.utf8))
            return true
        }
    }

    public var count: Int { state.withLock { $0.byInbox.count } }
}
