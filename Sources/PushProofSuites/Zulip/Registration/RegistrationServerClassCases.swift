import PushProofConformance
import PushProofCrypto
import PushProofJSON
import ZulipRegistration

/// registration_server cases by class of input: integer parameters in every JSON spelling, token
/// ids of every length around the 64-bit column, checks that fail together, and bouncer answers
/// beyond the first two (docs/registration.md, "The server").
extension RegistrationServerVectors {
    static let strictInteger =
        "\(typedEndpoint): validate_python(strict=True), json_invalid and int_type; pydantic's JSON parser reads "
        + "NaN and Infinity as floats"
    static let deviceColumns = "zulip/zulip@1e651f27:zerver/models/devices.py:20-23 (BigIntegerField)"
    static let upstreamTests =
        "zulip/zulip (FL 468, commit not determined; index id 15023056800):zerver/tests/test_push_registration.py"
    static let workerStep =
        "prakhar1144/zulip@495e4623:zerver/lib/push_registration.py:96-126 (a development fork: the FL 468 file is "
        + "not stored)"
    static let bouncerClient =
        "zerver/lib/remote_server.py send_to_push_bouncer (index id 28788841047, a copy whose commit the index does "
        + "not name: MISSING_REMOTE_REALM, INVALID_ZULIP_SERVER, PUSH_NOTIFICATIONS_DISALLOWED raise their own "
        + "errors; INVALID_BOUNCER_PUBLIC_KEY and REQUEST_EXPIRED theirs; any other code JsonableError, BAD_REQUEST)"

    /// The deployed parameter group's fields, as deployedParameterCases builds them.
    static func deployedFields() -> (key: [(String, String)], token: [(String, String)]) {
        let pushKey = PushKey(
            id: 0xDEAD_BEEF, wireBytes: [PushKey.typeByte] + SHA256.hash(Array("pushproof/push-key/1".utf8)))!
        let sealed = F.seal(F.fcm(), label: "server-params")
        let token: [(String, String)] = [
            ("token_kind", "fcm"), ("token_id", TokenId(token: F.fcmToken).base64),
            ("bouncer_public_key", F.b64(F.currentKey)),
            ("encrypted_push_registration", sealed.request.encryptedPushRegistration),
        ]
        return ([("push_key_id", String(pushKey.id)), ("push_key", pushKey.wireBase64)], token)
    }

    static func replacing(_ fields: [(String, String)], _ name: String, _ value: String) -> [(String, String)] {
        fields.map { $0.0 == name ? ($0.0, value) : $0 }
    }

