import PushProofCrypto

/// How the bouncer answered one attempt to forward a registration.
public enum BouncerAnswer: Equatable, Sendable {
    /// Success. The proposal's bouncer names its device record; the deployed one (feature level
    /// 468) answers success alone.
    case registered(deviceId: Int64?)
    /// A 4xx answer with its error code (`INVALID_BOUNCER_PUBLIC_KEY`, `REQUEST_EXPIRED`, ...).
    case refused(code: String)
    /// A 5xx answer.
    case serverError(status: Int)
    /// No answer: connection refused, timeout, reset.
    case networkFailure
}

/// The server's registration state for one device (deployed) or push account (proposal).
public struct ServerRegistration: Equatable, Sendable {
    /// The token id the bouncer confirmed last (deployed: `push_token_id`).
    public var activeTokenId: TokenId?
    /// Proposal: the bouncer's device record for this account.
    public var bouncerDeviceId: Int64?
    /// The registration waiting for the bouncer, if any (deployed: `pending_push_token_id`).
    public var pending: BouncerRequest?
    /// Whether a queue item is still trying to deliver `pending` (deployed: false once the
    /// worker gave up after its retries, which leaves the registration pending).
    public var queued: Bool = false
    /// Attempts made for the pending registration so far.
    public var attempts: Int
    /// The error code of the last registration the bouncer refused for good.
    public var lastErrorCode: String?
    /// Deployed: the push key on record; a registration exists once it is set.
    public var pushKeyId: UInt32?
    public var pushKey: String?
    public var tokenKind: TokenKind?

    public init(attempts: Int = 0) { self.attempts = attempts }

    /// Deployed: `pending` counts only while no error code is recorded (the server's own test
    /// for "in progress"); the proposal's status map value otherwise.
    public func status(_ profile: RegistrationProfile) -> String {
        switch profile {
        case .deployed:
            if lastErrorCode == nil && pending != nil { return "pending" }
            if activeTokenId != nil { return "active" }
            return lastErrorCode == nil ? "none" : "failed"
        case .proposal:
            if pending != nil { return "pending" }
            if bouncerDeviceId != nil { return "active" }
            return lastErrorCode == nil ? "none" : "failed"
        }
    }

    /// Deployed: a token registration the server is still waiting on (new ones are refused).
    var inProgress: Bool { lastErrorCode == nil && pending != nil }
}

/// What the server does next after an answer.
public enum ServerAction: Equatable, Sendable {
    /// The registration is active.
    case activated
    /// Dropped for good; the code is reported to the client (and, for `REQUEST_EXPIRED`, to
    /// the server's admins).
    case dropped(code: String)
    /// Transient failure: try again after this many seconds (deployed: at once).
    case retry(afterSeconds: Double)
    /// Deployed: the retries are used up; the worker logs it and the registration stays
    /// pending, so the device's later token registrations are refused as "in progress".
    case abandoned
    /// There was nothing queued for this key.
    case ignored
}

/// What an accepted request did: `change` nil when it changed nothing (the same registration
/// again), and the request the queue worker will send to the bouncer, if any.
public struct AcceptedRegistration: Equatable, Sendable {
    public var change: ValidatedRegisterRequest.Change?
    public var outgoing: BouncerRequest?
}

