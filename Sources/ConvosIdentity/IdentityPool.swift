import Synchronization

/// ADR 002's pre-creation cache: identities made ahead of time so that starting a conversation
/// does not wait for key generation. Taking one removes it; no identity is handed out twice,
/// even to concurrent callers.
public final class IdentityPool: Sendable {
    private let identities: Mutex<[ConversationIdentity]>

    public init(identities: [ConversationIdentity] = []) {
        self.identities = Mutex(identities)
    }

    /// Creates identities until the pool holds `count`.
    public func refill(to count: Int, make: () -> ConversationIdentity = { .create() }) {
        let missing = identities.withLock { max(0, count - $0.count) }
        let fresh = (0..<missing).map { _ in make() }
        identities.withLock { $0.append(contentsOf: fresh) }
    }

    /// Takes one identity out of the pool, or nil when it is empty.
    public func take() -> ConversationIdentity? {
        identities.withLock { $0.isEmpty ? nil : $0.removeFirst() }
    }

    public var count: Int { identities.withLock { $0.count } }
}
