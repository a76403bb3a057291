import PushProofConformance
import PushProofCrypto
import PushProofJSON
import ZulipEnvelope
import ZulipRegistration

// The envelope suite's fuzz targets (docs/fuzzing.md).

enum EnvelopeFuzzFixtures {
    static let account = NotificationAccount(realmURL: "https://chat.example.com", realmName: "Example", userId: 10)
    static let key = PushKey(id: 7, wireBytes: [PushKey.typeByte] + SHA256.hash(Array("pushproof/fuzz/push-key".utf8)))!
    static let deviceKey = try! X25519.KeyPair(seed: SHA256.hash(Array("pushproof/fuzz/device-key".utf8)))
    static let keys: PushKeyStore = {
        var store = PushKeyStore()
        try! store.add(key, createdAt: 0)
        return store
    }()
}

/// The client's whole receive path on a fuzz-chosen APNs body or FCM data map, both profiles.
/// If the input is not JSON, it is encrypted as a plaintext under the device's key and wrapped
/// in a valid payload, so the decryption and the notification parser are reached too.
enum PushPayloadHarness {
    static func run(_ data: [UInt8]) {
        let receiver = NotificationReceiver(account: EnvelopeFuzzFixtures.account)
        var payloads: [JSONValue] = []
        if let json = try? JSONParser.parse(data) {
            payloads.append(json)
        } else {
            let nonce = Array(SHA256.hash(data).prefix(24))
            let encrypted = try! NotificationCipher.encrypt(data, key: EnvelopeFuzzFixtures.key, nonce: nonce)
            payloads.append(["push_key_id": 7, "encrypted_data": .string(encrypted.encryptedData)])
            payloads.append(["push_key_id": "7", "encrypted_data": .string(encrypted.encryptedData)])
        }
        for payload in payloads {
            for service in PushService.allCases {
                let outcome = try? receiver.receive(
                    service: service, payload: payload, keys: EnvelopeFuzzFixtures.keys, now: 1)
                if case .delivered(let n)? = outcome {
                    fuzzInvariant(
                        n.account.userId == EnvelopeFuzzFixtures.account.userId, "delivered another user's notification"
                    )
                    // What was delivered re-encrypts and decrypts to the same notification.
                    let again = try? NotificationCipher.decrypt(
                        encryptedData: NotificationSender.encrypt(n, key: EnvelopeFuzzFixtures.key).encryptedData,
                        key: EnvelopeFuzzFixtures.key)
                    fuzzInvariant(again.flatMap { try? NotificationParser.parse($0) } == n, "re-encryption round trip")
                }
                _ = try? receiver.receive(
                    service: service, payload: payload, accounts: [1: EnvelopeFuzzFixtures.deviceKey])
            }
        }
    }
}

/// The notification plaintext parser, and the server's payload assembly for whatever parses:
/// the plaintext's two writers agree, and the assembled body never contains the plaintext's
/// content, sender or realm.
enum NotificationJSONHarness {
    static func run(_ data: [UInt8]) {
        guard let notification = try? NotificationParser.parse(data) else { return }
        fuzzInvariant((try? NotificationParser.parse(notification.plaintext)) == notification, "plaintext round trip")
        // The byte writer (server's path) and the tree writer (vectors) give the same bytes.
        fuzzInvariant(
            notification.plaintext == JSONWriter.compactBytes(notification.json), "plaintext writers disagree")
        guard let encrypted = try? NotificationSender.encrypt(notification, key: EnvelopeFuzzFixtures.key) else {
            return
        }
        if let request = try? PushServicePayload.apnsRequest(
            address: .pushKeyId(7), ciphertext: encrypted.encryptedData, priority: .high)
        {
            let value = try? PushServicePayload.apns(
                address: .pushKeyId(7), ciphertext: encrypted.encryptedData, priority: .high)
            fuzzInvariant(value?["body"].map(JSONWriter.compactBytes) == request.body, "APNs body writers disagree")
        }
        for service in PushService.allCases {
            guard
                let request = try? PushServicePayload.assemble(
                    service: service, address: .pushKeyId(7),
                    ciphertext: encrypted.encryptedData, priority: .high)
            else { continue }
            let text = JSONWriter.compact(request)
            let realm = notification.account.realmURL
            fuzzInvariant(realm.count < 4 || !text.contains(realm), "realm visible in the push payload")
        }
    }
}

extension EnvelopeSuite {
    public var fuzzTargets: [FuzzTarget] {
        [
            FuzzTarget("FuzzPushPayload", seeds: Self.pushPayloads, run: PushPayloadHarness.run),
            FuzzTarget("FuzzNotificationJSON", seeds: Self.notifications, run: NotificationJSONHarness.run),
        ]
    }

    /// The APNs and FCM payloads the client receives.
    static func pushPayloads(_ files: [VectorFile]) -> [[UInt8]] {
        files.tests(of: "envelope_client").compactMap { _, test in test.input["payload"].map(SeedBytes.json) }
    }

    /// The notifications the client delivers, and the plaintexts the server encrypts.
    static func notifications(_ files: [VectorFile]) -> [[UInt8]] {
        files.tests(of: "envelope_client").compactMap { _, test in
            test.expectedOutput?["notification"].map(SeedBytes.json)
        }
            + files.tests(of: "envelope_server").compactMap { _, test in
                SeedBytes.text(test.expectedOutput?["plaintext"])
            }
    }
}
