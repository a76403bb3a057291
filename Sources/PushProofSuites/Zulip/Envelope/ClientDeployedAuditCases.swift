import PushProofConformance
import PushProofCrypto
import PushProofJSON
import ZulipEnvelope
import ZulipRegistration

/// envelope_client: what the audit against zulip-flutter found, and the edges of each reading (deployed, from tcId 42).
extension EnvelopeClientVectors {
    /// Dart's base64 decoder as the index stores it (a pre-null-safety copy; zulip-flutter builds with
    /// Dart >= 3.13, pubspec.yaml:17, whose base64.dart could not be read: SourceLinesNotRead).
    static let dartBase64 = "dart-lang/sdk@130a09b2:sdk/lib/convert/base64.dart"
    static let unreadDart =
        " (a pre-null-safety copy, the newer of the two the index stores; zulip-flutter@e989e4f builds with Dart "
        + ">=3.13.0-270.0.dev, pubspec.yaml:17, whose base64.dart could not be read: lines not read in the deciding version)"

    static func deployedAudit() -> [VectorCase] {
        [
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
                    "\(apnsRead); \(dartBase64):60, 516-523 (base64Decode is Base64Decoder.convert), 711-724 "
                    + "(_Base64Decoder.decodeChunk: non-zero bits before the padding throw \"Invalid encoding before "
                    + "padding\")\(unreadDart)",
                payload: apnsPayload(message).setting(
                    "encrypted_data", to: .string(RegistrationBouncerVectors.bumpTrailingBits(Base64.encode(message)))),
                code: "MALFORMED_PAYLOAD"),
            receiveCase(
                "encrypted_data with a character outside both base64 alphabets: base64Decode throws",
                ["MalformedPayload", "SourceLinesNotRead"],
                source:
                    "\(apnsRead); \(dartBase64):60, 516-523 (base64Decode is Base64Decoder.convert), 561-570 (the "
                    + "inverse alphabet: both alphabets, '=' and '%' as padding, all else invalid), 737, 748 "
                    + "(_Base64Decoder.decodeChunk: \"Invalid character\")\(unreadDart)",
                payload: apnsPayload(message).setting(
                    "encrypted_data", to: .string("*" + String(Base64.encode(message).dropFirst()))),
                code: "MALFORMED_PAYLOAD"),
            receiveCase(
                "encrypted_data padded with %3D%3D, the URL-encoded =: base64Decode reads it, delivered (PushProof "
                    + "recommends refusing it: hardened tcId 613)", ["LenientBase64", "SourceLinesNotRead"],
                source:
                    "\(apnsRead); \(dartBase64):553-570 (the inverse alphabet takes '%' as a padding character, "
                    + "which must be followed by 3D), 727-735 (_Base64Decoder.decodeChunk: `%3D` counts as padding), "
                    + "842-886 (_checkPadding accepts the rest of %3D%3D)\(unreadDart); \(delivered)",
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
    }
}
