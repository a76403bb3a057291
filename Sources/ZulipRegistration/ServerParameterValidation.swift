import PushProofCore
import PushProofCrypto
import PushProofJSON

/// The server's answer to a request it refuses: Zulip's JSON error, `code` and `msg`.
public struct ServerError: CodedError, Equatable, Sendable {
    public let code: String
    public let message: String
    /// Zulip's `msg`: vectors compare it.
    public var wireMessage: String? { message }
    init(_ message: String) {
        self.code = "BAD_REQUEST"
        self.message = message
    }
    public var description: String { "\(code): \(message)" }
}

/// The server's error strings. Those marked "deployed" are the deployed server's exact text;
/// the others are PushProof's choice where the deployed text is not known (the vectors flag
/// them `ReferenceMessage`).
public enum ServerMessages {
    /// deployed
    public static let missingGroups =
        "Missing parameters: must provide either all push key fields, all token fields, or both."
    /// deployed
    public static let invalidPushKey = "Invalid `push_key`"
    /// deployed
    public static let invalidPushKeyId = "Invalid push_key_id: Value error, Not a valid unsigned 32-bit integer"
    /// deployed
    public static let tokenIdNotBase64 = "`token_id` is not Base64 encoded"
    /// deployed
    public static let invalidDeviceId = "Invalid `device_id`"
    /// deployed
    public static let alreadyInProgress = "A registration for the device already in progress."
    /// deployed: a push key alone, for a device with no registration yet
    public static let noRegistrationToRotateKey = "No push registration exists to rotate key for."
    /// deployed: a token alone, for a device with no registration yet
    public static let noRegistrationToRotateToken = "No push registration exists to rotate token for."
    /// Zulip's generic text for a missing required argument.
    public static func missingArgument(_ name: String) -> String { "Missing '\(name)' argument" }
    /// deployed: a `Json[int]` parameter that is not JSON (typed_endpoint's `json_invalid`)
    public static func notValidJSON(_ name: String) -> String { "\(name) is not valid JSON" }
    /// deployed template (`int_type`) for JSON that is not an integer
    public static func notAnInteger(_ name: String) -> String { "\(name) is not an integer" }
    /// deployed: `check_string_in_validator` through typed_endpoint's `value_error`
    public static let tokenKindNotInList = "Invalid token_kind: Value error, Not in the list of possible values"
    /// reference choice (proposal profile)
    public static let invalidTokenKind = "Invalid `token_kind`"
    /// reference choice: `token_id` that is base64 but not 8 bytes (hardened; deployed: more
    /// than 8, which the deployed server cannot store)
    public static let invalidTokenId = "Invalid `token_id`"
    /// reference choice (proposal profile)
    public static let invalidPushAccountId = "Invalid `push_account_id`"
    /// reference choice (proposal profile)
    public static let invalidPushPublicKey = "Invalid `push_public_key`"
    /// reference choice (proposal profile)
    public static let invalidBouncerPublicKey = "Invalid `bouncer_public_key`"
}

/// A registration request the server accepted, normalised.
public struct ValidatedRegisterRequest: Equatable, Sendable {
    public struct TokenFields: Equatable, Sendable {
        public var tokenKind: TokenKind
        /// Deployed: the token id as the server stores it (big-endian signed 64-bit).
        public var tokenId: TokenId?
        public var bouncerPublicKey: String
        public var encryptedPushRegistration: String
    }

    /// Deployed: `device_id`. Proposal: `push_account_id` (as its unsigned value).
    public var key: RegistrationKey
    public var pushKeyId: UInt32?
    /// The 33-byte push key, revealed only as base64 on the way to the server's storage.
    public var pushKeyBase64: String?
    public var token: TokenFields?
    /// Proposal: the device's public key, standard base64 of 32 bytes.
    public var pushPublicKey: String?
    /// What the request does (deployed): a first registration (both groups), or a rotation of
    /// the push key or the token of an existing one. Proposal requests are registrations.
    public var change: Change = .registration

    public enum Change: String, Equatable, Sendable {
        case registration
        case keyRotation
        case tokenRotation
    }
}

