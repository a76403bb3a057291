import CatbirdMLS
import PropertyBased
import PushProofCrypto
import Testing

/// The epoch-key store's promises, over random call sequences: RFC 9420 §9.2 for the strict
/// store, no trap and no half-made change for every store.
@Suite struct EpochKeyStoreTests {
    static let conversations = ["c0", "c0-1", "c1"]
    static let users = [
        "did:plc:ewvi7nxzyoun6zhxrhs64oiz", "did:plc:q6gjnaw2blty4crticxkmujt", " DID:PLC:EWVI7NXZYOUN6ZHXRHS64OIZ",
    ]
    static let numbers: [Int64] = [0, 1, 2, 3, 5, 999, 1000, 1001, -1, .min, .max, .max - 1]

    /// A step from three numbers: which call, who and where, which epoch or count.
    static func step(_ call: UInt8, _ who: UInt8, _ pick: Int) -> EpochKeyStep {
        let c = conversations[Int(who) % conversations.count]
        let u = users[Int(who / 3) % users.count]
        let e = pick < numbers.count ? numbers[pick] : Int64(pick - numbers.count)
        let secret = SecretBytes(copying: [call, who, UInt8(truncatingIfNeeded: pick)])
        let kinds = KeychainItem.Kind.allCases
        let item = try! KeychainItem(
            kind: kinds[Int(who) % kinds.count], conversation: c, epoch: e, qualifier: "q")
        switch call % 12 {
        case 0, 1: return .saveEpochSecret(user: u, conversation: c, epoch: e, secret: secret)
        case 2: return .getEpochSecret(user: u, conversation: c, epoch: e)
        case 3: return .deleteEpochSecret(user: u, conversation: c, epoch: e)
        case 4: return .deleteEpochsBefore(user: u, conversation: c, epoch: e)
        case 5: return .deleteOldEpochKeys(user: u, conversation: c, keepLast: e)
        case 6: return .deleteMarkedEpochKeys(user: u)
        case 7: return .deleteConversation(user: u, conversation: c)
        case 8: return .storeKeychainItem(item, value: secret)
        case 9: return .readKeychainItem(item)
        case 10: return .deletePrivateKeys(conversation: c, beforeEpoch: e)
        default: return .deleteAllKeys(conversation: c)
        }
    }

    static func steps(_ calls: [UInt8], _ whos: [UInt8], _ picks: [Int]) -> [EpochKeyStep] {
        zip(calls, zip(whos, picks)).map { step($0, $1.0, $1.1) }
    }

    static let calls = Gen.uint8().array(of: 0...60)
    static let whos = Gen.uint8().array(of: 60)
    static let picks = Gen.int(in: 0...20).array(of: 60)

    @Test func noStepTrapsOrHalfChanges() async {
        await propertyCheck(count: 300, input: Self.calls, Self.whos, Self.picks) { calls, whos, picks in
            for policy in EpochKeyPolicy.allCases {
                var store = EpochKeyStore(policy: policy)
                for s in Self.steps(calls, whos, picks) {
                    let before = store.snapshot
                    do {
                        let result = try store.apply(s)
                        if case .trap = result { #expect(policy == .deployed) }
                        switch result {
                        case .trap, .refused, .found, .notFound: #expect(store.snapshot == before)
                        default: break
                        }
                        if case .trap = result { break }
                    } catch let error as EpochKeyStoreError {
                        #expect(store.snapshot == before, "\(error)")
                    } catch {
                        Issue.record("an untyped error: \(error)")
                    }
                }
            }
        }
    }

    @Test func strictDeleteBeforeRemovesEveryEpochBelowAndNothingElse() async {
        await propertyCheck(count: 300, input: Self.calls, Self.whos, Self.picks, Gen.int(in: 0...11)) {
            calls, whos, picks, cut in
            var store = EpochKeyStore(policy: .strict)
            for s in Self.steps(calls, whos, picks) { _ = try? store.apply(s) }
            let cutoff = Self.numbers[cut] < 0 ? 0 : Self.numbers[cut]
            let user = Self.users[0]
            let before = store.snapshot
            let mine = { (r: EpochKeySnapshot.Row) in r.user == user && r.conversation == "c0" }
            #expect(throws: Never.self) {
                _ = try store.apply(.deleteEpochsBefore(user: user, conversation: "c0", epoch: cutoff))
            }
            let after = store.snapshot
            #expect(!after.rows.contains { mine($0) && $0.epoch < cutoff })
            #expect(after.rows == before.rows.filter { !(mine($0) && $0.epoch < cutoff) })
            #expect(after.keychain == before.keychain)
            // Idempotent.
            #expect(try store.apply(.deleteEpochsBefore(user: user, conversation: "c0", epoch: cutoff)) == .deleted(0))
            #expect(store.snapshot == after)
            // Nothing below the cutoff is readable, or stored again.
            for e in [0, cutoff / 2, cutoff - 1] where e >= 0 && e < cutoff {
                #expect(try store.apply(.getEpochSecret(user: user, conversation: "c0", epoch: e)) == .notFound)
                let again = try store.apply(
                    .saveEpochSecret(user: user, conversation: "c0", epoch: e, secret: SecretBytes(copying: [7])))
                #expect(again == .refused(.epochDeleted(conversation: "c0", epoch: e)))
            }
        }
    }

