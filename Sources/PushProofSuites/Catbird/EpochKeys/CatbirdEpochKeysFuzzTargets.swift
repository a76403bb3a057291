import CatbirdMLS
import Foundation
import PushProofConformance
import PushProofCrypto
import PushProofJSON

/// FuzzEpochKeyStore: bytes decoded as a sequence of storage calls (three bytes a step: the
/// call, who and where, the epoch or count), run on a deployed, a strict and a design-document
/// store at once, checking after every step what the strict store promises (RFC 9420 §9.2) and
/// what every store promises: a refused or thrown step changes nothing, and no input traps. The
/// durable epoch-key tables (``SQLiteEpochKeyStore``, deployed and strict, in memory) take the
/// same database steps and must answer each as their model does and end with its rows; each
/// input runs in one scratch session of each table, so every input starts from empty tables.
enum EpochKeyStoreHarness {
    /// One in-memory table per durable policy for the whole run, and the lock that admits one
    /// input at a time (the corpus replay runs harnesses in parallel).
    static let tables: [EpochKeyPolicy: SQLiteEpochKeyStore] = allocatedForTheWholeRun {
        [
            .deployed: try! SQLiteEpochKeyStore(policy: .deployed, path: nil),
            .strict: try! SQLiteEpochKeyStore(policy: .strict, path: nil),
        ]
    }
    static let serial = NSLock()

    static let conversations = ["3b9f0c7e51a24d68", "a1d2e3f4a5b6c7d8", "team", "team-1"]
    static let users = [
        "did:plc:ewvi7nxzyoun6zhxrhs64oiz", "did:plc:q6gjnaw2blty4crticxkmujt", " DID:PLC:EWVI7NXZYOUN6ZHXRHS64OIZ",
    ]
    /// Steps per input, at most: a deletion point, an epoch saved below it, a conversation
    /// deleted under another's name are each a few steps away; a longer input only slows the run
    /// (docs/fuzzing.md).
    static let maximumSteps = 24

    static func number(_ byte: UInt8) -> Int64 {
        switch byte {
        case 251: return .max
        case 252: return .min
        case 253: return -1
        case 254: return 1000
        case 255: return 1001
        default: return Int64(byte)
        }
    }

    static func item(_ selector: UInt8, conversation: String, epoch: Int64) -> KeychainItem {
        let kinds = KeychainItem.Kind.allCases
        let kind = kinds[Int(selector) % kinds.count]
        return try! KeychainItem(kind: kind, conversation: conversation, epoch: epoch, qualifier: "q\(selector % 3)")
    }

    /// The calls, in the order of their byte (`byte % 12`): `EpochKeyStep`'s cases, by name, as
    /// the vectors' `op`s write them.
    static let calls = [
        "saveEpochSecret", "getEpochSecret", "deleteEpochSecret", "deleteEpochsBefore", "deleteOldEpochKeys",
        "deleteMarkedEpochKeys", "deleteConversation", "saveKeyPackage", "storeKeychainItem", "readKeychainItem",
        "deletePrivateKeys", "deleteAllKeys",
    ]

    /// The byte `number` reads back as `value` where it can (the special values, 0-250), else the
    /// nearest of 0 and 250.
    static func byte(_ value: Int64) -> UInt8 {
        switch value {
        case .max: return 251
        case .min: return 252
        case -1: return 253
        case 1000: return 254
        case 1001: return 255
        default: return UInt8(min(max(value, 0), 250))
        }
    }

    /// A trace of catbird_epoch_keys' vectors as the harness's three bytes a step: (call,
    /// conversation | user << 2 | keychain kind << 4, number), conversations and users numbered in
    /// order of first appearance. Steps that are no call of the harness are left out.
    static func bytes(of trace: [JSONValue], userDid: String) -> [UInt8] {
        var conversations: [String: Int] = [:]
        var users: [String: Int] = [:]
        var data: [UInt8] = []
        for step in trace {
            guard let op = step["op"]?.stringValue, let call = calls.firstIndex(of: op) else { continue }
            let conversation = step["conversation"]?.stringValue ?? ""
            let user = step["userDid"]?.stringValue ?? userDid
            if conversations[conversation] == nil { conversations[conversation] = conversations.count % 4 }
            if users[user] == nil { users[user] = users.count % 3 }
            let kind = KeychainItem.Kind.allCases.firstIndex { $0.rawValue == step["kind"]?.stringValue } ?? 0
            let number = (step["epoch"] ?? step["keepLast"] ?? step["beforeEpoch"])?.int64Value ?? 0
            data += [
                UInt8(call), UInt8(conversations[conversation]! | users[user]! << 2 | (kind % 16) << 4), byte(number),
            ]
        }
        return data
    }

