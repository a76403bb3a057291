import PushProofConformance
import PushProofCrypto
import PushProofJSON
import ZulipRegistration

/// Deployed bouncer cases by class of input: requests that fail two checks at once (the check
/// order decides the answer), spellings of `token_id`, `ios_app_id` and the box's base64 around
/// their rules, and dedup over more than two records.
extension RegistrationBouncerVectors {
    static let bouncerView = "zulip/zulip@5bbfa671:zilencer/views.py"

    static func classCases() throws -> [VectorCase] {
        try checkOrderCases() + tokenIdSpellingCases() + iosAppIdSpellingCases() + urlSafeBoxCases()
            + dedupCases() + iosAppIdNullCases() + base64LengthCases()
    }

    /// A base64 text whose data characters are one more than a multiple of four, which no bytes
    /// encode: CPython's decoder raises, and the deployed bouncer does not catch it.
    static func base64LengthCases() throws -> [VectorCase] {
        let sealed = F.seal(F.fcm(), label: "base64-length")
        var data = sealed.request.encryptedPushRegistration.filter { $0 != "=" }
        while data.count % 4 != 1 { data.removeLast() }
        var request = sealed.request
        request.encryptedPushRegistration = data
        return [
            try registrationTest(
                "base64 of one character more than a multiple of four, its padding and last characters cut (an "
                    + "uncaught binascii.Error: HTTP 500; PushProof recommends BAD_REQUEST: hardened tcId 1016)",
                flags: ["Base64Length", "SourceLinesNotRead"], result: .invalid, code: .badRequest,
                reason: .registrationNotBase64, request: request, intermediate: sealed.intermediate,
                source:
                    "zulip/zulip@5bbfa671:zilencer/views.py:613-618 (Base64Encoder.decode before the box; only TypeError and CryptoError are caught, so binascii.Error is an uncaught HTTP 500); PyNaCl 1.6.2 (the PyPI wheel of the version and hash zulip/zulip@00a34930:uv.lock pins):nacl/encoding.py:88-90 (base64.b64decode, non-validating); python/cpython@v3.11.7:Lib/base64.py:65-88 (binascii.a2b_base64(s, strict_mode=False)); Modules/binascii.c refuses a count of data characters one more than a multiple of four ('cannot be 1 more than a multiple of 4'; lines not read; checked on CPython 3.11.7)"
            )
        ]
    }

