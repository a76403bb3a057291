import PushProofConformance

/// The flags of the registration vector files and what each means.
enum RegistrationNotes {
    static let catalogue: [String: VectorNote] = [
        "Normal": .normal,
        "KnownAnswer": .init(
            bugType: .basic, description: "A value published by the deployed system's own documentation or tests."),
        "NonAsciiToken": .init(
            bugType: .edgeCase,
            description:
                "The token has non-ASCII characters: token_id hashes its UTF-8 bytes and JSON carries them unescaped."),
        "SourceLinesNotRead": .init(
            bugType: .basic,
            description:
                "The upstream file was read through the search index without a trustworthy line count, or only an older version of it: the source names the file, commit and item, not its lines."
        ),
        "TokenIdLength": .init(
            bugType: .edgeCase,
            description:
                "Deployed: the server decodes token_id and reads it as a signed big-endian integer with no length check; any value that fits its 64-bit column is kept (and reported back as 8 bytes), a larger one fails storing it (HTTP 500, StorageFailure). Hardened: it must be 8 bytes (BAD_REQUEST)."
        ),
        "StorageFailure": .init(
            bugType: .knownBug,
            description:
                "Deployed: a token_id whose value is past 64 bits reaches the database unchecked and fails there, an unhandled exception: HTTP 500 with Zulip's generic text (SERVER_ERROR, \"Internal server error\"), the device's state unchanged. That is the deployed answer; PushProof's hardened server refuses the input as the client's fault (BAD_REQUEST, \"Invalid `token_id`\")."
        ),
        "RefusedState": .init(
            bugType: .edgeCase,
            description:
                "A request is refused, or its save fails, and a later step asks what it left: upstream sets a request's fields on the Device object and saves them in one UPDATE after every check, so the push key, its id, the token kind, the pending token, the error code and the queue are as they were before it. An implementation that stores one field before a later check fails (the key before the token id, the error cleared before the save) answers the next request otherwise."
        ),
        "PartialGroupRefused": .init(
            bugType: .modifiedParameter,
            description:
                "Hardened: a group with some of its fields is refused (Missing parameters); the deployed server ignores it when the other group is complete.",
            upstream: .stricter),
        "RetryLimit": .init(
            bugType: .functionality,
            description:
                "Deployed: a transient failure is re-queued at once, three times at most (MAX_REQUEST_RETRIES); then the worker gives up and the registration stays pending. Hardened: retried after a randomized exponential backoff without a count limit."
        ),
        "ClientServerDisagree": .init(
            bugType: .knownBug,
            description:
                "Upstream disagrees with itself: the server and bouncer hash the token's UTF-8 bytes for token_id, zulip-flutter hashes its UTF-16 code units cut to bytes. Both answers pass; they differ only for non-ASCII tokens, which real push tokens are not.",
            upstream: .several),
        "TokenLengthBoundary": .init(
            bugType: .edgeCase, description: "Token length at or just past the allowed 1..4096 characters."),
        "TokenLengthInCodePoints": .init(
            bugType: .edgeCase,
            description: "Length counts Unicode code points (Python len), not UTF-8 bytes or UTF-16 units."),
        "LivenessBoundary": .init(
            bugType: .edgeCase,
            description: "now - timestamp exactly 86400 s is still live; 86401 s is expired (the check is `>`)."),
        "Expired": .init(
            bugType: .missingStep,
            description: "The registration is older than 24 h: a bouncer that skips the liveness check accepts replays."
        ),
        "FutureTimestamp": .init(
            bugType: .leniency,
            description:
                "The timestamp is in the future. The deployed bouncer accepts it (no check exists). A device whose clock runs ahead sends such a timestamp (zulip-flutter stamps the request with the device's clock), so an hour ahead must be accepted; a bouncer may refuse a timestamp no clock can hold (2^63-1) with BAD_REQUEST."
        ),
        "TokenSpelling": .init(
            bugType: .edgeCase,
            description:
                "A token with white space or a line end around it, or in another case, is hashed as given: trimming or case-folding names another token."
        ),
        "EncoderCharacters": .init(
            bugType: .edgeCase,
            description:
                "The plaintext is compact JSON as Dart's jsonEncode writes it: only quote, backslash and control characters are escaped (\\b \\t \\n \\f \\r, else \\u00xx in lower case); a solidus, HTML characters, U+2028, DEL and non-ASCII are written raw."
        ),
        "OptionalField": .init(
            bugType: .edgeCase,
            description:
                "An optional field that is null is left out of the plaintext, as zulip-flutter's generated toJson does (`?instance.iosAppId`)."
        ),
        "RequestFieldsFirst": .init(
            bugType: .edgeCase,
            description:
                "LENIENCY: the deployed bouncer reads token_id as a plain string and compares it after the box opens, so a malformed token_id beside a bad key is refused for the key (deployed: INVALID_BOUNCER_PUBLIC_KEY); PushProof refuses the request's own fault first (hardened: BAD_REQUEST)."
        ),
        "CheckOrder": .init(
            bugType: .edgeCase,
            description:
                "The request fails two of the bouncer's checks that answer differently: the earlier check answers (docs/registration.md, the checks in order)."
        ),
        "TokenIdSpelling": .init(
            bugType: .modifiedParameter,
            description:
                "token_id is strict base64 of 8 bytes: white space, a line end, the URL-safe alphabet or a missing or extra padding make it malformed, whatever token it names."
        ),
        "Dedup": .init(
            bugType: .functionality,
            description:
                "A registration already on record: the bouncer returns the existing record instead of creating another (deployed: unique on token_id and realm; proposal: on token and push_account_id)."
        ),
        "KeyRotation": .init(
            bugType: .functionality,
            description: "Sealed to an older key that is still in the ring: older app releases must keep working."),
        "RetiredKey": .init(
            bugType: .authBypass,
            description: "Sealed to a key that was retired from the ring: INVALID_BOUNCER_PUBLIC_KEY."),
        "UnknownKey": .init(
            bugType: .authBypass, description: "bouncer_public_key is not in the ring: INVALID_BOUNCER_PUBLIC_KEY."),
        "NonCanonicalKeyString": .init(
            bugType: .edgeCase,
            description:
                "bouncer_public_key is looked up as the exact string: another spelling of a known key is unknown."),
        "TruncatedBox": .init(
            bugType: .modifiedParameter,
            description: "The sealed box is cut short, below or above its 48-byte overhead."),
        "ModifiedEphemeralKey": .init(
            bugType: .malleability,
            description: "A bit of the ephemeral public key (bytes 0..31 of the box) is flipped."),
        "EphemeralKeyHighBit": .init(
            bugType: .malleability,
            description:
                "The top bit of the ephemeral key is flipped: X25519 ignores it, but the nonce hashes the key as sent, so the box must not open."
        ),
        "ModifiedTag": .init(
            bugType: .malleability, description: "A bit of the Poly1305 tag (bytes 32..47 of the box) is flipped."),
        "ModifiedCiphertext": .init(
            bugType: .malleability, description: "A bit of the ciphertext (bytes 48.. of the box) is flipped."),
        "AppendedData": .init(bugType: .malleability, description: "Bytes are appended to a valid box."),
        "LowOrderEphemeralKey": .init(
            bugType: .edgeCase,
            description:
                "The ephemeral key is a low-order point (all zeros): the shared secret is zero and libsodium refuses it."
        ),
        "WrongRecipient": .init(
            bugType: .authBypass, description: "Sealed to a key the bouncer does not hold while naming one it does."),
        "PlaintextNotJson": .init(
            bugType: .modifiedParameter, description: "The box opens but the plaintext is not a JSON object in UTF-8."
        ),
        "PlaintextSchema": .init(
            bugType: .missingStep, description: "A PushRegistration field is missing or has the wrong JSON type."),
        "TokenKind": .init(bugType: .missingStep, description: "token_kind is not exactly \"fcm\" or \"apns\"."),
        "IosAppIdRule": .init(
            bugType: .missingStep,
            description:
                "Deployed: APNs requires ios_app_id, FCM must not carry one. Strictly, the app id must be one the bouncer serves; the deployed bouncer checks only its pattern."
        ),
        "ApnsTokenNotHex": .init(
            bugType: .missingStep,
            description: "An APNs token must be hexadecimal: pairs of hex digits, the token's bytes."
        ),
        "AnyIosAppId": .init(
            bugType: .leniency,
            description:
                "ios_app_id is well-formed but not an app the bouncer serves. The deployed bouncer checks only the pattern ^[.a-zA-Z0-9-]+$ and stores it (deployed); PushProof refuses it (hardened: BAD_REQUEST)."
        ),
        "FromHexWhitespace": .init(
            bugType: .leniency,
            description:
                "The APNs token has whitespace between hex digit pairs. The deployed bouncer reads it with Python's bytes.fromhex, which skips it, and stores the token (deployed); PushProof refuses it (hardened: BAD_REQUEST)."
        ),
        "ExtraField": .init(
            bugType: .leniency,
            description:
                "The plaintext has a field the schema does not define. The deployed bouncer (pydantic, no extra=forbid) ignores it (deployed); PushProof refuses it (hardened: BAD_REQUEST)."
        ),
        "DuplicateKey": .init(
            bugType: .leniency,
            description:
                "The plaintext repeats a key. The deployed bouncer (pydantic's JSON reading) keeps the last value (deployed); PushProof refuses it (hardened: BAD_REQUEST)."
        ),
        "LaxTimestamp": .init(
            bugType: .leniency,
            description:
                "timestamp is a numeric string, an integral float or a boolean. The deployed bouncer (pydantic lax mode) coerces it to an integer (true is 1, so expired): its answer is the deployed one; PushProof refuses it (hardened: BAD_REQUEST)."
        ),
        "TokenIdMismatch": .init(
            bugType: .missingStep,
            description:
                "token_id does not match the decrypted token: a bouncer that skips the match lets a server claim any token id."
        ),
        "MalformedRequest": .init(
            bugType: .modifiedParameter, description: "A request field is missing or malformed before any decryption."
        ),
        "Base64Whitespace": .init(
            bugType: .leniency,
            description:
                "encrypted_push_registration has whitespace in it. The deployed bouncer (Python's non-validating b64decode) drops it and accepts (deployed); PushProof refuses it (hardened: BAD_REQUEST)."
        ),
        "Base64UrlSafe": .init(
            bugType: .modifiedParameter,
            description:
                "encrypted_push_registration uses the URL-safe alphabet; the wire format is standard base64. The deployed bouncer's decoder drops '-' and '_' and decodes the rest, which without its padding is an uncaught binascii.Error (deployed: HTTP 500, SERVER_ERROR); PushProof refuses it (hardened, proposal: BAD_REQUEST)."
        ),
        "Base64MissingPadding": .init(
            bugType: .knownBug,
            description:
                "encrypted_push_registration lacks its '=' padding. The deployed bouncer raises an uncaught binascii.Error (deployed: HTTP 500, SERVER_ERROR); PushProof recommends BAD_REQUEST, since the input is the client's fault (hardened)."
        ),
        "Base64Length": .init(
            bugType: .knownBug,
            description:
                "encrypted_push_registration has one data character more than a multiple of four, which no bytes encode. The deployed bouncer's decoder (CPython's binascii) raises an error it does not catch (deployed: HTTP 500, SERVER_ERROR); PushProof refuses it (hardened: BAD_REQUEST)."
        ),
        "Base64NonCanonical": .init(
            bugType: .malleability,
            description:
                "The unused low bits of the last base64 symbol are not zero: a second spelling of the same bytes. The deployed bouncer decodes it (deployed: stored); a strict decoder refuses it (hardened, proposal: BAD_REQUEST)."
        ),
        "UpstreamTextDrift": .init(
            bugType: .defined,
            description:
                "Two stored versions of upstream of the same feature level give this refusal different texts; either passes.",
            upstream: .several),
        "ExactMessage": .init(
            bugType: .defined,
            description: "The error message is the deployed Zulip server's exact text and is compared."),
        "ReferenceMessage": .init(
            bugType: .defined,
            description:
                "The deployed text is not known; the message is PushProof's choice and is compared, so other implementations may need to map their text."
        ),
        "GroupRule": .init(
            bugType: .missingStep,
            description:
                "The key group (push_key_id, push_key) and the token group (token_kind, token_id, bouncer_public_key, encrypted_push_registration) are each all present or all absent, and at least one is present."
        ),
        "PushKeyBase64": .init(
            bugType: .edgeCase,
            description:
                "push_key's base64 as FL 468 decodes it: base64.b64decode(validate=True) refuses any character outside A-Za-z0-9+/ (white space, URL-safe '-' and '_', punctuation, control characters) and '=' before the end, wherever it stands (BAD_REQUEST); '=' after a whole key is accepted or refused as the server's Python decodes it (3.10, 3.11 to 3.12.3 and 3.12.4 on differ), so both answers pass; a non-ASCII text raises ValueError, which check_push_key does not catch (HTTP 500, SERVER_ERROR). A decoder that drops what is outside the alphabet accepts a key it should refuse. PushProof's hardened server takes canonical base64 only and refuses the rest."
        ),
        "PythonVersionPadding": .init(
            bugType: .edgeCase,
            description:
                "push_key with '=' after a whole key: base64.b64decode(validate=True) answers differently by the server's Python. 3.10 matches [A-Za-z0-9+/]*={0,2} and then decodes leniently (one or two accepted, three refused); 3.11 to 3.12.3 decode in strict mode and stop at padding after a whole quantum (accepted); 3.12.4 and later refuse it (Excess padding not allowed). Zulip 12 runs on each, so both answers pass.",
            upstream: .several),
        "PushKeyFormat": .init(
            bugType: .modifiedParameter,
            description: "push_key must be base64 of 33 bytes whose first byte is the type byte 0x31."),
        "Uint32Range": .init(bugType: .edgeCase, description: "push_key_id must be an unsigned 32-bit integer."),
        "Lifecycle": .init(
            bugType: .functionality,
            description: "A trace of requests and bouncer answers with the server's state after each step."),
        "TransientFailure": .init(
            bugType: .functionality,
            description: "A 5xx or network failure keeps the registration pending and schedules a retry."),
        "TerminalError": .init(
            bugType: .functionality,
            description:
                "A refusal drops the pending registration and reports its code; an active registration stays active."),
        "RetriedRefusal": .init(
            bugType: .functionality,
            description:
                "A refusal the server retries instead of recording it. Deployed: MISSING_REMOTE_REALM, INVALID_ZULIP_SERVER and PUSH_NOTIFICATIONS_DISALLOWED (the server's admins must act) count as transient failures, and any refusal code other than INVALID_BOUNCER_PUBLIC_KEY and REQUEST_EXPIRED is recorded as BAD_REQUEST. Proposal: every refusal but those two is retried."
        ),
        "JsonInteger": .init(
            bugType: .modifiedParameter,
            description:
                "An integer parameter is JSON read strictly (typed_endpoint's Json[int]): white space around it is allowed, a float, a numeric string, a boolean, null or an array is not an integer, and an integer of any size is read before its range is checked."
        ),
        "RepeatedRegistration": .init(
            bugType: .functionality,
            description:
                "Proposal: a registration repeated for an account the server holds without an error (pending or active) is answered success and sends nothing; after a failure it registers anew."
        ),
        "UpstreamTest": .upstreamTest,
    ]
}
