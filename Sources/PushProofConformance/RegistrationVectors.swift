import PushProofCrypto
import PushProofJSON
import ZulipRegistration

/// Fixed inputs of the registration vectors. Every key comes from a labelled seed, so anyone
/// can re-derive it; every clock is pinned.
enum RegistrationFixtures {
    /// The example timestamp of the deployed system's documentation.
    static let timestamp: Int64 = 1_772_513_819
    /// The bouncer's clock in every vector unless a case says otherwise: two minutes later.
    static let now: Int64 = timestamp + 120
    static let realm = "0b5f9c7e-3f4e-4a7d-8d8b-2f6a5c1e9d40"
    static let otherRealm = "c3a1e0d2-7b6f-4e59-9a0c-5d4b3a2f1e08"
    static let iosAppId = "org.zulip.Zulip"

    static func seedKeyPair(_ label: String) -> X25519.KeyPair {
        try! X25519.KeyPair(seed: SHA256.hash(Array("pushproof/bouncer-key/\(label)".utf8)))
    }

    /// The key baked into the current app release.
    static let currentKey = seedKeyPair("2026")
    /// The previous release's key, still in the ring.
    static let previousKey = seedKeyPair("2025")
    /// A key that was in the ring and has been retired.
    static let retiredKey = seedKeyPair("2024")
    /// A key the bouncer never had.
    static let strangerKey = seedKeyPair("stranger")

    static func ephemeral(_ label: String) -> X25519.SecretKey {
        try! X25519.SecretKey(rawBytes: SHA256.hash(Array("pushproof/ephemeral/\(label)".utf8)))
    }

    static let fcmToken = "cXk9b2Jd:APA91b" + Base64.encode(SHA256.hash(Array("pushproof/fcm-token".utf8)), variant: .urlSafeNoPadding)
    static let apnsToken = Hex.encode(SHA256.hash(Array("pushproof/apns-token".utf8)))
    static let nonAsciiToken = "tökén-推送-☃-𝄞-" + String(repeating: "é", count: 3)

    static func b64(_ key: X25519.KeyPair) -> String { Base64.encode(key.publicKey.rawBytes) }

    static func ringJSON(_ entries: [(X25519.KeyPair, String)]) -> JSONValue {
        .array(entries.map { pair, status in
            ["publicKey": .string(b64(pair)), "secretKey": .string(Hex.encode(pair.secretKey.bytes.revealedBytes())),
             "status": .string(status)]
        })
    }

    static let standardRing = ringJSON([(currentKey, "active"), (previousKey, "active"), (retiredKey, "retired")])
}

enum RegistrationVectors {
    typealias F = RegistrationFixtures

    static func files() throws -> [VectorFile] {
        [try clientFile(), try bouncerFile(), try serverFile()]
    }

