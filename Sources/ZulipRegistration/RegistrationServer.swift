import PushProofCrypto

/// How the bouncer answered one attempt to forward a registration.
public enum BouncerAnswer: Equatable, Sendable {
    case registered(deviceId: Int64)
    /// A 4xx answer with its error code (`INVALID_BOUNCER_PUBLIC_KEY`, `REQUEST_EXPIRED`, ...).
    case refused(code: String)
    /// A 5xx answer.
    case serverError(status: Int)
    /// No answer: connection refused, timeout, reset.
    case networkFailure
}

/// The server's registration state for one device (deployed) or push account (proposal).
public struct ServerRegistration: Equatable, Sendable {
    /// The token id the bouncer confirmed last (deployed), or its device id (both profiles).
    public var activeTokenId: TokenId?
    public var bouncerDeviceId: Int64?
    /// The registration waiting for the bouncer, if any.
    public var pending: BouncerRequest?
    /// Attempts made for the pending registration so far.
    public var attempts: Int
    /// The error code of the last registration the bouncer refused for good.
    public var lastErrorCode: String?

    /// The proposal's status map value: `pending`, `active` or `failed`.
    public var status: String {
        if pending != nil { return "pending" }
        if bouncerDeviceId != nil { return "active" }
        return lastErrorCode == nil ? "none" : "failed"
    }
}

/// What the server does next after an answer.
public enum ServerAction: Equatable, Sendable {
    /// The registration is active.
    case activated
    /// Dropped for good; the code is reported to the client (and, for `REQUEST_EXPIRED`, to
    /// the server's admins).
    case dropped(code: String)
    /// Transient failure: try again after this many seconds.
    case retry(afterSeconds: Double)
    /// There was nothing pending for this key.
    case ignored
}

/// The server's side of registration: it accepts the client's request, answers at once, and
/// forwards the sealed registration to the bouncer from a queue, keeping it pending until the
/// bouncer answers.
///
/// - success: the pending token id becomes the active one;
/// - `INVALID_BOUNCER_PUBLIC_KEY`, `REQUEST_EXPIRED`: dropped, code reported (deployed facts);
/// - `BAD_REQUEST` or any other refusal: dropped too, since resending the same bytes cannot
///   succeed (PushProof's choice; the facts do not say);
/// - 5xx or no answer: retried after a randomized exponential backoff, without limit: the
///   bouncer's 24-hour liveness check ends a hopeless retry with `REQUEST_EXPIRED`.
/// A registration already active stays active while a newer one is pending.
public struct RegistrationServer: Sendable {
    public let profile: RegistrationProfile
    public var validator: RegisterParameterValidator
    public var backoff: ExponentialBackoff
    public let realmUUID: String
    public private(set) var registrations: [RegistrationKey: ServerRegistration] = [:]

    public init(
        profile: RegistrationProfile, realmUUID: String, knownDeviceIds: Set<Int64> = [],
        backoff: ExponentialBackoff = ExponentialBackoff()
    ) {
        self.profile = profile
        self.realmUUID = realmUUID
        self.validator = RegisterParameterValidator(profile: profile, knownDeviceIds: knownDeviceIds)
        self.backoff = backoff
    }

    /// Handles the client's request. On success, the registration is pending and the request
    /// the queue worker will send to the bouncer is returned (nil when only a push key came).
    public mutating func register(_ params: [String: String]) throws(ServerError) -> BouncerRequest? {
        let request = try validator.validate(params)
        guard let token = request.token else { return nil }
        let outgoing = BouncerRequest(
            realmUUID: realmUUID, bouncerPublicKey: token.bouncerPublicKey,
            encryptedPushRegistration: token.encryptedPushRegistration,
            tokenId: token.tokenId?.base64,
            pushAccountId: { if case .pushAccount(let id) = request.key { return id } else { return nil } }())
        var state = registrations[request.key] ?? ServerRegistration(attempts: 0)
        state.pending = outgoing
        state.attempts = 0
        registrations[request.key] = state
        validator.inProgress.insert(request.key)
        return outgoing
    }

    /// Applies the bouncer's answer to the pending registration of `key`.
    public mutating func bouncerAnswered(
        _ answer: BouncerAnswer, for key: RegistrationKey,
        using generator: inout some RandomNumberGenerator
    ) -> ServerAction {
        guard var state = registrations[key], let pending = state.pending else { return .ignored }
        state.attempts += 1
        let action: ServerAction
        switch answer {
        case .registered(let deviceId):
            state.activeTokenId = pending.tokenId.flatMap { try? TokenId(base64: $0) }
            state.bouncerDeviceId = deviceId
            state.pending = nil
            state.lastErrorCode = nil
            action = .activated
        case .refused(let code):
            state.pending = nil
            state.lastErrorCode = code
            action = .dropped(code: code)
        case .serverError, .networkFailure:
            action = .retry(afterSeconds: backoff.delay(attempt: state.attempts, using: &generator))
        }
        if state.pending == nil { validator.inProgress.remove(key) }
        registrations[key] = state
        return action
    }
}
