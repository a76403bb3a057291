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
    static let store: SQLiteKeyPackageStore = allocatedForTheWholeRun {
        let store = try! SQLiteKeyPackageStore(path: nil)
        try! KeyPackageStoreAudit.registerDevices(in: store, now: now)
        return store
    }
    static let now = Int64(CatbirdFixtures.now)
    /// Steps per input, at most: every state the model has (a package claimed, released and
    /// claimed again, a device revoked with packages reserved, expiry after a clock move) is a
    /// handful of steps away, and a longer input only slows the run (docs/fuzzing.md).
    static let maximumSteps = DeviceRegistryFuzzStep.layout.maximumSteps
    /// The audit every input starts from (the devices registered, nothing else), built once and
    /// copied: an audit is a value.
    static let start: KeyPackageStoreAudit = try! KeyPackageStoreAudit(store: store, now: now, registered: true)
    /// The shared database admits one input at a time (the corpus replay runs harnesses in parallel).
    static let serial = NSLock()

    static func run(_ data: [UInt8]) {
        serial.lock()
        defer { serial.unlock() }
        let session: Void? = try? store.scratch {
            var audit = start
            for step in DeviceRegistryFuzzSteps.decode(data, maximumSteps: maximumSteps) {
                if let finding = audit.apply(step) { fuzzInvariant(false, finding) }
            }
            if let finding = audit.compare() { fuzzInvariant(false, finding) }
        }
        fuzzInvariant(session != nil, "the scratch session failed")
    }
}
