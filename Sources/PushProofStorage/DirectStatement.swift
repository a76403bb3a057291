import GRDB
import GRDBSQLite

/// A value bound to a statement run by ``GRDB/Statement/runDirect(_:row:)``.
public enum SQLiteArgument {
    case text(String)
    case integer(Int64)
    /// Bytes bound in place (SQLite makes no copy of them): the buffer must stay valid for the
    /// call, as it does inside `withUnsafeBytes`. The binding is cleared before the call returns.
    case bytes(UnsafeRawBufferPointer)
    case null
}

/// One result row of ``GRDB/Statement/runDirect(_:row:)``, read through SQLite's C interface;
/// valid inside the row callback only.
public struct SQLiteRow {
    fileprivate let handle: OpaquePointer

    public func isNull(_ column: Int32) -> Bool { sqlite3_column_type(handle, column) == SQLITE_NULL }
    public func integer(_ column: Int32) -> Int64 { sqlite3_column_int64(handle, column) }
    public func text(_ column: Int32) -> String {
        guard let bytes = sqlite3_column_text(handle, column) else { return "" }
        let count = Int(sqlite3_column_bytes(handle, column))
        return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    }
    /// The column's bytes, handed to `body` in place (no copy; valid inside `body` only).
    public func withBytes<T>(_ column: Int32, _ body: (UnsafeRawBufferPointer) throws -> T) rethrows -> T {
        let start = sqlite3_column_blob(handle, column)
        let count = Int(sqlite3_column_bytes(handle, column))
        return try body(UnsafeRawBufferPointer(start: count > 0 ? start : nil, count: count))
    }
}

extension Statement {
    /// Runs the statement through SQLite's C interface (GRDB's documented raw access to a
    /// statement it compiled and caches): `arguments` bound in order, `row` called for each
    /// result row. Nothing stays bound once it returns, and the statement is reset, ready for
    /// the next call. A failure throws GRDB's `DatabaseError` with SQLite's code and message
    /// (which never quote a bound value) and leaves the statement reusable.
    ///
    /// Why: GRDB's own execution path allocates several objects per statement (arguments,
    /// cursor, row) and, when a statement fails, drops it from the cache so that it is compiled
    /// again. The durable stores run a few statements per call; under AddressSanitizer (fuzzing)
    /// that bookkeeping costs more than SQLite's work. docs/fuzzing.md has the figures.
    public func runDirect(_ arguments: SQLiteArgument..., row: (SQLiteRow) throws -> Void = { _ in }) throws {
        let handle = sqliteStatement
        sqlite3_reset(handle)
        defer {
            sqlite3_reset(handle)
            sqlite3_clear_bindings(handle)
        }
        for (n, argument) in arguments.enumerated() {
            let index = Int32(n + 1)
            let code: Int32
            switch argument {
            case .text(let value):
                var value = value
                code = value.withUTF8 {
                    sqlite3_bind_text(
                        handle, index,
                        UnsafeRawPointer($0.baseAddress ?? UnsafePointer(bitPattern: 1)!)
                            .assumingMemoryBound(to: CChar.self), Int32($0.count), sqliteTransient)
                }
            case .integer(let value): code = sqlite3_bind_int64(handle, index, value)
            case .bytes(let buffer):
                // A zero-length blob still needs a non-null pointer (SQLite binds NULL otherwise).
                code = sqlite3_bind_blob(
                    handle, index, buffer.baseAddress ?? UnsafeRawPointer(bitPattern: 1)!, Int32(buffer.count), nil)
            case .null: code = sqlite3_bind_null(handle, index)
            }
            guard code == SQLITE_OK else { throw directError(code) }
        }
        while true {
            let code = sqlite3_step(handle)
            switch code {
            case SQLITE_ROW: try row(SQLiteRow(handle: handle))
            case SQLITE_DONE: return
            default: throw directError(code)
            }
        }
    }

    private func directError(_ code: Int32) -> DatabaseError {
        let message = sqlite3_db_handle(sqliteStatement).flatMap { sqlite3_errmsg($0) }.map { String(cString: $0) }
        return DatabaseError(resultCode: ResultCode(rawValue: code), message: message)
    }
}

/// SQLite copies the value before the bind call returns (`SQLITE_TRANSIENT`).
private let sqliteTransient = unsafeBitCast(OpaquePointer(bitPattern: -1), to: sqlite3_destructor_type.self)
