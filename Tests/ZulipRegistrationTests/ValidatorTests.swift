import PushProofCrypto
import PushProofJSON
import Testing

@testable import ZulipRegistration

@Suite struct PlaintextTests {
    let strict = RegistrationValidator(profile: .deployed, iosAppIds: ["org.zulip.Zulip"])
    let lenient = RegistrationValidator(
        profile: .deployed, strictness: .deployedCompatible, iosAppIds: ["org.zulip.Zulip"])

    @Test func plaintextIsTheDocumentedCompactJSON() {
        let r = PushRegistration(tokenKind: .fcm, token: "c0ffee", timestamp: 1_772_513_819)
        #expect(
            String(decoding: r.plaintext, as: UTF8.self)
                == "{\"token_kind\":\"fcm\",\"token\":\"c0ffee\",\"timestamp\":1772513819}")
        let a = PushRegistration(tokenKind: .apns, token: "ab", timestamp: 1, iosAppId: "org.zulip.Zulip")
        #expect(
            String(decoding: a.plaintext, as: UTF8.self)
                == "{\"token_kind\":\"apns\",\"token\":\"ab\",\"timestamp\":1,\"ios_app_id\":\"org.zulip.Zulip\"}")
    }

    func reason(_ text: String, _ v: RegistrationValidator? = nil) -> BouncerError.Reason? {
        do {
            _ = try (v ?? strict).parse(Array(text.utf8))
            return nil
        } catch { return error.reason }
    }

    /// pydantic 2.13's answers for a string read as an int (lax mode), checked against pydantic
    /// itself when the model was written: the deployed bouncer's reading of a string timestamp.
    @Test func pydanticStringIntegers() {
        let read: [(String, Int64)] = [
            ("17", 17), (" 17 ", 17), ("+5", 5), ("-5", -5), ("1_000", 1000), ("+1_0", 10), ("007", 7),
            ("1.0", 1), ("5.000", 5), ("1_000.0", 1000), ("-0.0", 0), ("\t5\r", 5), ("\u{a0}5", 5),
            ("-9223372036854775808", .min), ("9223372036854775807", .max),
        ]
        for (text, value) in read {
            #expect(RegistrationValidator.pydanticStringInteger(text) == value, "\(text)")
        }
        let refused = [
            "1.5", "1e3", "0x10", "1__0", "_1", "1_", "-", "+", "1.", ".0", "1.0_0", "+-1", "1.0.0", "\u{661}", "",
        ]
        for text in refused { #expect(RegistrationValidator.pydanticStringInteger(text) == nil, "\(text)") }
        // Beyond Int64, pydantic keeps a Python int; this model cannot, and refuses.
        #expect(RegistrationValidator.pydanticStringInteger("9223372036854775808") == nil)
    }

    @Test func strictChecks() {
        #expect(reason("{\"token_kind\":\"fcm\",\"token\":\"x\",\"timestamp\":1}") == nil)
        #expect(reason("{\"token_kind\":\"fcm\",\"token\":\"x\",\"timestamp\":1,\"y\":2}") == .unexpectedField)
        #expect(reason("{\"token_kind\":\"fcm\",\"token\":\"x\",\"timestamp\":\"1\"}") == .wrongType("timestamp"))
        #expect(reason("{\"token_kind\":\"fcm\",\"token\":\"x\",\"timestamp\":1.0}") == .wrongType("timestamp"))
        #expect(reason("{\"token_kind\":\"apns\",\"token\":\"0a\",\"timestamp\":1}") == .iosAppIdMissing)
        #expect(
            reason("{\"token_kind\":\"apns\",\"token\":\"0g\",\"timestamp\":1,\"ios_app_id\":\"org.zulip.Zulip\"}")
                == .apnsTokenNotHex)
        #expect(
            reason("{\"token_kind\":\"fcm\",\"token\":\"x\",\"timestamp\":1,\"ios_app_id\":\"org.zulip.Zulip\"}")
                == .iosAppIdForbidden)
        #expect(reason("{\"token_kind\":\"fcm\",\"token\":\"\",\"timestamp\":1}") == .tokenLength(0))
        #expect(reason("[]") == .plaintextNotObject)
        #expect(reason("{") == .plaintextNotJSON)
    }

    @Test func lenientModelOfTheDeployedBouncer() {
        #expect(reason("{\"token_kind\":\"fcm\",\"token\":\"x\",\"timestamp\":1,\"y\":2}", lenient) == nil)
        #expect(reason("{\"token_kind\":\"fcm\",\"token\":\"x\",\"timestamp\":\" 17 \"}", lenient) == nil)
        #expect(reason("{\"token_kind\":\"fcm\",\"token\":\"x\",\"timestamp\":17.0}", lenient) == nil)
        #expect(
            reason("{\"token_kind\":\"fcm\",\"token\":\"x\",\"timestamp\":17.5}", lenient) == .wrongType("timestamp"))
        #expect(reason("{\"token_kind\":\"fcm\",\"token\":7,\"timestamp\":17}", lenient) == .wrongType("token"))
        #expect(
            reason("{\"token_kind\":\"apns\",\"token_kind\":\"fcm\",\"token\":\"x\",\"timestamp\":1}", lenient) == nil)
        #expect(reason("{\"token_kind\":\"fcm\",\"token\":\"x\",\"timestamp\":1,\"ios_app_id\":null}", lenient) == nil)
    }
}

