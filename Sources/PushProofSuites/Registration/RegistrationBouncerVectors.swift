import PushProofConformance
import PushProofCrypto
import PushProofJSON
import ZulipRegistration

/// One bouncer vector as declared: the request, and what the reference must answer to it.
struct BouncerCase {
    var comment: String
    var flags: [String]
    var result: VectorResult
    /// nil: the registration must be accepted.
    var code: BouncerError.Kind?
    /// The check that must fail, so a case cannot pass for the wrong reason.
    var reason: BouncerError.Reason?
    var request: BouncerRequest
    var prior: [BouncerRequest] = []
    var now: Int64 = RegistrationFixtures.now
    var ring: JSONValue = RegistrationFixtures.standardRing
    var intermediate: JSONValue? = nil
    /// Answers accepted besides the strict one, beyond what the deployed model gives.
    var extraAccepted: [JSONValue] = []
    /// The upstream item that decides the answer.
    var source: String? = nil
    /// Request fields replaced in the JSON sent (a value BouncerRequest cannot hold, such as null).
    var requestOverrides: [String: JSONValue] = [:]

    func requestJSON(profile: RegistrationProfile) -> JSONValue {
        requestOverrides.sorted { $0.key < $1.key }.reduce(request.json(profile: profile)) {
            $0.setting($1.key, to: $1.value)
        }
    }
}

/// registration_bouncer: the bouncer's handling of a server's registration request.
enum RegistrationBouncerVectors {
    typealias F = RegistrationFixtures

    /// Why PushProof refuses each deployed leniency (the hardened profile), by flag.
    static let hardenedReasons: [String: String] = [
        "LaxTimestamp":
            "the plaintext has one JSON type per field; a reader that coerces strings, floats and booleans accepts "
            + "what no client writes, and reads true as the Unix epoch",
        "AnyIosAppId":
            "the bouncer holds APNs credentials only for the apps it serves; storing another app id records a "
            + "device it can never notify",
        "FromHexWhitespace":
            "the stored token is handed to APNs as written; a token with whitespace is not the device token's hex",
        "ExtraField": "a field the schema does not define is a client bug or smuggled data; ignoring it hides both",
        "DuplicateKey":
            "two readers of the same plaintext may keep different values (the first or the last); refusing "
            + "duplicates removes the ambiguity",
        "Base64Whitespace": "one spelling per box: the wire format is standard base64 without line breaks",
        "Base64UrlSafe": "one spelling per box: the wire format is standard base64",
        "Base64MissingPadding":
            "the wire format is padded base64, and a decoding failure is the client's error (400), not the "
            + "bouncer's (500)",
        "Base64NonCanonical": "one spelling per box: non-zero unused bits make a second spelling of the same bytes",
    ]

    /// The hardened profile: each deployed leniency PushProof recommends refusing, on the same
    /// input, with the strict answer only. A future timestamp is not among them: the strict
    /// bouncer accepts it too (refusing it is merely allowed).
    static func hardenedBouncerCases() throws -> [(tcId: Int, BouncerCase)] {
        try deployedBouncerCases().enumerated().compactMap { offset, c in
            guard c.result == .acceptable, c.code != nil else { return nil }
            guard let flag = c.flags.first(where: { hardenedReasons[$0] != nil }), let why = hardenedReasons[flag]
            else { throw GeneratorError("registration_bouncer: no hardened reason for \(c.comment)") }
            var h = c
            let what = c.comment.split(separator: " (", maxSplits: 1).first.map(String.init) ?? c.comment
            h.comment = "\(what) is refused. Why: \(why) (deployed tcId \(offset + 1))"
            h.flags = c.flags.filter { $0 != "SourceLinesNotRead" }
            h.result = .invalid
            h.extraAccepted = []
            h.source = nil
            return (offset + 1, h)
        }
    }

