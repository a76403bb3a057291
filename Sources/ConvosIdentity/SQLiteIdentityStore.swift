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
            connection = try StoreConnection.open(
                path: path, configuration: config, secureDelete: true, migrator: Self.migrator)
        } catch {
            throw .storage("cannot open the identity database: \(StoreConnection.reason(error))")
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

    private static let byInbox =
        "SELECT inboxId, clientId, privateKey, databaseKey FROM keychainIdentity WHERE inboxId = ?"
    private static let byClientId =
        "SELECT inboxId, clientId, privateKey, databaseKey FROM keychainIdentity WHERE clientId = ?"

    /// The identity found by `query` (``byInbox`` or ``byClientId``) for `value`.
    private static func row(_ db: Database, _ query: String, _ value: String) throws -> ConversationIdentity? {
        // Two fixed statements (one per column), compiled once per connection, run directly; they
        // bind only identifiers, and the keys go from SQLite's row straight into SecretBytes.
        var found: ConversationIdentity?
        try db.cachedStatement(sql: query).runDirect(.text(value)) { row in
            found = ConversationIdentity(
                inboxId: row.text(0), clientId: ClientId(row.text(1)),
                privateKey: row.withBytes(2) { SecretBytes(copying: $0) },
                databaseKey: row.withBytes(3) { SecretBytes(copying: $0) })
        }
        return found
    }

    public func save(_ identity: ConversationIdentity) throws(IdentityError) -> SaveOutcome {
        do {
            return try connection.write { db in
                // The stored pairs that share the inbox or the clientId (two at most), in one
                // statement that reads no key.
                var clientIdOfInbox: String?
                var clientIdTaken = false
                try db.cachedStatement(
                    sql: "SELECT inboxId, clientId FROM keychainIdentity WHERE inboxId = ? OR clientId = ?"
                ).runDirect(.text(identity.inboxId), .text(identity.clientId.value)) { row in
                    // Byte for byte, as the WHERE clause compared them (SQLite's BINARY collation).
                    let (inbox, client) = (row.text(0), row.text(1))
                    if inbox.utf8.elementsEqual(identity.inboxId.utf8) { clientIdOfInbox = client }
                    if client.utf8.elementsEqual(identity.clientId.value.utf8) { clientIdTaken = true }
                }
                if let outcome = try Self.check(
                    identity, clientIdOfInbox: clientIdOfInbox, clientIdTaken: clientIdTaken)
                {
                    return outcome
                }
                try db.cachedStatement(sql: "INSERT INTO inbox (inboxId, clientId) VALUES (?, ?)").runDirect(
                    .text(identity.inboxId), .text(identity.clientId.value))
                try faultBetweenWrites?()
                // A cached statement (compiled once per connection) that binds the keys in place
                // and unbinds them before it returns: no copy outside SQLite, none held between
                // saves.
                try identity.privateKey.withUnsafeBytes { privateKey in
                    try identity.databaseKey.withUnsafeBytes { databaseKey in
                        try db.cachedStatement(
                            sql:
                                "INSERT INTO keychainIdentity (inboxId, clientId, privateKey, databaseKey) VALUES (?, ?, ?, ?)"
                        ).runDirect(
                            .text(identity.inboxId), .text(identity.clientId.value), .bytes(privateKey),
                            .bytes(databaseKey))
                    }
                }
                return .saved
            }
        } catch let error as IdentityError {
            throw error
        } catch {
            throw .storage("save failed, nothing was written: \(StoreConnection.reason(error))")
        }
    }

    public func identity(clientId: String) throws(IdentityError) -> ConversationIdentity? {
        // One SELECT is atomic on its own: no transaction around it (GRDB's read transaction costs
        // several statements more).
        do { return try connection.withoutTransaction { try Self.row($0, Self.byClientId, clientId) } } catch {
            throw .storage(StoreConnection.reason(error))
        }
    }

    public func identity(inboxId: String) throws(IdentityError) -> ConversationIdentity? {
        do { return try connection.withoutTransaction { try Self.row($0, Self.byInbox, inboxId) } } catch {
            throw .storage(StoreConnection.reason(error))
        }
    }

    public func delete(inboxId: String) throws(IdentityError) -> Bool {
        do {
            // One DELETE (the keychain row goes with it by cascade) is atomic on its own.
            return try connection.withoutTransaction { db in
                try db.cachedStatement(sql: "DELETE FROM inbox WHERE inboxId = ?").runDirect(.text(inboxId))
                return db.changesCount > 0
            }
        } catch {
            throw .storage(StoreConnection.reason(error))
        }
    }

    /// Every stored (inboxId, clientId) pair, read in one query (tests and fuzzing compare it
    /// with a model after each step).
    public func allPairs() throws(IdentityError) -> [String: String] {
        do {
            return try connection.withoutTransaction { db in
                var pairs: [String: String] = [:]
                try db.cachedStatement(sql: "SELECT inboxId, clientId FROM keychainIdentity").runDirect {
                    pairs[$0.text(0)] = $0.text(1)
                }
                return pairs
            }
        } catch {
            throw .storage(StoreConnection.reason(error))
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
