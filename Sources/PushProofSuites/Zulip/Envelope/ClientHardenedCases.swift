import PushProofConformance
import PushProofCrypto
import PushProofJSON
import ZulipEnvelope
import ZulipRegistration

/// envelope_client: PushProof's stricter reading of the same payloads.
extension EnvelopeClientVectors {
    static func hardenedCases() -> [VectorCase] {
        [
            receiveCase(
                "push_key_id 4294967296 is refused. Why: an id the server never sends is a broken or forged "
                    + "payload, worth reporting rather than a silent drop (deployed tcId 23)", ["CanonicalKeyId"],
                payload: apnsPayload(message, id: 4_294_967_296), code: "MALFORMED_PAYLOAD"),
            receiveCase(
                "push_key_id -1 is refused. Why: as tcId 601 (deployed tcId 24)", ["CanonicalKeyId"],
                payload: apnsPayload(message, id: -1), code: "MALFORMED_PAYLOAD"),
            receiveCase(
                "push_key_id 2718281828.0 is refused though a key has that id. Why: one key, one spelling; a "
                    + "reader that truncates numbers accepts ids the server never writes (deployed tcId 42)",
                ["CanonicalKeyId"], payload: apnsPayload(message, id: .number("\(E.keyId).0")),
                code: "MALFORMED_PAYLOAD"),
            receiveCase(
                "FCM push_key_id with a leading zero, a plus sign and spaces is refused. Why: as tcId 603 "
                    + "(deployed tcId 43)", ["CanonicalKeyId"], service: "fcm",
                payload: fcmPayload(message, id: .string(" +0\(E.keyId) ")), code: "MALFORMED_PAYLOAD"),
            receiveCase(
                "encrypted_data in padded URL-safe base64 is refused. Why: the server writes standard base64; a "
                    + "second alphabet gives one ciphertext several spellings (deployed tcId 46)", ["CanonicalBase64"],
                payload: apnsPayload(message).setting("encrypted_data", to: .string(urlSafePadded(message))),
                code: "MALFORMED_PAYLOAD"),
            receiveCase(
                "FCM push_key_id as an integer is refused. Why: a malformed E2EE message silently passed to the "
                    + "legacy path hides a server bug or tampering (deployed tcId 22)", ["FcmErrorsReported"],
                service: "fcm", payload: fcmPayload(message, id: .integer(E.keyId)), code: "MALFORMED_PAYLOAD"),
            receiveCase(
                "FCM data without encrypted_data is refused. Why: as tcId 606 (deployed tcId 47)",
                ["FcmErrorsReported"], service: "fcm", payload: fcmPayload(message).removing("encrypted_data"),
                code: "MALFORMED_PAYLOAD"),
            plaintextCase(
                "unknown notification type is refused. Why: a plaintext that decrypts under the device's key but "
                    + "is not a notification the server sends is a server bug worth reporting (deployed tcId 38)",
                ["UnknownTypeRefused"], JSONWriter.compactBytes(built(E.test()).json.setting("type", to: "poke")),
                code: "MALFORMED_NOTIFICATION"),
            plaintextCase(
                "a message without type is refused. Why: as tcId 608 (deployed tcId 48)", ["UnknownTypeRefused"],
                JSONWriter.compactBytes(built(E.message()).json.removing("type")), code: "MALFORMED_NOTIFICATION"),
            plaintextCase(
                "a message whose type is the number 1 is refused. Why: as tcId 608 (deployed tcId 49)",
                ["UnknownTypeRefused"], JSONWriter.compactBytes(built(E.message()).json.setting("type", to: 1)),
                code: "MALFORMED_NOTIFICATION"),
            plaintextCase(
                "a channel message without recipient_type is refused. Why: the server writes recipient_type in every "
                    + "message (push_notifications.py); a message without it was not written by a Zulip server "
                    + "(deployed tcId 63)", ["RecipientByChannelId"],
                JSONWriter.compactBytes(built(E.message()).json.removing("recipient_type")),
                code: "MALFORMED_NOTIFICATION",
                nonceLabel: "a channel message without recipient_type: channel_id decides"),
            plaintextCase(
                "recipient_type \"direct\" beside channel_id is refused. Why: the two disagree, and a reader that trusts "
                    + "one of them silently files the message under another conversation (deployed tcId 64)",
                ["RecipientByChannelId"],
                JSONWriter.compactBytes(built(E.message()).json.setting("recipient_type", to: "direct")),
                code: "MALFORMED_NOTIFICATION",
                nonceLabel: "recipient_type \"direct\" beside channel_id: channel_id decides, a channel message"),
            receiveCase(
                "encrypted_data padded with %3D%3D is refused. Why: as tcId 605, one ciphertext, one spelling "
                    + "(deployed tcId 81)", ["CanonicalBase64"],
                payload: apnsPayload(message).setting("encrypted_data", to: .string(percentPadded(message))),
                code: "MALFORMED_PAYLOAD"),
            plaintextCase(
                "ids written as fractions are refused. Why: the server writes integers; a reader that truncates "
                    + "accepts ids it never sent, and two spellings of one id (deployed tcId 82)", ["FractionalId"],
                fractionalIds,
                code: "MALFORMED_NOTIFICATION",
                nonceLabel:
                    "ids written as fractions (user_id 10.0, sender_id 11.5, message_id 4242.9): num.toInt() truncates "
                    + "them, delivered (PushProof recommends refusing it: hardened tcId 614)"),
        ]
    }
}
