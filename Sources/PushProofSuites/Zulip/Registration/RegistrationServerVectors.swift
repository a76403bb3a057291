import PushProofConformance
import PushProofCrypto
import PushProofJSON
import ZulipRegistration

/// registration_server: the server's parameter validation and registration lifecycle.
enum RegistrationServerVectors {
    typealias F = RegistrationFixtures

    struct ParameterCase {
        var comment: String
        var flags: [String]
        var params: [(String, String)]
        /// nil: accepted.
        var message: String?
        var inProgress: [Int64] = []
        var source: String? = nil
        /// Other answers that pass (the case is then `acceptable`).
        var alsoAccepted: [JSONValue] = []
    }

    static let deviceId: Int64 = 7
    /// Device 8 is the user's too, with no registration yet.
    static let freshDeviceId: Int64 = 8
    static let knownDevices: [Int64] = [7, 8]
    /// Devices with a registration (a push key on record): their key or token may be rotated.
    static let registeredDevices: [Int64] = [7]

    // The FL 468 view, its test file, and the worker (docs/audit/registration.md: the view and
    // tests are cited by their index ids, their commits could not be named).
    static let view = "zulip/zulip (FL 468, index id 15853291310):zerver/views/push_notifications.py"
    static let devices = "zulip/zulip@6779b2c9:zerver/lib/devices.py"
    static let typedEndpoint =
        "zulip/zulip@b0f5ce47:zerver/lib/typed_endpoint.py (ERROR_TEMPLATES, parse_value_for_parameter)"
    static let worker = "zulip/zulip@00f1fd8f:zerver/worker/missedmessage_mobile_notifications.py"
    /// Where an unhandled exception becomes HTTP 500 and its text.
    static let internalError = "zerver/middleware.py JsonErrorHandler, index id 638134974 (HTTP 500's text)"

