import PushProofCrypto
import PushProofJSON
import ZulipEnvelope
import ZulipRegistration

/// Fixed inputs of the envelope vectors.
enum EnvelopeFixtures {
    static let now: Int64 = 1_772_600_000
    static let day: Int64 = 86_400
    static let account: JSONValue = ["realm_url": "https://chat.example.com", "realm_name": "Example Chat", "user_id": 10]

    static func wireKey(_ label: String) -> [UInt8] { [PushKey.typeByte] + SHA256.hash(Array("pushproof/push-key/\(label)".utf8)) }
    static func nonce(_ label: String) -> [UInt8] { Array(SHA256.hash(Array("pushproof/nonce/\(label)".utf8)).prefix(24)) }
    static let keyId: UInt32 = 2_718_281_828
    static let key = wireKey("current")
    static let deviceKey = try! X25519.KeyPair(seed: SHA256.hash(Array("pushproof/device-key/envelope".utf8)))
    static let pushAccountId: UInt64 = 0xF00D_CAFE_1234_5678

    static func message(content: String = "Lunch at noon?", recipient: JSONValue? = nil, group: JSONValue? = nil,
                        account: JSONValue = account) -> JSONValue {
        var m: JSONValue = ["type": "message"]
        for member in account.members! { m = m.setting(member.key, to: member.value) }
        m = m.setting("sender_id", to: 11).setting("sender_full_name", to: "Alice Example")
            .setting("sender_avatar_url", to: "https://chat.example.com/avatar/11").setting("message_id", to: 4242)
            .setting("time", to: 1_772_599_990).setting("content", to: .string(content))
            .setting("recipient", to: recipient ?? ["type": "channel", "channel_id": 3, "channel_name": "general", "topic": "lunch"])
        if let group { m = m.setting("mentioned_user_group", to: group) }
        return m
    }

    static func remove(_ ids: [Int64], account: JSONValue = account) -> JSONValue {
        var m: JSONValue = ["type": "remove"]
        for member in account.members! { m = m.setting(member.key, to: member.value) }
        return m.setting("message_ids", to: .array(ids.map(JSONValue.integer)))
    }

    static func test(account: JSONValue = account) -> JSONValue {
        var m: JSONValue = ["type": "test"]
        for member in account.members! { m = m.setting(member.key, to: member.value) }
        return m.setting("time", to: 1_772_599_999)
    }
}

enum EnvelopeVectors {
    typealias E = EnvelopeFixtures