    /// One case per pair of checks that fail together and answer differently (docs/registration.md,
    /// "The bouncer's checks, in order"): the earlier check answers.
    static func checkOrderCases() throws -> [VectorCase] {
        let t = F.timestamp
        let order =
            "zulip/zulip@5bbfa671:zilencer/views.py:605-606 (the key first), :613-618 (then the box), :620-623 (then the registration's model), :625-628 (then token_id, a string comparison), :630-634 (then liveness), :663-666 (token_id_base64 is a plain str: no request-field check precedes these)"
        // The deployed bouncer reads token_id as a plain string and compares it after the box
        // opens, so a malformed token_id beside a bad key is the key's refusal there; the strict
        // bouncer's refusal of the request's own field is the hardened test.
        let keyFirst =
            "zulip/zulip@5bbfa671:zilencer/views.py:663-666 (token_id_base64: str, no validation as a request field), :605-606 (the key is looked up first: a key the bouncer never had, or a retired one, is InvalidBouncerPublicKeyError), :625-628 (token_id is compared only after the box opens and the model validates): the deployed answer is INVALID_BOUNCER_PUBLIC_KEY"
        func bothFailing(
            _ comment: String, _ code: BouncerError.Kind, _ reason: BouncerError.Reason, _ request: BouncerRequest,
            now: Int64 = F.now, result: VectorResult = .invalid, source: String? = nil
        ) throws -> VectorCase {
            try registrationTest(
                comment, flags: source == keyFirst ? ["CheckOrder", "RequestFieldsFirst"] : ["CheckOrder"],
                result: result, code: code, reason: reason, request: request, now: now, source: source ?? order)
        }
        var shortIdUnknownKey = F.seal(F.fcm(), label: "order-id-key", to: F.strangerKey).request
        shortIdUnknownKey.tokenId = Base64.encode(Array(TokenId(token: F.fcmToken).bytes.prefix(7)))
        var newlineIdRetiredKey = F.seal(F.fcm(), label: "order-id-retired", to: F.retiredKey).request
        newlineIdRetiredKey.tokenId! += "\n"
        var shortIdExpired = F.seal(F.fcm(at: t - 2 * 86_400), label: "order-id-expired").request
        shortIdExpired.tokenId = Base64.encode(Array(TokenId(token: F.fcmToken).bytes.prefix(7)))
        var unknownKeyShortBox = F.seal(F.fcm(), label: "order-key-box").request
        unknownKeyShortBox.bouncerPublicKey = F.b64(F.strangerKey)
        unknownKeyShortBox.encryptedPushRegistration = Base64.encode([UInt8](repeating: 7, count: 47))
        let unknownKeyBadPlaintext = F.seal(
            plaintext: F.plaintext(["token_kind": "fcm", "token": .string(F.fcmToken)]), label: "order-key-model",
            to: F.currentKey, naming: F.strangerKey)
        let unknownKeyOtherTokenId = F.seal(
            plaintext: F.fcm().plaintext, label: "order-key-token-id", to: F.currentKey, naming: F.strangerKey,
            tokenIdOf: "some-other-token")
        let retiredKeyExpired = F.seal(F.fcm(at: t - 2 * 86_400), label: "order-retired-expired", to: F.retiredKey)
        let nonHexExpired = F.seal(
            F.apns(String(F.apnsToken.dropLast()) + "g", at: t - 2 * 86_400), label: "order-model-expired")
        let otherTokenIdExpired = F.seal(
            plaintext: F.fcm(at: t - 2 * 86_400).plaintext, label: "order-token-id-expired",
            tokenIdOf: "some-other-token")
        return [
            try bothFailing(
                "a 7-byte token_id and a key the bouncer never had (the deployed bouncer looks the key up first: "
                    + "INVALID_BOUNCER_PUBLIC_KEY; PushProof recommends refusing the request's own field first: "
                    + "hardened tcId 1014)", .badRequest, .malformedRequestField("token_id"), shortIdUnknownKey,
                source: keyFirst),
            try bothFailing(
                "a token_id with a trailing newline and a retired key (the deployed bouncer looks the key up first: "
                    + "INVALID_BOUNCER_PUBLIC_KEY; PushProof recommends refusing the request's own field first: "
                    + "hardened tcId 1015)", .badRequest, .malformedRequestField("token_id"), newlineIdRetiredKey,
                source: keyFirst),
            try bothFailing(
                "a 7-byte token_id and a registration two days old: the request's fields first", .badRequest,
                .malformedRequestField("token_id"), shortIdExpired),
            try bothFailing(
                "a key the bouncer never had and a 47-byte box: the key first", .invalidBouncerPublicKey,
                .unknownBouncerKey, unknownKeyShortBox),
            try bothFailing(
                "a key the bouncer never had named, the box sealed to the current key without a timestamp: the key "
                    + "first", .invalidBouncerPublicKey, .unknownBouncerKey, unknownKeyBadPlaintext.request),
            try bothFailing(
                "a key the bouncer never had named, the box sealed to the current key with another token's "
                    + "token_id: the key first", .invalidBouncerPublicKey, .unknownBouncerKey,
                unknownKeyOtherTokenId.request),
            try bothFailing(
                "a retired key and a registration two days old: the key first", .invalidBouncerPublicKey,
                .retiredBouncerKey, retiredKeyExpired.request),
            try bothFailing(
                "an APNs token with a non-hex digit, two days old: the registration's model first", .badRequest,
                .apnsTokenNotHex, nonHexExpired.request),
            try bothFailing(
                "another token's token_id, two days old: token_id before liveness", .badRequest, .tokenIdMismatch,
                otherTokenIdExpired.request),
        ]
    }