    static func deployedParameterClassCases() -> [ParameterCase] {
        let (key, token) = deployedFields()
        let device: [(String, String)] = [("device_id", String(deviceId))]
        let fresh: [(String, String)] = [("device_id", String(freshDeviceId))]
        func deviceText(_ text: String, _ what: String, _ message: String?) -> ParameterCase {
            ParameterCase(
                comment: "device_id \(what)", flags: ["JsonInteger", "ExactMessage"],
                params: [("device_id", text)] + key, message: message, source: "\(view):310; \(strictInteger)")
        }
        func keyIdText(_ text: String, _ what: String, _ message: String?) -> ParameterCase {
            ParameterCase(
                comment: "push_key_id \(what)", flags: ["JsonInteger", "Uint32Range", "ExactMessage"],
                params: device + replacing(key, "push_key_id", text), message: message,
                source: "\(view):320; \(strictInteger)")
        }
        func tokenId(_ bytes: [UInt8], _ what: String) -> ParameterCase {
            let fits = TokenId(signedBigEndian: bytes) != nil
            return ParameterCase(
                comment: "token_id " + what + (fits ? "" : ": the server fails storing it, HTTP 500"),
                flags: ["TokenIdLength"] + (fits ? [] : ["StorageFailure", "ExactMessage"]),
                params: device + replacing(token, "token_id", Base64.encode(bytes)),
                message: fits ? nil : ServerError.storageFailure.message,
                source: "\(devices):26-32; \(deviceColumns)" + (fits ? "" : "; \(internalError)"))
        }
        let notInteger = ServerMessages.notAnInteger("device_id")
        let keyIdNotInteger = ServerMessages.notAnInteger("push_key_id")
        let past64 = [UInt8](repeating: 0, count: 1) + [0x80] + [UInt8](repeating: 0, count: 7)
        return [
            deviceText("7.0", "7.0 (a float, though integral)", notInteger),
            deviceText("\"7\"", "\"7\" (a JSON string)", notInteger),
            deviceText("7e0", "7e0 (a float)", notInteger),
            deviceText("true", "true (pydantic's strict mode takes no boolean)", notInteger),
            deviceText("null", "null", notInteger),
            deviceText("[7]", "[7]", notInteger),
            deviceText("NaN", "NaN (pydantic's JSON parser reads it as a float)", notInteger),
            deviceText("+7", "+7 (not JSON)", ServerMessages.notValidJSON("device_id")),
            deviceText("07", "07 (not JSON: a leading zero)", ServerMessages.notValidJSON("device_id")),
            deviceText(
                "\u{A0}7", "with a no-break space before it (not JSON white space)",
                ServerMessages.notValidJSON("device_id")),
            deviceText(" 7\n", "with white space around it (JSON allows it): device 7", nil),
            deviceText("9223372036854775808", "2^63 (an integer no device has)", ServerMessages.invalidDeviceId),
            keyIdText("3735928559.0", "3735928559.0 (a float, though integral)", keyIdNotInteger),
            keyIdText("\"7\"", "\"7\" (a JSON string)", keyIdNotInteger),
            keyIdText("true", "true", keyIdNotInteger),
            keyIdText("1e3", "1e3 (a float)", keyIdNotInteger),
            keyIdText(
                "18446744073709551616", "2^64 (an integer out of the uint32 range)", ServerMessages.invalidPushKeyId),
            keyIdText("\t7 ", "with white space around it: 7", nil),
            keyIdText("-0", "-0 (JSON's integer zero)", nil),
            ParameterCase(
                comment: "device_id 7.0 and push_key_id not JSON: parameters are read in the signature's order",
                flags: ["JsonInteger", "CheckOrder", "ExactMessage"],
                params: [("device_id", "7.0")] + replacing(key, "push_key_id", "x"), message: notInteger,
                source: "\(view):306-329; \(typedEndpoint)"),
            ParameterCase(
                comment: "another user's device_id and push_key_id 1.5: every parameter is read before the device "
                    + "is looked up", flags: ["JsonInteger", "CheckOrder", "ExactMessage"],
                params: [("device_id", "9")] + replacing(key, "push_key_id", "1.5"), message: keyIdNotInteger,
                source: "\(view):306-333; \(typedEndpoint)"),
            tokenId(
                [0] + Array(1...8),
                "of 9 bytes, the first a sign byte 00: the value fits in 64 bits (upstream has no length check)"),
            tokenId(
                [0xFF, 0x80] + [UInt8](repeating: 0, count: 6) + [1],
                "of 9 bytes, the first a sign byte FF before a negative value: it fits"),
            tokenId([UInt8](repeating: 0, count: 16), "of 16 zero bytes: the value 0"),
            tokenId([], "empty: no bytes, the value 0"),
            tokenId(
                [0x80] + [UInt8](repeating: 0, count: 6),
                "of 7 bytes, the first with its top bit set: a negative value, sign-extended"),
            tokenId(past64, "of 9 bytes, 00 then 80: 2^63, past the signed 64-bit range"),
            tokenId([0xFF, 0x7F] + [UInt8](repeating: 0xFF, count: 7), "of 9 bytes, FF then 7F: below -2^63"),
            ParameterCase(
                comment: "both groups, a token_id past 64 bits and a push_key of 32 bytes: the key is checked "
                    + "before the token id is stored", flags: ["TokenIdLength", "CheckOrder", "ExactMessage"],
                params: device + replacing(key, "push_key", Base64.encode([UInt8](repeating: 0x31, count: 32)))
                    + replacing(token, "token_id", Base64.encode(past64)),
                message: ServerMessages.invalidPushKey, source: "\(view):380-405; \(devices):26-32"),
            ParameterCase(
                comment: "a token group alone with a token_id past 64 bits, on a device with no registration: no "
                    + "registration to rotate, before the token id is stored",
                flags: ["TokenIdLength", "CheckOrder", "ExactMessage"],
                params: fresh + replacing(token, "token_id", Base64.encode(past64)),
                message: ServerMessages.noRegistrationToRotateToken, source: "\(view):369-378"),
            tokenId(
                [0, 0x7F] + [UInt8](repeating: 0xFF, count: 7),
                "of 9 bytes, 00 then 7F FF...: 2^63-1, the largest value kept"),
            tokenId(
                [0xFF, 0x80] + [UInt8](repeating: 0, count: 7),
                "of 9 bytes, FF then 80 00...: -2^63, the smallest value kept"),
        ]
    }

