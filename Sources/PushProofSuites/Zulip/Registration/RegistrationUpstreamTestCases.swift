import PushProofConformance
import PushProofCrypto
import PushProofJSON
import ZulipRegistration

/// Cases translated from the Zulip server's own registration tests
/// (zerver/tests/test_push_registration.py, feature level 468), each in its vector file's group
/// of upstream tests. The test file is cited at zulip/zulip@0c4c64bd, the one version of that
/// era stored with a commit; a second stored copy (index id 15023056800, commit not named),
/// whose helper names match the view and devices.py the deployed profile follows, gives its
/// lines beside each citation. The two differ in helper names and in one asserted message
/// (see `upstreamParameterCases`).
/// The upstream test file, and one of its tests as a source.
enum UpstreamRegistrationTests {
    static let file = "zulip/zulip@0c4c64bd:zerver/tests/test_push_registration.py"

    /// `lines` in the commit-named version, `indexed` the same lines in index id 15023056800.
    static func cite(_ test: String, _ lines: String, _ indexed: String) -> String {
        "\(file):\(lines) (\(test); index id 15023056800: \(indexed))"
    }

    /// The app id upstream's test helpers put in every APNs registration.
    static let iosAppId = "example.app"
    /// The APNs token upstream's helpers use by default; its token_id is the documented
    /// `+wKIhyAx/Eg=`.
    static let token = "c0ffee"

    /// A registration as upstream's helpers write it: members in the order token, token_kind,
    /// ios_app_id, timestamp, and `ios_app_id` written as null when there is none (orjson writes
    /// None as null; the client leaves the member out instead).
    static func plaintext(
        _ token: String = UpstreamRegistrationTests.token, kind: String = "apns",
        app: String? = UpstreamRegistrationTests.iosAppId,
        at t: Int64 = RegistrationFixtures.timestamp
    ) -> [UInt8] {
        RegistrationFixtures.plaintext([
            "token": .string(token), "token_kind": .string(kind),
            "ios_app_id": app.map(JSONValue.string) ?? .null, "timestamp": .integer(t),
        ])
    }
}

