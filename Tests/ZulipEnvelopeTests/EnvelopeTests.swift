import PropertyBased
import PushProofCrypto
import PushProofJSON
import Testing
import ZulipRegistration

@testable import ZulipEnvelope

let account = NotificationAccount(realmURL: "https://chat.example.com", realmName: "Example", userId: 10)
let key = PushKey(id: 77, wireBytes: [0x31] + [UInt8](repeating: 9, count: 32))!

/// Text with a "§" in it: that character is in neither the base64 alphabet nor the fixed JSON
/// of a push payload, so finding the text in a payload means it leaked.
let markedText = Gen.unicodeScalar(in: " "..."\u{D7FF}").map { String(Character($0)) }.array(of: 0...300).map {
    "§" + $0.joined()
}
/// Names within Zulip's own limits (a full name is at most 100 characters).
let name = Gen.unicodeScalar(in: " "..."\u{D7FF}").map { String(Character($0)) }.array(of: 1...99).map {
    "§" + $0.joined()
}

func message(content: String, sender: String = "Alice", topic: String = "lunch") -> ZulipNotification {
    NotificationBuilder.message(
        account: account, senderId: 11, senderFullName: sender, senderAvatarURL: "https://chat.example.com/a/11",
        messageId: 5, time: 1_772_600_000, content: content,
        recipient: .channel(id: 3, name: "general", topic: topic))
}

@Suite struct EnvelopeCryptoTests {
    @Test func roundTripForGeneratedNotifications() async {
        await propertyCheck(count: 150, input: markedText, name) { content, sender in
            let n = message(content: content, sender: sender)
            let encrypted = try! NotificationSender.encrypt(n, key: key)
            let plaintext = try? NotificationCipher.decrypt(encryptedData: encrypted.encryptedData, key: key)
            #expect(plaintext.flatMap { try? NotificationParser.parse($0) } == n)
        }
    }

    @Test func everySingleBitFlipIsRejected() async throws {
        let encrypted = try NotificationSender.encrypt(message(content: "hi"), key: key)
        let bytes = encrypted.nonce + encrypted.box
        await propertyCheck(count: 300, input: Gen.int(in: 0...(bytes.count * 8 - 1))) { bit in
            var flipped = bytes
            flipped[bit / 8] ^= UInt8(1 << (bit % 8))
            #expect(throws: EnvelopeError.authenticationFailed) {
                try NotificationCipher.decrypt(encryptedData: Base64.encode(flipped), key: key)
            }
        }
    }

    @Test func theTypeByteIsChecked() {
        #expect(throws: EnvelopeError.invalidPushKey("push_key type byte is not 0x31")) {
            try NotificationCipher.pushKey(id: 1, wireBytes: [0x30] + [UInt8](repeating: 0, count: 32))
        }
        #expect(throws: EnvelopeError.invalidPushKey("push_key must be 33 bytes, got 32")) {
            try NotificationCipher.pushKey(id: 1, wireBytes: [UInt8](repeating: 0x31, count: 32))
        }
    }

    @Test func randomNoncesDiffer() throws {
        let n = message(content: "x")
        #expect(try NotificationSender.encrypt(n, key: key).nonce != NotificationSender.encrypt(n, key: key).nonce)
    }
}

@Suite struct PayloadTests {
    @Test func payloadsNeverCarryContentSenderOrRealm() async {
        await propertyCheck(count: 150, input: markedText, name) { content, sender in
            let n = message(content: content, sender: sender, topic: sender)
            let encrypted = try! NotificationSender.encrypt(n, key: key)
            for service in PushService.allCases {
                let text = JSONWriter.compact(
                    try! PushServicePayload.assemble(
                        service: service, address: .pushKeyId(77),
                        ciphertext: encrypted.encryptedData, priority: .high))
                #expect(!text.contains(n.account.realmURL) && !text.contains(n.account.realmName ?? n.account.realmURL))
                if case .message(let m) = n {
                    #expect(!text.contains(m.content) && !text.contains(m.senderFullName) && !text.contains("general"))
                }
            }
        }
    }