    static func deployedParameterCases() -> [ParameterCase] {
        let pushKey = PushKey(
            id: 0xDEAD_BEEF, wireBytes: [PushKey.typeByte] + SHA256.hash(Array("pushproof/push-key/1".utf8)))!
        let sealed = F.seal(F.fcm(), label: "server-params")
        let token: [(String, String)] = [
            ("token_kind", "fcm"), ("token_id", TokenId(token: F.fcmToken).base64),
            ("bouncer_public_key", F.b64(F.currentKey)),
            ("encrypted_push_registration", sealed.request.encryptedPushRegistration),
        ]
        let key: [(String, String)] = [("push_key_id", String(pushKey.id)), ("push_key", pushKey.wireBase64)]
        let device: [(String, String)] = [("device_id", String(deviceId))]
        let fresh: [(String, String)] = [("device_id", String(freshDeviceId))]
        func replacing(_ fields: [(String, String)], _ name: String, _ value: String) -> [(String, String)] {
            fields.map { $0.0 == name ? ($0.0, value) : $0 }
        }
        func without(_ fields: [(String, String)], _ name: String) -> [(String, String)] {
            fields.filter { $0.0 != name }
        }
        let keyBytes = SHA256.hash(Array("pushproof/push-key/1".utf8))
        return [
            ParameterCase(
                comment: "both groups", flags: ["Normal"], params: device + key + token,
                source: "\(view):332-347, 369, 380-423"),
            ParameterCase(
                comment: "key group only: rotates the key of the device's registration",
                flags: ["Normal", "GroupRule"],
                params: device + key, source: "\(view):349-356"),
            ParameterCase(
                comment: "token group only: rotates the token of the device's registration",
                flags: ["Normal", "GroupRule"], params: device + token, source: "\(view):358-377"),
            ParameterCase(
                comment: "push_key_id 0", flags: ["Uint32Range"], params: device + replacing(key, "push_key_id", "0"),
                source: "\(view):320 (uint32_validator), 349-356"),
            ParameterCase(
                comment: "push_key_id 4294967295", flags: ["Uint32Range"],
                params: device + replacing(key, "push_key_id", "4294967295"),
                source: "\(view):320 (uint32_validator), 349-356"),
            ParameterCase(
                comment: "APNs token group", flags: ["Normal"],
                params: device
                    + replacing(replacing(token, "token_kind", "apns"), "token_id", TokenId(token: F.apnsToken).base64),
                source: "\(view):358-377"),
            ParameterCase(
                comment: "neither group", flags: ["GroupRule", "ExactMessage"], params: device,
                message: ServerMessages.missingGroups, source: "\(view):342-347"),
            ParameterCase(
                comment: "push_key_id without push_key", flags: ["GroupRule", "ExactMessage"],
                params: device + without(key, "push_key"), message: ServerMessages.missingGroups,
                source: "\(view):334-347"),
            ParameterCase(
                comment: "push_key without push_key_id beside a complete token group: the partial group is ignored, "
                    + "a token rotation (refusing it is hardened tcId 801)",
                flags: ["GroupRule"], params: device + without(key, "push_key_id") + token,
                source: "\(view):334-342 (a group counts only when complete), 358-377"),
            ParameterCase(
                comment: "token group without encrypted_push_registration beside a complete key group: a key "
                    + "rotation (as tcId 9; hardened tcId 802)", flags: ["GroupRule"],
                params: device + key + without(token, "encrypted_push_registration"),
                source: "\(view):334-356"),
            ParameterCase(
                comment: "token group without token_id", flags: ["GroupRule", "ExactMessage"],
                params: device + without(token, "token_id"), message: ServerMessages.missingGroups,
                source: "\(view):334-347"),
            ParameterCase(
                comment: "device_id missing", flags: ["ExactMessage"], params: key,
                message: ServerMessages.missingArgument("device_id"),
                source: "\(view):310 (device_id required); RequestVariableMissingError text"),
            ParameterCase(
                comment: "device_id not JSON (upstream gives the text Invalid `device_id` to a well-formed id of "
                    + "another user's device)", flags: ["ExactMessage"],
                params: [("device_id", "seven")] + key, message: ServerMessages.notValidJSON("device_id"),
                source: "\(view):310 (device_id: Json[int]); \(typedEndpoint) json_invalid"),
            ParameterCase(
                comment: "device_id of another user's device", flags: ["ExactMessage"],
                params: [("device_id", "9")] + key, message: ServerMessages.invalidDeviceId,
                source: "\(view):332; \(devices):64-68 (check_device_id)"),
            ParameterCase(
                comment: "push_key_id 4294967296", flags: ["Uint32Range", "ExactMessage"],
                params: device + replacing(key, "push_key_id", "4294967296"), message: ServerMessages.invalidPushKeyId,
                source:
                    "\(view):320 (uint32_validator; the text is asserted by upstream's test_invalid_push_key_id_error)"),
            ParameterCase(
                comment: "push_key_id -1", flags: ["Uint32Range", "ExactMessage"],
                params: device + replacing(key, "push_key_id", "-1"), message: ServerMessages.invalidPushKeyId,
                source: "\(view):320 (uint32_validator)"),
            ParameterCase(
                comment: "push_key_id not JSON (Json[int] fails before the uint32 check)",
                flags: ["Uint32Range", "ExactMessage"], params: device + replacing(key, "push_key_id", "0x10"),
                message: ServerMessages.notValidJSON("push_key_id"),
                source: "\(view):320 (push_key_id: Json[int] | None); \(typedEndpoint) json_invalid"),
            ParameterCase(
                comment: "push_key with type byte 0x30", flags: ["PushKeyFormat", "ExactMessage"],
                params: device + replacing(key, "push_key", Base64.encode([0x30] + keyBytes)),
                message: ServerMessages.invalidPushKey, source: "\(view):349-356 (check_push_key)"),
            ParameterCase(
                comment: "push_key of 32 bytes (no type byte)", flags: ["PushKeyFormat", "ExactMessage"],
                params: device + replacing(key, "push_key", Base64.encode(keyBytes)),
                message: ServerMessages.invalidPushKey, source: "\(view):349-356 (check_push_key)"),
            ParameterCase(
                comment: "push_key of 34 bytes", flags: ["PushKeyFormat", "ExactMessage"],
                params: device + replacing(key, "push_key", Base64.encode([0x31] + keyBytes + [0])),
                message: ServerMessages.invalidPushKey, source: "\(view):349-356 (check_push_key)"),
            ParameterCase(
                comment: "push_key not base64", flags: ["PushKeyFormat", "ExactMessage"],
                params: device + replacing(key, "push_key", "not base64!"), message: ServerMessages.invalidPushKey,
                source: "\(view):349-356 (check_push_key)"),
            ParameterCase(
                comment: "token_id not base64", flags: ["ExactMessage"],
                params: device + replacing(token, "token_id", "%%%"), message: ServerMessages.tokenIdNotBase64,
                source: "\(view):369; \(devices):26-30"),
            ParameterCase(
                comment: "token_id of 7 bytes: no length check, read as a signed integer (the check is hardened "
                    + "tcId 803)",
                flags: ["TokenIdLength"],
                params: device + replacing(token, "token_id", Base64.encode([1, 2, 3, 4, 5, 6, 7])),
                source: "\(devices):26-32 (b64decode, int.from_bytes signed, no length check)"),
            ParameterCase(
                comment: "token_kind \"gcm\" (upstream's exact text)",
                flags: ["TokenKind", "ExactMessage"],
                params: device + replacing(token, "token_kind", "gcm"), message: ServerMessages.tokenKindNotInList,
                source: "\(view):311-313 (check_string_in_validator); \(typedEndpoint) value_error"),
            ParameterCase(
                comment: "a token registration for the device is already pending", flags: ["ExactMessage"],
                params: device + token, message: ServerMessages.alreadyInProgress, inProgress: [deviceId],
                source: "\(view):358-361"),
            ParameterCase(
                comment: "a new push key while a token registration is pending", flags: ["Normal"],
                params: device + key, inProgress: [deviceId], source: "\(view):349-356 (before the pending check)"),
            // What the audit against the FL 468 view found (docs/audit/registration.md; tcIds 27-31).
            ParameterCase(
                comment: "key group only on a device with no registration", flags: ["GroupRule", "ExactMessage"],
                params: fresh + key, message: ServerMessages.noRegistrationToRotateKey, source: "\(view):349-351"),
            ParameterCase(
                comment: "token group only on a device with no registration", flags: ["GroupRule", "ExactMessage"],
                params: fresh + token, message: ServerMessages.noRegistrationToRotateToken, source: "\(view):369-372"),
            ParameterCase(
                comment: "both groups on a device with no registration: its first registration", flags: ["Normal"],
                params: fresh + key + token, source: "\(view):380-423"),
            ParameterCase(
                comment: "a stray push_key_id beside a complete token group on a device with no registration",
                flags: ["GroupRule", "ExactMessage"], params: fresh + without(key, "push_key") + token,
                message: ServerMessages.noRegistrationToRotateToken, source: "\(view):334-342, 369-372"),
            ParameterCase(
                comment: "token_id of 9 bytes whose value does not fit in 64 bits: the deployed server has no length "
                    + "check and fails storing it in its 64-bit column, HTTP 500 with Zulip's generic text "
                    + "(PushProof recommends BAD_REQUEST: hardened tcId 808)",
                flags: ["TokenIdLength", "StorageFailure", "ExactMessage"],
                params: device + replacing(token, "token_id", Base64.encode([UInt8](repeating: 1, count: 9))),
                message: ServerError.storageFailure.message,
                source: "\(devices):26-32; zulip/zulip@1e651f27:zerver/models/devices.py:20-23 (BigIntegerField); "
                    + "\(internalError)"),
        ] + deployedParameterClassCases() + pydanticJSONCases()
    }

