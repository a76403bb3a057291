import Foundation

/// Reads a pipe on a thread of its own until it closes, handing each chunk to `consume` with
/// `condition` locked, so that readers can wait for what they need with a deadline. Subclasses
/// decide what to keep.
class PipeReader: @unchecked Sendable {
    let condition = NSCondition()
    /// The pipe has closed (the writer exited or closed it).
    private(set) var closed = false

    init(handle: FileHandle) {
        Thread { [self] in
            while true {
                let chunk = handle.availableData
                condition.lock()
                if chunk.isEmpty { closed = true } else { consume(chunk) }
                condition.broadcast()
                condition.unlock()
                if chunk.isEmpty { return }
            }
        }.start()
    }

    /// Called with `condition` locked.
    func consume(_ chunk: Data) {}
}

/// Splits a pipe into lines; a line may not pass `limit` bytes: a reader never holds more than
/// that of an unfinished line.
final class LineReader: PipeReader, @unchecked Sendable {
    private var buffer: [UInt8] = []
    private var lines: [[UInt8]] = []
    private var overflowed = false
    private let limit: Int

    init(handle: FileHandle, limit: Int) {
        self.limit = limit
        super.init(handle: handle)
    }

    override func consume(_ chunk: Data) {
        // Split at each newline with a memchr-like search, a line's bytes copied once.
        chunk.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in
            var start = bytes.startIndex
            while start < bytes.endIndex {
                let newline = bytes[start...].firstIndex(of: UInt8(ascii: "\n"))
                let piece = bytes[start..<(newline ?? bytes.endIndex)]
                if buffer.count + piece.count > limit {
                    overflowed = true
                } else {
                    buffer.append(contentsOf: piece)
                }
                guard let newline else { return }
                if !overflowed { lines.append(buffer) }
                buffer.removeAll(keepingCapacity: true)
                start = newline + 1
            }
        }
    }

    enum Next {
        case line([UInt8])
        case timeout, oversize, closed
    }

    func next(timeout seconds: Double) -> Next {
        let deadline = Date(timeIntervalSinceNow: seconds)
        condition.lock()
        defer { condition.unlock() }
        while true {
            if overflowed { return .oversize }
            if !lines.isEmpty { return .line(lines.removeFirst()) }
            if closed { return .closed }
            if !condition.wait(until: deadline) { return overflowed ? .oversize : .timeout }
        }
    }
}

/// Keeps the last bytes written to a pipe (an adapter's stderr), for failure reports, and copies
/// every byte to a log when it has one (`AdapterLog`).
final class PipeTail: PipeReader, @unchecked Sendable {
    private var tail: [UInt8] = []
    private let keep: Int
    /// Bytes read so far; `text(since:)` takes a count from here as its mark.
    private var written = 0
    private let log: AdapterLog?

    init(handle: FileHandle, keep: Int = 64 << 10, log: AdapterLog? = nil) {
        self.keep = keep
        self.log = log
        super.init(handle: handle)
    }

    override func consume(_ chunk: Data) {
        tail.append(contentsOf: chunk)
        written += chunk.count
        if tail.count > keep { tail.removeFirst(tail.count - keep) }
        log?.append(chunk)
    }

    /// Where the pipe stands now: a mark for `text(since:)`.
    var mark: Int {
        condition.lock()
        defer { condition.unlock() }
        return written
    }

    /// Waits until nothing more arrives for `quiet` seconds (at most `limit`): what the writer
    /// wrote before has then been read.
    func settle(quiet: Double = 0.02, limit: Double = 0.5) {
        let deadline = Date(timeIntervalSinceNow: limit)
        var last = mark
        while Date() < deadline {
            Thread.sleep(forTimeInterval: quiet)
            let now = mark
            if now == last { return }
            last = now
        }
    }

    /// What was written after `mark`, at most `limit` bytes (the last ones); `settle` waits that
    /// long first, so lines written just before an answer have arrived.
    func text(since mark: Int, settle: Double = 0.05, limit: Int = 8 << 10) -> String {
        if settle > 0 { Thread.sleep(forTimeInterval: settle) }
        condition.lock()
        defer { condition.unlock() }
        // The bytes from `mark` on, as far as the tail still holds them.
        let available = min(written - mark, tail.count)
        guard available > 0 else { return "" }
        let bytes = tail.suffix(min(available, limit))
        let cut = available > limit ? "… (\(available - limit) bytes before these)\n" : ""
        return cut + String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The tail so far. After the writer has died, `settle` waits (briefly) for the pipe to
    /// drain, so the report has its last words.
    func text(settle: Double = 0) -> String {
        condition.lock()
        defer { condition.unlock() }
        let deadline = Date(timeIntervalSinceNow: settle)
        while !closed && settle > 0 && condition.wait(until: deadline) {}
        return String(decoding: tail.suffix(2048), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

/// A file that keeps everything an adapter writes on stderr, across its restarts.
public final class AdapterLog: @unchecked Sendable {
    public let path: String
    private let handle: FileHandle
    private let lock = NSLock()

    /// Creates (or empties) the file; nil when it cannot be written.
    public init?(path: String) {
        guard FileManager.default.createFile(atPath: path, contents: nil),
            let handle = FileHandle(forWritingAtPath: path)
        else { return nil }
        self.path = path
        self.handle = handle
    }

    func append(_ data: Data) {
        lock.lock()
        defer { lock.unlock() }
        try? handle.write(contentsOf: data)
    }

    /// A line of the runner's own, e.g. that the adapter was started again.
    public func note(_ line: String) { append(Data("[pushproof] \(line)\n".utf8)) }

    deinit { try? handle.close() }
}