extension RegistrationBouncerVectors {
    /// registration_bouncer, deployed: upstream's bouncer tests (RegisterPushDeviceToBouncer).
    /// Their bouncer serves any app id; here it serves upstream's `example.app` beside the
    /// fixtures' app, so that the only fault in each case is the one the upstream step tests.
    static func upstreamTestCases() throws -> [VectorCase] {
        typealias U = UpstreamRegistrationTests
        let apps = [F.iosAppId, U.iosAppId]
        let apns = F.seal(plaintext: U.plaintext(), label: "upstream/apns-c0ffee", tokenIdOf: U.token)
        let android = F.seal(
            plaintext: U.plaintext("android-tokenaz", kind: "fcm", app: nil), label: "upstream/fcm-android",
            tokenIdOf: "android-tokenaz")

        // Upstream's second error step sends the literal text below as the box. The deployed
        // bouncer's non-validating decoder drops the three '-' and reads 24 symbols, 18 bytes: too
        // short for a sealed box, which PyNaCl reports as a TypeError the bouncer catches. A strict
        // decoder refuses the '-'. Both are BAD_REQUEST.
        var notABox = F.seal(plaintext: U.plaintext(), label: "upstream/not-a-box", tokenIdOf: U.token).request
        notABox.encryptedPushRegistration = "random-string-no-encryption"

        // Upstream's last error step: six symbols, no padding, not base64 of 8 bytes. Upstream's
        // answer is the box's own error text ("Invalid encrypted_push_registration", BAD_REQUEST).
        var oddTokenId = F.seal(plaintext: U.plaintext(), label: "upstream/token-id-192057", tokenIdOf: U.token)
            .request
        oddTokenId.tokenId = "192057"

        return [
            try registrationTest(
                "upstream's APNs registration: token c0ffee, ios_app_id example.app (served), its plaintext in "
                    + "the order token, token_kind, ios_app_id, timestamp: stored",
                flags: ["Normal", "KnownAnswer", "UpstreamTest"], result: .valid,
                request: apns.request,
                iosAppIds: apps, intermediate: apns.intermediate,
                source:
                    "zulip/zulip@0c4c64bd:zerver/tests/test_push_registration.py:73-89 (test_register_push_device_success; index id 15023056800: 73-91); helper zulip/zulip@0c4c64bd:zerver/tests/test_push_registration.py:33-71; zulip/zulip@5bbfa671:zilencer/views.py:605-611 (key lookup), :613-618 (Base64Encoder.decode, SealedBox.decrypt), :620-623 (PushRegistration), :625-628 (token_id), :630-634 (liveness), :648-655 (stored), :681 (json_success, no device id)"
            ),
            try registrationTest(
                "the byte-identical request again: the existing record, nothing created",
                flags: ["Dedup", "UpstreamTest"], result: .valid, request: apns.request,
                prior: [apns.request], iosAppIds: apps, intermediate: apns.intermediate,
                source:
                    "zulip/zulip@0c4c64bd:zerver/tests/test_push_registration.py:91-98 (test_register_push_device_success; index id 15023056800: 93-100); zulip/zulip@5bbfa671:zilencer/views.py:636-646 (an existing RemotePushDevice with this token_id in this realm is left as it is: return, nothing created), :648-655 (a new token: a new row)"
            ),
            try registrationTest(
                "after the APNs registration and its repeat, upstream's FCM registration with \"ios_app_id\": "
                    + "null: a second record (the repeat created none)",
                flags: ["Dedup", "IosAppIdRule", "UpstreamTest"], result: .valid,
                request: android.request, prior: [apns.request, apns.request], iosAppIds: apps,
                intermediate: android.intermediate,
                source:
                    "zulip/zulip@0c4c64bd:zerver/tests/test_push_registration.py:101-115 (test_register_push_device_success; index id 15023056800: 103-119); zulip/zulip@5bbfa671:zilencer/views.py:636-646 (an existing RemotePushDevice with this token_id in this realm is left as it is: return, nothing created), :648-655 (a new token: a new row)"
            ),
            try registrationTest(
                "encrypted_push_registration is a plain word, \"random-string-no-encryption\": BAD_REQUEST "
                    + "(strictly not base64; read as the deployed bouncer reads it, an 18-byte box)",
                flags: ["MalformedRequest", "UpstreamTest"], result: .invalid,
                code: .badRequest, reason: .registrationNotBase64, request: notABox, iosAppIds: apps,
                source:
                    "zulip/zulip@0c4c64bd:zerver/tests/test_push_registration.py:147-155 (test_register_push_device_error; index id 15023056800: 151-159); zulip/zulip@5bbfa671:zilencer/views.py:613-618 (Base64Encoder.decode, non-validating, then SealedBox.decrypt; TypeError caught as InvalidEncryptedPushRegistrationError); python/cpython@v3.11.7:Lib/base64.py:75-78, 88 (the three '-' discarded: 24 symbols, 18 bytes); PyNaCl 1.6.2 (the PyPI wheel of the version and hash zulip/zulip@00a34930:uv.lock pins):nacl/bindings/crypto_box.py:453-461 (under 48 bytes: TypeError)"
            ),
            try registrationTest(
                "token_id \"192057\" (six symbols, unpadded) beside a good box: BAD_REQUEST",
                flags: ["MalformedRequest", "TokenIdSpelling", "UpstreamTest"],
                result: .invalid, code: .badRequest, reason: .malformedRequestField("token_id"),
                request: oddTokenId, iosAppIds: apps,
                source:
                    "zulip/zulip@0c4c64bd:zerver/tests/test_push_registration.py:211-219 (test_register_push_device_error; index id 15023056800: 215-223) (answered with the box's error text); zulip/zulip@5bbfa671:zilencer/views.py:605-606 (the key is looked up first), :625-628 (token_id compared as a string after the box opens and the model validates: InvalidEncryptedPushRegistrationError)"
            ),
        ]
    }
}

extension RegistrationServerVectors {
    typealias U = UpstreamRegistrationTests

    /// The push key and key id of upstream's server test helper, and the key its rotation test
    /// moves to (both 33 bytes starting with the type byte 0x31).
    static let upstreamPushKey = "MY+paNlyduYJRQFNZva8w7Gv3PkBua9kIj581F9Vr301"
    static let upstreamPushKeyId = "2408"
    static let upstreamRotatedPushKey = "MTaUDJDMWypQ1WufZ1NRTHSSvgYtXh1qVNSjN3aBiEFt"
    static let upstreamRotatedPushKeyId = "1144"

    /// Upstream's server helper payload (both groups, APNs token c0ffee) for a device, in its order.
    static func upstreamPayload(device: Int64) -> [(String, String)] {
        let sealed = F.seal(plaintext: U.plaintext(), label: "upstream/server-c0ffee", tokenIdOf: U.token)
        return [
            ("device_id", String(device)), ("token_kind", "apns"), ("push_key", upstreamPushKey),
            ("push_key_id", upstreamPushKeyId), ("bouncer_public_key", F.b64(F.currentKey)),
            ("encrypted_push_registration", sealed.request.encryptedPushRegistration),
            ("token_id", TokenId(token: U.token).base64),
        ]
    }

