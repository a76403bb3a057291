/// Drives a ``SQLiteKeyPackageStore`` and its models (the `deployed` ``KeyPackageInventory``,
/// and ``DeviceKeyRegistry`` for registrations) with the same steps and reports where they part:
/// the durable store must answer every step as the models do, and hold the same packages in the
/// same states. After each registration it also checks the registry's properties: no two devices
/// share a signature key or a credential, and a device restored by its key keeps its id and holds
/// exactly the new batch. Used by the property tests and the FuzzDeviceRegistry fuzz target, whose
/// steps come from bytes through `DeviceRegistryFuzzSteps` (the registration suite).
public struct KeyPackageStoreAudit: Sendable {
    public enum Step: Sendable {
        case inventory(KeyPackageInventory.Step)
        /// The store's `register`: a new device, a restore by signature key, or a refusal.
        case register(user: String, deviceId: String, signatureKey: [UInt8], [KeyPackageInventory.Upload])
    }

    public let store: SQLiteKeyPackageStore
    public private(set) var model: KeyPackageInventory
    public private(set) var registry = DeviceKeyRegistry()
    /// The refs handed out by a claim and not released since: handing one out again is a finding
    /// on its own. (A release, reserved -> available, returns a package to the pool: it may then
    /// be handed out again, once.)
    public private(set) var handedOut: Set<String> = []

    /// The devices every audit starts with: two of one user, one of another.
    public static let devices: [(user: String, device: String, key: [UInt8])] = [
        ("did:plc:ewvi7nxzyoun6zhxrhs64oiz", "phone", Array(repeating: 1, count: 32)),
        ("did:plc:ewvi7nxzyoun6zhxrhs64oiz", "tablet", Array(repeating: 2, count: 32)),
        ("did:plc:q6gjnaw2blty4crticxkmujt", "phone", Array(repeating: 3, count: 32)),
    ]

    /// The first package of device `n`: a device starts with one package of its own, so
    /// registration is exercised too.
    static func firstPackage(_ n: Int, now: Int64) -> KeyPackageInventory.Upload {
        .init(ref: "first-\(n)", initKey: "init-first-\(n)", notBefore: now - 3600, notAfter: now + 86_400)
    }

    /// Registers ``devices`` at `now` in `store`, each with its first package: what an audit
    /// starts from.
    public static func registerDevices(in store: SQLiteKeyPackageStore, now: Int64) throws(KeyPackageStoreError) {
        for (n, d) in devices.enumerated() {
            _ = try store.register(
                user: d.user, deviceId: d.device, signatureKey: d.key, batch: [firstPackage(n, now: now)], now: now)
        }
    }

    /// An audit of `store` with ``devices`` registered at `now`: by this call, or, with
    /// `registered` true, already (by ``registerDevices(in:now:)`` and nothing since, as a fuzz
    /// target keeps it between inputs); ``compare()`` tells if the store holds anything else.
    public init(store: SQLiteKeyPackageStore, now: Int64, registered: Bool = false) throws(KeyPackageStoreError) {
        self.store = store
        model = KeyPackageInventory(policy: .deployed, now: now)
        if !registered { try Self.registerDevices(in: store, now: now) }
        for (n, d) in Self.devices.enumerated() {
            _ = model.apply(.enroll(owner: d.user, device: d.device, [Self.firstPackage(n, now: now)]))
            registry.add(user: d.user, deviceId: d.device, signatureKey: d.key)
        }
    }

    /// Applies one step to the store and the models; the description of a disagreement, or nil.
    public mutating func apply(_ step: Step) -> String? {
        switch step {
        case .inventory(let s): return apply(s)
        case .register(let user, let deviceId, let key, let batch):
            return register(user: user, deviceId: deviceId, signatureKey: key, batch)
        }
    }