    /// JSON as pydantic's parser reads it, around its limits (tcIds 64-): non-finite floats inside
    /// arrays, repeated keys, 4,300 characters of integer, 200 levels of nesting.
    static func pydanticJSONCases() -> [ParameterCase] {
        let (key, _) = deployedFields()
        let device: [(String, String)] = [("device_id", String(deviceId))]
        let source = "\(strictInteger); pydantic-core's JSON parser (jiter): 4,300 integer characters, 200 levels"
        func deviceText(_ text: String, _ what: String, _ message: String) -> ParameterCase {
            ParameterCase(
                comment: "device_id " + what, flags: ["JsonInteger", "ExactMessage"],
                params: [("device_id", text)] + key, message: message, source: source)
        }
        func keyIdText(_ text: String, _ what: String, _ message: String) -> ParameterCase {
            ParameterCase(
                comment: "push_key_id " + what, flags: ["JsonInteger", "ExactMessage"],
                params: device + replacing(key, "push_key_id", text), message: message, source: source)
        }
        let digits = String(repeating: "1", count: 4300)
        let notInteger = ServerMessages.notAnInteger("device_id")
        let notJSON = ServerMessages.notValidJSON("device_id")
        let keyNotInteger = ServerMessages.notAnInteger("push_key_id")
        let keyNotJSON = ServerMessages.notValidJSON("push_key_id")
        return [
            deviceText("[NaN]", "[NaN] (NaN is a float inside an array too)", notInteger),
            deviceText("{\"a\": 1, \"a\": 2}", "an object with a repeated key (kept)", notInteger),
            deviceText("-NaN", "-NaN (no such literal)", notJSON),
            deviceText(digits, "an integer of 4,300 digits (read; no device has it)", ServerMessages.invalidDeviceId),
            deviceText(digits + "1", "an integer of 4,301 digits (past the parser's limit)", notJSON),
            deviceText("-" + digits, "-, then 4,300 digits (the sign counts)", notJSON),
            keyIdText("[" + digits + "1]", "an array holding an integer of 4,301 digits", keyNotJSON),
            keyIdText(
                String(repeating: "[", count: 200) + "1" + String(repeating: "]", count: 200),
                "1 inside 200 arrays", keyNotInteger),
            keyIdText(
                String(repeating: "[", count: 201) + "1" + String(repeating: "]", count: 201),
                "1 inside 201 arrays (past the parser's nesting limit)", keyNotJSON),
            keyIdText(
                String(repeating: "[", count: 201) + String(repeating: "]", count: 201),
                "201 empty arrays, one inside the other (no value past the limit)", keyNotInteger),
            keyIdText("\"\\ud800\"", "a string with an unpaired surrogate escape", keyNotJSON),
        ]
    }

