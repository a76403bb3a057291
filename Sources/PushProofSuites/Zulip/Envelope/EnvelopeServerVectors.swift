import PushProofConformance
import PushProofCrypto
import PushProofJSON
import ZulipEnvelope
import ZulipRegistration

/// envelope_server: the notification plaintext and its encryption, and the bouncer's APNs / FCM payloads.
enum EnvelopeServerVectors {
    typealias E = EnvelopeFixtures

    /// zulip/zulip@48f74227 (docs/audit/envelope.md: how the file was read and its lines counted).
    static let server = "zulip/zulip@48f74227:zerver/lib/push_notifications.py"
    static let encryption = "\(server):1485-1496 (SecretBox(push_key).encrypt(orjson.dumps(payload)))"
    static let truncation = "\(server):963-970 (len(content) <= 200, else content[:200] + \"…\")"
    static let removal = "\(server):1320-1321 (sorted(message_ids)[-200:])"

    static func encryptCase(
        _ comment: String, _ flags: [String], source: String? = nil, _ notification: JSONValue,
        key: [UInt8] = E.key, nonceLabel: String, code: String? = nil
    ) -> VectorCase {
        VectorCase(
            comment: comment, flags: flags, source: source,
            input: [
                "notification": notification, "pushKeyId": .integer(E.keyId), "pushKey": .string(Hex.encode(key)),
                "nonce": .string(Hex.encode(E.nonce(nonceLabel))),
            ], code: code)
    }