    /// PushProof's stricter rules beside the deployed ones (tcIds 801-803; class cases 804-807; a
    /// token_id past 64 bits, the deployed server's HTTP 500, 808-810).
    static func hardenedParameterCases() -> [ParameterCase] {
        let all = deployedParameterCases()
        return [
            ParameterCase(
                comment: "push_key without push_key_id beside a complete token group is refused. Why: a partial "
                    + "group is a client bug; ignoring it rotates what the client may not have meant to (deployed "
                    + "tcId 9)", flags: ["PartialGroupRefused"], params: all[8].params,
                message: ServerMessages.missingGroups),
            ParameterCase(
                comment: "a partial token group beside a complete key group is refused. Why: as tcId 801 (deployed "
                    + "tcId 10)", flags: ["PartialGroupRefused"], params: all[9].params,
                message: ServerMessages.missingGroups),
            ParameterCase(
                comment: "token_id of 7 bytes is refused. Why: a token id is 8 bytes of SHA-256; another length "
                    + "cannot match the bouncer's (deployed tcId 23)", flags: ["TokenIdLength", "ReferenceMessage"],
                params: all[22].params, message: ServerMessages.invalidTokenId),
        ] + hardenedParameterClassCases()
            + [(30, "all 01"), (57, "00 then 80: 2^63"), (58, "FF then 7F: below -2^63")]
            .map { index, what in
                ParameterCase(
                    comment: "token_id of 9 bytes, \(what), past the signed 64-bit range, is refused. Why: the input "
                        + "is the client's fault and is answered as one (400), not as the server's own failure (500, "
                        + "the deployed server's error storing it); a token id is 8 bytes of SHA-256 (deployed tcId "
                        + "\(index + 1))", flags: ["TokenIdLength", "ReferenceMessage"], params: all[index].params,
                    message: ServerMessages.invalidTokenId)
            }
    }

