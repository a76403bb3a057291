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
        _ comment: String, _ flags: [String], service: String = "apns", payload: JSONValue,
        keys: JSONValue = standardKeys, now: Int64 = E.now, outcome: String? = nil, code: String? = nil
    ) -> VectorCase {
        VectorCase(
            comment: comment, flags: flags,
            input: [
                "service": .string(service), "account": E.account, "keys": keys, "now": .integer(now),
                "payload": payload,
            ],
            code: code, outcome: outcome)
    }

    static func apnsPayload(_ data: [UInt8], id: JSONValue = .integer(E.keyId)) -> JSONValue {
        [
            "push_key_id": id, "encrypted_data": .string(Base64.encode(data)),
            "aps": ["mutable-content": 1, "alert": ["title": "New notification"]],
        ]
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
            _ comment: String, _ flags: [String], _ plaintext: [UInt8], outcome: String? = nil, code: String? = nil
        ) -> VectorCase {
            receiveCase(
                comment, flags, payload: apnsPayload(sealed(plaintext, nonce: "client-\(comment)")), outcome: outcome,
                code: code)
        }
        let deployed: [VectorCase] = [
            receiveCase("APNs message delivered", ["Normal"], payload: apnsPayload(message), outcome: "delivered"),
            receiveCase(
                "FCM message delivered", ["Normal", "IdJsonType"], service: "fcm", payload: fcmPayload(message),
                outcome: "delivered"),
            receiveCase("APNs removal delivered", ["Normal"], payload: apnsPayload(remove), outcome: "delivered"),
            receiveCase(
                "direct message delivered", ["Normal"],
                payload: apnsPayload(
                    sealed(
                        built(E.message(recipient: ["type": "direct", "user_ids": [12]])).plaintext,
                        nonce: "client-direct")),
                outcome: "delivered"),
            receiveCase(
                "test notification delivered", ["Normal"],
                payload: apnsPayload(sealed(built(E.test()).plaintext, nonce: "client-test")), outcome: "delivered"),
            receiveCase(
                "unknown push_key_id is dropped", ["UnknownKey"], payload: apnsPayload(message, id: 12345),
                outcome: "droppedUnknownKey"),
            receiveCase(
                "superseded by acknowledgement 29 days ago: still decrypts", ["KeyRotation"],
                payload: apnsPayload(viaOld, id: .integer(oldId)),
                keys: keysJSON([
                    (oldId, oldKey, created, nil), (E.keyId, E.key, E.now - 35 * E.day, E.now - 29 * E.day),
                ]), outcome: "delivered"),
            receiveCase(
                "superseded by acknowledgement 30 days ago: deleted, dropped", ["KeyRotation", "UnknownKey"],
                payload: apnsPayload(viaOld, id: .integer(oldId)),
                keys: keysJSON([
                    (oldId, oldKey, created, nil), (E.keyId, E.key, E.now - 35 * E.day, E.now - 30 * E.day),
                ]), outcome: "droppedUnknownKey"),
            receiveCase(
                "newer key 44 days old, never acknowledged: superseded 29 days ago, still decrypts", ["KeyRotation"],
                payload: apnsPayload(viaOld, id: .integer(oldId)),
                keys: keysJSON([(oldId, oldKey, created, nil), (E.keyId, E.key, E.now - 44 * E.day, nil)]),
                outcome: "delivered"),
            receiveCase(
                "newer key 45 days old, never acknowledged: deleted, dropped", ["KeyRotation", "UnknownKey"],
                payload: apnsPayload(viaOld, id: .integer(oldId)),
                keys: keysJSON([(oldId, oldKey, created, nil), (E.keyId, E.key, E.now - 45 * E.day, nil)]),
                outcome: "droppedUnknownKey"),
            receiveCase(
                "the newest key is never deleted", ["KeyRotation"], payload: apnsPayload(message),
                keys: keysJSON([(E.keyId, E.key, E.now - 400 * E.day, E.now - 399 * E.day)]), outcome: "delivered"),
            receiveCase(
                "encrypted under another key with the same id", ["WrongKey"],
                payload: apnsPayload(
                    sealed(built(E.message()).plaintext, key: E.wireKey("other"), nonce: "client-wrong")),
                code: "AUTHENTICATION_FAILED"),
            receiveCase(
                "a nonce bit flipped", ["ModifiedCiphertext"], payload: apnsPayload(flip(message, 0)),
                code: "AUTHENTICATION_FAILED"),
            receiveCase(
                "a tag bit flipped", ["ModifiedCiphertext"], payload: apnsPayload(flip(message, 30)),
                code: "AUTHENTICATION_FAILED"),
            receiveCase(
                "a ciphertext bit flipped", ["ModifiedCiphertext"],
                payload: apnsPayload(flip(message, message.count - 1)), code: "AUTHENTICATION_FAILED"),
            receiveCase(
                "encrypted_data of 39 bytes", ["Truncated"], payload: apnsPayload(Array(message.prefix(39))),
                code: "MALFORMED_PAYLOAD"),
            receiveCase(
                "encrypted_data of exactly nonce and tag", ["Truncated"],
                payload: apnsPayload(Array(message.prefix(40))), code: "AUTHENTICATION_FAILED"),
            receiveCase(
                "encrypted_data missing its last byte", ["Truncated"], payload: apnsPayload(Array(message.dropLast())),
                code: "AUTHENTICATION_FAILED"),
            receiveCase(
                "encrypted_data in URL-safe base64", ["BadBase64"],
                payload: apnsPayload(message).setting(
                    "encrypted_data", to: .string(Base64.encode(message, variant: .urlSafeNoPadding))),
                code: "MALFORMED_PAYLOAD"),
            receiveCase(
                "encrypted_data with a newline", ["BadBase64"],
                payload: apnsPayload(message).setting("encrypted_data", to: .string(Base64.encode(message) + "\n")),
                code: "MALFORMED_PAYLOAD"),
            receiveCase(
                "APNs with push_key_id as a string", ["IdJsonType", "MalformedPayload"],
                payload: apnsPayload(message, id: .string(String(E.keyId))), code: "MALFORMED_PAYLOAD"),
            receiveCase(
                "FCM with push_key_id as an integer", ["IdJsonType", "MalformedPayload"], service: "fcm",
                payload: fcmPayload(message, id: .integer(E.keyId)), code: "MALFORMED_PAYLOAD"),
            receiveCase(
                "push_key_id 4294967296", ["Uint32Range"], payload: apnsPayload(message, id: 4_294_967_296),
                code: "MALFORMED_PAYLOAD"),
            receiveCase(
                "push_key_id -1", ["Uint32Range"], payload: apnsPayload(message, id: -1), code: "MALFORMED_PAYLOAD"),
            receiveCase(
                "push_key_id 1.0", ["Uint32Range"], payload: apnsPayload(message, id: .number("1.0")),
                code: "MALFORMED_PAYLOAD"),
            receiveCase(
                "FCM push_key_id \"007\"", ["Uint32Range"], service: "fcm", payload: fcmPayload(message, id: "007"),
                code: "MALFORMED_PAYLOAD"),
            receiveCase(
                "FCM push_key_id \"\"", ["Uint32Range"], service: "fcm", payload: fcmPayload(message, id: ""),
                code: "MALFORMED_PAYLOAD"),
            receiveCase(
                "push_key_id missing", ["MalformedPayload"], payload: apnsPayload(message).removing("push_key_id"),
                code: "MALFORMED_PAYLOAD"),
            receiveCase(
                "encrypted_data missing", ["MalformedPayload"],
                payload: apnsPayload(message).removing("encrypted_data"), code: "MALFORMED_PAYLOAD"),
            receiveCase("payload is an array", ["MalformedPayload"], payload: [1, 2], code: "MALFORMED_PAYLOAD"),
            plaintextCase(
                "for another realm", ["OtherAccount"], built(E.message(account: otherRealm)).plaintext,
                outcome: "droppedOtherAccount"),
            plaintextCase(
                "for another user of the same realm", ["OtherAccount"], built(E.message(account: otherUser)).plaintext,
                outcome: "droppedOtherAccount"),
            plaintextCase(
                "realm_url spelled with upper case and the default port", ["OriginEquivalence"],
                built(E.message(account: spelled)).plaintext, outcome: "delivered"),
            plaintextCase(
                "realm_url on http instead of https", ["OtherAccount", "OriginEquivalence"],
                built(E.message(account: ["realm_url": "http://chat.example.com", "realm_name": "x", "user_id": 10]))
                    .plaintext, outcome: "droppedOtherAccount"),
            plaintextCase(
                "realm_url on another port", ["OtherAccount", "OriginEquivalence"],
                built(
                    E.message(account: ["realm_url": "https://chat.example.com:8443", "realm_name": "x", "user_id": 10])
                ).plaintext, outcome: "droppedOtherAccount"),
            plaintextCase(
                "an unknown extra field is ignored", ["ForwardCompatible"],
                JSONWriter.compactBytes(built(E.test()).json.setting("future_field", to: true)), outcome: "delivered"),
            plaintextCase(
                "plaintext is not JSON", ["MalformedNotification"], Array("hello".utf8), code: "MALFORMED_NOTIFICATION"),
            plaintextCase(
                "unknown notification type", ["MalformedNotification"],
                JSONWriter.compactBytes(built(E.test()).json.setting("type", to: "poke")),
                code: "MALFORMED_NOTIFICATION"),
            plaintextCase(
                "message without content", ["MalformedNotification"],
                JSONWriter.compactBytes(built(E.message()).json.removing("content")), code: "MALFORMED_NOTIFICATION"),
            plaintextCase(
                "user_id as a string", ["MalformedNotification"],
                JSONWriter.compactBytes(built(E.test()).json.setting("user_id", to: "10")),
                code: "MALFORMED_NOTIFICATION"),
            plaintextCase(
                "message_ids holding a string", ["MalformedNotification"],
                JSONWriter.compactBytes(built(E.remove([1])).json.setting("message_ids", to: [1, "2"])),
                code: "MALFORMED_NOTIFICATION"),
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
                "Outputs: delivered (with the notification), droppedUnknownKey, droppedOtherAccount. Errors: MALFORMED_PAYLOAD, AUTHENTICATION_FAILED, MALFORMED_NOTIFICATION.",
                "keys: the device's push keys with createdAt and, when the server acknowledged them, acknowledgedAt (Unix seconds); the order is the order of creation.",
            ],
            groups: [
                .init(
                    type: "EnvelopeReceiveTest", operation: .envelopeReceive,
                    description:
                        "Client: parse the APNs body or FCM data, pick the key by push_key_id (rotation rules against `now`), decrypt, parse, check the account.",
                    ids: .block(1...500), cases: deployed),
                .init(
                    type: "EnvelopeReceiveTest", operation: .envelopeReceive, profile: .proposal,
                    description: "Proposal client: pick the device key by push_account_id, open the sealed box.",
                    ids: .block(501...600), cases: proposal),
            ])
    }
}
