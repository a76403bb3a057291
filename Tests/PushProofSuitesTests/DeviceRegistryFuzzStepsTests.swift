import CatbirdMLS
import PropertyBased
import Testing

@testable import PushProofSuites

/// The steps FuzzDeviceRegistry decodes from bytes, driving the durable KeyPackage store and its
/// models (``KeyPackageStoreAudit``).
@Suite struct DeviceRegistryFuzzStepsTests {
    static let now = Int64(CatbirdFixtures.now)

    /// Random step sequences: the durable store answers each step as the model, never hands a
    /// package out twice, keeps init keys unique, and ends with the model's packages.
    /// The same sequences run once with a transaction per call and once inside a scratch
    /// session (the fuzz target's mode): both answer as the model.
    @Test(arguments: [false, true]) func theStoreAnswersAsTheModel(inScratchSession: Bool) async {
        await propertyCheck(count: 60, input: Gen.uint8().array(of: 0...120)) { bytes in
            guard let store = try? SQLiteKeyPackageStore(path: nil) else {
                Issue.record("cannot open the store")
                return
            }
            if inScratchSession {
                // As the fuzz target: the devices registered once, outside the session.
                #expect((try? KeyPackageStoreAudit.registerDevices(in: store, now: Self.now)) != nil)
            }
            func check() {
                guard var audit = try? KeyPackageStoreAudit(store: store, now: Self.now, registered: inScratchSession)
                else {
                    Issue.record("cannot register the devices")
                    return
                }
                for step in DeviceRegistryFuzzSteps.decode(bytes) {
                    if let finding = audit.apply(step) {
                        Issue.record("\(finding)")
                        return
                    }
                }
                #expect(audit.compare() == nil)
                let packages = (try? store.packages()) ?? []
                #expect(Set(packages.map(\.initKey)).count == packages.count)
            }
            if inScratchSession {
                #expect((try? store.scratch(check)) != nil)
                #expect(
                    (try? store.packages())?.map(\.ref) == ["first-0", "first-1", "first-2"],
                    "the session left rows, or changed the registered ones")
            } else {
                check()
            }
        }
    }

    /// Call 6 with an argument of 24 to 87 is a registration: bytes reach restores, another
    /// user's key and new devices.
    @Test func bytesReachRegistrations() {
        let decoded = DeviceRegistryFuzzSteps.decode([6, 30, 6, 25, 6, 23, 6, 88])
        let kinds = decoded.map { step -> String in
            switch step {
            case .register(let user, _, let key, _):
                return "\(user == KeyPackageStoreAudit.devices[0].user ? "alice" : "bob") key \(key[0])"
            case .inventory(let s): return "\(s)".components(separatedBy: "(")[0]
            }
        }
        #expect(kinds == ["alice key 1", "bob key 1", "revokeDevice", "advance"])
    }
}
