import PushProofConformance
import PushProofCrypto
import PushProofJSON
import ZulipRegistration

/// One bouncer vector as declared: the request, and what the reference must answer to it.
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
    /// input, with the strict answer only (and the deployed bouncer's as `deployedAnswer`). A
    /// future timestamp is not among them: the strict bouncer accepts it too (refusing it is
    /// merely allowed).
    static func hardenedBouncerCases(_ deployed: [VectorCase]) throws -> [VectorCase] {
        try deployed.enumerated().compactMap { offset, c in
            guard !c.alsoAccepted.isEmpty, case .error(let code) = c.expectation else { return nil }
            guard let flag = c.flags.first(where: { hardenedReasons[$0] != nil }), let why = hardenedReasons[flag]
            else { throw GeneratorError("registration_bouncer: no hardened reason for \(c.comment)") }
            let what = c.comment.split(separator: " (", maxSplits: 1).first.map(String.init) ?? c.comment
            let request = OperationRequest(operation: .registrationBouncer, profile: .hardened, input: c.input)
            let strict = OperationOutcome { .output(try RegistrationOperations.bouncer(request, strictness: .strict)) }
            guard case .error(code, _) = strict else {
                throw GeneratorError("registration_bouncer hardened (\(c.comment)): the strict answer is not \(code)")
            }
            let deployedAnswer = OperationOutcome {
                .output(try RegistrationOperations.bouncer(request, strictness: .deployedCompatible))
            }
            return VectorCase(
                comment: "\(what) is refused. Why: \(why) (deployed tcId \(offset + 1))",
                flags: c.flags.filter { $0 != "SourceLinesNotRead" }, input: c.input, code: code,
                intermediate: c.intermediate, deployedAnswer: deployedAnswer == strict ? nil : deployedAnswer.json,
                check: c.check)
        }
    }

    static func proposalBouncerCases() throws -> [VectorCase] {
        var cases: [VectorCase] = []
        let account: UInt64 = 0x1234_5678_9abc_def0
        func sealProposal(
            _ r: PushRegistration, _ label: String, account id: UInt64 = account, to key: X25519.KeyPair = F.currentKey
        ) -> F.Sealed {
            F.seal(r, label: "proposal/\(label)", profile: .proposal, to: key, pushAccountId: id)
        }
        let t = F.timestamp
        var s = sealProposal(F.fcm(), "fcm")
        cases.append(
            try registrationTest(
                "proposal: FCM registration", flags: ["Normal"], result: .valid, request: s.request,
                intermediate: s.intermediate, profile: .proposal))
        s = sealProposal(F.apns(app: nil), "apns")
        cases.append(
            try registrationTest(
                "proposal: APNs registration, no ios_app_id", flags: ["Normal"], result: .valid,
                request: s.request, intermediate: s.intermediate, profile: .proposal))
        let first = sealProposal(F.fcm(), "dedup-first")
        s = sealProposal(F.fcm(at: t + 30), "dedup-again")
        cases.append(
            try registrationTest(
                "proposal: same token and push_account_id returns the existing record", flags: ["Dedup"],
                result: .valid, request: s.request, prior: [first.request], intermediate: s.intermediate,
                profile: .proposal))
        s = sealProposal(F.fcm(), "dedup-account", account: 42)
        cases.append(
            try registrationTest(
                "proposal: same token, another push_account_id is a new record", flags: ["Dedup"],
                result: .valid, request: s.request, prior: [first.request], intermediate: s.intermediate,
                profile: .proposal))
        s = sealProposal(F.fcm(), "previous-key", to: F.previousKey)
        cases.append(
            try registrationTest(
                "proposal: sealed to the previous key", flags: ["KeyRotation"], result: .valid,
                request: s.request, intermediate: s.intermediate, profile: .proposal))
        s = sealProposal(F.apns(), "apns-app")
        cases.append(
            try registrationTest(
                "proposal: ios_app_id is not part of this profile", flags: ["ExtraField"], result: .acceptable,
                code: .badRequest, reason: .unexpectedField, request: s.request, intermediate: s.intermediate,
                profile: .proposal))
        s = sealProposal(F.fcm(at: t), "expired")
        cases.append(
            try registrationTest(
                "proposal: 24 h and 1 s old", flags: ["LivenessBoundary", "Expired"], result: .invalid,
                code: .requestExpired, reason: .expired(ageSeconds: 86_401), request: s.request, now: t + 86_401,
                intermediate: s.intermediate, profile: .proposal))
        s = sealProposal(F.fcm(), "retired", to: F.retiredKey)
        cases.append(
            try registrationTest(
                "proposal: sealed to a retired key", flags: ["RetiredKey"], result: .invalid,
                code: .invalidBouncerPublicKey, reason: .retiredBouncerKey, request: s.request,
                intermediate: s.intermediate, profile: .proposal))
        s = sealProposal(F.fcm(), "tag")
        let (r, i) = s.withBox(F.flipBit(40, bit: 2), note: "tag bit flipped")
        cases.append(
            try registrationTest(
                "proposal: a tag bit flipped", flags: ["ModifiedTag"], result: .invalid, code: .badRequest,
                reason: .boxDoesNotOpen, request: r, intermediate: i, profile: .proposal))
        var noAccount = sealProposal(F.fcm(), "no-account").request
        noAccount.pushAccountId = nil
        cases.append(
            try registrationTest(
                "proposal: push_account_id missing", flags: ["MalformedRequest"], result: .invalid,
                code: .badRequest, reason: .malformedRequestField("push_account_id"), request: noAccount,
                profile: .proposal))
        // The design document's base64 is standard and canonical (the deployed bouncer's
        // leniencies are acceptable only in `deployed`).
        s = sealProposal(F.fcm(), "url-safe")
        var urlSafe = s.request
        urlSafe.encryptedPushRegistration = Base64.encode(s.box, variant: .urlSafeNoPadding)
        cases.append(
            try registrationTest(
                "proposal: URL-safe base64 without padding", flags: ["Base64UrlSafe"], result: .invalid,
                code: .badRequest, reason: .registrationNotBase64, request: urlSafe, intermediate: s.intermediate,
                profile: .proposal))
        s = sealProposal(F.fcm(), "non-canonical")
        var nonCanonical = s.request
        nonCanonical.encryptedPushRegistration = bumpTrailingBits(Base64.encode(s.box))
        cases.append(
            try registrationTest(
                "proposal: non-zero unused bits in the last base64 symbol", flags: ["Base64NonCanonical"],
                result: .invalid, code: .badRequest, reason: .registrationNotBase64, request: nonCanonical,
                intermediate: s.intermediate, profile: .proposal))
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
        let deployed = sourced(try deployedBouncerCases())
        return VectorFileDeclaration(
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
                    cases: deployed),
                .init(
                    type: "BouncerRegistrationTest", operation: .registrationBouncer, profile: .proposal,
                    description: "Proposal profile (the original design document).", ids: .block(501...1000),
                    cases: try proposalBouncerCases()),
                .init(
                    type: "BouncerRegistrationTest", operation: .registrationBouncer, profile: .hardened,
                    description:
                        "Hardened profile: the deployed wire format, each of the deployed bouncer's leniencies refused "
                        + "(the strict answer only).",
                    ids: .block(1001...1500),
                    cases: try hardenedBouncerCases(deployed)),
                .init(
                    type: "BouncerRegistrationTest", operation: .registrationBouncer,
                    description:
                        "Deployed profile: the bouncer steps of Zulip's own tests (zerver/tests/test_push_registration.py, "
                        + "RegisterPushDeviceToBouncer), each sourced to its test.",
                    ids: .block(1501...1600), cases: try upstreamTestCases()),
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

    static func sourced(_ cases: [VectorCase]) -> [VectorCase] {
        cases.enumerated().map { offset, c in
            guard c.source == nil, let source = auditSource(tcId: offset + 1) else { return c }
            var sourcedCase = c
            sourcedCase.source = source
            if !sourcedCase.flags.contains("SourceLinesNotRead") { sourcedCase.flags.append("SourceLinesNotRead") }
            return sourcedCase
        }
    }

    /// One registration request to the bouncer as a vector. The strict answer is expected; where
    /// the deployed model answers otherwise, its answer is an alternative (acceptable cases) or the
    /// `deployedAnswer`; `result` must be what the answers make it; and a refusal must come from
    /// `reason`'s check, so no case passes for the wrong reason. `code` nil: the registration is
    /// stored. `nulls`: request fields sent as JSON null (a value `BouncerRequest` cannot hold).
    static func registrationTest(
        _ comment: String, flags: [String], result: VectorResult, code: BouncerError.Kind? = nil,
        reason: BouncerError.Reason? = nil, request: BouncerRequest, prior: [BouncerRequest] = [],
        iosAppIds: [String] = [F.iosAppId], now: Int64 = F.now, intermediate: JSONValue? = nil,
        alsoAccepted: [JSONValue] = [], source: String? = nil,
        nulls: [String] = [], profile: RegistrationProfile = .deployed
    ) throws -> VectorCase {
        let requestJSON = nulls.sorted().reduce(request.json(profile: profile)) { $0.setting($1, to: .null) }
        let input: JSONValue = [
            "bouncer": [
                "keyRing": F.standardRing, "iosAppIds": .array(iosAppIds.map(JSONValue.string)), "now": .integer(now),
            ],
            "priorRequests": .array(prior.map { $0.json(profile: profile) }),
            "request": requestJSON,
        ]
        let operationRequest = OperationRequest(
            operation: .registrationBouncer, profile: Profile(rawValue: profile.rawValue), input: input)
        let strict = OperationOutcome {
            .output(try RegistrationOperations.bouncer(operationRequest, strictness: .strict))
        }
        let deployed = OperationOutcome {
            .output(try RegistrationOperations.bouncer(operationRequest, strictness: .deployedCompatible))
        }
        var also = alsoAccepted
        var deployedAnswer: JSONValue? = nil
        if deployed != strict {
            if result == .acceptable { also.append(deployed.json) } else { deployedAnswer = deployed.json }
        }
        let derived: VectorResult = !also.isEmpty ? .acceptable : code == nil ? .valid : .invalid
        guard derived == result else {
            throw GeneratorError(
                "registration_bouncer (\(comment)): declared \(result), the answers make it \(derived)")
        }
        return VectorCase(
            comment: comment, flags: flags, source: source, input: input, code: code?.rawValue,
            intermediate: intermediate, alsoAccepted: also, deployedAnswer: deployedAnswer,
            check: { answer in
                guard case .error = answer else { return }
                let bouncer = try RegistrationOperations.makeBouncer(operationRequest, strictness: .strict)
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
