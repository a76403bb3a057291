import ConvosPush
import Foundation
import PropertyBased
import PushProofCrypto
import PushProofJSON
import Testing

@testable import ConvosIdentity

@Suite struct IdentityCreationTests {
    @Test func freshIdentitiesAreWellFormedAndIndependent() {
        let identities = (0..<20).map { _ in ConversationIdentity.create() }
        for identity in identities {
            #expect(InboxId.isWellFormed(identity.inboxId))
            #expect(ClientId(validating: identity.clientId.value) != nil)
            #expect(identity.privateKey.withUnsafeBytes { Secp256k1.isValidSecretKey(Array($0)) })
            #expect(identity.databaseKey.count == 32)
            #expect(identity.inboxId == InboxId.derive(address: identity.address, nonce: 0))
        }
        #expect(Set(identities.map(\.inboxId)).count == 20)
        #expect(Set(identities.map(\.clientId)).count == 20)
        #expect(Set(identities.map { $0.databaseKey.revealedBytes() }).count == 20)
    }

    @Test func clientIdForm() {
        #expect(ClientId(validating: "8F2D9C1E-4B7A-4E3F-9D2C-1A0B3C4D5E6F") != nil)
        for bad in [
            "8f2d9c1e-4b7a-4e3f-9d2c-1a0b3c4d5e6f", "8F2D9C1E-4B7A-1E3F-9D2C-1A0B3C4D5E6F",
            "8F2D9C1E-4B7A-4E3F-7D2C-1A0B3C4D5E6F",
            "8F2D9C1E4B7A4E3F9D2C1A0B3C4D5E6F", "", "8F2D9C1E-4B7A-4E3F-9D2C-1A0B3C4D5E6G",
            "8F2D9C1E-4B7A-4E3F-9D2C-1A0B3C4D5E6F0", "8F2D9C1E-4B7A-4E3F-9D2C-1A0B3C4D5E6",
            "8F2D9C1E-4B7A-4E3F-CD2C-1A0B3C4D5E6F", "8F2D9C1E-4B7A-4E3F-9D2C-1A0B3C4D5É6",
        ] {
            #expect(ClientId(validating: bad) == nil, "\(bad)")
        }
    }

    /// The validation agrees with the form written another way (UUID parsing, then case,
    /// version and variant) over random strings near the form.
    @Test func clientIdFormAgreesWithUUIDParsing() async {
        let alphabet = Array("0123456789ABCDEFabcdef-4-89AB")
        await propertyCheck(count: 400, input: Gen.int(in: 0..<alphabet.count).array(of: 34...38)) { picks in
            var text = String(picks.map { alphabet[$0] })
            // Most strings get the dashes in place, so the other rules are reached too.
            if picks.count == 36, picks[0] % 4 != 0 {
                var chars = Array(text)
                for i in [8, 13, 18, 23] { chars[i] = "-" }
                text = String(chars)
            }
            let chars = Array(text)
            let reference =
                UUID(uuidString: text) != nil && text == text.uppercased() && chars.count == 36 && chars[14] == "4"
                && "89AB".contains(chars[19])
            #expect((ClientId(validating: text) != nil) == reference, "\(text)")
        }
    }