    static func proposalParameterCases() -> [ParameterCase] {
        let account = ProposalAccount(
            pushAccountId: 0x1234_5678_9abc_def0,
            deviceKeyPair: try! X25519.KeyPair(seed: SHA256.hash(Array("pushproof/device-key/1".utf8))))
        let sealed = F.seal(F.fcm(), label: "proposal/server-params", profile: .proposal)
        let fields = account.formFields(
            tokenKind: .fcm, bouncerPublicKey: F.currentKey.publicKey,
            sealed: SealedRegistration(
                plaintext: [], ephemeralPublicKey: F.currentKey.publicKey, nonce: [], box: sealed.box)
        )
        .map { ($0.name, $0.value) }
        func replacing(_ name: String, _ value: String) -> [(String, String)] {
            fields.map { $0.0 == name ? ($0.0, value) : $0 }
        }
        return [
            ParameterCase(comment: "proposal: a complete request", flags: ["Normal"], params: fields),
            ParameterCase(
                comment: "proposal: push_public_key missing", flags: ["ReferenceMessage"],
                params: fields.filter { $0.0 != "push_public_key" },
                message: ServerMessages.missingArgument("push_public_key")),
            ParameterCase(
                comment: "proposal: push_account_id above 2^64-1", flags: ["ReferenceMessage"],
                params: replacing("push_account_id", "18446744073709551616"),
                message: ServerMessages.invalidPushAccountId),
            ParameterCase(
                comment: "proposal: push_public_key of 31 bytes", flags: ["ReferenceMessage"],
                params: replacing("push_public_key", Base64.encode([UInt8](repeating: 9, count: 31))),
                message: ServerMessages.invalidPushPublicKey),
            ParameterCase(
                comment: "proposal: token_kind \"gcm\" (the proposal-era view's validator and its text, as the "
                    + "deployed server's)", flags: ["TokenKind", "ExactMessage"],
                params: replacing("token_kind", "gcm"),
                message: ServerMessages.tokenKindNotInList),
        ] + proposalParameterClassCases(fields)
    }