    /// registration_server, deployed parameters: upstream's server tests (RegisterPushDeviceToServer)
    /// whose requests no existing case pins. Each runs on device 8, which has no registration, as
    /// upstream's helper creates a fresh device for every test.
    static func upstreamParameterCases() -> [ParameterCase] {
        let payload = upstreamPayload(device: freshDeviceId)
        let keyBytes = try! Base64.decode(upstreamPushKey)
        let typeByte32 = Base64.encode([0x32] + Array(keyBytes.dropFirst()))
        let registration = "\(view):358-361, 369, 380-383 (check_push_key on the registration path)"
        func invalidKey(_ value: String, _ what: String, lines: String, indexed: String) -> ParameterCase {
            ParameterCase(
                comment: "upstream's registration on a device with none, push_key \(what)",
                flags: ["PushKeyFormat", "ExactMessage", "UpstreamTest"],
                params: replacing(payload, "push_key", value), message: ServerMessages.invalidPushKey,
                source: "\(U.cite("test_invalid_push_key_error", lines, indexed)); \(registration)")
        }
        let tokenIdTest = U.cite(
            "test_invalid_token_id_error", "487-495",
            "493-501; this version asserts the text expected here, 0c4c64bd asserts \"Invalid `token_id`\"")
        return [
            // Both groups lose a field: the push key group keeps push_key, the token group
            // keeps token_kind, bouncer_public_key and encrypted_push_registration. Neither is
            // complete, so no rotation and no registration applies.
            ParameterCase(
                comment: "push_key_id and token_id both left out of upstream's payload: two partial groups",
                flags: ["GroupRule", "ExactMessage", "UpstreamTest"],
                params: payload.filter { $0.0 != "push_key_id" && $0.0 != "token_id" },
                message: ServerMessages.missingGroups,
                source: "\(U.cite("test_missing_parameters_error", "425-438", "431-444")); \(view):334-347"),
            invalidKey(
                "@abcdefg", "\"@abcdefg\" (a character outside the alphabet)", lines: "445-448", indexed: "451-454"),
            invalidKey("abcd", "\"abcd\" (base64 of 3 bytes)", lines: "450-453", indexed: "456-459"),
            invalidKey(typeByte32, "of 33 bytes with the type byte 0x32", lines: "455-466", indexed: "461-472"),
            // Upstream's versions disagree on this text: the commit-named 0c4c64bd asserts
            // "Invalid `token_id`" (its devices.py names the helper b64decode_token_id), while index
            // id 15023056800, devices.py at 6779b2c9 (FL 509) and the view at index id 15853291310
            // give "`token_id` is not Base64 encoded", the reference's text; the other passes too.
            ParameterCase(
                comment: "upstream's registration on a device with none, token_id \"@abcdefg\": not base64 (the "
                    + "decoding precedes both the rotation and the registration paths)",
                flags: ["ExactMessage", "UpstreamTest", "UpstreamTextDrift"],
                params: replacing(payload, "token_id", "@abcdefg"), message: ServerMessages.tokenIdNotBase64,
                source: "\(tokenIdTest); \(view):369; \(devices):26-30",
                alsoAccepted: [["error": "BAD_REQUEST", "message": "Invalid `token_id`"]]),
            // The server never reads bouncer_public_key: a wrong one is the bouncer's to refuse
            // (the first lifecycle case below continues from this request).
            ParameterCase(
                comment: "upstream's registration with bouncer_public_key \"invalid public key\": accepted, the "
                    + "server forwards the key unread",
                flags: ["Normal", "UpstreamTest"],
                params: replacing(payload, "bouncer_public_key", "invalid public key"),
                source:
                    "\(U.cite("test_invalid_bouncer_public_key_error", "511-521", "517-527")); \(view):306-329, "
                    + "380-423 (bouncer_public_key: str, not checked)"),
        ]
    }

