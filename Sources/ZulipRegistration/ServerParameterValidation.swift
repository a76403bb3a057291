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
    private init(code: String, message: String) {
        self.code = code
        self.message = message
    }

    /// What the deployed server answers where storing a value fails in its database (a `token_id`
    /// past 64 bits in a 64-bit column): an unhandled exception, HTTP 500, with Zulip's generic
    /// text for it.
    public static let storageFailure = ServerError(code: "SERVER_ERROR", message: "Internal server error")
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
    /// reference choice: `token_id` that is base64 but not 8 bytes (hardened; the deployed
    /// server has no such check, and fails storing a value past 64 bits: `ServerError.storageFailure`)
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
/// is base64 (any length; its value stored in 64 bits); a token alone rotates the token of an existing
/// registration; both groups register, with `push_key` 33 bytes starting `0x31`.
///
/// hardened (PushProof's): the same, and a partial group is refused, and `token_id` must be 8
/// bytes.
///
/// deployed integers are read as typed_endpoint reads `Json[int]` (pydantic's strict mode), and
/// a `token_id` of any length is kept when its value fits the server's 64-bit column.
///
/// proposal: the proposal-era view's parameters in its signature's order (`token_kind` fcm or
/// apns, `push_account_id` a JSON integer, `push_public_key`, `bouncer_public_key`,
/// `encrypted_push_registration` present), then PushProof's checks where the design is silent:
/// `push_account_id` in 0...2^64-1, `bouncer_public_key` and `push_public_key` base64 of 32 bytes.
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

    /// A `Json[int]` parameter as typed_endpoint reads it (pydantic in strict mode, its JSON
    /// parser's rules in `PydanticJSON`): then an integer literal of any size. A float (`7.0`,
    /// `1e3`, `NaN`), a string (`"7"`), a boolean, null, an array or an object is not an integer.
    /// Returns the integer's decimal text (`-0` as `0`); the caller decides what a value outside
    /// its type's range means.
    static func jsonInteger(_ name: String, _ text: String) throws(ServerError) -> String {
        switch PydanticJSON.read(text) {
        case .notJSON: throw ServerError(ServerMessages.notValidJSON(name))
        case .other: throw ServerError(ServerMessages.notAnInteger(name))
        case .integer(let literal): return literal
        }
    }

    private func validateDeployed(_ params: [String: String]) throws(ServerError) -> ValidatedRegisterRequest {
        // typed_endpoint: every parameter parsed, in the signature's order.
        guard let deviceText = params["device_id"] else {
            throw ServerError(ServerMessages.missingArgument("device_id"))
        }
        // An integer outside 64 bits names no device.
        let deviceId = Int64(try Self.jsonInteger("device_id", deviceText))
        var tokenKind: TokenKind? = nil
        if let kindText = params["token_kind"] {
            guard let kind = TokenKind(rawValue: kindText) else { throw ServerError(ServerMessages.tokenKindNotInList) }
            tokenKind = kind
        }
        var pushKeyId: UInt32? = nil
        if let idText = params["push_key_id"] {
            guard let id = UInt32(try Self.jsonInteger("push_key_id", idText)) else {
                throw ServerError(ServerMessages.invalidPushKeyId)
            }
            pushKeyId = id
        }
        // The view's body.
        guard let deviceId, knownDeviceIds.contains(deviceId) else {
            throw ServerError(ServerMessages.invalidDeviceId)
        }
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

        /// Deployed: FL 468's check_push_key, `base64.b64decode(push_key, validate=True)` with only
        /// `binascii.Error` caught (zerver/lib/push_registration.py:140-151): a character outside
        /// `A-Za-z0-9+/` (white space anywhere included) or `=` before the end refuses; `=` after a
        /// whole key is read as Python 3.10 reads it (one or two accepted; later versions differ, and
        /// the vectors accept both answers there); a non-ASCII text raises ValueError before decoding,
        /// which nothing catches (HTTP 500). Hardened: canonical base64 only.
        func pushKey() throws(ServerError) -> String {
            let keyText = params["push_key"]!
            let wire: [UInt8]?
            if rules == .deployed {
                guard keyText.unicodeScalars.allSatisfy(\.isASCII) else { throw ServerError.storageFailure }
                wire = PythonBase64.decodeValidating(keyText)
            } else {
                wire = try? Base64.decode(keyText, byteCount: PushKey.wireByteCount)
            }
            guard let wire, wire.count == PushKey.wireByteCount, wire[0] == PushKey.typeByte
            else { throw ServerError(ServerMessages.invalidPushKey) }
            // The server stores the bytes (push_key_bytes): reported as their canonical base64.
            return Base64.encode(wire)
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
        if rules == .hardened && tokenBytes.count != TokenId.byteCount {
            throw ServerError(ServerMessages.invalidTokenId)
        }
        // The deployed server reads any length as a signed integer and stores it in a 64-bit
        // column: a value outside 64 bits fails there (HTTP 500), after the checks below.
        let tokenId = TokenId(signedBigEndian: tokenBytes)
        func storable() throws(ServerError) -> TokenId {
            guard let tokenId else { throw ServerError.storageFailure }
            return tokenId
        }
        if !keyPresent {
            guard registered else { throw ServerError(ServerMessages.noRegistrationToRotateToken) }
            request.token = try tokenFields(params, tokenKind!, storable())
            request.change = .tokenRotation
            return request
        }
        request.pushKeyId = pushKeyId
        request.pushKeyBase64 = try pushKey()
        request.token = try tokenFields(params, tokenKind!, storable())
        request.change = .registration
        return request
    }

    private func tokenFields(_ params: [String: String], _ kind: TokenKind, _ tokenId: TokenId)
        -> ValidatedRegisterRequest.TokenFields
    {
        .init(
            tokenKind: kind, tokenId: tokenId, bouncerPublicKey: params["bouncer_public_key"]!,
            encryptedPushRegistration: params["encrypted_push_registration"]!)
    }

    /// The proposal-era view's parameters (typed_endpoint, in its signature's order: PV:267-281),
    /// then PushProof's checks where the design document says nothing (docs/registration.md,
    /// "The proposal's request").
    private func validateProposal(_ params: [String: String]) throws(ServerError) -> ValidatedRegisterRequest {
        func required(_ name: String) throws(ServerError) -> String {
            guard let value = params[name] else { throw ServerError(ServerMessages.missingArgument(name)) }
            return value
        }
        guard let kind = TokenKind(rawValue: try required("token_kind")) else {
            throw ServerError(ServerMessages.tokenKindNotInList)
        }
        let accountText = try Self.jsonInteger("push_account_id", try required("push_account_id"))
        let pushPublicKey = try required("push_public_key")
        let bouncerPublicKey = try required("bouncer_public_key")
        let encryptedPushRegistration = try required("encrypted_push_registration")
        // The design's push_account_id is a random 64-bit integer (read unsigned).
        guard let account = UInt64(accountText) else { throw ServerError(ServerMessages.invalidPushAccountId) }
        // A key of another size can never open (bouncer) or receive (device) a sealed box.
        guard (try? Base64.decode(bouncerPublicKey, byteCount: X25519.keyByteCount)) != nil else {
            throw ServerError(ServerMessages.invalidBouncerPublicKey)
        }
        guard (try? Base64.decode(pushPublicKey, byteCount: X25519.keyByteCount)) != nil else {
            throw ServerError(ServerMessages.invalidPushPublicKey)
        }
        var request = ValidatedRegisterRequest(key: .pushAccount(account))
        request.token = .init(
            tokenKind: kind, tokenId: nil, bouncerPublicKey: bouncerPublicKey,
            encryptedPushRegistration: encryptedPushRegistration)
        request.pushPublicKey = pushPublicKey
        return request
    }
}

extension ValidatedRegisterRequest {
    init(key: RegistrationKey) {
        self.init(key: key, pushKeyId: nil, pushKeyBase64: nil, token: nil, pushPublicKey: nil, change: .registration)
    }
}
