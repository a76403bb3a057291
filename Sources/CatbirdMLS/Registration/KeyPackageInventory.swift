/// The server's KeyPackage inventory after validation: who published which package, who got it,
/// and what the clock and the cleanup do to it. KeyPackages are named by their ref and init key.
///
/// `deployed`: the clean protocol (mls-ds `chat_protocol`: `key_packages` with status
/// available -> reserved -> consumed, available | reserved -> expired | revoked, terminal states
/// immutable, `init_key UNIQUE`, at most 1000 live per device). `legacy`: mls-ds@5278d0ce
/// (`getKeyPackages`, `publishKeyPackages`, the cleanup job), its bugs included. `strict`: the
/// legacy flows with those bugs fixed (batch de-duplication that matches, `publish` storing every
/// item, the cap per device).
public struct KeyPackageInventory: Sendable {
    public enum Policy: String, Sendable { case deployed, legacy, strict }

    public enum Status: String, Sendable { case available, reserved, consumed, expired, revoked }

    public struct Package: Equatable, Sendable {
        public let ref: String
        public let owner: String
        public let device: String
        public let initKey: String
        public let createdAt: Int64
        public let notBefore: Int64
        public let notAfter: Int64
        public var status: Status
        public var reservedAt: Int64?
        public var consumedAt: Int64?
    }

    /// A validated package as the inventory sees it: `ref` is the RefHash its bytes give,
    /// `declaredRef` the keyPackageRef the client's signed body declares for it (nil: the same).
    public struct Upload: Sendable {
        public let ref: String
        public let initKey: String
        public let notBefore: Int64
        public let notAfter: Int64
        public let declaredRef: String?
        public init(ref: String, initKey: String, notBefore: Int64, notAfter: Int64, declaredRef: String? = nil) {
            self.ref = ref
            self.initKey = initKey
            self.notBefore = notBefore
            self.notAfter = notAfter
            self.declaredRef = declaredRef
        }
    }

    public enum Step: Sendable {
        /// deployed: a new device's enrollment with its first KeyPackages (enrollDevice).
        case enroll(owner: String, device: String, [Upload])
        /// deployed: an enrolled device's replenishKeyPackages; legacy and strict: the
        /// single-item `publish` action of publishKeyPackages.
        case publish(owner: String, device: String, [Upload])
        case publishBatch(owner: String, device: String, [Upload])
        case claim(owner: String, device: String?)
        case reserve(ref: String)
        case consume(ref: String)
        case release(ref: String)
        case expire(ref: String)
        case revokeDevice(owner: String, device: String)
        case advance(seconds: Int64)
        case sweep
        /// deployed: an `enroll`, `publish` or `publishBatch` sent with an idempotency key (the
        /// clean lexicon's `idempotencyKey`); a step without one is a new operation each time.
        indirect case keyed(idempotencyKey: String, Step)
    }

    public enum Result: Equatable, Sendable {
        case enrolled(Int)
        case published(Int)
        case refused(code: String, status: Int)
        case claimed([String])
        case changed
        case swept(Int)
        case revoked(Int)
        case advanced(Int64)
    }

    public static let reservationSeconds: Int64 = 300
    public static let deployedLiveLimit = 1000
    public static let legacyBatchLimit = 100
    /// The clean lexicon's bound on a signed batch (defs.json#keyPackageReplenishmentBody and
    /// #deviceEnrollmentBody: keyPackages 1...100 items).
    public static let deployedBatchLimit = 100
    public static let legacyUnconsumedLimit = 100
    /// The clean wire validator's lifetime rule (wire.rs validate_clean_lifetime): at least this
    /// many seconds left, and a span of at most `deployedLongestLifetime`.
    public static let deployedShortestRemaining: Int64 = 600
    public static let deployedLongestLifetime: Int64 = 2_595_600
    public static let legacyUploadsPerHour = 200
    public static let legacyKeepPerOwner = 200

    public let policy: Policy
    public private(set) var now: Int64
    public private(set) var packages: [Package] = []
    private var revoked: Set<String> = []
    /// deployed: the enrolled devices not revoked (`revoked` holds the others).
    private var devices: Set<String> = []