/// What a server's registration state is keyed by.
public enum RegistrationKey: Hashable, Sendable, CustomStringConvertible {
    case device(Int64)
    case pushAccount(UInt64)
    public var description: String {
        switch self {
        case .device(let id): return "device \(id)"
        case .pushAccount(let id): return "push account \(id)"
        }
    }
}

/// Validation of the client's `POST /api/v1/mobile_push/register` parameters (all strings, as
/// in an HTTP form). Checks run in a fixed order and the first failure answers.
///
/// deployed, as Zulip's server at feature level 468 (`register_push_device`, read in
/// docs/audit/registration.md): the parameters are parsed first, in the view's signature order
/// (`device_id` a JSON integer; `token_kind` fcm or apns when present; `push_key_id` a JSON
/// uint32 when present); then the device must be the user's; a group counts only when complete
/// (a stray partial group is ignored) and one must be; a push key alone rotates the key of an
/// existing registration; a token registration already in progress refuses the rest; `token_id`
/// is base64 (any length up to 8 bytes); a token alone rotates the token of an existing
/// registration; both groups register, with `push_key` 33 bytes starting `0x31`.
///
/// hardened (PushProof's): the same, and a partial group is refused, and `token_id` must be 8
/// bytes.
///
/// proposal: every field present; `push_account_id` a uint64; `token_kind`;
/// `bouncer_public_key` and `push_public_key` base64 of 32 bytes.
public struct RegisterParameterValidator: Sendable {
    public enum Rules: Sendable {
        case deployed
        case hardened
    }

    public var profile: RegistrationProfile
    public var rules: Rules
    /// Deployed: the requesting user's device ids.
    public var knownDeviceIds: Set<Int64>
    /// Deployed: the devices that already have a registration (a push key on record), whose key
    /// or token a request may rotate.
    public var registeredDeviceIds: Set<Int64>
    /// Registrations the server is still waiting on the bouncer for.
    public var inProgress: Set<RegistrationKey>

    public static let keyGroup = ["push_key_id", "push_key"]
    public static let tokenGroup = ["token_kind", "token_id", "bouncer_public_key", "encrypted_push_registration"]

    public init(
        profile: RegistrationProfile, rules: Rules = .deployed, knownDeviceIds: Set<Int64> = [],
        registeredDeviceIds: Set<Int64> = [], inProgress: Set<RegistrationKey> = []
    ) {
        self.profile = profile
        self.rules = rules
        self.knownDeviceIds = knownDeviceIds
        self.registeredDeviceIds = registeredDeviceIds
        self.inProgress = inProgress
    }

    public func validate(_ params: [String: String]) throws(ServerError) -> ValidatedRegisterRequest {
        switch profile {
        case .deployed: return try validateDeployed(params)
        case .proposal: return try validateProposal(params)
        }
    }

    /// A `Json[int]` parameter as pydantic reads it in lax mode: JSON text, then an integer
    /// (an integral float, a numeric string or a boolean coerced).
    static func jsonInteger(_ name: String, _ text: String) throws(ServerError) -> Int64 {
        guard let value = try? JSONParser.parse(Array(text.utf8)) else {
            throw ServerError(ServerMessages.notValidJSON(name))
        }
        guard let integer = RegistrationValidator.laxInteger(value) else {
            throw ServerError(ServerMessages.notAnInteger(name))
        }
        return integer
    }