    @Test func publishedAddressesAndInboxId() throws {
        func address(_ k: UInt8) throws -> String {
            try EthereumAddress(privateKey: SecretBytes(copying: [UInt8](repeating: 0, count: 31) + [k])).text
        }
        #expect(try address(1) == "0x7e5f4552091a69125d5dfcb7b8c2659029395bdf")
        #expect(try address(2) == "0x2b5ad5c4795c026514f8317c7a215e218dccd6cf")
        let zero = try EthereumAddress(text: "0x0000000000000000000000000000000000000000")
        #expect(
            InboxId.derive(address: zero, nonce: 0)
                == "b1a9cc92f03b922b65e5f8bbd8c41f0ccaa57c6ce10fdb2b099845fa8658c950")
        #expect(
            try InboxId.derive(address: EthereumAddress(text: "0x7E5F4552091A69125d5DfCb7b8C2659029395Bdf"))
                == InboxId.derive(address: EthereumAddress(text: "0x7e5f4552091a69125d5dfcb7b8c2659029395bdf")))
        #expect(throws: IdentityError.invalidPrivateKey) {
            try EthereumAddress(privateKey: SecretBytes(copying: [UInt8](repeating: 0, count: 32)))
        }
    }

    @Test func thePoolNeverHandsOutAnIdentityTwice() async {
        let pool = IdentityPool()
        pool.refill(to: 64)
        #expect(pool.count == 64)
        let taken = await withTaskGroup(of: [String].self) { group in
            for _ in 0..<8 {
                group.addTask { (0..<10).compactMap { _ in pool.take()?.inboxId } }
            }
            return await group.reduce(into: []) { $0 += $1 }
        }
        #expect(taken.count == 64)
        #expect(Set(taken).count == 64)
        #expect(pool.take() == nil)
        pool.refill(to: 2)
        #expect(pool.count == 2)
    }
}

@Suite struct KeychainRecordTests {
    @Test func roundTripAndErrorsNeverShowKeys() throws {
        let identity = ConversationIdentity.create()
        let bytes = KeychainRecord.encode(identity)
        let decoded = try KeychainRecord.decode(bytes)
        #expect(decoded.inboxId == identity.inboxId && decoded.clientId == identity.clientId)
        #expect(
            decoded.privateKey.constantTimeEquals(identity.privateKey)
                && decoded.databaseKey.constantTimeEquals(identity.databaseKey))
        let keyText = Base64.encode(identity.privateKey.revealedBytes())
        var broken = String(decoding: bytes, as: UTF8.self)
        broken = broken.replacingOccurrences(of: identity.clientId.value, with: "not-a-uuid")
        do {
            _ = try KeychainRecord.decode(Array(broken.utf8))
            Issue.record("accepted a record with a bad clientId")
        } catch {
            #expect(error == .invalidClientId)
            #expect(!error.description.contains(keyText))
        }
    }

    @Test func mutatedRecordsNeverTrap() async throws {
        let bytes = KeychainRecord.encode(.create())
        await propertyCheck(count: 500, input: Gen.int(in: 0...(bytes.count - 1)), Gen.uint8()) { index, value in
            var mutated = bytes
            mutated[index] = value
            if let identity = try? KeychainRecord.decode(mutated) {
                #expect(identity.privateKey.withUnsafeBytes { Secp256k1.isValidSecretKey(Array($0)) })
            }
        }
    }
}

/// The store contract, checked on both stores against a plain model over random operations.
@Suite struct IdentityStoreTests {
    static let inboxes = (0..<4).map { Hex.encode(SHA256.hash([UInt8($0)])) }
    static let clients = (0..<4).map { _ in ClientId.generate() }

    static func identity(_ i: Int, _ c: Int) -> ConversationIdentity {
        ConversationIdentity(
            inboxId: inboxes[i], clientId: clients[c], privateKey: SecretBytes(copying: SHA256.hash([UInt8(i), 9])),
            databaseKey: SecretBytes(copying: SHA256.hash([UInt8(i), 8])))
    }

