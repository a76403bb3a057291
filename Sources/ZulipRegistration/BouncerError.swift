import PushProofCore

/// A bouncer's answer to a registration it refuses. `kind` (its `code`) is what crosses the wire
/// and what vectors pin; `reason` says which check failed, for people reading a failure. Neither the
/// message nor the reason ever contains key bytes, the token or any other plaintext.
public struct BouncerError: CodedError, Equatable, Sendable {
    public enum Kind: String, Sendable, CaseIterable {
        case invalidBouncerPublicKey = "INVALID_BOUNCER_PUBLIC_KEY"
        case badRequest = "BAD_REQUEST"
        case requestExpired = "REQUEST_EXPIRED"
        /// Not a protocol code: HTTP 500 from an uncaught exception. Only the
        /// `deployedCompatible` model produces it, where the deployed bouncer does.
        case serverError = "SERVER_ERROR"
    }

    public enum Reason: Equatable, Sendable {
        case unknownBouncerKey
        case retiredBouncerKey
        case missingRequestField(String)
        case malformedRequestField(String)
        case registrationNotBase64
        case boxTooShort
        case boxDoesNotOpen
        case plaintextNotJSON
        case plaintextNotObject
        case missingField(String)
        case unexpectedField
        case wrongType(String)
        case unknownTokenKind
        case tokenLength(Int)
        case apnsTokenNotHex
        case iosAppIdMissing
        case iosAppIdForbidden
        case iosAppIdUnknown
        case tokenIdMismatch
        case expired(ageSeconds: Int64)
        case uncaughtBase64Error
    }

    public let kind: Kind
    public let reason: Reason

    /// The wire code, e.g. `BAD_REQUEST`.
    public var code: String { kind.rawValue }

    public init(_ kind: Kind, _ reason: Reason) {
        self.kind = kind
        self.reason = reason
    }

    static func badRequest(_ reason: Reason) -> BouncerError { BouncerError(.badRequest, reason) }

    /// The message the deployed bouncer returns with the code.
    public var message: String {
        switch kind {
        case .invalidBouncerPublicKey: return "Invalid bouncer_public_key"
        case .badRequest: return "Invalid encrypted_push_registration"
        case .requestExpired: return "Request expired"
        case .serverError: return "Internal server error"
        }
    }

    /// Which check failed, in words safe to log.
    public var detail: String {
        switch reason {
        case .unknownBouncerKey: return "no key pair in the ring has this public key"
        case .retiredBouncerKey: return "this public key was retired from the ring"
        case .missingRequestField(let f): return "the request has no `\(f)`"
        case .malformedRequestField(let f): return "the request's `\(f)` is malformed"
        case .registrationNotBase64: return "encrypted_push_registration is not canonical base64"
        case .boxTooShort: return "the sealed box is shorter than its 48-byte overhead"
        case .boxDoesNotOpen: return "the sealed box does not open with the ring's secret key"
        case .plaintextNotJSON: return "the decrypted registration is not JSON"
        case .plaintextNotObject: return "the decrypted registration is not a JSON object"
        case .missingField(let f): return "the registration has no `\(f)`"
        case .unexpectedField: return "the registration has a field the schema does not define"
        case .wrongType(let f): return "the registration's `\(f)` has the wrong JSON type"
        case .unknownTokenKind: return "token_kind is neither \"fcm\" nor \"apns\""
        case .tokenLength(let n): return "token has \(n) characters, allowed 1 to 4096"
        case .apnsTokenNotHex: return "an APNs token must be pairs of hexadecimal digits"
        case .iosAppIdMissing: return "an APNs registration needs ios_app_id"
        case .iosAppIdForbidden: return "an FCM registration must not carry ios_app_id"
        case .iosAppIdUnknown: return "ios_app_id is not a known app id"
        case .tokenIdMismatch: return "token_id does not match the decrypted token"
        case .expired(let age): return "the registration is \(age) s old, more than the 86400 s allowed"
        case .uncaughtBase64Error: return "Python's base64 decoder raised an error the deployed bouncer does not catch"
        }
    }

    public var description: String { "\(code): \(message) (\(detail))" }
}