@Suite struct ServerParameterTests {
    let validator = RegisterParameterValidator(profile: .deployed, knownDeviceIds: [7, 8], registeredDeviceIds: [7])
    let hardened = RegisterParameterValidator(
        profile: .deployed, rules: .hardened, knownDeviceIds: [7, 8], registeredDeviceIds: [7])
    let key = PushKey.random()

    func message(_ params: [String: String], _ v: RegisterParameterValidator? = nil) -> String? {
        do {
            _ = try (v ?? validator).validate(params)
            return nil
        } catch { return error.message }
    }

    @Test func groupRule() {
        let keyGroup = ["push_key_id": String(key.id), "push_key": key.wireBase64]
        let tokenGroup = [
            "token_kind": "fcm", "token_id": TokenId(token: "t").base64, "bouncer_public_key": "k",
            "encrypted_push_registration": "e",
        ]
        let device = ["device_id": "7"]
        #expect(message(device.merging(keyGroup) { a, _ in a }) == nil)
        #expect(message(device.merging(tokenGroup) { a, _ in a }) == nil)
        #expect(message(device.merging(keyGroup) { a, _ in a }.merging(tokenGroup) { a, _ in a }) == nil)
        #expect(message(device) == ServerMessages.missingGroups)
        // Deployed: a partial group beside a complete one is ignored; hardened refuses it.
        for name in RegisterParameterValidator.keyGroup + RegisterParameterValidator.tokenGroup {
            var all = device.merging(keyGroup) { a, _ in a }.merging(tokenGroup) { a, _ in a }
            all[name] = nil
            #expect(message(all) == nil, "without \(name)")
            #expect(message(all, hardened) == ServerMessages.missingGroups, "without \(name)")
        }
        // One group alone needs an existing registration.
        let fresh = ["device_id": "8"]
        #expect(message(fresh.merging(keyGroup) { a, _ in a }) == ServerMessages.noRegistrationToRotateKey)
        #expect(message(fresh.merging(tokenGroup) { a, _ in a }) == ServerMessages.noRegistrationToRotateToken)
    }

