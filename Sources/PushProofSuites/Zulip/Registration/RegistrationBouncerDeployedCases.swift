import PushProofConformance
import PushProofCrypto
import PushProofJSON
import ZulipRegistration

/// The deployed bouncer's cases: accepted registrations, liveness, the key ring, the sealed box,
/// the plaintext, token_id and the request, the base64 spellings of the box; then the cases by
/// class of input (RegistrationBouncerClassCases.swift).
extension RegistrationBouncerVectors {
    static func deployedBouncerCases() throws -> [VectorCase] {
        var cases: [VectorCase] = []
        func valid(
            _ comment: String, _ flags: [String], _ s: F.Sealed, prior: [BouncerRequest] = [], now: Int64 = F.now,
            source: String? = nil
        ) throws {
            cases.append(
                try registrationTest(
                    comment, flags: flags, result: .valid, request: s.request, prior: prior, now: now,
                    intermediate: s.intermediate, source: source))
        }
        func invalid(
            _ comment: String, _ flags: [String], _ code: BouncerError.Kind, _ reason: BouncerError.Reason,
            _ request: BouncerRequest, _ intermediate: JSONValue?, now: Int64 = F.now, source: String? = nil
        ) throws {
            cases.append(
                try registrationTest(
                    comment, flags: flags, result: .invalid, code: code, reason: reason, request: request, now: now,
                    intermediate: intermediate, source: source))
        }
        func bad(
            _ comment: String, _ flags: [String], _ reason: BouncerError.Reason, _ s: F.Sealed, source: String? = nil
        ) throws {
            try invalid(comment, flags, .badRequest, reason, s.request, s.intermediate, source: source)
        }
        /// A deployed leniency: the deployed bouncer's answer is expected (its `result` declared);
        /// `code` and `reason` are the strict bouncer's refusal, the hardened test's answer.
        func lenient(
            _ comment: String, _ flags: [String], deployed result: VectorResult, code: BouncerError.Kind,
            reason: BouncerError.Reason, _ request: BouncerRequest, _ intermediate: JSONValue?, source: String? = nil
        ) throws {
            cases.append(
                try registrationTest(
                    comment, flags: flags, result: result, code: code, reason: reason, request: request,
                    intermediate: intermediate, source: source))
        }
        let t = F.timestamp

        // Accepted registrations.
        try valid("FCM registration", ["Normal"], F.seal(F.fcm(), label: "fcm"))
        try valid("APNs registration with a known ios_app_id", ["Normal"], F.seal(F.apns(), label: "apns"))
        try valid(
            "APNs token in upper-case hex", ["Normal"], F.seal(F.apns(F.apnsToken.uppercased()), label: "apns-upper"))
        try valid("non-ASCII FCM token", ["NonAsciiToken"], F.seal(F.fcm(F.nonAsciiToken), label: "non-ascii"))
        try valid("token of 1 character", ["TokenLengthBoundary"], F.seal(F.fcm("x"), label: "len-1"))
        try valid(
            "FCM token of 4096 characters", ["TokenLengthBoundary"],
            F.seal(F.fcm(String(repeating: "f", count: 4096)), label: "len-4096"))
        try valid(
            "APNs token of 4096 hex digits", ["TokenLengthBoundary"],
            F.seal(F.apns(String(repeating: "ab", count: 2048)), label: "apns-4096"))
        try valid(
            "4096 code points, 8192 UTF-8 bytes", ["TokenLengthInCodePoints", "TokenLengthBoundary"],
            F.seal(F.fcm(String(repeating: "é", count: 4096)), label: "len-4096-2byte"))
        try valid(
            "4096 code points outside the BMP (8192 UTF-16 units)", ["TokenLengthInCodePoints", "TokenLengthBoundary"],
            F.seal(F.fcm(String(repeating: "𝄞", count: 4096)), label: "len-4096-astral"))
        try valid("exactly 24 h old", ["LivenessBoundary"], F.seal(F.fcm(at: t), label: "age-86400"), now: t + 86_400)
        try valid(
            "sealed to the previous release's key, still in the ring", ["KeyRotation"],
            F.seal(F.fcm(), label: "previous-key", to: F.previousKey))
        let first = F.seal(F.fcm(), label: "dedup-first")
        try valid(
            "the same registration again returns the existing record", ["Dedup"],
            F.seal(F.fcm(at: t + 60), label: "dedup-again"),
            prior: [first.request])
        try valid(
            "the same token from another realm is a new record", ["Dedup"],
            F.seal(F.fcm(), label: "dedup-realm", realm: F.otherRealm), prior: [first.request])
        try valid(
            "another token from the same realm is a new record", ["Dedup"],
            F.seal(F.fcm("other-token"), label: "dedup-token"),
            prior: [first.request])

        // Liveness.
        let justExpired = F.seal(F.fcm(at: t), label: "age-86401")
        try invalid(
            "24 h and 1 s old", ["LivenessBoundary", "Expired"], .requestExpired, .expired(ageSeconds: 86_401),
            justExpired.request, justExpired.intermediate, now: t + 86_401)
        let monthOld = F.seal(F.fcm(at: t - 30 * 86_400), label: "age-30d")
        try invalid(
            "30 days old", ["Expired"], .requestExpired, .expired(ageSeconds: 30 * 86_400 + 120), monthOld.request,
            monthOld.intermediate)
        let epoch = F.seal(F.fcm(at: 0), label: "age-epoch")
        try invalid(
            "timestamp 0", ["Expired"], .requestExpired, .expired(ageSeconds: F.now), epoch.request, epoch.intermediate)
        let negative = F.seal(F.fcm(at: .min), label: "age-min")
        try invalid(
            "timestamp -2^63: the age overflows 64 bits", ["Expired"], .requestExpired, .expired(ageSeconds: .max),
            negative.request, negative.intermediate)
        let future = F.seal(F.fcm(at: F.now + 3600), label: "future-1h")
        // zulip-flutter stamps the registration with the device's clock, which may run ahead of
        // the bouncer's: deployed clients send this, so a refusal is not allowed.
        try valid(
            "timestamp 1 h in the future: stored, as upstream does (zulip-flutter stamps the request with the "
                + "device's clock, which may run ahead of the bouncer's)", ["FutureTimestamp"], future,
            source:
                "zulip/zulip@5bbfa671:zilencer/views.py:630-634 (only now - timestamp > PUSH_REGISTRATION_LIVENESS_TIMEOUT "
                + "is refused: no check of a future timestamp), :648-655 (stored); "
                + "zulip/zulip-flutter@e989e4f:lib/model/push_device.dart:205-206")
        let farFuture = F.seal(F.fcm(at: .max), label: "future-max")
        cases.append(
            try registrationTest(
                "timestamp 2^63-1", flags: ["FutureTimestamp"], result: .acceptable, request: farFuture.request,
                intermediate: farFuture.intermediate, alsoAccepted: [["error": "BAD_REQUEST"]]))

        // The key ring.
        let retired = F.seal(F.fcm(), label: "retired", to: F.retiredKey)
        try invalid(
            "sealed to a retired key", ["RetiredKey"], .invalidBouncerPublicKey, .retiredBouncerKey, retired.request,
            retired.intermediate)
        let stranger = F.seal(F.fcm(), label: "stranger", to: F.strangerKey)
        try invalid(
            "sealed to a key the bouncer never had", ["UnknownKey"], .invalidBouncerPublicKey, .unknownBouncerKey,
            stranger.request, stranger.intermediate)
        var urlKey = F.seal(F.fcm(), label: "key-spelling").request
        urlKey.bouncerPublicKey = Base64.encode(F.currentKey.publicKey.rawBytes, variant: .urlSafeNoPadding)
        try invalid(
            "the current key spelled in URL-safe base64 without padding", ["NonCanonicalKeyString"],
            .invalidBouncerPublicKey, .unknownBouncerKey, urlKey, nil)
        var spacedKey = F.seal(F.fcm(), label: "key-space").request
        spacedKey.bouncerPublicKey += "\n"
        try invalid(
            "the current key with a trailing newline", ["NonCanonicalKeyString"], .invalidBouncerPublicKey,
            .unknownBouncerKey, spacedKey, nil)
        var emptyKey = F.seal(F.fcm(), label: "key-empty").request
        emptyKey.bouncerPublicKey = ""
        try invalid(
            "empty bouncer_public_key", ["UnknownKey"], .invalidBouncerPublicKey, .unknownBouncerKey, emptyKey, nil)

        // The sealed box.
        let base = F.seal(F.fcm(), label: "tamper")
        func tampered(
            _ comment: String, _ flags: [String], _ reason: BouncerError.Reason,
            _ transform: @escaping ([UInt8]) -> [UInt8]
        ) throws {
            let (r, i) = base.withBox(transform, note: comment)
            try invalid(comment, flags, .badRequest, reason, r, i)
        }
        try tampered("box truncated to 47 bytes", ["TruncatedBox"], .boxTooShort) { Array($0.prefix(47)) }
        try tampered("box truncated to its 48-byte overhead", ["TruncatedBox"], .boxDoesNotOpen) {
            Array($0.prefix(48))
        }
        try tampered("box missing its last byte", ["TruncatedBox"], .boxDoesNotOpen) { Array($0.dropLast()) }
        try tampered("empty box", ["TruncatedBox"], .boxTooShort) { _ in [] }
        try tampered(
            "bit 0 of the ephemeral key flipped", ["ModifiedEphemeralKey"], .boxDoesNotOpen, F.flipBit(0, bit: 0))
        try tampered(
            "bit 3 of ephemeral key byte 17 flipped", ["ModifiedEphemeralKey"], .boxDoesNotOpen, F.flipBit(17, bit: 3))
        try tampered(
            "top bit of the ephemeral key flipped", ["EphemeralKeyHighBit"], .boxDoesNotOpen, F.flipBit(31, bit: 7))
        try tampered("ephemeral key replaced by the all-zero point", ["LowOrderEphemeralKey"], .boxDoesNotOpen) {
            [UInt8](repeating: 0, count: 32) + $0.dropFirst(32)
        }
        try tampered("bit 0 of the tag flipped", ["ModifiedTag"], .boxDoesNotOpen, F.flipBit(32, bit: 0))
        try tampered("last bit of the tag flipped", ["ModifiedTag"], .boxDoesNotOpen, F.flipBit(47, bit: 7))
        try tampered("first ciphertext byte flipped", ["ModifiedCiphertext"], .boxDoesNotOpen, F.flipBit(48, bit: 0))
        try tampered("last ciphertext bit flipped", ["ModifiedCiphertext"], .boxDoesNotOpen) {
            var b = $0
            b[b.count - 1] ^= 0x80
            return b
        }
        try tampered("one zero byte appended", ["AppendedData"], .boxDoesNotOpen) { $0 + [0] }
        let wrongRecipient = F.seal(
            plaintext: F.fcm().plaintext, label: "wrong-recipient", to: F.strangerKey, naming: F.currentKey)
        try bad(
            "sealed to another key while naming the current key", ["WrongRecipient"], .boxDoesNotOpen, wrongRecipient)
        let previousNamedCurrent = F.seal(
            plaintext: F.fcm().plaintext, label: "key-swap", to: F.previousKey, naming: F.currentKey)
        try bad(
            "sealed to the previous key while naming the current key", ["WrongRecipient"], .boxDoesNotOpen,
            previousNamedCurrent)

        // The plaintext.
        func raw(_ label: String, _ bytes: [UInt8]) -> F.Sealed { F.seal(plaintext: bytes, label: label) }
        let tok = JSONValue.string(F.fcmToken)
        let ts = JSONValue.integer(t)
        try bad(
            "plaintext is not JSON", ["PlaintextNotJson"], .plaintextNotJSON,
            raw("not-json", Array("token_kind=fcm&token=c0ffee".utf8)))
        try bad("empty plaintext", ["PlaintextNotJson"], .plaintextNotJSON, raw("empty", []))
        try bad(
            "plaintext is not UTF-8", ["PlaintextNotJson"], .plaintextNotJSON,
            raw(
                "not-utf8",
                Array("{\"token_kind\":\"fcm\",\"token\":\"".utf8) + [0xC3, 0x28] + Array("\",\"timestamp\":\(t)}".utf8)
            ))
        try bad(
            "plaintext is a JSON array", ["PlaintextNotJson"], .plaintextNotObject,
            raw("array", F.plaintext(["fcm", tok, ts])))
        try bad(
            "plaintext is JSON truncated mid-object", ["PlaintextNotJson"], .plaintextNotJSON,
            raw("truncated-json", Array(F.fcm().plaintext.dropLast())))
        try bad(
            "token_kind missing", ["PlaintextSchema"], .missingField("token_kind"),
            raw("no-kind", F.plaintext(["token": tok, "timestamp": ts])))
        try bad(
            "token missing", ["PlaintextSchema"], .missingField("token"),
            raw("no-token", F.plaintext(["token_kind": "fcm", "timestamp": ts])))
        try bad(
            "timestamp missing", ["PlaintextSchema"], .missingField("timestamp"),
            raw("no-ts", F.plaintext(["token_kind": "fcm", "token": tok])))
        try bad(
            "token is a number", ["PlaintextSchema"], .wrongType("token"),
            raw("token-number", F.plaintext(["token_kind": "fcm", "token": 12345, "timestamp": ts])))
        try bad(
            "token is null", ["PlaintextSchema"], .wrongType("token"),
            raw("token-null", F.plaintext(["token_kind": "fcm", "token": nil, "timestamp": ts])))
        try bad(
            "token_kind is a number", ["PlaintextSchema"], .wrongType("token_kind"),
            raw("kind-number", F.plaintext(["token_kind": 1, "token": tok, "timestamp": ts])))
        try bad(
            "timestamp with a fractional part", ["PlaintextSchema"], .wrongType("timestamp"),
            raw("ts-fraction", F.plaintext(["token_kind": "fcm", "token": tok, "timestamp": .number("\(t).5")])))
        let boolTime = raw("ts-bool", F.plaintext(["token_kind": "fcm", "token": tok, "timestamp": true]))
        try lenient(
            "timestamp is a boolean (pydantic's lax mode reads true as 1, so the deployed bouncer answers "
                + "REQUEST_EXPIRED; PushProof recommends BAD_REQUEST: hardened tcId 1001)",
            ["PlaintextSchema", "LaxTimestamp"], deployed: .invalid, code: .badRequest,
            reason: .wrongType("timestamp"), boolTime.request,
            boolTime.intermediate,
            source:
                "zulip/zulip@5bbfa671:zilencer/views.py:562 (timestamp: int, no strict mode), :620-621 (model_validate_json), :630-634 (then the liveness check: true read as 1 is expired, REQUEST_EXPIRED); pydantic/pydantic@d45d8be3 (tag v2.13.1; pydantic 2.13.1 and pydantic-core 2.46.1, the versions zulip/zulip@00a34930:uv.lock pins):pydantic/_internal/_config.py:292 (strict=False by default), pydantic-core/src/input/input_json.rs:168 (lax mode: a JSON bool is the int 0 or 1)"
        )
        try bad(
            "timestamp is a non-numeric string", ["PlaintextSchema"], .wrongType("timestamp"),
            raw("ts-word", F.plaintext(["token_kind": "fcm", "token": tok, "timestamp": "yesterday"])))
        try bad(
            "token_kind \"gcm\"", ["TokenKind"], .unknownTokenKind,
            raw("kind-gcm", F.plaintext(["token_kind": "gcm", "token": tok, "timestamp": ts])))
        try bad(
            "token_kind in upper case", ["TokenKind"], .unknownTokenKind,
            raw("kind-upper", F.plaintext(["token_kind": "FCM", "token": tok, "timestamp": ts])))
        try bad("empty token", ["TokenLengthBoundary"], .tokenLength(0), F.seal(F.fcm(""), label: "len-0"))
        try bad(
            "token of 4097 characters", ["TokenLengthBoundary"], .tokenLength(4097),
            F.seal(F.fcm(String(repeating: "f", count: 4097)), label: "len-4097"))
        try bad(
            "4097 code points of 2 UTF-8 bytes", ["TokenLengthInCodePoints", "TokenLengthBoundary"], .tokenLength(4097),
            F.seal(F.fcm(String(repeating: "é", count: 4097)), label: "len-4097-2byte"))
        try bad(
            "APNs without ios_app_id", ["IosAppIdRule"], .iosAppIdMissing,
            F.seal(F.apns(app: nil), label: "apns-no-app"))
        try bad(
            "FCM with ios_app_id", ["IosAppIdRule"], .iosAppIdForbidden,
            raw(
                "fcm-app",
                F.plaintext(["token_kind": "fcm", "token": tok, "timestamp": ts, "ios_app_id": .string(F.iosAppId)])))
        let otherApp = F.seal(F.apns(app: "com.example.Other"), label: "apns-other-app")
        try lenient(
            "APNs with an unknown ios_app_id (the deployed bouncer checks only the pattern ^[.a-zA-Z0-9-]+$ and "
                + "stores it; PushProof recommends refusing it: hardened tcId 1002)",
            ["IosAppIdRule", "AnyIosAppId", "SourceLinesNotRead"], deployed: .valid, code: .badRequest,
            reason: .iosAppIdUnknown, otherApp.request, otherApp.intermediate,
            source:
                "zulip/zulip@5bbfa671:zilencer/views.py:561 (ios_app_id: ApnsAppId | None = None; nothing on the registration path, 558-655, compares it with a list of apps: stored), :648-655; zulip/zulip@b0f5ce47:zerver/lib/typed_endpoint.py:111 (ApnsAppId = Annotated[str, StringConstraints(pattern=\"^[.a-zA-Z0-9-]+$\")]; the only stored copy, 2024, older than FL 468: the FL 468+ bouncer imports it unchanged in name, views.py@5bbfa671:88-95, 561); pydantic/pydantic@d45d8be3 (tag v2.13.1; pydantic 2.13.1 and pydantic-core 2.46.1, the versions zulip/zulip@00a34930:uv.lock pins):pydantic/_internal/_config.py:311 (regex_engine='rust-regex' by default), pydantic-core/src/validators/string.rs:193-206 (the engine chosen: rust-regex unless configured), :291-330 (Regex::new), :333-335 (Regex::is_match), :158-167 (no match: string_pattern_mismatch)"
        )
        try bad(
            "APNs with ios_app_id as a number", ["IosAppIdRule", "PlaintextSchema"], .wrongType("ios_app_id"),
            raw(
                "apns-app-number",
                F.plaintext(["token_kind": "apns", "token": .string(F.apnsToken), "timestamp": ts, "ios_app_id": 7])))
        try bad(
            "APNs token with non-hex letters", ["ApnsTokenNotHex"], .apnsTokenNotHex,
            F.seal(F.apns("zz" + F.apnsToken.dropFirst(2)), label: "apns-zz"))
        let spaced = F.seal(F.apns(F.apnsToken.prefix(32) + " " + F.apnsToken.dropFirst(32)), label: "apns-space")
        try lenient(
            "APNs token with a space (the deployed bouncer reads the token with bytes.fromhex, which skips "
                + "whitespace between digit pairs, and stores it; PushProof recommends refusing it: hardened tcId 1003)",
            ["ApnsTokenNotHex", "FromHexWhitespace", "SourceLinesNotRead"], deployed: .valid, code: .badRequest,
            reason: .apnsTokenNotHex,
            spaced.request,
            spaced.intermediate,
            source:
                "zulip/zulip@5bbfa671:zilencer/views.py:569-573 (an APNs token is valid if bytes.fromhex accepts it: stored as sent, space included), :625-628 (its token_id hashes that spelling), :648-655; CPython's bytes.fromhex skips ASCII whitespace between digit pairs (its docstring: 'Spaces between two numbers are accepted'; Objects/bytesobject.c lines not read; checked on CPython 3.11.7)"
        )
        try bad(
            "APNs token with full-width digits", ["ApnsTokenNotHex", "NonAsciiToken"], .apnsTokenNotHex,
            F.seal(F.apns("１２３４"), label: "apns-fullwidth"))
        let extra = raw("extra", F.plaintext(["token_kind": "fcm", "token": tok, "timestamp": ts, "note": "hello"]))
        try lenient(
            "an extra field in the plaintext (pydantic ignores it: stored; PushProof recommends refusing it: "
                + "hardened tcId 1004)", ["ExtraField"], deployed: .valid, code: .badRequest, reason: .unexpectedField,
            extra.request, extra.intermediate)
        let duplicate = raw(
            "duplicate",
            Array(
                "{\"token_kind\":\"apns\",\"token_kind\":\"fcm\",\"token\":\"\(F.fcmToken)\",\"timestamp\":\(t)}".utf8))
        try lenient(
            "token_kind given twice, the last one valid (pydantic keeps the last: stored; PushProof recommends "
                + "refusing it: hardened tcId 1005)", ["DuplicateKey"], deployed: .valid, code: .badRequest,
            reason: .plaintextNotJSON,
            duplicate.request, duplicate.intermediate)
        let stringTime = raw(
            "ts-string", F.plaintext(["token_kind": "fcm", "token": tok, "timestamp": .string(String(t))]))
        try lenient(
            "timestamp as a numeric string (pydantic's lax mode reads it as the integer: stored; PushProof "
                + "recommends refusing it: hardened tcId 1006)", ["LaxTimestamp"], deployed: .valid, code: .badRequest,
            reason: .wrongType("timestamp"), stringTime.request, stringTime.intermediate)
        let floatTime = raw(
            "ts-float", F.plaintext(["token_kind": "fcm", "token": tok, "timestamp": .number("\(t).0")]))
        try lenient(
            "timestamp as an integral float (pydantic's lax mode reads it as the integer: stored; PushProof "
                + "recommends refusing it: hardened tcId 1007)", ["LaxTimestamp"], deployed: .valid, code: .badRequest,
            reason: .wrongType("timestamp"), floatTime.request, floatTime.intermediate)

        // token_id and the request itself.
        let mismatch = F.seal(plaintext: F.fcm().plaintext, label: "token-id-mismatch", tokenIdOf: "some-other-token")
        try bad("token_id of another token", ["TokenIdMismatch"], .tokenIdMismatch, mismatch)
        let caseMismatch = F.seal(
            plaintext: F.apns().plaintext, label: "token-id-case", tokenIdOf: F.apnsToken.uppercased())
        try bad("token_id of the APNs token in another case", ["TokenIdMismatch"], .tokenIdMismatch, caseMismatch)
        var shortId = F.seal(F.fcm(), label: "token-id-short").request
        shortId.tokenId = Base64.encode(Array(TokenId(token: F.fcmToken).bytes.prefix(7)))
        try invalid(
            "token_id of 7 bytes", ["MalformedRequest"], .badRequest, .malformedRequestField("token_id"), shortId, nil)
        var noId = F.seal(F.fcm(), label: "token-id-none").request
        noId.tokenId = nil
        try invalid("token_id null", ["MalformedRequest"], .badRequest, .malformedRequestField("token_id"), noId, nil)

        // Base64 spellings of encrypted_push_registration.
        let b = F.seal(F.fcm(), label: "base64")
        let canonical = b.request.encryptedPushRegistration
        var wrapped = b.request
        wrapped.encryptedPushRegistration = stride(from: 0, to: canonical.count, by: 76).map { i in
            let start = canonical.index(canonical.startIndex, offsetBy: i)
            return String(
                canonical[
                    start..<(canonical.index(start, offsetBy: 76, limitedBy: canonical.endIndex) ?? canonical.endIndex)]
            )
        }.joined(separator: "\n")
        try lenient(
            "base64 wrapped at 76 columns with newlines (b64decode drops them: stored; PushProof recommends "
                + "refusing it: hardened tcId 1008)", ["Base64Whitespace"], deployed: .valid, code: .badRequest,
            reason: .registrationNotBase64,
            wrapped, b.intermediate)
        var padded = b.request
        padded.encryptedPushRegistration = " " + canonical + " "
        try lenient(
            "base64 with a leading and a trailing space (b64decode drops them: stored; PushProof recommends "
                + "refusing it: hardened tcId 1009)", ["Base64Whitespace"], deployed: .valid, code: .badRequest,
            reason: .registrationNotBase64,
            padded, b.intermediate)
        var urlSafe = b.request
        urlSafe.encryptedPushRegistration = Base64.encode(b.box, variant: .urlSafeNoPadding)
        try lenient(
            "URL-safe alphabet without padding (b64decode drops - and _ and fails on the padding, an uncaught "
                + "binascii.Error: HTTP 500; PushProof recommends BAD_REQUEST: hardened tcId 1010)", ["Base64UrlSafe"],
            deployed: .invalid, code: .badRequest, reason: .registrationNotBase64, urlSafe, b.intermediate)
        var unpadded = b.request
        unpadded.encryptedPushRegistration = String(canonical.reversed().drop { $0 == "=" }.reversed())
        try lenient(
            "standard alphabet with the padding removed (an uncaught binascii.Error: HTTP 500; PushProof "
                + "recommends BAD_REQUEST: hardened tcId 1011)", ["Base64MissingPadding"], deployed: .invalid,
            code: .badRequest, reason: .registrationNotBase64, unpadded, b.intermediate)
        var nonCanonical = b.request
        nonCanonical.encryptedPushRegistration = bumpTrailingBits(canonical)
        try lenient(
            "non-zero unused bits in the last symbol (the deployed bouncer decodes and stores it; PushProof "
                + "recommends refusing it: hardened tcId 1012)", ["Base64NonCanonical"], deployed: .valid,
            code: .badRequest, reason: .registrationNotBase64, nonCanonical, b.intermediate)
        // bytes.fromhex refuses a lone hex digit, so the strict rule refuses it too (tcId 80,
        // docs/audit/registration.md).
        try bad(
            "APNs token with an odd number of hex digits (bytes.fromhex refuses a lone digit)",
            ["ApnsTokenNotHex", "SourceLinesNotRead"],
            .apnsTokenNotHex, F.seal(F.apns(String(F.apnsToken.dropLast())), label: "apns-odd"),
            source:
                "zulip/zulip@5bbfa671:zilencer/views.py:569-573 (an APNs token must pass bytes.fromhex), :589-590, :620-623 (BAD_REQUEST); CPython's bytes.fromhex refuses a lone final digit ('non-hexadecimal number found'; Objects/bytesobject.c lines not read; checked on CPython 3.11.7)"
        )
        // pydantic's string-to-integer reading, and the app id pattern's refusal (tcIds 81, 82).
        let spelledTime = raw(
            "ts-string-spelled",
            F.plaintext(["token_kind": "fcm", "token": tok, "timestamp": .string(" +1_772_513_819.00 ")]))
        try lenient(
            "timestamp as a string with spaces, a sign, underscores and a zero fraction (pydantic reads it as the "
                + "integer: stored; PushProof recommends refusing it: hardened tcId 1013)", ["LaxTimestamp"],
            deployed: .valid, code: .badRequest,
            reason: .wrongType("timestamp"), spelledTime.request, spelledTime.intermediate,
            source:
                "zulip/zulip@5bbfa671:zilencer/views.py:562 (timestamp: int), :620-621 (model_validate_json, lax mode); pydantic/pydantic@d45d8be3 (tag v2.13.1; pydantic 2.13.1 and pydantic-core 2.46.1, the versions zulip/zulip@00a34930:uv.lock pins):pydantic/_internal/_config.py:292 (strict=False), pydantic-core/src/input/input_json.rs:170 (a JSON string through str_as_int), src/input/shared.rs:77-98 (str_as_int, then clean_int_str), :111-169 (whitespace trimmed 115, a leading + dropped 118-123, a zero fraction dropped 146-151, underscores removed 154-159)"
        )
        let badApp = F.seal(F.apns(app: "org.zulip Zulip"), label: "apns-app-pattern")
        try bad(
            "APNs with an ios_app_id outside the pattern ^[.a-zA-Z0-9-]+$ (a space)",
            ["IosAppIdRule", "SourceLinesNotRead"],
            .iosAppIdUnknown, badApp,
            source:
                "zulip/zulip@5bbfa671:zilencer/views.py:561 (ios_app_id: ApnsAppId | None), :620-623 (pattern mismatch: BAD_REQUEST); zulip/zulip@b0f5ce47:zerver/lib/typed_endpoint.py:111 (ApnsAppId = Annotated[str, StringConstraints(pattern=\"^[.a-zA-Z0-9-]+$\")]; the only stored copy, 2024, older than FL 468: the FL 468+ bouncer imports it unchanged in name, views.py@5bbfa671:88-95, 561); pydantic/pydantic@d45d8be3 (tag v2.13.1; pydantic 2.13.1 and pydantic-core 2.46.1, the versions zulip/zulip@00a34930:uv.lock pins):pydantic/_internal/_config.py:311 (regex_engine='rust-regex' by default), pydantic-core/src/validators/string.rs:193-206 (the engine chosen: rust-regex unless configured), :291-330 (Regex::new), :333-335 (Regex::is_match), :158-167 (no match: string_pattern_mismatch); zulip/zulip@0c4c64bd:zerver/tests/test_push_registration.py:157-165 (test_register_push_device_error: ios_app_id '* -- +' refused)"
        )
        // Request fields a form POST cannot carry as strings, and a token_id no base64 decoder reads
        // (tcIds 83-85).
        for field in ["bouncer_public_key", "encrypted_push_registration"] {
            cases.append(
                try registrationTest(
                    "\(field) null", flags: ["MalformedRequest", "SourceLinesNotRead"], result: .invalid,
                    code: .badRequest, reason: .malformedRequestField(field),
                    request: F.seal(F.fcm(), label: "null-\(field)").request,
                    source:
                        "zulip/zulip@5bbfa671:zilencer/views.py:663-666 (realm_uuid, token_id, encrypted_push_registration and bouncer_public_key: str, no default); zulip/zulip@b0f5ce47:zerver/lib/typed_endpoint.py:522-525 (a parameter absent from the form: RequestVariableMissingError, HTTP 400, code REQUEST_VARIABLE_MISSING), :533-535 (a form value is never None): a form POST has no null",
                    nulls: [field]))
        }
        var starred = F.seal(F.fcm(), label: "token-id-stars").request
        starred.tokenId = "************"
        try invalid(
            "token_id of characters outside every base64 alphabet", ["MalformedRequest"],
            .badRequest, .malformedRequestField("token_id"), starred, nil,
            source:
                "zulip/zulip@5bbfa671:zilencer/views.py:663-666 (token_id_base64: str, not decoded on arrival), :625-628 (compared as a string with the token's base64 id: any other text is InvalidEncryptedPushRegistrationError, BAD_REQUEST); zulip/zulip@0c4c64bd:zerver/tests/test_push_registration.py:211-219 (token_id '192057': 'Invalid encrypted_push_registration')"
        )
        return cases + (try classCases())
    }
}
