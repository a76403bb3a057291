import Foundation
import GRDB

/// One SQLite connection (through GRDB) shared by a durable store's calls, with the two ways a
/// call can run:
///
/// - on its own, as one transaction (``write(_:)``) or one statement (``withoutTransaction(_:)``): what a
///   store does in the CLI and the tests;
/// - inside a scratch session (``scratch(_:)``): the whole session is one transaction that is
///   rolled back at its end, and each call in it is a savepoint, so a call is still all or
///   nothing and sees the calls before it. Fuzz targets run one input per session: no
///   per-call transaction, no emptying of the tables between inputs.
///
/// A session belongs to the thread that opened it: another thread's call waits for the session
/// to end (it queues on the connection), as it would for any other transaction.
public final class StoreConnection: @unchecked Sendable {
    public let queue: DatabaseQueue
    // Set and cleared inside `queue`'s exclusive access, on the session's thread; read by any
    // thread, under `lock`.
    private var session: (database: Database, thread: pthread_t)?
    private let lock = NSLock()

    public init(queue: DatabaseQueue) {
        self.queue = queue
    }

    /// A connection to the database file at `path`, or to a database in memory with `path` nil.
    ///
    /// In memory, pages are 512 bytes instead of SQLite's 4,096: a write copies each page it
    /// changes into the rollback journal, and these stores change a few small rows per call, so
    /// smaller pages mean smaller copies. (SQLite as Debian builds it has no lookaside
    /// allocator: every such copy is a `malloc`, which AddressSanitizer makes costly when
    /// fuzzing.) The page size changes no answer of a store.
    public static func open(path: String?, configuration: Configuration) throws -> StoreConnection {
        var configuration = configuration
        if path == nil { configuration.prepareDatabase { try $0.execute(sql: "PRAGMA page_size = 512") } }
        let queue =
            try path.map { try DatabaseQueue(path: $0, configuration: configuration) }
            ?? DatabaseQueue(configuration: configuration)
        return StoreConnection(queue: queue)
    }

    /// A durable store's connection: opened as ``open(path:configuration:)`` says, with
    /// `secure_delete` on where deleted rows hold secrets (SQLite then overwrites them on disk),
    /// and the store's schema brought up to date by its migrator.
    public static func open(
        path: String?, configuration: Configuration, secureDelete: Bool, migrator: DatabaseMigrator
    ) throws -> StoreConnection {
        var configuration = configuration
        if secureDelete { configuration.prepareDatabase { try $0.execute(sql: "PRAGMA secure_delete = ON") } }
        let connection = try open(path: path, configuration: configuration)
        try migrator.migrate(connection.queue)
        return connection
    }

    /// What a store's error message may say of a storage failure: SQLite's result code and
    /// message (which never hold a bound value: no key or id reaches the text), or the error's type.
    public static func reason(_ error: any Error) -> String {
        if let db = error as? DatabaseError {
            return "SQLite error \(db.resultCode.rawValue) (\(db.message ?? "no message"))"
        }
        return String(describing: type(of: error))
    }

    private var currentSession: Database? {
        lock.withLock {
            guard let session, pthread_equal(session.thread, pthread_self()) != 0 else { return nil }
            return session.database
        }
    }

    /// Runs `body` as one transaction, or as a savepoint inside this thread's scratch session.
    /// A thrown error leaves nothing of `body` written.
    public func write<T>(_ body: (Database) throws -> T) throws -> T {
        guard let db = currentSession else { return try queue.write(body) }
        // Statements compiled once per connection and run directly: a savepoint costs two
        // executions. (No transaction observer is registered, so GRDB need not see them.)
        try db.cachedStatement(sql: "SAVEPOINT pushproof_call").runDirect()
        do {
            let result = try body(db)
            try db.cachedStatement(sql: "RELEASE SAVEPOINT pushproof_call").runDirect()
            return result
        } catch {
            try db.cachedStatement(sql: "ROLLBACK TO SAVEPOINT pushproof_call").runDirect()
            try db.cachedStatement(sql: "RELEASE SAVEPOINT pushproof_call").runDirect()
            throw error
        }
    }

    /// Runs `body`, whose only write is one statement (it may read before it), as one
    /// transaction; inside this thread's scratch session without a savepoint, since SQLite
    /// already makes one statement all or nothing. `body` must not throw after its write.
    public func writeOne<T>(_ body: (Database) throws -> T) throws -> T {
        guard let db = currentSession else { return try queue.write(body) }
        return try body(db)
    }

    /// Runs `body` without a transaction of its own (one statement is atomic by itself), or
    /// inside this thread's scratch session.
    public func withoutTransaction<T>(_ body: (Database) throws -> T) throws -> T {
        guard let db = currentSession else { return try queue.inDatabase(body) }
        return try body(db)
    }

    /// Runs `body`, in which every call of this connection's store on this thread happens in one
    /// transaction that is rolled back when `body` returns or throws: the database is as before.
    public func scratch<T>(_ body: () throws -> T) throws -> T {
        guard currentSession == nil else { throw StoreConnectionError.nestedScratchSession }
        return try queue.writeWithoutTransaction { db in
            // Cached (compiled once per connection), through GRDB so that it follows the
            // transaction's state.
            try db.cachedStatement(sql: "BEGIN IMMEDIATE TRANSACTION").execute()
            lock.withLock { session = (db, pthread_self()) }
            defer {
                lock.withLock { session = nil }
                if db.isInsideTransaction { try? db.cachedStatement(sql: "ROLLBACK TRANSACTION").execute() }
            }
            return try body()
        }
    }
}

public enum StoreConnectionError: Error, Equatable {
    /// A scratch session was opened inside another on the same thread.
    case nestedScratchSession
}