    struct LifecycleCase {
        var comment: String
        var flags: [String]
        var steps: [JSONValue]
        /// The status after the last step, declared so the generator can check the trace.
        var finalStatus: String
        var source: String? = nil
    }

    static func lifecycleCases(profile: RegistrationProfile) -> [LifecycleCase] {
        let sealed = F.seal(F.fcm(), label: "lifecycle", profile: profile)
        let register: JSONValue
        let forKey: JSONValue
        switch profile {
        case .deployed:
            // A first registration carries both groups (a group alone rotates an existing one).
            register = deployedKeyGroup.setting("device_id", to: .string(String(deviceId)))
                .setting("token_kind", to: "fcm").setting("token_id", to: .string(TokenId(token: F.fcmToken).base64))
                .setting("bouncer_public_key", to: .string(F.b64(F.currentKey)))
                .setting("encrypted_push_registration", to: .string(sealed.request.encryptedPushRegistration))
            forKey = ["deviceId": .integer(deviceId)]
        case .proposal:
            register = [
                "push_account_id": "1311768467463790320", "token_kind": "fcm",
                "bouncer_public_key": .string(F.b64(F.currentKey)),
                "encrypted_push_registration": .string(sealed.request.encryptedPushRegistration),
                "push_public_key": .string(F.b64(F.previousKey)),
            ]
            forKey = ["pushAccountId": 1_311_768_467_463_790_320]
        }
        func answer(_ a: JSONValue) -> JSONValue { ["bouncerAnswer": a, "for": forKey] }
        // The deployed bouncer answers success alone; the proposal's names its device record.
        let ok = answer(profile == .deployed ? ["answer": "registered"] : ["answer": "registered", "deviceId": 41])
        let prefix = profile == .proposal ? "proposal: " : ""
        // Deployed: a rotation to the APNs token (a token group alone).
        let apnsSealed = F.seal(F.apns(), label: "lifecycle-apns")
        let rotateToken: JSONValue = [
            "device_id": .string(String(deviceId)), "token_kind": "apns",
            "token_id": .string(TokenId(token: F.apnsToken).base64), "bouncer_public_key": .string(F.b64(F.currentKey)),
            "encrypted_push_registration": .string(apnsSealed.request.encryptedPushRegistration),
        ]
        let deployedSource = profile == .deployed
        func src(_ text: String) -> String? { deployedSource ? text : nil }
        let retried =
            "\(worker):53-54, 60-74 (retry_event); zulip/zulip@b0f5ce47:zerver/lib/queue.py:25 (MAX_REQUEST_RETRIES = 3)"
        let success =
            "prakhar1144/zulip@495e4623:zerver/lib/push_registration.py:128-129 (push_token_id set, pending cleared; a development fork: the FL 468 file is not stored)"
        let refused = "prakhar1144/zulip@495e4623:zerver/lib/push_registration.py:116-126 (the error code recorded)"
        var cases = [
            LifecycleCase(
                comment: prefix + "registered at the first attempt", flags: ["Lifecycle"],
                steps: [["register": register], ok], finalStatus: "active",
                source: src("\(view):380-423; \(success)")),
            LifecycleCase(
                comment: prefix + "503, then a network failure, then registered",
                flags: ["Lifecycle", "TransientFailure"],
                steps: [
                    ["register": register], answer(["answer": "serverError", "status": 503]),
                    answer(["answer": "networkFailure"]), ok,
                ],
                finalStatus: "active", source: src("\(retried); \(success)")),
            LifecycleCase(
                comment: prefix + "INVALID_BOUNCER_PUBLIC_KEY drops the registration",
                flags: ["Lifecycle", "TerminalError"],
                steps: [["register": register], answer(["answer": "refused", "code": "INVALID_BOUNCER_PUBLIC_KEY"])],
                finalStatus: "failed", source: src(refused)),
            LifecycleCase(
                comment: prefix + "REQUEST_EXPIRED after retries drops the registration",
                flags: ["Lifecycle", "TerminalError", "TransientFailure"],
                steps: [
                    ["register": register], answer(["answer": "networkFailure"]),
                    answer(["answer": "refused", "code": "REQUEST_EXPIRED"]),
                ],
                finalStatus: "failed", source: src("\(retried); \(refused)")),
            profile == .deployed
                ? LifecycleCase(
                    comment: "a second registration while one is pending is refused",
                    flags: ["Lifecycle", "ExactMessage"],
                    steps: [["register": register], ["register": register], ok], finalStatus: "active",
                    source: src("\(view):358-361"))
                : LifecycleCase(
                    comment: prefix + "a second registration while one is pending is answered success and sends "
                        + "nothing: the design's client repeats a request whose answer it lost, and the server's "
                        + "queue already holds it (a refusal would leave that client stranded)",
                    flags: ["Lifecycle", "RepeatedRegistration"],
                    steps: [["register": register], ["register": register], ok], finalStatus: "active"),
            profile == .deployed
                ? LifecycleCase(
                    comment: "a refused token rotation leaves the active token active (a rotation, since upstream "
                        + "answers the same parameters again without a change)",
                    flags: ["Lifecycle", "TerminalError"],
                    steps: [
                        ["register": register], ok, ["register": rotateToken],
                        answer(["answer": "refused", "code": "BAD_REQUEST"]),
                    ], finalStatus: "active", source: src("\(view):369-377; \(refused)"))
                : LifecycleCase(
                    comment: prefix + "a registration repeated once the account is active is answered success and "
                        + "sends nothing, so a later bouncer answer finds nothing queued and is ignored; the "
                        + "registration stays active",
                    flags: ["Lifecycle", "RepeatedRegistration"],
                    steps: [
                        ["register": register], ok, ["register": register],
                        answer(["answer": "refused", "code": "BAD_REQUEST"]),
                    ],
                    finalStatus: "active"),
            LifecycleCase(
                comment: prefix + "an answer with nothing pending is ignored"
                    + (profile == .deployed ? " (upstream gets answers only for queued registrations)" : ""),
                flags: ["Lifecycle"],
                steps: [
                    answer(profile == .deployed ? ["answer": "registered"] : ["answer": "registered", "deviceId": 5])
                ],
                finalStatus: "none", source: src("\(worker):60-74 (an answer belongs to a queued item)")),
        ]
        if profile == .deployed {
            let keyOnly: JSONValue = [
                "device_id": .string(String(deviceId)), "push_key_id": "7",
                "push_key": .string(
                    Base64.encode([PushKey.typeByte] + SHA256.hash(Array("pushproof/push-key/2".utf8)))),
            ]
            let network = answer(["answer": "networkFailure"])
            cases += [
                LifecycleCase(
                    comment: "the same registration again changes nothing and sends nothing", flags: ["Lifecycle"],
                    steps: [["register": register], ok, ["register": register]], finalStatus: "active",
                    source: src("\(view):385-394 (idempotent)")),
                LifecycleCase(
                    comment: "four transient failures: three retries, then the worker gives up; the registration "
                        + "stays pending and the next one is refused",
                    flags: ["Lifecycle", "TransientFailure", "RetryLimit"],
                    steps: [["register": register], network, network, network, network, ["register": register]],
                    finalStatus: "pending", source: src("\(retried); \(view):358-361")),
                LifecycleCase(
                    comment: "a token alone rotates the token of an active registration", flags: ["Lifecycle"],
                    steps: [["register": register], ok, ["register": rotateToken], ok], finalStatus: "active",
                    source: src("\(view):369-377; \(success)")),
                LifecycleCase(
                    comment: "a push key alone replaces the key and sends nothing", flags: ["Lifecycle"],
                    steps: [["register": register], ok, ["register": keyOnly]], finalStatus: "active",
                    source: src("\(view):349-356")),
                LifecycleCase(
                    comment: "a token alone on a device with no registration is refused",
                    flags: ["Lifecycle", "ExactMessage"], steps: [["register": rotateToken]], finalStatus: "none",
                    source: src("\(view):369-372")),
            ]
        }
        return cases + lifecycleClassCases(profile: profile, register: register, forKey: forKey)
    }

