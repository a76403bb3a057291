import PushProofConformance

/// The flags of the clientId-mapping vector files and what each means.
enum IdentityNotes {
    static let catalogue: [String: VectorNote] = [
        "KnownAnswer": .init(
            bugType: .basic,
            description:
                "A published value (Keccak-256 test vectors, well-known Ethereum addresses, the XMTP inbox id of the zero address)."
        ),
        "BlockBoundary": .init(
            bugType: .edgeCase,
            description:
                "Message length around Keccak-256's 136-byte rate: padding in the same block, or in a block of its own."
        ),
        "KeccakNotSha3": .init(
            bugType: .wrongPrimitive,
            description:
                "Keccak-256 pads with 0x01, FIPS 202 SHA3-256 with 0x06: an implementation using SHA3-256 gets every digest wrong."
        ),
        "Normal": .normal,
        "ScalarRange": .init(
            bugType: .edgeCase,
            description: "A secp256k1 secret key is a 32-byte integer k with 1 <= k < n (n the group order)."),
        "AddressCase": .init(
            bugType: .edgeCase,
            description: "The inbox id hashes the lower-cased address: an EIP-55 mixed-case spelling gives the same id."
        ),
        "MalformedAddress": .init(
            bugType: .modifiedParameter, description: "An address is 0x followed by exactly 40 hex digits."),
        "AddressSpelling": .init(
            bugType: .leniency,
            description:
                "libxmtp reads an address as exactly a lower-case 0x and 40 ASCII hex digits: an upper-case 0X, white space or a line end around it, a sign, a separator or a digit outside ASCII is refused, where a reader that strips, anchors a pattern with $ or parses an integer lets it through."
        ),
        "Nonce": .init(bugType: .edgeCase, description: "The nonce is appended as a decimal number."),
        "RecordShape": .init(
            bugType: .modifiedParameter,
            description:
                "The keychain record is not the format's JSON: not JSON, missing or extra fields, wrong types (the app ignores extra fields)."
        ),
        "KeyEncoding": .init(
            bugType: .modifiedParameter,
            description:
                "A key is not canonical standard base64, or not 32 bytes (the app checks the private key's length only)."
        ),
        "LenientRecord": .init(
            bugType: .leniency,
            description:
                "Deployed: the app's JSONDecoder ignores unknown members, checks neither id, and takes a databaseKey of any length (the XMTP client refuses it later). PushProof's strict reading is the hardened group."
        ),
        "StrictRecord": .init(
            bugType: .modifiedParameter,
            description:
                "Hardened: the record has exactly the format's members, both keys 32 bytes, an upper-case UUID v4 clientId and a 64-hex-digit inboxId.",
            upstream: .stricter),
        "InvalidPrivateKey": .init(
            bugType: .missingStep,
            description: "privateKeyData is 32 bytes but not a valid secp256k1 scalar (0, or >= n)."),
        "InvalidClientId": .init(
            bugType: .missingStep,
            description:
                "clientId is an upper-case UUID v4 (36 characters, version 4, RFC 4122 variant) by convention; the app stores and reads any string."
        ),
        "InvalidInboxId": .init(
            bugType: .missingStep,
            description: "inboxId is 64 lower-case hex digits by convention; the app stores and reads any string."),
        "UpstreamTest": .upstreamTest,
        "AnyClientId": .init(
            bugType: .leniency,
            description:
                "The app stores, writes and looks up any string as a clientId or an inbox id (its own tests use \"test-client-123\", 1,000-character, punctuation and emoji ids); only the hardened reading of a record asks for an upper-case UUID v4."
        ),
        "CannotExist": .init(
            bugType: .modifiedParameter,
            description:
                "An input the app cannot hold (its private key is XMTP's PrivateKey, which only a valid 32-byte scalar makes): refused with the error the app's decoder gives the same key, in every profile."
        ),
        "EncoderCharacters": .init(
            bugType: .edgeCase,
            description:
                "Characters JSON writers spell differently (/ as \\/, <, U+2028, control characters, non-ASCII, escapes in either case, surrogate pairs): the meaning must survive."
        ),
        "FoundationBase64": .init(
            bugType: .leniency,
            description:
                "Deployed: Foundation's Data(base64Encoded:) drops non-zero unused bits and reads some texts a canonical decoder refuses ('====', 'QQ=A', an '=' too many). The hardened reading refuses them (StrictBase64)."
        ),
        "RepeatedMember": .init(
            bugType: .leniency,
            description:
                "Deployed: swift-foundation's JSONDecoder keeps a repeated member's first value. The hardened reading refuses repeated members (StrictJSON)."
        ),
        "MemberName": .init(
            bugType: .edgeCase,
            description:
                "A member name spelled otherwise: the app's JSONDecoder looks members up by Swift String, so a canonically equivalent spelling (U+212A KELVIN SIGN for K) is the same member, and a lookalike that is not (a compatibility form, another script, a combining mark, another case) is another member. The hardened reading compares names scalar by scalar (StrictJSON)."
        ),
        "CanonicalEquivalence": .init(
            bugType: .edgeCase,
            description:
                "Texts that are canonically equivalent but not the same scalars (é precomposed and decomposed, U+212A KELVIN SIGN and K, U+2126 OHM SIGN and Ω, U+212B ANGSTROM SIGN, Å and A + U+030A): Swift's String == takes them for one text, a byte comparison (SQLite's BINARY collation) for two. Each test says which comparison upstream makes."
        ),
        "LazyValue": .init(
            bugType: .leniency,
            description:
                "Deployed: swift-foundation's JSONDecoder scans a value's structure and checks strings and numbers only when a member is decoded, so a bad escape, a lone surrogate, a raw control character or a malformed number in a member the app never reads passes; literals, \\u escapes' length and nesting are checked while scanning."
        ),
        "TrailingComma": .init(
            bugType: .leniency,
            description: "Deployed: swift-foundation's JSONScanner takes one trailing comma in an object or an array."),
        "ByteOrderMark": .init(
            bugType: .leniency,
            description:
                "Deployed: swift-foundation's JSONDecoder drops a UTF-8 byte-order mark and reads UTF-16 and UTF-32 text recognised by the NUL pattern of its first four bytes."
        ),
        "Whitespace": .init(
            bugType: .edgeCase,
            description:
                "JSON white space is space, tab, line feed and carriage return; a no-break space, a form feed, a vertical tab or U+2028 around the record is not JSON."
        ),
        "TypeConfusion": .init(
            bugType: .modifiedParameter,
            description:
                "Every member the app reads given every other JSON type (a number, a fraction, true, false, null, an array, an object): WRONG_TYPE; a record that is not an object: MALFORMED_JSON."
        ),
        "CheckOrder": .init(
            bugType: .defined,
            description:
                "A record failing two checks: the app decodes inboxId, clientId, keys, then databaseKey, then privateKeyData, and checks the key last; PushProof's strict reading refuses bad JSON first and checks privateKeyData before databaseKey."
        ),
        "StrictJSON": .init(
            bugType: .malleability,
            description:
                "Hardened: the record is RFC 8259 JSON in UTF-8 without a byte-order mark, repeated members or trailing commas, every value valid even where it is not read.",
            upstream: .stricter),
        "StrictBase64": .init(
            bugType: .malleability,
            description:
                "Hardened: both keys are canonical padded standard base64 (no non-zero unused bits, no stray '=').",
            upstream: .stricter),
        "ClientIdMismatch": .init(
            bugType: .missingStep,
            description:
                "Saving an inbox with a clientId other than its stored one fails with CLIENT_ID_MISMATCH, naming the inbox and both clientIds; nothing changes."
        ),
        "DuplicateClientId": .init(
            bugType: .missingStep,
            description: "Saving a clientId that another inbox holds fails with DUPLICATE_CLIENT_ID; nothing changes."),
        "Idempotent": .init(
            bugType: .functionality, description: "Saving the same (inboxId, clientId) again is a no-op."),
        "Deletion": .init(
            bugType: .functionality,
            description: "A deleted identity is gone by both keys, and its clientId may be reused only by a new save."),
        "BackendRequest": .init(
            bugType: .defined, description: "A push backend request exactly as sent: method, path, header, body."),
        "NoInboxId": .init(
            bugType: .confidentiality,
            description: "Nothing the backend receives carries an inbox id, a key or an address."),
        "AppCheck": .init(
            bugType: .defined,
            description:
                "Device registration is authenticated by a Firebase App Check token (X-Firebase-AppCheck), not the JWT; pushTokenType and apnsEnv go only with a push token that is not blank."
        ),
        "SdkDeletesOneFile": .init(
            bugType: .knownBug,
            description:
                "Convos iOS deletes the XMTP database through the SDK's deleteLocalDatabase(), which removes the .db3 file alone: its -shm, -wal and .sqlcipher_salt companions stay on disk. Only when that call throws does the app delete its own list of four files (the alternative answer).",
            upstream: .several),
        "DeleteReportsNothing": .init(
            bugType: .defined,
            description:
                "Convos iOS cannot tell a delete that removed an identity from one that found nothing (the keychain treats not-found as success; InboxWriter ignores the row count): notFound and deleted both pass.",
            upstream: .several),
        "InboxWriterOrder": .init(
            bugType: .defined,
            description:
                "Which refusal a save gets when both apply: the database's InboxWriter checks the inbox first (CLIENT_ID_MISMATCH), the keychain store the clientId first (DUPLICATE_CLIENT_ID). Both pass.",
            upstream: .several),
        "TeardownOrder": .init(
            bugType: .defined,
            description:
                "ADR 002 section 5: unsubscribe, unregister, delete records, delete the keychain identity, delete the XMTP files."
        ),
        "ExactText": .init(
            bugType: .edgeCase,
            description:
                "Ids are compared as exact text (SQLite's default BINARY collation): an inbox id or clientId that differs only in case, or only in its canonically equivalent spelling, is another id, and the empty string is an id like any other."
        ),
        "ManyRows": .init(
            bugType: .edgeCase,
            description:
                "A store of three or more identities: the row that decides a refusal or a lookup is neither the only one nor the last one saved."
        ),
        "PushRouting": .init(
            bugType: .functionality,
            description:
                "A push payload's clientId resolves through the identity store to exactly one inbox, or to none once deleted."
        ),
    ]
}
