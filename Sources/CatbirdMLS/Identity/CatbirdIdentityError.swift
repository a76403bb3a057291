import PushProofCore

/// Why a device identifier or a signing time is refused. Messages name the rule, never a key.
public enum CatbirdIdentityError: CodedError, Equatable, Sendable {
    case invalidDid(String)
    case invalidDeviceId(String)
    case invalidDeviceDid(String)
    case invalidTimestamp(String)
    case signedAtOutOfWindow(offsetMilliseconds: Int64)
    case invalidSignatureKey(String)

    public var code: String {
        switch self {
        case .invalidDid: return "INVALID_DID"
        case .invalidDeviceId: return "INVALID_DEVICE_ID"
        case .invalidDeviceDid: return "INVALID_DEVICE_DID"
        case .invalidTimestamp: return "INVALID_TIMESTAMP"
        case .signedAtOutOfWindow: return "SIGNED_AT_OUT_OF_WINDOW"
        case .invalidSignatureKey: return "INVALID_SIGNATURE_KEY"
        }
    }

    public var description: String {
        switch self {
        case .invalidDid(let why), .invalidDeviceId(let why), .invalidDeviceDid(let why), .invalidTimestamp(let why),
            .invalidSignatureKey(let why):
            return "\(code): \(why)"
        case .signedAtOutOfWindow(let offset): return "\(code): signedAt is \(offset) ms from the server's clock"
        }
    }
}