    /// PushProof's retry rule beside upstream's (tcId 901).
    static func hardenedLifecycleCases() -> [LifecycleCase] {
        let deployed = lifecycleCases(profile: .deployed)
        let register = deployed[0].steps[0]
        let network: JSONValue = [
            "bouncerAnswer": ["answer": "networkFailure"], "for": ["deviceId": .integer(deviceId)],
        ]
        let ok: JSONValue = ["bouncerAnswer": ["answer": "registered"], "for": ["deviceId": .integer(deviceId)]]
        return [
            LifecycleCase(
                comment: "transient failures are retried without a count limit, after a randomized exponential "
                    + "backoff. Why: a bouncer outage of minutes should not strand a device as \"in progress\" "
                    + "for good; the bouncer's 24-hour liveness check ends a hopeless registration (deployed tcId 409)",
                flags: ["Lifecycle", "TransientFailure", "RetryLimit"],
                steps: [register, network, network, network, network, network, ok], finalStatus: "active")
        ] + hardenedLifecycleClassCases()
    }

    /// The key group of deployed lifecycle registrations.
    static let deployedKeyGroup: JSONValue = [
        "push_key_id": "3735928559",
        "push_key": .string(Base64.encode([PushKey.typeByte] + SHA256.hash(Array("pushproof/push-key/1".utf8)))),
    ]