    static func decode(_ data: [UInt8]) -> [EpochKeyStep] {
        var steps: [EpochKeyStep] = []
        var i = 0
        while i + 2 < data.count, steps.count < maximumSteps {
            let (call, who, n) = (data[i], data[i + 1], data[i + 2])
            i += 3
            let c = conversations[Int(who & 3)]
            let u = users[Int((who >> 2) % 3)]
            let e = number(n)
            var secret: SecretBytes { SecretBytes(copying: [call, who, n]) }
            switch calls[Int(call) % calls.count] {
            case "saveEpochSecret": steps.append(.saveEpochSecret(user: u, conversation: c, epoch: e, secret: secret))
            case "getEpochSecret": steps.append(.getEpochSecret(user: u, conversation: c, epoch: e))
            case "deleteEpochSecret": steps.append(.deleteEpochSecret(user: u, conversation: c, epoch: e))
            case "deleteEpochsBefore": steps.append(.deleteEpochsBefore(user: u, conversation: c, epoch: e))
            case "deleteOldEpochKeys": steps.append(.deleteOldEpochKeys(user: u, conversation: c, keepLast: e))
            case "deleteMarkedEpochKeys": steps.append(.deleteMarkedEpochKeys(user: u))
            case "deleteConversation": steps.append(.deleteConversation(user: u, conversation: c))
            case "saveKeyPackage": steps.append(.saveKeyPackage(user: u, id: "kp\(n % 4)", conversation: c))
            case "storeKeychainItem":
                steps.append(.storeKeychainItem(item(who >> 4, conversation: c, epoch: e), value: secret))
            case "readKeychainItem": steps.append(.readKeychainItem(item(who >> 4, conversation: c, epoch: e)))
            case "deletePrivateKeys": steps.append(.deletePrivateKeys(conversation: c, beforeEpoch: e))
            default: steps.append(.deleteAllKeys(conversation: c))
            }
        }
        return steps
    }

    static func run(_ data: [UInt8]) {
        serial.lock()
        defer { serial.unlock() }
        let deployed = tables[.deployed]!
        let strict = tables[.strict]!
        let session: Void? = try? deployed.scratch { try strict.scratch { check(data) } }
        fuzzInvariant(session != nil, "a scratch session failed")
    }

    /// Whether the durable table takes this step (the keychain and KeyPackage steps are not
    /// a table's).
    static func isTableStep(_ step: EpochKeyStep) -> Bool {
        switch step {
        case .saveEpochSecret, .getEpochSecret, .deleteEpochSecret, .deleteEpochsBefore, .deleteOldEpochKeys,
            .deleteMarkedEpochKeys, .deleteConversation:
            return true
        default: return false
        }
    }

