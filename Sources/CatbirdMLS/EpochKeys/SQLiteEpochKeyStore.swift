import Foundation
import GRDB
import PushProofStorage

/// The epoch-key table on SQLite (through GRDB): the database half of ``EpochKeyStore``, durable.
///
/// `deployed` keeps the client's table as it ships (CatbirdMLSCore@3071f3ad,
/// `MLSGRDBManager.swift:4690-4700` and the v8 `deletedAt` column): primary key
/// `"<conversation>-<epoch>"` within an account's database (one file per account upstream,
/// `MLSGRDBManager.swift:5927-5935`; here one table, the key prefixed by the account),
/// `isActive`, `deletedAt`, soft deletes. `strict` (RFC 9420 §9.2) keeps
/// one row per user, conversation and epoch, deletes rows outright with `secure_delete` on (freed
/// pages are overwritten), and records the deletion points so that a deleted epoch is refused
/// back. Every call is one transaction (inside a scratch session, ``scratch(_:)``, a savepoint).
/// The keychain steps are not this store's: it answers them with `unsupportedStep`. Statements
/// are compiled once per connection; the one that binds key material drops its arguments after
/// each save.
public final class SQLiteEpochKeyStore: @unchecked Sendable {
    public let policy: EpochKeyPolicy
    private let connection: StoreConnection

    public init(policy: EpochKeyPolicy, path: String?) throws(EpochKeyStoreError) {
        guard policy != .proposal else { throw .unknownStep("the design document's store is not kept on SQLite") }
        self.policy = policy
        do {
            var m = DatabaseMigrator()
            m.registerMigration("v1") { db in
                try db.execute(
                    sql: """
                        CREATE TABLE epochKey (
                            epochKeyID TEXT PRIMARY KEY NOT NULL,
                            conversationID TEXT NOT NULL,
                            currentUserDID TEXT NOT NULL,
                            epoch INTEGER NOT NULL CHECK (epoch >= 0),
                            keyMaterial BLOB NOT NULL,
                            isActive INTEGER NOT NULL DEFAULT 1,
                            deletedAt INTEGER
                        );
                        CREATE TABLE deletionPoint (
                            currentUserDID TEXT NOT NULL,
                            conversationID TEXT NOT NULL,
                            epoch INTEGER NOT NULL,
                            PRIMARY KEY (currentUserDID, conversationID)
                        );
                        CREATE TABLE deletedEpoch (
                            epochKeyID TEXT PRIMARY KEY NOT NULL
                        );
                        """)
            }
            connection = try StoreConnection.open(
                path: path, configuration: Configuration(), secureDelete: true, migrator: m)
        } catch {
            throw .unknownStep("cannot open the epoch-key database: \(StoreConnection.reason(error))")
        }
    }

    /// Runs `body`, whose calls of this store (on this thread) see each other but leave nothing:
    /// one transaction, rolled back at the end; each call in it a savepoint. For fuzzing.
    public func scratch<T>(_ body: () throws -> T) throws -> T {
        // The body's errors pass unchanged; a session inside another on this thread throws
        // `StoreConnectionError.nestedScratchSession`.
        try connection.scratch(body)
    }

    /// The row's primary key: the account's database (its DID, length-prefixed), then upstream's
    /// `"<conversation>-<epoch>"` (deployed) or a length-prefixed conversation and the epoch (strict).
    private func id(_ user: String, _ conversation: String, _ epoch: Int64) -> String {
        policy == .deployed
            ? "\(user.utf8.count):\(user)\(conversation)-\(epoch)"
            : "\(user.utf8.count):\(user)\(conversation.utf8.count):\(conversation)\(epoch)"
    }

    private static func nonNegative(_ epoch: Int64, _ what: String) throws(EpochKeyStoreError) {
        guard epoch >= 0 else { throw .invalidEpoch("\(what) is a UInt64 upstream; \(epoch) is negative") }
    }

