import Foundation
import PushProofJSON

/// Reads lines from a pipe on a thread of its own, so that waiting for a line can time out and
/// a line can be capped: a reader never holds more than `limit` bytes of an unfinished line.
final class LineReader: @unchecked Sendable {
    private let condition = NSCondition()
    private var buffer: [UInt8] = []
    private var lines: [[UInt8]] = []
    private var overflowed = false
    private var closed = false
    private let limit: Int

    init(handle: FileHandle, limit: Int) {
        self.limit = limit
        let thread = Thread { [self] in
            while true {
                let chunk = handle.availableData
                condition.lock()
                if chunk.isEmpty {
                    closed = true
                    condition.broadcast()
                    condition.unlock()
                    return
                }
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
                condition.broadcast()
                condition.unlock()
            }
        }
        thread.start()
    }

    enum Next { case line([UInt8]), timeout, oversize, closed }

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

/// Keeps the last bytes an adapter wrote to stderr, for failure reports.
final class StderrTail: @unchecked Sendable {
    private let condition = NSCondition()
    private var tail: [UInt8] = []
    private var finished = false
    private let keep = 2048

    init(handle: FileHandle) {
        Thread { [self] in
            while true {
                let chunk = handle.availableData
                condition.lock()
                if chunk.isEmpty {
                    finished = true
                    condition.broadcast()
                    condition.unlock()
                    return
                }
                tail.append(contentsOf: chunk)
                if tail.count > keep { tail.removeFirst(tail.count - keep) }
                condition.unlock()
            }
        }.start()
    }

    /// The tail so far. After the adapter has died, `settle` waits (briefly) for the pipe to
    /// drain, so the report has its last words.
    func text(settle: Double = 0) -> String {
        condition.lock()
        defer { condition.unlock() }
        let deadline = Date(timeIntervalSinceNow: settle)
        while !finished && settle > 0 && condition.wait(until: deadline) {}
        return String(decoding: tail, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

/// An implementation in another process, driven over the adapter protocol. Nothing the adapter
/// does can hang or crash the runner: every answer has a deadline and a size cap, a broken or
/// dead adapter is killed and started again for the next test, and the test it broke on fails
/// with the reason (and the adapter's last stderr).
public final class ExternalImplementation: ConformanceImplementation, @unchecked Sendable {
    public let commandLine: String
    public let timeout: Double
    public let maximumResponseBytes: Int
    public private(set) var hello: AdapterProtocol.Hello
    public private(set) var restarts = 0

    private var process: Process
    private var stdin: FileHandle
    private var reader: LineReader
    private var stderr: StderrTail
    private var nextId = 1
    private let lock = NSLock()

    public var name: String { "\(hello.name) \(hello.implementationVersion)".trimmingCharacters(in: .whitespaces) }

    /// Writing to an adapter that has died raises SIGPIPE, whose default action would kill the
    /// runner; ignored once, process-wide, the write fails with EPIPE and is reported instead.
    private static let ignoreBrokenPipes: Void = { _ = signal(SIGPIPE, SIG_IGN) }()

    public init(commandLine: String, timeout: Double = 10, maximumResponseBytes: Int = 1 << 20) throws {
        Self.ignoreBrokenPipes
        self.commandLine = commandLine
        self.timeout = timeout
        self.maximumResponseBytes = maximumResponseBytes
        (process, stdin, reader, stderr, hello) = try Self.start(commandLine, timeout: timeout, limit: maximumResponseBytes)
    }

    deinit { Self.kill(process) }

    private static func start(_ commandLine: String, timeout: Double, limit: Int) throws
        -> (Process, FileHandle, LineReader, StderrTail, AdapterProtocol.Hello) {
        let process = Process()
        // The command line runs under /bin/sh (so `VAR=x cmd` works). Foundation starts the child
        // as the leader of a process group of its own; `kill` stops the whole group, because
        // Foundation notices a child's exit through a descriptor its descendants inherit, and one
        // orphan left holding it (a `sleep` under a hung adapter) would make the runner wait for it.
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", commandLine]
        let input = Pipe(), output = Pipe(), errors = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        do { try process.run() } catch { throw AdapterFailure.startFailed("\(error)") }
        let reader = LineReader(handle: output.fileHandleForReading, limit: limit)
        let tail = StderrTail(handle: errors.fileHandleForReading)
        let stdin = input.fileHandleForWriting
        func fail(_ failure: AdapterFailure) -> AdapterFailure { kill(process); return failure }
        guard write(["type": "hello", "protocol": .string(AdapterProtocol.version)], to: stdin) else {
            throw fail(.startFailed("cannot write to the adapter"))
        }
        switch reader.next(timeout: timeout) {
        case let .line(bytes):
            guard let json = try? JSONParser.parse(bytes) else { throw fail(.protocolError("the hello is not JSON")) }
            switch AdapterProtocol.Hello.parse(json) {
            case let .success(hello): return (process, stdin, reader, tail, hello)
            case let .failure(f): throw fail(f)
            }
        case .timeout: throw fail(.timeout(seconds: timeout))
        case .oversize: throw fail(.oversizeResponse(limit: limit))
        case .closed:
            Glibc.kill(-process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            throw AdapterFailure.crashed(status: process.terminationStatus, stderr: tail.text(settle: 1))
        }
    }

    private static func write(_ json: JSONValue, to handle: FileHandle) -> Bool {
        do {
            try handle.write(contentsOf: JSONWriter.compactBytes(json) + [UInt8(ascii: "\n")])
            return true
        } catch {
            return false
        }
    }

    private static func kill(_ process: Process) {
        guard process.isRunning else { return }
        // The adapter's process group (see `start`), then the adapter itself.
        Glibc.kill(-process.processIdentifier, SIGKILL)
        Glibc.kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    public func perform(operation: String, input: JSONValue) -> OperationOutcome {
        guard hello.operations.contains(operation) else { return .unimplemented }
        if let profile = input["profile"]?.stringValue, !hello.profiles.contains(profile) { return .unimplemented }
        lock.lock()
        defer { lock.unlock() }
        if !process.isRunning {
            do {
                (process, stdin, reader, stderr, hello) = try Self.start(commandLine, timeout: timeout, limit: maximumResponseBytes)
                restarts += 1
            } catch let failure as AdapterFailure {
                return .adapterFailure(failure)
            } catch {
                return .adapterFailure(.startFailed("\(error)"))
            }
        }
        let id = nextId
        nextId += 1
        guard Self.write(AdapterProtocol.request(id: id, operation: operation, input: input), to: stdin) else {
            Self.kill(process)
            return .adapterFailure(.crashed(status: process.terminationStatus, stderr: stderr.text(settle: 1)))
        }
        switch reader.next(timeout: timeout) {
        case let .line(bytes):
            guard let json = try? JSONParser.parse(bytes) else { return broken(.protocolError("a response that is not JSON")) }
            let outcome = AdapterProtocol.parseResponse(json, id: id)
            if case let .adapterFailure(f) = outcome { return broken(f) }
            return outcome
        case .timeout: return broken(.timeout(seconds: timeout))
        case .oversize: return broken(.oversizeResponse(limit: maximumResponseBytes))
        case .closed:
            Glibc.kill(-process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            return .adapterFailure(.crashed(status: process.terminationStatus, stderr: stderr.text(settle: 1)))
        }
    }

    /// Stops an adapter that broke the protocol; the next test starts a fresh one.
    private func broken(_ failure: AdapterFailure) -> OperationOutcome {
        Self.kill(process)
        return .adapterFailure(failure)
    }
}