    /// With fields inside Zulip's limits (names 100, topics and channel names 60 characters,
    /// message ids below 10^10), truncation keeps every payload under 4096 bytes.
    @Test func truncationKeepsPayloadsUnderTheLimit() async {
        let astral = Gen.unicodeScalar(in: "\u{10000}"..."\u{10FFFF}").map { String(Character($0)) }
        await propertyCheck(
            count: 100, input: astral.array(of: 0...3000), Gen.int64(in: 0...9_999_999_999).array(of: 0...600)
        ) { chars, ids in
            let text = chars.joined()
            let n = NotificationBuilder.message(
                account: account, senderId: 11, senderFullName: String(text.prefix(100)),
                senderAvatarURL: "https://chat.example.com/a/11",
                messageId: 5, time: 1, content: text,
                recipient: .channel(id: 3, name: String(text.prefix(60)), topic: String(text.prefix(60))))
            for notification in [n, NotificationBuilder.remove(account: account, messageIds: ids)] {
                let encrypted = try! NotificationSender.encrypt(notification, key: key)
                for service in PushService.allCases {
                    #expect(
                        (try? PushServicePayload.assemble(
                            service: service, address: .pushKeyId(.max),
                            ciphertext: encrypted.encryptedData, priority: .high)) != nil)
                }
            }
        }
    }

    @Test func truncationRules() {
        #expect(NotificationBuilder.truncate(String(repeating: "a", count: 200)).count == 200)
        #expect(
            NotificationBuilder.truncate(String(repeating: "a", count: 201)) == String(repeating: "a", count: 200) + "…"
        )
        #expect(
            NotificationBuilder.truncate(String(repeating: "é", count: 201)) == String(repeating: "é", count: 200) + "…"
        )
        // Code points, not grapheme clusters: e + combining acute is two.
        let combining = String(repeating: "e\u{301}", count: 101)
        #expect(NotificationBuilder.truncate(combining).unicodeScalars.count == 201)
        #expect(NotificationBuilder.removalIds(Array(1...250).map { Int64($0) }) == Array(51...250).map { Int64($0) })
        // Upstream's sorted(ids)[-200:] keeps repeats; the hardened rule drops them.
        #expect(NotificationBuilder.removalIds([9, 3, 9, 3, 1]) == [1, 3, 3, 9, 9])
        #expect(NotificationBuilder.removalIds([9, 3, 9, 3, 1], distinct: true) == [1, 3, 9])
        #expect(NotificationBuilder.removalIds(Array(repeating: 7, count: 201) + [1]).count == 200)
        #expect(NotificationBuilder.directRecipients([12, 5, 12], senderId: 11, userId: 10) == [5, 10, 11, 12])
    }

    /// The bytes Zulip's server writes for a removal (orjson over its dict, in insertion order),
    /// as worked out in docs/audit/envelope.md for envelope_server tcId 13.
    @Test func plaintextFollowsTheServersInsertionOrder() {
        let n = NotificationBuilder.remove(
            account: NotificationAccount(realmURL: "https://chat.example.com", realmName: "Example Chat", userId: 10),
            messageIds: [9, 3, 9, 3, 1])
        #expect(
            String(decoding: n.plaintext, as: UTF8.self)
                == #"{"realm_url":"https://chat.example.com","realm_name":"Example Chat","user_id":10,"type":"remove","message_ids":[1,3,3,9,9]}"#
        )
    }

    @Test func oversizeIsAClearError() {
        let big = String(repeating: "A", count: 5000)
        #expect(throws: EnvelopeError.payloadTooLarge(service: "FCM", size: 5039, limit: 4096)) {
            try PushServicePayload.fcm(address: .pushKeyId(1), ciphertext: big, priority: .high)
        }
    }
}

/// Notifications of every kind from generated fields.
let anyNotification = zip(Gen.int(in: 0...4), markedText, name, Gen.int64(), Gen.int64().array(of: 0...250))
    .map { kind, text, sender, number, ids -> ZulipNotification in
        let a = NotificationAccount(realmURL: "https://" + sender, realmName: sender, userId: number)
        switch kind {
        case 0: return NotificationBuilder.test(account: a, time: number)
        case 1: return NotificationBuilder.remove(account: a, messageIds: ids)
        case 2:
            return NotificationBuilder.message(
                account: a, senderId: number, senderFullName: sender, senderAvatarURL: text,
                messageId: number, time: number, content: text, mentionedUserGroup: (number, sender),
                recipient: .direct(userIds: ids))
        default:
            return NotificationBuilder.message(
                account: a, senderId: ~number, senderFullName: sender, senderAvatarURL: text,
                messageId: number, time: 0, content: text + text,
                recipient: .channel(id: number, name: text, topic: sender))
        }
    }