    @Test func deployedDeleteBeforeHidesButKeepsTheRows() async {
        await propertyCheck(count: 200, input: Gen.int(in: 1...30), Gen.int(in: 0...31)) { count, cutoff in
            var store = EpochKeyStore(policy: .deployed)
            let user = Self.users[0]
            for e in 0..<Int64(count) {
                _ = try store.apply(
                    .saveEpochSecret(user: user, conversation: "c0", epoch: e, secret: SecretBytes(copying: [1])))
            }
            let result = try store.apply(.deleteEpochsBefore(user: user, conversation: "c0", epoch: Int64(cutoff)))
            #expect(result == .deactivated(min(count, cutoff)))
            #expect(store.snapshot.rows.count == count)
            for e in 0..<Int64(count) {
                let read = try store.apply(.getEpochSecret(user: user, conversation: "c0", epoch: e))
                #expect((read == .notFound) == (e < cutoff))
            }
            _ = try store.apply(.deleteMarkedEpochKeys(user: user))
            #expect(store.snapshot.rows.count == count - min(count, cutoff))
        }
    }

    @Test func strictConversationDeleteLeavesNothingUnderItsId() async {
        await propertyCheck(count: 300, input: Self.calls, Self.whos, Self.picks) { calls, whos, picks in
            var store = EpochKeyStore(policy: .strict)
            for s in Self.steps(calls, whos, picks) { _ = try? store.apply(s) }
            _ = try store.apply(.deleteConversation(user: Self.users[0], conversation: "c0"))
            #expect(!store.snapshot.rows.contains { $0.user == Self.users[0] && $0.conversation == "c0" })
            #expect(store.keychainItems(conversation: "c0").isEmpty)
        }
    }

    /// The durable table answers every database step as the model does, in both profiles, and
    /// holds the same rows in the same states; a strict store on disk keeps nothing deleted.
    @Test func theSQLiteTableAnswersAsTheModel() async {
        await propertyCheck(count: 80, input: Self.calls, Self.whos, Self.picks) { calls, whos, picks in
            for policy in [EpochKeyPolicy.deployed, .strict] {
                var model = EpochKeyStore(policy: policy)
                guard let table = try? SQLiteEpochKeyStore(policy: policy, path: nil) else {
                    Issue.record("cannot open the table")
                    return
                }
                // Database steps only (calls 0-7): the keychain is not a table.
                for s in Self.steps(calls.map { $0 % 8 }, whos, picks) {
                    let want: String
                    let got: String
                    do { want = "\(try model.apply(s))" } catch { want = "\(error)" }
                    do { got = "\(try table.apply(s))" } catch { got = "\(error)" }
                    #expect(want == got, "\(policy) \(s.name)")
                    if want.hasPrefix("trap") { break }
                }
                #expect(model.storedRows == (try? table.storedRows()))
            }
        }
    }