    /// Hardened: a token_id is 8 bytes, whatever its value (tcIds 804-).
    static func hardenedParameterClassCases() -> [ParameterCase] {
        let (_, token) = deployedFields()
        let device: [(String, String)] = [("device_id", String(deviceId))]
        return [
            ParameterCase(
                comment: "token_id of 9 bytes whose value fits in 64 bits is refused. Why: a token id is 8 bytes "
                    + "of SHA-256; another length cannot match the bouncer's",
                flags: ["TokenIdLength", "ReferenceMessage"],
                params: device + replacing(token, "token_id", Base64.encode([0] + Array(1...8))),
                message: ServerMessages.invalidTokenId),
            ParameterCase(
                comment: "an empty token_id is refused. Why: as tcId 804",
                flags: ["TokenIdLength", "ReferenceMessage"],
                params: device + replacing(token, "token_id", ""), message: ServerMessages.invalidTokenId),
            ParameterCase(
                comment: "the key group alone, complete, rotates the key as in deployed tcId 2 (a complete group "
                    + "is no partial one)", flags: ["GroupRule", "PartialGroupRefused"],
                params: device + deployedFields().key),
            ParameterCase(
                comment: "the token group alone, complete, rotates the token as in deployed tcId 3",
                flags: ["GroupRule", "PartialGroupRefused"], params: device + token),
        ]
    }

    /// Proposal: the proposal-era view's typed_endpoint parameters, in its signature's order, then
    /// PushProof's range and key checks (tcIds 206-).
    static func proposalParameterClassCases(_ fields: [(String, String)]) -> [ParameterCase] {
        func with(_ changes: [(String, String?)]) -> [(String, String)] {
            changes.reduce(fields) { acc, change in
                change.1.map { value in acc.map { $0.0 == change.0 ? ($0.0, value) : $0 } }
                    ?? acc.filter { $0.0 != change.0 }
            }
        }
        func proposalParameters(
            _ comment: String, _ flags: [String], _ changes: [(String, String?)], _ message: String?
        )
            -> ParameterCase
        {
            ParameterCase(comment: "proposal: " + comment, flags: flags, params: with(changes), message: message)
        }
        let notInteger = ServerMessages.notAnInteger("push_account_id")
        let short = Base64.encode([UInt8](repeating: 9, count: 31))
        return [
            proposalParameters(
                "push_account_id as a float", ["JsonInteger", "ExactMessage"],
                [("push_account_id", "1311768467463790320.0")], notInteger),
            proposalParameters(
                "push_account_id as a JSON string", ["JsonInteger", "ExactMessage"],
                [("push_account_id", "\"1311768467463790320\"")], notInteger),
            proposalParameters(
                "push_account_id true", ["JsonInteger", "ExactMessage"], [("push_account_id", "true")], notInteger),
            proposalParameters(
                "push_account_id in hex (not JSON)", ["JsonInteger", "ExactMessage"], [("push_account_id", "0x1234")],
                ServerMessages.notValidJSON("push_account_id")),
            proposalParameters(
                "push_account_id -1 (the design's 64-bit integer, read unsigned)", ["JsonInteger", "ReferenceMessage"],
                [("push_account_id", "-1")], ServerMessages.invalidPushAccountId),
            proposalParameters(
                "push_account_id 2^64-1", ["JsonInteger"], [("push_account_id", "18446744073709551615")], nil),
            proposalParameters("push_account_id 0", ["JsonInteger"], [("push_account_id", "0")], nil),
            proposalParameters(
                "push_account_id with white space around it (JSON allows it)", ["JsonInteger"],
                [("push_account_id", " 42\n")], nil),
            proposalParameters(
                "token_kind missing and push_account_id not JSON: token_kind comes first in the signature",
                ["CheckOrder", "ExactMessage"], [("token_kind", nil), ("push_account_id", "x")],
                ServerMessages.missingArgument("token_kind")),
            proposalParameters(
                "token_kind \"gcm\" and push_account_id not JSON: token_kind first",
                ["CheckOrder", "TokenKind", "ExactMessage"], [("token_kind", "gcm"), ("push_account_id", "x")],
                ServerMessages.tokenKindNotInList),
            proposalParameters(
                "push_account_id not JSON and push_public_key missing: push_account_id first",
                ["CheckOrder", "ExactMessage"], [("push_account_id", "x"), ("push_public_key", nil)],
                ServerMessages.notValidJSON("push_account_id")),
            proposalParameters(
                "push_account_id -1 and encrypted_push_registration missing: every parameter is read before the range check",
                ["CheckOrder", "ExactMessage"], [("push_account_id", "-1"), ("encrypted_push_registration", nil)],
                ServerMessages.missingArgument("encrypted_push_registration")),
            proposalParameters(
                "bouncer_public_key of 31 bytes (it can name no key of the bouncer's)", ["ReferenceMessage"],
                [("bouncer_public_key", short)], ServerMessages.invalidBouncerPublicKey),
            proposalParameters(
                "bouncer_public_key and push_public_key both of 31 bytes: the bouncer's key first",
                ["CheckOrder", "ReferenceMessage"], [("bouncer_public_key", short), ("push_public_key", short)],
                ServerMessages.invalidBouncerPublicKey),
            proposalParameters(
                "push_public_key of 33 bytes", ["ReferenceMessage"],
                [("push_public_key", Base64.encode([UInt8](repeating: 9, count: 33)))],
                ServerMessages.invalidPushPublicKey),
            proposalParameters(
                "push_public_key not base64", ["ReferenceMessage"], [("push_public_key", "not base64!")],
                ServerMessages.invalidPushPublicKey),
            proposalParameters(
                "token_kind \"FCM\" (another case)", ["TokenKind", "ExactMessage"], [("token_kind", "FCM")],
                ServerMessages.tokenKindNotInList),
            proposalParameters(
                "token_kind \"fcm\\n\"", ["TokenKind", "ExactMessage"], [("token_kind", "fcm\n")],
                ServerMessages.tokenKindNotInList),
            ParameterCase(
                comment: "proposal: a request for an account whose registration is in progress is answered success "
                    + "(the client's retry of a request whose answer it lost)", flags: ["RepeatedRegistration"],
                params: fields, inProgress: [0x1234_5678_9abc_def0]),
        ]
    }

