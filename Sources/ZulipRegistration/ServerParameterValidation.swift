import PushProofCore
import PushProofCrypto

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
    /// Zulip's generic text for a missing required argument.
    public static func missingArgument(_ name: String) -> String { "Missing '\(name)' argument" }
    /// reference choice
    public static let invalidTokenKind = "Invalid `token_kind`"
    /// reference choice: `token_id` that is base64 but not 8 bytes
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
/// in an HTTP form). Checks run in a fixed order and the first failure answers:
///
/// deployed: `device_id` present, an integer, and one of the user's devices; `push_key_id` a
/// uint32 when present; the all-or-none group rule; `push_key` 33 bytes starting `0x31`;
/// `token_kind`; `token_id` base64 of 8 bytes; no registration already in progress.
///
/// proposal: every field present; `push_account_id` a uint64; `token_kind`;
/// `bouncer_public_key` and `push_public_key` base64 of 32 bytes.
public struct RegisterParameterValidator: Sendable {
    public var profile: RegistrationProfile
    /// Deployed: the requesting user's device ids.
    public var knownDeviceIds: Set<Int64>
    /// Registrations the server is still waiting on the bouncer for.
    public var inProgress: Set<RegistrationKey>

    public static let keyGroup = ["push_key_id", "push_key"]
    public static let tokenGroup = ["token_kind", "token_id", "bouncer_public_key", "encrypted_push_registration"]

    public init(profile: RegistrationProfile, knownDeviceIds: Set<Int64> = [], inProgress: Set<RegistrationKey> = []) {
        self.profile = profile
        self.knownDeviceIds = knownDeviceIds
        self.inProgress = inProgress
    }

    public func validate(_ params: [String: String]) throws(ServerError) -> ValidatedRegisterRequest {
        switch profile {
        case .deployed: return try validateDeployed(params)
        case .proposal: return try validateProposal(params)
        }
    }

    private func validateDeployed(_ params: [String: String]) throws(ServerError) -> ValidatedRegisterRequest {
        guard let deviceText = params["device_id"] else {
            throw ServerError(ServerMessages.missingArgument("device_id"))
        }
        guard let deviceId = Int64(deviceText), knownDeviceIds.contains(deviceId) else {
            throw ServerError(ServerMessages.invalidDeviceId)
        }
        var pushKeyId: UInt32? = nil
        if let idText = params["push_key_id"] {
            guard let id = UInt32(idText) else { throw ServerError(ServerMessages.invalidPushKeyId) }
            pushKeyId = id
        }
        let hasKeyGroup = try groupPresence(Self.keyGroup, in: params)
        let hasTokenGroup = try groupPresence(Self.tokenGroup, in: params)
        guard hasKeyGroup || hasTokenGroup else { throw ServerError(ServerMessages.missingGroups) }

        var request = ValidatedRegisterRequest(key: .device(deviceId))
        if hasKeyGroup, let keyText = params["push_key"] {
            guard let wire = try? Base64.decode(keyText, byteCount: PushKey.wireByteCount),
                wire[0] == PushKey.typeByte
            else {
                throw ServerError(ServerMessages.invalidPushKey)
            }
            request.pushKeyId = pushKeyId
            request.pushKeyBase64 = keyText
        }
        if hasTokenGroup {
            guard let kind = TokenKind(rawValue: params["token_kind"]!) else {
                throw ServerError(ServerMessages.invalidTokenKind)
            }
            let tokenId: TokenId
            do {
                tokenId = try TokenId(base64: params["token_id"]!)
            } catch .wrongLength {
                throw ServerError(ServerMessages.invalidTokenId)
            } catch {
                throw ServerError(ServerMessages.tokenIdNotBase64)
            }
            guard !inProgress.contains(.device(deviceId)) else { throw ServerError(ServerMessages.alreadyInProgress) }
            request.token = .init(
                tokenKind: kind, tokenId: tokenId, bouncerPublicKey: params["bouncer_public_key"]!,
                encryptedPushRegistration: params["encrypted_push_registration"]!)
        }
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

    /// True when every field of the group is present, false when none is; a partial group is
    /// the "Missing parameters" error.
    private func groupPresence(_ group: [String], in params: [String: String]) throws(ServerError) -> Bool {
        let present = group.filter { params[$0] != nil }.count
        guard present == 0 || present == group.count else { throw ServerError(ServerMessages.missingGroups) }
        return present == group.count
    }
}

extension ValidatedRegisterRequest {
    init(key: RegistrationKey) {
        self.init(key: key, pushKeyId: nil, pushKeyBase64: nil, token: nil, pushPublicKey: nil)
    }
}