    static let notes: [String: VectorNote] = [
        "Normal": .init(bugType: "BASIC", description: "An ordinary registration that every implementation must handle."),
        "KnownAnswer": .init(bugType: "BASIC", description: "A value published by the deployed system's own documentation or tests."),
        "NonAsciiToken": .init(bugType: "EDGE_CASE", description: "The token has non-ASCII characters: token_id hashes its UTF-8 bytes and JSON carries them unescaped."),
        "TokenLengthBoundary": .init(bugType: "EDGE_CASE", description: "Token length at or just past the allowed 1..4096 characters."),
        "TokenLengthInCodePoints": .init(bugType: "EDGE_CASE", description: "Length counts Unicode code points (Python len), not UTF-8 bytes or UTF-16 units."),
        "LivenessBoundary": .init(bugType: "EDGE_CASE", description: "now - timestamp exactly 86400 s is still live; 86401 s is expired (the check is `>`)."),
        "Expired": .init(bugType: "MISSING_STEP", description: "The registration is older than 24 h: a bouncer that skips the liveness check accepts replays."),
        "FutureTimestamp": .init(bugType: "LENIENCY", description: "The timestamp is in the future. The deployed bouncer accepts it (no check exists); a stricter bouncer may refuse it with BAD_REQUEST."),
        "Dedup": .init(bugType: "FUNCTIONALITY", description: "A registration already on record: the bouncer returns the existing record instead of creating another (deployed: unique on token_id and realm; proposal: on token and push_account_id)."),
        "KeyRotation": .init(bugType: "FUNCTIONALITY", description: "Sealed to an older key that is still in the ring: older app releases must keep working."),
        "RetiredKey": .init(bugType: "AUTH_BYPASS", description: "Sealed to a key that was retired from the ring: INVALID_BOUNCER_PUBLIC_KEY."),
        "UnknownKey": .init(bugType: "AUTH_BYPASS", description: "bouncer_public_key is not in the ring: INVALID_BOUNCER_PUBLIC_KEY."),
        "NonCanonicalKeyString": .init(bugType: "EDGE_CASE", description: "bouncer_public_key is looked up as the exact string: another spelling of a known key is unknown."),
        "TruncatedBox": .init(bugType: "MODIFIED_PARAMETER", description: "The sealed box is cut short, below or above its 48-byte overhead."),
        "ModifiedEphemeralKey": .init(bugType: "MALLEABILITY", description: "A bit of the ephemeral public key (bytes 0..31 of the box) is flipped."),
        "EphemeralKeyHighBit": .init(bugType: "MALLEABILITY", description: "The top bit of the ephemeral key is flipped: X25519 ignores it, but the nonce hashes the key as sent, so the box must not open."),
        "ModifiedTag": .init(bugType: "MALLEABILITY", description: "A bit of the Poly1305 tag (bytes 32..47 of the box) is flipped."),
        "ModifiedCiphertext": .init(bugType: "MALLEABILITY", description: "A bit of the ciphertext (bytes 48.. of the box) is flipped."),
        "AppendedData": .init(bugType: "MALLEABILITY", description: "Bytes are appended to a valid box."),
        "LowOrderEphemeralKey": .init(bugType: "EDGE_CASE", description: "The ephemeral key is a low-order point (all zeros): the shared secret is zero and libsodium refuses it."),
        "WrongRecipient": .init(bugType: "AUTH_BYPASS", description: "Sealed to a key the bouncer does not hold while naming one it does."),
        "PlaintextNotJson": .init(bugType: "MODIFIED_PARAMETER", description: "The box opens but the plaintext is not a JSON object in UTF-8."),
        "PlaintextSchema": .init(bugType: "MISSING_STEP", description: "A PushRegistration field is missing or has the wrong JSON type."),
        "TokenKind": .init(bugType: "MISSING_STEP", description: "token_kind is not exactly \"fcm\" or \"apns\"."),
        "IosAppIdRule": .init(bugType: "MISSING_STEP", description: "Deployed: APNs requires ios_app_id (a known app id), FCM must not carry one."),
        "ApnsTokenNotHex": .init(bugType: "MISSING_STEP", description: "An APNs token must be hexadecimal."),
        "ExtraField": .init(bugType: "LENIENCY", description: "The plaintext has a field the schema does not define. Strict answer BAD_REQUEST; the deployed bouncer (pydantic, no extra=forbid) ignores it."),
        "DuplicateKey": .init(bugType: "LENIENCY", description: "The plaintext repeats a key. Strict answer BAD_REQUEST; the deployed bouncer (Python json) keeps the last value."),
        "LaxTimestamp": .init(bugType: "LENIENCY", description: "timestamp is a numeric string or an integral float. Strict answer BAD_REQUEST; the deployed bouncer (pydantic lax mode) coerces it to an integer."),
        "TokenIdMismatch": .init(bugType: "MISSING_STEP", description: "token_id does not match the decrypted token: a bouncer that skips the match lets a server claim any token id."),
        "MalformedRequest": .init(bugType: "MODIFIED_PARAMETER", description: "A request field is missing or malformed before any decryption."),
        "Base64Whitespace": .init(bugType: "LENIENCY", description: "encrypted_push_registration has whitespace in it. Strict answer BAD_REQUEST; the deployed bouncer (Python's non-validating b64decode) drops it and accepts."),
        "Base64UrlSafe": .init(bugType: "MODIFIED_PARAMETER", description: "encrypted_push_registration uses the URL-safe alphabet; the wire format is standard base64. deployedAnswer shows what Python's decoder, which drops '-' and '_', makes of it."),
        "Base64MissingPadding": .init(bugType: "KNOWN_BUG", description: "encrypted_push_registration lacks its '=' padding. Strict answer BAD_REQUEST; the deployed bouncer raises an uncaught binascii.Error (HTTP 500, shown as SERVER_ERROR in deployedAnswer)."),
        "Base64NonCanonical": .init(bugType: "MALLEABILITY", description: "The unused low bits of the last base64 symbol are not zero: a second spelling of the same bytes, refused by a strict decoder."),
        "ExactMessage": .init(bugType: "DEFINED", description: "The error message is the deployed Zulip server's exact text and is compared."),
        "ReferenceMessage": .init(bugType: "DEFINED", description: "The deployed text is not known; the message is PushProof's choice and is compared, so other implementations may need to map their text."),
        "GroupRule": .init(bugType: "MISSING_STEP", description: "The key group (push_key_id, push_key) and the token group (token_kind, token_id, bouncer_public_key, encrypted_push_registration) are each all present or all absent, and at least one is present."),
        "PushKeyFormat": .init(bugType: "MODIFIED_PARAMETER", description: "push_key must be base64 of 33 bytes whose first byte is the type byte 0x31."),
        "Uint32Range": .init(bugType: "EDGE_CASE", description: "push_key_id must be an unsigned 32-bit integer."),
        "Lifecycle": .init(bugType: "FUNCTIONALITY", description: "A trace of requests and bouncer answers with the server's state after each step."),
        "TransientFailure": .init(bugType: "FUNCTIONALITY", description: "A 5xx or network failure keeps the registration pending and schedules a retry."),
        "TerminalError": .init(bugType: "FUNCTIONALITY", description: "A refusal drops the pending registration and reports its code; an active registration stays active."),
    ]

