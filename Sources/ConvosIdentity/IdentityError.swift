import PushProofCore

/// Failures of the identity layer, with stable codes for vectors. Messages may name inbox ids
/// and clientIds (identifiers, which the store's errors must name), never key bytes.
public enum IdentityError: CodedError, Equatable, Sendable {
    case invalidPrivateKey
    case invalidAddress
    /// The inbox exists with another clientId: a clientId never changes for an inbox.
    case clientIdMismatch(inboxId: String, existingClientId: String, newClientId: String)
    /// Another inbox already holds this clientId.
    case duplicateClientId(clientId: String)
    /// The durable store failed (I/O, corruption); nothing was changed.
    case storage(String)

    public var code: String {
        switch self {
        case .invalidPrivateKey: return "INVALID_PRIVATE_KEY"
        case .invalidAddress: return "INVALID_ADDRESS"
        case .clientIdMismatch: return "CLIENT_ID_MISMATCH"
        case .duplicateClientId: return "DUPLICATE_CLIENT_ID"
        case .storage: return "STORAGE_ERROR"
        }
    }

    public var description: String {
        switch self {
        case .invalidPrivateKey: return "\(code): not a valid secp256k1 secret key (32 bytes, 1 <= k < n)"
        case .invalidAddress: return "\(code): an address is 0x followed by 40 hex digits"
        case .clientIdMismatch(let inbox, let existing, let new):
            return "\(code): inbox \(inbox) has clientId \(existing); refusing to change it to \(new)"
        case .duplicateClientId(let clientId): return "\(code): clientId \(clientId) already belongs to another inbox"
        case .storage(let why): return "\(code): \(why)"
        }
    }
}