    private func validateDeployed(_ params: [String: String]) throws(ServerError) -> ValidatedRegisterRequest {
        // typed_endpoint: every parameter parsed, in the signature's order.
        guard let deviceText = params["device_id"] else {
            throw ServerError(ServerMessages.missingArgument("device_id"))
        }
        let deviceId = try Self.jsonInteger("device_id", deviceText)
        var tokenKind: TokenKind? = nil
        if let kindText = params["token_kind"] {
            guard let kind = TokenKind(rawValue: kindText) else { throw ServerError(ServerMessages.tokenKindNotInList) }
            tokenKind = kind
        }
        var pushKeyId: UInt32? = nil
        if let idText = params["push_key_id"] {
            guard let id = UInt32(exactly: try Self.jsonInteger("push_key_id", idText)) else {
                throw ServerError(ServerMessages.invalidPushKeyId)
            }
            pushKeyId = id
        }
        // The view's body.
        guard knownDeviceIds.contains(deviceId) else { throw ServerError(ServerMessages.invalidDeviceId) }
        let keyPresent = Self.keyGroup.allSatisfy { params[$0] != nil }
        let tokenPresent = Self.tokenGroup.allSatisfy { params[$0] != nil }
        if rules == .hardened {
            for group in [Self.keyGroup, Self.tokenGroup] where !group.allSatisfy({ params[$0] != nil }) {
                guard group.allSatisfy({ params[$0] == nil }) else { throw ServerError(ServerMessages.missingGroups) }
            }
        }
        guard keyPresent || tokenPresent else { throw ServerError(ServerMessages.missingGroups) }
        let registered = registeredDeviceIds.contains(deviceId)
        var request = ValidatedRegisterRequest(key: .device(deviceId))

        func pushKey() throws(ServerError) -> String {
            let keyText = params["push_key"]!
            guard let wire = try? Base64.decode(keyText, byteCount: PushKey.wireByteCount), wire[0] == PushKey.typeByte
            else { throw ServerError(ServerMessages.invalidPushKey) }
            return keyText
        }
        if keyPresent && !tokenPresent {
            guard registered else { throw ServerError(ServerMessages.noRegistrationToRotateKey) }
            request.pushKeyId = pushKeyId
            request.pushKeyBase64 = try pushKey()
            request.change = .keyRotation
            return request
        }
        guard !inProgress.contains(.device(deviceId)) else { throw ServerError(ServerMessages.alreadyInProgress) }
        guard let tokenBytes = PythonBase64.decodeValidating(params["token_id"]!) else {
            throw ServerError(ServerMessages.tokenIdNotBase64)
        }
        let exact = rules == .hardened ? tokenBytes.count == TokenId.byteCount : tokenBytes.count <= TokenId.byteCount
        guard exact else { throw ServerError(ServerMessages.invalidTokenId) }
        request.token = .init(
            tokenKind: tokenKind!, tokenId: TokenId(anyLength: tokenBytes),
            bouncerPublicKey: params["bouncer_public_key"]!,
            encryptedPushRegistration: params["encrypted_push_registration"]!)
        if !keyPresent {
            guard registered else { throw ServerError(ServerMessages.noRegistrationToRotateToken) }
            request.change = .tokenRotation
            return request
        }
        request.pushKeyId = pushKeyId
        request.pushKeyBase64 = try pushKey()
        request.change = .registration
        return request
    }

    private func validateProposal(_ params: [String: String]) throws(ServerError) -> ValidatedRegisterRequest {
        for name in [
            "push_account_id", "token_kind", "bouncer_public_key", "encrypted_push_registration", "push_public_key",
        ]
        where params[name] == nil {
            throw ServerError(ServerMessages.missingArgument(name))
        }
        guard let account = UInt64(params["push_account_id"]!) else {
            throw ServerError(ServerMessages.invalidPushAccountId)
        }
        guard let kind = TokenKind(rawValue: params["token_kind"]!) else {
            throw ServerError(ServerMessages.invalidTokenKind)
        }
        guard (try? Base64.decode(params["bouncer_public_key"]!, byteCount: X25519.keyByteCount)) != nil else {
            throw ServerError(ServerMessages.invalidBouncerPublicKey)
        }
        guard (try? Base64.decode(params["push_public_key"]!, byteCount: X25519.keyByteCount)) != nil else {
            throw ServerError(ServerMessages.invalidPushPublicKey)
        }
        guard !inProgress.contains(.pushAccount(account)) else { throw ServerError(ServerMessages.alreadyInProgress) }
        var request = ValidatedRegisterRequest(key: .pushAccount(account))
        request.token = .init(
            tokenKind: kind, tokenId: nil, bouncerPublicKey: params["bouncer_public_key"]!,
            encryptedPushRegistration: params["encrypted_push_registration"]!)
        request.pushPublicKey = params["push_public_key"]
        return request
    }

}

extension ValidatedRegisterRequest {
    init(key: RegistrationKey) {
        self.init(key: key, pushKeyId: nil, pushKeyBase64: nil, token: nil, pushPublicKey: nil, change: .registration)
    }
}