/// The server's side of registration: it accepts the client's request, answers at once, and
/// forwards the sealed registration to the bouncer from a queue, keeping it pending until the
/// bouncer answers.
///
/// Deployed (Zulip at feature level 468; docs/audit/registration.md):
/// - both groups register the device (key, token kind, pending token id, error code cleared);
///   the same registration again changes nothing and sends nothing;
/// - a push key alone replaces the key of an existing registration; a token alone becomes the
///   pending token (nothing, if it is the active one);
/// - success: the pending token id becomes the active one;
/// - `INVALID_BOUNCER_PUBLIC_KEY` or `REQUEST_EXPIRED`: the code is recorded, any other refusal
///   is recorded as `BAD_REQUEST`; an active token stays active;
/// - `MISSING_REMOTE_REALM`, `INVALID_ZULIP_SERVER`, `PUSH_NOTIFICATIONS_DISALLOWED` (the
///   server's admins must act), 5xx or no answer: re-queued at once, at most `maximumRetries`
///   times; then the worker gives up and the registration stays pending.
///
/// Hardened (PushProof's): the same, but transient failures are retried after a randomized
/// exponential backoff without a count limit (the bouncer's 24-hour liveness check ends a
/// hopeless one with `REQUEST_EXPIRED`), and the validator's hardened rules apply.
///
/// Proposal: keyed by `push_account_id`; a request for an account the server holds without an
/// error is answered success and sends nothing; the bouncer names its device;
/// `INVALID_BOUNCER_PUBLIC_KEY` and `REQUEST_EXPIRED` are recorded, any other refusal is retried
/// with the backoff.
public struct RegistrationServer: Sendable {
    /// Zulip's `MAX_REQUEST_RETRIES` (zerver/lib/queue.py): `retry_event` re-queues while
    /// `failed_tries` is at most this.
    public static let maximumRetries = 3

    public let profile: RegistrationProfile
    public let rules: RegisterParameterValidator.Rules
    public var knownDeviceIds: Set<Int64>
    public var backoff: ExponentialBackoff
    public let realmUUID: String
    public private(set) var registrations: [RegistrationKey: ServerRegistration] = [:]

    public init(
        profile: RegistrationProfile, rules: RegisterParameterValidator.Rules = .deployed, realmUUID: String,
        knownDeviceIds: Set<Int64> = [], backoff: ExponentialBackoff = ExponentialBackoff()
    ) {
        self.profile = profile
        self.rules = rules
        self.realmUUID = realmUUID
        self.knownDeviceIds = knownDeviceIds
        self.backoff = backoff
    }

    /// The validator as the server's records make it: which devices have a registration, and
    /// which are waiting on the bouncer.
    public var validator: RegisterParameterValidator {
        RegisterParameterValidator(
            profile: profile, rules: rules, knownDeviceIds: knownDeviceIds,
            registeredDeviceIds: Set(
                registrations.compactMap { key, state in
                    if case .device(let id) = key, state.pushKeyId != nil { return id }
                    return nil
                }),
            inProgress: Set(registrations.filter { $0.value.inProgress }.map(\.key)))
    }

    /// Handles the client's request.
    public mutating func register(_ params: [String: String]) throws(ServerError) -> AcceptedRegistration {
        let request = try validator.validate(params)
        var state = registrations[request.key] ?? ServerRegistration()
        let outgoing = request.token.map { token in
            BouncerRequest(
                realmUUID: realmUUID, bouncerPublicKey: token.bouncerPublicKey,
                encryptedPushRegistration: token.encryptedPushRegistration,
                tokenId: token.tokenId?.base64,
                pushAccountId: { if case .pushAccount(let id) = request.key { return id } else { return nil } }())
        }
        var change: ValidatedRegisterRequest.Change? = request.change
        switch (profile, request.change) {
        case (.proposal, _):
            // A registration the server holds without an error (pending or active) is answered
            // success again and nothing more is sent: the design's client repeats a request whose
            // answer it lost (PV:285-290). After a failure, the request registers anew.
            if registrations[request.key] != nil && state.lastErrorCode == nil {
                change = nil
            } else {
                state.pending = outgoing
                state.lastErrorCode = nil
            }
        case (.deployed, .keyRotation):
            if state.pushKeyId == request.pushKeyId && state.pushKey == request.pushKeyBase64 { change = nil }
            state.pushKeyId = request.pushKeyId
            state.pushKey = request.pushKeyBase64
        case (.deployed, .tokenRotation):
            if state.lastErrorCode == nil, let active = state.activeTokenId,
                active.int64 == request.token?.tokenId?.int64
            {
                change = nil
            } else {
                state.pending = outgoing
                state.lastErrorCode = nil
            }
        case (.deployed, .registration):
            let same =
                state.lastErrorCode == nil && state.pushKeyId == request.pushKeyId
                && state.pushKey == request.pushKeyBase64 && state.tokenKind == request.token?.tokenKind
                && state.activeTokenId != nil && state.activeTokenId?.int64 == request.token?.tokenId?.int64
            if same {
                change = nil
            } else {
                state.pushKeyId = request.pushKeyId
                state.pushKey = request.pushKeyBase64
                state.tokenKind = request.token?.tokenKind
                state.pending = outgoing
                state.lastErrorCode = nil
            }
        }
        let queuedNow = change != nil && outgoing != nil
        if queuedNow {
            state.queued = true
            state.attempts = 0
        }
        registrations[request.key] = state
        return AcceptedRegistration(change: change, outgoing: queuedNow ? outgoing : nil)
    }

