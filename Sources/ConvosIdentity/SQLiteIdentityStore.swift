import Foundation
import GRDB
import PushProofCrypto
import PushProofStorage

/// The identity store on disk (SQLite through GRDB), for the CLI and tests.
///
/// Two writes make one identity, as on the device: the inbox row (the app database) and the
/// keychain row (the identity and its keys). Both go in one transaction, so a failure between
/// them (`faultBetweenWrites`, for tests) leaves neither. The database enforces the invariants
/// too, not only this code: `clientId` is NOT NULL and UNIQUE; a keychain row must match an
/// inbox row on (inboxId, clientId); a trigger refuses any UPDATE of an inbox's clientId; keys
/// are exactly 32 bytes. `secure_delete` overwrites deleted rows on disk. Inside a scratch
/// session (``scratch(_:)``, for fuzzing) each call is a savepoint and the whole session is
/// rolled back.
public final class SQLiteIdentityStore: IdentityStore, @unchecked Sendable {
    // One connection serialises all access; the fault hook is set before use in tests only.
    private let connection: StoreConnection
    /// Called between the two writes of a save; throwing aborts (and rolls back) the save.
    public var faultBetweenWrites: (@Sendable () throws -> Void)?

    /// A store in a file at `path`, or in memory with `path` nil (fuzzing, tests).
    public init(path: String?) throws(IdentityError) {
        do {
            var config = Configuration()
            config.foreignKeysEnabled = true
            config.prepareDatabase { db in try db.execute(sql: "PRAGMA secure_delete = ON") }
            let queue =
                try path.map { try DatabaseQueue(path: $0, configuration: config) }
                ?? DatabaseQueue(configuration: config)
            try Self.migrator.migrate(queue)
            connection = StoreConnection(queue: queue)
        } catch {
            throw .storage("cannot open the identity database: \(Self.reason(error))")
        }
    }

    /// Runs `body`, whose calls of this store (on this thread) see each other but leave nothing:
    /// one transaction, rolled back at the end; each save in it is a savepoint, all or nothing as
    /// on its own. For fuzzing, where a transaction per save and emptying the tables per input
    /// would cost more than the input.
    public func scratch<T>(_ body: () throws -> T) throws -> T {
        // The body's errors pass unchanged; a session inside another on this thread throws
        // `StoreConnectionError.nestedScratchSession`.
        try connection.scratch(body)
    }

    private static var migrator: DatabaseMigrator {
        var m = DatabaseMigrator()
        m.registerMigration("v1") { db in
            try db.execute(
                sql: """
                    CREATE TABLE inbox (
                        inboxId TEXT PRIMARY KEY NOT NULL CHECK (length(inboxId) = 64),
                        clientId TEXT NOT NULL UNIQUE CHECK (length(clientId) = 36),
                        UNIQUE (inboxId, clientId));
                    CREATE TRIGGER inbox_clientId_never_changes BEFORE UPDATE OF clientId ON inbox
                        BEGIN SELECT RAISE(ABORT, 'clientIdMismatch'); END;
                    CREATE TABLE keychainIdentity (
                        inboxId TEXT PRIMARY KEY NOT NULL,
                        clientId TEXT NOT NULL UNIQUE,
                        privateKey BLOB NOT NULL CHECK (length(privateKey) = 32),
                        databaseKey BLOB NOT NULL CHECK (length(databaseKey) = 32),
                        FOREIGN KEY (inboxId, clientId) REFERENCES inbox (inboxId, clientId) ON DELETE CASCADE);
                    """)
        }
        return m
    }

    private static func reason(_ error: any Error) -> String {
        if let db = error as? DatabaseError {
            return "SQLite error \(db.resultCode.rawValue) (\(db.message ?? "no message"))"
        }
        return String(describing: type(of: error))
    }