    // MARK: - registration_client

    static func clientFile() throws -> VectorFile {
        var book = NoteBook(notes)
        var tokenTests: [VectorTest] = []
        var nextId = 1
        func tokenCase(_ token: String, _ comment: String, _ flags: [String]) throws {
            let id = TokenId(token: token)
            let test = VectorTest(tcId: nextId, comment: comment, flags: flags, result: .valid,
                                  input: ["token": .string(token)],
                                  intermediate: ["tokenUtf8Hex": .string(Hex.encode(Array(token.utf8))),
                                                 "sha256": .string(Hex.encode(SHA256.hash(Array(token.utf8))))],
                                  expected: ["output": ["tokenId": .string(id.base64), "tokenIdInt64": .string(String(id.int64))]],
                                  alsoAccepted: [])
            try book.use(flags)
            try checkConsistency(test, in: "registration_client")
            tokenTests.append(test)
            nextId += 1
        }
        // The published example; the generator refuses to run if the implementation disagrees.
        let known = TokenId(token: "c0ffee")
        guard known.base64 == "+wKIhyAx/Eg=", known.int64 == -359_574_906_294_109_112 else {
            throw GeneratorError("token_id of \"c0ffee\" does not match the deployed system's published value")
        }
        try tokenCase("c0ffee", "the deployed documentation's example", ["KnownAnswer"])
        try tokenCase(F.fcmToken, "an FCM token", ["Normal"])
        try tokenCase(F.apnsToken, "an APNs token (64 hex digits)", ["Normal"])
        try tokenCase(F.apnsToken.uppercased(), "the same APNs token in upper case hashes differently", ["Normal"])
        try tokenCase(F.nonAsciiToken, "a non-ASCII token hashes its UTF-8 bytes", ["NonAsciiToken"])
        try tokenCase("x", "a one-character token", ["TokenLengthBoundary"])
        try tokenCase(String(repeating: "a", count: 4096), "a 4096-character token", ["TokenLengthBoundary"])

        var sealTests: [VectorTest] = []
        nextId = 101
        func sealCase(_ profile: RegistrationProfile, _ registration: PushRegistration, _ label: String,
                      _ comment: String, _ flags: [String], key: X25519.KeyPair = F.currentKey) throws {
            let esk = F.ephemeral("client/\(label)")
            let input: JSONValue = ["bouncerPublicKey": .string(F.b64(key)),
                                    "ephemeralSecretKey": .string(Hex.encode(esk.bytes.revealedBytes())),
                                    "registration": registration.json]
            guard case let .output(output) = ReferenceImplementation().perform(
                operation: "registration.seal", input: input.setting("profile", to: .string(profile.rawValue))) else {
                throw GeneratorError("seal case \(comment) did not produce an output")
            }
            // Cross-check: libsodium's own crypto_box_seal_open must open what the reference sealed.
            let box = try Base64.decode(output["encryptedPushRegistration"]!.stringValue!)
            guard (try? SealedBox.Libsodium.open(box, recipient: key)) == registration.plaintext else {
                throw GeneratorError("seal case \(comment): crypto_box_seal_open does not open the reference box")
            }
            let test = VectorTest(tcId: nextId, comment: comment, flags: flags, result: .valid, input: input,
                                  intermediate: ["ephemeralPublicKey": .string(Hex.encode(esk.publicKey.rawBytes)),
                                                 "plaintextHex": .string(Hex.encode(registration.plaintext))],
                                  expected: ["output": output], alsoAccepted: [])
            try book.use(flags)
            try checkConsistency(test, in: "registration_client")
            sealTests.append(test)
            nextId += 1
        }
        let t = F.timestamp
        try sealCase(.deployed, PushRegistration(tokenKind: .fcm, token: "c0ffee", timestamp: t), "fcm-c0ffee",
                     "FCM, the deployed documentation's example plaintext", ["KnownAnswer"])
        try sealCase(.deployed, PushRegistration(tokenKind: .fcm, token: F.fcmToken, timestamp: t), "fcm",
                     "FCM registration", ["Normal"])
        try sealCase(.deployed, PushRegistration(tokenKind: .apns, token: F.apnsToken, timestamp: t, iosAppId: F.iosAppId),
                     "apns", "APNs registration with ios_app_id last", ["Normal"])
        try sealCase(.deployed, PushRegistration(tokenKind: .fcm, token: F.nonAsciiToken, timestamp: t), "non-ascii",
                     "non-ASCII token, written as raw UTF-8 in the JSON", ["NonAsciiToken"])
        try sealCase(.deployed, PushRegistration(tokenKind: .fcm, token: "quote\"back\\slash\ttab", timestamp: t), "escapes",
                     "a token with characters JSON must escape", ["Normal"])
        try sealCase(.deployed, PushRegistration(tokenKind: .fcm, token: F.fcmToken, timestamp: t), "previous-key",
                     "sealed to the previous release's key", ["KeyRotation"], key: F.previousKey)
        try sealCase(.proposal, PushRegistration(tokenKind: .fcm, token: F.fcmToken, timestamp: t), "proposal-fcm",
                     "proposal profile, FCM", ["Normal"])
        try sealCase(.proposal, PushRegistration(tokenKind: .apns, token: F.apnsToken, timestamp: t), "proposal-apns",
                     "proposal profile, APNs: no ios_app_id in this profile", ["Normal"])

        let deployedSeal = sealTests.filter { !$0.comment.hasPrefix("proposal") }
        let proposalSeal = sealTests.filter { $0.comment.hasPrefix("proposal") }
        return VectorFile(
            suite: "registration_client", schema: "registration_client_schema.json",
            protocolName: "zulip-push-registration",
            header: ["Client side of Zulip's sealed push registration: token_id and the sealed PushRegistration.",
                     "registration.seal is deterministic given ephemeralSecretKey; compare every output byte for byte.",
                     "Keys: X25519 from crypto_box_seed_keypair(SHA-256(\"pushproof/bouncer-key/<label>\")); ephemeral secret keys are SHA-256(\"pushproof/ephemeral/<label>\")."],
            notes: book.used,
            groups: [
                VectorGroup(type: "TokenIdTest", operation: "registration.tokenId", profile: "deployed",
                            description: "token_id = base64(SHA-256(UTF-8 token)[0..8]); tokenIdInt64 is the big-endian signed value the server stores, as a decimal string.",
                            tests: tokenTests),
                VectorGroup(type: "SealTest", operation: "registration.seal", profile: "deployed",
                            description: "Compact JSON plaintext (token_kind, token, timestamp, ios_app_id) sealed with crypto_box_seal's construction.",
                            tests: deployedSeal),
                VectorGroup(type: "SealTest", operation: "registration.seal", profile: "proposal",
                            description: "Proposal profile: the plaintext has no ios_app_id.",
                            tests: proposalSeal),
            ])
    }
}
