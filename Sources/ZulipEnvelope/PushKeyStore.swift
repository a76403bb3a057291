import ZulipRegistration

/// The client's push keys and their rotation (deployed profile), as zulip-flutter's
/// `maybeRotatePushKeys` does it (lib/model/push_key.dart:152-216):
///
/// - a new key every 30 days (`needsNewKey`);
/// - the rotation **runs** at moments of its own: when it makes a key, when the server's
///   acknowledgement arrives, when the account's store loads (lib/model/push_device.dart:27-29,
///   83-86). A run stamps as **superseded**, with the run's time, every unstamped key created
///   before the key the server currently acknowledges, and every one created before the newest
///   key that is at least 15 days old;
/// - a run **deletes** every key stamped at least 30 days before it.
///
/// A key therefore decrypts until a run deletes it: a superseded key's age alone deletes nothing.
/// Whether a key can decrypt at `now` is a pure function of the recorded keys, acknowledgements
/// and runs, replayed up to `now`.
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
    /// Runs of the rotation other than those a key's creation or an acknowledgement implies.
    public private(set) var runs: [Int64] = []

    public init() {}

    public enum StoreError: Error, Equatable, Sendable { case duplicateId, notNewest, unknownId }

    /// Adds a key made at `now` (by a run at that moment); it must be newer than every key stored.
    public mutating func add(_ key: PushKey, createdAt now: Int64) throws(StoreError) {
        guard !entries.contains(where: { $0.key.id == key.id }) else { throw .duplicateId }
        guard entries.allSatisfy({ $0.createdAt <= now }) else { throw .notNewest }
        entries.append(Entry(key: key, createdAt: now))
    }

    /// The server acknowledged key `id` at `now`; the rotation runs then.
    public mutating func acknowledge(id: UInt32, at now: Int64) throws(StoreError) {
        guard let i = entries.firstIndex(where: { $0.key.id == id }) else { throw .unknownId }
        if entries[i].acknowledgedAt == nil { entries[i].acknowledgedAt = now }
    }

    /// The rotation ran at `time` (the account's store loaded, or the app started).
    public mutating func recordRun(at time: Int64) {
        runs.append(time)
    }

    /// What the runs up to `now` did to each entry: when it was stamped superseded, and whether
    /// it was deleted.
    public struct Replay: Sendable, Equatable {
        public var supersededAt: [Int64?]
        public var deleted: [Bool]
    }

    public func replay(until now: Int64) -> Replay {
        var state = Replay(
            supersededAt: Array(repeating: nil, count: entries.count),
            deleted: Array(repeating: false, count: entries.count))
        let implied = entries.map(\.createdAt) + entries.compactMap(\.acknowledgedAt)
        for run in Set(implied + runs).filter({ $0 <= now }).sorted() {
            rotate(at: run, &state)
        }
        return state
    }

    /// Steps 3 and 4 of one run (step 1, making a key, is `add`).
    private func rotate(at run: Int64, _ state: inout Replay) {
        let present = entries.indices.filter { entries[$0].createdAt <= run && !state.deleted[$0] }
        func stampKeys(createdBefore deciding: Int) {
            for i in present where entries[i].createdAt < entries[deciding].createdAt && state.supersededAt[i] == nil {
                state.supersededAt[i] = run
            }
        }
        // 3a (push_key.dart:181-190): the key the server acknowledges now is the one acknowledged
        // last; it supersedes only while the store still holds it.
        let acknowledged = entries.indices.compactMap { i in
            entries[i].acknowledgedAt.flatMap { $0 <= run ? (at: $0, index: i) : nil }
        }.max { ($0.at, $0.index) < ($1.at, $1.index) }
        if let acked = acknowledged?.index, present.contains(acked) { stampKeys(createdBefore: acked) }
        // 3b (push_key.dart:192-207): the newest key at least 15 days old.
        let old = present.filter { Self.later(entries[$0].createdAt, by: Self.supersedeAfter) <= run }
        if let newestOld = old.max(by: { entries[$0].createdAt < entries[$1].createdAt }) {
            stampKeys(createdBefore: newestOld)
        }
        // 4 (push_key.dart:209-215): superseded at least 30 days before this run.
        for i in present {
            if let stamp = state.supersededAt[i], Self.later(stamp, by: Self.deleteAfter) <= run {
                state.deleted[i] = true
            }
        }
    }

    public func isDeleted(_ i: Int, now: Int64) -> Bool {
        replay(until: now).deleted[i]
    }

    /// The key with this id, unless unknown or deleted by a run at or before `now`.
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
}
