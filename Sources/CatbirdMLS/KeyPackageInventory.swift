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

    public struct Upload: Sendable {
        public let ref: String
        public let initKey: String
        public let notBefore: Int64
        public let notAfter: Int64
        public init(ref: String, initKey: String, notBefore: Int64, notAfter: Int64) {
            self.ref = ref
            self.initKey = initKey
            self.notBefore = notBefore
            self.notAfter = notAfter
        }
    }

    public enum Step: Sendable {
        /// deployed: a new device's enrollment with its first KeyPackages (enrollDevice).
        case enroll(owner: String, device: String, [Upload])
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
    /// deployed: devices that exist (enrolled, or known from a publish or a revocation).
    private var devices: Set<String> = []

    /// Known-bad switches for the mutants: a claim that does not look at consumption, and the
    /// reservation window's length.
    public var claimChecksConsumed = true
    public var reservationWindow = KeyPackageInventory.reservationSeconds

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
            if policy == .deployed { return publishDeployed(owner: owner, device: device, uploads) }
            guard let first = uploads.first else { return .refused(code: "INVALID_REQUEST", status: 400) }
            // publish_key_packages.rs:81-150 stores only items.first(); strict stores each.
            return insertLegacy(owner: owner, device: device, policy == .legacy ? [first] : uploads, dedup: false)
        case .publishBatch(let owner, let device, let uploads):
            if policy == .deployed { return publishDeployed(owner: owner, device: device, uploads) }
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
            // db.rs:1482-1511: not consumed, not reserved within the window; expiry not checked.
            guard packages[i].consumedAt == nil, !reservedRecently(packages[i]) else {
                return .refused(code: "NOT_AVAILABLE", status: 409)
            }
            packages[i].reservedAt = now
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
            revoked.insert(Self.deviceKey(owner, device))
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

    /// mls-ds enroll_device.rs@20bfa48c: the signed body first (the lexicon's 1...100 packages,
    /// refs strictly increasing: InvalidRequest), then the absence lock (a device that exists:
    /// DeviceAlreadyExists, before any package is read), then each package's validation (here its
    /// lifetime, as wire.rs reads it: InvalidKeyPackage), then publish_key_packages (a ref or init
    /// key already stored: InvalidKeyPackage). All or nothing: a refusal leaves no device.
    private mutating func enrollDeployed(owner: String, device: String, _ uploads: [Upload]) -> Result {
        if let refused = Self.signedBodyRefusal(uploads) { return refused }
        guard !devices.contains(Self.deviceKey(owner, device)), !revoked.contains(Self.deviceKey(owner, device)) else {
            return .refused(code: "DEVICE_ALREADY_EXISTS", status: 400)
        }
        for u in uploads {
            let (left, o1) = u.notAfter.subtractingReportingOverflow(now)
            let (span, o2) = u.notAfter.subtractingReportingOverflow(u.notBefore)
            guard u.notBefore < now, now < u.notAfter, !o1, left >= Self.deployedShortestRemaining, !o2,
                span <= Self.deployedLongestLifetime
            else { return .refused(code: "INVALID_KEY_PACKAGE", status: 400) }
        }
        let result = publishDeployed(owner: owner, device: device, uploads)
        guard case .published(let n) = result else { return result }
        return .enrolled(n)
    }

    /// The signed body's checks, before any package is read: the lexicon's 1...100 packages, and
    /// keyPackageRefs strictly increasing (transcript.rs enforce_contract_order), so a ref
    /// repeated within a batch is refused too. InvalidRequest.
    private static func signedBodyRefusal(_ uploads: [Upload]) -> Result? {
        guard (1...deployedBatchLimit).contains(uploads.count), Set(uploads.map(\.ref)).count == uploads.count
        else { return .refused(code: "INVALID_REQUEST", status: 400) }
        return nil
    }

    private mutating func publishDeployed(owner: String, device: String, _ uploads: [Upload]) -> Result {
        if let refused = Self.signedBodyRefusal(uploads) { return refused }
        // The clean server maps OwnerRevoked to DeviceRevoked (401) and LiveLimitExceeded to
        // KeyPackageInventoryLimitReached, which takes the XRPC default 400 (device_views.rs
        // key_package_failure; errors.rs protocol_http_status).
        guard !revoked.contains(Self.deviceKey(owner, device)) else {
            return .refused(code: "DEVICE_REVOKED", status: 401)
        }
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
        devices.insert(Self.deviceKey(owner, device))
        return .published(uploads.count)
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

    private mutating func publishBatchLegacy(owner: String, device: String, _ uploads: [Upload]) -> Result {
        if let refused = Self.signedBodyRefusal(uploads) { return refused }
        let recent = packages.filter { $0.owner == owner && $0.createdAt > ago(3600) }.count
        guard recent < Self.legacyUploadsPerHour else { return .refused(code: "RATE_LIMITED", status: 429) }
        let open = unconsumed(owner)
        guard open < Self.legacyUnconsumedLimit, open + uploads.count <= Self.legacyUnconsumedLimit else {
            return .refused(code: "TOO_MANY_UNCONSUMED", status: 429)
        }
        // The batch's de-duplication compares SHA-256 of the bytes with the stored RefHash
        // (publish_key_packages.rs:294-305 vs db.rs:886-889): it never matches. strict: it does.
        return insertLegacy(owner: owner, device: device, uploads, dedup: policy == .strict)
    }

    private mutating func insertLegacy(owner: String, device: String, _ uploads: [Upload], dedup: Bool) -> Result {
        var stored = 0
        for u in uploads {
            if dedup, packages.contains(where: { $0.ref == u.ref }) { continue }
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
