import Foundation
import PushProofJSON
import Testing
@testable import PushProofConformance

let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
let vectorsDirectory = packageRoot.appendingPathComponent("vectors")

/// An implementation that answers like the reference except on the operations it breaks.
struct Breaking: ConformanceImplementation {
    let name = "breaking"
    let change: @Sendable (String, JSONValue, OperationOutcome) -> OperationOutcome
    func perform(operation: String, input: JSONValue) -> OperationOutcome {
        change(operation, input, ReferenceImplementation().perform(operation: operation, input: input))
    }
}

@Suite struct ConformanceTests {
    @Test func everyShippedVectorPassesAgainstTheReference() throws {
        let files = try ConformanceRunner.loadVectors(directory: vectorsDirectory)
        let report = try ConformanceRunner(implementation: ReferenceImplementation()).run(files)
        #expect(report.count(.failed) == 0, "\(Reports.text(report))")
        #expect(report.count(.skipped) == 0)
        #expect(report.outcomes.count > 100)
    }

    @Test func regeneratingChangesNoByte() throws {
        let (differing, unexpected) = try VectorSuites.verify(directory: vectorsDirectory)
        #expect(differing.isEmpty, "regenerate with `swift run pushproof vectors generate`")
        #expect(unexpected.isEmpty)
    }

    @Test func generationIsDeterministic() throws {
        let a = try VectorSuites.generateAll().map(\.serialized)
        let b = try VectorSuites.generateAll().map(\.serialized)
        #expect(a == b)
    }

    @Test func everyFlagHasANoteAndIdsAreUnique() throws {
        for file in try VectorSuites.generateAll() {
            let noted = Set(file.notes.map(\.flag))
            var ids = Set<Int>()
            for group in file.groups {
                for test in group.tests {
                    #expect(ids.insert(test.tcId).inserted, "\(file.suite) tcId \(test.tcId) twice")
                    for flag in test.flags { #expect(noted.contains(flag)) }
                    if test.result == .invalid { #expect(test.expected["error"] != nil) }
                }
            }
        }
    }

    @Test func theRunnerCatchesAWrongAnswer() throws {
        let files = try ConformanceRunner.loadVectors(directory: vectorsDirectory)
        // A bouncer that never checks liveness.
        let lax = Breaking { op, _, outcome in
            if op == "registration.bouncer", outcome == .error(code: "REQUEST_EXPIRED", message: nil) {
                return .output(["deviceId": 1, "created": true])
            }
            return outcome
        }
        let report = try ConformanceRunner(implementation: lax).run(files, selection: TestSelection(suites: ["registration_bouncer"]))
        let caught = report.outcomes.filter { $0.status == .failed }
        #expect(caught.count >= 4)
        #expect(caught.allSatisfy { $0.expected["error"]?.stringValue == "REQUEST_EXPIRED" })
    }

    @Test func wrongMessagesAndUnimplementedOperationsAreReported() throws {
        let files = try ConformanceRunner.loadVectors(directory: vectorsDirectory)
        let sloppy = Breaking { op, _, outcome in
            if op == "registration.seal" { return .unimplemented }
            if case let .error(code, _?) = outcome { return .error(code: code, message: "something else") }
            return outcome
        }
        let report = try ConformanceRunner(implementation: sloppy).run(files)
        #expect(report.count(.skipped) == files.flatMap(\.tests).filter { $0.operation == "registration.seal" }.count)
        #expect(report.count(.failed) > 0)
        #expect(report.outcomes.filter { $0.status == .failed }.allSatisfy { $0.suite == "registration_server" })
    }

    @Test func acceptableAlternativesPass() throws {
        let files = try ConformanceRunner.loadVectors(directory: vectorsDirectory)
        // Answer every acceptable vector with its last alternative instead of the expected answer.
        let tests = files.flatMap { f in f.tests.filter { $0.result == .acceptable }.map { (f.suite, $0) } }
        #expect(!tests.isEmpty)
        for (suite, test) in tests {
            let alt = test.alsoAccepted.last!
            let outcome: OperationOutcome = alt["output"].map { .output($0) } ?? .error(code: alt["error"]!.stringValue!, message: nil)
            let runner = ConformanceRunner(implementation: Breaking { _, _, _ in outcome })
            #expect(runner.judge(test, suite: suite).status == .passed, "\(suite):\(test.tcId)")
        }
    }

    @Test func selectionAndReports() throws {
        let files = try ConformanceRunner.loadVectors(directory: vectorsDirectory)
        let report = try ConformanceRunner(implementation: ReferenceImplementation())
            .run(files, selection: TestSelection(tests: ["registration_client:1", "registration_bouncer:2"]))
        #expect(report.outcomes.map(\.name) == ["registration_bouncer:2", "registration_client:1"])
        let xml = Reports.junitXML(report)
        #expect(xml.contains("<testsuites name=\"pushproof-reference\" tests=\"2\" failures=\"0\" skipped=\"0\">"))
        let json = try JSONParser.parse(Reports.json(report))
        #expect(json["passed"] == 2)
        #expect(throws: RunnerError.self) {
            try ConformanceRunner(implementation: ReferenceImplementation()).run(files, selection: TestSelection(suites: ["nope"]))
        }
    }

    @Test func malformedVectorInputIsAHarnessErrorNotACrash() {
        let ref = ReferenceImplementation()
        for op in ref.operations {
            for input: JSONValue in [nil, [], ["profile": "deployed"], ["profile": "nope"], ["profile": "deployed", "token": 5]] {
                if case let .error(code, _) = ref.perform(operation: op, input: input) {
                    #expect(code == harnessInputErrorCode || code == "BAD_REQUEST")
                }
            }
        }
        #expect(ref.perform(operation: "no.such.operation", input: [:]) == .unimplemented)
    }
}
