import PushProofCore

/// Why a KeyPackage upload is refused. The codes follow the clean server's error variants
/// (`chat_protocol/wire.rs`), in SCREAMING_SNAKE form; decoding failures keep the codec's codes.
/// Messages name the rule and sizes, never key bytes.
public enum KeyPackageValidationError: CodedError, Equatable, Sendable {
    case decoding(MLSDecodingError)
    case unsupportedCipherSuite(UInt16)
    case wrongBasicCredential(String)
    case wrongSignatureKey
    case unsupportedLeafSource
    case invalidLifetime(notBefore: UInt64, notAfter: UInt64, now: UInt64)
    case insufficientRemainingLifetime(remaining: UInt64, minimum: UInt64)
    case lifetimeTooLong(span: UInt64, maximum: UInt64)
    case unsupportedCapabilities(String)
    case unsupportedExtensions(String)
    case invalidXWingPublicKey(which: String, XWingPublicKey.Problem)
    case reusedEncryptionKey
    /// The init key is no public key of the suite's KEM (a reading of RFC 9420: RFC9420Readings).
    case invalidInitKey(String)
    case invalidLeafSignature
    case invalidKeyPackageSignature
    case keyPackageRefMismatch

    public var code: String {
        switch self {
        case .decoding(let e): return e.code
        case .unsupportedCipherSuite: return "UNSUPPORTED_CIPHERSUITE"
        case .wrongBasicCredential: return "WRONG_BASIC_CREDENTIAL"
        case .wrongSignatureKey: return "WRONG_SIGNATURE_KEY"
        case .unsupportedLeafSource: return "UNSUPPORTED_LEAF_SOURCE"
        case .invalidLifetime: return "INVALID_LIFETIME"
        case .insufficientRemainingLifetime: return "INSUFFICIENT_REMAINING_LIFETIME"
        case .lifetimeTooLong: return "LIFETIME_TOO_LONG"
        case .unsupportedCapabilities: return "UNSUPPORTED_CAPABILITIES"
        case .unsupportedExtensions: return "UNSUPPORTED_EXTENSIONS"
        case .invalidXWingPublicKey: return "INVALID_XWING_PUBLIC_KEY"
        case .reusedEncryptionKey: return "REUSED_ENCRYPTION_KEY"
        case .invalidInitKey: return "INVALID_INIT_KEY"
        case .invalidLeafSignature: return "INVALID_LEAF_SIGNATURE"
        case .invalidKeyPackageSignature: return "INVALID_KEY_PACKAGE_SIGNATURE"
        case .keyPackageRefMismatch: return "KEY_PACKAGE_REF_MISMATCH"
        }
    }

    public var description: String {
        switch self {
        case .decoding(let e): return e.description
        case .unsupportedCipherSuite(let s): return "\(code): cipher suite 0x\(String(s, radix: 16))"
        case .wrongBasicCredential(let why): return "\(code): \(why)"
        case .wrongSignatureKey: return "\(code): the leaf's signature key is not the device's enrolled key"
        case .unsupportedLeafSource: return "\(code): a KeyPackage's leaf node must have the key_package source"
        case .invalidLifetime(let nb, let na, let now):
            return "\(code): now (\(now)) is not inside the lifetime \(nb)..\(na)"
        case .insufficientRemainingLifetime(let remaining, let minimum):
            return "\(code): \(remaining) s left, at least \(minimum) s are required"
        case .lifetimeTooLong(let span, let maximum): return "\(code): a lifetime of \(span) s, at most \(maximum) s"
        case .unsupportedCapabilities(let why), .unsupportedExtensions(let why): return "\(code): \(why)"
        case .invalidXWingPublicKey(let which, let problem): return "\(code): the \(which) \(problem.explanation)"
        case .reusedEncryptionKey: return "\(code): the init key equals the leaf's encryption key"
        case .invalidInitKey(let why): return "\(code): \(why)"
        case .invalidLeafSignature: return "\(code): the leaf node's signature does not verify"
        case .invalidKeyPackageSignature: return "\(code): the KeyPackage's signature does not verify"
        case .keyPackageRefMismatch: return "\(code): the declared KeyPackageRef is not RefHash of the KeyPackage"
        }
    }
}

extension XWingPublicKey.Problem {
    var explanation: String {
        switch self {
        case .wrongLength(let n): return "is \(n) bytes, an X-Wing public key is \(XWingPublicKey.byteCount)"
        case .coefficientOutOfRange(let i): return "has ML-KEM coefficient \(i) at or above q = 3329"
        case .x25519NotCanonical: return "has an X25519 part that is not below 2^255 - 19"
        case .x25519LowOrder: return "has an X25519 part of small order"
        }
    }
}
