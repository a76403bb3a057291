import Foundation
import PushProofJSON

/// How one vector went.
public struct TestOutcome: Sendable {
    public enum Status: String, Sendable, CaseIterable {
        case passed, failed, skipped
        /// Failed, and listed as an expected failure: does not fail the run.
        case expectedFailure
        /// Passed, but listed as an expected failure: fails the run (take it off the list).
        case unexpectedPass
    }

    /// The vector file the test is in, by name without `_test.json`.
    public var file: String
    public var operation: OperationName
    public var profile: Profile
    public var test: VectorTest
    public var status: Status
    public var actual: OperationOutcome
    /// How long the implementation took to answer, in seconds.
    public var duration: Double = 0
    /// What the adapter wrote on stderr while it answered (an adapter's; nil for in-process ones).
    public var adapterLog: String? = nil

    public var name: String { "\(file):\(test.tcId)" }
    /// Whether this outcome fails the run.
    public var failsRun: Bool { status == .failed || status == .unexpectedPass }
}

public struct RunReport: Sendable {
    public var implementation: String
    public var outcomes: [TestOutcome]
    public var expectedFailures: ExpectedFailures?
    /// The vectors run, by their digest (`VectorSource.digest`), when the runner was told.
    public var vectorsDigest: String?
    /// The implementation's own command line, for the one-line re-run of a failing test.
    public var implementationCommand: String?
    /// Why the run ended before its first test, when it did (the adapter could not be used).
    public var aborted: String?

    public init(implementation: String, outcomes: [TestOutcome], expectedFailures: ExpectedFailures?) {
        self.implementation = implementation
        self.outcomes = outcomes
        self.expectedFailures = expectedFailures
    }

    public func count(_ status: TestOutcome.Status, file: String? = nil, profile: Profile? = nil) -> Int {
        // Read in place: a report counts its outcomes many times, and copying each one (its test,
        // its answer) would cost more than the run's own judging.
        outcomes.withUnsafeBufferPointer { all in
            var count = 0
            for index in all.indices
            where all[index].status == status && (file == nil || all[index].file == file)
                && (profile == nil || all[index].profile == profile)
            {
                count += 1
            }
            return count
        }
    }

    /// The vector files in the order run.
    public var files: [String] { ordered(outcomes.map(\.file)) }
    public var profiles: [Profile] { ordered(outcomes.map(\.profile)) }

    public var failed: Bool { outcomes.contains { $0.failsRun } }

    private func ordered<T: Hashable>(_ items: [T]) -> [T] {
        var seen = Set<T>()
        return items.filter { seen.insert($0).inserted }
    }
}

public enum RunnerError: Error, CustomStringConvertible {
    case noVectors(String)
    case unreadable(String, String)
    case nothingSelected
    case unknownExpectedFailures(source: String, [String])

    public var description: String {
        switch self {
        case .noVectors(let dir): return "no *_test.json vector files in \(dir)"
        case .unreadable(let file, let why): return "\(file): \(why)"
        case .nothingSelected: return "the selection matches no test"
        case .unknownExpectedFailures(let source, let names):
            return "\(source) lists tests that no vector file has: \(names.joined(separator: ", "))"
        }
    }
}

/// Runs vector files against an implementation and judges each answer.
public struct ConformanceRunner: Sendable {
    public let implementation: any ConformanceImplementation
    /// Further instances of the same implementation (adapter processes) that answer tests at the
    /// same time as `implementation`: `pushproof run --jobs N`.
    public let others: [any ConformanceImplementation]
    /// The operations whose outputs are judged by meaning (`Suites.catalogue.meanings`).
    public let meanings: AnswerMeanings

    public init(
        implementation: any ConformanceImplementation, meanings: AnswerMeanings,
        others: [any ConformanceImplementation] = []
    ) {
        self.implementation = implementation
        self.others = others
        self.meanings = meanings
    }

