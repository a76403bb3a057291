import PushProofCrypto
import PushProofJSON
import ZulipEnvelope
import ZulipRegistration

/// The fuzz targets, named once: this table chooses the harness of the fuzz executable
/// (`pushproof-fuzz`), lists the targets for scripts/fuzz.sh, and drives the corpus replay tests;
/// `corpora/<name>/` holds each one's seeds. Each harness takes arbitrary bytes and must return
/// without trapping; each also checks invariants and traps (so libFuzzer reports a crash) when
/// one breaks.
public enum FuzzHarness: String, CaseIterable, Sendable {
    case bouncerOpen = "FuzzBouncerOpen"
    case registrationJSON = "FuzzRegistrationJSON"
    case serverParameters = "FuzzServerParameters"
    case pushPayload = "FuzzPushPayload"
    case notificationJSON = "FuzzNotificationJSON"
    case convosPayload = "FuzzConvosPayload"
    case keychainRecord = "FuzzKeychainRecord"
    case identityStore = "FuzzIdentityStore"
    case pushResolver = "FuzzPushResolver"
    case encodedContent = "FuzzEncodedContent"
    case explodeJSON = "FuzzExplodeJSON"
    case appData = "FuzzAppData"
    case explosionReceiver = "FuzzExplosionReceiver"

    public func run(_ data: [UInt8]) {
        #if PUSHPROOF_PLANTED_BUG
        PlantedBug.trigger(data)
        #endif
        switch self {
        case .bouncerOpen: BouncerOpenHarness.run(data)
        case .registrationJSON: RegistrationJSONHarness.run(data)
        case .serverParameters: ServerParametersHarness.run(data)
        case .pushPayload: PushPayloadHarness.run(data)
        case .notificationJSON: NotificationJSONHarness.run(data)
        case .convosPayload: ConvosPayloadHarness.run(data)
        case .keychainRecord: KeychainRecordHarness.run(data)
        case .identityStore: IdentityStoreHarness.run(data)
        case .pushResolver: PushResolverHarness.run(data)
        case .encodedContent: EncodedContentHarness.run(data)
        case .explodeJSON: ExplodeJSONHarness.run(data)
        case .appData: AppDataHarness.run(data)
        case .explosionReceiver: ExplosionReceiverHarness.run(data)
        }
    }

    /// Calls `body` for libFuzzer's (pointer, length) input.
    public static func withBytes(_ pointer: UnsafePointer<UInt8>?, _ count: Int, _ body: ([UInt8]) -> Void) {
        guard let pointer, count > 0 else { return body([]) }
        body(Array(UnsafeBufferPointer(start: pointer, count: count)))
    }
}

/// Fixed keys shared by the harnesses (derived, so the corpus seeds can be regenerated).
enum FuzzFixtures {
    static let bouncerKey = try! X25519.KeyPair(seed: SHA256.hash(Array("pushproof/fuzz/bouncer".utf8)))
    static let retiredKey = try! X25519.KeyPair(seed: SHA256.hash(Array("pushproof/fuzz/retired".utf8)))
    static let now: Int64 = 1_772_513_939

    static func bouncer(_ strictness: BouncerStrictness, profile: RegistrationProfile = .deployed) -> PushBouncer {
        var ring = BouncerKeyRing(keyPairs: [bouncerKey, retiredKey])
        try! ring.retire(publicKey: Base64.encode(retiredKey.publicKey.rawBytes))
        return PushBouncer(profile: profile, keyRing: ring, clock: FixedUnixClock(now), strictness: strictness)
    }
}

func invariant(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fatalError("fuzz invariant broken: \(message())") }
}

/// The bouncer's whole path on a request whose body is the input: request parsing, key lookup,
/// base64, sealed-box opening, plaintext validation, token_id, liveness, dedup; in both
/// strictness modes. Input layout: the bytes are the JSON request body; if it does not parse,
/// the bytes are sealed to the bouncer key as a plaintext instead, so the fuzzer reaches the
/// plaintext validator through a real box too.
enum BouncerOpenHarness {
    static func run(_ data: [UInt8]) {
        for strictness in BouncerStrictness.allCases {
            for profile in RegistrationProfile.allCases {
                var bouncer = FuzzFixtures.bouncer(strictness, profile: profile)
                let request: BouncerRequest
                if let json = try? JSONParser.parse(data), let parsed = try? BouncerRequest.parse(json, profile: profile) {
                    request = parsed
                } else {
                    guard let box = try? SealedBox.seal(data, to: FuzzFixtures.bouncerKey.publicKey,
                                                        ephemeralSecretKey: X25519.SecretKey(rawBytes: SHA256.hash(data))) else { continue }
                    request = BouncerRequest(realmUUID: "fuzz", bouncerPublicKey: Base64.encode(FuzzFixtures.bouncerKey.publicKey.rawBytes),
                                             encryptedPushRegistration: Base64.encode(box),
                                             tokenId: TokenId(token: "fuzz").base64, pushAccountId: 1)
                }
                check(&bouncer, request, strictness: strictness)
            }
        }
    }