    /// `token_id` is base64 of 8 bytes read strictly: white space, a line end, the URL-safe alphabet
    /// or a missing padding is a malformed field, whatever the token.
    static func tokenIdSpellingCases() throws -> [VectorCase] {
        // A token whose token_id has both a '+' and a '/', so its URL-safe spelling differs.
        let token =
            (0..<1000).lazy.map { "spelling-token-\($0)" }.first {
                let id = TokenId(token: $0).base64
                return id.contains("+") || id.contains("/")
            }!
        let id = TokenId(token: token).base64
        let spellings: [(String, String)] = [
            ("a trailing line feed", id + "\n"),
            ("a trailing CR LF", id + "\r\n"),
            ("a leading space", " " + id),
            ("a trailing space", id + " "),
            ("a tab after the fourth symbol", String(id.prefix(4)) + "\t" + String(id.dropFirst(4))),
            ("the URL-safe alphabet", urlSafe(id)),
            ("its padding removed", String(id.reversed().drop { $0 == "=" }.reversed())),
            ("padding doubled", id + "="),
        ]
        return try spellings.enumerated().map { n, spelling in
            var request = F.seal(F.fcm(token), label: "token-id-spelling-\(n)").request
            request.tokenId = spelling.1
            return try registrationTest(
                "token_id with \(spelling.0)", flags: ["TokenIdSpelling"],
                result: .invalid, code: .badRequest, reason: .malformedRequestField("token_id"), request: request,
                source:
                    "zulip/zulip@5bbfa671:zilencer/views.py:663-666 (token_id_base64: str, taken as sent), :625-628 (compared as a string with base64.b64encode(SHA-256(token)[0:8]): a trailing line feed or CR LF, a space, a tab, the URL-safe alphabet, missing or doubled padding all differ: InvalidEncryptedPushRegistrationError, BAD_REQUEST)"
            )
        }
    }

    /// The app id pattern `^[.a-zA-Z0-9-]+$` as pydantic checks it (Rust's regex engine: `$` is the
    /// end of the text, classes are ASCII): nothing around it, no line end, no letter outside ASCII.
    static func iosAppIdSpellingCases() throws -> [VectorCase] {
        let spellings: [(String, String)] = [
            ("a trailing line feed", F.iosAppId + "\n"),
            ("a trailing CR LF", F.iosAppId + "\r\n"),
            ("a leading space", " " + F.iosAppId),
            ("a trailing space", F.iosAppId + " "),
            ("empty", ""),
            ("a letter outside ASCII (í)", "org.zulip.Zul\u{ED}p"),
            ("a fullwidth full stop", "org\u{FF0E}zulip.Zulip"),
            ("an underscore", "org.zulip.Zulip_beta"),
        ]
        return try spellings.enumerated().map { n, spelling in
            try registrationTest(
                "APNs with an ios_app_id with \(spelling.0)", flags: ["IosAppIdRule", "SourceLinesNotRead"],
                result: .invalid, code: .badRequest, reason: .iosAppIdUnknown,
                request: F.seal(F.apns(app: spelling.1), label: "app-id-spelling-\(n)").request,
                source:
                    "zulip/zulip@5bbfa671:zilencer/views.py:561 (ios_app_id: ApnsAppId | None), :620-623 (a pattern mismatch is a ValidationError: BAD_REQUEST); zulip/zulip@b0f5ce47:zerver/lib/typed_endpoint.py:111 (ApnsAppId = Annotated[str, StringConstraints(pattern=\"^[.a-zA-Z0-9-]+$\")]; the only stored copy, 2024, older than FL 468: the FL 468+ bouncer imports it unchanged in name, views.py@5bbfa671:88-95, 561); pydantic/pydantic@d45d8be3 (tag v2.13.1; pydantic 2.13.1 and pydantic-core 2.46.1, the versions zulip/zulip@00a34930:uv.lock pins):pydantic/_internal/_config.py:311 (regex_engine='rust-regex' by default), pydantic-core/src/validators/string.rs:193-206 (the engine chosen: rust-regex unless configured), :291-330 (Regex::new), :333-335 (Regex::is_match), :158-167 (no match: string_pattern_mismatch); rust-lang/regex@b028e4f4 (tag 1.12.3, the regex crate pydantic-core 2.46.1 locks):src/lib.rs:729 ($ is the end of the haystack, not before a final line feed)"
            )
        }
    }

    /// `"ios_app_id": null` in the plaintext: upstream's own tests write the field whatever its
    /// value (their payload helper puts `ios_app_id` in every registration, and orjson writes
    /// None as null), and the model's `ApnsAppId | None = None` reads null as the field left out.
    static func iosAppIdNullCases() throws -> [VectorCase] {
        let tests = "zulip/zulip@0c4c64bd:zerver/tests/test_push_registration.py"
        let model = "\(bouncerView):561 (ios_app_id: ApnsAppId | None = None), :576-592 (validate_terms)"
        func plaintext(_ kind: String, _ token: String) -> [UInt8] {
            F.plaintext([
                "token": .string(token), "token_kind": .string(kind), "ios_app_id": .null,
                "timestamp": .integer(F.timestamp),
            ])
        }
        let fcm = F.seal(plaintext: plaintext("fcm", F.fcmToken), label: "fcm-app-id-null")
        let apns = F.seal(plaintext: plaintext("apns", F.apnsToken), label: "apns-app-id-null", tokenIdOf: F.apnsToken)
        return [
            try registrationTest(
                "FCM with \"ios_app_id\": null, as upstream's test sends it: registered (null is the field "
                    + "left out)", flags: ["IosAppIdRule", "UpstreamTest"], result: .valid, code: nil, reason: nil,
                request: fcm.request, intermediate: fcm.intermediate,
                source:
                    "\(tests):46-51, 60-62 (the payload helper), 103-119 (test_register_push_device_success, its "
                    + "Android step: registered); \(model)"),
            try registrationTest(
                "APNs with \"ios_app_id\": null, as upstream's test sends it: refused, as without one",
                flags: ["IosAppIdRule", "UpstreamTest"], result: .invalid, code: .badRequest, reason: .iosAppIdMissing,
                request: apns.request, intermediate: apns.intermediate,
                source:
                    "\(tests):179-185 (test_register_push_device_error, missing_ios_app_id_payload: \"Invalid "
                    + "encrypted_push_registration\"); \(model)"),
        ]
    }

