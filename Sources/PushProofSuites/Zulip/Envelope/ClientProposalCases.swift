import PushProofConformance
import PushProofCrypto
import PushProofJSON
import ZulipEnvelope
import ZulipRegistration

/// envelope_client: the proposal profile: sealed boxes addressed by push_account_id.
extension EnvelopeClientVectors {
    static func proposalCases() -> [VectorCase] {
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
        // The sealed box is the ephemeral public key (32 bytes), the tag (16), then the ciphertext.
        var otherEphemeral = try! Base64.decode(pBox)
        otherEphemeral[0] ^= 0x04
        var otherBody = try! Base64.decode(pBox)
        otherBody[otherBody.count - 1] ^= 0x01
        return [
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
            proposalCase(
                "a bit of the ephemeral public key flipped: another shared key and nonce, the tag fails",
                ["ModifiedCiphertext"], box: Base64.encode(otherEphemeral), code: "AUTHENTICATION_FAILED"),
            proposalCase(
                "the last ciphertext byte's low bit flipped: the tag fails", ["ModifiedCiphertext"],
                box: Base64.encode(otherBody), code: "AUTHENTICATION_FAILED"),
        ]
    }
}
