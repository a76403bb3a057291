import PushProofCrypto
import PushProofJSON
import ZulipRegistration

/// The registration suite's operations. Inputs and outputs are documented in
/// `docs/vector-format.md`; the names of JSON fields that cross a Zulip wire keep Zulip's
/// snake_case, PushProof's own fields are camelCase.
enum RegistrationOperations {
    static let handlers: [String: ReferenceImplementation.Handler] = [
        "registration.tokenId": tokenId,
        "registration.seal": seal,
        "registration.bouncer": { try bouncer($0, strictness: .strict) },
        "registration.serverParameters": serverParameters,
        "registration.serverLifecycle": serverLifecycle,
    ]

    static func profile(_ input: InputReader) throws(InputError) -> RegistrationProfile {
        guard let p = RegistrationProfile(rawValue: try input.string("profile")) else {
            throw InputError("unknown profile")
        }
        return p
    }

    // MARK: registration.tokenId

    @Sendable static func tokenId(_ json: JSONValue) throws -> OperationOutcome {
        let id = TokenId(token: try InputReader(json).string("token"))
        return .output(["tokenId": .string(id.base64), "tokenIdInt64": .string(String(id.int64))])
    }

    // MARK: registration.seal

    static func registration(_ json: JSONValue) throws(InputError) -> PushRegistration {
        let r = InputReader(json)
        guard let kind = TokenKind(rawValue: try r.string("token_kind")) else { throw InputError("unknown token_kind") }
        return PushRegistration(tokenKind: kind, token: try r.string("token"), timestamp: try r.int64("timestamp"),
                                iosAppId: try r.optionalString("ios_app_id"))
    }

    @Sendable static func seal(_ json: JSONValue) throws -> OperationOutcome {
        let input = InputReader(json)
        let profile = try profile(input)
        guard let bouncerKey = try? X25519.PublicKey(rawBytes: Base64.decode(try input.string("bouncerPublicKey"))) else {
            throw InputError("bouncerPublicKey must be base64 of 32 bytes")
        }
        guard let esk = try? X25519.SecretKey(rawBytes: try input.hex("ephemeralSecretKey")) else {
            throw InputError("ephemeralSecretKey must be 32 bytes")
        }
        let registration = try registration(try input.field("registration"))
        let sealed = try RegistrationClient(profile: profile, bouncerPublicKey: bouncerKey)
            .seal(registration, ephemeralSecretKey: esk)
        var output: [JSONValue.Member] = [
            .init("plaintext", .string(String(decoding: sealed.plaintext, as: UTF8.self))),
            .init("ephemeralPublicKey", .string(Hex.encode(sealed.ephemeralPublicKey.rawBytes))),
            .init("nonce", .string(Hex.encode(sealed.nonce))),
            .init("encryptedPushRegistration", .string(sealed.base64)),
        ]
        if profile == .deployed { output.append(.init("tokenId", .string(TokenId(token: registration.token).base64))) }
        return .output(.object(output))
    }

    // MARK: registration.bouncer

    /// Builds the bouncer a vector describes: its key ring (entries marked `retired` are added,
    /// then retired), its iOS app ids and its clock.
    static func makeBouncer(_ input: InputReader, strictness: BouncerStrictness) throws -> PushBouncer {
        let profile = try profile(input)
        let config = try input.object("bouncer")
        var ring = BouncerKeyRing()
        var toRetire: [String] = []
        for entry in try config.array("keyRing") {
            let e = InputReader(entry)
            guard let secret = try? X25519.SecretKey(rawBytes: try e.hex("secretKey")) else {
                throw InputError("keyRing secretKey must be 32 bytes of hex")
            }
            let pair = X25519.KeyPair(secretKey: secret)
            guard Base64.encode(pair.publicKey.rawBytes) == (try e.string("publicKey")) else {
                throw InputError("keyRing publicKey does not match secretKey")
            }
            try ring.add(pair)
            if try e.string("status") == "retired" { toRetire.append(try e.string("publicKey")) }
        }
        for key in toRetire { try ring.retire(publicKey: key) }
        let appIds = Set(try config.optionalArray("iosAppIds").compactMap(\.stringValue))
        return PushBouncer(profile: profile, keyRing: ring, clock: FixedUnixClock(try config.int64("now")),
                           iosAppIds: appIds, strictness: strictness)
    }

    static func bouncer(_ json: JSONValue, strictness: BouncerStrictness) throws -> OperationOutcome {
        let input = InputReader(json)
        var bouncer = try makeBouncer(input, strictness: strictness)
        for prior in try input.optionalArray("priorRequests") {
            let request = try BouncerRequest.parse(prior, profile: bouncer.profile)
            guard (try? bouncer.register(request)) != nil else { throw InputError("a prior request was refused") }
        }
        do {
            let request = try BouncerRequest.parse(try input.field("request"), profile: bouncer.profile)
            let result = try bouncer.register(request)
            return .output(bouncerOutput(result))
        } catch let error as BouncerError {
            return .error(code: error.code.rawValue, message: nil)
        }
    }

    static func bouncerOutput(_ result: BouncerRegistrationResult) -> JSONValue {
        .object([
            .init("deviceId", .integer(result.device.deviceId)),
            .init("created", .bool(result.created)),
            .init("registration", result.device.registration.json),
        ])
    }

    // MARK: registration.serverParameters