    /// registration_server, deployed lifecycle: upstream's server tests that follow a device
    /// through several requests and bouncer answers. Device 7 starts with no registration, as
    /// upstream's freshly created device does.
    static func upstreamLifecycleCases() -> [LifecycleCase] {
        func params(_ fields: [(String, String)]) -> JSONValue {
            ["register": .object(fields.map { JSONValue.Member($0.0, .string($0.1)) })]
        }
        func answer(_ a: JSONValue) -> JSONValue { ["bouncerAnswer": a, "for": ["deviceId": .integer(deviceId)]] }
        let ok = answer(["answer": "registered"])
        let payload = upstreamPayload(device: deviceId)
        let register = params(payload)

        // test_invalid_encrypted_push_registration_error: the client seals an empty token; the
        // server cannot see inside the box and forwards it with the empty token's token_id.
        let emptyToken = F.seal(plaintext: U.plaintext(""), label: "upstream/server-empty-token", tokenIdOf: "")
        let registerEmpty = params(
            replacing(
                replacing(payload, "token_id", TokenId(token: "").base64), "encrypted_push_registration",
                emptyToken.request.encryptedPushRegistration))

        // test_push_key_rotation: the key group alone, upstream's second key.
        let keyOnly = params([
            ("device_id", String(deviceId)), ("push_key", upstreamRotatedPushKey),
            ("push_key_id", upstreamRotatedPushKeyId),
        ])
        // test_token_rotation: the token group alone, an APNs token abcdef.
        let abcdef = F.seal(plaintext: U.plaintext("abcdef"), label: "upstream/server-abcdef", tokenIdOf: "abcdef")
        let tokenOnly = params([
            ("device_id", String(deviceId)), ("token_kind", "apns"), ("bouncer_public_key", F.b64(F.currentKey)),
            ("encrypted_push_registration", abcdef.request.encryptedPushRegistration),
            ("token_id", TokenId(token: "abcdef").base64),
        ])
        let actions = "zulip/zulip@981c5698:zerver/actions/push_notifications.py"
        return [
            // The server accepts any bouncer_public_key; the bouncer's refusal is recorded; a new
            // request is then allowed (a recorded error ends "in progress") and its registration
            // clears the error before the bouncer answers.
            LifecycleCase(
                comment: "bouncer_public_key \"invalid public key\": accepted, refused by the bouncer and "
                    + "recorded; upstream's correct payload then registers anew and is registered",
                flags: ["Lifecycle", "TerminalError", "UpstreamTest"],
                steps: [
                    params(replacing(payload, "bouncer_public_key", "invalid public key")),
                    answer(["answer": "refused", "code": "INVALID_BOUNCER_PUBLIC_KEY"]), register, ok,
                ],
                finalStatus: "active",
                source:
                    "\(U.cite("test_invalid_bouncer_public_key_error", "497-584", "503-590")); "
                    + "\(view):358-361, 385-394 (an error code makes the request neither in progress nor "
                    + "idempotent); \(actions):9-46 (the error cleared); \(workerStep); \(bouncerClient)"),
            // A first registration the bouncer refuses with BAD_REQUEST (the box holds an empty
            // token) fails with that code recorded.
            LifecycleCase(
                comment: "upstream's first registration of an empty APNs token: the bouncer refuses it with "
                    + "BAD_REQUEST, which is recorded",
                flags: ["Lifecycle", "TerminalError", "UpstreamTest"],
                steps: [registerEmpty, answer(["answer": "refused", "code": "BAD_REQUEST"])],
                finalStatus: "failed",
                source:
                    "\(U.cite("test_invalid_encrypted_push_registration_error", "586-634", "592-640")); "
                    + "\(view):380-423 (the box is forwarded unread); \(workerStep); \(bouncerClient)"),
            // The key group alone is refused while the device has no push key, and the refusal
            // leaves nothing behind: the registration that follows is a first one. After it, the
            // same key group rotates the key, and once more it is a no-op.
            LifecycleCase(
                comment: "upstream's push key rotation: refused before any registration, then a registration, "
                    + "registered; the key group alone rotates the key; the same again changes nothing",
                flags: ["Lifecycle", "GroupRule", "ExactMessage", "UpstreamTest"],
                steps: [keyOnly, register, ok, keyOnly, keyOnly], finalStatus: "active",
                source:
                    "\(U.cite("test_push_key_rotation", "745-790", "751-796")); \(view):349-356; "
                    + "\(actions):49-69 (the same key and id: nothing saved, no event)"),
            // The token group alone is refused while the device has no push key; after a
            // registration it rotates the token (pending, then active under the new token id), and
            // the same rotation again, with no error recorded, changes nothing.
            LifecycleCase(
                comment: "upstream's token rotation: refused before any registration, then a registration, "
                    + "registered; the token group alone (APNs abcdef) is sent and registered; the same "
                    + "again changes nothing",
                flags: ["Lifecycle", "GroupRule", "ExactMessage", "UpstreamTest"],
                steps: [tokenOnly, register, ok, tokenOnly, ok, tokenOnly], finalStatus: "active",
                source:
                    "\(U.cite("test_token_rotation", "792-871", "798-879")); \(view):358-377; "
                    + "\(actions):72-94 (do_rotate_token); \(workerStep)"),
        ]
    }
}
