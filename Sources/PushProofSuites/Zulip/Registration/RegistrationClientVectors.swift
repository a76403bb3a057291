import PushProofConformance
import PushProofCrypto
import PushProofJSON
import ZulipRegistration

/// registration_client: token_id and the sealed PushRegistration.
enum RegistrationClientVectors {
    typealias F = RegistrationFixtures

    static func tokenCase(
        _ token: String, _ comment: String, _ flags: [String], source: String? = nil, also: [JSONValue] = [],
        check: (@Sendable (OperationOutcome) throws -> Void)? = nil
    ) -> VectorCase {
        VectorCase(
            comment: comment, flags: flags, source: source, input: ["token": .string(token)],
            intermediate: [
                "tokenUtf8Hex": .string(Hex.encode(Array(token.utf8))),
                "sha256": .string(Hex.encode(SHA256.hash(Array(token.utf8)))),
            ],
            alsoAccepted: also, check: check)
    }

    /// zulip-flutter's token_id: SHA-256 over the token's UTF-16 code units, each cut to its low
    /// byte (`sha256.convert(token.codeUnits)`, lib/notifications/receive.dart:61-64 at e989e4f),
    /// then the first 8 bytes; the server reads them as a signed big-endian int64.
    static func flutterTokenId(_ token: String) -> JSONValue {
        let first8 = Array(SHA256.hash(token.utf16.map { UInt8(truncatingIfNeeded: $0) }).prefix(8))
        let int64 = first8.reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        return [
            "output": [
                "tokenId": .string(Base64.encode(first8)), "tokenIdInt64": .string(String(Int64(bitPattern: int64))),
            ]
        ]
    }

    /// A seal case; libsodium's own crypto_box_seal_open must open what the reference sealed. A
    /// non-ASCII token's seal also passes with zulip-flutter's token_id (SHA-256 over the UTF-16
    /// code units cut to bytes, receive.dart:61-64, sent as token_id by push_device.dart:211,
    /// 252-257); the server and the bouncer hash UTF-8, which stays the expected answer.
    static func sealCase(
        _ registration: PushRegistration, _ label: String, _ comment: String, _ flags: [String],
        key: X25519.KeyPair = F.currentKey, registrationJSON: JSONValue? = nil
    ) -> VectorCase {
        let esk = F.ephemeral("client/\(label)")
        let plaintext = registration.plaintext
        let input: JSONValue = [
            "bouncerPublicKey": .string(F.b64(key)),
            "ephemeralSecretKey": .string(Hex.encode(esk.bytes.revealedBytes())),
            "registration": registrationJSON ?? registration.json,
        ]
        var comment = comment
        var flags = flags
        var also: [JSONValue] = []
        if !registration.token.allSatisfy(\.isASCII),
            let output = try? RegistrationOperations.seal(
                OperationRequest(operation: .registrationSeal, profile: .deployed, input: input)),
            let flutter = flutterTokenId(registration.token)["output"]?["tokenId"]
        {
            comment += " (zulip-flutter's token_id, over the token's UTF-16 code units, passes too)"
            flags.append("ClientServerDisagree")
            also = [["output": output.setting("tokenId", to: flutter)]]
        }
        return VectorCase(
            comment: comment, flags: flags, input: input,
            intermediate: [
                "ephemeralPublicKey": .string(Hex.encode(esk.publicKey.rawBytes)),
                "plaintextHex": .string(Hex.encode(plaintext)),
            ], alsoAccepted: also,
            check: { answer in
                guard case .output(let out) = answer, let text = out["encryptedPushRegistration"]?.stringValue,
                    let box = try? Base64.decode(text),
                    (try? SealedBox.Libsodium.open(box, recipient: key)) == plaintext
                else { throw GeneratorError("crypto_box_seal_open does not open the reference box") }
            })
    }

    /// zulip-flutter computes token_id (receive.dart); the server and bouncer hash the token's
    /// UTF-8 (docs/audit/registration.md, part 3).
    static let tokenIdSource =
        "zulip/zulip-flutter@e989e4f:lib/notifications/receive.dart:61-64 (ASCII: the same bytes as the server's UTF-8)"
    /// zulip-flutter writes and seals the PushRegistration.
    static let sealSource =
        "zulip/zulip-flutter@e989e4f:lib/api/route/notifications.dart:72-88; lib/model/push_device.dart:240-250, 284-288"

