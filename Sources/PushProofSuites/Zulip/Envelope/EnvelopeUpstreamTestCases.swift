import PushProofConformance
import PushProofCrypto
import PushProofJSON
import ZulipEnvelope
import ZulipRegistration

/// Cases translated from zulip-flutter's own tests (zulip/zulip-flutter@e989e4f:
/// test/api/notifications_test.dart, test/notifications/display_test.dart,
/// test/model/push_key_test.dart), each sourced to its test and the app lines that decide it.
extension EnvelopeClientVectors {
    /// zulip-flutter@e989e4f test files and the app lines the cases rest on.
    static let flutterTests = "zulip/zulip-flutter@e989e4f:test/"
    static let parseMessage =
        "\(flutter)lib/api/notifications.g.dart:38-54 (every message field cast with `as`, realm_name `as String?`), "
        + "71-85 (channel: channel_id, topic; DM: recipient_user_ids)"
    static let parseRemove = "\(flutter)lib/api/notifications.g.dart:87-95 (realm_url, user_id, message_ids)"
    static let legacyIgnored =
        "\(flutter)lib/notifications/receive.dart:221-228 (not E2EE: the legacy path), 237-270 (parsed, then "
        + "ignored once the account's feature level is 468 or more)"

    /// The account and fields of test/api/notifications_test.dart:10-64 and 164-169.
    static let upstreamAccount: JSONValue = [
        "realm_url": "https://zulip.example.com/", "realm_name": "Example Organization", "user_id": 234,
    ]
    static let upstreamBase: JSONValue = upstreamAccount.setting("type", to: "message")
        .setting("sender_id", to: 123).setting("sender_avatar_url", to: "https://zulip.example.com/avatar/123.jpeg")
        .setting("sender_full_name", to: "A Sender").setting("time", to: 1_546_300_800)
        .setting("message_id", to: 12345).setting("content", to: "This is a message")
    static let upstreamStream: JSONValue = upstreamBase.setting("recipient_type", to: "channel")
        .setting("channel_id", to: 42).setting("channel_name", to: "denmark").setting("topic", to: "play")
    static let upstreamGroupDm: JSONValue = upstreamBase.setting("recipient_type", to: "direct")
        .setting("recipient_user_ids", to: [123, 234, 345])
    static let upstreamDm: JSONValue = upstreamBase.setting("recipient_type", to: "direct")
        .setting("recipient_user_ids", to: [123, 234])
    static let upstreamRemove: JSONValue = upstreamAccount.setting("type", to: "remove")
        .setting("message_ids", to: [123, 234])

    /// A message as the app itself writes one (NotifPayloadNewMessage.toJson,
    /// lib/api/notifications.g.dart:56-69 and lib/api/notifications.dart:171-183), which is what
    /// display_test.dart and ios_service_test.dart encrypt: no recipient_type, realm_name
    /// written even when null. PushProof's fixture account stands in for eg.selfAccount.
    static func appWritten(recipient: KeyValuePairs<String, JSONValue>, senderId: Int64 = 11) -> JSONValue {
        var m: JSONValue = [
            "realm_url": "https://chat.example.com", "realm_name": "Example Chat", "user_id": 10, "type": "message",
            "sender_id": .integer(senderId), "sender_avatar_url": "https://chat.example.com/avatar/11.jpeg",
            "sender_full_name": "Alice Example", "message_id": 4242, "time": 1_772_599_990,
            "content": "Lunch at noon?",
        ]
        for (key, value) in recipient { m = m.setting(key, to: value) }
        return m
    }
    static let appChannel: JSONValue = appWritten(recipient: [
        "channel_id": 3, "channel_name": "general", "topic": "lunch",
    ])

    /// A case for the upstream tests' own account and data.
    static func upstreamCase(
        _ comment: String, _ flags: [String], source: String, _ plaintext: JSONValue, label: String,
        outcome: String? = nil, code: String? = nil, also: [JSONValue] = []
    ) -> VectorCase {
        receiveCase(
            comment, flags, source: source,
            payload: apnsPayload(sealed(JSONWriter.compactBytes(plaintext), nonce: "client-upstream-\(label)")),
            outcome: outcome, code: code, also: also, account: upstreamAccount)
    }