    static let notes: [String: VectorNote] = [
        "Normal": .init(bugType: "BASIC", description: "An ordinary notification that every implementation must handle."),
        "Truncation": .init(bugType: "EDGE_CASE", description: "content longer than 200 characters (code points) is cut to 200 and \"…\" is appended; 200 or fewer are kept whole."),
        "RemovalCap": .init(bugType: "EDGE_CASE", description: "A removal carries at most 200 message ids, the newest (largest), ascending, without repeats."),
        "DirectRecipients": .init(bugType: "DEFINED", description: "recipient_user_ids are sorted, without repeats, and include both the sender and the recipient."),
        "NonAscii": .init(bugType: "EDGE_CASE", description: "Non-ASCII text is written as raw UTF-8 in the JSON and counted in code points."),
        "PushKeyType": .init(bugType: "MISSING_STEP", description: "The stored push_key must be 33 bytes whose first byte is 0x31; anything else is INVALID_PUSH_KEY."),
        "IdJsonType": .init(bugType: "DEFINED", description: "The id is a JSON integer in the APNs body and a JSON string in the FCM data map (FCM data values are strings)."),
        "Priority": .init(bugType: "DEFINED", description: "high: APNs priority 10, push type alert, FCM \"high\"; normal (removals): APNs priority 5, push type background, FCM \"normal\"."),
        "PayloadLimit": .init(bugType: "EDGE_CASE", description: "APNs and FCM refuse payloads over 4096 bytes: exactly 4096 is sent, 4097 is PAYLOAD_TOO_LARGE."),
        "Uint32Range": .init(bugType: "EDGE_CASE", description: "push_key_id is an unsigned 32-bit integer: 0 and 4294967295 are valid, anything outside is MALFORMED_PAYLOAD."),
        "UnknownKey": .init(bugType: "FUNCTIONALITY", description: "No key with this push_key_id (or no account with this push_account_id): the notification is dropped, not an error."),
        "KeyRotation": .init(bugType: "FUNCTIONALITY", description: "Key rotation: superseded when the server acknowledges a newer key or the newer key is 15 days old; deleted 30 days after superseded. A superseded key still decrypts; a deleted one does not."),
        "ModifiedCiphertext": .init(bugType: "MALLEABILITY", description: "A bit of encrypted_data (nonce, tag or ciphertext) is flipped: AUTHENTICATION_FAILED."),
        "WrongKey": .init(bugType: "AUTH_BYPASS", description: "Encrypted under another key than the one push_key_id names: AUTHENTICATION_FAILED."),
        "Truncated": .init(bugType: "MODIFIED_PARAMETER", description: "encrypted_data shorter than nonce and tag (40 bytes) is MALFORMED_PAYLOAD; longer but cut short fails authentication."),
        "BadBase64": .init(bugType: "MODIFIED_PARAMETER", description: "encrypted_data is not canonical standard base64: MALFORMED_PAYLOAD."),
        "MalformedPayload": .init(bugType: "MODIFIED_PARAMETER", description: "A field of the delivered payload is missing or has the wrong JSON type."),
        "OtherAccount": .init(bugType: "AUTH_BYPASS", description: "Decrypts, but realm_url's origin or user_id is another account's: dropped."),
        "OriginEquivalence": .init(bugType: "EDGE_CASE", description: "Origins compare scheme and host case-insensitively with the default port filled in."),
        "MalformedNotification": .init(bugType: "MODIFIED_PARAMETER", description: "Decrypts, but the plaintext is not a notification: MALFORMED_NOTIFICATION."),
        "ForwardCompatible": .init(bugType: "DEFINED", description: "Unknown keys in the decrypted notification are ignored, so newer servers can add fields."),
        "ProposalProfile": .init(bugType: "DEFINED", description: "Proposal profile: sealed box to the device's public key, addressed by push_account_id, field encrypted_content."),
        "ClientIdRouting": .init(bugType: "FUNCTIONALITY", description: "The payload's clientId resolves to exactly one identity, which receives it."),
        "UnknownClientId": .init(bugType: "FUNCTIONALITY", description: "No identity holds the clientId (never created or deleted): a distinct outcome, not an error."),
        "Welcome": .init(bugType: "DEFINED", description: "A /w- topic is a welcome; it may come without encryptedMessage."),
        "LegacyInboxId": .init(bugType: "LEGACY", description: "The pre-October-2025 payload keyed by inboxId: refused with LEGACY_INBOX_ID_PAYLOAD, so the push path never handles inbox ids."),
        "MissingClientId": .init(bugType: "MISSING_STEP", description: "clientId is required and must not be blank."),
        "MalformedTopic": .init(bugType: "MODIFIED_PARAMETER", description: "contentTopic must be /xmtp/mls/1/g-<hex>/proto or /xmtp/mls/1/w-<hex>/proto with non-empty, even-length hex."),
    ]

    static func files() throws -> [VectorFile] {
        [try serverFile(), try clientFile(), try convosFile()]
    }

    // MARK: envelope_server

    static func encryptCase(_ comment: String, _ flags: [String], _ notification: JSONValue, key: [UInt8] = E.key,
                            nonceLabel: String, code: String? = nil) -> DeclaredCase {
        DeclaredCase(comment: comment, flags: flags,
                     input: ["notification": notification, "pushKeyId": .integer(E.keyId), "pushKey": .string(Hex.encode(key)),
                             "nonce": .string(Hex.encode(E.nonce(nonceLabel)))], code: code)
    }