    /// Applies one database step, as ``EpochKeyStore/apply(_:)`` would.
    public func apply(_ step: EpochKeyStep) throws(EpochKeyStoreError) -> EpochKeyStepResult {
        let normal = EpochKeyStore.normalizeDID
        do {
            switch step {
            case .saveEpochSecret(let user, let c, let e, let secret):
                try Self.nonNegative(e, "the epoch")
                let u = normal(user)
                // One write, the last statement: no savepoint needed inside a scratch session.
                return try connection.writeOne { db in
                    let key = id(u, c, e)
                    if policy == .strict {
                        var floor: Int64?
                        try db.cachedStatement(
                            sql: "SELECT epoch FROM deletionPoint WHERE currentUserDID = ? AND conversationID = ?"
                        ).runDirect(.text(u), .text(c)) { floor = $0.integer(0) }
                        var gone = false
                        try db.cachedStatement(sql: "SELECT 1 FROM deletedEpoch WHERE epochKeyID = ?").runDirect(
                            .text(key)
                        ) { _ in gone = true }
                        if gone || floor.map({ e < $0 }) == true {
                            return .refused(.epochDeleted(conversation: c, epoch: e))
                        }
                    }
                    var old: (active: Bool, marked: Bool)?
                    try db.cachedStatement(sql: "SELECT isActive, deletedAt FROM epochKey WHERE epochKeyID = ?")
                        .runDirect(.text(key)) { old = ($0.integer(0) != 0, !$0.isNull(1)) }
                    // An upsert that sets every column, as GRDB's save() does upstream; the secret
                    // is bound in place and unbound before the call returns.
                    try secret.withUnsafeBytes { material in
                        try db.cachedStatement(
                            sql: """
                                INSERT OR REPLACE INTO epochKey
                                    (epochKeyID, conversationID, currentUserDID, epoch, keyMaterial, isActive, deletedAt)
                                VALUES (?, ?, ?, ?, ?, 1, NULL)
                                """
                        ).runDirect(.text(key), .text(c), .text(u), .integer(e), .bytes(material))
                    }
                    guard let old else { return .stored }
                    return old.active && !old.marked ? .replaced : .restored
                }
            case .getEpochSecret(let user, let c, let e):
                try Self.nonNegative(e, "the epoch")
                let u = normal(user)
                let material = try connection.withoutTransaction { db in
                    var material: [UInt8]?
                    try db.cachedStatement(
                        sql: """
                            SELECT keyMaterial FROM epochKey
                            WHERE epochKeyID = ? AND currentUserDID = ? AND isActive = 1
                            """
                    ).runDirect(.text(id(u, c, e)), .text(u)) { row in material = row.withBytes(0) { [UInt8]($0) } }
                    return material
                }
                return material.map { .found($0) } ?? .notFound
            case .deleteEpochSecret(let user, let c, let e):
                try Self.nonNegative(e, "the epoch")
                let u = normal(user)
                return try connection.write { db in
                    let key = id(u, c, e)
                    if policy == .deployed {
                        try db.cachedStatement(
                            sql: """
                                UPDATE epochKey SET deletedAt = 0, isActive = 0
                                WHERE epochKeyID = ? AND currentUserDID = ?
                                """
                        ).runDirect(.text(key), .text(u))
                        return .deactivated(db.changesCount)
                    }
                    try db.cachedStatement(sql: "INSERT OR IGNORE INTO deletedEpoch VALUES (?)").runDirect(.text(key))
                    try db.cachedStatement(sql: "DELETE FROM epochKey WHERE epochKeyID = ?").runDirect(.text(key))
                    return .deleted(db.changesCount)
                }
            case .deleteEpochsBefore(let user, let c, let cutoff):
                try Self.nonNegative(cutoff, "the cutoff epoch")
                let u = normal(user)
                return try connection.write { db in
                    if policy == .deployed {
                        try db.cachedStatement(
                            sql: """
                                UPDATE epochKey SET deletedAt = 0, isActive = 0
                                WHERE conversationID = ? AND currentUserDID = ? AND epoch < ? AND isActive = 1
                                """
                        ).runDirect(.text(c), .text(u), .integer(cutoff))
                        return .deactivated(db.changesCount)
                    }
                    try db.cachedStatement(
                        sql: "DELETE FROM epochKey WHERE conversationID = ? AND currentUserDID = ? AND epoch < ?"
                    ).runDirect(.text(c), .text(u), .integer(cutoff))
                    let n = db.changesCount
                    try raiseFloor(db, u, c, to: cutoff)
                    return .deleted(n)
                }
            case .deleteOldEpochKeys(let user, let c, let keepLast):
                let u = policy == .deployed ? user : normal(user)
                return try connection.write { db in
                    var epochs: [Int64] = []
                    try db.cachedStatement(
                        sql: """
                            SELECT epoch FROM epochKey
                            WHERE conversationID = ? AND currentUserDID = ? AND isActive = 1
                            ORDER BY epoch DESC
                            """
                    ).runDirect(.text(c), .text(u)) { epochs.append($0.integer(0)) }
                    guard Int64(epochs.count) > keepLast else { return policy == .deployed ? .marked(0) : .deleted(0) }
                    guard keepLast >= 0 else {
                        if policy == .deployed {
                            return .trap("dropFirst(\(keepLast)): can't drop a negative number of elements")
                        }
                        throw EpochKeyStoreError.invalidKeepLast("keepLast is a count; \(keepLast) is negative")
                    }
                    let doomed = epochs.dropFirst(Int(keepLast))
                    for e in doomed {
                        if policy == .deployed {
                            try db.cachedStatement(
                                sql: """
                                    UPDATE epochKey SET deletedAt = 0
                                    WHERE conversationID = ? AND currentUserDID = ? AND epoch = ?
                                    """
                            ).runDirect(.text(c), .text(u), .integer(e))
                        } else {
                            if policy == .strict {
                                // A floor cannot pass Int64.max: the deleted rows are remembered too.
                                try db.cachedStatement(sql: "INSERT OR IGNORE INTO deletedEpoch VALUES (?)")
                                    .runDirect(.text(id(u, c, e)))
                            }
                            try db.cachedStatement(sql: "DELETE FROM epochKey WHERE epochKeyID = ?").runDirect(
                                .text(id(u, c, e)))
                        }
                    }
                    if policy == .strict, let newest = doomed.first {
                        let floor = epochs.prefix(Int(keepLast)).last ?? (newest == .max ? .max : newest + 1)
                        try raiseFloor(db, u, c, to: floor)
                    }
                    return policy == .deployed ? .marked(doomed.count) : .deleted(doomed.count)
                }
            case .deleteMarkedEpochKeys(let user):
                let u = policy == .deployed ? user : normal(user)
                return try connection.writeOne { db in
                    try db.cachedStatement(
                        sql: "DELETE FROM epochKey WHERE currentUserDID = ? AND deletedAt IS NOT NULL"
                    ).runDirect(.text(u))
                    return .deleted(db.changesCount)
                }
            case .deleteConversation(let user, let c):
                return try connection.writeOne { db in
                    try db.cachedStatement(
                        sql: "DELETE FROM epochKey WHERE conversationID = ? AND currentUserDID = ?"
                    ).runDirect(.text(c), .text(normal(user)))
                    return .deleted(db.changesCount)
                }
            default:
                throw EpochKeyStoreError.unknownStep(
                    "`\(step.name)` is a keychain or KeyPackage step, not this store's")
            }
        } catch let error as EpochKeyStoreError {
            throw error
        } catch {
            throw .unknownStep("the epoch-key database failed: \(StoreConnection.reason(error))")
        }
    }

