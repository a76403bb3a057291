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
        for byte in chunk {
            if byte == UInt8(ascii: "\n") {
                if !overflowed { lines.append(buffer) }
                buffer.removeAll(keepingCapacity: true)
            } else if buffer.count < limit {
                buffer.append(byte)
            } else {
                overflowed = true
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

/// Keeps the last bytes written to a pipe (an adapter's stderr), for failure reports.
final class PipeTail: PipeReader, @unchecked Sendable {
    private var tail: [UInt8] = []
    private let keep: Int

    init(handle: FileHandle, keep: Int = 2048) {
        self.keep = keep
        super.init(handle: handle)
    }

    override func consume(_ chunk: Data) {
        tail.append(contentsOf: chunk)
        if tail.count > keep { tail.removeFirst(tail.count - keep) }
    }

    /// The tail so far. After the writer has died, `settle` waits (briefly) for the pipe to
    /// drain, so the report has its last words.
    func text(settle: Double = 0) -> String {
        condition.lock()
        defer { condition.unlock() }
        let deadline = Date(timeIntervalSinceNow: settle)
        while !closed && settle > 0 && condition.wait(until: deadline) {}
        return String(decoding: tail, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
