import PushProofCore

/// Why an envelope could not be built, delivered or read. `code` is what vectors pin; messages
/// name sizes, fields and steps, never keys, content or other plaintext.
public enum EnvelopeError: CodedError, Equatable, Sendable {
    /// The stored push key is not 33 bytes starting with the type byte 0x31.
    case invalidPushKey(String)
    /// An assembled APNs or FCM payload is over the service's limit.
    case payloadTooLarge(service: String, size: Int, limit: Int)
    /// The APNs / FCM payload the client received is not what the protocol sends.
    case malformedPayload(String)
    /// `encrypted_data` does not open under the key its `push_key_id` names (wrong key or modified).
    case authenticationFailed
    /// The decrypted plaintext is not a notification.
    case malformedNotification(String)
    /// A notification the server was asked to build breaks the protocol's own rules.
    case invalidNotification(String)

    public var code: String {
        switch self {
        case .invalidPushKey: return "INVALID_PUSH_KEY"
        case .payloadTooLarge: return "PAYLOAD_TOO_LARGE"
        case .malformedPayload: return "MALFORMED_PAYLOAD"
        case .authenticationFailed: return "AUTHENTICATION_FAILED"
        case .malformedNotification: return "MALFORMED_NOTIFICATION"
        case .invalidNotification: return "INVALID_NOTIFICATION"
        }
    }

    public var description: String {
        switch self {
        case .invalidPushKey(let why): return "\(code): \(why)"
        case .payloadTooLarge(let service, let size, let limit):
            return "\(code): the \(service) payload is \(size) bytes, the limit is \(limit)"
        case .malformedPayload(let why): return "\(code): \(why)"
        case .authenticationFailed: return "\(code): encrypted_data does not open with the key its push_key_id names"
        case .malformedNotification(let why): return "\(code): \(why)"
        case .invalidNotification(let why): return "\(code): \(why)"
        }
    }
}