    /// Known-bad switches for the mutants: a claim that does not look at consumption, and the
    /// reservation window's length.
    public var claimChecksConsumed = true
    public var reservationWindow = KeyPackageInventory.reservationSeconds
    /// deployed, for the mutants: a replenishment needs an enrolled device, and a declared ref
    /// is compared with the package's.
    public var replenishRequiresEnrollment = true
    public var checksDeclaredRef = true
    public var honoursIdempotencyKeys = true
    /// deployed, for the mutants: the signed body's repeat is looked for among the refs it
    /// declares (false: among the packages' own refs).
    public var bodyChecksDeclaredRefs = true

    /// deployed: the operations completed under an idempotency key (the server keeps them with
    /// no expiry): which endpoint, what body, and the answer a replay gets.
    private var completed: [String: (endpoint: String, body: String, result: Result)] = [:]

    public init(policy: Policy, now: Int64) {
        self.policy = policy
        self.now = now
    }

    /// `now - seconds`, saturating at the smallest instant (a clock near Int64.min must not trap).
    public func ago(_ seconds: Int64) -> Int64 {
        let (t, overflow) = now.subtractingReportingOverflow(seconds)
        return overflow ? (seconds > 0 ? .min : .max) : t
    }

    private static func deviceKey(_ owner: String, _ device: String) -> String { "\(owner)\u{0}\(device)" }

    private func isLive(_ p: Package) -> Bool { p.status == .available || p.status == .reserved }

    public mutating func apply(_ step: Step) -> Result {
        switch step {
        case .advance(let seconds):
            guard seconds >= 0, now <= Int64.max - seconds else {
                return .refused(code: "INVALID_CLOCK", status: 400)
            }
            now += seconds
            return .advanced(now)
        case .enroll(let owner, let device, let uploads):
            guard policy == .deployed else { return unsupported }
            return enrollDeployed(owner: owner, device: device, uploads)
        case .publish(let owner, let device, let uploads):
            if policy == .deployed { return replenishDeployed(owner: owner, device: device, uploads) }
            guard let first = uploads.first else { return .refused(code: "INVALID_REQUEST", status: 400) }
            // publish_key_packages.rs:81-150 stores only items.first(); strict stores each. An
            // expiry at or before now is 400 (:106-110); strict checks every item it stores.
            let items = policy == .legacy ? [first] : uploads
            guard !items.contains(where: { $0.notAfter <= now }) else {
                return .refused(code: "INVALID_REQUEST", status: 400)
            }
            return insertLegacy(owner: owner, device: device, items, dedup: false)
        case .publishBatch(let owner, let device, let uploads):
            if policy == .deployed { return replenishDeployed(owner: owner, device: device, uploads) }
            return publishBatchLegacy(owner: owner, device: device, uploads)
        case .claim(let owner, let device):
            return policy == .deployed ? claimDeployed(owner: owner, device: device) : claimLegacy(owner: owner)
        case .reserve(let ref):
            guard let i = packages.firstIndex(where: { $0.ref == ref }) else { return notFound }
            if policy == .deployed {
                guard packages[i].status == .available else { return terminalOrBusy(packages[i]) }
                packages[i].status = .reserved
                packages[i].reservedAt = now
                return .changed
            }
            // db.rs:1482-1511: an UPDATE of every row with the hash, not consumed and not reserved
            // within the window (expiry not checked); no row changed is a refusal.
            let free = packages.indices.filter {
                packages[$0].ref == ref && packages[$0].consumedAt == nil && !reservedRecently(packages[$0])
            }
            guard !free.isEmpty else { return .refused(code: "NOT_AVAILABLE", status: 409) }
            for j in free { packages[j].reservedAt = now }
            return .changed
        case .consume(let ref):
            guard policy == .deployed else { return unsupported }
            guard let i = packages.firstIndex(where: { $0.ref == ref }) else { return notFound }
            guard packages[i].status == .reserved else { return terminalOrBusy(packages[i]) }
            packages[i].status = .consumed
            packages[i].consumedAt = now
            return .changed
        case .release(let ref):
            guard policy == .deployed else { return unsupported }
            guard let i = packages.firstIndex(where: { $0.ref == ref }) else { return notFound }
            guard packages[i].status == .reserved else { return terminalOrBusy(packages[i]) }
            packages[i].status = .available
            packages[i].reservedAt = nil
            return .changed
        case .expire(let ref):
            guard policy == .deployed else { return unsupported }
            guard let i = packages.firstIndex(where: { $0.ref == ref }) else { return notFound }
            guard isLive(packages[i]) else { return terminalOrBusy(packages[i]) }
            // An expired package's terminal_at is its not_after: not before then.
            guard now >= packages[i].notAfter else { return .refused(code: "NOT_EXPIRED", status: 409) }
            packages[i].status = .expired
            return .changed
        case .revokeDevice(let owner, let device):
            guard policy == .deployed else { return unsupported }
            let key = Self.deviceKey(owner, device)
            guard devices.contains(key) || revoked.contains(key) else {
                return .refused(code: "DEVICE_NOT_REGISTERED", status: 401)
            }
            devices.remove(key)
            revoked.insert(key)
            var n = 0
            for i in packages.indices
            where packages[i].owner == owner && packages[i].device == device && isLive(packages[i]) {
                packages[i].status = .revoked
                n += 1
            }
            return .revoked(n)
        case .sweep:
            guard policy != .deployed else { return unsupported }
            return sweepLegacy()
        case .keyed(let key, let inner):
            guard policy == .deployed else { return unsupported }
            return applyKeyed(key, inner)
        }
    }

