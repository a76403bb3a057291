import CatbirdMLS
import Foundation
import PushProofConformance

/// FuzzDeviceRegistry: the durable KeyPackage store (SQLite in memory) and the `deployed`
/// inventory model driven by the same decoded steps (publish with repeated refs and init keys,
/// claim, reserve, consume, release, expire, revoke, clock moves): every step answers as the
/// model (checked as it goes), no package is handed out twice, and at the end the store holds
/// the model's packages in the model's states. The devices are registered once; each input runs
/// in one scratch session of the store (a transaction rolled back at the end, a savepoint per
/// call), so every input starts from those devices alone without a write to get there.
enum DeviceRegistryHarness {
    /// One in-memory database for the whole run, holding the audit's devices.
    static let store: SQLiteKeyPackageStore = {
        let store = try! SQLiteKeyPackageStore(path: nil)
        try! KeyPackageStoreAudit.registerDevices(in: store, now: now)
        return store
    }()
    static let now = Int64(CatbirdFixtures.now)
    /// The shared database admits one input at a time (the corpus replay runs harnesses in parallel).
    static let serial = NSLock()

    static func run(_ data: [UInt8]) {
        serial.lock()
        defer { serial.unlock() }
        let session: Void? = try? store.scratch {
            guard var audit = try? KeyPackageStoreAudit(store: store, now: now, registered: true) else {
                fuzzInvariant(false, "the audit cannot start")
                return
            }
            for step in KeyPackageStoreAudit.decode(data) {
                if let finding = audit.apply(step) { fuzzInvariant(false, finding) }
            }
            if let finding = audit.compare() { fuzzInvariant(false, finding) }
        }
        fuzzInvariant(session != nil, "the scratch session failed")
    }
}