    /// Bouncer answers past the first two kinds, in every profile, appended to each lifecycle group.
    static func lifecycleClassCases(profile: RegistrationProfile, register: JSONValue, forKey: JSONValue)
        -> [LifecycleCase]
    {
        func answer(_ a: JSONValue) -> JSONValue { ["bouncerAnswer": a, "for": forKey] }
        func refused(_ code: String) -> JSONValue { answer(["answer": "refused", "code": .string(code)]) }
        let ok = answer(profile == .deployed ? ["answer": "registered"] : ["answer": "registered", "deviceId": 41])
        let step: JSONValue = ["register": register]
        switch profile {
        case .deployed:
            let realmTest = "\(upstreamTests) test_missing_remote_realm_error (RegisterPushDeviceToServer)"
            func registerTokenId(_ bytes: [UInt8]) -> JSONValue {
                ["register": register.setting("token_id", to: .string(Base64.encode(bytes)))]
            }
            return [
                LifecycleCase(
                    comment: "MISSING_REMOTE_REALM is retried like a 5xx: the token stays pending, no error code is "
                        + "recorded; then registered", flags: ["Lifecycle", "RetriedRefusal", "UpstreamTest"],
                    steps: [step, refused("MISSING_REMOTE_REALM"), ok], finalStatus: "active",
                    source: "\(realmTest); \(workerStep); \(bouncerClient); \(worker):60-74"),
                LifecycleCase(
                    comment: "INVALID_ZULIP_SERVER, then PUSH_NOTIFICATIONS_DISALLOWED: both retried, then registered",
                    flags: ["Lifecycle", "RetriedRefusal"],
                    steps: [step, refused("INVALID_ZULIP_SERVER"), refused("PUSH_NOTIFICATIONS_DISALLOWED"), ok],
                    finalStatus: "active", source: "\(workerStep); \(bouncerClient)"),
                LifecycleCase(
                    comment:
                        "MISSING_REMOTE_REALM four times: three retries, then the worker gives up; the token stays "
                        + "pending and the next registration is refused as in progress",
                    flags: ["Lifecycle", "RetriedRefusal", "RetryLimit", "UpstreamTest"],
                    steps: [step] + Array(repeating: refused("MISSING_REMOTE_REALM"), count: 4) + [step],
                    finalStatus: "pending",
                    source: "\(realmTest) (\"Currently retry_event leads to 3 retries at max\"); \(worker):60-74"),
                LifecycleCase(
                    comment: "a network failure, MISSING_REMOTE_REALM and a 502 (three retries), then "
                        + "INVALID_BOUNCER_PUBLIC_KEY: recorded",
                    flags: ["Lifecycle", "RetriedRefusal", "TerminalError"],
                    steps: [
                        step, answer(["answer": "networkFailure"]), refused("MISSING_REMOTE_REALM"),
                        answer(["answer": "serverError", "status": 502]), refused("INVALID_BOUNCER_PUBLIC_KEY"),
                    ], finalStatus: "failed", source: "\(workerStep)"),
                LifecycleCase(
                    comment:
                        "a refusal with a code the server does not know (RATE_LIMIT_HIT) is recorded as BAD_REQUEST",
                    flags: ["Lifecycle", "RetriedRefusal", "TerminalError"],
                    steps: [step, refused("RATE_LIMIT_HIT")], finalStatus: "failed",
                    source: "\(bouncerClient); \(workerStep) (e.__class__.code.name)"),
                LifecycleCase(
                    comment: "missing_remote_realm in lower case is another code: recorded as BAD_REQUEST",
                    flags: ["Lifecycle", "RetriedRefusal", "TerminalError"],
                    steps: [step, refused("missing_remote_realm")], finalStatus: "failed", source: bouncerClient),
                LifecycleCase(
                    comment: "REQUEST_EXPIRED, then the same registration again: the error is cleared and it is sent "
                        + "again; registered", flags: ["Lifecycle", "TerminalError"],
                    steps: [step, refused("REQUEST_EXPIRED"), step, ok], finalStatus: "active",
                    source:
                        "\(view):380-423 (an error code makes the request new); \(upstreamTests) test_invalid_bouncer_public_key_error"
                ),
                LifecycleCase(
                    comment: "a 7-byte token_id, registered: the active token id is reported as the 8 bytes stored",
                    flags: ["Lifecycle", "TokenIdLength"], steps: [registerTokenId(Array(1...7)), ok],
                    finalStatus: "active", source: "\(devices):21-32"),
                LifecycleCase(
                    comment: "a 9-byte token_id with a sign byte, registered: reported as its 8 bytes",
                    flags: ["Lifecycle", "TokenIdLength"], steps: [registerTokenId([0xFF, 0x80] + Array(1...7)), ok],
                    finalStatus: "active", source: "\(devices):21-32"),
            ] + deployedStateCases(register: register, ok: ok, answer: answer)
        case .proposal:
            var badKey = register
            badKey = badKey.setting("push_public_key", to: .string(Base64.encode([UInt8](repeating: 9, count: 31))))
            return [
                LifecycleCase(
                    comment: "proposal: BAD_REQUEST is one of the design's \"other errors\": retried, then registered",
                    flags: ["Lifecycle", "RetriedRefusal"], steps: [step, refused("BAD_REQUEST"), ok],
                    finalStatus: "active"),
                LifecycleCase(
                    comment: "proposal: MISSING_REMOTE_REALM retried, then INVALID_BOUNCER_PUBLIC_KEY recorded",
                    flags: ["Lifecycle", "RetriedRefusal", "TerminalError"],
                    steps: [step, refused("MISSING_REMOTE_REALM"), refused("INVALID_BOUNCER_PUBLIC_KEY")],
                    finalStatus: "failed"),
                LifecycleCase(
                    comment: "proposal: REQUEST_EXPIRED recorded, then the registration again registers anew (the "
                        + "error cleared); registered", flags: ["Lifecycle", "TerminalError", "RepeatedRegistration"],
                    steps: [step, refused("REQUEST_EXPIRED"), step, ok], finalStatus: "active"),
                LifecycleCase(
                    comment: "proposal: refused requests, then the state of the account each names: a bad "
                        + "push_public_key names the pending account, a push_account_id that is not JSON names none",
                    flags: ["Lifecycle", "ReferenceMessage"],
                    steps: [
                        step, ["register": badKey],
                        ["register": register.setting("push_account_id", to: "x")],
                    ], finalStatus: "none"),
                LifecycleCase(
                    comment: "proposal: INVALID_BOUNCER_PUBLIC_KEY recorded, then a late success answer: nothing is "
                        + "queued any more, so it is ignored", flags: ["Lifecycle", "TerminalError"],
                    steps: [step, refused("INVALID_BOUNCER_PUBLIC_KEY"), ok], finalStatus: "failed"),
            ]
        }
    }