    static func upstreamTestCases() throws -> [VectorCase] {
        notificationsTestCases() + displayTestCases() + pushKeyTestCases()
    }

    /// test/api/notifications_test.dart, group 'E2EE types' (lines 9-204): what the app makes of
    /// a decrypted plaintext. Each test there calls NotifPayload.fromJson; here the plaintext
    /// goes the whole way through receive.dart's decryptNotification.
    static func notificationsTestCases() -> [VectorCase] {
        let file = "\(flutterTests)api/notifications_test.dart"
        let malformed = "\(file):133-160 (parse failures on malformed 'message')"
        let typeSwitch = types
        return [
            // The type decides first: anything but message or remove is UnexpectedNotifPayload,
            // which decryptNotification drops silently. PushProof recommends refusing (hardened).
            upstreamCase(
                "an empty object: no type, dropped (refusing it is acceptable)", ["UpstreamTest", "UnexpectedType"],
                source: "\(file):21-25 (parse fails on missing or bad type); \(typeSwitch)", [:], label: "empty",
                outcome: "droppedUnexpectedType", also: refusedNotification),
            upstreamCase(
                "type \"nonsense\": dropped (refusing it is acceptable)", ["UpstreamTest", "UnexpectedType"],
                source: "\(file):21-25 (parse fails on missing or bad type); \(typeSwitch)", ["type": "nonsense"],
                label: "type-nonsense", outcome: "droppedUnexpectedType", also: refusedNotification),
            upstreamCase(
                "an object with a legacy `event` key and no type: dropped (refusing it is acceptable)",
                ["UpstreamTest", "UnexpectedType"],
                source: "\(file):21-25 (parse fails on missing or bad type); \(typeSwitch)", ["event": "nonsense"],
                label: "event-nonsense", outcome: "droppedUnexpectedType", also: refusedNotification),
            // The upstream test's three well-formed messages, field for field.
            upstreamCase(
                "the upstream test's channel message: delivered with its fields", ["UpstreamTest", "Normal"],
                source: "\(file):70-93 (fields get parsed right in happy path); \(delivered)", upstreamStream,
                label: "stream", outcome: "delivered"),
            upstreamCase(
                "the upstream test's group DM (three users): delivered", ["UpstreamTest", "Normal"],
                source: "\(file):70-93 (fields get parsed right in happy path); \(recipientRule)", upstreamGroupDm,
                label: "group-dm", outcome: "delivered"),
            upstreamCase(
                "the upstream test's 1:1 DM (two users): delivered", ["UpstreamTest", "Normal"],
                source: "\(file):70-93 (fields get parsed right in happy path); \(recipientRule)", upstreamDm,
                label: "dm", outcome: "delivered"),
            // A required field left out: its `as` cast throws, decryptNotification throws.
            upstreamCase(
                "a DM without realm_url", ["UpstreamTest", "MalformedNotification"],
                source: "\(malformed) test 1, lines 135-136; \(parseMessage)", upstreamDm.removing("realm_url"),
                label: "dm-no-realm-url", code: "MALFORMED_NOTIFICATION"),
            upstreamCase(
                "a channel message without topic", ["UpstreamTest", "MalformedNotification"],
                source: "\(malformed) test 5, line 143; \(parseMessage)", upstreamStream.removing("topic"),
                label: "stream-no-topic", code: "MALFORMED_NOTIFICATION"),
            upstreamCase(
                "a DM without sender_avatar_url", ["UpstreamTest", "MalformedNotification"],
                source: "\(malformed) test 7, line 146; \(parseMessage)", upstreamDm.removing("sender_avatar_url"),
                label: "dm-no-avatar", code: "MALFORMED_NOTIFICATION"),
            upstreamCase(
                "a DM without sender_id", ["UpstreamTest", "MalformedNotification"],
                source: "\(malformed) test 10, line 152; \(parseMessage)", upstreamDm.removing("sender_id"),
                label: "dm-no-sender-id", code: "MALFORMED_NOTIFICATION"),
            upstreamCase(
                "a DM without sender_full_name", ["UpstreamTest", "MalformedNotification"],
                source: "\(malformed) test 11, line 153; \(parseMessage)", upstreamDm.removing("sender_full_name"),
                label: "dm-no-sender-name", code: "MALFORMED_NOTIFICATION"),
            upstreamCase(
                "a DM without message_id", ["UpstreamTest", "MalformedNotification"],
                source: "\(malformed) test 12, line 154; \(parseMessage)", upstreamDm.removing("message_id"),
                label: "dm-no-message-id", code: "MALFORMED_NOTIFICATION"),
            upstreamCase(
                "a DM without time", ["UpstreamTest", "MalformedNotification"],
                source: "\(malformed) test 16, line 158; \(parseMessage)", upstreamDm.removing("time"),
                label: "dm-no-time", code: "MALFORMED_NOTIFICATION"),
            // Skipped upstream because Uri.parse takes these: the avatar URL is never compared
            // with anything, so the message is delivered with the URL as written.
            upstreamCase(
                "a DM whose sender_avatar_url is the relative \"/avatar/123.jpeg\": Uri.parse takes it, delivered",
                ["UpstreamTest", "LaxUrl"],
                source:
                    "\(malformed) test 8, lines 147-148 (skipped: \"Dart's Uri.parse is lax\"); \(flutter)lib/api/notifications.g.dart:45 (Uri.parse)",
                upstreamDm.setting("sender_avatar_url", to: "/avatar/123.jpeg"), label: "dm-relative-avatar",
                outcome: "delivered"),
            upstreamCase(
                "a DM whose sender_avatar_url is empty: Uri.parse takes it, delivered", ["UpstreamTest", "LaxUrl"],
                source:
                    "\(malformed) test 9, lines 149-150 (skipped: \"Dart's Uri.parse is lax\"); \(flutter)lib/api/notifications.g.dart:45 (Uri.parse)",
                upstreamDm.setting("sender_avatar_url", to: ""), label: "dm-empty-avatar", outcome: "delivered"),
            upstreamCase(
                "a removal with an unknown extra field: the field is ignored, delivered",
                ["UpstreamTest", "ForwardCompatible"],
                source: "\(file):188-191 (obsolete or novel fields have no effect); \(parseRemove)",
                upstreamRemove.setting("awesome_feature", to: "enabled"), label: "remove-novel", outcome: "delivered"),
            upstreamCase(
                "a removal without realm_url", ["UpstreamTest", "MalformedNotification"],
                source: "\(file):193-202 (parse failures on malformed data) test 1, lines 196-197; \(parseRemove)",
                upstreamRemove.removing("realm_url"), label: "remove-no-realm-url", code: "MALFORMED_NOTIFICATION"),
        ]
    }