@Suite struct PlaintextRenderingTests {
    /// The bytes the server encrypts (written without a tree) are the compact form of the
    /// notification's JSON value, and parse back to the notification.
    @Test func plaintextIsTheCompactFormOfTheJSONValue() async {
        await propertyCheck(count: 300, input: anyNotification) { n in
            #expect(n.plaintext == JSONWriter.compactBytes(n.json))
            #expect((try? NotificationParser.parse(n.plaintext)) == n)
        }
    }

    /// Truncation against its definition: the first 200 code points and "…".
    @Test func truncationMatchesItsDefinition() async {
        let mixed = Gen.element(of: ["a", "é", "…", "𝄞", "e\u{301}", "\u{0}", "🇫🇷"]).array(of: 0...400).map {
            $0.compactMap { $0 }.joined()
        }
        await propertyCheck(count: 300, input: mixed) { text in
            let scalars = Array(text.unicodeScalars)
            var expected = String.UnicodeScalarView()
            expected.append(contentsOf: scalars.prefix(200))
            let definition = scalars.count > 200 ? String(expected) + "…" : text
            #expect(NotificationBuilder.truncate(text) == definition)
            #expect(NotificationBuilder.truncate(text).unicodeScalars.elementsEqual(definition.unicodeScalars))
        }
    }

    /// The bouncer's byte-written APNs body is the compact form of the vectors' JSON value, and
    /// the headers follow the priority.
    @Test func apnsBodyBytesMatchTheJSONValue() async {
        await propertyCheck(count: 200, input: markedText, Gen.uint32(), Gen.uint64()) { text, keyId, accountId in
            for address in [EnvelopeAddress.pushKeyId(keyId), .pushAccountId(accountId)] {
                for priority in NotificationPriority.allCases {
                    let request = try? PushServicePayload.apnsRequest(
                        address: address, ciphertext: text, priority: priority)
                    let value = try? PushServicePayload.apns(address: address, ciphertext: text, priority: priority)
                    #expect(request.map(\.body) == value?["body"].map(JSONWriter.compactBytes))
                    let headers = priority == .high ? ("10", "alert") : ("5", "background")
                    #expect(request?.priority == headers.0 && request?.pushType == headers.1)
                    #expect(
                        value?["headers"] == [
                            "apns-priority": .string(headers.0), "apns-push-type": .string(headers.1),
                        ])
                }
            }
        }
    }
}

@Suite struct KeyRotationTests {
    static let day: Int64 = 86_400

    /// The closed form of the rules when the rotation runs at every moment that matters, written
    /// out independently of PushKeyStore: superseded at the first acknowledgement of a newer key
    /// or when a newer key turns 15 days old, deleted 30 days after. A newer key is one created
    /// strictly later (zulip-flutter compares createdTimestamp with <); the generated gaps can be 0.
    static func supersededAt(_ i: Int, created: [Int64], acked: [Int64?]) -> Int64? {
        let newer = ((i + 1)..<created.count).filter { created[$0] > created[i] }
        guard !newer.isEmpty else { return nil }
        var superseded = newer.map { created[$0] + 15 * day }.min()!
        for j in newer { if let a = acked[j] { superseded = min(superseded, a) } }
        return superseded
    }

    /// A store of random keys and acknowledgements (acknowledged in order of creation, as a
    /// server acknowledges the key it was last sent), with `runs` recorded.
    static func store(gaps: [Int64], ackDelays: [Int64], runs: (_ created: [Int64], _ acked: [Int64?]) -> [Int64])
        -> (PushKeyStore, [Int64], [Int64?], [PushKey])
    {
        var store = PushKeyStore()
        var created: [Int64] = []
        var acked: [Int64?] = []
        var keys: [PushKey] = []
        var t: Int64 = 1_000_000
        var lastAck: Int64 = .min
        for (i, gap) in gaps.enumerated() {
            t += gap
            let k = PushKey(id: UInt32(i + 1), wireBytes: [0x31] + [UInt8](repeating: UInt8(i), count: 32))!
            try! store.add(k, createdAt: t)
            created.append(t)
            keys.append(k)
            if ackDelays[i] >= 0 {
                let ack = max(t + ackDelays[i], lastAck)
                try! store.acknowledge(id: k.id, at: ack)
                acked.append(ack)
                lastAck = ack
            } else {
                acked.append(nil)
            }
        }
        for run in runs(created, acked) { store.recordRun(at: run) }
        return (store, created, acked, keys)
    }

