/// Who a clientId belongs to on this device. The push path learns only an opaque handle; the
/// clientId mapping (the identity store) decides what it points at.
public struct ResolvedIdentity: Equatable, Sendable {
    /// The XMTP inbox id the clientId stands for (never sent to the push backend).
    public var inboxId: String
    public init(inboxId: String) { self.inboxId = inboxId }
}

/// Resolves a clientId to at most one identity. The identity store of the clientId mapping
/// implements it; `InMemoryClientIdResolver` serves tests and vectors.
public protocol ClientIdResolver: Sendable {
    func identity(forClientId clientId: String) -> ResolvedIdentity?
}

public struct InMemoryClientIdResolver: ClientIdResolver {
    public var identities: [String: ResolvedIdentity]
    public init(_ identities: [String: ResolvedIdentity] = [:]) { self.identities = identities }
    public func identity(forClientId clientId: String) -> ResolvedIdentity? { identities[clientId] }
}

/// Where a push goes.
public enum PushRoute: Equatable, Sendable {
    /// To exactly this identity, as a group message or a welcome.
    case routed(ResolvedIdentity, ConvosPushPayload)
    /// No identity holds this clientId (never created, or deleted): drop, distinctly.
    case unknownClientId
}

public enum ConvosPushRouter {
    public static func route(_ payload: ConvosPushPayload, resolver: some ClientIdResolver) -> PushRoute {
        guard let identity = resolver.identity(forClientId: payload.clientId) else { return .unknownClientId }
        return .routed(identity, payload)
    }
}
