import PushProofConformance
import PushProofJSON
import Testing

/// A suite whose output holds a set written as a list: the order of the list is free, so the
/// operation is judged by meaning (the sorted list).
struct SetSuite: ConformanceSuite {
    let name = "set"

    static let meaning: AnswerMeanings.Meaning = { _, output in
        let items = (output["items"]?.arrayValue ?? []).compactMap(\.stringValue).sorted()
        return ["items": .array(items.map { .string($0) })]
    }

    var operations: [SuiteOperation] {
        [
            SuiteOperation(
                "set.of", schema: OperationSchema(groupType: "SetTest", input: true, output: true),
                profiles: [.deployed], meaning: Self.meaning
            ) { request in
                // The reference writes the set in input order, with repeats dropped.
                var seen: [String] = []
                for item in try request.reader.stringArray("items") where !seen.contains(item) { seen.append(item) }
                return ["items": .array(seen.map { .string($0) })]
            }
        ]
    }

    func vectorFiles() throws -> [VectorFileDeclaration] {
        [
            VectorFileDeclaration(
                name: "set_of", protocolName: "toy", notes: ["Normal": VectorNote(bugType: .basic, description: "x")],
                header: ["A set."],
                groups: [
                    .init(
                        operation: "set.of", description: "Sets.", ids: .block(1...10),
                        cases: [
                            VectorCase(comment: "three", flags: ["Normal"], input: ["items": ["b", "a", "b", "c"]])
                        ])
                ])
        ]
    }
}

/// Answers every request with a fixed output.
struct Answering: ConformanceImplementation {
    let output: JSONValue
    var name: String { "fixed" }
    func perform(_ request: OperationRequest) -> OperationOutcome { .output(output) }
}

@Suite struct AnswerMeaningTests {
    let catalogue = ConformanceCatalogue(suites: [SetSuite()])

    @Test func theVectorHoldsTheMeaningAndTheReferencesBytesAsIntermediate() throws {
        let test = try #require(try catalogue.generateVectorFiles().first?.groups.first?.tests.first)
        #expect(test.expected.json == ["output": ["items": ["a", "b", "c"]]])
        #expect(test.intermediate == ["items": ["b", "a", "c"]])
    }

    @Test func anotherOrderPassesAnotherSetFails() throws {
        let files = try catalogue.generateVectorFiles()
        func passed(_ output: JSONValue, _ meanings: AnswerMeanings) throws -> Bool {
            try ConformanceRunner(implementation: Answering(output: output), meanings: meanings).run(files).outcomes
                .allSatisfy { $0.status == .passed }
        }
        #expect(try passed(["items": ["c", "b", "a"]], catalogue.meanings))
        #expect(try !passed(["items": ["c", "b"]], catalogue.meanings))
        #expect(try !passed(["items": ["c", "b", "a", "d"]], catalogue.meanings))
        // Without the meaning the same answer is compared as it is, and fails.
        #expect(try !passed(["items": ["c", "b", "a"]], AnswerMeanings()))
    }

    @Test func aRunCanStopAtItsFirstFailure() throws {
        let files = try ConformanceCatalogue(suites: [ToySuite()]).generateVectorFiles()
        let wrong = Answering(output: ["text": "nothing like it"])
        let all = try ConformanceRunner(implementation: wrong, meanings: AnswerMeanings()).run(files)
        let first = try ConformanceRunner(implementation: wrong, meanings: AnswerMeanings()).run(
            files, stopAtFirstFailure: true)
        #expect(all.outcomes.filter(\.failsRun).count > 1)
        #expect(first.outcomes.count == 1 && first.outcomes[0].failsRun)
    }

    @Test func theFuzzerComparesMeaningsToo() throws {
        let files = try catalogue.generateVectorFiles()
        let fuzzer = DifferentialFuzzer(seed: 3, iterations: 300, meanings: catalogue.meanings)
        // Sorted output: the same meaning as the reference's for every input.
        struct Sorting: ConformanceImplementation {
            var name: String { "sorting" }
            func perform(_ request: OperationRequest) -> OperationOutcome {
                guard let items = try? request.reader.stringArray("items") else {
                    return .error(code: harnessInputErrorCode, message: "")
                }
                return .output(["items": .array(Set(items).sorted().map { .string($0) })])
            }
        }
        let report = fuzzer.run(reference: catalogue.reference, implementation: Sorting(), files: files)
        #expect(report.compared > 0)
        #expect(report.findings.isEmpty)
    }
}