    /// test/notifications/display_test.dart and ios_service_test.dart: the notifications the
    /// app's own helpers encrypt (encodeFcmMessage, display_test.dart:63-82; encodeApnsPayload,
    /// ios_service_test.dart:20-33) go through decryptNotification before anything is shown.
    static func displayTestCases() -> [VectorCase] {
        let display = "\(flutterTests)notifications/display_test.dart"
        let ios = "\(flutterTests)notifications/ios_service_test.dart"
        let helper = "\(display):63-121 (encodeFcmMessage encrypts NotifPayloadNewMessage.toJson, no recipient_type)"
        func fcm(_ plaintext: JSONValue, _ label: String) -> JSONValue {
            fcmPayload(sealed(JSONWriter.compactBytes(plaintext), nonce: "client-upstream-\(label)"))
        }
        // A legacy (pre-E2EE) plaintext FCM message for this account, as legacyMessageFcmMessage
        // (display_test.dart:123-165) writes one: every value a string.
        let legacyMessage: JSONValue = [
            "event": "message", "server": "zulip.example.cloud", "realm_id": "4",
            "realm_uri": "https://chat.example.com", "user_id": "10", "realm_name": "Example Chat",
            "zulip_message_id": "4242", "time": "1772599990", "content": "Lunch at noon?", "sender_id": "11",
            "sender_avatar_url": "https://chat.example.com/avatar/11.jpeg", "sender_full_name": "Alice Example",
            "recipient_type": "stream", "stream_id": "3", "stream": "general", "topic": "lunch",
        ]
        let legacyRemove: JSONValue = [
            "event": "remove", "server": "zulip.example.cloud", "realm_id": "4",
            "realm_uri": "https://chat.example.com", "user_id": "10", "zulip_message_ids": "4242",
        ]
        return [
            receiveCase(
                "FCM: a channel message as the app's own helper encrypts it (no recipient_type): delivered",
                ["UpstreamTest", "Normal", "RecipientByChannelId"],
                source: "\(display):629-637 (stream message); \(helper); \(fcmRead); \(delivered)", service: "fcm",
                payload: fcm(appChannel, "display-stream"), outcome: "delivered"),
            // At feature level 468+ a legacy message is parsed and then ignored.
            receiveCase(
                "FCM: a legacy plaintext message for this account: ignored by the legacy path (refusing it is "
                    + "acceptable)", ["UpstreamTest", "LegacyFallback"],
                source: "\(display):650-667 (stream message, ignore legacy plaintext on new server); \(legacyIgnored)",
                service: "fcm", payload: legacyMessage, outcome: "droppedAsLegacy", also: refusedPayload),
            receiveCase(
                "FCM: a legacy plaintext removal for this account: ignored by the legacy path (refusing it is "
                    + "acceptable)", ["UpstreamTest", "LegacyFallback"],
                source:
                    "\(flutterTests)api/notifications_test.dart:387-449 (RemoveLegacyFcmMessage parses); \(display):1089-1107 (shown only below feature level 468); \(legacyIgnored)",
                service: "fcm", payload: legacyRemove, outcome: "droppedAsLegacy", also: refusedPayload),
            // The legacy parser throws on this one before the feature level is looked at
            // (receive.dart:238): an error upstream, nothing shown either way.
            receiveCase(
                "FCM: a legacy plaintext message without zulip_message_id: upstream's legacy parser throws; "
                    + "dropped or refused, both pass", ["UpstreamTest", "LegacyFallback"],
                source:
                    "\(flutterTests)api/notifications_test.dart:378 (legacy parse failure, zulip_message_id missing); \(flutter)lib/notifications/receive.dart:237-238; lib/api/notifications.g.dart:121",
                service: "fcm", payload: legacyMessage.removing("zulip_message_id"), outcome: "droppedAsLegacy",
                also: refusedPayload),
            receiveCase(
                "FCM: a message whose realm_name is null (the app writes null when it has none): delivered without "
                    + "a realm name", ["UpstreamTest", "OptionalName"],
                source:
                    "\(display):880-909 (realm name absent in account and notif data); \(flutter)lib/api/notifications.g.dart:42 (realm_name as String?)",
                service: "fcm", payload: fcm(appChannel.setting("realm_name", to: .null), "display-realm-name-null"),
                outcome: "delivered"),
            receiveCase(
                "FCM: a self-DM, recipient_user_ids holding only this user: delivered",
                ["UpstreamTest", "Normal", "RecipientByChannelId"],
                source: "\(display):1049-1056 (self-DM); \(ios):117-123 (self-DM); \(helper); \(recipientRule)",
                service: "fcm",
                payload: fcm(appWritten(recipient: ["recipient_user_ids": [10]], senderId: 10), "display-self-dm"),
                outcome: "delivered"),
            receiveCase(
                "FCM: a 1:1 DM as the app writes it: delivered", ["UpstreamTest", "Normal", "RecipientByChannelId"],
                source: "\(display):954-961 (1:1 DM); \(ios):109-115 (1:1 DM); \(helper); \(recipientRule)",
                service: "fcm", payload: fcm(appWritten(recipient: ["recipient_user_ids": [10, 11]]), "display-dm"),
                outcome: "delivered"),
            receiveCase(
                "FCM: a removal as the app writes it: delivered", ["UpstreamTest", "Normal"],
                source:
                    "\(display):1058-1087 (remove: smoke); \(display):167-178 (notifPayloadRemove); \(fcmRead); \(parseRemove)",
                service: "fcm",
                payload: fcm(
                    [
                        "realm_url": "https://chat.example.com", "realm_name": "Example Chat", "user_id": 10,
                        "type": "remove", "message_ids": [4242],
                    ], "display-remove"), outcome: "delivered"),
            // The app never reads `aps` (lib/api/notifications.dart:51); the test's payload has none.
            receiveCase(
                "APNs: a payload of push_key_id and encrypted_data alone, no aps: delivered",
                ["UpstreamTest", "Normal", "RecipientByChannelId"],
                source:
                    "\(ios):90-99 (stream message); \(ios):20-33 (encodeApnsPayload); \(flutter)lib/notifications/ios_service.dart:74-77; \(apnsRead); \(delivered)",
                payload: apnsPayload(sealed(JSONWriter.compactBytes(appChannel), nonce: "client-upstream-ios-stream"))
                    .removing("aps"), outcome: "delivered"),
        ]
    }

