import PushProofConformance
import PushProofCrypto
import PushProofJSON
import ZulipRegistration

/// Deployed bouncer cases by class of input: requests that fail two checks at once (the check
/// order decides the answer), spellings of `token_id`, `ios_app_id` and the box's base64 around
/// their rules, and dedup over more than two records.
extension RegistrationBouncerVectors {
    static let bouncerView = "zulip/zulip@99445ce4:zilencer/views.py"

    static func classCases() throws -> [VectorCase] {
        try checkOrderCases() + tokenIdSpellingCases() + iosAppIdSpellingCases() + urlSafeBoxCases()
            + dedupCases() + iosAppIdNullCases()
    }

    /// One case per pair of checks that fail together and answer differently (docs/registration.md,
    /// "The bouncer's checks, in order"): the earlier check answers.
    static func checkOrderCases() throws -> [VectorCase] {
        let t = F.timestamp
        let order =
            "\(bouncerView) register_remote_push_device: the request's fields, then the key, the box, the "
            + "registration's model, token_id, liveness"
        func bothFailing(
            _ comment: String, _ code: BouncerError.Kind, _ reason: BouncerError.Reason, _ request: BouncerRequest,
            now: Int64 = F.now
        ) throws -> VectorCase {
            try registrationTest(
                comment, flags: ["CheckOrder", "SourceLinesNotRead"], result: .invalid, code: code,
                reason: reason, request: request, now: now, source: order)
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
                "a 7-byte token_id and a key the bouncer never had: the request's fields first", .badRequest,
                .malformedRequestField("token_id"), shortIdUnknownKey),
            try bothFailing(
                "a token_id with a trailing newline and a retired key: the request's fields first", .badRequest,
                .malformedRequestField("token_id"), newlineIdRetiredKey),
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
                "token_id with \(spelling.0)", flags: ["TokenIdSpelling", "SourceLinesNotRead"],
                result: .invalid, code: .badRequest, reason: .malformedRequestField("token_id"), request: request,
                source: "\(bouncerView) register_remote_push_device (token_id read as strict base64 of 8 bytes)")
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
                    "zulip/zulip@b0f5ce47:zerver/lib/typed_endpoint.py ApnsAppId (the pattern ^[.a-zA-Z0-9-]+$, "
                    + "checked by pydantic-core's regex engine; lines not determined)")
        }
    }

    /// `"ios_app_id": null` in the plaintext: upstream's own tests write the field whatever its
    /// value (their payload helper puts `ios_app_id` in every registration, and orjson writes
    /// None as null), and the model's `ApnsAppId | None = None` reads null as the field left out.
    static func iosAppIdNullCases() throws -> [VectorCase] {
        let tests =
            "zulip/zulip (FL 468, commit not determined; index id 15023056800):zerver/tests/test_push_registration.py"
        let model = "\(bouncerView) PushRegistration (ios_app_id: ApnsAppId | None = None; validate_terms)"
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
                "URL-safe alphabet with its padding", flags: ["Base64UrlSafe", "SourceLinesNotRead"],
                result: .invalid, code: .badRequest, reason: .registrationNotBase64, request: request,
                intermediate: sealed.intermediate,
                source:
                    "\(bouncerView) Base64Encoder.decode (non-validating b64decode: '-' and '_' dropped, the box "
                    + "short of its bytes does not open)")
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
            "prakhar1144/zulip@495e4623:zilencer/views.py (a development fork, for the token_id-era structure) "
            + "dedup on (token_id, realm) over every record"
        func repeated(_ comment: String, _ sealed: F.Sealed, prior: [BouncerRequest]) throws -> VectorCase {
            try registrationTest(
                comment, flags: ["Dedup", "SourceLinesNotRead"], result: .valid, request: sealed.request,
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