    static func file() -> VectorFileDeclaration {
        func parameterCases(_ cases: [ParameterCase], profile: RegistrationProfile) -> [VectorCase] {
            cases.map { c in
                var input: JSONValue = ["params": .object(c.params.map { JSONValue.Member($0.0, .string($0.1)) })]
                if profile == .deployed {
                    input = input.setting("knownDeviceIds", to: .array(knownDevices.map(JSONValue.integer)))
                    input = input.setting("registeredDeviceIds", to: .array(registeredDevices.map(JSONValue.integer)))
                }
                input = input.setting("inProgress", to: .array(c.inProgress.map(JSONValue.integer)))
                return VectorCase(
                    comment: c.comment, flags: c.flags, source: c.source, input: input, message: c.message,
                    alsoAccepted: c.alsoAccepted)
            }
        }
        func lifecycle(_ cases: [LifecycleCase], profile: RegistrationProfile) -> [VectorCase] {
            cases.map { c in
                var input: JSONValue = ["realmUUID": .string(F.realm), "steps": .array(c.steps)]
                if profile == .deployed {
                    input = input.setting("knownDeviceIds", to: .array(knownDevices.map(JSONValue.integer)))
                }
                let finalStatus = c.finalStatus
                return VectorCase(comment: c.comment, flags: c.flags, source: c.source, input: input) { answer in
                    guard case .output(let out) = answer,
                        out["states"]?.arrayValue?.last?["status"]?.stringValue == finalStatus
                    else {
                        throw GeneratorError("the trace does not end \(finalStatus)")
                    }
                }
            }
        }
        return VectorFileDeclaration(
            name: "registration_server", protocolName: "zulip-push-registration", notes: RegistrationNotes.catalogue,
            header: [
                "The server's side of registration: validating the client's parameters, and the pending / active / failed lifecycle.",
                "Parameters are HTTP form fields, so every value is a string.",
            ],
            groups: [
                .init(
                    operation: .registrationServerParameters,
                    description:
                        "POST /api/v1/mobile_push/register parameter validation, as Zulip's server at feature level 468; messages compared exactly. The user's devices are knownDeviceIds; registeredDeviceIds have a registration (a push key on record) whose key or token a request may rotate; inProgress lists devices with a pending token registration. `change` says what an accepted request does: registration, keyRotation or tokenRotation.",
                    ids: .block(1...200), cases: parameterCases(deployedParameterCases(), profile: .deployed)),
                .init(
                    operation: .registrationServerParameters, profile: .hardened,
                    description: "PushProof's stricter parameter rules, where they differ from the deployed server.",
                    ids: .block(801...900), cases: parameterCases(hardenedParameterCases(), profile: .deployed)),
                .init(
                    operation: .registrationServerParameters, profile: .proposal,
                    description: "The proposal's registration request (push_account_id, push_public_key).",
                    ids: .block(201...400), cases: parameterCases(proposalParameterCases(), profile: .proposal)),
                .init(
                    operation: .registrationServerLifecycle,
                    description:
                        "The server's registration state through a trace of client requests and bouncer answers, as Zulip's server at feature level 468: the bouncer answers success alone, and the server stores the token id, no device id; transient failures are re-queued at once, three times at most. `change` on an accepted request: registration, keyRotation, tokenRotation, or none.",
                    ids: .block(401...600), cases: lifecycle(lifecycleCases(profile: .deployed), profile: .deployed)),
                .init(
                    operation: .registrationServerLifecycle, profile: .hardened,
                    description: "PushProof's retry rule beside the deployed server's.",
                    ids: .block(901...1000), cases: lifecycle(hardenedLifecycleCases(), profile: .deployed)),
                .init(
                    operation: .registrationServerLifecycle, profile: .proposal,
                    description: "The same traces in the proposal profile, keyed by push_account_id.",
                    ids: .block(601...800), cases: lifecycle(lifecycleCases(profile: .proposal), profile: .proposal)),
                .init(
                    operation: .registrationServerParameters,
                    description:
                        "Deployed profile: the requests of Zulip's own tests (zerver/tests/test_push_registration.py, "
                        + "RegisterPushDeviceToServer) that no case above pins, each sourced to its test.",
                    ids: .block(1001...1100), cases: parameterCases(upstreamParameterCases(), profile: .deployed)),
                .init(
                    operation: .registrationServerLifecycle,
                    description:
                        "Deployed profile: Zulip's own tests that follow a device through several requests and "
                        + "bouncer answers (zerver/tests/test_push_registration.py), each sourced to its test.",
                    ids: .block(1101...1200), cases: lifecycle(upstreamLifecycleCases(), profile: .deployed)),
                .init(
                    operation: .registrationServerLifecycle,
                    description:
                        "Deployed profile: the state a refused request leaves behind. Upstream saves a request's "
                        + "fields in one UPDATE after every check, so a refusal, or a save that fails (HTTP 500), "
                        + "stores nothing and queues nothing; each trace then asks for every field it might have "
                        + "left (key, key id, token kind, error code, pending token, queue).",
                    ids: .block(3000...3099), cases: lifecycle(refusedStateCases(), profile: .deployed)),
                .init(
                    operation: .registrationServerParameters,
                    description:
                        "Deployed profile: push_key as FL 468 decodes it (base64.b64decode with validate=True, "
                        + "binascii.Error caught): every kind of character outside the alphabet before, inside and "
                        + "after the key.",
                    ids: .block(3100...3199), cases: parameterCases(deployedPushKeyAlphabetCases(), profile: .deployed)),
                .init(
                    operation: .registrationServerParameters, profile: .hardened,
                    description: "PushProof's server: push_key canonical base64 only, a bad key always refused.",
                    ids: .block(3200...3299), cases: parameterCases(hardenedPushKeyAlphabetCases(), profile: .deployed)),
            ])
    }
}
