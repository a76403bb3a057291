/// Failures of the crypto layer. Messages name sizes and steps, never key bytes or plaintext.
public enum CryptoError: Error, Equatable, Sendable, CustomStringConvertible {
    /// An input had the wrong number of bytes.
    case invalidLength(what: String, expected: Int, actual: Int)
    /// A ciphertext was shorter than its fixed overhead.
    case truncated(what: String, minimum: Int, actual: Int)
    /// Authentication failed: wrong key, wrong recipient, or modified bytes.
    case authenticationFailed
    /// A key was rejected by the library (for example a low-order X25519 point).
    case invalidKey(what: String)
    /// The C library reported a failure that is not the caller's fault.
    case libraryFailure(String)

    public var description: String {
        switch self {
        case .invalidLength(let what, let expected, let actual):
            return "\(what) must be \(expected) bytes, got \(actual)"
        case .truncated(let what, let minimum, let actual):
            return "\(what) is truncated: at least \(minimum) bytes needed, got \(actual)"
        case .authenticationFailed:
            return "authentication failed: the ciphertext does not open with this key"
        case .invalidKey(let what):
            return "\(what) is not a valid key"
        case .libraryFailure(let step):
            return "crypto library failure in \(step)"
        }
    }
}

@inline(__always)
func requireLength(_ bytes: some Collection<UInt8>, _ expected: Int, _ what: String) throws(CryptoError) {
    guard bytes.count == expected else {
        throw CryptoError.invalidLength(what: what, expected: expected, actual: bytes.count)
    }
}
