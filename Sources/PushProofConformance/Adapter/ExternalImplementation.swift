import Foundation
import PushProofJSON

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An implementation in another process, driven over the adapter protocol. Nothing the adapter
/// does can hang or crash the runner: every answer has a deadline and a size cap, a broken or
/// dead adapter is killed and started again for the next test, and the test it broke on fails
/// with the reason (and the adapter's last stderr).
///
/// Foundation's `Process` rather than swift-subprocess: see docs/adapter-protocol.md, "The
/// harness's process handling".
public final class ExternalImplementation: ConformanceImplementation, @unchecked Sendable {
    public let commandLine: String
    public let timeout: Double
    public let maximumResponseBytes: Int
    /// Where everything the adapter writes on stderr is kept, when the runner keeps it.
    public let log: AdapterLog?
    public private(set) var hello: AdapterProtocol.Hello
    public private(set) var restarts = 0

    private var adapter: Adapter
    /// The adapter's process id (the leader of its process group).
    public var processIdentifier: Int32 { adapter.process.processIdentifier }
    private var nextId = 1
    private let lock = NSLock()

    public var name: String { "\(hello.name) \(hello.implementationVersion)".trimmingCharacters(in: .whitespaces) }
    public var answersWireErrors: Bool { hello.answersWireErrors }
    public var errorCodeGroups: [String: Set<String>] { hello.errorCodeGroups }

    /// Writing to an adapter that has died raises SIGPIPE, whose default action would kill the
    /// runner; ignored once, process-wide, the write fails with EPIPE and is reported instead.
    private static let ignoreBrokenPipes: Void = { _ = signal(SIGPIPE, SIG_IGN) }()

    public init(
        commandLine: String, timeout: Double = 10, maximumResponseBytes: Int = 1 << 20, log: AdapterLog? = nil
    ) throws {
        Self.ignoreBrokenPipes
        self.log = log
        self.commandLine = commandLine
        self.timeout = timeout
        self.maximumResponseBytes = maximumResponseBytes
        (adapter, hello) = try Adapter.start(commandLine, timeout: timeout, limit: maximumResponseBytes, log: log)
    }

    public var logMark: Int {
        lock.lock()
        defer { lock.unlock() }
        return adapter.stderr.mark
    }

    public func log(since mark: Int) -> String? {
        lock.lock()
        let stderr = adapter.stderr
        lock.unlock()
        // A restart began a new pipe: what the old one held is in the failure itself.
        return stderr.mark >= mark ? stderr.text(since: mark) : nil
    }

    deinit { adapter.stop() }

    /// Stops the adapter (its whole process group) now. A command that exits without releasing
    /// the implementation must call it: process exit runs no deinit, and an adapter busy in a
    /// loop would never see its stdin close.
    public func shutdown() {
        lock.lock()
        defer { lock.unlock() }
        adapter.stop()
    }

    public func offers(_ operation: OperationName, profile: Profile) -> Bool {
        hello.offers(operation.rawValue, profile: profile.rawValue)
    }

    public func perform(_ request: OperationRequest) -> OperationOutcome {
        perform(all: [request])[0].outcome
    }

    /// How many requests are sent ahead of the answer awaited: the runner judges one answer while
    /// the adapter works on the next. An adapter still reads and answers one request at a time.
    public static let window = 32

    /// The requests in order, up to `window` of them sent ahead of their answers. Each answer has
    /// its own deadline, counted from when the previous one arrived, as in a serial run; an
    /// adapter that fails one request (no answer in time, a crash, a broken line) fails that one
    /// alone: it is stopped, and the requests sent after it go again to a fresh one.
    public func perform(all requests: [OperationRequest], each: (Int, AnsweredRequest) -> Void) {
        lock.lock()
        defer { lock.unlock() }
        func answered(_ index: Int, _ answer: AnsweredRequest) { each(index, answer) }
        var next = 0
        var pending: [(index: Int, id: Int)] = []
        while next < requests.count || !pending.isEmpty {
            if pending.isEmpty, let failure = startIfStopped() {
                answered(next, AnsweredRequest(outcome: .adapterFailure(failure), duration: 0, log: { nil }))
                next += 1
                continue
            }
            while pending.count < Self.window && next < requests.count {
                let request = requests[next]
                if !hello.offers(request.operation.rawValue, profile: request.profile.rawValue) {
                    if pending.isEmpty {
                        answered(next, AnsweredRequest(outcome: .unimplemented, duration: 0, log: { nil }))
                        next += 1
                        continue
                    }
                    break
                }
                let id = nextId
                nextId += 1
                guard adapter.send(AdapterProtocol.request(id: id, request)) else { break }
                pending.append((next, id))
                next += 1
            }
            guard let (index, id) = pending.first else {
                if next < requests.count {
                    // Nothing could be sent: the adapter is gone.
                    answered(
                        next, AnsweredRequest(outcome: .adapterFailure(adapter.died()), duration: 0, log: { nil }))
                    next += 1
                }
                continue
            }
            pending.removeFirst()
            let started = DispatchTime.now().uptimeNanoseconds
            let outcome = answer(to: requests[index], id: id)
            let duration = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
            // With requests sent ahead, what stderr held around an answer may belong to the next
            // request: the lines a failing test shows are those its request writes sent alone.
            let request = requests[index]
            answered(
                index,
                AnsweredRequest(outcome: outcome, duration: duration) { [self] in
                    stderrAlone(request)
                })
            if !adapter.process.isRunning || isFailure(outcome) {
                // What was sent after the failed request goes again, to a fresh adapter.
                if let first = pending.first { next = first.index }
                pending.removeAll()
            }
        }
    }

    /// How many failing tests get their own stderr (each costs its request again and a moment
    /// for the pipe to settle); the log keeps all of it.
    public static let stderrShownFor = 100
    private var stderrShown = 0