    /// Tokens with white space or a line end around them are hashed as given: nothing trims them.
    /// Where the added character is not ASCII, zulip-flutter's hash of UTF-16 units cut to bytes
    /// differs from the server's UTF-8, and passes too.
    static func whitespaceTokens() -> [VectorCase] {
        let ascii: [(String, String)] = [
            ("c0ffee\n", "a trailing line feed"), ("c0ffee\r\n", "a trailing CR LF"), (" c0ffee", "a leading space"),
            ("c0ffee ", "a trailing space"), ("\tc0ffee", "a leading tab"), ("C0FFEE", "upper case"),
        ]
        let nonASCII: [(String, String)] = [
            ("c0ffee\u{A0}", "a trailing no-break space"), ("\u{FEFF}c0ffee", "a leading byte order mark"),
        ]
        return ascii.map { token, what in
            tokenCase(token, "the example token with \(what): hashed as given", ["TokenSpelling"])
        }
            + nonASCII.map { token, what in
                tokenCase(
                    token, "the example token with \(what): hashed as given",
                    ["TokenSpelling", "ClientServerDisagree"],
                    source:
                        "zulip/zulip-flutter@e989e4f:lib/notifications/receive.dart:61-64 (sha256.convert(token.codeUnits)); "
                        + "the server hashes UTF-8 (docs/audit/registration.md, part 3)",
                    also: [flutterTokenId(token)])
            }
    }

    /// Seals whose plaintext holds characters JSON writers spell differently, and an FCM
    /// registration given `"ios_app_id": null` (zulip-flutter's `?instance.iosAppId` omits it).
    static func encoderSeals() -> [VectorCase] {
        let t = F.timestamp
        let tokens: [(String, String)] = [
            ("a/b", "a solidus (not escaped)"), ("a<b>&'", "HTML characters (not escaped)"),
            ("a\u{2028}b\u{2029}c", "U+2028 and U+2029 (not escaped)"), ("a\u{7F}b", "DEL (not escaped)"),
            ("a\u{1F}b", "U+001F (escaped as \\u001f)"), ("a\u{0}b", "NUL (escaped as \\u0000)"),
            ("a\u{8}b\u{C}c", "backspace and form feed (escaped as \\b and \\f)"),
            ("a\u{85}b\u{FFFD}c", "NEL and U+FFFD (not escaped)"),
        ]
        let reg = { (token: String) in PushRegistration(tokenKind: .fcm, token: token, timestamp: t) }
        var seals = tokens.enumerated().map { n, token in
            sealCase(reg(token.0), "encoder-\(n)", "a token with \(token.1)", ["EncoderCharacters"])
        }
        let withNull = reg(F.fcmToken)
        seals.append(
            sealCase(
                withNull, "fcm-null-app-id", "FCM registration given ios_app_id null: the plaintext has no ios_app_id",
                ["OptionalField"],
                registrationJSON: withNull.json.setting("ios_app_id", to: .null)))
        return seals
    }

    static func sourced(_ c: VectorCase, _ source: String) -> VectorCase {
        guard c.source == nil else { return c }
        var sourcedCase = c
        sourcedCase.source = source
        return sourcedCase
    }

