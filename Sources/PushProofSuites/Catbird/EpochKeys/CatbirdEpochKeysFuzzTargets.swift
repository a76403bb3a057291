import CatbirdMLS
import Foundation
import PushProofConformance
import PushProofCrypto
import PushProofJSON

/// FuzzEpochKeyStore: bytes decoded as a sequence of storage calls (``EpochKeyFuzzStep``: three
/// bytes a step, the call, who and where, the epoch or count), run on a deployed, a strict and a design-document
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

    /// The store calls an input makes (``EpochKeyFuzzStep``).
    static func decode(_ data: [UInt8]) -> [EpochKeyStep] { EpochKeyFuzzStep.decode(data).map(\.call) }

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