    private var notFound: Result { .refused(code: "KEY_PACKAGE_NOT_FOUND", status: 404) }
    private var unsupported: Result { .refused(code: "UNSUPPORTED_STEP", status: 400) }

    private func terminalOrBusy(_ p: Package) -> Result {
        isLive(p) ? .refused(code: "INVALID_TRANSITION", status: 409) : .refused(code: "TERMINAL_STATE", status: 409)
    }

    private func reservedRecently(_ p: Package) -> Bool {
        guard let at = p.reservedAt else { return false }
        return at >= ago(reservationWindow)
    }

    // MARK: deployed

    /// mls-ds enroll_device.rs@20bfa48c: the signed body first (:69-70; the lexicon's 1...100
    /// packages, declared refs strictly increasing: InvalidRequest,
    /// ``signedBodyRefusal(_:byDeclaredRefs:)``), then the absence lock (:98-101, a device that
    /// exists: DeviceAlreadyExists, before any package is read), then each package's validation
    /// (:186-214, ``packageRefusal(_:now:checkingDeclaredRef:)``: InvalidKeyPackage), then
    /// publish_key_packages (:148-164; a ref or init key already stored: InvalidKeyPackage). All or
    /// nothing: a refusal leaves no device.
    private mutating func enrollDeployed(owner: String, device: String, _ uploads: [Upload]) -> Result {
        if let refused = Self.signedBodyRefusal(uploads, byDeclaredRefs: bodyChecksDeclaredRefs) { return refused }
        guard !devices.contains(Self.deviceKey(owner, device)), !revoked.contains(Self.deviceKey(owner, device)) else {
            return .refused(code: "DEVICE_ALREADY_EXISTS", status: 400)
        }
        if Self.packageRefusal(uploads, now: now, checkingDeclaredRef: checksDeclaredRef) != nil {
            return .refused(code: "INVALID_KEY_PACKAGE", status: 400)
        }
        let result = store(owner: owner, device: device, uploads)
        guard case .published(let n) = result else { return result }
        devices.insert(Self.deviceKey(owner, device))
        return .enrolled(n)
    }

    /// mls-ds replenish_key_packages.rs@20bfa48c: the admission (:58-59) decodes the signed body
    /// (context.rs@0084ced7:263-264, ``signedBodyRefusal(_:byDeclaredRefs:)``), then authorizes
    /// the device (:272-274; none: DeviceNotRegistered, revoked: DeviceRevoked, both HTTP 401),
    /// then each package is validated as enrollment validates it (:101-108), then
    /// publish_key_packages (:120-122).
    private mutating func replenishDeployed(owner: String, device: String, _ uploads: [Upload]) -> Result {
        if let refused = Self.signedBodyRefusal(uploads, byDeclaredRefs: bodyChecksDeclaredRefs) { return refused }
        let key = Self.deviceKey(owner, device)
        if let refused = replenishingDeviceRefusal(key) { return refused }
        if Self.packageRefusal(uploads, now: now, checkingDeclaredRef: checksDeclaredRef) != nil {
            return .refused(code: "INVALID_KEY_PACKAGE", status: 400)
        }
        let result = store(owner: owner, device: device, uploads)
        if case .published = result { devices.insert(key) }
        return result
    }