    @Test func jsonIntegerParameters() {
        #expect(message(["device_id": "seven"]) == ServerMessages.notValidJSON("device_id"))
        #expect(message(["device_id": "[7]"]) == ServerMessages.notAnInteger("device_id"))
        #expect(message(["device_id": "7", "push_key_id": "0x10"]) == ServerMessages.notValidJSON("push_key_id"))
        #expect(message(["device_id": "7", "push_key_id": "-1"]) == ServerMessages.invalidPushKeyId)
        #expect(message(["device_id": "7", "token_kind": "gcm"]) == ServerMessages.tokenKindNotInList)
        // typed_endpoint parses token_kind before push_key_id, and both before the device check.
        #expect(
            message(["device_id": "9", "token_kind": "gcm", "push_key_id": "x"]) == ServerMessages.tokenKindNotInList)
    }

    @Test func tokenIdIsASignedIntegerOfAnyLengthUpToEight() throws {
        let tokenGroup = [
            "device_id": "7", "token_kind": "fcm", "bouncer_public_key": "k", "encrypted_push_registration": "e",
        ]
        func tokenId(_ bytes: [UInt8]) throws -> Int64? {
            try validator.validate(tokenGroup.merging(["token_id": Base64.encode(bytes)]) { a, _ in a }).token?.tokenId?
                .int64
        }
        #expect(try tokenId([1, 2, 3, 4, 5, 6, 7]) == 283_686_952_306_183)
        #expect(try tokenId([0xFF]) == -1)
        #expect(try tokenId([]) == 0)
        #expect(try tokenId([0x80, 0, 0, 0, 0, 0, 0, 0]) == .min)
        // Past 64 bits: the deployed server fails storing it (HTTP 500); hardened refuses any other length.
        let past64 = tokenGroup.merging(["token_id": Base64.encode([UInt8](repeating: 1, count: 9))]) { a, _ in a }
        #expect(throws: ServerError.storageFailure) { try validator.validate(past64) }
        #expect(message(past64, hardened) == ServerMessages.invalidTokenId)
        #expect(
            message(tokenGroup.merging(["token_id": Base64.encode([1, 2, 3])]) { a, _ in a }, hardened)
                == ServerMessages.invalidTokenId)
        // b64decode(validate=True): the alphabet and padding, not the unused bits.
        #expect(message(tokenGroup.merging(["token_id": "AB=="]) { a, _ in a }) == nil)
        #expect(message(tokenGroup.merging(["token_id": "A B="]) { a, _ in a }) == ServerMessages.tokenIdNotBase64)
    }

    @Test func clientParametersAlwaysValidate() throws {
        let bouncer = X25519.KeyPair.random()
        let client = RegistrationClient(profile: .deployed, bouncerPublicKey: bouncer.publicKey)
        let reg = client.registration(tokenKind: .apns, token: "00ff", timestamp: 5, iosAppId: "org.zulip.Zulip")
        let sealed = try client.seal(reg)
        let params = try RegisterParameters(
            deviceId: 7, keyGroup: .init(pushKey: key),
            tokenGroup: .init(
                tokenKind: .apns, tokenId: TokenId(token: reg.token),
                bouncerPublicKey: bouncer.publicKey, sealed: sealed))
        let map = Dictionary(uniqueKeysWithValues: params.formFields.map { ($0.name, $0.value) })
        let validated = try validator.validate(map)
        #expect(validated.pushKeyId == key.id)
        #expect(validated.token?.tokenId == TokenId(token: "00ff"))
        #expect(throws: RegisterParameters.BuildError.noGroup) {
            try RegisterParameters(deviceId: 7, keyGroup: nil, tokenGroup: nil)
        }
        #expect(
            client.registration(tokenKind: .fcm, token: "x", timestamp: 1, iosAppId: "org.zulip.Zulip").iosAppId == nil)
    }

    @Test func pushKeyWireForm() throws {
        #expect(PushKey(id: 1, wireBytes: [0x31] + [UInt8](repeating: 1, count: 32)) != nil)
        #expect(PushKey(id: 1, wireBytes: [0x30] + [UInt8](repeating: 1, count: 32)) == nil)
        #expect(PushKey(id: 1, wireBytes: [0x31] + [UInt8](repeating: 1, count: 31)) == nil)
        #expect(try Base64.decode(key.wireBase64).count == 33)
    }
}
