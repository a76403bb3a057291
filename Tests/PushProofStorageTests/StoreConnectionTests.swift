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

    @Test func aStatementForgetsItsArgumentsOnceRun() throws {
        let queue = try DatabaseQueue()
        try queue.write { db in
            try db.execute(sql: "CREATE TABLE k (v BLOB NOT NULL)")
            let statement = try db.cachedStatement(sql: "INSERT INTO k VALUES (?)")
            try statement.executeForgettingArguments([Data([1, 2, 3])])
            #expect(statement.arguments.isEmpty)
            #expect(try Data.fetchOne(db, sql: "SELECT v FROM k") == Data([1, 2, 3]))
        }
    }
}