    private func raiseFloor(_ db: Database, _ user: String, _ conversation: String, to epoch: Int64) throws {
        try db.cachedStatement(
            sql: """
                INSERT INTO deletionPoint (currentUserDID, conversationID, epoch) VALUES (?, ?, ?)
                ON CONFLICT (currentUserDID, conversationID) DO UPDATE SET epoch = max(epoch, excluded.epoch)
                """
        ).runDirect(.text(user), .text(conversation), .integer(epoch))
    }

    /// The rows, as ``EpochKeyStore/storedRows`` lists them.
    public func storedRows() throws(EpochKeyStoreError) -> [EpochKeySnapshot.Row] {
        do {
            return try connection.withoutTransaction { db in
                var rows: [EpochKeySnapshot.Row] = []
                try db.cachedStatement(
                    sql: "SELECT conversationID, epoch, currentUserDID, isActive, deletedAt FROM epochKey"
                ).runDirect { row in
                    let active = row.integer(3) != 0
                    let marked = !row.isNull(4)
                    rows.append(
                        EpochKeySnapshot.Row(
                            conversation: row.text(0), epoch: row.integer(1), user: row.text(2),
                            state: !active ? .inactive : marked ? .marked : .active))
                }
                return rows.sorted()
            }
        } catch {
            throw .unknownStep("cannot read the epoch-key database: \(StoreConnection.reason(error))")
        }
    }
}