    static func proposalBouncerCases() -> [BouncerCase] {
        var cases: [BouncerCase] = []
        let account: UInt64 = 0x1234_5678_9abc_def0
        func p(
            _ r: PushRegistration, _ label: String, account id: UInt64 = account, to key: X25519.KeyPair = F.currentKey
        ) -> F.Sealed {
            F.seal(r, label: "proposal/\(label)", profile: .proposal, to: key, pushAccountId: id)
        }
        let t = F.timestamp
        var s = p(F.fcm(), "fcm")
        cases.append(
            BouncerCase(
                comment: "proposal: FCM registration", flags: ["Normal"], result: .valid, request: s.request,
                intermediate: s.intermediate))
        s = p(F.apns(app: nil), "apns")
        cases.append(
            BouncerCase(
                comment: "proposal: APNs registration, no ios_app_id", flags: ["Normal"], result: .valid,
                request: s.request, intermediate: s.intermediate))
        let first = p(F.fcm(), "dedup-first")
        s = p(F.fcm(at: t + 30), "dedup-again")
        cases.append(
            BouncerCase(
                comment: "proposal: same token and push_account_id returns the existing record", flags: ["Dedup"],
                result: .valid, request: s.request, prior: [first.request], intermediate: s.intermediate))
        s = p(F.fcm(), "dedup-account", account: 42)
        cases.append(
            BouncerCase(
                comment: "proposal: same token, another push_account_id is a new record", flags: ["Dedup"],
                result: .valid, request: s.request, prior: [first.request], intermediate: s.intermediate))
        s = p(F.fcm(), "previous-key", to: F.previousKey)
        cases.append(
            BouncerCase(
                comment: "proposal: sealed to the previous key", flags: ["KeyRotation"], result: .valid,
                request: s.request, intermediate: s.intermediate))
        s = p(F.apns(), "apns-app")
        cases.append(
            BouncerCase(
                comment: "proposal: ios_app_id is not part of this profile", flags: ["ExtraField"], result: .acceptable,
                code: .badRequest, reason: .unexpectedField, request: s.request, intermediate: s.intermediate))
        s = p(F.fcm(at: t), "expired")
        cases.append(
            BouncerCase(
                comment: "proposal: 24 h and 1 s old", flags: ["LivenessBoundary", "Expired"], result: .invalid,
                code: .requestExpired, reason: .expired(ageSeconds: 86_401), request: s.request, now: t + 86_401,
                intermediate: s.intermediate))
        s = p(F.fcm(), "retired", to: F.retiredKey)
        cases.append(
            BouncerCase(
                comment: "proposal: sealed to a retired key", flags: ["RetiredKey"], result: .invalid,
                code: .invalidBouncerPublicKey, reason: .retiredBouncerKey, request: s.request,
                intermediate: s.intermediate))
        s = p(F.fcm(), "tag")
        let (r, i) = s.withBox(F.flipBit(40, bit: 2), note: "tag bit flipped")
        cases.append(
            BouncerCase(
                comment: "proposal: a tag bit flipped", flags: ["ModifiedTag"], result: .invalid, code: .badRequest,
                reason: .boxDoesNotOpen, request: r, intermediate: i))
        var noAccount = p(F.fcm(), "no-account").request
        noAccount.pushAccountId = nil
        cases.append(
            BouncerCase(
                comment: "proposal: push_account_id missing", flags: ["MalformedRequest"], result: .invalid,
                code: .badRequest, reason: .malformedRequestField("push_account_id"), request: noAccount))
        // The design document's base64 is standard and canonical (the deployed bouncer's
        // leniencies are acceptable only in `deployed`).
        s = p(F.fcm(), "url-safe")
        var urlSafe = s.request
        urlSafe.encryptedPushRegistration = Base64.encode(s.box, variant: .urlSafeNoPadding)
        cases.append(
            BouncerCase(
                comment: "proposal: URL-safe base64 without padding", flags: ["Base64UrlSafe"], result: .invalid,
                code: .badRequest, reason: .registrationNotBase64, request: urlSafe, intermediate: s.intermediate))
        s = p(F.fcm(), "non-canonical")
        var nonCanonical = s.request
        nonCanonical.encryptedPushRegistration = bumpTrailingBits(Base64.encode(s.box))
        cases.append(
            BouncerCase(
                comment: "proposal: non-zero unused bits in the last base64 symbol", flags: ["Base64NonCanonical"],
                result: .invalid, code: .badRequest, reason: .registrationNotBase64, request: nonCanonical,
                intermediate: s.intermediate))
        return cases
    }

