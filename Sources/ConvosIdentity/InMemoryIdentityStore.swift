import Synchronization

/// The identity store in memory, for the runner, the fuzzers and as the model the durable store
/// is tested against.
public final class InMemoryIdentityStore: IdentityStore, Sendable {
    private struct State {
        var byInbox: [String: ConversationIdentity] = [:]
        var inboxByClient: [String: String] = [:]
    }
    private let state = Mutex(State())

    public init() {}

    public func save(_ identity: ConversationIdentity) throws(IdentityError) -> SaveOutcome {
        let result: Result<SaveOutcome, IdentityError> = state.withLock { s in
            let byClient = s.inboxByClient[identity.clientId.value].flatMap { s.byInbox[$0] }
            let checked = Result { () throws(IdentityError) in
                try Self.check(
                    identity, clientIdOfInbox: s.byInbox[identity.inboxId]?.clientId.value,
                    clientIdTaken: byClient != nil)
            }
            switch checked {
            case .failure(let error): return .failure(error)
            case .success(let outcome?): return .success(outcome)
            case .success(nil): break
            }
            s.byInbox[identity.inboxId] = identity
            s.inboxByClient[identity.clientId.value] = identity.inboxId
            return .success(.saved)
        }
        return try result.get()
    }

    public func identity(clientId: String) -> ConversationIdentity? {
        state.withLock { s in s.inboxByClient[clientId].flatMap { s.byInbox[$0] } }
    }

    public func identity(inboxId: String) -> ConversationIdentity? {
        state.withLock { $0.byInbox[inboxId] }
    }

    public func delete(inboxId: String) -> Bool {
        state.withLock { s in
            guard let removed = s.byInbox.removeValue(forKey: inboxId) else { return false }
            s.inboxByClient.removeValue(forKey: removed.clientId.value)
            return true
        }
    }

    public var count: Int { state.withLock { $0.byInbox.count } }
}
