import PushProofCore

/// Why the legacy server refuses a registration, with the HTTP status it answers. Upstream sends
/// the bare status with no body (the lexicon's error names are never sent); the codes here are
/// PushProof's names for the rule that failed.
public enum DeviceRegistrationError: CodedError, Equatable, Sendable {
    case invalidDeviceDid(String)
    case invalidDeviceName(String)
    case invalidSignatureKey(length: Int)
    case invalidKeyPackageCount(Int)
    case tooManyDevices(Int)
    /// A re-registration by device UUID takes a signature key another of the user's devices
    /// holds: the schema's UNIQUE(user_did, signature_public_key) fails, upstream answers 500.
    case signatureKeyTaken
    case deviceNotFound

    public var code: String {
        switch self {
        case .invalidDeviceDid: return "INVALID_DEVICE_DID"
        case .invalidDeviceName: return "INVALID_DEVICE_NAME"
        case .invalidSignatureKey: return "INVALID_SIGNATURE_KEY"
        case .invalidKeyPackageCount: return "INVALID_KEY_PACKAGE_COUNT"
        case .tooManyDevices: return "TOO_MANY_DEVICES"
        case .signatureKeyTaken: return "SIGNATURE_KEY_TAKEN"
        case .deviceNotFound: return "DEVICE_NOT_FOUND"
        }
    }

    /// The HTTP status the legacy server answers.
    public var httpStatus: Int {
        switch self {
        case .invalidDeviceDid, .invalidDeviceName, .invalidSignatureKey, .invalidKeyPackageCount: return 400
        case .tooManyDevices: return 429
        case .signatureKeyTaken: return 500
        case .deviceNotFound: return 404
        }
    }

    public var description: String {
        switch self {
        case .invalidDeviceDid(let why), .invalidDeviceName(let why): return "\(code): \(why)"
        case .invalidSignatureKey(let n): return "\(code): the signature key is 32 bytes, not \(n)"
        case .invalidKeyPackageCount(let n): return "\(code): 1 to 200 KeyPackages, not \(n)"
        case .tooManyDevices(let n): return "\(code): the user has \(n) devices, at most 10"
        case .signatureKeyTaken: return "\(code): another device of the user holds this signature key"
        case .deviceNotFound: return "\(code): no device to update"
        }
    }
}