    static func serverFile() throws -> VectorFile {
        let long = String(repeating: "0123456789", count: 30)
        let accented = String(repeating: "é", count: 201)
        let encrypt: [DeclaredCase] = [
            encryptCase("message in a channel", ["Normal"], E.message(), nonceLabel: "channel"),
            encryptCase("direct message; recipients sorted, sender and recipient added", ["Normal", "DirectRecipients"],
                        E.message(recipient: ["type": "direct", "user_ids": [12, 12, 5]]), nonceLabel: "direct"),
            encryptCase("message mentioning a user group", ["Normal"],
                        E.message(group: ["id": 77, "name": "backend"]), nonceLabel: "group"),
            encryptCase("removal of three messages", ["Normal"], E.remove([4242, 4240, 4241]), nonceLabel: "remove"),
            encryptCase("test notification", ["Normal"], E.test(), nonceLabel: "test"),
            encryptCase("content of exactly 200 characters is kept", ["Truncation"], E.message(content: String(long.prefix(200))), nonceLabel: "len-200"),
            encryptCase("content of 201 characters is cut to 200 plus an ellipsis", ["Truncation"], E.message(content: String(long.prefix(201))), nonceLabel: "len-201"),
            encryptCase("content of 300 characters", ["Truncation"], E.message(content: long), nonceLabel: "len-300"),
            encryptCase("201 two-byte characters are cut by code points, not bytes", ["Truncation", "NonAscii"], E.message(content: accented), nonceLabel: "len-201-accented"),
            encryptCase("200 astral characters (800 UTF-8 bytes) are kept", ["Truncation", "NonAscii"],
                        E.message(content: String(repeating: "𝄞", count: 200)), nonceLabel: "len-200-astral"),
            encryptCase("removal of 200 ids keeps them all", ["RemovalCap"], E.remove((1...200).map { Int64($0) }), nonceLabel: "remove-200"),
            encryptCase("removal of 250 ids keeps the newest 200", ["RemovalCap"], E.remove((1...250).reversed().map { Int64($0) }), nonceLabel: "remove-250"),
            encryptCase("repeated removal ids are kept once", ["RemovalCap"], E.remove([9, 3, 9, 3, 1]), nonceLabel: "remove-repeats"),
            encryptCase("push key with type byte 0x30", ["PushKeyType"], E.test(), key: [0x30] + E.key.dropFirst(), nonceLabel: "bad-key", code: "INVALID_PUSH_KEY"),
            encryptCase("push key of 32 bytes", ["PushKeyType"], E.test(), key: Array(E.key.dropFirst()), nonceLabel: "bad-key", code: "INVALID_PUSH_KEY"),
            encryptCase("push key of 34 bytes", ["PushKeyType"], E.test(), key: E.key + [0], nonceLabel: "bad-key", code: "INVALID_PUSH_KEY"),
        ]
        let seal: [DeclaredCase] = [
            DeclaredCase(comment: "proposal: message sealed to the device key", flags: ["ProposalProfile"],
                         input: ["notification": E.message(), "devicePublicKey": .string(Base64.encode(E.deviceKey.publicKey.rawBytes)),
                                 "ephemeralSecretKey": .string(Hex.encode(SHA256.hash(Array("pushproof/ephemeral/envelope-1".utf8))))]),
            DeclaredCase(comment: "proposal: removal sealed to the device key", flags: ["ProposalProfile"],
                         input: ["notification": E.remove([1, 2]), "devicePublicKey": .string(Base64.encode(E.deviceKey.publicKey.rawBytes)),
                                 "ephemeralSecretKey": .string(Hex.encode(SHA256.hash(Array("pushproof/ephemeral/envelope-2".utf8))))]),
        ]
        let cipher = Base64.encode(Array(repeating: 0xA5, count: 200))
        func payload(_ comment: String, _ flags: [String], service: String, priority: String = "high", id: UInt32 = E.keyId,
                     data: String = cipher, code: String? = nil) -> DeclaredCase {
            DeclaredCase(comment: comment, flags: flags, input: ["service": .string(service), "priority": .string(priority),
                                                                 "pushKeyId": .integer(id), "encryptedData": .string(data)], code: code)
        }
        // Ciphertext lengths that put each service's payload exactly at, and one byte over, its limit.
        let apnsAt = limitFiller(service: .apns, id: 1, extra: 0), apnsOver = limitFiller(service: .apns, id: 1, extra: 1)
        let fcmAt = limitFiller(service: .fcm, id: 1, extra: 0), fcmOver = limitFiller(service: .fcm, id: 1, extra: 1)
        let bouncer: [DeclaredCase] = [
            payload("APNs, new message", ["Normal", "IdJsonType", "Priority"], service: "apns"),
            payload("APNs, removal", ["Priority"], service: "apns", priority: "normal"),
            payload("FCM, new message", ["Normal", "IdJsonType", "Priority"], service: "fcm"),
            payload("FCM, removal", ["Priority"], service: "fcm", priority: "normal"),
            payload("APNs, push_key_id 0", ["Uint32Range"], service: "apns", id: 0),
            payload("FCM, push_key_id 4294967295", ["Uint32Range"], service: "fcm", id: .max),
            payload("APNs body of exactly 4096 bytes", ["PayloadLimit"], service: "apns", id: 1, data: apnsAt),
            payload("APNs body of 4097 bytes", ["PayloadLimit"], service: "apns", id: 1, data: apnsOver, code: "PAYLOAD_TOO_LARGE"),
            payload("FCM data of exactly 4096 bytes", ["PayloadLimit"], service: "fcm", id: 1, data: fcmAt),
            payload("FCM data of 4097 bytes", ["PayloadLimit"], service: "fcm", id: 1, data: fcmOver, code: "PAYLOAD_TOO_LARGE"),
        ]
        let proposalBouncer: [DeclaredCase] = ["apns", "fcm"].map { service in
            DeclaredCase(comment: "proposal: \(service) addressed by a 64-bit push_account_id", flags: ["ProposalProfile", "IdJsonType"],
                         input: ["service": .string(service), "priority": "high", "pushAccountId": .integer(E.pushAccountId),
                                 "encryptedContent": .string(cipher)])
        }
        return try DeclaredCases.file(
            suite: "envelope_server", protocolName: "zulip-push-envelope", notes: notes,
            header: ["The server's notification plaintext and encryption, and the bouncer's APNs / FCM payloads.",
                     "envelope.encrypt: the plaintext is compact JSON in the key order of docs/envelope.md; encrypted_data = base64(nonce(24) || crypto_secretbox_easy output (tag(16) || ciphertext)).",
                     "Push keys are 0x31 || SHA-256(\"pushproof/push-key/<label>\"); nonces are the first 24 bytes of SHA-256(\"pushproof/nonce/<label>\")."],
            groups: [
                .init(type: "EnvelopeEncryptTest", operation: "envelope.encrypt",
                      description: "Server: build the notification from its raw inputs, then encrypt. tcIds 1-200.", firstId: 1, cases: encrypt),
                .init(type: "EnvelopeSealTest", operation: "envelope.seal", profile: "proposal",
                      description: "Proposal server: the notification sealed to the device's public key. tcIds 201-300.", firstId: 201, cases: seal),
                .init(type: "BouncerPayloadTest", operation: "envelope.bouncerPayload",
                      description: "Bouncer: the APNs request (headers and body) or the FCM message. tcIds 301-500.", firstId: 301, cases: bouncer),
                .init(type: "BouncerPayloadTest", operation: "envelope.bouncerPayload", profile: "proposal",
                      description: "Proposal bouncer: addressed by push_account_id, field encrypted_content. tcIds 501-600.", firstId: 501, cases: proposalBouncer),
            ])
    }

    /// A ciphertext string whose payload is `limit + extra` bytes (any string: the bouncer does
    /// not read it).
    static func limitFiller(service: PushService, id: UInt32, extra: Int) -> String {
        let empty = try! PushServicePayload.assemble(service: service, address: .pushKeyId(id), ciphertext: "", priority: .high)
        let overhead = JSONWriter.compactBytes(service == .apns ? empty["body"]! : empty["data"]!).count
        return String(repeating: "A", count: PushService.payloadLimit - overhead + extra)
    }
}