    private mutating func register(
        user: String, deviceId: String, signatureKey: [UInt8], _ batch: [KeyPackageInventory.Upload]
    ) -> String? {
        // The models, in the store's order: the signed body, the key, the id, then the batch.
        var want: String?
        var restored: String?
        let decision = registry.decide(user: user, deviceId: deviceId, signatureKey: signatureKey)
        if case .refused(let c, _)? = KeyPackageInventory.signedBodyRefusal(batch) {
            want = c
        } else {
            switch decision {
            case .refused(let c): want = c
            case .new:
                if case .refused(let c, _) = model.apply(.enroll(owner: user, device: deviceId, batch)) { want = c }
            case .restore(let id):
                restored = id
                if case .refused(let c, _) = model.restore(owner: user, device: id, batch) { want = c }
            }
        }
        var answer: SQLiteKeyPackageStore.Registration?
        var got: String?
        do {
            answer = try store.register(
                user: user, deviceId: deviceId, signatureKey: signatureKey, batch: batch, now: model.now)
        } catch { got = error.code }
        guard got == want else { return "register: the model answers \(want ?? "ok"), the store \(got ?? "ok")" }
        guard want == nil else { return nil }
        if decision == .new { registry.add(user: user, deviceId: deviceId, signatureKey: signatureKey) }
        guard answer == (restored.map { .restored(deviceId: $0) } ?? .new) else {
            return "register: the store answers \(String(describing: answer)), the model \(decision)"
        }
        guard let devices = try? store.devices(), let packages = try? store.packages() else {
            return "the store cannot be read"
        }
        guard Set(devices.map(\.signatureKey)).count == devices.count,
            Set(devices.map { "\($0.user)#\($0.deviceId)" }).count == devices.count
        else { return "register: two devices share a signature key or a credential" }
        if let restored {
            let live = packages.filter {
                $0.owner == user && $0.device == restored && ($0.status == .available || $0.status == .reserved)
            }
            guard Set(live.map(\.ref)) == Set(batch.map(\.ref)) else {
                return "register: the restored device \(restored) holds \(live.count) live packages, not its new batch"
            }
        }
        return nil
    }

    /// Applies one step to both; the description of a disagreement, or nil.
    public mutating func apply(_ step: KeyPackageInventory.Step) -> String? {
        let expected = model.apply(step)
        let now = model.now
        func code(_ body: () throws(KeyPackageStoreError) -> Void) -> String? {
            do {
                try body()
                return nil
            } catch { return error.code }
        }
        let want: String?
        if case .refused(let c, _) = expected { want = c } else { want = nil }
        switch step {
        case .advance, .sweep: return nil
        // Registrations come as ``Step/register``, and the store keeps no idempotency records:
        // nothing to compare here.
        case .enroll, .keyed: return nil
        case .publish(let owner, let device, let batch), .publishBatch(let owner, let device, let batch):
            let got = code { () throws(KeyPackageStoreError) in
                try store.publish(owner: owner, device: device, batch, now: now)
            }
            return got == want ? nil : "publish: the model answers \(want ?? "ok"), the store \(got ?? "ok")"
        case .claim(let owner, let device):
            guard let device else { return nil }
            var ref: String?
            let got = code { () throws(KeyPackageStoreError) in
                ref = try store.claim(owner: owner, device: device, now: now)
            }
            if let ref {
                guard handedOut.insert(ref).inserted else { return "claim: \(ref) handed out twice" }
            }
            let modelRefs: [String]
            if case .claimed(let refs) = expected { modelRefs = refs } else { modelRefs = [] }
            return got == nil && modelRefs == (ref.map { [$0] } ?? [])
                ? nil : "claim: the model hands out \(modelRefs), the store \(ref ?? got ?? "nothing")"
        case .reserve(let ref), .consume(let ref), .release(let ref), .expire(let ref):
            let target: KeyPackageInventory.Status
            switch step {
            case .reserve: target = .reserved
            case .consume: target = .consumed
            case .release: target = .available
            default: target = .expired
            }
            let got = code { () throws(KeyPackageStoreError) in try store.transition(ref: ref, to: target, now: now) }
            if got == nil, target == .available { handedOut.remove(ref) }
            return got == want ? nil : "\(target) \(ref): the model answers \(want ?? "ok"), the store \(got ?? "ok")"
        case .revokeDevice(let owner, let device):
            var n = 0
            let got = code { () throws(KeyPackageStoreError) in n = try store.revoke(owner: owner, device: device) }
            guard case .revoked(let m) = expected, got == nil, n == m else {
                return "revoke: the model answers \(expected), the store \(got ?? "\(n)")"
            }
            return nil
        }
    }

    /// The whole comparison: the same packages, in the same states.
    public func compare() -> String? {
        guard let stored = try? store.packages() else { return "the store cannot be read" }
        let mine = model.packages.map { "\($0.ref) \($0.status.rawValue)" }.sorted()
        let theirs = stored.map { "\($0.ref) \($0.status.rawValue)" }.sorted()
        return mine == theirs
            ? nil : "the store holds \(theirs.count) packages, the model \(mine.count), or in other states"
    }
}
