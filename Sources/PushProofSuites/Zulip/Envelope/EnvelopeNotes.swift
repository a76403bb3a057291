import PushProofConformance

/// The flags of the envelope vector files and what each means.
enum EnvelopeNotes {
    static let catalogue: [String: VectorNote] = [
        "UpstreamTest": .upstreamTest,
        "LaxUrl": .init(
            bugType: .edgeCase,
            description:
                "A URL field that Dart's Uri.parse reads without error though it is not an absolute URL: a sender_avatar_url is taken as written."
        ),
        "DartUrl": .init(
            bugType: .edgeCase,
            description:
                "A realm_url or sender_avatar_url as Dart reads it: Uri.parse throws FormatException for a port that is not digits, a bad IPv6 literal or an empty scheme, and realm_url's Uri.origin throws StateError for no scheme, a scheme other than http(s) or an empty host. A throw inside decryptNotification is not a drop but a notification not read (MALFORMED_NOTIFICATION); what Dart reads (user info, an empty or zero-padded port, a stray %) is compared by origin."
        ),
        "JsonTypeConfusion": .init(
            bugType: .modifiedParameter,
            description:
                "A field the client reads from JSON given another JSON type (true, false, null, a number, a string, an array, an object): Dart's `as` casts throw, so an APNs push_key_id is MALFORMED_PAYLOAD, an FCM field sends the data to the legacy path, a notification field is MALFORMED_NOTIFICATION, and a type other than the strings message and remove is dropped. A JSON boolean is never the number 0 or 1."
        ),
        "KeyIdWidth": .init(
            bugType: .edgeCase,
            description:
                "A key id at a type boundary (2^31, 2^32, 2^53, 2^63, 2^64, negative): the client looks the whole integer up, so an id whose low 32 bits, or whose value through a double, name a held key finds no key. The device holds keys 0, 1, 2^31 and 2^32 - 1 so a narrowed or wrapped reading decrypts."
        ),
        "KeyIdText": .init(
            bugType: .edgeCase,
            description:
                "An FCM key id's text: Dart's int.parse trims exactly String.trim's whitespace (U+0009-U+000D, U+0020, U+0085, U+00A0, U+1680, U+2000-U+200A, U+2028, U+2029, U+202F, U+205F, U+3000, U+FEFF), takes one sign and ASCII digits only. U+001C-U+001F (whitespace to Python's str.strip), U+200B, non-ASCII digits and underscores make the id unreadable: the legacy path."
        ),
        "CheckOrder": .init(
            bugType: .defined,
            description:
                "Two checks fail at once; the answer is the first in the client's order (docs/envelope.md): deployed reads the payload, looks the key up, then decrypts (so a short box for an unknown key is dropped), parses the plaintext, its type, its fields, and compares the account last; hardened checks the payload's shape before the lookup."
        ),
        "ThreeKeyRotation": .init(
            bugType: .edgeCase,
            description:
                "Three or four keys: a key is superseded by the acknowledgement or the 15-day age of any newer key, not only the next one (zulip-flutter marks every key created before the acknowledged key), so the deciding key may be two or three keys away."
        ),
        "AcknowledgedLast": .init(
            bugType: .edgeCase,
            description:
                "Keys acknowledged in turn: each run supersedes the keys older than the key acknowledged last (zulip-flutter's ackedPushKeyId is the current acknowledgement), so a later acknowledgement supersedes the key acknowledged before it; an earlier acknowledgement never decides a later run."
        ),
        "SameSecondKeys": .init(
            bugType: .edgeCase,
            description:
                "Keys created in the same second: zulip-flutter compares createdTimestamp with <, so a key acknowledged or aged in the same second as another does not supersede it."
        ),
        "SaturatedInteger": .init(
            bugType: .leniency,
            description:
                "A notification integer past 64 bits: Dart's jsonDecode reads it as a double and num.toInt() saturates on the Dart VM (2^63 - 1 or -2^63), so the app takes another id. Deployed: the saturated value, refusing passes too; hardened refuses."
        ),
        "RecipientByChannelId": .init(
            bugType: .defined,
            description:
                "zulip-flutter decides a message's recipient by whether channel_id is present (a channel) or not (a DM, recipient_user_ids); recipient_type is not read."
        ),
        "OptionalName": .init(
            bugType: .defined,
            description:
                "zulip-flutter reads realm_name and channel_name as String?: absent or null is fine, another type is not. The delivered notification then has no such member."
        ),
        "KeyIdRange": .init(
            bugType: .edgeCase,
            description:
                "A key id at an end of its range: 0 and 4294967295 (the ids the server sends are unsigned 32-bit) on each reading path, and FCM ids at the ends of Dart's 64-bit int.parse."
        ),
        "Normal": .normal,
        "Truncation": .init(
            bugType: .edgeCase,
            description:
                "content longer than 200 characters (code points) is cut to 200 and \"…\" is appended; 200 or fewer are kept whole."
        ),
        "RemovalCap": .init(
            bugType: .edgeCase,
            description:
                "A removal carries at most 200 message ids, the newest (largest), ascending: sorted(ids)[-200:], repeats kept as upstream keeps them."
        ),
        "DirectRecipients": .init(
            bugType: .defined,
            description:
                "recipient_user_ids are sorted, without repeats, and include both the sender and the recipient."),
        "NonAscii": .init(
            bugType: .edgeCase,
            description: "Non-ASCII text is written as raw UTF-8 in the JSON and counted in code points."),
        "PushKeyType": .init(
            bugType: .missingStep,
            description:
                "The stored push_key must be 33 bytes whose first byte is 0x31; anything else is INVALID_PUSH_KEY."),
        "IdJsonType": .init(
            bugType: .defined,
            description:
                "The id is a JSON integer in the APNs body and a JSON string in the FCM data map (FCM data values are strings)."
        ),
        "Priority": .init(
            bugType: .defined,
            description:
                "high: APNs priority 10, push type alert, FCM \"high\"; normal (removals): APNs priority 5, push type background, FCM \"normal\"."
        ),
        "PayloadLimit": .init(
            bugType: .edgeCase,
            description:
                "APNs and FCM refuse payloads over 4096 bytes (PushProof counts the compact JSON: the APNs body, the FCM data map). Zulip's bouncer sends whatever it is given."
        ),
        "UncheckedSize": .init(
            bugType: .leniency,
            description:
                "Deployed: the bouncer has no size check; an oversized payload is sent and refused by the service, which the bouncer only logs. A server can send one (a direct message lists every recipient), so refusing it first (PAYLOAD_TOO_LARGE) is hardened advice, not a deployed answer."
        ),
        "SizeChecked": .init(
            bugType: .missingStep,
            description:
                "Hardened: the bouncer refuses a payload over 4096 bytes (PAYLOAD_TOO_LARGE) before sending it.",
            upstream: .stricter),
        "Uint32Range": .init(
            bugType: .edgeCase,
            description:
                "push_key_id is an unsigned 32-bit integer: the bouncer writes 0 and 4294967295 as they are."
        ),
        "UnknownKey": .init(
            bugType: .functionality,
            description:
                "No key with this push_key_id (or no account with this push_account_id): the notification is dropped, not an error."
        ),
        "SourceLinesNotRead": .init(
            bugType: .basic,
            description:
                "The upstream file was read without a trustworthy line count: the source names the file, commit and item, not its lines."
        ),
        "FractionalId": .init(
            bugType: .edgeCase,
            description:
                "An integer field of the notification written as a JSON fraction: zulip-flutter reads it with (x as num).toInt(), which truncates toward zero; the hardened reading refuses it."
        ),
        "IntegerRange": .init(
            bugType: .edgeCase,
            description:
                "An integer field of the notification at an end of a Dart int's 64-bit range (an integer literal past it is read by Dart as a double: see SaturatedInteger)."
        ),
        "KeyRotation": .init(
            bugType: .functionality,
            description:
                "Key rotation: superseded when the server acknowledges a newer key or the newer key is 15 days old; deleted 30 days after superseded. A superseded key still decrypts; a deleted one does not."
        ),
        "ModifiedCiphertext": .init(
            bugType: .malleability,
            description: "A bit of encrypted_data (nonce, tag or ciphertext) is flipped: AUTHENTICATION_FAILED."),
        "WrongKey": .init(
            bugType: .authBypass,
            description: "Encrypted under another key than the one push_key_id names: AUTHENTICATION_FAILED."),
        "Truncated": .init(
            bugType: .modifiedParameter,
            description:
                "encrypted_data shorter than nonce and tag (40 bytes) is MALFORMED_PAYLOAD; longer but cut short fails authentication."
        ),
        "BadBase64": .init(
            bugType: .modifiedParameter,
            description:
                "encrypted_data is not base64 as the client's decoder reads it (either alphabet, padding required, nothing else): MALFORMED_PAYLOAD."
        ),
        "MalformedPayload": .init(
            bugType: .modifiedParameter,
            description: "A field of the delivered payload is missing or has the wrong JSON type."),
        "OtherAccount": .init(
            bugType: .authBypass,
            description: "Decrypts, but realm_url's origin or user_id is another account's: dropped."),
        "OriginEquivalence": .init(
            bugType: .edgeCase,
            description: "Origins compare scheme and host case-insensitively with the default port filled in."),
        "MalformedNotification": .init(
            bugType: .modifiedParameter,
            description: "Decrypts, but the plaintext is not a notification: MALFORMED_NOTIFICATION."),
        "ForwardCompatible": .init(
            bugType: .defined,
            description: "Unknown keys in the decrypted notification are ignored, so newer servers can add fields."),
        "UnexpectedType": .init(
            bugType: .functionality,
            description:
                "Deployed: the client parses only the types message and remove; any other type (test included) decrypts but is dropped, not shown and not an error. The server sends test notifications, so dropping is the only answer for one; for a type no server sends, refusing it (MALFORMED_NOTIFICATION) passes too."
        ),
        "LegacyFallback": .init(
            bugType: .functionality,
            description:
                "Deployed, FCM: data that does not read as an E2EE message goes to the legacy plaintext path, which ignores it (droppedAsLegacy); refusing it is acceptable."
        ),
        "LenientKeyId": .init(
            bugType: .edgeCase,
            description:
                "Deployed leniency: the client reads an APNs push_key_id as any number truncated toward zero and an FCM one with Dart's int.parse (whitespace, sign, leading zeros), with no range check; an id no key has is dropped. Refusing such ids is acceptable (hardened)."
        ),
        "LenientBase64": .init(
            bugType: .edgeCase,
            description:
                "Deployed leniency: Dart's base64Decode also takes the URL-safe alphabet (with padding). Refusing it is acceptable (hardened)."
        ),
        "DistinctRemovalIds": .init(
            bugType: .edgeCase,
            description: "Hardened: a removal's ids are a set; repeats are sent once.", upstream: .stricter),
        "CanonicalKeyId": .init(
            bugType: .modifiedParameter,
            description:
                "Hardened: push_key_id is a canonical decimal uint32 (no sign, fraction, exponent, leading zero or space), a JSON integer in APNs and a string in FCM; anything else is MALFORMED_PAYLOAD.",
            upstream: .stricter),
        "CanonicalBase64": .init(
            bugType: .malleability,
            description:
                "Hardened: encrypted_data is canonical standard base64 only; anything else is MALFORMED_PAYLOAD.",
            upstream: .stricter),
        "FcmErrorsReported": .init(
            bugType: .missingStep,
            description: "Hardened: a malformed FCM payload is MALFORMED_PAYLOAD, not silently ignored.",
            upstream: .stricter),
        "UnknownTypeRefused": .init(
            bugType: .modifiedParameter,
            description: "Hardened: a decrypted notification of an unknown type is MALFORMED_NOTIFICATION.",
            upstream: .stricter),
        "ProposalProfile": .init(
            bugType: .defined,
            description:
                "Proposal profile: sealed box to the device's public key, addressed by push_account_id, field encrypted_content."
        ),
    ]
}