    private static func row(_ db: Database, where column: String, is value: String) throws -> ConversationIdentity? {
        // Two fixed statements (one per column), compiled once per connection; they bind only
        // identifiers.
        let statement = try db.cachedStatement(
            sql: "SELECT inboxId, clientId, privateKey, databaseKey FROM keychainIdentity WHERE \(column) = ?")
        guard let row = try Row.fetchOne(statement, arguments: [value]) else { return nil }
        let privateKey: Data = row["privateKey"]
        let databaseKey: Data = row["databaseKey"]
        guard let clientId = ClientId(validating: row["clientId"]) else { return nil }
        return ConversationIdentity(
            inboxId: row["inboxId"], clientId: clientId,
            privateKey: SecretBytes(copying: privateKey), databaseKey: SecretBytes(copying: databaseKey))
    }

    public func save(_ identity: ConversationIdentity) throws(IdentityError) -> SaveOutcome {
        do {
            return try connection.write { db in
                let byInbox = try Self.row(db, where: "inboxId", is: identity.inboxId)
                let byClient = try Self.row(db, where: "clientId", is: identity.clientId.value)
                if let outcome = try Self.check(identity, existingByInbox: byInbox, existingByClient: byClient) {
                    return outcome
                }
                try db.cachedStatement(sql: "INSERT INTO inbox (inboxId, clientId) VALUES (?, ?)").execute(
                    arguments: [identity.inboxId, identity.clientId.value])
                try faultBetweenWrites?()
                // A cached statement (compiled once per connection) that drops the key bytes once
                // run: it holds none between saves.
                try db.cachedStatement(
                    sql: "INSERT INTO keychainIdentity (inboxId, clientId, privateKey, databaseKey) VALUES (?, ?, ?, ?)"
                ).executeForgettingArguments([
                    identity.inboxId, identity.clientId.value,
                    identity.privateKey.withUnsafeBytes { Data($0) },
                    identity.databaseKey.withUnsafeBytes { Data($0) },
                ])
                return .saved
            }
        } catch let error as IdentityError {
            throw error
        } catch {
            throw .storage("save failed, nothing was written: \(Self.reason(error))")
        }
    }

    public func identity(clientId: String) throws(IdentityError) -> ConversationIdentity? {
        // One SELECT is atomic on its own: no transaction around it (GRDB's read transaction costs
        // several statements more).
        do { return try connection.withoutTransaction { try Self.row($0, where: "clientId", is: clientId) } } catch {
            throw .storage(Self.reason(error))
        }
    }

    public func identity(inboxId: String) throws(IdentityError) -> ConversationIdentity? {
        do { return try connection.withoutTransaction { try Self.row($0, where: "inboxId", is: inboxId) } } catch {
            throw .storage(Self.reason(error))
        }
    }

    public func delete(inboxId: String) throws(IdentityError) -> Bool {
        do {
            // One DELETE (the keychain row goes with it by cascade) is atomic on its own.
            return try connection.withoutTransaction { db in
                try db.cachedStatement(sql: "DELETE FROM inbox WHERE inboxId = ?").execute(arguments: [inboxId])
                return db.changesCount > 0
            }
        } catch {
            throw .storage(Self.reason(error))
        }
    }

    /// Every stored (inboxId, clientId) pair, read in one query (tests and fuzzing compare it
    /// with a model after each step).
    public func allPairs() throws(IdentityError) -> [String: String] {
        do {
            return try connection.withoutTransaction { db in
                var pairs: [String: String] = [:]
                for row in try Row.fetchAll(
                    try db.cachedStatement(sql: "SELECT inboxId, clientId FROM keychainIdentity"))
                {
                    pairs[row["inboxId"]] = row["clientId"]
                }
                return pairs
            }
        } catch {
            throw .storage(Self.reason(error))
        }
    }

    /// Rows per table, for tests of atomicity.
    public func rowCounts() throws -> (inboxes: Int, keychain: Int) {
        try connection.withoutTransaction { db in
            (
                try Int.fetchOne(db, sql: "SELECT count(*) FROM inbox") ?? 0,
                try Int.fetchOne(db, sql: "SELECT count(*) FROM keychainIdentity") ?? 0
            )
        }
    }

    /// Runs raw SQL (tests use it to check that the database itself refuses bad rows).
    public func executeRaw(_ sql: String, _ arguments: [String]) throws {
        try connection.write { try $0.execute(sql: sql, arguments: StatementArguments(arguments)) }
    }
}
