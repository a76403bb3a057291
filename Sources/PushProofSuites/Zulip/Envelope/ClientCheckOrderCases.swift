import PushProofConformance
import PushProofCrypto
import PushProofJSON
import ZulipEnvelope

/// envelope_client: inputs that fail two checks at once (which answer wins), and key rotation with
/// three and four keys, where the key that decides is not the next one (deployed).
extension EnvelopeClientVectors {
    static func deployedCheckOrder() -> [VectorCase] {
        let short = Array(message.prefix(30))
        let unknownId: JSONValue = 99
        // The old key deleted by rotation: superseded 31 days ago by the newer key's acknowledgement,
        // deleted by the rotation running now (rotationRuns).
        let rotatedAway = keysJSON([
            (oldId, oldKey, created, nil), (E.keyId, E.key, E.now - 35 * E.day, E.now - 31 * E.day),
        ])
        let order = "docs/envelope.md (the client's outcomes)"
        let otherRealmMessage = built(E.message(account: otherRealm)).json
        return [
            receiveCase(
                "encrypted_data of 30 bytes for a key the device does not hold: the lookup comes first, dropped",
                ["CheckOrder", "UnknownKey"], source: "\(apnsRead); \(lookup); \(decrypt)",
                payload: apnsPayload(short, id: unknownId), outcome: "droppedUnknownKey"),
            receiveCase(
                "empty encrypted_data for a key the device does not hold: dropped", ["CheckOrder", "UnknownKey"],
                source: "\(apnsRead); \(lookup); \(decrypt)", payload: apnsPayload([], id: unknownId),
                outcome: "droppedUnknownKey"),
            receiveCase(
                "FCM encrypted_data of 30 bytes for a key the device does not hold: dropped",
                ["CheckOrder", "UnknownKey"], source: "\(fcmRead); \(lookup); \(decrypt)", service: "fcm",
                payload: fcmPayload(short, id: "99"), outcome: "droppedUnknownKey"),
            receiveCase(
                "encrypted_data of 30 bytes for a key deleted by the rotation run now: dropped",
                ["CheckOrder", "KeyRotation"],
                source: "\(rotation); \(lookup); \(decrypt)", payload: apnsPayload(short, id: .integer(oldId)),
                keys: rotatedAway, rotationRuns: [E.now], outcome: "droppedUnknownKey"),
            receiveCase(
                "a tag bit flipped, for a key deleted by the rotation run now: dropped before decrypting",
                ["CheckOrder", "KeyRotation"], source: "\(rotation); \(lookup)",
                payload: apnsPayload(flip(viaOld, 30), id: .integer(oldId)), keys: rotatedAway,
                rotationRuns: [E.now], outcome: "droppedUnknownKey"),
            receiveCase(
                "encrypted_data of 30 bytes for a held key: decryption throws", ["Truncated"], source: decrypt,
                payload: apnsPayload(short), code: "MALFORMED_PAYLOAD", also: [["error": "AUTHENTICATION_FAILED"]]),
            receiveCase(
                "empty encrypted_data for a held key: decryption throws", ["Truncated"], source: decrypt,
                payload: apnsPayload([]), code: "MALFORMED_PAYLOAD", also: [["error": "AUTHENTICATION_FAILED"]]),
            receiveCase(
                "encrypted_data of 24 bytes, a nonce alone, for a held key: decryption throws", ["Truncated"],
                source: decrypt, payload: apnsPayload(Array(message.prefix(24))), code: "MALFORMED_PAYLOAD",
                also: [["error": "AUTHENTICATION_FAILED"]]),
            receiveCase(
                "encrypted_data that is not base64, for a key the device does not hold: the payload is read first",
                ["CheckOrder", "MalformedPayload"], source: "\(apnsRead); \(lookup)",
                payload: apnsPayload(message, id: unknownId).setting("encrypted_data", to: "*not base64*"),
                code: "MALFORMED_PAYLOAD"),
            receiveCase(
                "encrypted_data missing, for a key the device does not hold: the payload is read first",
                ["CheckOrder", "MalformedPayload"], source: "\(apnsRead); \(lookup)",
                payload: apnsPayload(message, id: unknownId).removing("encrypted_data"), code: "MALFORMED_PAYLOAD"),
            receiveCase(
                "FCM encrypted_data that is not base64, for a key the device does not hold: not read as E2EE",
                ["CheckOrder", "LegacyFallback"], source: "\(fcmRead); \(legacy)", service: "fcm",
                payload: fcmPayload(message, id: "99").setting("encrypted_data", to: "*not base64*"),
                outcome: "droppedAsLegacy", also: refusedPayload),
            receiveCase(
                "a tag bit flipped in a plaintext that is not JSON: the MAC fails first",
                ["CheckOrder", "ModifiedCiphertext"],
                source: "\(decrypt); \(flutter)lib/notifications/receive.dart:293-295",
                payload: apnsPayload(flip(sealed(Array("hello".utf8), nonce: "client-order-not-json"), 30)),
                code: "AUTHENTICATION_FAILED"),
            plaintextCase(
                "a test notification for another realm: dropped for its type before the account is compared (the "
                    + "server sends test notifications, so no refusal passes)",
                ["CheckOrder", "UnexpectedType"], built(E.test(account: otherRealm)).plaintext,
                source: "\(types); \(accountCheck)", outcome: "droppedUnexpectedType"),
            plaintextCase(
                "type \"poke\" with user_id a string: dropped for its type before a field is read",
                ["CheckOrder", "UnexpectedType"],
                JSONWriter.compactBytes(built(E.test()).json.setting("type", to: "poke").setting("user_id", to: "10")),
                source: types, outcome: "droppedUnexpectedType", also: refusedNotification),
            plaintextCase(
                "a message for another realm without content: the fields are read before the account is compared",
                ["CheckOrder", "MalformedNotification"],
                JSONWriter.compactBytes(otherRealmMessage.removing("content")), source: "\(fields); \(accountCheck)",
                code: "MALFORMED_NOTIFICATION"),
            plaintextCase(
                "a message for another user whose sender_id is a string: the fields are read first",
                ["CheckOrder", "MalformedNotification"],
                JSONWriter.compactBytes(built(E.message(account: otherUser)).json.setting("sender_id", to: "11")),
                source: "\(fields); \(accountCheck)", code: "MALFORMED_NOTIFICATION"),
            plaintextCase(
                "a removal for another realm whose message_ids hold null: the fields are read first",
                ["CheckOrder", "MalformedNotification"],
                JSONWriter.compactBytes(
                    built(E.remove([1], account: otherRealm)).json.setting("message_ids", to: [1, .null])),
                source: "\(flutter)lib/api/notifications.g.dart:92-94; \(accountCheck)",
                code: "MALFORMED_NOTIFICATION"),
            plaintextCase(
                "a message for another realm whose user_id is 10.5: toInt() gives 10, the realm still differs",
                ["CheckOrder", "OtherAccount", "FractionalId"],
                JSONWriter.compactBytes(otherRealmMessage.setting("user_id", to: .number("10.5"))),
                source: "\(flutter)lib/api/notifications.g.dart:43; \(accountCheck); \(order)",
                outcome: "droppedOtherAccount", also: refusedNotification),
        ]
    }

