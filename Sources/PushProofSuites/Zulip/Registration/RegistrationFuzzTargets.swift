import PushProofConformance
import PushProofCrypto
import PushProofJSON
import ZulipEnvelope
import ZulipRegistration

// The registration suite's fuzz targets (docs/fuzzing.md).

/// Fixed keys shared by the harnesses (derived, so the corpus seeds can be regenerated).
enum RegistrationFuzzFixtures {
    static let bouncerKey = try! X25519.KeyPair(seed: SHA256.hash(Array("pushproof/fuzz/bouncer".utf8)))
    static let retiredKey = try! X25519.KeyPair(seed: SHA256.hash(Array("pushproof/fuzz/retired".utf8)))
    static let now: Int64 = 1_772_513_939

    static func bouncer(_ strictness: BouncerStrictness, profile: RegistrationProfile = .deployed) -> PushBouncer {
        var ring = BouncerKeyRing(keyPairs: [bouncerKey, retiredKey])
        try! ring.retire(publicKey: Base64.encode(retiredKey.publicKey.rawBytes))
        return PushBouncer(profile: profile, keyRing: ring, clock: FixedUnixClock(now), strictness: strictness)
    }
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
                var bouncer = RegistrationFuzzFixtures.bouncer(strictness, profile: profile)
                let request: BouncerRequest
                if let json = try? JSONParser.parse(data),
                    let parsed = try? BouncerRequest.parse(json, profile: profile)
                {
                    request = parsed
                } else {
                    guard
                        let box = try? SealedBox.seal(
                            data, to: RegistrationFuzzFixtures.bouncerKey.publicKey,
                            ephemeralSecretKey: X25519.SecretKey(rawBytes: SHA256.hash(data)))
                    else { continue }
                    request = BouncerRequest(
                        realmUUID: "fuzz",
                        bouncerPublicKey: Base64.encode(RegistrationFuzzFixtures.bouncerKey.publicKey.rawBytes),
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
            fuzzInvariant(
                (1...PushRegistration.maximumTokenLength).contains(PushRegistration.tokenLength(r.token)),
                "token length")
            fuzzInvariant(
                RegistrationFuzzFixtures.now - r.timestamp <= PushBouncer.livenessTimeout
                    || r.timestamp > RegistrationFuzzFixtures.now, "liveness")
            fuzzInvariant(
                (r.tokenKind == .apns) == (r.iosAppId != nil) || bouncer.profile == .proposal, "ios_app_id rule")
            // Registering again is idempotent.
            let again = try bouncer.register(request)
            fuzzInvariant(!again.created && again.device == first.device, "dedup")
        } catch {
            // A refusal changes nothing, and the strict bouncer never answers SERVER_ERROR.
            fuzzInvariant(bouncer.devices == before, "state changed on refusal")
            fuzzInvariant(strictness == .deployedCompatible || error.kind != .serverError, "strict SERVER_ERROR")
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
                fuzzInvariant((try? strict.parse(parsed.plaintext)) == parsed, "round trip")
                fuzzInvariant((try? lenient.parse(data)) == parsed, "lenient disagrees with strict on accepted input")
            } else {
                _ = try? lenient.parse(data)
            }
        }
        // The JSON layer alone: whatever parses re-serialises to something that parses equal.
        if let value = try? JSONParser.parse(data) {
            fuzzInvariant((try? JSONParser.parse(JSONWriter.compactBytes(value))) == value, "JSON round trip")
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
            params[String(decoding: parts[0], as: UTF8.self)] =
                parts.count > 1 ? String(decoding: parts[1], as: UTF8.self) : ""
        }
        for profile in RegistrationProfile.allCases {
            let validator = RegisterParameterValidator(
                profile: profile, knownDeviceIds: [7, 8], registeredDeviceIds: [7, 8], inProgress: [.device(8)])
            let first = Result { () throws(ServerError) in try validator.validate(params) }
            let second = Result { () throws(ServerError) in try validator.validate(params) }
            fuzzInvariant(first == second, "validation is not deterministic")
            if case .success(let request) = first, profile == .deployed {
                fuzzInvariant(request.pushKeyBase64 != nil || request.token != nil, "accepted with no group")
            }
            // Whatever validates (with devices 7 and 8 registered, 8 busy) must register on a
            // server where both are registered and nothing is pending, and queue a bouncer
            // request exactly when a token group came.
            var server = RegistrationServer(profile: profile, realmUUID: "fuzz", knownDeviceIds: [7, 8])
            if profile == .deployed {
                let key = Base64.encode([PushKey.typeByte] + [UInt8](repeating: 1, count: 32))
                for device in ["7", "8"] {
                    _ = try? server.register([
                        "device_id": device, "push_key_id": "1", "push_key": key, "token_kind": "fcm",
                        "token_id": "AAAAAAAAAAA=", "bouncer_public_key": "k", "encrypted_push_registration": "e",
                    ])
                    var rng = SystemRandomNumberGenerator()
                    _ = server.bouncerAnswered(.registered(deviceId: nil), for: .device(Int64(device)!), using: &rng)
                }
            }
            if case .success(let request) = first {
                do {
                    let accepted = try server.register(params)
                    if accepted.change != nil {
                        fuzzInvariant(
                            (accepted.outgoing != nil) == (request.token != nil),
                            "bouncer request without a token group")
                    }
                } catch {
                    fuzzInvariant(false, "validated parameters refused by the server")
                }
            }
        }
    }
}

extension RegistrationSuite {
    public var fuzzTargets: [FuzzTarget] {
        [
            FuzzTarget("FuzzBouncerOpen", seeds: Self.bouncerRequests, run: BouncerOpenHarness.run),
            FuzzTarget("FuzzRegistrationJSON", seeds: Self.registrationPlaintexts, run: RegistrationJSONHarness.run),
            FuzzTarget("FuzzServerParameters", seeds: Self.serverParameters, run: ServerParametersHarness.run),
        ]
    }

    /// The bouncer's request bodies; a test of a field the request cannot carry has null there and
    /// no body to seed, and the largest (hostile sizes) only slow the run.
    static func bouncerRequests(_ files: [VectorFile]) -> [[UInt8]] {
        files.tests(of: "registration_bouncer").compactMap { _, test in
            guard let request = test.input["request"],
                (request["encrypted_push_registration"]?.stringValue ?? "").utf8.count < 2000
            else { return nil }
            return SeedBytes.json(request)
        }
    }

    /// The decrypted plaintexts those requests carry.
    static func registrationPlaintexts(_ files: [VectorFile]) -> [[UInt8]] {
        files.tests(of: "registration_bouncer").compactMap { _, test in
            guard let hex = test.intermediate?["plaintextHex"], (hex.stringValue ?? "").utf8.count < 2000 else {
                return nil
            }
            return SeedBytes.hex(hex)
        }
    }

    /// The server's form parameters, as `name=value` lines.
    static func serverParameters(_ files: [VectorFile]) -> [[UInt8]] {
        files.tests(of: "registration_server").compactMap { _, test in
            guard let parameters = test.input["params"]?.members, !parameters.isEmpty else { return nil }
            let lines = parameters.map { "\($0.key)=\($0.value.stringValue ?? JSONWriter.compact($0.value))" }
            return Array(lines.joined(separator: "\n").utf8)
        }
    }
}