    static func file() throws -> VectorFileDeclaration {
        let tokens =
            [
                // The published example: generation stops if the reference disagrees with it.
                tokenCase("c0ffee", "the deployed documentation's example", ["KnownAnswer"]) { answer in
                    guard answer == .output(["tokenId": "+wKIhyAx/Eg=", "tokenIdInt64": "-359574906294109112"]) else {
                        throw GeneratorError(
                            "token_id of \"c0ffee\" does not match the deployed system's published value")
                    }
                },
                tokenCase(F.fcmToken, "an FCM token", ["Normal"]),
                tokenCase(F.apnsToken, "an APNs token (64 hex digits)", ["Normal"]),
                tokenCase(F.apnsToken.uppercased(), "the same APNs token in upper case hashes differently", ["Normal"]),
                tokenCase(
                    F.nonAsciiToken,
                    "a non-ASCII token hashes its UTF-8 bytes, as the server does; zulip-flutter hashes its UTF-16 code "
                        + "units cut to bytes, which passes too",
                    ["NonAsciiToken", "ClientServerDisagree"],
                    source:
                        "zulip/zulip-flutter@e989e4f:lib/notifications/receive.dart:61-64 (sha256.convert(token.codeUnits)); "
                        + "the server hashes UTF-8 (docs/audit/registration.md, part 3)",
                    also: [flutterTokenId(F.nonAsciiToken)]),
                tokenCase("x", "a one-character token", ["TokenLengthBoundary"]),
                tokenCase(String(repeating: "a", count: 4096), "a 4096-character token", ["TokenLengthBoundary"]),
            ] + whitespaceTokens()
        let t = F.timestamp
        let deployedSeals = [
            sealCase(
                PushRegistration(tokenKind: .fcm, token: "c0ffee", timestamp: t), "fcm-c0ffee",
                "FCM, the deployed documentation's example plaintext", ["KnownAnswer"]),
            sealCase(
                PushRegistration(tokenKind: .fcm, token: F.fcmToken, timestamp: t), "fcm", "FCM registration",
                ["Normal"]),
            sealCase(
                PushRegistration(tokenKind: .apns, token: F.apnsToken, timestamp: t, iosAppId: F.iosAppId), "apns",
                "APNs registration with ios_app_id last", ["Normal"]),
            sealCase(
                PushRegistration(tokenKind: .fcm, token: F.nonAsciiToken, timestamp: t), "non-ascii",
                "non-ASCII token, written as raw UTF-8 in the JSON", ["NonAsciiToken"]),
            sealCase(
                PushRegistration(tokenKind: .fcm, token: "quote\"back\\slash\ttab", timestamp: t), "escapes",
                "a token with characters JSON must escape", ["Normal"]),
            sealCase(
                PushRegistration(tokenKind: .fcm, token: F.fcmToken, timestamp: t), "previous-key",
                "sealed to the previous release's key", ["KeyRotation"], key: F.previousKey),
        ]
        let proposalSeals = [
            sealCase(
                PushRegistration(tokenKind: .fcm, token: F.fcmToken, timestamp: t), "proposal-fcm",
                "proposal profile, FCM", ["Normal"]),
            sealCase(
                PushRegistration(tokenKind: .apns, token: F.apnsToken, timestamp: t), "proposal-apns",
                "proposal profile, APNs: no ios_app_id in this profile", ["Normal"]),
        ]
        return VectorFileDeclaration(
            name: "registration_client", protocolName: "zulip-push-registration", notes: RegistrationNotes.catalogue,
            header: [
                "Client side of Zulip's sealed push registration: token_id and the sealed PushRegistration.",
                "registration.seal is deterministic given ephemeralSecretKey; compare every output byte for byte.",
                "Keys: X25519 from crypto_box_seed_keypair(SHA-256(\"pushproof/bouncer-key/<label>\")); ephemeral secret keys are SHA-256(\"pushproof/ephemeral/<label>\").",
            ],
            groups: [
                .init(
                    operation: .registrationTokenId,
                    description:
                        "token_id = base64(SHA-256(UTF-8 token)[0..8]); tokenIdInt64 is the big-endian signed value the server stores, as a decimal string.",
                    ids: .from(1), cases: tokens.map { sourced($0, Self.tokenIdSource) }),
                .init(
                    operation: .registrationSeal,
                    description:
                        "Compact JSON plaintext (token_kind, token, timestamp, ios_app_id) sealed with crypto_box_seal's construction.",
                    ids: .from(101), cases: deployedSeals.map { sourced($0, Self.sealSource) }),
                .init(
                    operation: .registrationSeal, profile: .proposal,
                    description: "Proposal profile: the plaintext has no ios_app_id.",
                    ids: .block(107...200), cases: proposalSeals),
                .init(
                    operation: .registrationSeal,
                    description:
                        "The plaintext's bytes where JSON writers differ (Dart's jsonEncode escapes only quote, backslash and controls, these with \\b \\t \\n \\f \\r or a lower-case \\u00xx), and an absent ios_app_id given as null.",
                    ids: .block(201...300), cases: encoderSeals().map { sourced($0, Self.sealSource) }),
                .init(
                    operation: .registrationTokenId,
                    description: "The tokens of zulip-flutter's own push_device_test.dart.",
                    ids: .block(301...350), cases: try upstreamTestCases()),
                .init(
                    operation: .registrationSeal,
                    description: "The registrations zulip-flutter's own push_device_test.dart seals.",
                    ids: .block(351...400), cases: try upstreamSealTestCases()),
            ])
    }
}