    @Test func invariantsOverRandomOperationSequences() async {
        await propertyCheck(
            count: 150, input: Gen.int(in: 0...2).array(of: 1...40), Gen.int(in: 0...3).array(of: 40),
            Gen.int(in: 0...3).array(of: 40)
        ) { ops, inboxPicks, clientPicks in
            let stores: [any IdentityStore] = [InMemoryIdentityStore(), try! SQLiteIdentityStore(path: nil)]
            var model: [Int: Int] = [:]
            for (n, op) in ops.enumerated() {
                let (i, c) = (inboxPicks[n], clientPicks[n])
                for store in stores {
                    switch op {
                    case 0:
                        let got = Result { () throws(IdentityError) in try store.save(Self.identity(i, c)) }
                        if let held = model[i] {
                            #expect(
                                got
                                    == (held == c
                                        ? .success(.unchanged)
                                        : .failure(
                                            .clientIdMismatch(
                                                inboxId: Self.inboxes[i], existingClientId: Self.clients[held].value,
                                                newClientId: Self.clients[c].value))))
                        } else if model.values.contains(c) {
                            #expect(got == .failure(.duplicateClientId(clientId: Self.clients[c].value)))
                        } else {
                            #expect(got == .success(.saved))
                        }
                    case 1:
                        #expect((try? store.delete(inboxId: Self.inboxes[i])) == (model[i] != nil))
                    default:
                        #expect(
                            (try? store.identity(clientId: Self.clients[c].value))??.inboxId
                                == model.first { $0.value == c }.map { Self.inboxes[$0.key] })
                    }
                }
                if op == 0, model[i] == nil, !model.values.contains(c) { model[i] = c }
                if op == 1 { model[i] = nil }
                // No two inboxes share a clientId, and every stored inbox keeps its clientId.
                for store in stores {
                    for (k, inbox) in Self.inboxes.enumerated() {
                        #expect((try? store.identity(inboxId: inbox))??.clientId == model[k].map { Self.clients[$0] })
                    }
                }
            }
        }
    }

    @Test func aFailureBetweenTheTwoWritesLeavesNothing() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(
            "pushproof-\(UUID().uuidString).sqlite"
        ).path
        defer { try? FileManager.default.removeItem(atPath: path) }
        struct Crash: Error {}
        do {
            let store = try SQLiteIdentityStore(path: path)
            _ = try store.save(Self.identity(0, 0))
            store.faultBetweenWrites = { throw Crash() }
            #expect(throws: IdentityError.self) { try store.save(Self.identity(1, 1)) }
            #expect(try store.identity(inboxId: Self.inboxes[1]) == nil)
            #expect(try store.identity(clientId: Self.clients[1].value) == nil)
            #expect(try store.rowCounts() == (inboxes: 1, keychain: 1))
        }
        // Reopened from disk: the first identity is there, whole; the interrupted one left no trace.
        let reopened = try SQLiteIdentityStore(path: path)
        #expect(try reopened.rowCounts() == (inboxes: 1, keychain: 1))
        #expect(try reopened.identity(clientId: Self.clients[0].value)?.inboxId == Self.inboxes[0])
        #expect(try reopened.save(Self.identity(1, 1)) == .saved)
    }

    @Test func theDatabaseItselfEnforcesTheInvariants() throws {
        let store = try SQLiteIdentityStore(path: nil)
        _ = try store.save(Self.identity(0, 0))
        let other = Self.inboxes[1]
        // Two inboxes sharing a clientId.
        #expect(throws: (any Error).self) {
            try store.executeRaw("INSERT INTO inbox (inboxId, clientId) VALUES (?, ?)", [other, Self.clients[0].value])
        }
        // An inbox without a clientId.
        #expect(throws: (any Error).self) {
            try store.executeRaw("INSERT INTO inbox (inboxId, clientId) VALUES (?, NULL)", [other])
        }
        // A clientId that changes.
        #expect(throws: (any Error).self) {
            try store.executeRaw(
                "UPDATE inbox SET clientId = ? WHERE inboxId = ?", [Self.clients[1].value, Self.inboxes[0]])
        }
        // Keys for an inbox that does not exist, or under another clientId.
        #expect(throws: (any Error).self) {
            try store.executeRaw(
                "INSERT INTO keychainIdentity (inboxId, clientId, privateKey, databaseKey) VALUES (?, ?, zeroblob(32), zeroblob(32))",
                [other, Self.clients[2].value])
        }
        #expect(try store.rowCounts() == (inboxes: 1, keychain: 1))
    }

    @Test func deletionCascades() throws {
        let store = try SQLiteIdentityStore(path: nil)
        _ = try store.save(Self.identity(0, 0))
        #expect(try store.delete(inboxId: Self.inboxes[0]))
        #expect(try store.rowCounts() == (inboxes: 0, keychain: 0))
        #expect(try !store.delete(inboxId: Self.inboxes[0]))
    }

    /// The fuzz target's mode: inside a scratch session the saves and deletes see each other, a
    /// save that fails between its two writes leaves neither while the saves before it stay, and
    /// at the end nothing of the session remains.
    @Test func aScratchSessionIsRolledBackAndEachSaveInItIsAllOrNothing() throws {
        let store = try SQLiteIdentityStore(path: nil)
        _ = try store.save(Self.identity(0, 0))
        struct Injected: Error {}
        let inside = try store.scratch { () throws -> (Int, Int) in
            #expect(try store.save(Self.identity(1, 1)) == .saved)
            store.faultBetweenWrites = { throw Injected() }
            #expect(throws: IdentityError.self) { try store.save(Self.identity(2, 2)) }
            store.faultBetweenWrites = nil
            #expect(try store.delete(inboxId: Self.inboxes[0]))
            #expect(try store.identity(clientId: Self.clients[1].value)?.inboxId == Self.inboxes[1])
            let counts = try store.rowCounts()
            return (counts.inboxes, counts.keychain)
        }
        #expect(inside == (1, 1))
        #expect(try store.rowCounts() == (inboxes: 1, keychain: 1))
        #expect(try store.identity(inboxId: Self.inboxes[0])?.clientId == Self.clients[0])
    }
}

