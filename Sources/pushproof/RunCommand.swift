import ArgumentParser
import Foundation
import PushProofConformance
import PushProofSuites

/// `pushproof run`: the vectors against the reference, or against an adapter (`--impl`).
struct Run: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run vectors against the reference implementation (the default).",
        discussion: """
            Exit status: 0 every test run passed; 1 a test failed, or a test listed as an expected \
            failure passed; 2 a usage, vector or expected-failures error; 3 the adapter could not be \
            used (it did not start, say hello, or speak this protocol); 4 too little was tested: no \
            test passed (unless --allow-empty), fewer than --min-passed passed, or a --require'd \
            operation was not declared or had a test skipped. Reports are written in every case \
            that gets as far as the run, an aborted one saying why.
            """)

    @OptionGroup var location: VectorsLocation

    @Option(
        name: [.customLong("file"), .customLong("suite")],
        help: ArgumentHelp(
            "Run only this vector file (repeatable), by its name without _test.json, e.g. registration_bouncer.",
            discussion:
                "Files named run in the order named (with --fail-fast, the likeliest to fail first). --suite is the same option under its older name."
        ))
    var file: [String] = []

    @Option(name: .long, help: "Run only this test (repeatable), as FILE:TCID, e.g. registration_bouncer:17.")
    var test: [String] = []

    @Option(name: .long, help: "Run only this profile's groups (repeatable), e.g. deployed.")
    var profile: [String] = []

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Tests the implementation is known to fail: one `file:tcId  # reason` per line.",
            discussion: "The run then fails when a listed test passes (take it off the list) or an unlisted one fails.")
    )
    var expectedFailures: String?

    @Option(name: .long, help: "Write JUnit XML results to this file.")
    var junit: String?

    @Option(name: .long, help: "Write JSON results to this file.")
    var json: String?

    @Flag(name: .long, help: "Also list skipped tests.")
    var verbose = false

    @Flag(name: .long, help: "Stop at the first failing test (mutation testing: one failure decides).")
    var failFast = false

    @Option(
        name: .long,
        help: "Test another implementation: the command line of its adapter (see docs/adapter-protocol.md).")
    var impl: String?

    @Option(name: .long, help: "Seconds an adapter may take to answer the hello or one request.")
    var timeout: Double = 10

    @Option(
        name: .long,
        help: "Run this many adapter processes at once, each with its own hello (the report is a serial run's).")
    var jobs: Int = 1

    @Flag(name: .long, help: "Do not fail a run in which no test passed (exit status 4 otherwise).")
    var allowEmpty = false

    @Option(
        name: .long,
        help:
            "Fail (exit status 4) unless the adapter declares this operation and none of its tests is skipped (repeatable)."
    )
    var require: [String] = []

    @Option(name: .long, help: "Fail (exit status 4) when fewer tests than this pass.")
    var minPassed: Int?

    @Option(
        name: .long,
        help:
            "Keep the adapter's stderr in this file (default: beside the JSON or JUnit report as NAME.adapter.log, else ./pushproof-adapter.log)."
    )
    var adapterLog: String?

    func validate() throws {
        guard timeout > 0, timeout.isFinite else {
            throw ValidationError("--timeout takes a number of seconds above 0")
        }
        guard (1...64).contains(jobs) else { throw ValidationError("--jobs takes a number from 1 to 64") }
        if jobs > 1 && (impl == nil || failFast) {
            throw ValidationError("--jobs needs --impl, and does not go with --fail-fast")
        }
        if let minPassed, minPassed < 0 { throw ValidationError("--min-passed takes a number from 0") }
        if adapterLog != nil && impl == nil { throw ValidationError("--adapter-log needs --impl") }
    }

    func run() throws {
        // Everything a user can get wrong is checked before any work: the list, the report paths.
        let expected: ExpectedFailures?
        do {
            expected = try expectedFailures.map { try ExpectedFailures(contentsOf: URL(fileURLWithPath: $0)) }
        } catch {
            throw RunFailure.usage("\(error)")
        }
        for path in [junit, json].compactMap({ $0 }) where !ReportFile.canWrite(path) {
            throw RunFailure.usage("cannot write the report \(path) (no such folder, or not writable)")
        }
        // The adapter starts (and says hello) while the vectors are read, hashed and parsed.
        let starting = Background { try self.start() }
        func refuse(_ line: String) -> RunFailure {
            starting.discard()
            return RunFailure.usage(line)
        }
        let source: VectorSource
        do {
            source = try location.resolve()
        } catch {
            starting.discard()
            throw error
        }
        let known = source.vectorFileNames
        for name in file where !known.contains(name) {
            throw refuse("unknown vector file \(name); known: \(known.joined(separator: ", "))")
        }
        let named = file.reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
        // With --fail-fast and named files, each file is read only when its turn comes; otherwise
        // all of them first (expected failures and profiles are checked against every file).
        let oneByOne = failFast && !named.isEmpty && expectedFailures == nil && profile.isEmpty
        // Without checks that need every file first (expected failures, profiles, required
        // operations), the files are parsed in the background in run order and each runs as soon
        // as it is ready: the implementation is at work while the rest are parsed.
        let streamed =
            !oneByOne && expectedFailures == nil && profile.isEmpty && require.isEmpty && jobs == 1
        let stream = streamed ? source.vectorFileStream(only: named.isEmpty ? nil : named) : nil
        let reports = ReportFile(junit: junit, json: json, digest: "sha256:\(source.digest)", command: impl)
        let files: [VectorFile]
        do {
            files = oneByOne || streamed ? [] : try source.vectorFiles()
        } catch {
            starting.discard()
            throw error
        }
        let profiles = Set(files.flatMap { $0.groups.map(\.profile.rawValue) })
        for name in profile where !profiles.contains(name) {
            throw refuse("no group has profile \(name); profiles: \(profiles.sorted().joined(separator: ", "))")
        }
        let operations = Set(files.flatMap { $0.groups.map(\.operation.rawValue) })
        for name in require where !oneByOne && !operations.contains(name) {
            throw refuse("--require \(name): no vector has that operation")
        }
        // The first line says which vectors run (a CI log then records exactly what was run).
        print("PushProof \(PushProofVersion.string): \(source.summary)")
        let (implementation, others, log): (any ConformanceImplementation, [any ConformanceImplementation], AdapterLog?)
        do {
            (implementation, others, log) = try starting.value()
        } catch let unusable as AdapterUnusable {
            reports.writeAborted(unusable.reason, implementation: impl ?? "")
            FileHandle.standardError.write(Data("pushproof: \(unusable.reason) (its stderr: \(unusable.log))\n".utf8))
            throw ExitCode(RunFailure.adapterUnusable)
        }
        defer {
            for worker in [implementation] + others { (worker as? ExternalImplementation)?.shutdown() }
        }
        let selection = TestSelection(files: file, tests: test, profiles: profile.map(Profile.init(rawValue:)))
        let runner = ConformanceRunner(
            implementation: implementation, meanings: Suites.catalogue.meanings, others: others)
        var report: RunReport
        if oneByOne {
            report = try runner.runUntilFirstFailure(named, from: source, selection: selection)
        } else if let stream {
            report = try runner.run(stream, selection: selection, stopAtFirstFailure: failFast)
        } else {
            // Files named run in the order named.
            let order = Dictionary(named.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
            report = try runner.run(
                files.sorted { order[$0.name, default: 0] < order[$1.name, default: 0] }, selection: selection,
                expectedFailures: expected, stopAtFirstFailure: failFast)
        }
        report.vectorsDigest = "sha256:\(source.digest)"
        report.implementationCommand = impl
        print(Reports.text(report, verbose: verbose), terminator: "")
        let shortfall = shortfalls(report, implementation: implementation)
        for line in shortfall { print("NOT ENOUGH TESTED: \(line)") }
        try reports.write(report)
        if let log { print("the adapter's stderr: \(log.path)") }
        if report.failed { throw ExitCode(RunFailure.testsFailed) }
        if !shortfall.isEmpty { throw ExitCode(RunFailure.tooLittleTested) }
    }

    /// An adapter that could not be used: the run ends with exit status 3, its reports saying why.
    struct AdapterUnusable: Error {
        var reason: String
        var log: String
    }

    /// The implementation and, with --jobs, its further processes.
    func start() throws -> (
        any ConformanceImplementation, [any ConformanceImplementation], AdapterLog?
    ) {
        guard let impl else { return (Suites.catalogue.reference, [], nil) }
        let logPath =
            adapterLog ?? [json, junit].compactMap { $0 }.first.map { "\($0).adapter.log" } ?? "pushproof-adapter.log"
        var logs: [AdapterLog] = []
        for job in 1...jobs {
            let path = job == 1 ? logPath : "\(logPath).\(job)"
            guard let log = AdapterLog(path: path) else {
                throw RunFailure.usage("cannot write the adapter's log \(path) (--adapter-log names another)")
            }
            logs.append(log)
        }
        do {
            let workers = try logs.map { try ExternalImplementation(commandLine: impl, timeout: timeout, log: $0) }
            return (workers[0], Array(workers.dropFirst()), logs[0])
        } catch {
            throw AdapterUnusable(reason: "cannot use the adapter: \(error)", log: logs[0].path)
        }
    }

    /// Why the run tested too little, if it did.
    func shortfalls(_ report: RunReport, implementation: any ConformanceImplementation) -> [String] {
        var lines: [String] = []
        let passed = report.count(.passed)
        if passed == 0 && !allowEmpty {
            lines.append("no test passed (--allow-empty accepts that; does the adapter declare its operations?)")
        }
        if let minPassed, passed < minPassed { lines.append("\(passed) tests passed, --min-passed is \(minPassed)") }
        for name in require {
            let mine = report.outcomes.filter { $0.operation.rawValue == name }
            let skipped = mine.filter { $0.status == .skipped }.count
            if mine.isEmpty {
                lines.append("--require \(name): the selection runs none of its tests")
            } else if skipped > 0 {
                lines.append(
                    "--require \(name): \(skipped) of its \(mine.count) tests skipped (the adapter does not declare them)"
                )
            }
        }
        return lines
    }
}

/// A piece of work begun on another thread, whose result is waited for when needed.
final class Background<T>: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var result: Result<T, Error>?

    init(_ work: @escaping @Sendable () throws -> T) {
        Thread { [self] in
            result = Result { try work() }
            done.signal()
        }.start()
    }

    func value() throws -> T {
        done.wait()
        done.signal()
        return try result!.get()
    }

    /// The work's result is not wanted: an implementation it started is stopped.
    func discard() {
        guard
            let started = try? value() as? (any ConformanceImplementation, [any ConformanceImplementation], AdapterLog?)
        else { return }
        for worker in [started.0] + started.1 { (worker as? ExternalImplementation)?.shutdown() }
    }
}
