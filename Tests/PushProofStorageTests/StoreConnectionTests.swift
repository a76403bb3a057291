import Dispatch
import Foundation
import GRDB
import PushProofStorage
import Testing

/// The connection under the durable stores: a call on its own is a transaction; in a scratch
/// session each call is a savepoint and the session leaves nothing; a session is its thread's.
@Suite struct StoreConnectionTests {
    static func connection() throws -> StoreConnection {
        let queue = try DatabaseQueue()
        try queue.write { try $0.execute(sql: "CREATE TABLE t (k TEXT PRIMARY KEY NOT NULL)") }
        return StoreConnection(queue: queue)
    }

    static func insert(_ c: StoreConnection, _ keys: [String]) throws {
        try c.write { db in
            for k in keys { try db.cachedStatement(sql: "INSERT INTO t VALUES (?)").execute(arguments: [k]) }
        }
    }

    static func keys(_ c: StoreConnection) throws -> [String] {
        try c.withoutTransaction { try String.fetchAll($0, sql: "SELECT k FROM t ORDER BY k") }
    }

    /// What every durable store opens with: its schema migrated, `secure_delete` where asked, and a
    /// failure described by SQLite's code and message, never by a value the statement bound.
    @Test func aStoreOpensMigratedAndItsFailuresNameNoValue() throws {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") {
            try $0.execute(sql: "CREATE TABLE k (v TEXT NOT NULL CHECK (length(v) = 4))")
        }
        for secure in [true, false] {
            // Debian's SQLite turns secure_delete on by default: the configuration turns it off
            // first, so that what `secureDelete` does shows.
            var configuration = Configuration()
            configuration.prepareDatabase { try $0.execute(sql: "PRAGMA secure_delete = OFF") }
            let connection = try StoreConnection.open(
                path: nil, configuration: configuration, secureDelete: secure, migrator: migrator)
            #expect(try connection.queue.read { try Int.fetchOne($0, sql: "PRAGMA secure_delete") } == (secure ? 1 : 0))
            #expect(try connection.queue.read { try $0.tableExists("k") })
            let secret = "a secret key 0xDEADBEEF"
            do {
                try connection.write { try $0.execute(sql: "INSERT INTO k (v) VALUES (?)", arguments: [secret]) }
                Issue.record("the CHECK constraint let the row in")
            } catch {
                let reason = StoreConnection.reason(error)
                #expect(reason.hasPrefix("SQLite error 19 ") && !reason.contains("DEADBEEF"), "\(reason)")
            }
        }
        #expect(StoreConnection.reason(CocoaError(.fileNoSuchFile)) == "CocoaError")
    }

    @Test func aCallOnItsOwnIsAllOrNothing() throws {
        let c = try Self.connection()
        try Self.insert(c, ["a"])
        #expect(throws: DatabaseError.self) { try Self.insert(c, ["b", "a"]) }
        #expect(try Self.keys(c) == ["a"])
    }

    @Test func aScratchSessionLeavesNothingAndEachCallInItIsASavepoint() throws {
        let c = try Self.connection()
        try Self.insert(c, ["kept"])
        let seen = try c.scratch { () throws -> [String] in
            try Self.insert(c, ["a"])
            // The duplicate fails the call: its first insert ("b") goes with it, "a" stays.
            #expect(throws: DatabaseError.self) { try Self.insert(c, ["b", "a"]) }
            try Self.insert(c, ["c"])
            return try Self.keys(c)
        }
        #expect(seen == ["a", "c", "kept"])
        #expect(try Self.keys(c) == ["kept"])
        struct Stop: Error {}
        #expect(throws: Stop.self) {
            try c.scratch {
                try Self.insert(c, ["d"])
                throw Stop()
            }
        }
        #expect(try Self.keys(c) == ["kept"])
        #expect(throws: StoreConnectionError.nestedScratchSession) { try c.scratch { try c.scratch {} } }
    }

    @Test func anotherThreadWaitsForTheSessionAndSeesNothingOfIt() throws {
        let c = try Self.connection()
        let started = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var seenByOther: [String] = []
        DispatchQueue.global().async {
            started.wait()
            seenByOther = (try? Self.keys(c)) ?? ["error"]
            done.signal()
        }
        try c.scratch {
            try Self.insert(c, ["inside"])
            started.signal()
            // The other thread's read queues behind the session instead of joining it.
            #expect(done.wait(timeout: .now() + 0.3) == .timedOut)
            release.signal()
        }
        release.wait()
        #expect(done.wait(timeout: .now() + 10) == .success)
        #expect(seenByOther.isEmpty)
    }

    @Test func aDirectRunBindsReadsAndLeavesNothingBound() throws {
        let queue = try DatabaseQueue()
        try queue.write { db in
            let echo = try db.cachedStatement(sql: "SELECT ?, ?, ?, ?")
            var seen: [String] = []
            let secret: [UInt8] = [1, 2, 3]
            try secret.withUnsafeBytes { bytes in
                try echo.runDirect(.text("caf\u{e9}"), .integer(-7), .bytes(bytes), .null) { row in
                    seen = [
                        row.text(0), String(row.integer(1)), row.withBytes(2) { $0.map(String.init).joined() },
                        String(row.isNull(3)),
                    ]
                }
            }
            #expect(seen == ["caf\u{e9}", "-7", "123", "true"])
            // Nothing stays bound: run again without arguments, every parameter is NULL.
            var nulls: [Bool] = []
            try echo.runDirect { row in nulls = (0..<4).map { row.isNull(Int32($0)) } }
            #expect(nulls == [true, true, true, true])
        }
    }

    @Test func aDirectRunThatFailsThrowsSQLitesCodeAndTheStatementStaysUsable() throws {
        let queue = try DatabaseQueue()
        try queue.write { db in
            try db.execute(sql: "CREATE TABLE t (k TEXT PRIMARY KEY NOT NULL)")
            let insert = try db.cachedStatement(sql: "INSERT INTO t VALUES (?)")
            try insert.runDirect(.text("secret-value"))
            do {
                try insert.runDirect(.text("secret-value"))
                Issue.record("a repeated primary key was inserted")
            } catch let error as DatabaseError {
                #expect(error.resultCode == .SQLITE_CONSTRAINT)
                #expect(!"\(error)".contains("secret-value"), "the error quotes a bound value")
            }
            // The same compiled statement, still in GRDB's cache, runs again.
            #expect(try db.cachedStatement(sql: "INSERT INTO t VALUES (?)") === insert)
            try insert.runDirect(.text("other"))
            #expect(try String.fetchAll(db, sql: "SELECT k FROM t ORDER BY k") == ["other", "secret-value"])
        }
    }
}