    /// Changes the unused low bits of the last data symbol (before the padding).
    static func bumpTrailingBits(_ canonical: String) -> String {
        var chars = Array(canonical)
        guard let lastData = chars.lastIndex(where: { $0 != "=" }), chars.last == "=" else { return canonical + "A" }
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/")
        let v = alphabet.firstIndex(of: chars[lastData])!
        chars[lastData] = alphabet[v | 1]
        return String(chars)
    }

    static func file() throws -> VectorFileDeclaration {
        VectorFileDeclaration(
            suite: "registration_bouncer", protocolName: "zulip-push-registration", notes: RegistrationNotes.catalogue,
            header: [
                "The bouncer's handling of a server's registration request: key ring, sealed box, PushRegistration schema, token_id, liveness, dedup.",
                "`expected` is the strict answer. `alsoAccepted` lists answers that pass too: on a LENIENCY flag, what the deployed Zulip bouncer answers.",
                "`deployedAnswer`, where present, is what the deployed bouncer answers when that answer does not pass (a documented bug).",
                "Each test's bouncer: the key ring (entries with status `retired` were added, then retired), the iOS app ids, and the clock `now`.",
                "priorRequests are registered first and must all succeed; device ids are assigned from 1 in order.",
            ],
            groups: [
                .init(
                    type: "BouncerRegistrationTest", operation: .registrationBouncer,
                    description: "Deployed profile (Zulip feature level 468+).", ids: .block(1...500),
                    cases: try sourced(deployedBouncerCases()).map { try vectorCase($0, profile: .deployed) }),
                .init(
                    type: "BouncerRegistrationTest", operation: .registrationBouncer, profile: .proposal,
                    description: "Proposal profile (the original design document).", ids: .block(501...1000),
                    cases: try proposalBouncerCases().map { try vectorCase($0, profile: .proposal) }),
                .init(
                    type: "BouncerRegistrationTest", operation: .registrationBouncer, profile: .hardened,
                    description:
                        "Hardened profile: the deployed wire format, each of the deployed bouncer's leniencies refused "
                        + "(the strict answer only).",
                    ids: .block(1001...1500),
                    cases: try hardenedBouncerCases().map { try vectorCase($0.1, profile: .deployed, hardened: true) }),
            ])
    }

    /// The upstream item that decides each deployed test (docs/audit/registration.md, part 2).
    /// The FL 468 bouncer could not be read at a commit, so these name the proposal-era upstream
    /// bouncer's model and checks, the FL 468 tests by index id, and for the `token_id` dedup a
    /// development fork; none has line numbers (flag SourceLinesNotRead).
    static func auditSource(tcId: Int) -> String? {
        let z = "zulip/zulip@99445ce4:zilencer/views.py"
        let tests =
            "zulip/zulip (FL 468, commit not determined; index id 15023056800):zerver/tests/test_push_registration.py"
        let fork = "prakhar1144/zulip@495e4623:zilencer/views.py (a development fork, for the token_id-era structure)"
        switch tcId {
        case 1...11:
            return "\(z) PushRegistration.is_valid_token, validate_terms and the liveness check now - timestamp > 86400"
        case 12...14: return "\(fork) dedup on (token_id, realm); \(tests) RegisterPushDeviceToBouncer"
        case 15...18: return "\(z) the liveness check (Python integers: no overflow); \(tests) 'Request expired'"
        case 19, 20: return "\(z) the liveness check (no check of a future timestamp)"
        case 21...25:
            return
                "\(z) bouncer_public_key looked up in settings.PUSH_REGISTRATION_ENCRYPTION_KEYS (exact string); \(tests) 'Invalid bouncer_public_key'"
        case 26...40:
            return "\(z) SealedBox.decrypt, TypeError and CryptoError caught as InvalidEncryptedPushRegistrationError"
        case 41...52, 54: return "\(z) PushRegistration.model_validate_json (a pydantic ValidationError is BAD_REQUEST)"
        case 55...61, 63, 64, 66:
            return "\(z) PushRegistration.validate_terms and is_valid_token (ValueError is BAD_REQUEST); \(tests)"
        case 67...70:
            return "\(z) PushRegistration (pydantic: extra keys ignored, the last duplicate kept, lax integers)"
        case 71...73:
            return "\(tests) test_register_push_device_error (a token_id that does not match the token)"
        case 74:
            return
                "\(tests); zerver/lib/request.py RequestVariableMissingError (index id 66525473): a form POST has no null"
        case 75...79:
            return "\(z) Base64Encoder.decode (non-validating b64decode; binascii.Error not caught: HTTP 500)"
        default: return nil
        }
    }

