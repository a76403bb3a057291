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
        // Statements compiled once per connection: a savepoint costs two executions.
        try db.cachedStatement(sql: "SAVEPOINT pushproof_call").execute()
        do {
            let result = try body(db)
            try db.cachedStatement(sql: "RELEASE SAVEPOINT pushproof_call").execute()
            return result
        } catch {
            try db.cachedStatement(sql: "ROLLBACK TO SAVEPOINT pushproof_call").execute()
            try db.cachedStatement(sql: "RELEASE SAVEPOINT pushproof_call").execute()
            throw error
        }
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
            try db.beginTransaction(.immediate)
            lock.withLock { session = (db, pthread_self()) }
            defer {
                lock.withLock { session = nil }
                if db.isInsideTransaction { try? db.rollback() }
            }
            return try body()
        }
    }
}

public enum StoreConnectionError: Error, Equatable {
    /// A scratch session was opened inside another on the same thread.
    case nestedScratchSession
}

extension Statement {
    /// Runs the statement, then drops the arguments GRDB keeps with it: a cached statement would
    /// otherwise hold its last values (key bytes included) until its next use. (GRDB binds the
    /// values in SQLite only while the statement runs.)
    public func executeForgettingArguments(_ arguments: StatementArguments) throws {
        defer { forgetArguments() }
        try execute(arguments: arguments)
    }

    /// Drops the arguments GRDB keeps with the statement (after a fetch that bound key bytes).
    public func forgetArguments() {
        setUncheckedArguments([])
    }
}