    static func check(_ data: [UInt8]) {
        let steps = decode(data)
        var stores = EpochKeyPolicy.allCases.map { EpochKeyStore(policy: $0) }
        var trapped = Array(repeating: false, count: stores.count)
        for step in steps {
            for index in stores.indices where !trapped[index] {
                let revision = stores[index].revision
                let strict = stores[index].policy == .strict && isDelete(step)
                let before = strict ? (rows: stores[index].storedRows, items: stores[index].keychainCount) : nil
                let table = isTableStep(step) ? tables[stores[index].policy] : nil
                // A conversation's deletion counts its keychain items too (strict): the table's
                // count is the rows alone.
                var rowsBefore: Int?
                if table != nil, case .deleteConversation = step { rowsBefore = stores[index].storedRows.count }
                let result: EpochKeyStepResult
                do {
                    result = try stores[index].apply(step)
                } catch {
                    fuzzInvariant(stores[index].revision == revision, "a refused step changed the store")
                    if let table {
                        do {
                            _ = try table.apply(step)
                            fuzzInvariant(false, "the table took a step its model refuses")
                        } catch let tableError {
                            fuzzInvariant(
                                tableError == (error as? EpochKeyStoreError),
                                "the table refuses otherwise than its model")
                        }
                    }
                    continue
                }
                if let table {
                    let answer = Result { () throws(EpochKeyStoreError) in try table.apply(step) }
                    let expected = rowsBefore.map { EpochKeyStepResult.deleted($0 - stores[index].storedRows.count) }
                    fuzzInvariant(
                        answer == .success(expected ?? result),
                        "the \(stores[index].policy) table answers \(answer) to \(step.name), its model \(result)")
                }
                switch result {
                case .refused, .trap, .found, .notFound:
                    fuzzInvariant(stores[index].revision == revision, "a read, refusal or trap changed the store")
                default: break
                }
                if case .trap = result {
                    fuzzInvariant(stores[index].policy == .deployed, "only the deployed model traps")
                    trapped[index] = true
                }
                if let before {
                    checkStrict(
                        step, result, before: before, after: (stores[index].storedRows, stores[index].keychainCount),
                        store: &stores[index])
                }
            }
        }
        // The full checks, once per input: a strict store never keeps a deleted row; each table
        // holds its model's rows (a trapped one stopped where its model did).
        for store in stores where store.policy == .strict {
            fuzzInvariant(store.storedRows.allSatisfy { $0.state == .active }, "a strict store keeps a deleted row")
        }
        for store in stores {
            guard let table = tables[store.policy] else { continue }
            fuzzInvariant((try? table.storedRows()) == store.storedRows, "a table's rows differ from its model's")
        }
    }

    static func isDelete(_ step: EpochKeyStep) -> Bool {
        switch step {
        case .deleteEpochsBefore, .deleteConversation, .deletePrivateKeys: return true
        default: return false
        }
    }

    static func checkStrict(
        _ step: EpochKeyStep, _ result: EpochKeyStepResult, before: (rows: [EpochKeySnapshot.Row], items: Int),
        after: (rows: [EpochKeySnapshot.Row], items: Int), store: inout EpochKeyStore
    ) {
        switch step {
        case .deleteEpochsBefore(let user, let conversation, let cutoff):
            let u = EpochKeyStore.normalizeDID(user)
            let mine = { (r: EpochKeySnapshot.Row) in r.user == u && r.conversation == conversation }
            fuzzInvariant(!after.rows.contains { mine($0) && $0.epoch < cutoff }, "an epoch below the cutoff stayed")
            fuzzInvariant(
                after.rows == before.rows.filter { !(mine($0) && $0.epoch < cutoff) },
                "delete-before touched an epoch at or above the cutoff, or another conversation")
            // Idempotent: the same call again deletes nothing.
            let again = try? store.apply(step)
            fuzzInvariant(again == .deleted(0) && store.storedRows == after.rows, "delete-before is not idempotent")
            // Nothing below the cutoff comes back.
            if cutoff > 0 {
                let back = try? store.apply(
                    .saveEpochSecret(
                        user: user, conversation: conversation, epoch: cutoff - 1, secret: SecretBytes(copying: [1])))
                fuzzInvariant(
                    back == .refused(.epochDeleted(conversation: conversation, epoch: cutoff - 1)),
                    "a strict store took back an epoch below its deletion point")
            }
        case .deleteConversation(let user, let conversation):
            let u = EpochKeyStore.normalizeDID(user)
            fuzzInvariant(
                !after.rows.contains { $0.user == u && $0.conversation == conversation },
                "a deleted conversation kept an epoch key of its account")
            fuzzInvariant(
                store.keychainItems(conversation: conversation).isEmpty, "a deleted conversation kept keychain items")
        case .deletePrivateKeys(let conversation, let cutoff):
            fuzzInvariant(
                !store.keychainItems(conversation: conversation).contains { $0.epoch.map { $0 < cutoff } == true },
                "a keychain item below the cutoff stayed")
            if case .deleted(let n) = result {
                fuzzInvariant(before.items - after.items == n, "the count is not what was deleted")
            }
        default: break
        }
    }
}
