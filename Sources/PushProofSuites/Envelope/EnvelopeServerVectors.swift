import PushProofConformance
import PushProofCrypto
import PushProofJSON
import ZulipEnvelope
import ZulipRegistration

/// envelope_server: the notification plaintext and its encryption, and the bouncer's APNs / FCM payloads.
enum EnvelopeServerVectors {
    typealias E = EnvelopeFixtures

    static func encryptCase(
        _ comment: String, _ flags: [String], _ notification: JSONValue, key: [UInt8] = E.key,
        nonceLabel: String, code: String? = nil
    ) -> VectorCase {
        VectorCase(
            comment: comment, flags: flags,
            input: [
                "notification": notification, "pushKeyId": .integer(E.keyId), "pushKey": .string(Hex.encode(key)),
                "nonce": .string(Hex.encode(E.nonce(nonceLabel))),
            ], code: code)
    }

    static func file() -> VectorFileDeclaration {
        let long = String(repeating: "0123456789", count: 30)
        let accented = String(repeating: "é", count: 201)
        let encrypt: [VectorCase] = [
            encryptCase("message in a channel", ["Normal"], E.message(), nonceLabel: "channel"),
            encryptCase(
                "direct message; recipients sorted, sender and recipient added", ["Normal", "DirectRecipients"],
                E.message(recipient: ["type": "direct", "user_ids": [12, 12, 5]]), nonceLabel: "direct"),
            encryptCase(
                "message mentioning a user group", ["Normal"],
                E.message(group: ["id": 77, "name": "backend"]), nonceLabel: "group"),
            encryptCase("removal of three messages", ["Normal"], E.remove([4242, 4240, 4241]), nonceLabel: "remove"),
            encryptCase("test notification", ["Normal"], E.test(), nonceLabel: "test"),
            encryptCase(
                "content of exactly 200 characters is kept", ["Truncation"],
                E.message(content: String(long.prefix(200))), nonceLabel: "len-200"),
            encryptCase(
                "content of 201 characters is cut to 200 plus an ellipsis", ["Truncation"],
                E.message(content: String(long.prefix(201))), nonceLabel: "len-201"),
            encryptCase("content of 300 characters", ["Truncation"], E.message(content: long), nonceLabel: "len-300"),
            encryptCase(
                "201 two-byte characters are cut by code points, not bytes", ["Truncation", "NonAscii"],
                E.message(content: accented), nonceLabel: "len-201-accented"),
            encryptCase(
                "200 astral characters (800 UTF-8 bytes) are kept", ["Truncation", "NonAscii"],
                E.message(content: String(repeating: "𝄞", count: 200)), nonceLabel: "len-200-astral"),
            encryptCase(
                "removal of 200 ids keeps them all", ["RemovalCap"], E.remove((1...200).map { Int64($0) }),
                nonceLabel: "remove-200"),
            encryptCase(
                "removal of 250 ids keeps the newest 200", ["RemovalCap"],
                E.remove((1...250).reversed().map { Int64($0) }), nonceLabel: "remove-250"),
            encryptCase(
                "repeated removal ids are kept once", ["RemovalCap"], E.remove([9, 3, 9, 3, 1]),
                nonceLabel: "remove-repeats"),
            encryptCase(
                "push key with type byte 0x30", ["PushKeyType"], E.test(), key: [0x30] + E.key.dropFirst(),
                nonceLabel: "bad-key", code: "INVALID_PUSH_KEY"),
            encryptCase(
                "push key of 32 bytes", ["PushKeyType"], E.test(), key: Array(E.key.dropFirst()), nonceLabel: "bad-key",
                code: "INVALID_PUSH_KEY"),
            encryptCase(
                "push key of 34 bytes", ["PushKeyType"], E.test(), key: E.key + [0], nonceLabel: "bad-key",
                code: "INVALID_PUSH_KEY"),
        ]
        let seal: [VectorCase] = [
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
        ]
        let cipher = Base64.encode(Array(repeating: 0xA5, count: 200))
        func payload(
            _ comment: String, _ flags: [String], service: String, priority: String = "high", id: UInt32 = E.keyId,
            data: String = cipher, code: String? = nil
        ) -> VectorCase {
            VectorCase(
                comment: comment, flags: flags,
                input: [
                    "service": .string(service), "priority": .string(priority),
                    "pushKeyId": .integer(id), "encryptedData": .string(data),
                ], code: code)
        }
        // Ciphertext lengths that put each service's payload exactly at, and one byte over, its limit.
        let apnsAt = limitFiller(service: .apns, id: 1, extra: 0)
        let apnsOver = limitFiller(service: .apns, id: 1, extra: 1)
        let fcmAt = limitFiller(service: .fcm, id: 1, extra: 0)
        let fcmOver = limitFiller(service: .fcm, id: 1, extra: 1)
        let bouncer: [VectorCase] = [
            payload("APNs, new message", ["Normal", "IdJsonType", "Priority"], service: "apns"),
            payload("APNs, removal", ["Priority"], service: "apns", priority: "normal"),
            payload("FCM, new message", ["Normal", "IdJsonType", "Priority"], service: "fcm"),
            payload("FCM, removal", ["Priority"], service: "fcm", priority: "normal"),
            payload("APNs, push_key_id 0", ["Uint32Range"], service: "apns", id: 0),
            payload("FCM, push_key_id 4294967295", ["Uint32Range"], service: "fcm", id: .max),
            payload("APNs body of exactly 4096 bytes", ["PayloadLimit"], service: "apns", id: 1, data: apnsAt),
            payload(
                "APNs body of 4097 bytes", ["PayloadLimit"], service: "apns", id: 1, data: apnsOver,
                code: "PAYLOAD_TOO_LARGE"),
            payload("FCM data of exactly 4096 bytes", ["PayloadLimit"], service: "fcm", id: 1, data: fcmAt),
            payload(
                "FCM data of 4097 bytes", ["PayloadLimit"], service: "fcm", id: 1, data: fcmOver,
                code: "PAYLOAD_TOO_LARGE"),
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
            suite: "envelope_server", protocolName: "zulip-push-envelope", notes: EnvelopeNotes.catalogue,
            header: [
                "The server's notification plaintext and encryption, and the bouncer's APNs / FCM payloads.",
                "envelope.encrypt: the plaintext is compact JSON in the key order of docs/envelope.md; encrypted_data = base64(nonce(24) || crypto_secretbox_easy output (tag(16) || ciphertext)).",
                "Push keys are 0x31 || SHA-256(\"pushproof/push-key/<label>\"); nonces are the first 24 bytes of SHA-256(\"pushproof/nonce/<label>\").",
            ],
            groups: [
                .init(
                    type: "EnvelopeEncryptTest", operation: .envelopeEncrypt,
                    description: "Server: build the notification from its raw inputs, then encrypt.",
                    ids: .block(1...200), cases: encrypt),
                .init(
                    type: "EnvelopeSealTest", operation: .envelopeSeal, profile: .proposal,
                    description: "Proposal server: the notification sealed to the device's public key.",
                    ids: .block(201...300), cases: seal),
                .init(
                    type: "BouncerPayloadTest", operation: .envelopeBouncerPayload,
                    description: "Bouncer: the APNs request (headers and body) or the FCM message.",
                    ids: .block(301...500), cases: bouncer),
                .init(
                    type: "BouncerPayloadTest", operation: .envelopeBouncerPayload, profile: .proposal,
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