/// ADR 002's privacy properties, over random sets of conversations on one device.
@Suite struct BackendPrivacyTests {
    static let deviceId = "5B0F3C2A-7E1D-4F6A-9B8C-0D1E2F3A4B5C"
    static let pushToken = String(repeating: "ab", count: 32)

    struct Conversation {
        let identity: ConversationIdentity
        let topics: [String]
        var requests: [BackendRequest] {
            [
                ConvosBackend.subscribe(
                    deviceId: BackendPrivacyTests.deviceId, clientId: identity.clientId, topics: topics, jwt: "jwt")
            ]
                + ConversationTeardown.steps(
                    for: identity, conversationTopics: [topics[0]], welcomeTopic: topics[1], environment: .production,
                    jwt: "jwt", rules: .deployed
                )
                .compactMap {
                    if case .request(let r) = $0 { return r } else { return nil }
                }
        }
    }

    static func conversation() -> Conversation {
        let identity = ConversationIdentity.create()
        let group = Hex.encode(secureRandomBytes(count: 16))
        let installation = Hex.encode(secureRandomBytes(count: 32))
        return Conversation(
            identity: identity, topics: ["/xmtp/mls/1/g-\(group)/proto", "/xmtp/mls/1/w-\(installation)/proto"])
    }

    /// Every string in a request: method, path, header, body values.
    static func strings(_ r: BackendRequest) -> Set<String> {
        var out: Set<String> = [r.method, r.path, r.authToken]
        func walk(_ v: JSONValue) {
            switch v {
            case .string(let s): out.insert(s)
            case .array(let a): for e in a { walk(e) }
            case .object(let m): for member in m { walk(member.value) }
            default: break
            }
        }
        if let body = r.body { walk(body) }
        return out
    }