    /// test/model/push_key_test.dart: the rotation, observed through which key still decrypts.
    /// R is the time the test's rotation runs (its `now`); the device receives at `now` below.
    /// A run that makes no key and learns no acknowledgement (the store loading) is stated in the
    /// input's rotationRuns.
    static func pushKeyTestCases() -> [VectorCase] {
        let file = "\(flutterTests)model/push_key_test.dart"
        let r = E.now
        let day = E.day
        let step3a = "\(flutter)lib/model/push_key.dart:181-190 (older keys stamped with the run's time on an ack)"
        let step3b =
            "\(flutter)lib/model/push_key.dart:192-207 (older keys stamped with the run's time once a newer key is 15 days old)"
        let step4 = "\(flutter)lib/model/push_key.dart:209-215 (deleted once superseded >= 30 days, at a run)"
        func viaOld(_ label: String) -> JSONValue {
            apnsPayload(
                sealed(built(E.message()).plaintext, key: oldKey, nonce: "client-upstream-\(label)"),
                id: .integer(oldId))
        }
        return [
            // Step 1 makes a new key when the newest is 30 days old; the old one is kept and,
            // neither acknowledged nor 15 days old, supersedes nothing yet.
            receiveCase(
                "a key replaced by a rotation at this moment still decrypts", ["UpstreamTest", "KeyRotation"],
                source:
                    "\(file):189-199 (generate key when latest is old enough); \(flutter)lib/model/push_key.dart:159-172; \(rotation)",
                payload: viaOld("rotation-replaced"),
                keys: keysJSON([(oldId, oldKey, r - 30 * day, nil), (E.keyId, E.key, r, nil)]), now: r,
                outcome: "delivered"),
            // The ack stamps the older key with the time it arrives, R: 29 days later it still
            // decrypts (an implementation that stamped the newer key's creation, R - 2 days,
            // would have deleted it).
            receiveCase(
                "the server acknowledges a 2-day-old key: the 32-day-old key still decrypts 29 days later",
                ["UpstreamTest", "KeyRotation"],
                source: "\(file):223-231 (mark older keys when server has acked newer key); \(step3a); \(step4)",
                payload: viaOld("rotation-acked"),
                keys: keysJSON([(oldId, oldKey, r - 32 * day, nil), (E.keyId, E.key, r - 2 * day, r)]),
                now: r + 29 * day, outcome: "delivered"),
            receiveCase(
                "a device event acknowledges a 1-day-old key: the 31-day-old key still decrypts 29 days later",
                ["UpstreamTest", "KeyRotation"],
                source:
                    "\(file):233-247 (act on device event); \(flutter)lib/model/push_device.dart:83-86 (the event runs the rotation); \(step3a); \(step4)",
                payload: viaOld("rotation-event"),
                keys: keysJSON([(oldId, oldKey, r - 31 * day, nil), (E.keyId, E.key, r - 1 * day, r)]),
                now: r + 29 * day, outcome: "delivered"),
            receiveCase(
                "a newer key 2 days old and unacknowledged supersedes nothing: the old key decrypts",
                ["UpstreamTest", "KeyRotation"],
                source: "\(file):280-287 (no superseding when newer key is new and unacked); \(rotation)",
                payload: viaOld("rotation-unacked"),
                keys: keysJSON([(oldId, oldKey, r - 32 * day, nil), (E.keyId, E.key, r - 2 * day, nil)]), now: r,
                outcome: "delivered"),
            // The test stores a superseded stamp directly; the input states it as the
            // acknowledgement that would have stamped it (the run at that moment).
            receiveCase(
                "superseded 30 days less one second ago (stated as an acknowledgement then): not deleted",
                ["UpstreamTest", "KeyRotation"],
                source: "\(file):301-308 (no delete key more recently superseded); \(step4)",
                payload: viaOld("rotation-recent"),
                keys: keysJSON([(oldId, oldKey, r - 32 * day, nil), (E.keyId, E.key, r - 31 * day, r - 30 * day + 1)]),
                now: r, outcome: "delivered"),
            receiveCase(
                "the newer key of the history above decrypts: the newest key is never superseded",
                ["UpstreamTest", "KeyRotation"],
                source: "\(file):291-299 (delete key superseded for long enough: currentKey kept); \(rotation)",
                payload: apnsPayload(
                    sealed(built(E.message()).plaintext, nonce: "client-upstream-rotation-current")),
                keys: keysJSON([(oldId, oldKey, r - 32 * day, nil), (E.keyId, E.key, r - 31 * day, r - 30 * day)]),
                now: r, outcome: "delivered"),
            // The run at R finds the newer key 16 days old and stamps the older key R, not the
            // moment the newer key turned 15 days old (R - 1 day): a run 29 days later keeps it,
            // a run 30 days later deletes it.
            receiveCase(
                "a newer key 16 days old at the run: the old key, stamped then, still decrypts after a run 29 days later",
                ["UpstreamTest", "KeyRotation"],
                source: "\(file):260-267 (mark older keys when newer key already old); \(step3b); \(step4)",
                payload: viaOld("rotation-aged"),
                keys: keysJSON([(oldId, oldKey, r - 32 * day, nil), (E.keyId, E.key, r - 16 * day, nil)]),
                rotationRuns: [r, r + 29 * day], now: r + 29 * day, outcome: "delivered"),
            receiveCase(
                "a newer key 16 days old at the run: a run 30 days later deletes the old key",
                ["UpstreamTest", "KeyRotation", "UnknownKey"],
                source: "\(file):260-267 (mark older keys when newer key already old); \(step3b); \(step4)",
                payload: viaOld("rotation-aged-deleted"),
                keys: keysJSON([(oldId, oldKey, r - 32 * day, nil), (E.keyId, E.key, r - 16 * day, nil)]),
                rotationRuns: [r, r + 30 * day], now: r + 30 * day, outcome: "droppedUnknownKey"),
            // A stamp is never moved: the acknowledgement a day before R stamped the old key, the
            // run at R leaves it, and the run 29 days after R is 30 days after the stamp.
            receiveCase(
                "superseded by an acknowledgement a day before a run that finds it acknowledged: the stamp stays, a run 29 days later deletes it",
                ["UpstreamTest", "KeyRotation", "UnknownKey"],
                source: "\(file):249-258 (no re-mark already-superseded keys on acked new key); \(step3a); \(step4)",
                payload: viaOld("rotation-no-remark-ack"),
                keys: keysJSON([(oldId, oldKey, r - 32 * day, nil), (E.keyId, E.key, r - 2 * day, r - day)]),
                rotationRuns: [r, r + 29 * day], now: r + 29 * day, outcome: "droppedUnknownKey"),
            receiveCase(
                "superseded by a run a day before a run that finds the newer key old: the stamp stays, a run 29 days later deletes it",
                ["UpstreamTest", "KeyRotation", "UnknownKey"],
                source: "\(file):269-278 (no re-mark already-superseded keys on old new key); \(step3b); \(step4)",
                payload: viaOld("rotation-no-remark-old"),
                keys: keysJSON([(oldId, oldKey, r - 32 * day, nil), (E.keyId, E.key, r - 16 * day, nil)]),
                rotationRuns: [r - day, r, r + 29 * day], now: r + 29 * day, outcome: "droppedUnknownKey"),
        ]
    }
}
