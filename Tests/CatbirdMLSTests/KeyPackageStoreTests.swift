import CatbirdMLS
import Dispatch
import Foundation
import GRDB
import PropertyBased
import PushProofStorage
import Testing

/// The durable KeyPackage store: it answers as the model, its schema holds the rules on its own,
/// claims are atomic under concurrency, and a failure between writes leaves nothing, also on disk.
@Suite struct KeyPackageStoreTests {
    static let alice = "did:plc:ewvi7nxzyoun6zhxrhs64oiz"
    static let bob = "did:plc:q6gjnaw2blty4crticxkmujt"
    static let now: Int64 = 1_785_542_400

    static func key(_ n: UInt8) -> [UInt8] { Array(repeating: n, count: 32) }
    static func upload(_ ref: String, initKey: String? = nil, notAfter: Int64 = now + 86_400)
        -> KeyPackageInventory.Upload
    {
        .init(ref: ref, initKey: initKey ?? "init-\(ref)", notBefore: now - 3600, notAfter: notAfter)
    }

    static func temporaryPath() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("pushproof-kp-\(UUID().uuidString).sqlite").path
    }

    @Test func concurrentClaimersNeverShareAPackage() throws {
        let path = Self.temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let setup = try SQLiteKeyPackageStore(path: path)
        _ = try setup.register(
            user: Self.alice, deviceId: "phone", signatureKey: Self.key(1),
            batch: (0..<100).map { Self.upload("kp\($0)") }, now: Self.now)
        // Four connections on one file, as four server processes would have.
        let stores = try (0..<4).map { _ in try SQLiteKeyPackageStore(path: path) }
        let lock = NSLock()
        nonisolated(unsafe) var handed: [String] = []
        nonisolated(unsafe) var failures = 0
        DispatchQueue.concurrentPerform(iterations: 160) { i in
            do {
                if let ref = try stores[i % 4].claim(owner: Self.alice, device: "phone", now: Self.now) {
                    lock.withLock { handed.append(ref) }
                }
            } catch {
                lock.withLock { failures += 1 }
            }
        }
        #expect(failures == 0)
        #expect(handed.count == 100, "every package handed out once, the other 60 claims found none")
        #expect(Set(handed).count == handed.count, "a package handed out twice")
        #expect(try setup.packages().allSatisfy { $0.status == .reserved })
    }

    @Test func aFailureBetweenWritesLeavesNothingAlsoAfterReopening() throws {
        let path = Self.temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        struct Injected: Error {}
        do {
            let store = try SQLiteKeyPackageStore(path: path)
            store.faultBetweenWrites = { throw Injected() }
            #expect(throws: KeyPackageStoreError.self) {
                try store.register(
                    user: Self.alice, deviceId: "phone", signatureKey: Self.key(1),
                    batch: [Self.upload("a"), Self.upload("b")], now: Self.now)
            }
            #expect(try store.devices().isEmpty && store.packages().isEmpty)
            store.faultBetweenWrites = nil
            _ = try store.register(
                user: Self.alice, deviceId: "phone", signatureKey: Self.key(1), batch: [Self.upload("a")], now: Self.now
            )
            store.faultBetweenWrites = { throw Injected() }
            #expect(throws: KeyPackageStoreError.self) {
                try store.publish(
                    owner: Self.alice, device: "phone", [Self.upload("b"), Self.upload("c")], now: Self.now)
            }
            #expect(throws: KeyPackageStoreError.self) { try store.revoke(owner: Self.alice, device: "phone") }
        }
        let reopened = try SQLiteKeyPackageStore(path: path)
        #expect(try reopened.packages().map(\.ref) == ["a"])
        #expect(try reopened.packages().map(\.status) == [.available])
        #expect(try reopened.devices().map(\.revoked) == [false])
    }

    @Test func theSchemaHoldsTheRulesWithoutTheCode() throws {
        let path = Self.temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let store = try SQLiteKeyPackageStore(path: path)
        _ = try store.register(
            user: Self.alice, deviceId: "phone", signatureKey: Self.key(1), batch: [Self.upload("a")], now: Self.now)
        let raw = try DatabaseQueue(path: path)
        func refused(_ sql: String) {
            #expect(throws: DatabaseError.self, "\(sql)") { try raw.write { try $0.execute(sql: sql) } }
        }
        // The same signature key for a second device of the user; a second device id; a bad credential.
        refused(
            "INSERT INTO device (userDid, deviceId, credential, signatureKey) VALUES ('\(Self.alice)', 'tablet', '\(Self.alice)#tablet', x'\(String(repeating: "01", count: 32))')"
        )
        refused(
            "INSERT INTO device (userDid, deviceId, credential, signatureKey) VALUES ('\(Self.alice)', 'phone', '\(Self.alice)#phone', x'\(String(repeating: "02", count: 32))')"
        )
        refused(
            "INSERT INTO device (userDid, deviceId, credential, signatureKey) VALUES ('\(Self.bob)', 'x', '\(Self.alice)#x', x'\(String(repeating: "03", count: 32))')"
        )
        refused(
            "INSERT INTO device (userDid, deviceId, credential, signatureKey) VALUES ('\(Self.bob)', 'y', '\(Self.bob)#y', x'0102')"
        )
        // The same init key under another ref; a package of no device.
        refused(
            "INSERT INTO keyPackage VALUES ('b', 'init-a', '\(Self.alice)', 'phone', 0, 0, 1, 'available')")
        refused("INSERT INTO keyPackage VALUES ('c', 'init-c', '\(Self.bob)', 'none', 0, 0, 1, 'available')")
        // Transitions the machine does not allow, and terminal states.
        refused("UPDATE keyPackage SET status = 'consumed' WHERE ref = 'a'")
        try raw.write { try $0.execute(sql: "UPDATE keyPackage SET status = 'revoked' WHERE ref = 'a'") }
        refused("UPDATE keyPackage SET status = 'available' WHERE ref = 'a'")
        refused("UPDATE keyPackage SET initKey = 'other' WHERE ref = 'a'")
        // Another user may not use the same signature key either (key_id is unique globally).
        refused(
            "INSERT INTO device (userDid, deviceId, credential, signatureKey) VALUES ('\(Self.bob)', 'z', '\(Self.bob)#z', x'\(String(repeating: "01", count: 32))')"
        )
    }

    /// The clean server's key_id is unique across users: registering another user's signature key
    /// is refused with a typed error and writes nothing (no device, no package).
    @Test func anotherUsersSignatureKeyIsRefused() throws {
        let store = try SQLiteKeyPackageStore(path: nil)
        _ = try store.register(
            user: Self.alice, deviceId: "phone", signatureKey: Self.key(1), batch: [Self.upload("a")], now: Self.now)
        do {
            _ = try store.register(
                user: Self.bob, deviceId: "laptop", signatureKey: Self.key(1), batch: [Self.upload("b")], now: Self.now)
            Issue.record("bob registered alice's signature key")
        } catch {
            #expect(error == .signatureKeyInUse && error.code == "SIGNATURE_KEY_IN_USE")
        }
        #expect(try store.devices().map(\.user) == [Self.alice])
        #expect(try store.packages().map(\.ref) == ["a"])
        // Bob with a key of his own is fine.
        #expect(
            try store.register(
                user: Self.bob, deviceId: "laptop", signatureKey: Self.key(2), batch: [Self.upload("b")], now: Self.now)
                == .new)
    }

    @Test func reRegisteringWithTheSameKeyKeepsTheDeviceAndLeavesExactlyTheNewBatch() throws {
        let store = try SQLiteKeyPackageStore(path: nil)
        #expect(
            try store.register(
                user: Self.alice, deviceId: "phone", signatureKey: Self.key(1),
                batch: [Self.upload("a"), Self.upload("b")],
                now: Self.now) == .new)
        _ = try store.claim(owner: Self.alice, device: "phone", now: Self.now)
        let again = try store.register(
            user: Self.alice, deviceId: "new-id", signatureKey: Self.key(1), batch: [Self.upload("c")], now: Self.now)
        #expect(again == .restored(deviceId: "phone"))
        #expect(try store.devices().map(\.deviceId) == ["phone"])
        let live = try store.packages().filter { $0.status == .available || $0.status == .reserved }
        #expect(live.map(\.ref) == ["c"])
        // A second device of the user with that key is not possible: it is the same device.
        #expect(try Set(store.devices().map(\.signatureKey)).count == store.devices().count)
    }

    /// The clean server refuses a signed batch whose refs repeat (they must be strictly
    /// increasing) before it reads any package: INVALID_REQUEST, and nothing stored.
    @Test func aRefRepeatedWithinABatchIsAnInvalidRequest() throws {
        let store = try SQLiteKeyPackageStore(path: nil)
        _ = try store.register(
            user: Self.alice, deviceId: "phone", signatureKey: Self.key(1), batch: [Self.upload("kept")], now: Self.now)
        do {
            try store.publish(
                owner: Self.alice, device: "phone", [Self.upload("a"), Self.upload("b"), Self.upload("a")],
                now: Self.now)
            Issue.record("a batch with a repeated ref was stored")
        } catch {
            #expect(error.code == "INVALID_REQUEST")
        }
        #expect(try store.packages().map(\.ref) == ["kept"])
    }

    /// The body's order rule is on the refs it declares (transcript.rs enforce_contract_order): a
    /// declared ref repeated over distinct packages is INVALID_REQUEST; distinct declared refs over
    /// one ref repeated pass the body and are INVALID_KEY_PACKAGE with the packages. The store and
    /// the inventory model answer alike.
    @Test func theBodysRepeatIsAmongTheDeclaredRefs() throws {
        let store = try SQLiteKeyPackageStore(path: nil)
        _ = try store.register(
            user: Self.alice, deviceId: "phone", signatureKey: Self.key(1), batch: [Self.upload("kept")], now: Self.now)
        var model = KeyPackageInventory(policy: .deployed, now: Self.now)
        _ = model.apply(.enroll(owner: Self.alice, device: "phone", [Self.upload("kept")]))
        func declared(_ ref: String, _ declaredRef: String, initKey: String? = nil) -> KeyPackageInventory.Upload {
            .init(
                ref: ref, initKey: initKey ?? "init-\(ref)", notBefore: Self.now - 3600, notAfter: Self.now + 86_400,
                declaredRef: declaredRef)
        }
        let cases: [([KeyPackageInventory.Upload], String)] = [
            ([declared("a", "a"), declared("b", "a")], "INVALID_REQUEST"),
            ([declared("a", "a"), declared("b", "b"), declared("c", "a")], "INVALID_REQUEST"),
            ([declared("a", "c"), declared("b", "c"), declared("c", "c")], "INVALID_REQUEST"),
            ([declared("a", "a"), declared("a", "b", initKey: "init-a2")], "INVALID_KEY_PACKAGE"),
            ([declared("a", "b"), declared("b", "a")], "INVALID_KEY_PACKAGE"),
        ]
        for (batch, code) in cases {
            let label = batch.map { "\($0.ref)/\($0.declaredRef!)" }
            do {
                try store.publish(owner: Self.alice, device: "phone", batch, now: Self.now)
                Issue.record("stored: \(label)")
            } catch {
                #expect(error.code == code, "\(label)")
            }
            #expect(
                model.apply(.publish(owner: Self.alice, device: "phone", batch)) == .refused(code: code, status: 400))
        }
        #expect(try store.packages().map(\.ref) == ["kept"])
        #expect(model.packages.map(\.ref) == ["kept"])
    }

    /// A scratch session (the fuzz target's mode): the calls in it see each other, a failing call
    /// leaves nothing of itself while the calls before it stay, and at the end nothing remains.
    @Test func aScratchSessionIsAllRolledBackAndEachCallInItIsAllOrNothing() throws {
        let store = try SQLiteKeyPackageStore(path: nil)
        _ = try store.register(
            user: Self.alice, deviceId: "phone", signatureKey: Self.key(1), batch: [Self.upload("kept")], now: Self.now)
        struct Injected: Error {}
        let seen = try store.scratch { () throws -> [String] in
            try store.publish(owner: Self.alice, device: "phone", [Self.upload("a")], now: Self.now)
            store.faultBetweenWrites = { throw Injected() }
            #expect(throws: KeyPackageStoreError.self) {
                try store.publish(
                    owner: Self.alice, device: "phone", [Self.upload("b"), Self.upload("c")], now: Self.now)
            }
            store.faultBetweenWrites = nil
            // A constraint refused by SQLite itself inside the session: the duplicate init key.
            #expect(throws: KeyPackageStoreError.duplicate(position: 1)) {
                try store.publish(
                    owner: Self.alice, device: "phone", [Self.upload("d"), Self.upload("e", initKey: "init-a")],
                    now: Self.now)
            }
            #expect(try store.claim(owner: Self.alice, device: "phone", now: Self.now) == "a")
            return try store.packages().map { "\($0.ref) \($0.status.rawValue)" }
        }
        #expect(seen == ["a reserved", "kept available"])
        #expect(try store.packages().map { "\($0.ref) \($0.status.rawValue)" } == ["kept available"])
        // A session that throws is rolled back too, and a session inside a session is refused.
        struct Stop: Error {}
        var nested: Result<Void, any Error>?
        #expect(throws: Stop.self) {
            try store.scratch {
                try store.publish(owner: Self.alice, device: "phone", [Self.upload("f")], now: Self.now)
                nested = Result { try store.scratch {} }
                throw Stop()
            }
        }
        #expect(try store.packages().map(\.ref) == ["kept"])
        guard case .failure(let error) = nested, error as? StoreConnectionError == .nestedScratchSession else {
            Issue.record("a scratch session inside another was not refused: \(String(describing: nested))")
            return
        }
    }

    /// The clean server's replenishKeyPackages: a device never enrolled is DEVICE_NOT_REGISTERED,
    /// and each package is validated as enrollment validates it (lifetime, declared ref); a refused
    /// batch leaves nothing.
    @Test func aReplenishmentNeedsAnEnrolledDeviceAndAcceptablePackages() throws {
        let store = try SQLiteKeyPackageStore(path: nil)
        _ = try store.register(
            user: Self.alice, deviceId: "phone", signatureKey: Self.key(1), batch: [Self.upload("kept")], now: Self.now)
        #expect(throws: KeyPackageStoreError.deviceNotRegistered) {
            try store.publish(owner: Self.alice, device: "tablet", [Self.upload("a")], now: Self.now)
        }
        #expect(throws: KeyPackageStoreError.deviceNotRegistered) {
            try store.publish(owner: Self.bob, device: "phone", [Self.upload("a")], now: Self.now)
        }
        let refused: [[KeyPackageInventory.Upload]] = [
            [Self.upload("a"), Self.upload("b", notAfter: Self.now)],
            [Self.upload("a", notAfter: Self.now + 599)],
            [.init(ref: "a", initKey: "init-a", notBefore: Self.now, notAfter: Self.now + 86_400)],
            [.init(ref: "a", initKey: "init-a", notBefore: Self.now - 3600, notAfter: Self.now - 3600 + 2_595_601)],
            [
                .init(
                    ref: "a", initKey: "init-a", notBefore: Self.now - 3600, notAfter: Self.now + 600, declaredRef: "z")
            ],
        ]
        for batch in refused {
            do {
                try store.publish(owner: Self.alice, device: "phone", batch, now: Self.now)
                Issue.record("a batch the clean server refuses was stored: \(batch.map(\.ref))")
            } catch {
                #expect(error.code == "INVALID_KEY_PACKAGE")
                guard case .unacceptable = error else {
                    Issue.record("\(error)")
                    continue
                }
            }
        }
        #expect(try store.packages().map(\.ref) == ["kept"])
        try store.publish(
            owner: Self.alice, device: "phone",
            [
                .init(
                    ref: "a", initKey: "init-a", notBefore: Self.now - 3600, notAfter: Self.now + 600, declaredRef: "a")
            ],
            now: Self.now)
        #expect(try store.packages().map(\.ref) == ["a", "kept"])
    }

    /// Registrations through the audit: a restore by key, another user's key, a taken id and a
    /// new device each answer as the registry model.
    @Test func registrationsAnswerAsTheRegistryModel() throws {
        let store = try SQLiteKeyPackageStore(path: nil)
        var audit = try KeyPackageStoreAudit(store: store, now: Self.now)
        let alice = KeyPackageStoreAudit.devices[0].user
        let bob = KeyPackageStoreAudit.devices[2].user
        let steps: [(KeyPackageStoreAudit.Step, DeviceKeyRegistry.Decision)] = [
            (
                .register(user: alice, deviceId: "laptop", signatureKey: Self.key(1), [Self.upload("n1")]),
                .restore(deviceId: "phone")
            ),
            (
                .register(user: bob, deviceId: "laptop", signatureKey: Self.key(1), [Self.upload("n2")]),
                .refused(code: "SIGNATURE_KEY_IN_USE")
            ),
            (
                .register(user: alice, deviceId: "tablet", signatureKey: Self.key(9), [Self.upload("n3")]),
                .refused(code: "DEVICE_ALREADY_EXISTS")
            ),
            (.register(user: alice, deviceId: "laptop", signatureKey: Self.key(9), [Self.upload("n4")]), .new),
        ]
        for (step, decision) in steps {
            guard case .register(let user, let id, let key, _) = step else { continue }
            #expect(audit.registry.decide(user: user, deviceId: id, signatureKey: key) == decision)
            #expect(audit.apply(step) == nil)
        }
        #expect(audit.compare() == nil)
        let devices = try store.devices()
        #expect(devices.count == 4 && Set(devices.map(\.signatureKey)).count == 4)
        let live = try store.packages().filter { $0.device == "phone" && $0.owner == alice && $0.status == .available }
        #expect(live.map(\.ref) == ["n1"])
    }

    /// A package claimed, released and claimed again is handed out twice, once per reservation:
    /// the audit accepts it (the fuzz target once reported it as a double hand-out).
    @Test func aReleasedPackageMayBeHandedOutAgain() throws {
        let store = try SQLiteKeyPackageStore(path: nil)
        var audit = try KeyPackageStoreAudit(store: store, now: Self.now)
        let device = KeyPackageStoreAudit.devices[0]
        #expect(audit.apply(.claim(owner: device.user, device: device.device)) == nil)
        #expect(audit.handedOut == ["first-0"])
        #expect(audit.apply(.release(ref: "first-0")) == nil)
        #expect(audit.handedOut.isEmpty)
        #expect(audit.apply(.claim(owner: device.user, device: device.device)) == nil)
        #expect(audit.handedOut == ["first-0"])
    }
}