    /// A replenishment's device check: revoked is DeviceRevoked (the clean server maps
    /// OwnerRevoked to it: device_views.rs key_package_failure), never enrolled
    /// DeviceNotRegistered; both HTTP 401 (errors.rs protocol_http_status).
    private func replenishingDeviceRefusal(_ key: String) -> Result? {
        if revoked.contains(key) { return .refused(code: "DEVICE_REVOKED", status: 401) }
        if !devices.contains(key), replenishRequiresEnrollment {
            return .refused(code: "DEVICE_NOT_REGISTERED", status: 401)
        }
        return nil
    }

    /// The clean server's idempotency (prelude.rs@20bfa48c arbitrate_operation_only, auth.rs
    /// completed_replay; context.rs@0084ced7:313-324, 379): a key is global, and a completed
    /// operation under it is kept with its endpoint and exact body. The body is decoded first
    /// (InvalidRequest); a replenishment's device is checked next (DeviceNotRegistered,
    /// DeviceRevoked); then a key seen before answers its stored answer for the same endpoint and
    /// body, changing nothing, and IdempotencyConflict (409) for anything else. An enrollment
    /// replayed after its device was revoked meets DeviceRevoked, which enrollDevice does not
    /// declare: InternalServerError (500). Only a completed operation is kept: a refused one
    /// rolls back with its claim.
    private mutating func applyKeyed(_ key: String, _ inner: Step) -> Result {
        let endpoint: String
        let owner: String
        let device: String
        let uploads: [Upload]
        switch inner {
        case .enroll(let o, let d, let u): (endpoint, owner, device, uploads) = ("enrollDevice", o, d, u)
        case .publish(let o, let d, let u), .publishBatch(let o, let d, let u):
            (endpoint, owner, device, uploads) = ("replenishKeyPackages", o, d, u)
        default: return .refused(code: "INVALID_REQUEST", status: 400)
        }
        guard honoursIdempotencyKeys else { return apply(inner) }
        if let refused = Self.signedBodyRefusal(uploads, byDeclaredRefs: bodyChecksDeclaredRefs) { return refused }
        let deviceKey = Self.deviceKey(owner, device)
        if endpoint == "replenishKeyPackages", let refused = replenishingDeviceRefusal(deviceKey) { return refused }
        let body =
            ([owner, device]
            + uploads.map { "\($0.ref) \($0.initKey) \($0.notBefore) \($0.notAfter) \($0.declaredRef ?? "-")" })
            .joined(separator: "\u{0}")
        if let record = completed[key] {
            guard record.endpoint == endpoint, record.body == body else {
                return .refused(code: "IDEMPOTENCY_CONFLICT", status: 409)
            }
            if revoked.contains(deviceKey) { return .refused(code: "INTERNAL_SERVER_ERROR", status: 500) }
            return record.result
        }
        let result = apply(inner)
        switch result {
        case .enrolled, .published: completed[key] = (endpoint, body, result)
        default: break
        }
        return result
    }

    /// The signed body's checks, before the device, an idempotency record or any package is read
    /// (the admission decodes the body first: context.rs@0084ced7:231-232 for enrollDevice,
    /// :263-264 for replenishKeyPackages, both InvalidRequest): the lexicon's 1...100 packages
    /// (transcript.rs@d418f062:767-789 project_array's length bound), and the `keyPackageRef`s the
    /// body declares strictly increasing (transcript.rs@d418f062:867-883, enforce_contract_order,
    /// called from project_object at :658-660). The order is the declared refs', not the refs the
    /// packages' bytes give: those are computed later, when each package is validated
    /// (``packageRefusal(_:now:checkingDeclaredRef:)``). A trace names refs by labels and lists a
    /// batch in any order (an honest client signs its refs sorted), so the one fault of that order
    /// a trace can show is a declared ref that repeats, which no order makes strictly increasing.
    static func signedBodyRefusal(_ uploads: [Upload], byDeclaredRefs: Bool = true) -> Result? {
        let refs = byDeclaredRefs ? declaredRefs(uploads) : uploads.map(\.ref)
        guard (1...deployedBatchLimit).contains(uploads.count), Set(refs).count == refs.count
        else { return .refused(code: "INVALID_REQUEST", status: 400) }
        return nil
    }

    /// The keyPackageRef the signed body declares for each upload (its own ref when the trace
    /// declares none).
    public static func declaredRefs(_ uploads: [Upload]) -> [String] { uploads.map { $0.declaredRef ?? $0.ref } }