    /// Deployed traces whose answer depends on more of the device's state than the last step: which
    /// fields of a repeated request match the stored ones, an error code beside an active token,
    /// the retry count at its limit, and the state a refused request reports.
    static func deployedStateCases(register: JSONValue, ok: JSONValue, answer: (JSONValue) -> JSONValue)
        -> [LifecycleCase]
    {
        let step: JSONValue = ["register": register]
        let network = answer(["answer": "networkFailure"])
        func with(_ name: String, _ value: String) -> JSONValue {
            ["register": register.setting(name, to: .string(value))]
        }
        func without(_ names: [String]) -> JSONValue {
            guard case .object(let members) = register else { return register }
            return ["register": .object(members.filter { !names.contains($0.key) })]
        }
        let otherKey = Base64.encode([PushKey.typeByte] + SHA256.hash(Array("pushproof/push-key/2".utf8)))
        let keyOnly = without(["token_kind", "token_id", "bouncer_public_key", "encrypted_push_registration"])
        let keyOnlyOtherId: JSONValue = ["register": keyOnly["register"]!.setting("push_key_id", to: "7")]
        let keyOnlyOtherKey: JSONValue = [
            "register": keyOnlyOtherId["register"]!.setting("push_key", to: .string(otherKey))
        ]
        let tokenOnly = without(["push_key_id", "push_key"])
        let apnsSealed = F.seal(F.apns(), label: "lifecycle-apns")
        let rotateToken: JSONValue = [
            "register": tokenOnly["register"]!.setting("token_kind", to: "apns")
                .setting("token_id", to: .string(TokenId(token: F.apnsToken).base64))
                .setting("encrypted_push_registration", to: .string(apnsSealed.request.encryptedPushRegistration))
        ]
        let otherTokenId = TokenId(token: F.apnsToken).base64
        let view = "\(self.view):349-405; zulip/zulip@981c5698:zerver/actions/push_notifications.py:9-78"
        return [
            LifecycleCase(
                comment: "three transient failures, then registered: the third retry is the last one allowed",
                flags: ["Lifecycle", "TransientFailure", "RetryLimit"],
                steps: [step, network, network, network, ok], finalStatus: "active",
                source: "\(worker):60-74; zulip/zulip@b0f5ce47:zerver/lib/queue.py:25"),
            LifecycleCase(
                comment: "the key group alone, after a registration: its own key and id change nothing; another id, "
                    + "then that id again, then another key", flags: ["Lifecycle", "GroupRule"],
                steps: [step, ok, keyOnly, keyOnlyOtherId, keyOnlyOtherId, keyOnlyOtherKey], finalStatus: "active",
                source: "\(view) (do_rotate_push_key: the same key and id is no change)"),
            LifecycleCase(
                comment: "both groups again once active, one field changed at a time: another push_key_id, "
                    + "push_key, token_kind or token_id registers anew; the same again changes nothing",
                flags: ["Lifecycle"],
                steps: [
                    step, ok, with("push_key_id", "7"), ok, with("push_key", otherKey), ok, with("token_kind", "apns"),
                    ok, with("token_id", otherTokenId), ok, with("token_id", otherTokenId),
                ], finalStatus: "active", source: "\(view) (idempotent only when every field matches)"),
            LifecycleCase(
                comment: "a token rotation refused (the error recorded beside the active token), then the same "
                    + "rotation again: sent anew, the error cleared; then the active token alone changes nothing",
                flags: ["Lifecycle", "TerminalError"],
                steps: [
                    step, ok, rotateToken, answer(["answer": "refused", "code": "BAD_REQUEST"]), rotateToken, ok,
                    rotateToken,
                ], finalStatus: "active", source: "\(view) (do_rotate_token clears the error code)"),
            LifecycleCase(
                comment: "refused requests report the state of the device they name: device_id missing or not "
                    + "JSON names none; \" 7 \" (JSON with white space) names device 7",
                flags: ["Lifecycle", "JsonInteger", "ExactMessage"],
                steps: [
                    step, without(["device_id"]), with("device_id", "seven"),
                    ["register": register.setting("device_id", to: " 7 ").setting("token_kind", to: "gcm")],
                ], finalStatus: "pending", source: "\(self.view):306-333; \(strictInteger)"),
            LifecycleCase(
                comment: "a registration whose token_id is past 64 bits, on an active device: upstream fails "
                    + "storing it (HTTP 500, \"Internal server error\"), the device stays active (PushProof "
                    + "recommends BAD_REQUEST's \"Invalid `token_id`\": hardened tcId 903)",
                flags: ["Lifecycle", "TokenIdLength", "StorageFailure", "ExactMessage"],
                steps: [step, ok, with("token_id", Base64.encode([0, 0x80] + [UInt8](repeating: 0, count: 7)))],
                finalStatus: "active", source: "\(devices):26-32; \(deviceColumns); \(internalError)"),
        ]
    }

