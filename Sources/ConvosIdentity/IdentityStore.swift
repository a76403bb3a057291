import ConvosPush

/// What saving did.
public enum SaveOutcome: Equatable, Sendable {
    case saved
    /// The same (inboxId, clientId) pair was already stored: nothing changed.
    case unchanged
}

/// The identity store's contract, shared by the in-memory and the SQLite stores:
///
/// - saving an inbox whose `inboxId` exists with a different `clientId` fails with
///   `clientIdMismatch` (naming the inbox and both clientIds); the same pair again is a no-op;
/// - saving a `clientId` that another inbox holds fails with `duplicateClientId`;
/// - lookups by `clientId` and by `inboxId` find at most one identity;
/// - deleting removes the identity and its keys.
/// A failed operation changes nothing. Every store is also the push path's `ClientIdResolver`.
public protocol IdentityStore: ClientIdResolver {
    func save(_ identity: ConversationIdentity) throws(IdentityError) -> SaveOutcome
    func identity(clientId: String) throws(IdentityError) -> ConversationIdentity?
    func identity(inboxId: String) throws(IdentityError) -> ConversationIdentity?
    /// True when something was deleted.
    func delete(inboxId: String) throws(IdentityError) -> Bool
}

extension IdentityStore {
    public func identity(forClientId clientId: String) -> ResolvedIdentity? {
        (try? identity(clientId: clientId))?.map { ResolvedIdentity(inboxId: $0.inboxId) } ?? nil
    }

    /// The checks both stores run before writing, against what they hold.
    /// `clientIdOfInbox`: the clientId stored for the identity's inbox, if any;
    /// `clientIdTaken`: whether any stored identity holds the identity's clientId.
    static func check(
        _ identity: ConversationIdentity, clientIdOfInbox: String?, clientIdTaken: Bool
    ) throws(IdentityError) -> SaveOutcome? {
        if let existing = clientIdOfInbox {
            // The app's InboxWriter compares the stored clientId with the one saved as Swift
            // Strings (xmtplabs/convos-ios@f47421a9:ConvosCore/Sources/ConvosCore/Storage/Writers/
            // InboxWriter.swift:35-51), by canonical equivalence: a spelling of the same text
            // returns the stored row unchanged.
            guard existing == identity.clientId.value else {
                throw .clientIdMismatch(
                    inboxId: identity.inboxId, existingClientId: existing, newClientId: identity.clientId.value)
            }
            return .unchanged
        }
        if clientIdTaken { throw .duplicateClientId(clientId: identity.clientId.value) }
        return nil
    }
}
