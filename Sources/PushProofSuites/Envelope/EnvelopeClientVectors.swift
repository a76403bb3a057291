import PushProofConformance
import PushProofCrypto
import PushProofJSON
import ZulipEnvelope
import ZulipRegistration

/// envelope_client: the client's handling of a delivered notification.
enum EnvelopeClientVectors {
    typealias E = EnvelopeFixtures

    /// encrypted_data of a notification (or raw plaintext) under a key, with a labelled nonce.
    static func sealed(_ plaintext: [UInt8], key: [UInt8] = E.key, nonce label: String) -> [UInt8] {
        let pushKey = PushKey(id: 1, wireBytes: key)!
        let e = try! NotificationCipher.encrypt(plaintext, key: pushKey, nonce: E.nonce(label))
        return e.nonce + e.box
    }

    static func built(_ raw: JSONValue) -> ZulipNotification { try! EnvelopeOperations.notification(raw) }

    static func keysJSON(_ entries: [(id: UInt32, key: [UInt8], createdAt: Int64, ack: Int64?)]) -> JSONValue {
        .array(
            entries.map { e in
                var v: JSONValue = [
                    "id": .integer(e.id), "pushKey": .string(Hex.encode(e.key)), "createdAt": .integer(e.createdAt),
                ]
                if let ack = e.ack { v = v.setting("acknowledgedAt", to: .integer(ack)) }
                return v
            })
    }

    static let standardKeys = keysJSON([(E.keyId, E.key, E.now - 10 * E.day, nil)])

    static func receiveCase(
        _ comment: String, _ flags: [String], source: String? = nil, service: String = "apns", payload: JSONValue,
        keys: JSONValue = standardKeys, now: Int64 = E.now, outcome: String? = nil, code: String? = nil,
        also: [JSONValue] = [], account: JSONValue = E.account
    ) -> VectorCase {
        VectorCase(
            comment: comment, flags: flags, source: source,
            input: [
                "service": .string(service), "account": account, "keys": keys, "now": .integer(now),
                "payload": payload,
            ],
            code: code, outcome: outcome, alsoAccepted: also)
    }

    // zulip/zulip-flutter@e989e4f (docs/audit/envelope.md, part 3).
    static let flutter = "zulip/zulip-flutter@e989e4f:"
    static let apnsRead = "\(flutter)lib/api/notifications.g.dart:24-29 ((push_key_id as num).toInt(), base64Decode)"
    static let fcmRead =
        "\(flutter)lib/api/notifications.g.dart:11-15, lib/api/notifications.dart:526-536 (int.parse(push_key_id, radix: 10), base64Decode)"
    static let lookup = "\(flutter)lib/notifications/receive.dart:283-290 (no key with this id: return null)"
    static let decrypt =
        "\(flutter)lib/model/push_key.dart:287-303 (nonce = first 24 bytes, secretBox.openEasy; throws)"
    static let types =
        "\(flutter)lib/api/notifications.dart:72-78, lib/notifications/receive.dart:296-300 (only message and remove are parsed; UnexpectedNotifPayload: return null)"
    static let accountCheck = "\(flutter)lib/notifications/receive.dart:302-306 (realmUrl.origin and userId must match)"
    static let rotation =
        "\(flutter)lib/model/push_key.dart:152-216 (superseded on acknowledgement or 15 days after a newer key; deleted when superseded >= 30 days)"
    static let legacy =
        "\(flutter)lib/notifications/receive.dart:221-228, 237-270 (an FCM message that does not read as E2EE goes to the legacy path, which ignores it at feature level 468+)"
    static let base64Doc =
        "Dart API documentation, dart:convert base64 (\"decodes using both the base64 and base64url alphabets, does not allow invalid characters and requires padding\")"
    static let fields =
        "\(flutter)lib/api/notifications.g.dart:38-54, 79-95 (each field cast with `as`; a wrong type throws)"

    static func apnsPayload(_ data: [UInt8], id: JSONValue = .integer(E.keyId)) -> JSONValue {
        [
            "push_key_id": id, "encrypted_data": .string(Base64.encode(data)),
            "aps": ["mutable-content": 1, "alert": ["title": "New notification"]],
        ]
    }

