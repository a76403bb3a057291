/// Drives a ``SQLiteKeyPackageStore`` and the `deployed` ``KeyPackageInventory`` model with the
/// same steps and reports where they part: the durable store must answer every step as the model
/// does, and hold the same packages in the same states. Used by the property tests and the
/// FuzzDeviceRegistry fuzz target.
public struct KeyPackageStoreAudit: Sendable {
    public let store: SQLiteKeyPackageStore
    public private(set) var model: KeyPackageInventory
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
            _ = model.apply(.publish(owner: d.user, device: d.device, [Self.firstPackage(n, now: now)]))
        }
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
        // Not decoded (the store registers its devices once, before the steps): nothing to compare.
        case .enroll: return nil
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

    /// Steps from bytes, two a step (the call, its argument) over ``devices``; refs are numbered
    /// in order, and some uploads repeat an earlier ref or init key on purpose.
    public static func decode(_ data: [UInt8], maximumSteps: Int = 200) -> [KeyPackageInventory.Step] {
        var steps: [KeyPackageInventory.Step] = []
        var next = 0
        var i = 0
        func ref(_ arg: UInt8) -> String { next == 0 ? "r0" : "r\(Int(arg) % next)" }
        while i + 1 < data.count, steps.count < maximumSteps {
            let (call, arg) = (data[i], data[i + 1])
            i += 2
            let d = devices[Int(arg) % devices.count]
            switch call % 8 {
            case 0:
                var batch: [KeyPackageInventory.Upload] = []
                for k in 0..<(1 + Int(arg >> 2) % 3) {
                    let reuse = arg & 0x80 != 0 && k == 0 && next > 0
                    let n = reuse ? next - 1 : next
                    if !reuse { next += 1 }
                    let initKey = arg & 0x40 != 0 && next > 1 ? "init-r\(next - 2)" : "init-r\(n)"
                    batch.append(
                        .init(
                            ref: "r\(n)", initKey: initKey, notBefore: 0,
                            notAfter: Int64(1_785_542_400) + Int64(1 + arg % 4) * 21_600))
                }
                steps.append(.publish(owner: d.user, device: d.device, batch))
            case 1: steps.append(.claim(owner: d.user, device: d.device))
            case 2: steps.append(.reserve(ref: ref(arg)))
            case 3: steps.append(.consume(ref: ref(arg)))
            case 4: steps.append(.release(ref: ref(arg)))
            case 5: steps.append(.expire(ref: ref(arg)))
            case 6 where arg < 24: steps.append(.revokeDevice(owner: d.user, device: d.device))
            default: steps.append(.advance(seconds: Int64(arg) * 600))
            }
        }
        return steps
    }
}
