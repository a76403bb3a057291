import CatbirdMLS
import Foundation
import PushProofConformance

/// FuzzDeviceRegistry: the durable KeyPackage store (SQLite in memory) and the `deployed`
/// inventory model driven by the same decoded steps (publish with repeated refs and init keys,
/// claim, reserve, consume, release, expire, revoke, clock moves): every step answers as the
/// model (checked as it goes), no package is handed out twice, and at the end the store holds
/// the model's packages in the model's states.
enum DeviceRegistryHarness {
    /// One database for the whole run, emptied before each input.
    static let store = try! SQLiteKeyPackageStore(path: nil)
    /// The shared database admits one input at a time (the corpus replay runs harnesses in parallel).
    static let serial = NSLock()

    static func run(_ data: [UInt8]) {
        serial.lock()
        defer { serial.unlock() }
        fuzzInvariant((try? store.removeAll()) != nil, "the store cannot be emptied")
        guard var audit = try? KeyPackageStoreAudit(store: store, now: Int64(CatbirdFixtures.now)) else {
            fuzzInvariant(false, "the devices cannot be registered")
            return
        }
        for step in KeyPackageStoreAudit.decode(data) {
            if let finding = audit.apply(step) { fuzzInvariant(false, finding) }
        }
        if let finding = audit.compare() { fuzzInvariant(false, finding) }
    }
}