    /// URL-safe base64 with its padding: what Dart's decoder also takes.
    /// Standard base64 whose `=` padding is written URL-encoded, `%3D`.
    static func percentPadded(_ data: [UInt8]) -> String {
        let canonical = Base64.encode(data)
        precondition(canonical.hasSuffix("="), "the message's base64 must be padded")
        return String(canonical.prefix { $0 != "=" })
            + String(repeating: "%3D", count: canonical.filter { $0 == "=" }.count)
    }

    static func urlSafePadded(_ data: [UInt8]) -> String {
        String(Base64.encode(data).map { $0 == "+" ? "-" : $0 == "/" ? "_" : $0 })
    }

    static func fcmPayload(_ data: [UInt8], id: JSONValue = .string(String(E.keyId))) -> JSONValue {
        ["push_key_id": id, "encrypted_data": .string(Base64.encode(data))]
    }

    static func file() -> VectorFileDeclaration {
        let message = sealed(built(E.message()).plaintext, nonce: "client-message")
        let remove = sealed(built(E.remove([7, 8])).plaintext, nonce: "client-remove")
        let otherRealm: JSONValue = ["realm_url": "https://other.example.com", "realm_name": "Other", "user_id": 10]
        let otherUser: JSONValue = [
            "realm_url": "https://chat.example.com", "realm_name": "Example Chat", "user_id": 99,
        ]
        // A message whose integer fields are written as fractions (deployed tcId 82, hardened 614).
        let fractionalIds = JSONWriter.compactBytes(
            built(E.message()).json.setting("user_id", to: .number("10.0")).setting("sender_id", to: .number("11.5"))
                .setting("message_id", to: .number("4242.9")))
        let httpAccount: JSONValue = [
            "realm_url": "http://chat.example.com", "realm_name": "Example Chat", "user_id": 10,
        ]
        let spelled: JSONValue = [
            "realm_url": "HTTPS://Chat.Example.com:443/", "realm_name": "Example Chat", "user_id": 10,
        ]
        func flip(_ bytes: [UInt8], _ index: Int) -> [UInt8] {
            var b = bytes
            b[index] ^= 0x01
            return b
        }
        let oldId: UInt32 = 1001
        let oldKey = E.wireKey("old")
        let viaOld = sealed(built(E.message()).plaintext, key: oldKey, nonce: "client-old-key")
        let created = E.now - 60 * E.day
        func plaintextCase(
            _ comment: String, _ flags: [String], _ plaintext: [UInt8], source: String? = nil, outcome: String? = nil,
            code: String? = nil, also: [JSONValue] = [], nonceLabel: String? = nil
        ) -> VectorCase {
            // The nonce's label is the comment unless the test names its own label: a test whose label
            // differs from its comment keeps its input whatever its comment says.
            receiveCase(
                comment, flags, source: source,
                payload: apnsPayload(sealed(plaintext, nonce: "client-\(nonceLabel ?? comment)")), outcome: outcome,
                code: code, also: also)
        }
        let delivered = "\(lookup); \(decrypt); \(types); \(accountCheck)"
        let recipientRule =
            "\(flutter)lib/api/notifications.dart:187-196 (channel_id present: a channel; otherwise a DM; recipient_type unread)"
        let refusedPayload: [JSONValue] = [["error": "MALFORMED_PAYLOAD"]]
        let refusedNotification: [JSONValue] = [["error": "MALFORMED_NOTIFICATION"]]
        let deployed: [VectorCase] = [
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
                "superseded by acknowledgement 30 days ago: deleted, dropped (as if the rotation ran at the "
                    + "acknowledgement and now: upstream stamps the time it runs)", ["KeyRotation", "UnknownKey"],
                source: "\(rotation); lib/model/push_device.dart:27-29, 83-86, 102-111 (when the rotation runs)",
                payload: apnsPayload(viaOld, id: .integer(oldId)),
                keys: keysJSON([
                    (oldId, oldKey, created, nil), (E.keyId, E.key, E.now - 35 * E.day, E.now - 30 * E.day),
                ]), outcome: "droppedUnknownKey"),
            receiveCase(
                "newer key 44 days old, never acknowledged: superseded 29 days ago, still decrypts", ["KeyRotation"],
                source: rotation, payload: apnsPayload(viaOld, id: .integer(oldId)),
                keys: keysJSON([(oldId, oldKey, created, nil), (E.keyId, E.key, E.now - 44 * E.day, nil)]),
                outcome: "delivered"),
            receiveCase(
                "newer key 45 days old, never acknowledged: deleted, dropped (as if the rotation ran 15 days after "
                    + "the newer key and now)", ["KeyRotation", "UnknownKey"],
                source: "\(rotation); lib/model/push_device.dart:27-29, 83-86, 102-111 (when the rotation runs)",
                payload: apnsPayload(viaOld, id: .integer(oldId)),
                keys: keysJSON([(oldId, oldKey, created, nil), (E.keyId, E.key, E.now - 45 * E.day, nil)]),
                outcome: "droppedUnknownKey"),
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
                "encrypted_data of 39 bytes (upstream throws from the decryption, as for a failed tag; the "
                    + "separate code is PushProof's)", ["Truncated"], source: decrypt,
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
            // What the audit against zulip-flutter found (docs/audit/envelope.md; tcIds 42-47).
            receiveCase(
                "push_key_id 2718281828.0 reads as key 2718281828: delivered (PushProof recommends refusing it: "
                    + "hardened tcId 603)", ["LenientKeyId"], source: "\(apnsRead); \(delivered)",
                payload: apnsPayload(message, id: .number("\(E.keyId).0")), outcome: "delivered", also: refusedPayload),
            receiveCase(
                "FCM push_key_id with a leading zero, a plus sign and spaces reads as the key: delivered "
                    + "(PushProof recommends refusing it: hardened tcId 604)", ["LenientKeyId"],
                source: "\(fcmRead); \(delivered)", service: "fcm",
                payload: fcmPayload(message, id: .string(" +0\(E.keyId) ")),
                outcome: "delivered", also: refusedPayload),
            plaintextCase(
                "an unknown extra field in a message is ignored", ["ForwardCompatible"],
                JSONWriter.compactBytes(built(E.message()).json.setting("future_field", to: true)),
                source: "\(fields) (json_serializable without disallowUnrecognizedKeys)", outcome: "delivered"),
            plaintextCase(
                "a message with user_id as a string", ["MalformedNotification"],
                JSONWriter.compactBytes(built(E.message()).json.setting("user_id", to: "10")),
                source: "\(flutter)lib/api/notifications.g.dart:43 ((json['user_id'] as num) throws)",
                code: "MALFORMED_NOTIFICATION"),
            receiveCase(
                "encrypted_data in padded URL-safe base64: delivered (PushProof recommends refusing it: hardened "
                    + "tcId 605)", ["LenientBase64"], source: "\(apnsRead); \(base64Doc); \(delivered)",
                payload: apnsPayload(message).setting("encrypted_data", to: .string(urlSafePadded(message))),
                outcome: "delivered", also: refusedPayload),
            receiveCase(
                "FCM data without encrypted_data: not read as E2EE, ignored by the legacy path", ["LegacyFallback"],
                source: "\(fcmRead); \(legacy)", service: "fcm",
                payload: fcmPayload(message).removing("encrypted_data"),
                outcome: "droppedAsLegacy", also: refusedPayload),
            plaintextCase(
                "a message without type: dropped (refusing it is acceptable)", ["UnexpectedType"],
                JSONWriter.compactBytes(built(E.message()).json.removing("type")), source: types,
                outcome: "droppedUnexpectedType", also: refusedNotification),
            plaintextCase(
                "a message whose type is the number 1: dropped (refusing it is acceptable)", ["UnexpectedType"],
                JSONWriter.compactBytes(built(E.message()).json.setting("type", to: 1)), source: types,
                outcome: "droppedUnexpectedType", also: refusedNotification),
            // Key ids at the ends of their range, on each reading path, and the smallest boxes.
            receiveCase(
                "key id 0: delivered", ["KeyIdRange"], source: "\(apnsRead); \(delivered)",
                payload: apnsPayload(message, id: 0), keys: keysJSON([(0, E.key, E.now - 10 * E.day, nil)]),
                outcome: "delivered"),
            receiveCase(
                "key id 4294967295: delivered", ["KeyIdRange"], source: "\(apnsRead); \(delivered)",
                payload: apnsPayload(message, id: 4_294_967_295),
                keys: keysJSON([(4_294_967_295, E.key, E.now - 10 * E.day, nil)]), outcome: "delivered"),
            receiveCase(
                "key id 4294967295 written 4294967295.0: delivered", ["KeyIdRange", "LenientKeyId"],
                source: "\(apnsRead); \(delivered)", payload: apnsPayload(message, id: .number("4294967295.0")),
                keys: keysJSON([(4_294_967_295, E.key, E.now - 10 * E.day, nil)]), outcome: "delivered",
                also: refusedPayload),
            receiveCase(
                "FCM key id \"4294967295\": delivered", ["KeyIdRange"], source: "\(fcmRead); \(delivered)",
                service: "fcm", payload: fcmPayload(message, id: "4294967295"),
                keys: keysJSON([(4_294_967_295, E.key, E.now - 10 * E.day, nil)]), outcome: "delivered"),
            receiveCase(
                "FCM key id \"0\": delivered", ["KeyIdRange"], source: "\(fcmRead); \(delivered)", service: "fcm",
                payload: fcmPayload(message, id: "0"), keys: keysJSON([(0, E.key, E.now - 10 * E.day, nil)]),
                outcome: "delivered"),
            receiveCase(
                "FCM key id 2^63 - 1: int.parse reads it, no key has it", ["KeyIdRange", "UnknownKey"],
                source: "\(fcmRead); \(lookup)", service: "fcm",
                payload: fcmPayload(message, id: "9223372036854775807"),
                outcome: "droppedUnknownKey", also: refusedPayload),
            receiveCase(
                "FCM key id 2^63: int.parse throws, so not read as E2EE", ["KeyIdRange", "LegacyFallback"],
                source: "\(fcmRead); \(legacy)", service: "fcm",
                payload: fcmPayload(message, id: "9223372036854775808"),
                outcome: "droppedAsLegacy", also: refusedPayload),
            receiveCase(
                "FCM key id -2^63: int.parse reads it, no key has it", ["KeyIdRange", "UnknownKey"],
                source: "\(fcmRead); \(lookup)", service: "fcm",
                payload: fcmPayload(message, id: "-9223372036854775808"), outcome: "droppedUnknownKey",
                also: refusedPayload),
            receiveCase(
                "FCM key id -2^63 - 1: int.parse throws, so not read as E2EE", ["KeyIdRange", "LegacyFallback"],
                source: "\(fcmRead); \(legacy)", service: "fcm",
                payload: fcmPayload(message, id: "-9223372036854775809"), outcome: "droppedAsLegacy",
                also: refusedPayload),
            receiveCase(
                "encrypted_data of 39 bytes: shorter than a nonce and a tag", ["MalformedPayload"], source: decrypt,
                payload: apnsPayload(Array(sealed([], nonce: "client-empty").dropLast())), code: "MALFORMED_PAYLOAD"),
            receiveCase(
                "encrypted_data of 40 bytes: an empty plaintext, which is not JSON", ["MalformedNotification"],
                source: "\(decrypt); \(flutter)lib/notifications/receive.dart:295",
                payload: apnsPayload(sealed([], nonce: "client-empty")), code: "MALFORMED_NOTIFICATION"),
            plaintextCase(
                "a plaintext that is a JSON array", ["MalformedNotification"], Array("[1]".utf8),
                source: "\(flutter)lib/notifications/receive.dart:295 (jsonDecode(...) as Map<String, dynamic>)",
                code: "MALFORMED_NOTIFICATION"),
            plaintextCase(
                "a message with a field whose value is NaN, which is not JSON", ["MalformedNotification"],
                Array(
                    String(decoding: JSONWriter.compactBytes(built(E.message()).json), as: UTF8.self).dropLast()
                        .appending(",\"future_field\":NaN}").utf8),
                source: "\(flutter)lib/notifications/receive.dart:295 (jsonDecode throws on NaN)",
                code: "MALFORMED_NOTIFICATION"),
            // How the app reads a message's recipient and its optional names (docs/audit/envelope.md).
            plaintextCase(
                "a channel message without recipient_type: channel_id decides", ["RecipientByChannelId"],
                JSONWriter.compactBytes(built(E.message()).json.removing("recipient_type")), source: recipientRule,
                outcome: "delivered"),
            plaintextCase(
                "recipient_type \"direct\" beside channel_id: channel_id decides, a channel message",
                ["RecipientByChannelId"],
                JSONWriter.compactBytes(built(E.message()).json.setting("recipient_type", to: "direct")),
                source: recipientRule, outcome: "delivered"),
            plaintextCase(
                "a DM whose recipient_type says channel: no channel_id, so a DM", ["RecipientByChannelId"],
                JSONWriter.compactBytes(
                    built(E.message(recipient: ["type": "direct", "user_ids": [10, 11]])).json.setting(
                        "recipient_type", to: "channel")), source: recipientRule, outcome: "delivered"),
            plaintextCase(
                "a channel message without channel_name", ["OptionalName"],
                JSONWriter.compactBytes(built(E.message()).json.removing("channel_name")),
                source: "\(flutter)lib/api/notifications.g.dart:84-90 (channel_name as String?)", outcome: "delivered"),
            plaintextCase(
                "a message without realm_name", ["OptionalName"],
                JSONWriter.compactBytes(built(E.message()).json.removing("realm_name")),
                source: "\(flutter)lib/api/notifications.g.dart:44 (realm_name as String?)", outcome: "delivered"),
            plaintextCase(
                "a removal with realm_name null", ["OptionalName"],
                JSONWriter.compactBytes(built(E.remove([4242])).json.setting("realm_name", to: .null)),
                source: "\(flutter)lib/api/notifications.g.dart:92-99 (realm_name as String?)", outcome: "delivered"),
            plaintextCase(
                "a realm_name that is a number", ["MalformedNotification"],
                JSONWriter.compactBytes(built(E.message()).json.setting("realm_name", to: 7)),
                source: "\(flutter)lib/api/notifications.g.dart:44 (7 as String? throws)",
                code: "MALFORMED_NOTIFICATION"),
            plaintextCase(
                "mentioned_user_group_id alone: the app does not read mentioned groups", ["ForwardCompatible"],
                JSONWriter.compactBytes(built(E.message()).json.setting("mentioned_user_group_id", to: 5)),
                source: "\(flutter)lib/api/notifications.g.dart:39-55 (no mentioned group is read)",
                outcome: "delivered"),
            plaintextCase(
                "a plaintext that is not JSON", ["MalformedNotification"], Array("message".utf8),
                source: "\(flutter)lib/notifications/receive.dart:295 (jsonDecode throws)",
                code: "MALFORMED_NOTIFICATION"),
            // Key ages one second before each deadline, an http realm's default port, a DM's recipients,
            // fractional key ids, and base64's unused bits.
            receiveCase(
                "newer key 45 days less one second old, never acknowledged: still decrypts", ["KeyRotation"],
                source: rotation, payload: apnsPayload(viaOld, id: .integer(oldId)),
                keys: keysJSON([(oldId, oldKey, created, nil), (E.keyId, E.key, E.now - 45 * E.day + 1, nil)]),
                outcome: "delivered"),
            receiveCase(
                "superseded by acknowledgement 30 days less one second ago: still decrypts", ["KeyRotation"],
                source: rotation, payload: apnsPayload(viaOld, id: .integer(oldId)),
                keys: keysJSON([
                    (oldId, oldKey, created, nil), (E.keyId, E.key, E.now - 35 * E.day, E.now - 30 * E.day + 1),
                ]), outcome: "delivered"),
            receiveCase(
                "an http realm: realm_url with the default port 80 written out is the same origin",
                ["OriginEquivalence"],
                source: "\(accountCheck); Dart Uri.origin omits a scheme's default port",
                payload: apnsPayload(
                    sealed(
                        built(E.message(account: httpAccount.setting("realm_url", to: "http://chat.example.com:80")))
                            .plaintext, nonce: "client-http-port")), outcome: "delivered", account: httpAccount),
            plaintextCase(
                "a DM without recipient_user_ids", ["MalformedNotification"],
                JSONWriter.compactBytes(
                    built(E.message(recipient: ["type": "direct", "user_ids": [12]])).json.removing(
                        "recipient_user_ids")),
                source: "\(flutter)lib/api/notifications.g.dart:79-85 (null as List<dynamic> throws)",
                code: "MALFORMED_NOTIFICATION"),
            plaintextCase(
                "a DM whose recipient_user_ids holds a string", ["MalformedNotification"],
                JSONWriter.compactBytes(
                    built(E.message(recipient: ["type": "direct", "user_ids": [12]])).json.setting(
                        "recipient_user_ids", to: [10, "11"])),
                source: "\(flutter)lib/api/notifications.g.dart:79-85 (\"11\" as num throws)",
                code: "MALFORMED_NOTIFICATION"),
            receiveCase(
                "push_key_id 1.5 reads as key 1 (toInt truncates): delivered (PushProof recommends refusing it, "
                    + "as hardened tcId 603)", ["LenientKeyId"], source: "\(apnsRead); \(delivered)",
                payload: apnsPayload(message, id: .number("1.5")),
                keys: keysJSON([(1, E.key, E.now - 10 * E.day, nil)]),
                outcome: "delivered", also: refusedPayload),
            receiveCase(
                "push_key_id 0.5 reads as key 0 (toInt truncates): delivered (PushProof recommends refusing it, "
                    + "as hardened tcId 603)", ["LenientKeyId"], source: "\(apnsRead); \(delivered)",
                payload: apnsPayload(message, id: .number("0.5")),
                keys: keysJSON([(0, E.key, E.now - 10 * E.day, nil)]),
                outcome: "delivered", also: refusedPayload),
            receiveCase(
                "encrypted_data with non-zero unused bits in its last symbol: base64Decode throws",
                ["MalformedPayload", "SourceLinesNotRead"],
                source:
                    "\(apnsRead); dart-lang/sdk@130a09b2:sdk/lib/convert/base64.dart _Base64Decoder.decodeChunk "
                    + "(\"Invalid encoding before padding\"; lines not read)",
                payload: apnsPayload(message).setting(
                    "encrypted_data", to: .string(RegistrationBouncerVectors.bumpTrailingBits(Base64.encode(message)))),
                code: "MALFORMED_PAYLOAD"),
            receiveCase(
                "encrypted_data with a character outside both base64 alphabets: base64Decode throws",
                ["MalformedPayload", "SourceLinesNotRead"],
                source:
                    "\(apnsRead); dart-lang/sdk@130a09b2:sdk/lib/convert/base64.dart _Base64Decoder.decodeChunk "
                    + "(\"Invalid character\"; lines not read)",
                payload: apnsPayload(message).setting(
                    "encrypted_data", to: .string("*" + String(Base64.encode(message).dropFirst()))),
                code: "MALFORMED_PAYLOAD"),
            receiveCase(
                "encrypted_data padded with %3D%3D, the URL-encoded =: base64Decode reads it, delivered (PushProof "
                    + "recommends refusing it: hardened tcId 613)", ["LenientBase64", "SourceLinesNotRead"],
                source:
                    "\(apnsRead); dart-lang/sdk@130a09b2:sdk/lib/convert/base64.dart _Base64Decoder.decodeChunk and "
                    + "_checkPadding (`%3D` counts as padding; lines not read); \(delivered)",
                payload: apnsPayload(message).setting("encrypted_data", to: .string(percentPadded(message))),
                outcome: "delivered", also: refusedPayload),
            plaintextCase(
                "ids written as fractions (user_id 10.0, sender_id 11.5, message_id 4242.9): num.toInt() truncates "
                    + "them, delivered (PushProof recommends refusing it: hardened tcId 614)", ["FractionalId"],
                fractionalIds,
                source: "\(flutter)lib/api/notifications.g.dart:38-54 ((json[...] as num).toInt())",
                outcome: "delivered", also: refusedNotification),
            plaintextCase(
                "message_id 2^63 - 1, the largest integer a Dart int holds: delivered", ["IntegerRange"],
                JSONWriter.compactBytes(built(E.message()).json.setting("message_id", to: .integer(Int64.max))),
                source: "\(flutter)lib/api/notifications.g.dart:38-54 ((json[...] as num).toInt())",
                outcome: "delivered"),
            plaintextCase(
                "a removal of message -2^63, the smallest integer a Dart int holds: delivered", ["IntegerRange"],
                JSONWriter.compactBytes(built(E.remove([4242])).json.setting("message_ids", to: [.integer(Int64.min)])),
                source: "\(flutter)lib/api/notifications.g.dart:92-95 ((e as num).toInt())", outcome: "delivered"),
            plaintextCase(
                "a removal without message_ids", ["MalformedNotification"],
                JSONWriter.compactBytes(built(E.remove([4242])).json.removing("message_ids")),
                source: "\(flutter)lib/api/notifications.g.dart:92-95 (null as List<dynamic> throws)",
                code: "MALFORMED_NOTIFICATION"),
            receiveCase(
                "APNs encrypted_data as a number", ["MalformedPayload"], source: apnsRead,
                payload: apnsPayload(message).setting("encrypted_data", to: 7), code: "MALFORMED_PAYLOAD"),
        ]
        let hardened: [VectorCase] = [
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
        // Proposal profile.
        let devices: JSONValue = [
            [
                "pushAccountId": .integer(E.pushAccountId),
                "secretKey": .string(Hex.encode(E.deviceKey.secretKey.bytes.revealedBytes())),
            ]
        ]
        func proposalBox(_ n: ZulipNotification, to key: X25519.PublicKey = E.deviceKey.publicKey, label: String)
            -> String
        {
            try! NotificationSender.seal(
                n, devicePublicKey: key,
                ephemeralSecretKey: try! X25519.SecretKey(
                    rawBytes: SHA256.hash(Array("pushproof/ephemeral/\(label)".utf8))))
        }
        func proposalCase(
            _ comment: String, _ flags: [String], service: String = "apns", box: String, id: UInt64 = E.pushAccountId,
            outcome: String? = nil, code: String? = nil
        ) -> VectorCase {
            let payload: JSONValue =
                service == "apns"
                ? [
                    "push_account_id": .integer(id), "encrypted_content": .string(box),
                    "aps": ["mutable-content": 1, "alert": ["title": "New notification"]],
                ]
                : ["push_account_id": .string(String(id)), "encrypted_content": .string(box)]
            return VectorCase(
                comment: "proposal: " + comment, flags: ["ProposalProfile"] + flags,
                input: ["service": .string(service), "account": E.account, "devices": devices, "payload": payload],
                code: code, outcome: outcome)
        }
        let pBox = proposalBox(built(E.message()), label: "proposal-receive")
        var tampered = try! Base64.decode(pBox)
        tampered[40] ^= 0x04
        let proposal: [VectorCase] = [
            proposalCase("APNs message delivered", ["Normal"], box: pBox, outcome: "delivered"),
            proposalCase("FCM message delivered", ["Normal"], service: "fcm", box: pBox, outcome: "delivered"),
            proposalCase(
                "unknown push_account_id is dropped", ["UnknownKey"], box: pBox, id: 7, outcome: "droppedUnknownKey"),
            proposalCase(
                "sealed to another device key", ["WrongKey"],
                box: proposalBox(
                    built(E.message()),
                    to: X25519.KeyPair(secretKey: try! X25519.SecretKey(rawBytes: [UInt8](repeating: 3, count: 32)))
                        .publicKey, label: "proposal-wrong"),
                code: "AUTHENTICATION_FAILED"),
            proposalCase(
                "a tag bit flipped", ["ModifiedCiphertext"], box: Base64.encode(tampered), code: "AUTHENTICATION_FAILED"
            ),
            proposalCase(
                "for another realm", ["OtherAccount"],
                box: proposalBox(built(E.message(account: otherRealm)), label: "proposal-other"),
                outcome: "droppedOtherAccount"),
        ]
        return VectorFileDeclaration(
            suite: "envelope_client", protocolName: "zulip-push-envelope", notes: EnvelopeNotes.catalogue,
            header: [
                "The client's handling of a delivered notification: every outcome is distinct.",
                "Outputs: delivered (with the notification), droppedUnknownKey, droppedOtherAccount, droppedUnexpectedType (deployed: a type other than message or remove), droppedAsLegacy (deployed, FCM: the data does not read as E2EE and the legacy path ignores it). Errors: MALFORMED_PAYLOAD, AUTHENTICATION_FAILED, MALFORMED_NOTIFICATION.",
                "deployed follows zulip-flutter@e989e4f, its leniencies included: where PushProof recommends refusing what it accepts, the test is acceptable and refusing passes too; the hardened group states PushProof's stricter reading.",
                "keys: the device's push keys with createdAt and, when the server acknowledged them, acknowledgedAt (Unix seconds); the order is the order of creation.",
            ],
            groups: [
                .init(
                    type: "EnvelopeReceiveTest", operation: .envelopeReceive,
                    description:
                        "Client (zulip-flutter@e989e4f): read the APNs body or FCM data, pick the key by push_key_id (rotation rules against `now`), decrypt, parse, check the account.",
                    ids: .block(1...500), cases: deployed),
                .init(
                    type: "EnvelopeReceiveTest", operation: .envelopeReceive, profile: .hardened,
                    description:
                        "Client, PushProof's hardened reading: a canonical uint32 key id of the service's JSON type, standard base64, every malformed payload and unknown type an error.",
                    ids: .block(601...700), cases: hardened),
                .init(
                    type: "EnvelopeReceiveTest", operation: .envelopeReceive, profile: .proposal,
                    description: "Proposal client: pick the device key by push_account_id, open the sealed box.",
                    ids: .block(501...600), cases: proposal),
            ])
    }
}
