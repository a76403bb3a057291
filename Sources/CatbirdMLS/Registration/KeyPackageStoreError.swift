import PushProofCore

/// Why the durable store refuses a call. Nothing of a refused call is written.
public enum KeyPackageStoreError: CodedError, Equatable, Sendable {
    case invalidRequest(String)
    /// No such device (the clean server's DeviceNotRegistered, HTTP 401).
    case deviceNotRegistered
    /// A new device under an id its user already has (DeviceAlreadyExists).
    case deviceAlreadyExists
    /// The signature key is another user's device's. The clean server's schema refuses it too
    /// (key_id UNIQUE globally), but its enrollment does not handle that unique violation, so it
    /// answers HTTP 500 InternalServerError (auth.rs@20bfa48c persist_enrollment_bootstrap_effects,
    /// context.rs@0084ced7:344, errors.rs@d57a635f:129-139).
    case signatureKeyInUse
    case deviceRevoked
    case inventoryLimitReached(live: Int)
    case duplicate(position: Int)
    /// A package the clean server's validation refuses (its lifetime, or a declared ref that is
    /// not its RefHash): InvalidKeyPackage.
    case unacceptable(position: Int, reason: String)
    case notFound
    case notExpired
    case invalidTransition
    case terminalState
    case constraint(String)
    case storage(String)

    public var code: String {
        switch self {
        case .invalidRequest: return "INVALID_REQUEST"
        case .deviceNotRegistered: return "DEVICE_NOT_REGISTERED"
        case .deviceAlreadyExists: return "DEVICE_ALREADY_EXISTS"
        case .signatureKeyInUse: return "SIGNATURE_KEY_IN_USE"
        case .deviceRevoked: return "DEVICE_REVOKED"
        case .inventoryLimitReached: return "KEY_PACKAGE_INVENTORY_LIMIT_REACHED"
        case .duplicate, .unacceptable: return "INVALID_KEY_PACKAGE"
        case .notFound: return "KEY_PACKAGE_NOT_FOUND"
        case .notExpired: return "NOT_EXPIRED"
        case .invalidTransition: return "INVALID_TRANSITION"
        case .terminalState: return "TERMINAL_STATE"
        case .constraint: return "CONSTRAINT"
        case .storage: return "STORAGE"
        }
    }

    public var description: String {
        switch self {
        case .invalidRequest(let why), .constraint(let why), .storage(let why): return "\(code): \(why)"
        case .inventoryLimitReached(let live): return "\(code): \(live) live KeyPackages, at most 1000"
        case .duplicate(let n): return "\(code): upload \(n) repeats a stored ref or init key"
        case .unacceptable(let n, let why): return "\(code): upload \(n): \(why)"
        default: return code
        }
    }
}
