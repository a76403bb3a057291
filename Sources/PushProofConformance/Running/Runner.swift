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

    public var suite: String
    public var operation: OperationName
    public var profile: Profile
    public var test: VectorTest
    public var status: Status
    public var actual: OperationOutcome
    /// How long the implementation took to answer, in seconds.
    public var duration: Double = 0
    /// What the adapter wrote on stderr while it answered (an adapter's; nil for in-process ones).
    public var adapterLog: String? = nil

    public var name: String { "\(suite):\(test.tcId)" }
    /// The vector file the test is in (`suite` is its name).
    public var file: String { suite }
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

    public func count(_ status: TestOutcome.Status, suite: String? = nil, profile: Profile? = nil) -> Int {
        outcomes.filter {
            $0.status == status && (suite == nil || $0.suite == suite) && (profile == nil || $0.profile == profile)
        }
        .count
    }

    /// Suites in the order run.
    public var suites: [String] { ordered(outcomes.map(\.suite)) }
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
public struct ConformanceRunner {
    public let implementation: any ConformanceImplementation
    /// The operations whose outputs are judged by meaning (`Suites.catalogue.meanings`).
    public let meanings: AnswerMeanings

    public init(implementation: any ConformanceImplementation, meanings: AnswerMeanings) {
        self.implementation = implementation
        self.meanings = meanings
    }

    /// The vector files in `directory`, by name without `_test.json`, sorted.
    public static func vectorFileNames(directory: URL) throws -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        let files = names.filter { $0.hasSuffix("_test.json") }.sorted()
        guard !files.isEmpty else { throw RunnerError.noVectors(directory.path) }
        return files.map { String($0.dropLast("_test.json".count)) }
    }

    /// Every vector file in `directory`, or only those named in `only` (in that order).
    public static func loadVectors(directory: URL, only: [String]? = nil) throws -> [VectorFile] {
        return try (only ?? vectorFileNames(directory: directory)).map { suite in
            let name = suite + "_test.json"
            let data = try Data(contentsOf: directory.appendingPathComponent(name))
            do {
                return try VectorFile(bytes: [UInt8](data))
            } catch {
                throw RunnerError.unreadable(name, "\(error)")
            }
        }
    }

    /// `stopAtFirstFailure`: end the run at the first outcome that fails it (the report then
    /// holds the tests run so far); for mutation testing, where one failure decides.
    public func run(
        _ files: [VectorFile], selection: TestSelection = TestSelection(),
        expectedFailures: ExpectedFailures? = nil, stopAtFirstFailure: Bool = false
    ) throws -> RunReport {
        if let expectedFailures {
            let known = Set(files.flatMap { f in f.groups.flatMap { $0.tests.map { "\(f.suite):\($0.tcId)" } } })
            let unknown = expectedFailures.reasons.keys.filter { !known.contains($0) }.sorted()
            guard unknown.isEmpty else {
                throw RunnerError.unknownExpectedFailures(source: expectedFailures.source, unknown)
            }
        }
        var outcomes: [TestOutcome] = []
        run: for file in files {
            for group in file.groups {
                for test in group.tests
                where selection.includes(suite: file.suite, profile: group.profile, tcId: test.tcId) {
                    var outcome = judge(test, in: group, suite: file.suite)
                    if expectedFailures?.contains(outcome.name) == true {
                        switch outcome.status {
                        case .failed: outcome.status = .expectedFailure
                        case .passed: outcome.status = .unexpectedPass
                        default: break
                        }
                    }
                    outcomes.append(outcome)
                    if stopAtFirstFailure && outcome.failsRun { break run }
                }
            }
        }
        guard !outcomes.isEmpty else { throw RunnerError.nothingSelected }
        return RunReport(implementation: implementation.name, outcomes: outcomes, expectedFailures: expectedFailures)
    }

    /// Runs the vector files named, in that order, each read from `directory` only when its turn
    /// comes, and stops at the first outcome that fails the run: where one failure decides
    /// (mutation testing), a run that fails early never parses the files after it.
    public func runUntilFirstFailure(
        _ names: [String], in directory: URL, selection: TestSelection = TestSelection()
    ) throws -> RunReport {
        var outcomes: [TestOutcome] = []
        for name in names {
            let part: RunReport
            do {
                part = try run(
                    Self.loadVectors(directory: directory, only: [name]), selection: selection,
                    stopAtFirstFailure: true)
            } catch RunnerError.nothingSelected {
                continue
            }
            outcomes += part.outcomes
            if part.failed { break }
        }
        guard !outcomes.isEmpty else { throw RunnerError.nothingSelected }
        return RunReport(implementation: implementation.name, outcomes: outcomes, expectedFailures: nil)
    }

    func judge(_ test: VectorTest, in group: VectorGroup, suite: String) -> TestOutcome {
        let request = OperationRequest(operation: group.operation, profile: group.profile, input: test.input)
        let started = DispatchTime.now().uptimeNanoseconds
        let answer = meanings.judged(implementation.perform(request), for: request)
        let duration = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
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
            suite: suite, operation: group.operation, profile: group.profile, test: test, status: status,
            actual: answer)
        outcome.duration = duration
        return outcome
    }
}
