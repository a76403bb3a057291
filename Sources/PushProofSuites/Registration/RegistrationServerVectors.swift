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
    }

    static let deviceId: Int64 = 7
    static let knownDevices: [Int64] = [7, 8]

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
        func replacing(_ fields: [(String, String)], _ name: String, _ value: String) -> [(String, String)] {
            fields.map { $0.0 == name ? ($0.0, value) : $0 }
        }
        func without(_ fields: [(String, String)], _ name: String) -> [(String, String)] {
            fields.filter { $0.0 != name }
        }
        let keyBytes = SHA256.hash(Array("pushproof/push-key/1".utf8))
        return [
            ParameterCase(comment: "both groups", flags: ["Normal"], params: device + key + token),
            ParameterCase(comment: "key group only", flags: ["Normal", "GroupRule"], params: device + key),
            ParameterCase(comment: "token group only", flags: ["Normal", "GroupRule"], params: device + token),
            ParameterCase(
                comment: "push_key_id 0", flags: ["Uint32Range"], params: device + replacing(key, "push_key_id", "0")),
            ParameterCase(
                comment: "push_key_id 4294967295", flags: ["Uint32Range"],
                params: device + replacing(key, "push_key_id", "4294967295")),
            ParameterCase(
                comment: "APNs token group", flags: ["Normal"],
                params: device
                    + replacing(replacing(token, "token_kind", "apns"), "token_id", TokenId(token: F.apnsToken).base64)),
            ParameterCase(
                comment: "neither group", flags: ["GroupRule", "ExactMessage"], params: device,
                message: ServerMessages.missingGroups),
            ParameterCase(
                comment: "push_key_id without push_key", flags: ["GroupRule", "ExactMessage"],
                params: device + without(key, "push_key"), message: ServerMessages.missingGroups),
            ParameterCase(
                comment: "push_key without push_key_id", flags: ["GroupRule", "ExactMessage"],
                params: device + without(key, "push_key_id") + token, message: ServerMessages.missingGroups),
            ParameterCase(
                comment: "token group without encrypted_push_registration", flags: ["GroupRule", "ExactMessage"],
                params: device + key + without(token, "encrypted_push_registration"),
                message: ServerMessages.missingGroups),
            ParameterCase(
                comment: "token group without token_id", flags: ["GroupRule", "ExactMessage"],
                params: device + without(token, "token_id"), message: ServerMessages.missingGroups),
            ParameterCase(
                comment: "device_id missing", flags: ["ExactMessage"], params: key,
                message: ServerMessages.missingArgument("device_id")),
            ParameterCase(
                comment: "device_id not a number", flags: ["ExactMessage"], params: [("device_id", "seven")] + key,
                message: ServerMessages.invalidDeviceId),
            ParameterCase(
                comment: "device_id of another user's device", flags: ["ExactMessage"],
                params: [("device_id", "9")] + key, message: ServerMessages.invalidDeviceId),
            ParameterCase(
                comment: "push_key_id 4294967296", flags: ["Uint32Range", "ExactMessage"],
                params: device + replacing(key, "push_key_id", "4294967296"), message: ServerMessages.invalidPushKeyId),
            ParameterCase(
                comment: "push_key_id -1", flags: ["Uint32Range", "ExactMessage"],
                params: device + replacing(key, "push_key_id", "-1"), message: ServerMessages.invalidPushKeyId),
            ParameterCase(
                comment: "push_key_id not a number", flags: ["Uint32Range", "ExactMessage"],
                params: device + replacing(key, "push_key_id", "0x10"), message: ServerMessages.invalidPushKeyId),
            ParameterCase(
                comment: "push_key with type byte 0x30", flags: ["PushKeyFormat", "ExactMessage"],
                params: device + replacing(key, "push_key", Base64.encode([0x30] + keyBytes)),
                message: ServerMessages.invalidPushKey),
            ParameterCase(
                comment: "push_key of 32 bytes (no type byte)", flags: ["PushKeyFormat", "ExactMessage"],
                params: device + replacing(key, "push_key", Base64.encode(keyBytes)),
                message: ServerMessages.invalidPushKey),
            ParameterCase(
                comment: "push_key of 34 bytes", flags: ["PushKeyFormat", "ExactMessage"],
                params: device + replacing(key, "push_key", Base64.encode([0x31] + keyBytes + [0])),
                message: ServerMessages.invalidPushKey),
            ParameterCase(
                comment: "push_key not base64", flags: ["PushKeyFormat", "ExactMessage"],
                params: device + replacing(key, "push_key", "not base64!"), message: ServerMessages.invalidPushKey),
            ParameterCase(
                comment: "token_id not base64", flags: ["ExactMessage"],
                params: device + replacing(token, "token_id", "%%%"), message: ServerMessages.tokenIdNotBase64),
            ParameterCase(
                comment: "token_id of 7 bytes", flags: ["ReferenceMessage"],
                params: device + replacing(token, "token_id", Base64.encode([1, 2, 3, 4, 5, 6, 7])),
                message: ServerMessages.invalidTokenId),
            ParameterCase(
                comment: "token_kind \"gcm\"", flags: ["TokenKind", "ReferenceMessage"],
                params: device + replacing(token, "token_kind", "gcm"), message: ServerMessages.invalidTokenKind),
            ParameterCase(
                comment: "a token registration for the device is already pending", flags: ["ExactMessage"],
                params: device + token, message: ServerMessages.alreadyInProgress, inProgress: [deviceId]),
            ParameterCase(
                comment: "a new push key while a token registration is pending", flags: ["Normal"],
                params: device + key, inProgress: [deviceId]),
        ]
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
                comment: "proposal: token_kind \"gcm\"", flags: ["TokenKind", "ReferenceMessage"],
                params: replacing("token_kind", "gcm"),
                message: ServerMessages.invalidTokenKind),
        ]
    }

    struct LifecycleCase {
        var comment: String
        var flags: [String]
        var steps: [JSONValue]
        /// The status after the last step, declared so the generator can check the trace.
        var finalStatus: String
    }

    static func lifecycleCases(profile: RegistrationProfile) -> [LifecycleCase] {
        let sealed = F.seal(F.fcm(), label: "lifecycle", profile: profile)
        let register: JSONValue
        let forKey: JSONValue
        switch profile {
        case .deployed:
            register = [
                "device_id": .string(String(deviceId)), "token_kind": "fcm",
                "token_id": .string(TokenId(token: F.fcmToken).base64),
                "bouncer_public_key": .string(F.b64(F.currentKey)),
                "encrypted_push_registration": .string(sealed.request.encryptedPushRegistration),
            ]
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
        let ok = answer(["answer": "registered", "deviceId": 41])
        let prefix = profile == .proposal ? "proposal: " : ""
        return [
            LifecycleCase(
                comment: prefix + "registered at the first attempt", flags: ["Lifecycle"],
                steps: [["register": register], ok], finalStatus: "active"),
            LifecycleCase(
                comment: prefix + "503, then a network failure, then registered",
                flags: ["Lifecycle", "TransientFailure"],
                steps: [
                    ["register": register], answer(["answer": "serverError", "status": 503]),
                    answer(["answer": "networkFailure"]), ok,
                ],
                finalStatus: "active"),
            LifecycleCase(
                comment: prefix + "INVALID_BOUNCER_PUBLIC_KEY drops the registration",
                flags: ["Lifecycle", "TerminalError"],
                steps: [["register": register], answer(["answer": "refused", "code": "INVALID_BOUNCER_PUBLIC_KEY"])],
                finalStatus: "failed"),
            LifecycleCase(
                comment: prefix + "REQUEST_EXPIRED after retries drops the registration",
                flags: ["Lifecycle", "TerminalError", "TransientFailure"],
                steps: [
                    ["register": register], answer(["answer": "networkFailure"]),
                    answer(["answer": "refused", "code": "REQUEST_EXPIRED"]),
                ],
                finalStatus: "failed"),
            LifecycleCase(
                comment: prefix + "a second registration while one is pending is refused",
                flags: ["Lifecycle", "ExactMessage"],
                steps: [["register": register], ["register": register], ok], finalStatus: "active"),
            LifecycleCase(
                comment: prefix + "a refused re-registration leaves the active one active",
                flags: ["Lifecycle", "TerminalError"],
                steps: [
                    ["register": register], ok, ["register": register],
                    answer(["answer": "refused", "code": "BAD_REQUEST"]),
                ],
                finalStatus: "active"),
            LifecycleCase(
                comment: prefix + "an answer with nothing pending is ignored", flags: ["Lifecycle"],
                steps: [answer(["answer": "registered", "deviceId": 5])], finalStatus: "none"),
        ]
    }

    static func file() -> VectorFileDeclaration {
        func parameterCases(_ cases: [ParameterCase], profile: RegistrationProfile) -> [VectorCase] {
            cases.map { c in
                var input: JSONValue = ["params": .object(c.params.map { JSONValue.Member($0.0, .string($0.1)) })]
                if profile == .deployed {
                    input = input.setting("knownDeviceIds", to: .array(knownDevices.map(JSONValue.integer)))
                }
                input = input.setting("inProgress", to: .array(c.inProgress.map(JSONValue.integer)))
                return VectorCase(comment: c.comment, flags: c.flags, input: input, message: c.message)
            }
        }
        func lifecycle(profile: RegistrationProfile) -> [VectorCase] {
            lifecycleCases(profile: profile).map { c in
                var input: JSONValue = ["realmUUID": .string(F.realm), "steps": .array(c.steps)]
                if profile == .deployed {
                    input = input.setting("knownDeviceIds", to: .array(knownDevices.map(JSONValue.integer)))
                }
                let finalStatus = c.finalStatus
                return VectorCase(comment: c.comment, flags: c.flags, input: input) { answer in
                    guard case .output(let out) = answer,
                        out["states"]?.arrayValue?.last?["status"]?.stringValue == finalStatus
                    else {
                        throw GeneratorError("the trace does not end \(finalStatus)")
                    }
                }
            }
        }
        return VectorFileDeclaration(
            suite: "registration_server", protocolName: "zulip-push-registration", notes: RegistrationNotes.catalogue,
            header: [
                "The server's side of registration: validating the client's parameters, and the pending / active / failed lifecycle.",
                "Parameters are HTTP form fields, so every value is a string.",
            ],
            groups: [
                .init(
                    type: "ServerParametersTest", operation: .registrationServerParameters,
                    description:
                        "POST /api/v1/mobile_push/register parameter validation; messages compared exactly. The user's devices are knownDeviceIds; inProgress lists devices with a pending token registration.",
                    ids: .block(1...200), cases: parameterCases(deployedParameterCases(), profile: .deployed)),
                .init(
                    type: "ServerParametersTest", operation: .registrationServerParameters, profile: .proposal,
                    description: "The proposal's registration request (push_account_id, push_public_key).",
                    ids: .block(201...400), cases: parameterCases(proposalParameterCases(), profile: .proposal)),
                .init(
                    type: "ServerLifecycleTest", operation: .registrationServerLifecycle,
                    description:
                        "The server's registration state through a trace of client requests and bouncer answers. Retry delays are random and not part of the output.",
                    ids: .block(401...600), cases: lifecycle(profile: .deployed)),
                .init(
                    type: "ServerLifecycleTest", operation: .registrationServerLifecycle, profile: .proposal,
                    description: "The same traces in the proposal profile, keyed by push_account_id.",
                    ids: .block(601...800), cases: lifecycle(profile: .proposal)),
            ])
    }
}