    /// What the clean server's validation of each package decides here (enroll_device.rs@20bfa48c
    /// :186-214 and replenish_key_packages.rs@20bfa48c:156-188 validate alike): its lifetime as
    /// wire.rs reads it (`not_before < now < not_after`, at least 600 s left, a span of at most
    /// 2,595,600 s), and the declared keyPackageRef equal to the computed RefHash (:206-210,
    /// :179-183). So two distinct declared refs over one repeated ref pass the body and fail here:
    /// at least one of them is not its package's RefHash. The first refused package's position and
    /// why, or nil. Every refusal is InvalidKeyPackage.
    public static func packageRefusal(_ uploads: [Upload], now: Int64, checkingDeclaredRef: Bool = true)
        -> (position: Int, reason: String)?
    {
        for (n, u) in uploads.enumerated() {
            let (left, o1) = u.notAfter.subtractingReportingOverflow(now)
            let (span, o2) = u.notAfter.subtractingReportingOverflow(u.notBefore)
            guard u.notBefore < now, now < u.notAfter else { return (n, "outside its lifetime") }
            guard !o1, left >= deployedShortestRemaining else { return (n, "less than 600 s of lifetime left") }
            guard !o2, span <= deployedLongestLifetime else { return (n, "a lifetime longer than 2,595,600 s") }
            if checkingDeclaredRef, let declared = u.declaredRef, declared != u.ref {
                return (n, "the declared keyPackageRef is not the package's RefHash")
            }
        }
        return nil
    }

    /// publish_key_packages (repository/key_packages.rs): at most 1000 live packages per device,
    /// then no ref or init key stored before; all or nothing.
    private mutating func store(owner: String, device: String, _ uploads: [Upload]) -> Result {
        // LiveLimitExceeded is KeyPackageInventoryLimitReached, which takes the XRPC default 400.
        let live = packages.filter { $0.owner == owner && $0.device == device && isLive($0) }.count
        guard live + uploads.count <= Self.deployedLiveLimit else {
            return .refused(code: "KEY_PACKAGE_INVENTORY_LIMIT_REACHED", status: 400)
        }
        var refs = Set(packages.map(\.ref))
        var initKeys = Set(packages.map(\.initKey))
        for u in uploads {
            guard refs.insert(u.ref).inserted, initKeys.insert(u.initKey).inserted else {
                return .refused(code: "INVALID_KEY_PACKAGE", status: 400)
            }
        }
        for u in uploads {
            packages.append(
                Package(
                    ref: u.ref, owner: owner, device: device, initKey: u.initKey, createdAt: now,
                    notBefore: u.notBefore, notAfter: u.notAfter, status: .available))
        }
        return .published(uploads.count)
    }

    /// The durable store's restore-by-key (PushProof's rule: the clean server has no such path):
    /// the enrolled device's live packages revoked and `uploads` stored in their place, checked
    /// as a replenishment; all or nothing.
    public mutating func restore(owner: String, device: String, _ uploads: [Upload]) -> Result {
        guard policy == .deployed else { return unsupported }
        if let refused = Self.signedBodyRefusal(uploads) { return refused }
        var trial = self
        for i in trial.packages.indices
        where trial.packages[i].owner == owner && trial.packages[i].device == device && isLive(trial.packages[i]) {
            trial.packages[i].status = .revoked
        }
        let result = trial.replenishDeployed(owner: owner, device: device, uploads)
        if case .published = result { self = trial }
        return result
    }

    /// The recovery path's selection: the device's oldest available package within its lifetime.
    private mutating func claimDeployed(owner: String, device: String?) -> Result {
        let candidates = packages.indices.filter {
            let p = packages[$0]
            let open = p.status == .available || (!claimChecksConsumed && p.status != .revoked)
            return p.owner == owner && (device == nil || p.device == device) && open
                && p.notBefore < now && now < p.notAfter && p.createdAt <= now
        }
        guard
            let i = candidates.min(by: {
                (packages[$0].createdAt, packages[$0].ref) < (packages[$1].createdAt, packages[$1].ref)
            })
        else { return .claimed([]) }
        packages[i].status = .reserved
        packages[i].reservedAt = now
        return .claimed([packages[i].ref])
    }

    // MARK: legacy and strict

    private func unconsumed(_ owner: String) -> Int {
        packages.filter { $0.owner == owner && $0.consumedAt == nil && $0.notAfter > now }.count
    }