    static func check(_ bouncer: inout PushBouncer, _ request: BouncerRequest, strictness: BouncerStrictness) {
        let before = bouncer.devices
        do {
            let first = try bouncer.register(request)
            let r = first.device.registration
            invariant((1...PushRegistration.maximumTokenLength).contains(PushRegistration.tokenLength(r.token)), "token length")
            invariant(FuzzFixtures.now - r.timestamp <= PushBouncer.livenessTimeout || r.timestamp > FuzzFixtures.now, "liveness")
            invariant((r.tokenKind == .apns) == (r.iosAppId != nil) || bouncer.profile == .proposal, "ios_app_id rule")
            // Registering again is idempotent.
            let again = try bouncer.register(request)
            invariant(!again.created && again.device == first.device, "dedup")
        } catch {
            // A refusal changes nothing, and the strict bouncer never answers SERVER_ERROR.
            invariant(bouncer.devices == before, "state changed on refusal")
            invariant(strictness == .deployedCompatible || error.kind != .serverError, "strict SERVER_ERROR")
        }
    }
}

/// The `PushRegistration` parser on arbitrary plaintext bytes, strict and lenient. Whatever the
/// strict parser accepts must re-encode to JSON that parses back to the same registration, and
/// the lenient model must accept it too.
enum RegistrationJSONHarness {
    static func run(_ data: [UInt8]) {
        let appIds: Set<String> = ["org.zulip.Zulip"]
        for profile in RegistrationProfile.allCases {
            let strict = RegistrationValidator(profile: profile, strictness: .strict, iosAppIds: appIds)
            let lenient = RegistrationValidator(profile: profile, strictness: .deployedCompatible, iosAppIds: appIds)
            if let parsed = try? strict.parse(data) {
                invariant((try? strict.parse(parsed.plaintext)) == parsed, "round trip")
                invariant((try? lenient.parse(data)) == parsed, "lenient disagrees with strict on accepted input")
            } else {
                _ = try? lenient.parse(data)
            }
        }
        // The JSON layer alone: whatever parses re-serialises to something that parses equal.
        if let value = try? JSONParser.parse(data) {
            invariant((try? JSONParser.parse(JSONWriter.compactBytes(value))) == value, "JSON round trip")
        }
    }
}

/// The server's parameter validation on fuzz-chosen form fields. Input layout: lines of
/// `name=value`; unknown names are kept too. Validation must be a pure function of the input.
enum ServerParametersHarness {
    static func run(_ data: [UInt8]) {
        var params: [String: String] = [:]
        for line in data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true) {
            let parts = line.split(separator: UInt8(ascii: "="), maxSplits: 1, omittingEmptySubsequences: false)
            params[String(decoding: parts[0], as: UTF8.self)] = parts.count > 1 ? String(decoding: parts[1], as: UTF8.self) : ""
        }
        for profile in RegistrationProfile.allCases {
            let validator = RegisterParameterValidator(profile: profile, knownDeviceIds: [7, 8], inProgress: [.device(8)])
            let first = Result { () throws(ServerError) in try validator.validate(params) }
            let second = Result { () throws(ServerError) in try validator.validate(params) }
            invariant(first == second, "validation is not deterministic")
            if case let .success(request) = first, profile == .deployed {
                invariant(request.pushKeyBase64 != nil || request.token != nil, "accepted with no group")
            }
            // Whatever validates (with device 8 busy) must register on a server with nothing
            // pending, and queue a bouncer request exactly when a token group came.
            var server = RegistrationServer(profile: profile, realmUUID: "fuzz", knownDeviceIds: [7, 8])
            if case let .success(request) = first {
                do {
                    let outgoing = try server.register(params)
                    invariant((outgoing != nil) == (request.token != nil), "bouncer request without a token group")
                } catch {
                    invariant(false, "validated parameters refused by the server")
                }
            }
        }
    }
}

#if PUSHPROOF_PLANTED_BUG
/// Compiled only by `scripts/fuzz.sh planted`: a heap overflow on inputs starting with "PLANT",
/// to show that a fuzz build really has AddressSanitizer (see docs/fuzzing.md).
enum PlantedBug {
    static func trigger(_ data: [UInt8]) {
        guard data.starts(with: Array("PLANT".utf8)) else { return }
        let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: 8)
        defer { buffer.deallocate() }
        buffer.advanced(by: data.count).pointee = 0x41  // out of bounds for every input of 8+ bytes
    }
}
#endif