    /// Three and four keys. zulip-flutter marks superseded every key created before the key the
    /// server acknowledged, and every key created before the newest key that is 15 days old
    /// (`createdTimestamp <`, push_key.dart:181-207): the deciding key need not be the next one,
    /// and keys created in the same second do not supersede one another. Only a run deletes
    /// (209-215): where no key is made and no acknowledgement arrives 30 days after the stamp,
    /// the rotation runs now (rotationRuns), as when the account's store loads.
    static func deployedRotationState() -> [VectorCase] {
        let a = (id: UInt32(1001), key: oldKey)
        let b = (id: UInt32(1002), key: E.wireKey("middle"))
        let c = (id: E.keyId, key: E.key)
        let d = (id: UInt32(1004), key: E.wireKey("fourth"))
        func via(_ k: (id: UInt32, key: [UInt8]), _ label: String) -> JSONValue {
            apnsPayload(
                sealed(built(E.message()).plaintext, key: k.key, nonce: "client-rotation-\(label)"), id: .integer(k.id))
        }
        // b 44 days old (alone it supersedes a in one more day), c 43 days old and acknowledged 40
        // days ago: a and b were superseded 40 days ago and are deleted by the run now.
        let newestAcked = keysJSON([
            (a.id, a.key, created, nil), (b.id, b.key, E.now - 44 * E.day, nil),
            (c.id, c.key, E.now - 43 * E.day, E.now - 40 * E.day),
        ])
        let newestAckedLate = keysJSON([
            (a.id, a.key, created, nil), (b.id, b.key, E.now - 44 * E.day, nil),
            (c.id, c.key, E.now - 43 * E.day, E.now - 30 * E.day + 1),
        ])
        // The middle key acknowledged after the newest one: the earlier acknowledgement decides.
        let bothAcked = keysJSON([
            (a.id, a.key, created, nil), (b.id, b.key, E.now - 44 * E.day, E.now - 2 * E.day),
            (c.id, c.key, E.now - 43 * E.day, E.now - 40 * E.day),
        ])
        let fourKeys = keysJSON([
            (a.id, a.key, created, nil), (b.id, b.key, E.now - 44 * E.day, nil), (c.id, c.key, E.now - 43 * E.day, nil),
            (d.id, d.key, E.now - 42 * E.day, E.now - 31 * E.day),
        ])
        // a and b created in the same second, b acknowledged 40 days ago, now 50 days later.
        let sameSecond = keysJSON([
            (a.id, a.key, E.now - 50 * E.day, nil), (b.id, b.key, E.now - 50 * E.day, E.now - 40 * E.day),
        ])
        let sameSecondThree = keysJSON([
            (a.id, a.key, E.now - 51 * E.day, nil), (b.id, b.key, E.now - 50 * E.day, nil),
            (c.id, c.key, E.now - 50 * E.day, E.now - 40 * E.day),
        ])
        // The middle key acknowledged 40 days ago, the newest created 2 days ago and never
        // acknowledged: only the middle key's acknowledgement decides the oldest key's fate.
        let middleDecides = keysJSON([
            (a.id, a.key, created, nil), (b.id, b.key, E.now - 44 * E.day, E.now - 40 * E.day),
            (c.id, c.key, E.now - 2 * E.day, nil),
        ])
        let source = "\(rotation); \(flutter)lib/model/push_key.dart:181-207 (every older key, createdTimestamp <)"
        return [
            receiveCase(
                "three keys, the newest acknowledged 40 days ago, a run now: the oldest is deleted (the middle key, 44 days old "
                    + "and never acknowledged, would not have deleted it yet)", ["ThreeKeyRotation", "UnknownKey"],
                source: source, payload: via(a, "a"), keys: newestAcked, rotationRuns: [E.now],
                outcome: "droppedUnknownKey"),
            receiveCase(
                "three keys, the newest acknowledged 40 days ago, a run now: the middle key is deleted too",
                ["ThreeKeyRotation", "UnknownKey"], source: source, payload: via(b, "b"), keys: newestAcked,
                rotationRuns: [E.now], outcome: "droppedUnknownKey"),
            receiveCase(
                "three keys, the newest acknowledged 40 days ago: the newest decrypts", ["ThreeKeyRotation"],
                source: source, payload: via(c, "c"), keys: newestAcked, outcome: "delivered"),
            receiveCase(
                "three keys, the newest acknowledged 30 days less one second ago: the oldest still decrypts",
                ["ThreeKeyRotation"], source: source, payload: via(a, "a-late"), keys: newestAckedLate,
                outcome: "delivered"),
            receiveCase(
                "three keys, the middle one acknowledged 2 days ago and the newest 40 days ago: the earlier "
                    + "acknowledgement deleted the oldest", ["ThreeKeyRotation", "UnknownKey"], source: source,
                payload: via(a, "a-both"), keys: bothAcked, outcome: "droppedUnknownKey"),
            receiveCase(
                "four keys, the newest acknowledged 31 days ago, a run now: the oldest is deleted",
                ["ThreeKeyRotation", "UnknownKey"],
                source: source, payload: via(a, "a-four"), keys: fourKeys, rotationRuns: [E.now],
                outcome: "droppedUnknownKey"),
            receiveCase(
                "four keys, the newest acknowledged 31 days ago, a run now: the second, two keys from it, is deleted",
                ["ThreeKeyRotation", "UnknownKey"], source: source, payload: via(b, "b-four"), keys: fourKeys,
                rotationRuns: [E.now], outcome: "droppedUnknownKey"),
            receiveCase(
                "four keys, the newest acknowledged 31 days ago, a run now: the third is deleted",
                ["ThreeKeyRotation", "UnknownKey"],
                source: source, payload: via(c, "c-four"), keys: fourKeys, rotationRuns: [E.now],
                outcome: "droppedUnknownKey"),
            receiveCase(
                "two keys created in the same second, the later acknowledged 40 days ago, a run now: neither is "
                    + "older, so the first was never stamped and still decrypts", ["SameSecondKeys"], source: source,
                payload: via(a, "a-same"), keys: sameSecond, rotationRuns: [E.now], outcome: "delivered"),
            receiveCase(
                "three keys, the last two created in the same second and the last acknowledged 40 days ago, a run "
                    + "now: the oldest is deleted", ["SameSecondKeys", "UnknownKey"], source: source,
                payload: via(a, "a-same3"),
                keys: sameSecondThree, rotationRuns: [E.now], outcome: "droppedUnknownKey"),
            receiveCase(
                "three keys, the last two created in the same second and the last acknowledged 40 days ago, a run "
                    + "now: the middle one was never stamped and still decrypts", ["SameSecondKeys"], source: source,
                payload: via(b, "b-same3"), keys: sameSecondThree, rotationRuns: [E.now], outcome: "delivered"),
            receiveCase(
                "three keys, the middle acknowledged 40 days ago, the newest 2 days old: the middle key's "
                    + "acknowledgement deleted the oldest (the newest alone would not for 43 days)",
                ["ThreeKeyRotation", "UnknownKey"], source: source, payload: via(a, "a-middle"), keys: middleDecides,
                outcome: "droppedUnknownKey"),
            receiveCase(
                "three keys, the middle acknowledged 40 days ago, the newest 2 days old: the middle key decrypts",
                ["ThreeKeyRotation"], source: source, payload: via(b, "b-middle"), keys: middleDecides,
                outcome: "delivered"),
        ]
    }

