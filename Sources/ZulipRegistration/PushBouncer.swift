import PushProofCrypto
import PushProofJSON

/// A device record the bouncer keeps for a registration it accepted.
public struct BouncerDevice: Equatable, Sendable {
    /// Assigned by the bouncer, sequentially from 1 (not random, as the proposal says).
    public var deviceId: Int64
    public var realmUUID: String
    public var registration: PushRegistration
    public var tokenId: TokenId?
    public var pushAccountId: UInt64?
}

public struct BouncerRegistrationResult: Equatable, Sendable {
    public var device: BouncerDevice
    /// False when the registration was already known and the existing record was returned.
    public var created: Bool
}

/// The notification bouncer's half of registration.
///
/// Checks, in this order (the deployed bouncer's order; the first failure answers):
/// 1. the request's fields are present and well-formed (`BAD_REQUEST`);
/// 2. `bouncer_public_key` names an active key of the ring (`INVALID_BOUNCER_PUBLIC_KEY`);
/// 3. `encrypted_push_registration` is base64 and the sealed box opens (`BAD_REQUEST`);
/// 4. the plaintext is a valid `PushRegistration` (`BAD_REQUEST`);
/// 5. deployed profile: `token_id` matches the decrypted token (`BAD_REQUEST`);
/// 6. liveness: `now - timestamp <= 86400` (`REQUEST_EXPIRED`); no check on future times;
/// 7. dedup: a registration already on record returns that record (idempotent).
/// Nothing changes unless every check passes.
public struct PushBouncer: Sendable {
    /// PUSH_REGISTRATION_LIVENESS_TIMEOUT: 24 hours.
    public static let livenessTimeout: Int64 = 86_400

    public let profile: RegistrationProfile
    public var keyRing: BouncerKeyRing
    public var validator: RegistrationValidator
    public let clock: any UnixClock
    public private(set) var devices: [BouncerDevice] = []
    private var nextDeviceId: Int64 = 1

    public init(
        profile: RegistrationProfile, keyRing: BouncerKeyRing, clock: any UnixClock,
        iosAppIds: Set<String> = ["org.zulip.Zulip"], strictness: BouncerStrictness = .strict
    ) {
        self.profile = profile
        self.keyRing = keyRing
        self.clock = clock
        self.validator = RegistrationValidator(profile: profile, strictness: strictness, iosAppIds: iosAppIds)
    }

    public var strictness: BouncerStrictness { validator.strictness }

    /// Steps 2 to 6: everything but the dedup, without changing any state.
    public func open(_ request: BouncerRequest) throws(BouncerError) -> PushRegistration {
        let pair: X25519.KeyPair
        switch keyRing.lookup(publicKey: request.bouncerPublicKey) {
        case .active(let p): pair = p
        case .retired: throw BouncerError(.invalidBouncerPublicKey, .retiredBouncerKey)
        case .unknown: throw BouncerError(.invalidBouncerPublicKey, .unknownBouncerKey)
        }

        let box: [UInt8]
        switch strictness {
        case .strict:
            guard let decoded = try? Base64.decode(request.encryptedPushRegistration) else {
                throw .badRequest(.registrationNotBase64)
            }
            box = decoded
        case .deployedCompatible:
            switch PythonBase64.decode(request.encryptedPushRegistration) {
            case .success(let decoded): box = decoded
            case .failure: throw BouncerError(.serverError, .uncaughtBase64Error)
            }
        }
        guard box.count >= SealedBox.overhead else { throw .badRequest(.boxTooShort) }
        let plaintext: [UInt8]
        do {
            plaintext = try SealedBox.open(box, recipient: pair)
        } catch {
            throw .badRequest(.boxDoesNotOpen)
        }

        let registration = try validator.parse(plaintext)

        if profile == .deployed {
            switch strictness {
            case .strict:
                guard let wire = request.tokenId, let claimed = try? TokenId(base64: wire) else {
                    throw .badRequest(.malformedRequestField("token_id"))
                }
                guard claimed.matches(TokenId(token: registration.token)) else { throw .badRequest(.tokenIdMismatch) }
            case .deployedCompatible:
                // The text as sent against the token's own id (views.py@5bbfa671:625-628).
                guard request.tokenId == TokenId(token: registration.token).base64 else {
                    throw .badRequest(.tokenIdMismatch)
                }
            }
        }

        let now = clock.now()
        let (age, overflow) = now.subtractingReportingOverflow(registration.timestamp)
        let expired = overflow ? registration.timestamp < now : age > Self.livenessTimeout
        if expired { throw BouncerError(.requestExpired, .expired(ageSeconds: overflow ? .max : age)) }
        return registration
    }

    /// Registers, or returns the existing record for the same registration.
    public mutating func register(_ request: BouncerRequest) throws(BouncerError) -> BouncerRegistrationResult {
        let registration = try open(request)
        let tokenId = profile == .deployed ? TokenId(token: registration.token) : nil
        if let existing = devices.first(where: {
            isSame($0, request: request, registration: registration, tokenId: tokenId)
        }) {
            return BouncerRegistrationResult(device: existing, created: false)
        }
        let device = BouncerDevice(
            deviceId: nextDeviceId, realmUUID: request.realmUUID, registration: registration,
            tokenId: tokenId, pushAccountId: request.pushAccountId)
        nextDeviceId += 1
        devices.append(device)
        return BouncerRegistrationResult(device: device, created: true)
    }

    /// Deployed: unique on (token_id, realm). Proposal: unique on (token, push_account_id).
    private func isSame(
        _ device: BouncerDevice, request: BouncerRequest, registration: PushRegistration,
        tokenId: TokenId?
    ) -> Bool {
        switch profile {
        case .deployed:
            return device.realmUUID == request.realmUUID && device.tokenId == tokenId
        case .proposal:
            return device.pushAccountId == request.pushAccountId && device.registration.token == registration.token
        }
    }
}
