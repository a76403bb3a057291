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
        "Base64Length":
            "no bytes encode to this text, and a decoding failure is the client's error (400), not the bouncer's (500)",
        "RequestFieldsFirst":
            "a malformed request field is refused before any key lookup or decryption: the cheapest check first, "
            + "and the answer names the request's own fault",
    ]

    /// The hardened profile: each deployed leniency PushProof recommends refusing, on the same
    /// input, with the strict answer only (and the deployed bouncer's as `deployedAnswer`). A
    /// future timestamp is not among them: the strict bouncer accepts it too (refusing it is
    /// merely allowed).
    static func hardenedBouncerCases(_ deployed: [VectorCase]) throws -> [VectorCase] {
        // tcIds are stable (docs/vector-format.md): the leniencies of deployed tcIds 1-85 (1001-1013),
        // then the check-order cases (1014-1015), then those of later deployed cases in their order.
        let cases = try deployed.enumerated().compactMap { offset, c -> (VectorCase, Int)? in
            try hardenedBouncerCase(offset: offset, c).map {
                ($0, c.flags.contains("RequestFieldsFirst") ? 1 : offset < 85 ? 0 : 2)
            }
        }
        return (0...2).flatMap { rank in cases.filter { $0.1 == rank }.map(\.0) }
    }

    /// The hardened test of a deployed case where the strict bouncer refuses what the deployed one
    /// answers otherwise; nil where the two agree.
    static func hardenedBouncerCase(offset: Int, _ c: VectorCase) throws -> VectorCase? {
        let request = OperationRequest(operation: .registrationBouncer, profile: .hardened, input: c.input)
        let strict = OperationOutcome { .output(try RegistrationOperations.bouncer(request, strictness: .strict)) }
        let deployedAnswer = OperationOutcome {
            .output(try RegistrationOperations.bouncer(request, strictness: .deployedCompatible))
        }
        guard deployedAnswer != strict, case .error(let code, _) = strict else { return nil }
        guard let flag = c.flags.first(where: { hardenedReasons[$0] != nil }), let why = hardenedReasons[flag]
        else { throw GeneratorError("registration_bouncer: no hardened reason for \(c.comment)") }
        let what = c.comment.split(separator: " (", maxSplits: 1).first.map(String.init) ?? c.comment
        return VectorCase(
            comment: "\(what) is refused. Why: \(why) (deployed tcId \(offset + 1))",
            flags: c.flags.filter { $0 != "SourceLinesNotRead" }, input: c.input, code: code,
            intermediate: c.intermediate, deployedAnswer: deployedAnswer.json)
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
        // Liveness and the key ring past their boundaries (deployed tcIds 16, 17, 22, 25).
        s = sealProposal(F.fcm(at: t - 30 * 86_400), "expired-month")
        cases.append(
            try registrationTest(
                "proposal: 30 days old", flags: ["Expired"], result: .invalid, code: .requestExpired,
                reason: .expired(ageSeconds: 30 * 86_400 + 120), request: s.request, intermediate: s.intermediate,
                profile: .proposal))
        s = sealProposal(F.fcm(at: 0), "expired-epoch")
        cases.append(
            try registrationTest(
                "proposal: timestamp 0", flags: ["Expired"], result: .invalid, code: .requestExpired,
                reason: .expired(ageSeconds: F.now), request: s.request, intermediate: s.intermediate,
                profile: .proposal))
        s = sealProposal(F.fcm(), "stranger", to: F.strangerKey)
        cases.append(
            try registrationTest(
                "proposal: sealed to a key the bouncer never had", flags: ["UnknownKey"], result: .invalid,
                code: .invalidBouncerPublicKey, reason: .unknownBouncerKey, request: s.request,
                intermediate: s.intermediate, profile: .proposal))
        var emptyKey = sealProposal(F.fcm(), "key-empty").request
        emptyKey.bouncerPublicKey = ""
        cases.append(
            try registrationTest(
                "proposal: empty bouncer_public_key", flags: ["UnknownKey"], result: .invalid,
                code: .invalidBouncerPublicKey, reason: .unknownBouncerKey, request: emptyKey, profile: .proposal))
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
            name: "registration_bouncer", protocolName: "zulip-push-registration", notes: RegistrationNotes.catalogue,
            header: [
                "The bouncer's handling of a server's registration request: key ring, sealed box, PushRegistration schema, token_id, liveness, dedup.",
                "`deployed` expects what the deployed Zulip bouncer answers, its leniencies included (LENIENCY flags); `hardened` repeats each leniency's input with PushProof's strict answer. `alsoAccepted` lists answers that pass too.",
                "`deployedAnswer`, where present (hardened, proposal), is what the deployed bouncer answers to the same input.",
                "Each test's bouncer: the key ring (entries with status `retired` were added, then retired), the iOS app ids, and the clock `now`.",
                "priorRequests are registered first and must all succeed; device ids are assigned from 1 in order.",
            ],
            groups: [
                .init(
                    operation: .registrationBouncer,
                    description: "Deployed profile (Zulip feature level 468+).", ids: .block(1...500),
                    cases: deployed),
                .init(
                    operation: .registrationBouncer, profile: .proposal,
                    description: "Proposal profile (the original design document).", ids: .block(501...1000),
                    cases: try proposalBouncerCases()),
                .init(
                    operation: .registrationBouncer, profile: .hardened,
                    description:
                        "Hardened profile: the deployed wire format, each of the deployed bouncer's leniencies refused "
                        + "(the strict answer only).",
                    ids: .block(1001...1500),
                    cases: try hardenedBouncerCases(deployed)),
                .init(
                    operation: .registrationBouncer,
                    description:
                        "Deployed profile: the bouncer steps of Zulip's own tests (zerver/tests/test_push_registration.py, "
                        + "RegisterPushDeviceToBouncer), each sourced to its test.",
                    ids: .block(1501...1600), cases: try upstreamTestCases()),
            ])
    }

    /// The upstream lines that decide each deployed test without a source of its own
    /// (docs/audit/registration.md, part 2): the FL 468+ bouncer (zilencer/views.py@5bbfa671),
    /// its tests (@0c4c64bd) and the libraries it runs on, at the versions its lock file pins.
    /// `linesRead` is false where the deciding code could be read only without line numbers
    /// (CPython's C functions, typed_endpoint.py after 2024): those tests carry SourceLinesNotRead.
    static func auditSource(tcId: Int) -> (source: String, linesRead: Bool)? {
        switch tcId {
        case 1...11:
            return (
                "zulip/zulip@5bbfa671:zilencer/views.py:558-562 (PushRegistration: token: str, token_kind: str, ios_app_id: ApnsAppId | None = None, timestamp: int), :564-574 (is_valid_token: 1 to 4096 characters counted by len(), an APNs token through bytes.fromhex), :576-592 (validate_terms: apns or fcm; APNs needs ios_app_id, FCM refuses one), :605-611 (any key still in settings.PUSH_REGISTRATION_ENCRYPTION_KEYS opens its box), :625-628 (token_id = base64 of SHA-256 of the token's UTF-8 [0:8]), :630-634 (refused only when now - timestamp > PUSH_REGISTRATION_LIVENESS_TIMEOUT), :648-655 (a new RemotePushDevice); zulip/zulip@48f74227:zerver/lib/push_notifications.py:95 (PUSH_REGISTRATION_LIVENESS_TIMEOUT = 24 * 60 * 60)",
                linesRead: true
            )
        case 12...14:
            return (
                "zulip/zulip@5bbfa671:zilencer/views.py:636-646 (a RemotePushDevice with this token_id in this realm already exists: return, nothing created), :648-655 (otherwise a new row with token_id, realm, remote_realm); zulip/zulip@0c4c64bd:zerver/tests/test_push_registration.py:91-98 (test_register_push_device_success: the same request again, still one device), :101-115 (another token: a second device)",
                linesRead: true
            )
        case 15...18:
            return (
                "zulip/zulip@5bbfa671:zilencer/views.py:630-634 (datetime_to_timestamp(now) - timestamp > PUSH_REGISTRATION_LIVENESS_TIMEOUT, in Python integers that do not overflow: RequestExpiredError); zulip/zulip@48f74227:zerver/lib/push_notifications.py:95 (PUSH_REGISTRATION_LIVENESS_TIMEOUT = 24 * 60 * 60); zulip/zulip@0c4c64bd:zerver/tests/test_push_registration.py:137-145 (test_register_push_device_error: two days old, 'Request expired')",
                linesRead: true
            )
        case 20:
            return (
                "zulip/zulip@5bbfa671:zilencer/views.py:630-634 (only now - timestamp > PUSH_REGISTRATION_LIVENESS_TIMEOUT is refused: a timestamp in the future passes), :648-655 (stored)",
                linesRead: true
            )
        case 21...25:
            return (
                "zulip/zulip@5bbfa671:zilencer/views.py:605-606 (bouncer_public_key not in settings.PUSH_REGISTRATION_ENCRYPTION_KEYS, an exact dict-key match: InvalidBouncerPublicKeyError; a retired key is one taken out of that map), :663-666 (bouncer_public_key: str, read as sent); zulip/zulip@0c4c64bd:zerver/tests/test_push_registration.py:129-135 (test_register_push_device_error: 'Invalid bouncer_public_key')",
                linesRead: true
            )
        case 26...40:
            return (
                "zulip/zulip@5bbfa671:zilencer/views.py:609-611 (SealedBox over the named key's private key), :613-618 (Base64Encoder.decode, then unseal_box.decrypt; TypeError and CryptoError become InvalidEncryptedPushRegistrationError, BAD_REQUEST); PyNaCl 1.6.2 (the PyPI wheel of the version and hash zulip/zulip@00a34930:uv.lock pins):nacl/public.py:391-421 (SealedBox.decrypt calls crypto_box_seal_open), nacl/bindings/crypto_box.py:453-461 (under 48 bytes: nacl.exceptions.TypeError), :468-473 (libsodium refuses the box: CryptoError), nacl/exceptions.py:24, 44 (that TypeError is both builtins.TypeError and CryptoError)",
                linesRead: true
            )
        case 41...52, 54:
            return (
                "zulip/zulip@5bbfa671:zilencer/views.py:558-562 (the model's fields and types), :620-623 (PushRegistration.model_validate_json; a pydantic ValidationError becomes InvalidEncryptedPushRegistrationError, BAD_REQUEST); pydantic/pydantic@d45d8be3 (tag v2.13.1; pydantic 2.13.1 and pydantic-core 2.46.1, the versions zulip/zulip@00a34930:uv.lock pins):pydantic-core/src/input/input_json.rs:164-172 (an int from JSON: an integral float or a numeric string, else int_type), pydantic-core/src/input/shared.rs:77-98 (str_as_int: 'yesterday' is int_parsing), :202-212 (float_as_int: a fraction is int_from_float)",
                linesRead: true
            )
        case 55...61, 63, 64:
            return (
                "zulip/zulip@5bbfa671:zilencer/views.py:576-592 (validate_terms: token_kind apns or fcm, 578-579; APNs without ios_app_id, 581-582; FCM with one, 584-587; is_valid_token false, 589-590: ValueError), :564-574 (is_valid_token: empty or over 4096 characters by len(); an APNs token bytes.fromhex refuses), :561 (ios_app_id: ApnsAppId | None: a number is string_type), :620-623 (the ValueError surfaces as a pydantic ValidationError: BAD_REQUEST); zulip/zulip@0c4c64bd:zerver/tests/test_push_registration.py:167-209 (test_register_push_device_error: token_kind 'xyz', APNs without ios_app_id, FCM with one, an empty token, a non-hex token: 'Invalid encrypted_push_registration')",
                linesRead: true
            )
        case 66:
            return (
                "zulip/zulip@5bbfa671:zilencer/views.py:564-574 (is_valid_token: an APNs token must pass bytes.fromhex), :589-590 (ValueError), :620-623 (BAD_REQUEST); CPython's bytes.fromhex (Objects/bytesobject.c _PyBytes_FromHex) refuses full-width digits (lines not read: no copy of CPython's C sources here; checked on CPython 3.11.7); zulip/zulip@0c4c64bd:zerver/tests/test_push_registration.py:201-209 (a non-hex token refused)",
                linesRead: false
            )
        case 67...70:
            return (
                "zulip/zulip@5bbfa671:zilencer/views.py:558-562 (PushRegistration sets no model_config: pydantic's defaults), :620-621 (model_validate_json); pydantic/pydantic@d45d8be3 (tag v2.13.1; pydantic 2.13.1 and pydantic-core 2.46.1, the versions zulip/zulip@00a34930:uv.lock pins):pydantic/_internal/_config.py:278 (extra=None) and pydantic-core/src/validators/model_fields.rs:67 (so ExtraBehavior::Ignore), :458-467 (an unknown key is skipped); pydantic-core/src/validators/model_fields.rs:303-340 and src/lookup_key.rs:140-155 (a field is looked up over the JSON object's members in reverse: the last duplicate wins); pydantic/_internal/_config.py:292 (strict=False) and pydantic-core/src/input/input_json.rs:169-170 (lax: an integral float or a numeric string is an int), src/input/shared.rs:77-98, :202-212",
                linesRead: true
            )
        case 71...73:
            return (
                "zulip/zulip@5bbfa671:zilencer/views.py:625-628 (token_id compared as a string with base64 of SHA-256(token.encode())[0:8], the token hashed as sent, no case folding: InvalidEncryptedPushRegistrationError, BAD_REQUEST); zulip/zulip@0c4c64bd:zerver/tests/test_push_registration.py:211-219 (test_register_push_device_error, 'Invalid `token_id`': token_id '192057', 'Invalid encrypted_push_registration')",
                linesRead: true
            )
        case 74:
            return (
                "zulip/zulip@5bbfa671:zilencer/views.py:663-666 (realm_uuid, token_id, encrypted_push_registration and bouncer_public_key: str, no default); zulip/zulip@b0f5ce47:zerver/lib/typed_endpoint.py:522-525 (a parameter absent from the form: RequestVariableMissingError, HTTP 400, code REQUEST_VARIABLE_MISSING), :533-535 (a form value is never None): a form POST has no null",
                linesRead: false
            )
        case 75...78:
            return (
                "zulip/zulip@5bbfa671:zilencer/views.py:613-618 (Base64Encoder.decode before the box; only TypeError and CryptoError are caught, so binascii.Error is an uncaught HTTP 500); PyNaCl 1.6.2 (the PyPI wheel of the version and hash zulip/zulip@00a34930:uv.lock pins):nacl/encoding.py:88-90 (Base64Encoder.decode is base64.b64decode, non-validating); python/cpython@v3.11.7:Lib/base64.py:65-88 (b64decode(validate=False) calls binascii.a2b_base64(s, strict_mode=False): characters outside the alphabet are discarded before the padding check, 75-78; bad padding raises binascii.Error, 72-73)",
                linesRead: true
            )
        case 79:
            return (
                "zulip/zulip@5bbfa671:zilencer/views.py:613-618 (Base64Encoder.decode before the box); PyNaCl 1.6.2 (the PyPI wheel of the version and hash zulip/zulip@00a34930:uv.lock pins):nacl/encoding.py:88-90 (base64.b64decode, non-validating); python/cpython@v3.11.7:Lib/base64.py:83-88 (binascii.a2b_base64(s, strict_mode=False)); non-zero unused bits in the last symbol pass in non-strict mode (Modules/binascii.c lines not read; checked on CPython 3.11.7)",
                linesRead: false
            )
        default: return nil
        }
    }

    static func sourced(_ cases: [VectorCase]) -> [VectorCase] {
        cases.enumerated().map { offset, c in
            guard c.source == nil, let audit = auditSource(tcId: offset + 1) else { return c }
            var sourcedCase = c
            sourcedCase.source = audit.source
            if !audit.linesRead, !sourcedCase.flags.contains("SourceLinesNotRead") {
                sourcedCase.flags.append("SourceLinesNotRead")
            }
            return sourcedCase
        }
    }

    /// One registration request to the bouncer as a vector. `code` and `reason` are the strict
    /// bouncer's answer (`code` nil: it stores the registration), which hardened tests expect; a
    /// refusal must come from `reason`'s check, so no case passes for the wrong reason. A deployed
    /// case expects what the deployed bouncer answers (the deployed-compatible model); a proposal
    /// case the strict answer, the deployed model's being an alternative (acceptable cases) or the
    /// `deployedAnswer`. `result` must be what the expected answer and `alsoAccepted` make it.
    /// `nulls`: request fields sent as JSON null (a value `BouncerRequest` cannot hold).
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
        switch (strict, code) {
        case (.output, nil): break
        case (.error(let answered, _), let code?) where answered == code.rawValue:
            let bouncer = try RegistrationOperations.makeBouncer(operationRequest, strictness: .strict)
            do {
                _ = try bouncer.open(try BouncerRequest.parse(requestJSON, profile: profile))
                throw GeneratorError("registration_bouncer (\(comment)): the box opens where an error was declared")
            } catch let error as BouncerError {
                guard reason == nil || error.reason == reason else {
                    throw GeneratorError(
                        "registration_bouncer (\(comment)): refused for \(error.reason), declared "
                            + String(describing: reason))
                }
            }
        default:
            throw GeneratorError(
                "registration_bouncer (\(comment)): the strict bouncer answered \(JSONWriter.compact(strict.json)), "
                    + "declared \(code?.rawValue ?? "an output")")
        }
        var also = alsoAccepted
        var deployedAnswer: JSONValue? = nil
        let expected = profile == .deployed ? deployed : strict
        if profile != .deployed, deployed != strict {
            if result == .acceptable { also.append(deployed.json) } else { deployedAnswer = deployed.json }
        }
        var expectedCode: String? = nil
        if case .error(let answered, _) = expected { expectedCode = answered }
        let derived: VectorResult = !also.isEmpty ? .acceptable : expectedCode == nil ? .valid : .invalid
        guard derived == result else {
            throw GeneratorError(
                "registration_bouncer (\(comment)): declared \(result), the answers make it \(derived)")
        }
        return VectorCase(
            comment: comment, flags: flags, source: source, input: input, code: expectedCode,
            intermediate: intermediate, alsoAccepted: also, deployedAnswer: deployedAnswer)
    }
}
