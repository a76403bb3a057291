import ZulipRegistration

/// The client's push keys and their rotation (deployed profile), against an injected clock:
///
/// - a new key every 30 days (`needsNewKey`);
/// - a key becomes **superseded** when the server acknowledges a newer key's id, or once a
///   newer key is 15 days old, whichever comes first;
/// - a superseded key is **deleted** 30 days after it was superseded.
///
/// Whether a key can decrypt is a pure function of the recorded events and `now`, so a clock
/// that jumps (or goes backwards) cannot resurrect a deleted key once `prune` has removed it.
public struct PushKeyStore: Sendable {
    public static let rotationInterval: Int64 = 30 * 86_400
    public static let supersedeAfter: Int64 = 15 * 86_400
    public static let deleteAfter: Int64 = 30 * 86_400

    public struct Entry: Sendable {
        public var key: PushKey
        public var createdAt: Int64
        /// When the server acknowledged this key's id.
        public var acknowledgedAt: Int64?
    }

    public private(set) var entries: [Entry] = []

    public init() {}

    public enum StoreError: Error, Equatable, Sendable { case duplicateId, notNewest, unknownId }

    /// Adds a key made at `now`; it must be newer than every key already stored.
    public mutating func add(_ key: PushKey, createdAt now: Int64) throws(StoreError) {
        guard !entries.contains(where: { $0.key.id == key.id }) else { throw .duplicateId }
        guard entries.allSatisfy({ $0.createdAt <= now }) else { throw .notNewest }
        entries.append(Entry(key: key, createdAt: now))
    }

    /// The server acknowledged key `id` at `now`.
    public mutating func acknowledge(id: UInt32, at now: Int64) throws(StoreError) {
        guard let i = entries.firstIndex(where: { $0.key.id == id }) else { throw .unknownId }
        if entries[i].acknowledgedAt == nil { entries[i].acknowledgedAt = now }
    }

    /// When entry `i` is superseded, if a newer key exists. Newer is created strictly later:
    /// zulip-flutter supersedes the keys whose `createdTimestamp` is less than the acknowledged or
    /// 15-day-old key's (lib/model/push_key.dart:181-207), so keys of the same second never
    /// supersede one another.
    public func supersededAt(_ i: Int) -> Int64? {
        let newer = entries[(i + 1)...].filter { $0.createdAt > entries[i].createdAt }
        guard !newer.isEmpty else { return nil }
        let byAge = newer.map { Self.later($0.createdAt, by: Self.supersedeAfter) }.min()!
        let byAck = newer.compactMap(\.acknowledgedAt).min()
        return byAck.map { min($0, byAge) } ?? byAge
    }

    public func isDeleted(_ i: Int, now: Int64) -> Bool {
        guard let superseded = supersededAt(i) else { return false }
        return now >= Self.later(superseded, by: Self.deleteAfter)
    }

    /// The key with this id, unless unknown or deleted as of `now`.
    public func key(id: UInt32, now: Int64) -> PushKey? {
        guard let i = entries.firstIndex(where: { $0.key.id == id }), !isDeleted(i, now: now) else { return nil }
        return entries[i].key
    }

    /// True when there is no key yet or the newest one is 30 days old.
    public func needsNewKey(now: Int64) -> Bool {
        guard let newest = entries.last else { return true }
        return now >= Self.later(newest.createdAt, by: Self.rotationInterval)
    }

    /// `time + seconds`, held at the end of the clock instead of overflowing: times come from
    /// outside (a device clock, a server's value), and differential fuzzing found the plain sum
    /// trapping near Int64.max.
    static func later(_ time: Int64, by seconds: Int64) -> Int64 {
        let (sum, overflow) = time.addingReportingOverflow(seconds)
        return overflow ? .max : sum
    }

    /// Removes deleted keys; their secret bytes are zeroized as they are released.
    public mutating func prune(now: Int64) {
        let keep = entries.indices.filter { !isDeleted($0, now: now) }
        entries = keep.map { entries[$0] }
    }
}