    /// Hardened: refusals the server retries have no count limit either (tcId 902); a token_id past
    /// 64 bits is the client's fault (903).
    static func hardenedLifecycleClassCases() -> [LifecycleCase] {
        let deployed = lifecycleCases(profile: .deployed)
        let register = deployed[0].steps[0]
        guard let past64 = deployed.firstIndex(where: { $0.flags.contains("StorageFailure") }) else {
            fatalError("registration_server: the deployed trace of a token_id past 64 bits is missing")
        }
        let refused: JSONValue = [
            "bouncerAnswer": ["answer": "refused", "code": "MISSING_REMOTE_REALM"],
            "for": ["deviceId": .integer(deviceId)],
        ]
        let ok: JSONValue = ["bouncerAnswer": ["answer": "registered"], "for": ["deviceId": .integer(deviceId)]]
        return [
            LifecycleCase(
                comment: "MISSING_REMOTE_REALM five times, then registered: retried without a count limit. Why: as "
                    + "tcId 901; the server's admins may take hours to register the realm again",
                flags: ["Lifecycle", "RetriedRefusal", "RetryLimit"],
                steps: [register] + Array(repeating: refused, count: 5) + [ok], finalStatus: "active"),
            LifecycleCase(
                comment: "a registration whose token_id is past 64 bits, on an active device, is refused with "
                    + "BAD_REQUEST's \"Invalid `token_id`\"; the device stays active. Why: the input is the "
                    + "client's fault and is answered as one (400), not as the server's own failure (500); a token "
                    + "id is 8 bytes of SHA-256 (deployed tcId \(401 + past64))",
                flags: ["Lifecycle", "TokenIdLength", "ReferenceMessage"], steps: deployed[past64].steps,
                finalStatus: "active"),
        ]
    }
}