    @Sendable static func serverParameters(_ json: JSONValue) throws -> OperationOutcome {
        let input = InputReader(json)
        let validator = try makeValidator(input)
        do {
            return .output(validatedOutput(try validator.validate(try input.stringMap("params"))))
        } catch let error as ServerError {
            return .error(code: error.code, message: error.message)
        }
    }

    static func makeValidator(_ input: InputReader) throws -> RegisterParameterValidator {
        let profile = try profile(input)
        let known = Set(try input.optionalArray("knownDeviceIds").compactMap(\.int64Value))
        var inProgress = Set<RegistrationKey>()
        for entry in try input.optionalArray("inProgress") {
            if profile == .deployed, let id = entry.int64Value { inProgress.insert(.device(id)) }
            else if let id = entry.uint64Value { inProgress.insert(.pushAccount(id)) }
            else { throw InputError("inProgress entries must be integers") }
        }
        return RegisterParameterValidator(profile: profile, knownDeviceIds: known, inProgress: inProgress)
    }

    static func validatedOutput(_ v: ValidatedRegisterRequest) -> JSONValue {
        var members: [JSONValue.Member] = []
        switch v.key {
        case let .device(id): members.append(.init("deviceId", .integer(id)))
        case let .pushAccount(id): members.append(.init("pushAccountId", .integer(id)))
        }
        if let id = v.pushKeyId { members.append(.init("pushKeyId", .integer(id))) }
        if let key = v.pushKeyBase64 { members.append(.init("pushKey", .string(key))) }
        if let t = v.token {
            members.append(.init("tokenKind", .string(t.tokenKind.rawValue)))
            if let id = t.tokenId { members.append(.init("tokenIdInt64", .string(String(id.int64)))) }
            members.append(.init("bouncerPublicKey", .string(t.bouncerPublicKey)))
            members.append(.init("encryptedPushRegistration", .string(t.encryptedPushRegistration)))
        }
        if let pk = v.pushPublicKey { members.append(.init("pushPublicKey", .string(pk))) }
        return .object(members)
    }

    // MARK: registration.serverLifecycle

    /// Replays a trace of client requests and bouncer answers; the output lists, after each
    /// step, the action taken and the registration's state. Retry delays are random and left
    /// out; their bounds are property-tested.
    @Sendable static func serverLifecycle(_ json: JSONValue) throws -> OperationOutcome {
        let input = InputReader(json)
        let profile = try profile(input)
        var server = RegistrationServer(profile: profile, realmUUID: try input.string("realmUUID"),
                                        knownDeviceIds: Set(try input.optionalArray("knownDeviceIds").compactMap(\.int64Value)))
        var generator = SystemRandomNumberGenerator()
        var states: [JSONValue] = []
        for step in try input.array("steps") {
            let s = InputReader(step)
            var record: [JSONValue.Member] = []
            let key: RegistrationKey
            if let params = step["register"] {
                do {
                    _ = try server.register(try InputReader(["p": params]).stringMap("p"))
                    record.append(.init("action", "accepted"))
                } catch let error as ServerError {
                    record.append(.init("action", "rejected"))
                    record.append(.init("message", .string(error.message)))
                }
                key = try lifecycleKey(params, profile: profile, fromParams: true)
            } else if let answer = step["bouncerAnswer"] {
                key = try lifecycleKey(try s.field("for"), profile: profile, fromParams: false)
                let action = server.bouncerAnswered(try bouncerAnswer(answer), for: key, using: &generator)
                switch action {
                case .activated: record.append(.init("action", "activated"))
                case let .dropped(code): record.append(.init("action", "dropped")); record.append(.init("code", .string(code)))
                case .retry: record.append(.init("action", "retry"))
                case .ignored: record.append(.init("action", "ignored"))
                }
            } else {
                throw InputError("a step must be `register` or `bouncerAnswer`")
            }
            let state = server.registrations[key]
            record.append(.init("status", .string(state?.status ?? "none")))
            if let id = state?.activeTokenId { record.append(.init("activeTokenId", .string(id.base64))) }
            if let id = state?.bouncerDeviceId { record.append(.init("bouncerDeviceId", .integer(id))) }
            if let code = state?.lastErrorCode { record.append(.init("lastErrorCode", .string(code))) }
            states.append(.object(record))
        }
        return .output(["states": .array(states)])
    }

    static func lifecycleKey(_ json: JSONValue, profile: RegistrationProfile, fromParams: Bool) throws(InputError) -> RegistrationKey {
        switch profile {
        case .deployed:
            let raw = fromParams ? json["device_id"]?.stringValue.flatMap { Int64($0) } : json["deviceId"]?.int64Value
            guard let id = raw else { throw InputError("a deployed step needs a device id") }
            return .device(id)
        case .proposal:
            let raw = fromParams ? json["push_account_id"]?.stringValue.flatMap { UInt64($0) } : json["pushAccountId"]?.uint64Value
            guard let id = raw else { throw InputError("a proposal step needs a push account id") }
            return .pushAccount(id)
        }
    }

    static func bouncerAnswer(_ json: JSONValue) throws(InputError) -> BouncerAnswer {
        let r = InputReader(json)
        switch try r.string("answer") {
        case "registered": return .registered(deviceId: try r.int64("deviceId"))
        case "refused": return .refused(code: try r.string("code"))
        case "serverError": return .serverError(status: Int(try r.int64("status")))
        case "networkFailure": return .networkFailure
        default: throw InputError("unknown bouncer answer")
        }
    }
}
