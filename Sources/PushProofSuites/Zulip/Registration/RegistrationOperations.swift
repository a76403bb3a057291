import PushProofConformance
import PushProofCrypto
import PushProofJSON
import ZulipRegistration

/// The registration suite's operations. Inputs and outputs are documented in
/// `docs/vector-format.md`; the names of JSON fields that cross a Zulip wire keep Zulip's
/// snake_case, PushProof's own fields are camelCase.
enum RegistrationOperations {
    // MARK: registration.tokenId

    @Sendable static func tokenId(_ request: OperationRequest) throws -> JSONValue {
        let id = TokenId(token: try request.reader.string("token"))
        return ["tokenId": .string(id.base64), "tokenIdInt64": .string(String(id.int64))]
    }

    // MARK: registration.seal

    static func registration(_ json: JSONValue) throws(InputError) -> PushRegistration {
        let r = InputReader(json)
        guard let kind = TokenKind(rawValue: try r.string("token_kind")) else { throw InputError("unknown token_kind") }
        return PushRegistration(
            tokenKind: kind, token: try r.string("token"), timestamp: try r.int64("timestamp"),
            iosAppId: try r.optionalString("ios_app_id"))
    }

    @Sendable static func seal(_ request: OperationRequest) throws -> JSONValue {
        let input = request.reader
        let profile = try request.profile.as(RegistrationProfile.self)
        guard let bouncerKey = try? X25519.PublicKey(rawBytes: Base64.decode(try input.string("bouncerPublicKey")))
        else {
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
        return .object(output)
    }

    // MARK: registration.bouncer

    /// Builds the bouncer a vector describes: its key ring (entries marked `retired` are added,
    /// then retired), its iOS app ids and its clock. The deployed profile's bouncer is the
    /// deployed-compatible one; the hardened profile reads the deployed wire format with the strict
    /// bouncer.
    static func makeBouncer(_ request: OperationRequest, strictness: BouncerStrictness) throws -> PushBouncer {
        let config = try request.reader.object("bouncer")
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
        let profile = try request.profile.moduleProfile(RegistrationProfile.self)
        return PushBouncer(
            profile: profile, keyRing: ring,
            clock: FixedUnixClock(try config.int64("now")),
            iosAppIds: Set(try config.optionalStringArray("iosAppIds")), strictness: strictness)
    }

    static func bouncer(_ request: OperationRequest, strictness: BouncerStrictness) throws -> JSONValue {
        var bouncer = try makeBouncer(request, strictness: strictness)
        for prior in try request.reader.optionalArray("priorRequests") {
            guard
                let parsed = try? BouncerRequest.parse(
                    prior, profile: bouncer.profile, checksTokenId: strictness == .strict),
                (try? bouncer.register(parsed)) != nil
            else { throw InputError("a prior request was refused") }
        }
        let result = try bouncer.register(
            try BouncerRequest.parse(
                try request.reader.field("request"), profile: bouncer.profile, checksTokenId: strictness == .strict))
        return .object([
            .init("deviceId", .integer(result.device.deviceId)),
            .init("created", .bool(result.created)),
            .init("registration", result.device.registration.json),
        ])
    }

    // MARK: registration.serverParameters

    @Sendable static func serverParameters(_ request: OperationRequest) throws -> JSONValue {
        let input = request.reader
        let rules: RegisterParameterValidator.Rules = request.profile == .hardened ? .hardened : .deployed
        let profile = try request.profile.moduleProfile(RegistrationProfile.self)
        var inProgress = Set<RegistrationKey>()
        for entry in try input.optionalArray("inProgress") {
            if profile == .deployed, let id = entry.int64Value {
                inProgress.insert(.device(id))
            } else if profile == .proposal, let id = entry.uint64Value {
                inProgress.insert(.pushAccount(id))
            } else {
                throw InputError("inProgress entries must be integers")
            }
        }
        let validator = RegisterParameterValidator(
            profile: profile, rules: rules, knownDeviceIds: Set(try input.optionalInt64Array("knownDeviceIds")),
            registeredDeviceIds: Set(try input.optionalInt64Array("registeredDeviceIds")), inProgress: inProgress)
        let v = try validator.validate(try input.stringMap("params"))
        var members: [JSONValue.Member] = []
        switch v.key {
        case .device(let id): members.append(.init("deviceId", .integer(id)))
        case .pushAccount(let id): members.append(.init("pushAccountId", .integer(id)))
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
        if profile == .deployed { members.append(.init("change", .string(v.change.rawValue))) }
        return .object(members)
    }

    // MARK: registration.serverLifecycle

    /// Replays a trace of client requests and bouncer answers; the output lists, after each
    /// step, the action taken and the registration's state. Retry delays are random and left
    /// out; their bounds are property-tested.
    @Sendable static func serverLifecycle(_ request: OperationRequest) throws -> JSONValue {
        let input = request.reader
        let rules: RegisterParameterValidator.Rules = request.profile == .hardened ? .hardened : .deployed
        let profile = try request.profile.moduleProfile(RegistrationProfile.self)
        var server = RegistrationServer(
            profile: profile, rules: rules, realmUUID: try input.string("realmUUID"),
            knownDeviceIds: Set(try input.optionalInt64Array("knownDeviceIds")))
        var generator = SystemRandomNumberGenerator()
        var states: [JSONValue] = []
        for step in try input.array("steps") {
            let s = InputReader(step)
            var record: [JSONValue.Member] = []
            let key: RegistrationKey?
            if s.has("register") {
                let params = try s.stringMap("register")
                do {
                    let accepted = try server.register(params)
                    record.append(.init("action", "accepted"))
                    if profile == .deployed {
                        record.append(.init("change", .string(accepted.change?.rawValue ?? "none")))
                    }
                } catch {
                    record.append(.init("action", "rejected"))
                    record.append(.init("message", .string(error.message)))
                }
                key = lifecycleKey(params, profile: profile)
            } else if s.has("bouncerAnswer") {
                let target = try answerKey(try s.field("for"), profile: profile)
                key = target
                switch server.bouncerAnswered(
                    try bouncerAnswer(try s.object("bouncerAnswer"), profile: profile), for: target, using: &generator)
                {
                case .activated: record.append(.init("action", "activated"))
                case .dropped(let code):
                    record.append(.init("action", "dropped"))
                    record.append(.init("code", .string(code)))
                case .retry: record.append(.init("action", "retry"))
                case .abandoned: record.append(.init("action", "abandoned"))
                case .ignored: record.append(.init("action", "ignored"))
                }
            } else {
                throw InputError("a step must be `register` or `bouncerAnswer`")
            }
            let state = key.flatMap { server.registrations[$0] }
            record.append(.init("status", .string(state?.status(profile) ?? "none")))
            if let id = state?.activeTokenId { record.append(.init("activeTokenId", .string(id.base64))) }
            if let id = state?.bouncerDeviceId { record.append(.init("bouncerDeviceId", .integer(id))) }
            if let code = state?.lastErrorCode { record.append(.init("lastErrorCode", .string(code))) }
            states.append(.object(record))
        }
        return ["states": .array(states)]
    }

    /// The device (or account) a request names, for the state reported after it: the parameter
    /// read as a JSON integer (white space around it allowed), else none.
    static func lifecycleKey(_ params: [String: String], profile: RegistrationProfile) -> RegistrationKey? {
        let name = profile == .deployed ? "device_id" : "push_account_id"
        guard let text = params[name], let value = try? JSONParser.parse(Array(text.utf8)) else { return nil }
        switch profile {
        case .deployed: return value.int64Value.map { .device($0) }
        case .proposal: return value.uint64Value.map { .pushAccount($0) }
        }
    }

    static func answerKey(_ json: JSONValue, profile: RegistrationProfile) throws(InputError) -> RegistrationKey {
        switch profile {
        case .deployed:
            guard let id = json["deviceId"]?.int64Value else { throw InputError("a deployed step needs a device id") }
            return .device(id)
        case .proposal:
            guard let id = json["pushAccountId"]?.uint64Value else {
                throw InputError("a proposal step needs a push account id")
            }
            return .pushAccount(id)
        }
    }

    /// A bouncer's answer to a queued registration. The proposal's bouncer answers a success
    /// with the device id it assigned (the design's step 8), so a proposal `registered` answer
    /// without one is not an answer the bouncer gives: harness input.
    static func bouncerAnswer(_ r: InputReader, profile: RegistrationProfile) throws(InputError) -> BouncerAnswer {
        switch try r.string("answer") {
        case "registered":
            let deviceId = try r.optionalInt64("deviceId")
            if profile == .proposal && deviceId == nil {
                throw InputError("a proposal bouncer's registered answer carries its device id")
            }
            return .registered(deviceId: deviceId)
        case "refused": return .refused(code: try r.string("code"))
        case "serverError": return .serverError(status: Int(try r.int64("status")))
        case "networkFailure": return .networkFailure
        default: throw InputError("unknown bouncer answer")
        }
    }
}