    /// Deployed: the bouncer's codes the server retries like a 5xx (zerver/lib/remote_server.py
    /// raises them as `MissingRemoteRealmError`, `PushNotificationBouncerError` and
    /// `PushNotificationsDisallowedByBouncerError`, which the worker step re-raises as
    /// `PushNotificationBouncerRetryLaterError`): the server's admins must act, and the device
    /// keeps its pending token.
    public static let retriedRefusals: Set<String> = [
        "MISSING_REMOTE_REALM", "INVALID_ZULIP_SERVER", "PUSH_NOTIFICATIONS_DISALLOWED",
    ]
    /// The codes recorded as they came; the deployed server records any other refusal as the
    /// `JsonableError` it raises for it, `BAD_REQUEST`.
    public static let recordedRefusals: Set<String> = ["INVALID_BOUNCER_PUBLIC_KEY", "REQUEST_EXPIRED"]

    /// The error code a refusal records, or nil when it is retried. Proposal: the design's step 8
    /// records `INVALID_BOUNCER_PUBLIC_KEY` and `REQUEST_EXPIRED` and retries "other errors".
    func recordedCode(_ code: String) -> String? {
        if Self.recordedRefusals.contains(code) { return code }
        if profile == .proposal || Self.retriedRefusals.contains(code) { return nil }
        return "BAD_REQUEST"
    }

    /// A transient failure. Deployed: `retry_event` (failed_tries + 1, re-queued at once while
    /// it is at most the maximum, else the worker gives up); otherwise a randomized backoff.
    private func retry(_ state: inout ServerRegistration, using generator: inout some RandomNumberGenerator)
        -> ServerAction
    {
        guard profile == .deployed && rules == .deployed else {
            return .retry(afterSeconds: backoff.delay(attempt: state.attempts, using: &generator))
        }
        guard state.attempts <= Self.maximumRetries else {
            state.queued = false
            return .abandoned
        }
        return .retry(afterSeconds: 0)
    }

    /// Applies the bouncer's answer to the queued registration of `key`.
    public mutating func bouncerAnswered(
        _ answer: BouncerAnswer, for key: RegistrationKey,
        using generator: inout some RandomNumberGenerator
    ) -> ServerAction {
        guard var state = registrations[key], let pending = state.pending, state.queued else { return .ignored }
        state.attempts += 1
        let action: ServerAction
        switch answer {
        case .registered(let deviceId):
            // The server reports the token id it stored: 8 bytes, whatever length was sent.
            state.activeTokenId = pending.tokenId.flatMap { try? TokenId(base64: $0) }
            if profile == .proposal { state.bouncerDeviceId = deviceId }
            state.pending = nil
            state.queued = false
            state.lastErrorCode = nil
            action = .activated
        case .refused(let code):
            if let recorded = recordedCode(code) {
                state.pending = nil
                state.queued = false
                state.lastErrorCode = recorded
                action = .dropped(code: recorded)
            } else {
                action = retry(&state, using: &generator)
            }
        case .serverError, .networkFailure:
            action = retry(&state, using: &generator)
        }
        registrations[key] = state
        return action
    }
}
