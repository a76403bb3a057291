import Foundation
import PushProofJSON

/// How one vector went.
public struct TestOutcome: Sendable {
    public enum Status: String, Sendable { case passed, failed, skipped }

    public var suite: String
    public var tcId: Int
    public var operation: String
    public var profile: String
    public var comment: String
    public var result: VectorResult
    public var status: Status
    public var expected: JSONValue
    public var alsoAccepted: [JSONValue]
    public var actual: JSONValue

    public var name: String { "\(suite):\(tcId)" }
}

public struct RunReport: Sendable {
    public var implementation: String
    public var outcomes: [TestOutcome]

    public func count(_ status: TestOutcome.Status, suite: String? = nil) -> Int {
        outcomes.filter { $0.status == status && (suite == nil || $0.suite == suite) }.count
    }

    public var suites: [String] {
        var seen: [String] = []
        for o in outcomes where !seen.contains(o.suite) { seen.append(o.suite) }
        return seen
    }

    public var failed: Bool { count(.failed) > 0 }
}

/// Picks tests by suite name and by `suite:tcId`.
public struct TestSelection: Sendable {
    public var suites: Set<String>
    public var tests: Set<String>
    public init(suites: [String] = [], tests: [String] = []) {
        self.suites = Set(suites)
        self.tests = Set(tests)
    }
    func includes(suite: String, tcId: Int) -> Bool {
        (suites.isEmpty || suites.contains(suite)) && (tests.isEmpty || tests.contains("\(suite):\(tcId)"))
    }
}

public enum RunnerError: Error, CustomStringConvertible {
    case noVectors(String)
    case unreadable(String, String)
    case nothingSelected

    public var description: String {
        switch self {
        case let .noVectors(dir): return "no *_test.json vector files in \(dir)"
        case let .unreadable(file, why): return "\(file): \(why)"
        case .nothingSelected: return "the selection matches no test"
        }
    }
}

/// Runs vector files against an implementation and judges each answer.
public struct ConformanceRunner {
    public let implementation: any ConformanceImplementation

    public init(implementation: any ConformanceImplementation) {
        self.implementation = implementation
    }

    /// Loads every `*_test.json` in `directory`, sorted by name.
    public static func loadVectors(directory: URL) throws -> [LoadedVectorFile] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        let files = names.filter { $0.hasSuffix("_test.json") }.sorted()
        guard !files.isEmpty else { throw RunnerError.noVectors(directory.path) }
        return try files.map { name in
            let data = try Data(contentsOf: directory.appendingPathComponent(name))
            do {
                return try LoadedVectorFile(json: JSONParser.parse([UInt8](data)))
            } catch {
                throw RunnerError.unreadable(name, "\(error)")
            }
        }
    }

    public func run(_ files: [LoadedVectorFile], selection: TestSelection = TestSelection()) throws -> RunReport {
        var outcomes: [TestOutcome] = []
        for file in files {
            for test in file.tests where selection.includes(suite: file.suite, tcId: test.tcId) {
                outcomes.append(judge(test, suite: file.suite))
            }
        }
        guard !outcomes.isEmpty else { throw RunnerError.nothingSelected }
        return RunReport(implementation: implementation.name, outcomes: outcomes)
    }

    func judge(_ test: LoadedVectorFile.Test, suite: String) -> TestOutcome {
        let input = test.input.setting("profile", to: .string(test.profile))
        let outcome = implementation.perform(operation: test.operation, input: input)
        let status: TestOutcome.Status
        if outcome == .unimplemented {
            status = .skipped
        } else {
            let candidates = test.result == .acceptable ? [test.expected] + test.alsoAccepted : [test.expected]
            status = candidates.contains { Self.matches(outcome, $0) } ? .passed : .failed
        }
        return TestOutcome(suite: suite, tcId: test.tcId, operation: test.operation, profile: test.profile,
                           comment: test.comment, result: test.result, status: status, expected: test.expected,
                           alsoAccepted: test.alsoAccepted, actual: outcome.json)
    }

    /// An output matches `{"output": X}` when it equals X as JSON; an error matches
    /// `{"error": C}` when the code is C, and the message too where the vector gives one.
    static func matches(_ outcome: OperationOutcome, _ expected: JSONValue) -> Bool {
        switch outcome {
        case let .output(value):
            guard let want = expected["output"] else { return false }
            return value.semanticallyEquals(want)
        case let .error(code, message):
            guard let want = expected["error"]?.stringValue, want == code else { return false }
            if let wantMessage = expected["message"]?.stringValue { return wantMessage == message }
            return true
        case .unimplemented, .adapterFailure:
            return false
        }
    }
}