    /// What the adapter writes on stderr while it answers `request` sent alone, nothing ahead.
    private func stderrAlone(_ request: OperationRequest) -> String? {
        lock.lock()
        defer { lock.unlock() }
        guard stderrShown < Self.stderrShownFor, startIfStopped() == nil else { return nil }
        stderrShown += 1
        let stderr = adapter.stderr
        // What the requests sent before wrote may still be on its way through the pipe.
        stderr.settle()
        let mark = stderr.mark
        let id = nextId
        nextId += 1
        guard adapter.send(AdapterProtocol.request(id: id, request)) else { return nil }
        _ = answer(to: request, id: id)
        return stderr.text(since: mark)
    }

    private func isFailure(_ outcome: OperationOutcome) -> Bool {
        if case .adapterFailure(let failure) = outcome, case .unimplementedButDeclared = failure { return false }
        if case .adapterFailure = outcome { return true }
        return false
    }

    /// Starts the adapter again if it has stopped; the failure, if it cannot be.
    private func startIfStopped() -> AdapterFailure? {
        guard !adapter.process.isRunning else { return nil }
        do {
            log?.note("the adapter is started again")
            (adapter, hello) = try Adapter.start(commandLine, timeout: timeout, limit: maximumResponseBytes, log: log)
            restarts += 1
            return nil
        } catch let failure as AdapterFailure {
            return failure
        } catch {
            return .startFailed("\(error)")
        }
    }

    /// The answer to the request sent with `id`, read within the deadline.
    private func answer(to request: OperationRequest, id: Int) -> OperationOutcome {
        switch adapter.lines.next(timeout: timeout) {
        case .line(let bytes):
            guard let json = try? JSONParser.parse(bytes) else {
                return broken(.protocolError("a response that is not JSON"))
            }
            let outcome = AdapterProtocol.parseResponse(json, id: id)
            if case .adapterFailure(let f) = outcome { return broken(f) }
            if outcome == .unimplemented {
                return .adapterFailure(
                    .unimplementedButDeclared(operation: request.operation.rawValue, profile: request.profile.rawValue))
            }
            return outcome
        case .timeout: return broken(.timeout(seconds: timeout))
        case .oversize: return broken(.oversizeResponse(limit: maximumResponseBytes))
        case .closed: return .adapterFailure(adapter.died())
        }
    }

    /// Stops an adapter that broke the protocol; the next test starts a fresh one.
    private func broken(_ failure: AdapterFailure) -> OperationOutcome {
        adapter.stop()
        return .adapterFailure(failure)
    }
}

/// One running adapter process and its pipes.
private struct Adapter {
    let process: Process
    let stdin: FileHandle
    let lines: LineReader
    let stderr: PipeTail

    static func start(
        _ commandLine: String, timeout: Double, limit: Int, log: AdapterLog? = nil
    ) throws -> (Adapter, AdapterProtocol.Hello) {
        let process = Process()
        // The command line runs under /bin/sh (so `VAR=x cmd` works). Foundation starts the child
        // as the leader of a process group of its own; `stop` kills the whole group, because
        // Foundation notices a child's exit through a descriptor its descendants inherit, and one
        // orphan left holding it (a `sleep` under a hung adapter) would make the runner wait for it.
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", commandLine]
        let input = Pipe()
        let output = Pipe()
        let errors = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        do { try process.run() } catch { throw AdapterFailure.startFailed("\(error)") }
        let adapter = Adapter(
            process: process, stdin: input.fileHandleForWriting,
            lines: LineReader(handle: output.fileHandleForReading, limit: limit),
            stderr: PipeTail(handle: errors.fileHandleForReading, log: log))
        func fail(_ failure: AdapterFailure) -> AdapterFailure {
            adapter.stop()
            return failure
        }
        guard adapter.send(["type": "hello", "protocol": .string(AdapterProtocol.version)]) else {
            throw fail(.startFailed("cannot write to the adapter"))
        }
        switch adapter.lines.next(timeout: timeout) {
        case .line(let bytes):
            guard let json = try? JSONParser.parse(bytes) else { throw fail(.protocolError("the hello is not JSON")) }
            switch AdapterProtocol.Hello.parse(json) {
            case .success(let hello): return (adapter, hello)
            case .failure(let f): throw fail(f)
            }
        case .timeout: throw fail(.timeout(seconds: timeout))
        case .oversize: throw fail(.oversizeResponse(limit: limit))
        case .closed: throw adapter.died()
        }
    }

    func send(_ json: JSONValue) -> Bool {
        do {
            try stdin.write(contentsOf: JSONWriter.compactBytes(json) + [UInt8(ascii: "\n")])
            return true
        } catch {
            return false
        }
    }

    /// Kills the adapter's process group (see `start`), then the adapter itself, and waits.
    func stop() {
        guard process.isRunning else { return }
        kill(-process.processIdentifier, SIGKILL)
        kill(process.processIdentifier, SIGKILL)
        waitForExit()
    }

    /// The adapter exited or closed its stdout: whatever is left of its group goes too, and the
    /// report carries its status and last stderr.
    func died() -> AdapterFailure {
        kill(-process.processIdentifier, SIGKILL)
        waitForExit()
        return .crashed(status: process.terminationStatus, stderr: stderr.text(settle: 1))
    }

    /// Waits for the exit Foundation's monitor has seen. `waitUntilExit` runs the run loop in
    /// steps of 50 ms, a step too many for every run that ends; a killed process is reaped within
    /// a few milliseconds, and after a second the run loop's own wait takes over.
    private func waitForExit() {
        for _ in 0..<1000 where process.isRunning { usleep(1000) }
        if process.isRunning { process.waitUntilExit() }
    }
}
