import PushProofCore

/// Why an epoch-key trace or keychain item is refused. Messages name the rule, never key bytes.
public enum EpochKeyStoreError: CodedError, Equatable, Sendable {
    case invalidEpoch(String)
    case invalidKeepLast(String)
    case missingAddress(String)
    case unknownItemKind(String)
    case unknownStep(String)
    case tooManySteps(Int)
    /// The strict store keeps no epoch at or below a deletion point, and does not take one back.
    case epochDeleted(conversation: String, epoch: Int64)

    public var code: String {
        switch self {
        case .invalidEpoch: return "INVALID_EPOCH"
        case .invalidKeepLast: return "INVALID_KEEP_LAST"
        case .missingAddress: return "MISSING_ADDRESS"
        case .unknownItemKind: return "UNKNOWN_ITEM_KIND"
        case .unknownStep: return "UNKNOWN_STEP"
        case .tooManySteps: return "TOO_MANY_STEPS"
        case .epochDeleted: return "EPOCH_DELETED"
        }
    }

    public var description: String {
        switch self {
        case .invalidEpoch(let why), .invalidKeepLast(let why), .missingAddress(let why), .unknownItemKind(let why),
            .unknownStep(let why):
            return "\(code): \(why)"
        case .tooManySteps(let n): return "\(code): \(n) steps, at most \(EpochKeyStep.maximumSteps) in one trace"
        case .epochDeleted(let c, let e):
            return "\(code): epoch \(e) of conversation \(c) was deleted; a strict store does not take it back"
        }
    }
}