    /// publish_key_packages.rs:153-305: 1 to 100 items (a ref may repeat: nothing looks), the
    /// hourly rate, the unconsumed limit, then any item expiring at or before now fails the
    /// whole batch with HTTP 200 and nothing stored (:239-268), then each item stored.
    private mutating func publishBatchLegacy(owner: String, device: String, _ uploads: [Upload]) -> Result {
        guard (1...Self.legacyBatchLimit).contains(uploads.count) else {
            return .refused(code: "INVALID_REQUEST", status: 400)
        }
        let recent = packages.filter { $0.owner == owner && $0.createdAt > ago(3600) }.count
        guard recent < Self.legacyUploadsPerHour else { return .refused(code: "RATE_LIMITED", status: 429) }
        let open = unconsumed(owner)
        guard open < Self.legacyUnconsumedLimit, open + uploads.count <= Self.legacyUnconsumedLimit else {
            return .refused(code: "TOO_MANY_UNCONSUMED", status: 429)
        }
        guard !uploads.contains(where: { $0.notAfter <= now }) else { return .published(0) }
        // The batch's de-duplication compares SHA-256 of the bytes with the stored RefHash
        // (publish_key_packages.rs:294-305 vs db.rs:886-889): it never matches. strict: it does,
        // among the owner's rows as the query scopes it (:297-301), items of this batch included.
        return insertLegacy(owner: owner, device: device, uploads, dedup: policy == .strict)
    }

    private mutating func insertLegacy(owner: String, device: String, _ uploads: [Upload], dedup: Bool) -> Result {
        var stored = 0
        for u in uploads {
            if dedup, packages.contains(where: { $0.owner == owner && $0.ref == u.ref }) { continue }
            packages.append(
                Package(
                    ref: u.ref, owner: owner, device: device, initKey: u.initKey, createdAt: now,
                    notBefore: u.notBefore, notAfter: u.notAfter, status: .available))
            stored += 1
        }
        return .published(stored)
    }

    /// get_key_packages.rs:38-70: one package per device of the owner, the oldest first, not
    /// consumed, not expired, not reserved within the window; marked consumed.
    private mutating func claimLegacy(owner: String) -> Result {
        var chosen: [String: Int] = [:]
        for i in packages.indices {
            let p = packages[i]
            guard p.owner == owner, !claimChecksConsumed || p.consumedAt == nil, p.notAfter > now,
                !reservedRecently(p)
            else { continue }
            if let j = chosen[p.device], packages[j].createdAt <= p.createdAt { continue }
            chosen[p.device] = i
        }
        let picked = chosen.values.sorted { packages[$0].device < packages[$1].device }
        for i in picked {
            packages[i].consumedAt = now
            packages[i].status = .consumed
        }
        return .claimed(picked.map { packages[$0].ref })
    }

    /// The cleanup job (key_package_cleanup.rs, db.rs:1263-1332): expired, consumed over 24 h,
    /// unconsumed over 7 days, then the newest 200 unconsumed kept per owner (legacy) or per
    /// device (strict).
    private mutating func sweepLegacy() -> Result {
        let before = packages.count
        let (t, dayAgo, weekAgo) = (now, ago(86_400), ago(7 * 86_400))
        packages.removeAll { p in
            p.notAfter < t || (p.consumedAt.map { $0 < dayAgo } ?? false)
                || (p.consumedAt == nil && p.createdAt < weekAgo)
        }
        var seen: [String: Int] = [:]
        var keep = Array(repeating: true, count: packages.count)
        let order = packages.indices.filter { packages[$0].consumedAt == nil }.sorted {
            packages[$0].createdAt > packages[$1].createdAt
                || (packages[$0].createdAt == packages[$1].createdAt && $0 > $1)
        }
        for i in order {
            let bucket = policy == .strict ? Self.deviceKey(packages[i].owner, packages[i].device) : packages[i].owner
            seen[bucket, default: 0] += 1
            if seen[bucket]! > Self.legacyKeepPerOwner { keep[i] = false }
        }
        packages = packages.indices.filter { keep[$0] }.map { packages[$0] }
        return .swept(before - packages.count)
    }

    /// A package's state as the profile names it: legacy rows have no status column, so it is
    /// read from their timestamps (consumed, reserved within the window, expired, available).
    public func state(of p: Package) -> Status {
        guard policy != .deployed else { return p.status }
        if p.consumedAt != nil { return .consumed }
        if reservedRecently(p) { return .reserved }
        if p.notAfter <= now { return .expired }
        return .available
    }
}