    static func sourced(_ cases: [BouncerCase]) -> [BouncerCase] {
        cases.enumerated().map { offset, c in
            guard c.source == nil, let source = auditSource(tcId: offset + 1) else { return c }
            var sourcedCase = c
            sourcedCase.source = source
            if !sourcedCase.flags.contains("SourceLinesNotRead") { sourcedCase.flags.append("SourceLinesNotRead") }
            return sourcedCase
        }
    }

    /// A bouncer case as a vector: the strict answer is expected; where the deployed model
    /// answers otherwise, its answer is an alternative (acceptable cases) or the deployedAnswer;
    /// and a refusal must come from the declared check, so no case passes for the wrong reason.
    static func vectorCase(_ c: BouncerCase, profile: RegistrationProfile, hardened: Bool = false) throws
        -> VectorCase
    {
        let input: JSONValue = [
            "bouncer": ["keyRing": c.ring, "iosAppIds": [.string(F.iosAppId)], "now": .integer(c.now)],
            "priorRequests": .array(c.prior.map { $0.json(profile: profile) }),
            "request": c.requestJSON(profile: profile),
        ]
        let request = OperationRequest(
            operation: .registrationBouncer, profile: hardened ? .hardened : Profile(rawValue: profile.rawValue),
            input: input)
        let strict = OperationOutcome { .output(try RegistrationOperations.bouncer(request, strictness: .strict)) }
        let deployed = OperationOutcome {
            .output(try RegistrationOperations.bouncer(request, strictness: .deployedCompatible))
        }
        var also = c.extraAccepted
        var deployedAnswer: JSONValue? = nil
        if deployed != strict {
            if c.result == .acceptable && !hardened {
                also.append(deployed.json)
            } else {
                deployedAnswer = deployed.json
            }
        }
        let derived: VectorResult = !also.isEmpty ? .acceptable : c.code == nil ? .valid : .invalid
        guard derived == c.result else {
            throw GeneratorError(
                "registration_bouncer (\(c.comment)): declared \(c.result), the answers make it \(derived)")
        }
        let reason = c.reason
        let requestJSON = c.requestJSON(profile: profile)
        return VectorCase(
            comment: c.comment, flags: c.flags, source: c.source, input: input, code: c.code?.rawValue,
            intermediate: c.intermediate,
            alsoAccepted: also, deployedAnswer: deployedAnswer,
            check: { answer in
                guard case .error = answer else { return }
                let bouncer = try RegistrationOperations.makeBouncer(request, strictness: .strict)
                do {
                    _ = try bouncer.open(try BouncerRequest.parse(requestJSON, profile: profile))
                    throw GeneratorError("the box opens where an error was declared")
                } catch let error as BouncerError {
                    guard reason == nil || error.reason == reason else {
                        throw GeneratorError("refused for \(error.reason), declared \(String(describing: reason))")
                    }
                }
            })
    }
}