    static func receives(_ keys: [PushKey], _ store: PushKeyStore, now: Int64) -> [Bool] {
        let n = message(content: "rotation")
        return keys.map { k in
            let payload: JSONValue = [
                "push_key_id": .integer(k.id),
                "encrypted_data": .string(try! NotificationSender.encrypt(n, key: k).encryptedData),
            ]
            let outcome = try? NotificationReceiver(account: account).receive(
                service: .apns, payload: payload, keys: store, now: now)
            return outcome == .delivered(n)
        }
    }

    /// With a run at every moment the closed form changes, the replayed runs give the closed form.
    @Test func runsAtEveryDecidingMomentGiveTheClosedForm() async {
        await propertyCheck(
            count: 200, input: Gen.int64(in: 0...(40 * Self.day)).array(of: 1...5),
            Gen.int64(in: -1...(20 * Self.day)).array(of: 5),
            Gen.int64(in: 0...(200 * Self.day))
        ) { gaps, ackDelays, nowOffset in
            let (store, created, acked, keys) = Self.store(gaps: gaps, ackDelays: ackDelays) { created, acked in
                let moments = created.map { $0 + 15 * Self.day } + acked.compactMap { $0 }
                return moments + moments.map { $0 + 30 * Self.day }
            }
            let now = created[0] + nowOffset
            let delivered = Self.receives(keys, store, now: now)
            for i in keys.indices {
                let superseded = Self.supersededAt(i, created: created, acked: acked)
                let gone = superseded.map { now >= $0 + 30 * Self.day } ?? false
                #expect(delivered[i] == !gone, "key \(i)")
            }
            #expect(delivered.last == true, "the newest key is never deleted")
        }
    }

    /// A key is deleted only by a run: with fewer runs, no key is deleted that more runs keep.
    @Test func fewerRunsNeverDeleteMore() async {
        await propertyCheck(
            count: 200, input: Gen.int64(in: 0...(40 * Self.day)).array(of: 1...5),
            Gen.int64(in: -1...(20 * Self.day)).array(of: 5),
            Gen.int64(in: 0...(200 * Self.day)).array(of: 0...4)
        ) { gaps, ackDelays, runOffsets in
            let (few, created, _, keys) = Self.store(gaps: gaps, ackDelays: ackDelays) { _, _ in [] }
            let (many, _, _, _) = Self.store(gaps: gaps, ackDelays: ackDelays) { created, _ in
                runOffsets.map { created[0] + $0 }
            }
            let now = created[0] + 200 * Self.day
            for (kept, keptByMore) in zip(Self.receives(keys, few, now: now), Self.receives(keys, many, now: now)) {
                #expect(kept || !keptByMore)
            }
        }
    }

    /// zulip-flutter's test "mark older keys when newer key already old": the run stamps the
    /// older key with its own time, so 29 days after the run the old key still decrypts, and
    /// a run 30 days after the stamp deletes it.
    @Test func aRunStampsWithItsOwnTime() throws {
        let old = PushKey(id: 1, wireBytes: [0x31] + [UInt8](repeating: 1, count: 32))!
        let new = PushKey(id: 2, wireBytes: [0x31] + [UInt8](repeating: 2, count: 32))!
        let r: Int64 = 1_700_000_000
        var store = PushKeyStore()
        try store.add(old, createdAt: r - 32 * Self.day)
        try store.add(new, createdAt: r - 16 * Self.day)
        store.recordRun(at: r)
        #expect(store.replay(until: r).supersededAt == [r, nil])
        store.recordRun(at: r + 29 * Self.day)
        #expect(store.key(id: 1, now: r + 29 * Self.day) != nil)
        store.recordRun(at: r + 30 * Self.day)
        #expect(store.key(id: 1, now: r + 30 * Self.day - 1) != nil)
        #expect(store.key(id: 1, now: r + 30 * Self.day) == nil)
        #expect(store.key(id: 2, now: r + 30 * Self.day) != nil)
    }

