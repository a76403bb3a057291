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

/// Keyed by the clientId's UTF-8 bytes: the app's inbox table compares TEXT with SQLite's BINARY
/// collation (xmtplabs/convos-ios@f47421a9:ConvosCore/Sources/ConvosCore/Storage/Repositories/
/// InboxesRepository.swift:31-38), where a `String` key would take canonically equivalent texts
/// (`é` and `e` + U+0301, U+212A KELVIN SIGN and `K`) for one clientId.
public struct InMemoryClientIdResolver: ClientIdResolver {
    private var identities: [[UInt8]: ResolvedIdentity] = [:]

    public init(_ identities: [String: ResolvedIdentity] = [:]) { self.init(pairs: identities.map { ($0, $1) }) }

    /// The clientIds in order; a clientId named twice (byte for byte) keeps its later identity.
    public init(pairs: [(clientId: String, identity: ResolvedIdentity)]) {
        for (clientId, identity) in pairs { identities[Array(clientId.utf8)] = identity }
    }

    public func identity(forClientId clientId: String) -> ResolvedIdentity? { identities[Array(clientId.utf8)] }
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