    @Test func noRequestCarriesAnInboxIdKeyOrAddress() async {
        await propertyCheck(count: 25, input: Gen.int(in: 1...6)) { count in
            let conversations = (0..<count).map { _ in Self.conversation() }
            let all =
                [
                    ConvosBackend.registerDevice(
                        deviceId: Self.deviceId, pushToken: Self.pushToken, environment: .production,
                        appCheckToken: "app-check")
                ]
                + conversations.flatMap(\.requests)
            let text = all.map { JSONWriter.compact($0.json).lowercased() }.joined(separator: "\n")
            for c in conversations {
                let id = c.identity
                let secrets = [
                    id.inboxId, id.address.text, String(id.address.text.dropFirst(2)),
                    Hex.encode(id.privateKey.revealedBytes()), Hex.encode(id.databaseKey.revealedBytes()),
                    Base64.encode(id.privateKey.revealedBytes()).lowercased(),
                    Base64.encode(id.databaseKey.revealedBytes()).lowercased(),
                    Hex.encode(try! Secp256k1.uncompressedPublicKey(secretKey: id.privateKey)),
                ]
                for secret in secrets { #expect(!text.contains(secret.lowercased())) }
            }
        }
    }

    @Test func twoConversationsShareOnlyTheDeviceIdentifiers() async {
        let common: Set<String> = [
            "POST", "DELETE", "v2/notifications/subscribe", "v2/notifications/unsubscribe", "jwt", Self.deviceId,
        ]
        await propertyCheck(count: 25, input: Gen.int(in: 2...6)) { count in
            let conversations = (0..<count).map { _ in Self.conversation() }
            for a in 0..<count {
                for b in (a + 1)..<count {
                    let sa = conversations[a].requests.reduce(into: Set<String>()) { $0.formUnion(Self.strings($1)) }
                    let sb = conversations[b].requests.reduce(into: Set<String>()) { $0.formUnion(Self.strings($1)) }
                    #expect(
                        sa.intersection(sb).isSubset(of: common), "shared: \(sa.intersection(sb).subtracting(common))")
                }
            }
        }
    }

    @Test(arguments: ConversationTeardown.Rules.allCases)
    func deletingAConversationLeavesNoSubscription(_ rules: ConversationTeardown.Rules) async throws {
        await propertyCheck(count: 25, input: Gen.int(in: 1...6), Gen.int(in: 0...5)) { count, pick in
            let conversations = (0..<count).map { _ in Self.conversation() }
            let store = InMemoryIdentityStore()
            var backend = PushBackendModel()
            backend.apply(
                ConvosBackend.registerDevice(
                    deviceId: Self.deviceId, pushToken: Self.pushToken, environment: .production,
                    appCheckToken: "app-check"))
            for c in conversations {
                _ = try! store.save(c.identity)
                backend.apply(
                    ConvosBackend.subscribe(
                        deviceId: Self.deviceId, clientId: c.identity.clientId, topics: c.topics, jwt: "jwt"))
            }
            let gone = conversations[pick % count]
            let steps = ConversationTeardown.steps(
                for: gone.identity, conversationTopics: [gone.topics[0]], welcomeTopic: gone.topics[1],
                environment: .production, jwt: "jwt", rules: rules)
            // The app unsubscribes the welcome topic only and relies on the unregister for the rest.
            if case .request(let unsubscribe) = steps[0] {
                #expect(unsubscribe.body?["topics"]?.arrayValue?.count == (rules == .deployed ? 1 : 2))
            }
            #expect(
                steps.map(\.name) == [
                    "unsubscribe", "unregister", "deleteDatabaseRecords", "deleteKeychainIdentity",
                    "deleteXMTPDatabaseFiles",
                ])
            try! ConversationTeardown.run(steps, store: store, backend: &backend)
            #expect(backend.subscriptions[gone.identity.clientId.value] == nil)
            #expect(store.identity(clientId: gone.identity.clientId.value) == nil)
            #expect(store.identity(forClientId: gone.identity.clientId.value) == nil)
            for other in conversations where other.identity.inboxId != gone.identity.inboxId {
                #expect(backend.subscriptions[other.identity.clientId.value] == Set(other.topics))
                #expect(
                    store.identity(forClientId: other.identity.clientId.value)
                        == ResolvedIdentity(inboxId: other.identity.inboxId))
            }
        }
    }
}