    /// The vector files in `directory`, by name without `_test.json`, sorted.
    public static func vectorFileNames(directory: URL) throws -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        let files = names.filter { $0.hasSuffix("_test.json") }.sorted()
        guard !files.isEmpty else { throw RunnerError.noVectors(directory.path) }
        return files.map { String($0.dropLast("_test.json".count)) }
    }

    /// Every vector file in `directory`, or only those named in `only` (in that order), read once
    /// and parsed on every core at once (`VectorSource.vectorFiles`).
    public static func loadVectors(directory: URL, only: [String]? = nil) throws -> [VectorFile] {
        let names = try only ?? vectorFileNames(directory: directory)
        let parsed = IndexedResults<VectorFile>(count: names.count)
        DispatchQueue.concurrentPerform(iterations: names.count) { index in
            let name = names[index] + "_test.json"
            parsed.store(
                Result {
                    guard let data = FileManager.default.contents(atPath: directory.appendingPathComponent(name).path)
                    else { throw RunnerError.unreadable(name, "cannot be read") }
                    do { return try VectorFile(bytes: [UInt8](data)) } catch {
                        throw RunnerError.unreadable(name, "\(error)")
                    }
                }, at: index)
        }
        return try parsed.results.map { try $0.get() }
    }

    /// `stopAtFirstFailure`: end the run at the first outcome that fails it (the report then
    /// holds the tests run so far); for mutation testing, where one failure decides.
    public func run(
        _ files: [VectorFile], selection: TestSelection = TestSelection(),
        expectedFailures: ExpectedFailures? = nil, stopAtFirstFailure: Bool = false
    ) throws -> RunReport {
        if let expectedFailures {
            let known = Set(files.flatMap { f in f.groups.flatMap { $0.tests.map { "\(f.name):\($0.tcId)" } } })
            let unknown = expectedFailures.reasons.keys.filter { !known.contains($0) }.sorted()
            guard unknown.isEmpty else {
                throw RunnerError.unknownExpectedFailures(source: expectedFailures.source, unknown)
            }
        }
        var work: [(test: VectorTest, group: VectorGroup, file: String, request: OperationRequest)] = []
        for file in files {
            for group in file.groups {
                for test in group.tests
                where selection.includes(file: file.name, profile: group.profile, tcId: test.tcId) {
                    work.append(
                        (
                            test, group, file.name,
                            OperationRequest(
                                operation: group.operation, profile: group.profile, input: test.input)
                        ))
                }
            }
        }
        let listed: @Sendable (TestOutcome) -> TestOutcome = { outcome in
            var outcome = outcome
            if expectedFailures?.contains(outcome.name) == true {
                switch outcome.status {
                case .failed: outcome.status = .expectedFailure
                case .passed: outcome.status = .unexpectedPass
                default: break
                }
            }
            return outcome
        }
        let items = work
        // Each answer is judged as it comes in, while the implementation works on the next; the
        // stderr of a failing test is read once the implementation is done with the others.
        let judged: @Sendable (Int, AnsweredRequest, any ConformanceImplementation) -> TestOutcome = {
            index, answered, worker in
            listed(
                self.judge(
                    items[index].test, in: items[index].group, file: items[index].file, answered: answered,
                    by: worker))
        }
        let answer: @Sendable (Range<Int>, any ConformanceImplementation) -> [TestOutcome] = { range, worker in
            var outcomes: [TestOutcome] = []
            var logs: [(Int, AnsweredRequest)] = []
            worker.perform(all: range.map { items[$0].request }) { offset, answered in
                let outcome = judged(range.lowerBound + offset, answered, worker)
                if outcome.status == .failed || outcome.status == .expectedFailure { logs.append((offset, answered)) }
                outcomes.append(outcome)
            }
            for (offset, answered) in logs {
                if let log = answered.log(), !log.isEmpty { outcomes[offset].adapterLog = log }
            }
            return outcomes
        }
        var outcomes: [TestOutcome] = []
        if stopAtFirstFailure {
            for index in items.indices {
                let outcome = answer(index..<index + 1, implementation)[0]
                outcomes.append(outcome)
                if outcome.failsRun { break }
            }
        } else if others.isEmpty {
            outcomes = answer(items.indices, implementation)
        } else {
            outcomes = inParallel(items.count, answer)
        }
        guard !outcomes.isEmpty else { throw RunnerError.nothingSelected }
        return RunReport(implementation: implementation.name, outcomes: outcomes, expectedFailures: expectedFailures)
    }

    /// Runs the vector files named, in that order, each parsed only when its turn comes, and stops
    /// at the first outcome that fails the run: where one failure decides (mutation testing), a
    /// run that fails early never parses the files after it.
    public func runUntilFirstFailure(
        _ names: [String], from source: VectorSource, selection: TestSelection = TestSelection()
    ) throws -> RunReport {
        try run(
            count: names.count, file: { try source.vectorFiles(only: [names[$0]])[0] }, selection: selection,
            stopAtFirstFailure: true)
    }

    /// Runs the stream's files in its order, each as soon as it is parsed: the implementation
    /// answers the first file's tests while the later files are parsed. The report is the one
    /// `run(_:selection:)` gives for the same files; a file that does not parse ends the run.
    public func run(
        _ stream: VectorFileStream, selection: TestSelection = TestSelection(), stopAtFirstFailure: Bool = false
    ) throws -> RunReport {
        try run(
            count: stream.names.count, file: stream.file(at:), selection: selection,
            stopAtFirstFailure: stopAtFirstFailure)
    }

    /// One file at a time, in order (no expected failures: they are checked against every file).
    private func run(
        count: Int, file: (Int) throws -> VectorFile, selection: TestSelection, stopAtFirstFailure: Bool
    ) throws -> RunReport {
        var outcomes: [TestOutcome] = []
        for index in 0..<count {
            let part: RunReport
            do {
                part = try run([file(index)], selection: selection, stopAtFirstFailure: stopAtFirstFailure)
            } catch RunnerError.nothingSelected {
                continue
            }
            outcomes += part.outcomes
            if stopAtFirstFailure && part.failed { break }
        }
        guard !outcomes.isEmpty else { throw RunnerError.nothingSelected }
        return RunReport(implementation: implementation.name, outcomes: outcomes, expectedFailures: nil)
    }

    /// Every index answered, each by one of the implementations (a worker takes the next few
    /// indices as soon as it is free), the outcomes in index order: the same report as a serial run.
    func inParallel(
        _ count: Int, _ body: @Sendable (Range<Int>, any ConformanceImplementation) -> [TestOutcome]
    ) -> [TestOutcome] {
        let workers = [implementation] + others
        let results = ParallelResults(count: count)
        DispatchQueue.concurrentPerform(iterations: workers.count) { w in
            while let range = results.claim(upTo: 32) {
                for (index, outcome) in zip(range, body(range, workers[w])) { results.store(outcome, at: index) }
            }
        }
        return results.outcomes
    }

    func judge(
        _ test: VectorTest, in group: VectorGroup, file: String, answered: AnsweredRequest,
        by implementation: any ConformanceImplementation
    ) -> TestOutcome {
        let request = OperationRequest(operation: group.operation, profile: group.profile, input: test.input)
        let answer = meanings.judged(answered.outcome, for: request)
        let status: TestOutcome.Status
        if answer == .unimplemented {
            status = .skipped
        } else {
            let passes =
                implementation.answersWireErrors
                ? test.acceptsOnTheWire(answer) : test.accepts(answer, codeGroups: implementation.errorCodeGroups)
            status = passes ? .passed : .failed
        }
        var outcome = TestOutcome(
            file: file, operation: group.operation, profile: group.profile, test: test, status: status,
            actual: answer)
        outcome.duration = answered.duration
        return outcome
    }
}

/// The outcomes of a parallel run, by index, and the next index to answer.
private final class ParallelResults: @unchecked Sendable {
    private let lock = NSLock()
    private var next = 0
    private var slots: [TestOutcome?]

    init(count: Int) { slots = Array(repeating: nil, count: count) }

    func claim(upTo size: Int) -> Range<Int>? {
        lock.lock()
        defer { lock.unlock() }
        guard next < slots.count else { return nil }
        let range = next..<min(next + size, slots.count)
        next = range.upperBound
        return range
    }

    func store(_ outcome: TestOutcome, at index: Int) {
        lock.lock()
        defer { lock.unlock() }
        slots[index] = outcome
    }

    var outcomes: [TestOutcome] { slots.compactMap { $0 } }
}