    static func file() -> VectorFileDeclaration {
        let long = String(repeating: "0123456789", count: 30)
        let accented = String(repeating: "é", count: 201)
        let message = "\(server):973-986, 997-1066, 1199-1236 (the payload dict); \(encryption)"
        let encrypt: [VectorCase] = [
            encryptCase("message in a channel", ["Normal"], source: message, E.message(), nonceLabel: "channel"),
            encryptCase(
                "direct message; recipients sorted, sender and recipient added", ["Normal", "DirectRecipients"],
                source: "\(server):1053-1064 (sorted set of the conversation's members); \(encryption)",
                E.message(recipient: ["type": "direct", "user_ids": [12, 12, 5]]), nonceLabel: "direct"),
            encryptCase(
                "message mentioning a user group", ["Normal"],
                source: "\(server):1023-1026 (mentioned_user_group_id and _name); \(encryption)",
                E.message(group: ["id": 77, "name": "backend"]), nonceLabel: "group"),
            encryptCase(
                "removal of three messages", ["Normal"],
                source: "\(server):1245-1252, 1272-1279, 1338-1342; \(removal); \(encryption)",
                E.remove([4242, 4240, 4241]), nonceLabel: "remove"),
            encryptCase(
                "test notification", ["Normal"], source: "\(server):1961-1963 (type test, time); \(encryption)",
                E.test(), nonceLabel: "test"),
            encryptCase(
                "content of exactly 200 characters is kept", ["Truncation"], source: truncation,
                E.message(content: String(long.prefix(200))), nonceLabel: "len-200"),
            encryptCase(
                "content of 201 characters is cut to 200 plus an ellipsis", ["Truncation"], source: truncation,
                E.message(content: String(long.prefix(201))), nonceLabel: "len-201"),
            encryptCase(
                "content of 300 characters", ["Truncation"], source: truncation, E.message(content: long),
                nonceLabel: "len-300"),
            encryptCase(
                "201 two-byte characters are cut by code points, not bytes", ["Truncation", "NonAscii"],
                source: "\(truncation); \(server):1493 (orjson writes raw UTF-8)",
                E.message(content: accented), nonceLabel: "len-201-accented"),
            encryptCase(
                "200 astral characters (800 UTF-8 bytes) are kept", ["Truncation", "NonAscii"], source: truncation,
                E.message(content: String(repeating: "𝄞", count: 200)), nonceLabel: "len-200-astral"),
            encryptCase(
                "removal of 200 ids keeps them all", ["RemovalCap"], source: removal,
                E.remove((1...200).map { Int64($0) }), nonceLabel: "remove-200"),
            encryptCase(
                "removal of 250 ids keeps the newest 200", ["RemovalCap"], source: removal,
                E.remove((1...250).reversed().map { Int64($0) }), nonceLabel: "remove-250"),
            encryptCase(
                "repeated removal ids are kept, sorted (upstream's sorted()[-200:] removes no repeat, and its "
                    + "callers never pass any; "
                    + "dropping them is PushProof's hardened rule, tcId 601)", ["RemovalCap"],
                source: "\(removal); the ids come from one UserMessage row per message "
                    + "(zerver/actions/message_flags.py@4aab119d do_clear_mobile_push_notifications_for_ids)",
                E.remove([9, 3, 9, 3, 1]), nonceLabel: "remove-repeats"),
            encryptCase(
                "push key with type byte 0x30", ["PushKeyType"],
                source: "\(server):1489 (assert on the type byte 0x31; upstream raises AssertionError)", E.test(),
                key: [0x30] + E.key.dropFirst(), nonceLabel: "bad-key", code: "INVALID_PUSH_KEY"),
            encryptCase(
                "push key of 32 bytes", ["PushKeyType"],
                source: "\(server):1489 (the assert reads the type byte of a 32-byte key: 0x26 here, not 0x31)",
                E.test(), key: Array(E.key.dropFirst()), nonceLabel: "bad-key", code: "INVALID_PUSH_KEY"),
            encryptCase(
                "push key of 34 bytes", ["PushKeyType"],
                source: "\(server):1489-1494 (the type byte passes; PyNaCl's SecretBox refuses a 33-byte secret "
                    + "with ValueError)", E.test(), key: E.key + [0], nonceLabel: "bad-key", code: "INVALID_PUSH_KEY"),
        ]
        let hardenedEncrypt: [VectorCase] = [
            encryptCase(
                "repeated removal ids are sent once. Why: the ids to remove are a set, and a repeat takes room "
                    + "in a 4096-byte payload (upstream keeps them: deployed tcId 13)",
                ["DistinctRemovalIds"], E.remove([9, 3, 9, 3, 1]), nonceLabel: "remove-repeats")
        ]
        let seal: [VectorCase] =
            [
                VectorCase(
                    comment: "proposal: message sealed to the device key", flags: ["ProposalProfile"],
                    input: [
                        "notification": E.message(),
                        "devicePublicKey": .string(Base64.encode(E.deviceKey.publicKey.rawBytes)),
                        "ephemeralSecretKey": .string(
                            Hex.encode(SHA256.hash(Array("pushproof/ephemeral/envelope-1".utf8)))),
                    ]),
                VectorCase(
                    comment: "proposal: removal sealed to the device key", flags: ["ProposalProfile"],
                    input: [
                        "notification": E.remove([1, 2]),
                        "devicePublicKey": .string(Base64.encode(E.deviceKey.publicKey.rawBytes)),
                        "ephemeralSecretKey": .string(
                            Hex.encode(SHA256.hash(Array("pushproof/ephemeral/envelope-2".utf8)))),
                    ]),
            ] + sealRemovalCases()
        let cipher = Base64.encode(Array(repeating: 0xA5, count: 200))
        func payload(
            _ comment: String, _ flags: [String], source: String? = nil, service: String, priority: String = "high",
            id: UInt32 = E.keyId, data: String = cipher, code: String? = nil, also: [JSONValue] = []
        ) -> VectorCase {
            VectorCase(
                comment: comment, flags: flags, source: source,
                input: [
                    "service": .string(service), "priority": .string(priority),
                    "pushKeyId": .integer(id), "encryptedData": .string(data),
                ], code: code, alsoAccepted: also)
        }
        // Ciphertext lengths that put each service's payload exactly at, and one byte over, its limit.
        let apnsAt = limitFiller(service: .apns, id: 1, extra: 0)
        let apnsOver = limitFiller(service: .apns, id: 1, extra: 1)
        let fcmAt = limitFiller(service: .fcm, id: 1, extra: 0)
        let fcmOver = limitFiller(service: .fcm, id: 1, extra: 1)
        // zulip/zulip@00f1fd8f: the server picks priority and push type, the bouncer passes them on
        // (docs/audit/envelope.md, "Bouncer payloads"; the bouncer's file is not stored at 48f74227).
        let z = "zulip/zulip@00f1fd8f:zerver/lib/push_notifications.py"
        let b = "zulip/zulip@00f1fd8f:zilencer/lib/push_notifications.py"
        let apnsSource =
            "\(z):1439-1445, 1461-1465 (APNsPayload: push_key_id int, encrypted_data, the one aps default), "
            + "1510-1517 (a removal: priority 5, background; anything else: 10, alert); \(b):204-215 (aioapns request)"
        let fcmSource =
            "\(z):1515 (fcm_priority normal for a removal, else high); \(b):216-229 (data values are strings: "
            + "push_key_id=str(...))"
        let noLimit =
            "\(b):204-229 (no size check before sending); \(z):256-272 (APNs refusing: a warning is logged), "
            + "\(b):131-145 (FCM refusing: a warning)"
        let bouncer: [VectorCase] = [
            payload("APNs, new message", ["Normal", "IdJsonType", "Priority"], source: apnsSource, service: "apns"),
            payload("APNs, removal", ["Priority"], source: apnsSource, service: "apns", priority: "normal"),
            payload(
                "FCM, new message", ["Normal", "IdJsonType", "Priority"], source: fcmSource, service: "fcm"),
            payload("FCM, removal", ["Priority"], source: fcmSource, service: "fcm", priority: "normal"),
            payload(
                "APNs, push_key_id 0", ["Uint32Range"],
                source: "\(z):1444, 1523, 1531-1534 (the id passes through; no range check)", service: "apns", id: 0),
            payload(
                "FCM, push_key_id 4294967295", ["Uint32Range"], source: "\(b):218-221 (str(push_key_id))",
                service: "fcm", id: .max),
            payload(
                "APNs body of exactly 4096 bytes written compact: sent (aioapns writes it with spaces, 4105 bytes, "
                    + "which Apple documents as over its limit)", ["PayloadLimit"], source: noLimit, service: "apns",
                id: 1, data: apnsAt),
            payload(
                "APNs body of 4097 bytes: sent, for APNs to refuse (upstream has no size check, and a server can send "
                    + "one: refusing first is hardened tcId 701)",
                ["PayloadLimit", "UncheckedSize"], source: noLimit, service: "apns", id: 1, data: apnsOver),
            payload(
                "FCM data of exactly 4096 bytes: sent", ["PayloadLimit"], source: noLimit, service: "fcm", id: 1,
                data: fcmAt),
            payload(
                "FCM data of 4097 bytes: sent, for FCM to refuse (as tcId 308; hardened tcId 702)",
                ["PayloadLimit", "UncheckedSize"], source: noLimit, service: "fcm", id: 1, data: fcmOver),
        ]
        let removalOver = limitFiller(service: .apns, id: .max, extra: 1)
        let hardenedBouncer: [VectorCase] = [
            payload(
                "APNs body of 4097 bytes is refused. Why: APNs will refuse it, and upstream's bouncer then only "
                    + "logs a warning; refusing before sending tells the server (deployed tcId 308)", ["SizeChecked"],
                service: "apns", id: 1, data: apnsOver, code: "PAYLOAD_TOO_LARGE"),
            payload(
                "FCM data of 4097 bytes is refused. Why: as tcId 701 (deployed tcId 310)", ["SizeChecked"],
                service: "fcm", id: 1, data: fcmOver, code: "PAYLOAD_TOO_LARGE"),
            payload(
                "APNs removal of 4097 bytes with push_key_id 4294967295 is refused. Why: as tcId 701, whatever the "
                    + "kind and the id's length", ["SizeChecked"], service: "apns", priority: "normal", id: .max,
                data: removalOver, code: "PAYLOAD_TOO_LARGE"),
            payload(
                "APNs body of exactly 4096 bytes is sent. Why: the limit's edge", ["SizeChecked"], service: "apns",
                id: 1, data: apnsAt),
        ]
        let proposalBouncer: [VectorCase] = ["apns", "fcm"].map { service in
            VectorCase(
                comment: "proposal: \(service) addressed by a 64-bit push_account_id",
                flags: ["ProposalProfile", "IdJsonType"],
                input: [
                    "service": .string(service), "priority": "high", "pushAccountId": .integer(E.pushAccountId),
                    "encryptedContent": .string(cipher),
                ])
        }
        return VectorFileDeclaration(
            name: "envelope_server", protocolName: "zulip-push-envelope", notes: EnvelopeNotes.catalogue,
            header: [
                "The server's notification plaintext and encryption, and the bouncer's APNs / FCM payloads.",
                "envelope.encrypt and envelope.seal are judged by meaning: the answer's encryptedData (encryptedContent) must start with the input's nonce (the ephemeral public key of the input's ephemeral secret key), open under the input's key, and decrypt to the JSON value that `plaintext` also holds; key order and escaping are free, as Zulip fixes neither. `expected.output` is that meaning ({nonce, notification}); the reference's own bytes (the server's insertion order, docs/envelope.md) are the test's `intermediate`.",
                "encrypted_data = base64(nonce(24) || crypto_secretbox_easy output (tag(16) || ciphertext)).",
                "Push keys are 0x31 || SHA-256(\"pushproof/push-key/<label>\"); nonces are the first 24 bytes of SHA-256(\"pushproof/nonce/<label>\").",
            ],
            groups: [
                .init(
                    operation: .envelopeEncrypt,
                    description: "Server: build the notification from its raw inputs, then encrypt.",
                    ids: .block(1...200), cases: encrypt),
                .init(
                    operation: .envelopeEncrypt, profile: .hardened,
                    description: "Server, PushProof's hardened rules: where they differ from the deployed server.",
                    ids: .block(601...700), cases: hardenedEncrypt),
                .init(
                    operation: .envelopeSeal, profile: .proposal,
                    description: "Proposal server: the notification sealed to the device's public key.",
                    ids: .block(201...300), cases: seal),
                .init(
                    operation: .envelopeBouncerPayload,
                    description: "Bouncer: the APNs request (headers and body) or the FCM message.",
                    ids: .block(301...500), cases: bouncer),
                .init(
                    operation: .envelopeBouncerPayload, profile: .hardened,
                    description:
                        "Bouncer, PushProof's hardened rule: a payload over 4096 bytes is refused before sending.",
                    ids: .block(701...800), cases: hardenedBouncer),
                .init(
                    operation: .envelopeBouncerPayload, profile: .proposal,
                    description: "Proposal bouncer: addressed by push_account_id, field encrypted_content.",
                    ids: .block(501...600), cases: proposalBouncer),
            ])
    }

    /// A ciphertext string whose payload is `limit + extra` bytes (any string: the bouncer does
    /// not read it).
    static func limitFiller(service: PushService, id: UInt32, extra: Int) -> String {
        let empty = try! PushServicePayload.assemble(
            service: service, address: .pushKeyId(id), ciphertext: "", priority: .high)
        let overhead = JSONWriter.compactBytes(service == .apns ? empty["body"]! : empty["data"]!).count
        return String(repeating: "A", count: PushService.payloadLimit - overhead + extra)
    }
}