    /// The hardened reading of the same edges: a payload's shape is checked before the lookup,
    /// and an integer past 64 bits is refused rather than saturated.
    static func hardenedEdges() -> [VectorCase] {
        let channel = built(E.message()).json
        return [
            receiveCase(
                "encrypted_data of 30 bytes for a key the device does not hold is refused. Why: a malformed payload "
                    + "is reported as such whatever keys the device holds (deployed drops it for the unknown key)",
                ["CheckOrder"], payload: apnsPayload(Array(message.prefix(30)), id: 99), code: "MALFORMED_PAYLOAD"),
            receiveCase(
                "FCM push_key_id between a newline and a CR LF is refused. Why: as tcId 604", ["CanonicalKeyId"],
                service: "fcm", payload: fcmPayload(message, id: .string("\n\(E.keyId)\r\n")),
                code: "MALFORMED_PAYLOAD"),
            receiveCase(
                "APNs push_key_id 1e0 is refused though key 1 is held. Why: as tcId 603", ["CanonicalKeyId"],
                payload: apnsPayload(message, id: .number("1e0")), keys: decoyKeys, code: "MALFORMED_PAYLOAD"),
            plaintextCase(
                "message_id 2^63 is refused. Why: a Dart client saturates it to 2^63 - 1 and shows the notification "
                    + "under another message's id", ["SaturatedInteger"],
                JSONWriter.compactBytes(channel.setting("message_id", to: .number("9223372036854775808"))),
                code: "MALFORMED_NOTIFICATION",
                nonceLabel:
                    "message_id 2^63: Dart reads a double and toInt() saturates, delivered as message 2^63 - 1 "
                    + "(PushProof recommends refusing it: hardened)"),
        ]
    }
}