    @Test func deployedWipeStopsAtEpoch1000AndKeepsMetadata() throws {
        var store = EpochKeyStore(policy: .deployed)
        for (kind, epoch) in [
            (KeychainItem.Kind.privateKey, 1000), (.privateKey, 1001), (.epochMetadata, 1), (.groupState, 0),
        ] {
            let item = try KeychainItem(kind: kind, conversation: "c0", epoch: Int64(epoch))
            _ = try store.apply(.storeKeychainItem(item, value: SecretBytes(copying: [1])))
        }
        #expect(try store.apply(.deleteAllKeys(conversation: "c0")) == .deleted(2))
        #expect(store.snapshot.keychain == ["mls.epoch.metadata.c0.epoch.1", "mls.privatekey.c0.epoch.1001"])
    }

    @Test func eachAccountHasItsOwnDatabase() throws {
        for policy in EpochKeyPolicy.allCases {
            var store = EpochKeyStore(policy: policy)
            let (a, b) = (Self.users[0], Self.users[1])
            #expect(
                try store.apply(.saveEpochSecret(user: a, conversation: "c0", epoch: 1, secret: .init(copying: [1])))
                    == .stored)
            #expect(
                try store.apply(.saveEpochSecret(user: b, conversation: "c0", epoch: 1, secret: .init(copying: [2])))
                    == .stored)
            #expect(try store.apply(.saveKeyPackage(user: b, id: "kp", conversation: "c0")) == .stored)
            #expect(try store.apply(.saveKeyPackage(user: a, id: "kp", conversation: "c0")) == .stored)
            _ = try store.apply(.deleteConversation(user: b, conversation: "c0"))
            #expect(try store.apply(.getEpochSecret(user: a, conversation: "c0", epoch: 1)) == .found([1]))
            #expect(try store.apply(.getEpochSecret(user: b, conversation: "c0", epoch: 1)) == .notFound)
            #expect(store.snapshot.keyPackages == (policy == .proposal ? ["kp"] : ["kp", "kp"]))
        }
    }

    @Test func deployedEpochSecretsWriteTheirMetadata() throws {
        for policy in EpochKeyPolicy.allCases {
            var store = EpochKeyStore(policy: policy)
            let secrets = try KeychainItem(kind: .epochSecrets, conversation: "c0", epoch: 2)
            let metadata = try KeychainItem(kind: .epochMetadata, conversation: "c0", epoch: 2)
            _ = try store.apply(.storeKeychainItem(secrets, value: SecretBytes(copying: [1])))
            let again = try store.apply(.storeKeychainItem(metadata, value: SecretBytes(copying: [2])))
            #expect(again == (policy == .deployed ? .replaced : .stored))
        }
    }

    @Test func didNormalisationTrimsAndLowerCases() {
        #expect(EpochKeyStore.normalizeDID("\u{3000} DID:PLC:AbC\n\t") == "did:plc:abc")
        #expect(EpochKeyStore.normalizeDID("did:plc:abc") == "did:plc:abc")
        // Foundation's whitespacesAndNewlines holds U+200B; U+FEFF, U+180E and U+001F are not in it.
        #expect(EpochKeyStore.normalizeDID("\u{200B}did\u{200B}") == "did")
        for kept in ["\u{FEFF}", "\u{180E}", "\u{1F}"] {
            #expect(EpochKeyStore.normalizeDID("\(kept)did\(kept)") == "\(kept)did\(kept)")
        }
    }

    @Test func keychainAccountNames() throws {
        #expect(
            try KeychainItem(kind: .privateKey, conversation: "c", epoch: -3).account == "mls.privatekey.c.epoch.-3")
        #expect(
            try KeychainItem(kind: .archive, conversation: "c", epoch: 2, qualifier: "signature").account
                == "mls.archive.signature.c.epoch.2")
        #expect(throws: EpochKeyStoreError.self) { try KeychainItem(kind: .hpkePrivateKey) }
        #expect(throws: EpochKeyStoreError.self) { try KeychainItem(kind: .epochSecrets, conversation: "c") }
    }
}