    /// The box in the URL-safe alphabet with its padding: the deployed bouncer's non-validating
    /// decoder drops `-` and `_`, so the box it reads is short and does not open.
    static func urlSafeBoxCases() throws -> [VectorCase] {
        let sealed =
            (0..<1000).lazy.map { F.seal(F.fcm(), label: "url-safe-padded-\($0)") }.first {
                let text = $0.request.encryptedPushRegistration
                return text.contains("+") && text.contains("/") && text.hasSuffix("=")
            }!
        var request = sealed.request
        request.encryptedPushRegistration = urlSafe(sealed.request.encryptedPushRegistration)
        return [
            try registrationTest(
                "URL-safe alphabet with its padding", flags: ["Base64UrlSafe"],
                result: .invalid, code: .badRequest, reason: .registrationNotBase64, request: request,
                intermediate: sealed.intermediate,
                source:
                    "zulip/zulip@5bbfa671:zilencer/views.py:613-618 (Base64Encoder.decode, then decrypt; CryptoError caught: BAD_REQUEST); PyNaCl 1.6.2 (the PyPI wheel of the version and hash zulip/zulip@00a34930:uv.lock pins):nacl/encoding.py:88-90 (base64.b64decode, non-validating); python/cpython@v3.11.7:Lib/base64.py:75-78, 88 ('-' and '_' are outside the alphabet and discarded, so the box is short of its bytes); PyNaCl 1.6.2:nacl/bindings/crypto_box.py:468-473 (the box does not open: CryptoError)"
            )
        ]
    }

    /// Standard base64 respelled in the URL-safe alphabet, padding kept.
    static func urlSafe(_ text: String) -> String {
        String(text.map { $0 == "+" ? "-" : $0 == "/" ? "_" : $0 })
    }

    /// Dedup finds any earlier record of the (token_id, realm), not only the latest one.
    static func dedupCases() throws -> [VectorCase] {
        let t = F.timestamp
        let first = F.seal(F.fcm(), label: "dedup3-first").request
        let second = F.seal(F.fcm("second-token"), label: "dedup3-second").request
        let third = F.seal(F.fcm("third-token"), label: "dedup3-third").request
        let source =
            "zulip/zulip@5bbfa671:zilencer/views.py:636-646 (RemotePushDevice.objects.filter(token_id, realm, remote_realm).exists(): any earlier record of the (token_id, realm), whatever its position: return, nothing created), :648-655 (otherwise a new row); the bouncer answers json_success with no device id (:681): the returned record is PushProof's model"
        func repeated(_ comment: String, _ sealed: F.Sealed, prior: [BouncerRequest]) throws -> VectorCase {
            try registrationTest(
                comment, flags: ["Dedup"], result: .valid, request: sealed.request,
                prior: prior, intermediate: sealed.intermediate, source: source)
        }
        return [
            try repeated(
                "three records, the first repeated: the first record is returned",
                F.seal(F.fcm(at: t + 60), label: "dedup3-first-again"), prior: [first, second, third]),
            try repeated(
                "three records, the second repeated: the second record is returned",
                F.seal(F.fcm("second-token", at: t + 60), label: "dedup3-second-again"),
                prior: [first, second, third]),
            try repeated(
                "a repeat between two records created nothing: the next new token is record 3",
                F.seal(F.fcm("third-token"), label: "dedup3-third-new"),
                prior: [first, F.seal(F.fcm(at: t + 30), label: "dedup3-first-repeat").request, second]),
        ]
    }
}