    @Test func rotationSchedule() throws {
        var store = PushKeyStore()
        #expect(store.needsNewKey(now: 0))
        try store.add(key, createdAt: 0)
        #expect(!store.needsNewKey(now: 30 * 86_400 - 1))
        #expect(store.needsNewKey(now: 30 * 86_400))
        #expect(throws: PushKeyStore.StoreError.duplicateId) { try store.add(key, createdAt: 5) }
        #expect(throws: PushKeyStore.StoreError.notNewest) {
            try store.add(PushKey(id: 1, wireBytes: [0x31] + [UInt8](repeating: 1, count: 32))!, createdAt: -5)
        }
        #expect(throws: PushKeyStore.StoreError.unknownId) { try store.acknowledge(id: 999, at: 1) }
    }

    /// Times at the ends of the clock never trap (differential fuzzing found the sums overflowing):
    /// a deadline past Int64.max is held at Int64.max, the clock's last instant.
    @Test func extremeTimesDoNotTrap() throws {
        var store = PushKeyStore()
        let first = PushKey(id: 1, wireBytes: [0x31] + [UInt8](repeating: 1, count: 32))!
        let second = PushKey(id: 2, wireBytes: [0x31] + [UInt8](repeating: 2, count: 32))!
        try store.add(first, createdAt: .max - 10)
        try store.add(second, createdAt: .max - 5)
        #expect(!store.needsNewKey(now: .max - 1))
        store.recordRun(at: .max)
        #expect(store.key(id: 1, now: .max - 1) != nil)  // its stamp and deletion, days on, are held at .max
        #expect(!store.isDeleted(0, now: .max - 1) && store.isDeleted(0, now: .max))
        var early = PushKeyStore()
        try early.add(first, createdAt: .min)
        #expect(early.needsNewKey(now: .max) && !early.needsNewKey(now: .min))
    }
}

@Suite struct ReceiverTests {
    @Test func origins() {
        // Dart's Uri.origin: a default port left out, another port written.
        #expect(NotificationReceiver.origin("https://Chat.Example.com") == "https://chat.example.com")
        #expect(NotificationReceiver.origin("https://chat.example.com:443/path") == "https://chat.example.com")
        #expect(NotificationReceiver.origin("http://chat.example.com") == "http://chat.example.com")
        #expect(NotificationReceiver.origin("http://chat.example.com:8080") == "http://chat.example.com:8080")
        #expect(NotificationReceiver.origin("https://a:b@chat.example.com:0443") == "https://chat.example.com")
        #expect(NotificationReceiver.origin("https://[::1]:8443") == "https://[::1]:8443")
        #expect(NotificationReceiver.origin("ftp://chat.example.com") == nil)
        #expect(NotificationReceiver.origin("not a url") == nil)
        #expect(NotificationReceiver.origin("https://") == nil)
        #expect(DartURI.parse("https://chat.example.com:44x") == nil)
        #expect(DartURI.parse("https://[::g]") == nil)
        #expect(DartURI.parse("avatar/11.png") != nil)
    }

    @Test func proposalProfileRoundTrip() throws {
        let device = X25519.KeyPair.random()
        let n = message(content: "sealed")
        let box = try NotificationSender.seal(n, devicePublicKey: device.publicKey)
        let payload = try PushServicePayload.apns(address: .pushAccountId(.max), ciphertext: box, priority: .high)[
            "body"]!
        let receiver = NotificationReceiver(account: account)
        #expect(try receiver.receive(service: .apns, payload: payload, accounts: [.max: device]) == .delivered(n))
        #expect(try receiver.receive(service: .apns, payload: payload, accounts: [1: device]) == .droppedUnknownKey)
        #expect(throws: EnvelopeError.authenticationFailed) {
            try receiver.receive(service: .apns, payload: payload, accounts: [.max: .random()])
        }
    }

    @Test func errorsNeverEchoContent() throws {
        let secret = "§top-secret-content§"
        let other = PushKey(id: 77, wireBytes: [0x31] + [UInt8](repeating: 1, count: 32))!
        let encrypted = try NotificationSender.encrypt(message(content: secret), key: other)
        var store = PushKeyStore()
        try store.add(key, createdAt: 0)
        do {
            _ = try NotificationReceiver(account: account).receive(
                service: .fcm, payload: ["push_key_id": "77", "encrypted_data": .string(encrypted.encryptedData)],
                keys: store, now: 0)
            Issue.record("decrypted under the wrong key")
        } catch {
            #expect(error == .authenticationFailed)
            #expect(!error.description.contains(secret))
        }
    }
}
