import PushProofConformance
import PushProofCrypto
import PushProofJSON
import ZulipEnvelope
import ZulipRegistration

/// envelope_client: the deployed reading of payloads, keys and plaintexts (tcIds 1-41).
extension EnvelopeClientVectors {
    static func deployedReading() -> [VectorCase] {
        [
            receiveCase(
                "APNs message delivered", ["Normal"], source: "\(apnsRead); \(delivered)",
                payload: apnsPayload(message),
                outcome: "delivered"),
            receiveCase(
                "FCM message delivered", ["Normal", "IdJsonType"], source: "\(fcmRead); \(delivered)", service: "fcm",
                payload: fcmPayload(message), outcome: "delivered"),
            receiveCase(
                "APNs removal delivered", ["Normal"], source: "\(apnsRead); \(delivered)", payload: apnsPayload(remove),
                outcome: "delivered"),
            receiveCase(
                "direct message delivered", ["Normal"], source: "\(apnsRead); \(delivered)",
                payload: apnsPayload(
                    sealed(
                        built(E.message(recipient: ["type": "direct", "user_ids": [12]])).plaintext,
                        nonce: "client-direct")),
                outcome: "delivered"),
            receiveCase(
                "test notification: dropped, the client parses only message and remove", ["UnexpectedType"],
                source: types,
                payload: apnsPayload(sealed(built(E.test()).plaintext, nonce: "client-test")),
                outcome: "droppedUnexpectedType"),
            receiveCase(
                "unknown push_key_id is dropped", ["UnknownKey"], source: lookup,
                payload: apnsPayload(message, id: 12345),
                outcome: "droppedUnknownKey"),
            receiveCase(
                "superseded by acknowledgement 29 days ago: still decrypts", ["KeyRotation"], source: rotation,
                payload: apnsPayload(viaOld, id: .integer(oldId)),
                keys: keysJSON([
                    (oldId, oldKey, created, nil), (E.keyId, E.key, E.now - 35 * E.day, E.now - 29 * E.day),
                ]), outcome: "delivered"),
            receiveCase(
                "superseded by acknowledgement 30 days ago: the rotation running now (rotationRuns) deletes it, "
                    + "dropped (upstream stamps the time a run happens, and only a run deletes)",
                ["KeyRotation", "UnknownKey"],
                source: "\(rotation); lib/model/push_device.dart:27-29, 83-86, 102-111 (when the rotation runs)",
                payload: apnsPayload(viaOld, id: .integer(oldId)),
                keys: keysJSON([
                    (oldId, oldKey, created, nil), (E.keyId, E.key, E.now - 35 * E.day, E.now - 30 * E.day),
                ]), rotationRuns: [E.now], outcome: "droppedUnknownKey"),
            receiveCase(
                "newer key 44 days old, never acknowledged: superseded 29 days ago, still decrypts", ["KeyRotation"],
                source: rotation, payload: apnsPayload(viaOld, id: .integer(oldId)),
                keys: keysJSON([(oldId, oldKey, created, nil), (E.keyId, E.key, E.now - 44 * E.day, nil)]),
                outcome: "delivered"),
            receiveCase(
                "newer key 45 days old, never acknowledged: the rotation runs 15 days after the newer key "
                    + "(stamping the old key) and now (deleting it), dropped", ["KeyRotation", "UnknownKey"],
                source: "\(rotation); lib/model/push_device.dart:27-29, 83-86, 102-111 (when the rotation runs)",
                payload: apnsPayload(viaOld, id: .integer(oldId)),
                keys: keysJSON([(oldId, oldKey, created, nil), (E.keyId, E.key, E.now - 45 * E.day, nil)]),
                rotationRuns: [E.now - 30 * E.day, E.now], outcome: "droppedUnknownKey"),
            receiveCase(
                "the newest key is never deleted", ["KeyRotation"], source: rotation, payload: apnsPayload(message),
                keys: keysJSON([(E.keyId, E.key, E.now - 400 * E.day, E.now - 399 * E.day)]), outcome: "delivered"),
            receiveCase(
                "encrypted under another key with the same id", ["WrongKey"], source: decrypt,
                payload: apnsPayload(
                    sealed(built(E.message()).plaintext, key: E.wireKey("other"), nonce: "client-wrong")),
                code: "AUTHENTICATION_FAILED"),
            receiveCase(
                "a nonce bit flipped", ["ModifiedCiphertext"], source: decrypt, payload: apnsPayload(flip(message, 0)),
                code: "AUTHENTICATION_FAILED"),
            receiveCase(
                "a tag bit flipped", ["ModifiedCiphertext"], source: decrypt, payload: apnsPayload(flip(message, 30)),
                code: "AUTHENTICATION_FAILED"),
            receiveCase(
                "a ciphertext bit flipped", ["ModifiedCiphertext"], source: decrypt,
                payload: apnsPayload(flip(message, message.count - 1)), code: "AUTHENTICATION_FAILED"),
            receiveCase(
                "encrypted_data of 39 bytes: upstream throws before any tag is checked (the sodium package's "
                    + "length check, a RangeError where a failed tag is a SodiumException): MALFORMED_PAYLOAD; reading "
                    + "every throw of the decryption as AUTHENTICATION_FAILED passes too", ["Truncated"],
                source: decrypt,
                payload: apnsPayload(Array(message.prefix(39))), code: "MALFORMED_PAYLOAD",
                also: [["error": "AUTHENTICATION_FAILED"]]),
            receiveCase(
                "encrypted_data of exactly nonce and tag", ["Truncated"], source: decrypt,
                payload: apnsPayload(Array(message.prefix(40))), code: "AUTHENTICATION_FAILED"),
            receiveCase(
                "encrypted_data missing its last byte", ["Truncated"], source: decrypt,
                payload: apnsPayload(Array(message.dropLast())), code: "AUTHENTICATION_FAILED"),
            receiveCase(
                "encrypted_data in URL-safe base64 without padding", ["BadBase64"], source: "\(apnsRead); \(base64Doc)",
                payload: apnsPayload(message).setting(
                    "encrypted_data", to: .string(Base64.encode(message, variant: .urlSafeNoPadding))),
                code: "MALFORMED_PAYLOAD"),
            receiveCase(
                "encrypted_data with a newline", ["BadBase64"], source: "\(apnsRead); \(base64Doc)",
                payload: apnsPayload(message).setting("encrypted_data", to: .string(Base64.encode(message) + "\n")),
                code: "MALFORMED_PAYLOAD"),
            receiveCase(
                "APNs with push_key_id as a string", ["IdJsonType", "MalformedPayload"], source: apnsRead,
                payload: apnsPayload(message, id: .string(String(E.keyId))), code: "MALFORMED_PAYLOAD"),
            receiveCase(
                "FCM with push_key_id as an integer: not read as E2EE, ignored by the legacy path (refusing it is "
                    + "acceptable)", ["IdJsonType", "LegacyFallback"],
                source: "\(fcmRead); \(legacy)", service: "fcm", payload: fcmPayload(message, id: .integer(E.keyId)),
                outcome: "droppedAsLegacy", also: refusedPayload),
            receiveCase(
                "push_key_id 4294967296: no key has it (upstream has no range check, refusing it is acceptable)",
                ["LenientKeyId", "UnknownKey"],
                source: "\(apnsRead); \(lookup)", payload: apnsPayload(message, id: 4_294_967_296),
                outcome: "droppedUnknownKey", also: refusedPayload),
            receiveCase(
                "push_key_id -1: no key has it (as tcId 23)", ["LenientKeyId", "UnknownKey"],
                source: "\(apnsRead); \(lookup)", payload: apnsPayload(message, id: -1), outcome: "droppedUnknownKey",
                also: refusedPayload),
            receiveCase(
                "push_key_id 1.0 reads as key 1, which the device does not have (as tcId 23; tcId 42 shows the key "
                    + "it names is used)", ["LenientKeyId", "UnknownKey"],
                source: "\(apnsRead); \(lookup)", payload: apnsPayload(message, id: .number("1.0")),
                outcome: "droppedUnknownKey", also: refusedPayload),
            receiveCase(
                "FCM push_key_id \"007\" reads as key 7, which the device does not have (as tcId 23; tcId 43 "
                    + "shows the key it names is used)", ["LenientKeyId", "UnknownKey"],
                source: "\(fcmRead); \(lookup)", service: "fcm", payload: fcmPayload(message, id: "007"),
                outcome: "droppedUnknownKey", also: refusedPayload),
            receiveCase(
                "FCM push_key_id \"\": not read as E2EE, ignored by the legacy path (as tcId 22)",
                ["LegacyFallback"], source: "\(fcmRead); \(legacy)", service: "fcm",
                payload: fcmPayload(message, id: ""),
                outcome: "droppedAsLegacy", also: refusedPayload),
            receiveCase(
                "push_key_id missing", ["MalformedPayload"], source: apnsRead,
                payload: apnsPayload(message).removing("push_key_id"), code: "MALFORMED_PAYLOAD"),
            receiveCase(
                "encrypted_data missing", ["MalformedPayload"], source: apnsRead,
                payload: apnsPayload(message).removing("encrypted_data"), code: "MALFORMED_PAYLOAD"),
            receiveCase(
                "payload is an array (APNs delivers a dictionary, so upstream never sees one)", ["MalformedPayload"],
                source: "\(flutter)lib/notifications/ios_service.dart:74 (the payload is cast to a map)",
                payload: [1, 2],
                code: "MALFORMED_PAYLOAD"),
            plaintextCase(
                "for another realm", ["OtherAccount"], built(E.message(account: otherRealm)).plaintext,
                source: accountCheck, outcome: "droppedOtherAccount"),
            plaintextCase(
                "for another user of the same realm", ["OtherAccount"], built(E.message(account: otherUser)).plaintext,
                source: accountCheck, outcome: "droppedOtherAccount"),
            plaintextCase(
                "realm_url spelled with upper case and the default port", ["OriginEquivalence"],
                built(E.message(account: spelled)).plaintext,
                source: "\(accountCheck); Dart Uri normalises scheme and host to lower case and drops a default port",
                outcome: "delivered"),
            plaintextCase(
                "realm_url on http instead of https", ["OtherAccount", "OriginEquivalence"],
                built(E.message(account: ["realm_url": "http://chat.example.com", "realm_name": "x", "user_id": 10]))
                    .plaintext, source: accountCheck, outcome: "droppedOtherAccount"),
            plaintextCase(
                "realm_url on another port", ["OtherAccount", "OriginEquivalence"],
                built(
                    E.message(account: ["realm_url": "https://chat.example.com:8443", "realm_name": "x", "user_id": 10])
                ).plaintext, source: accountCheck, outcome: "droppedOtherAccount"),
            plaintextCase(
                "a test notification with an unknown extra field: dropped for its type (tcId 44 checks the extra "
                    + "field on a message)", ["UnexpectedType"],
                JSONWriter.compactBytes(built(E.test()).json.setting("future_field", to: true)), source: types,
                outcome: "droppedUnexpectedType", nonceLabel: "an unknown extra field is ignored"),
            plaintextCase(
                "plaintext is not JSON", ["MalformedNotification"], Array("hello".utf8),
                source: "\(flutter)lib/notifications/receive.dart:295 (jsonUtf8Decoder throws)",
                code: "MALFORMED_NOTIFICATION"),
            plaintextCase(
                "unknown notification type: dropped (refusing it is acceptable)", ["UnexpectedType"],
                JSONWriter.compactBytes(built(E.test()).json.setting("type", to: "poke")), source: types,
                outcome: "droppedUnexpectedType", also: refusedNotification, nonceLabel: "unknown notification type"),
            plaintextCase(
                "message without content", ["MalformedNotification"],
                JSONWriter.compactBytes(built(E.message()).json.removing("content")), source: fields,
                code: "MALFORMED_NOTIFICATION"),
            plaintextCase(
                "a test notification with user_id as a string: dropped for its type before any field is read "
                    + "(tcId 45 checks the field on a message)",
                ["UnexpectedType"], JSONWriter.compactBytes(built(E.test()).json.setting("user_id", to: "10")),
                source: types, outcome: "droppedUnexpectedType", also: refusedNotification,
                nonceLabel: "user_id as a string"),
            plaintextCase(
                "message_ids holding a string", ["MalformedNotification"],
                JSONWriter.compactBytes(built(E.remove([1])).json.setting("message_ids", to: [1, "2"])), source: fields,
                code: "MALFORMED_NOTIFICATION"),
        ]
    }
}
