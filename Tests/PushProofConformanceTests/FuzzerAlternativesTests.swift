import PushProofConformance
import PushProofJSON
import Testing

/// A suite whose operation counts items; with `lenient`, the profile also allows one more (as a
/// deployed profile allows what the deployed system answers).
struct CountSuite: ConformanceSuite {
    let lenient: Bool
    var name: String { "count" }

    @Sendable static func count(_ request: OperationRequest) throws -> JSONValue {
        ["count": .integer(Int64(try request.reader.stringArray("items").count))]
    }

    @Sendable static func oneMore(_ request: OperationRequest) -> [OperationOutcome] {
        [OperationOutcome { .output(["count": .integer(Int64(try request.reader.stringArray("items").count + 1))]) }]
    }

    var operations: [SuiteOperation] {
        let alternatives: (@Sendable (OperationRequest) -> [OperationOutcome])? = lenient ? Self.oneMore : nil
        return [SuiteOperation("count.of", profiles: [.deployed], alternatives: alternatives, output: Self.count)]
    }

    func vectorFiles() throws -> [VectorFileDeclaration] {
        [
            VectorFileDeclaration(
                suite: "count_of", protocolName: "toy",
                notes: ["Normal": VectorNote(bugType: "BASIC", description: "x")],
                header: ["A count."],
                groups: [
                    .init(
                        type: "CountTest", operation: "count.of", description: "Counts.", ids: .block(1...10),
                        cases: [VectorCase(comment: "three", flags: ["Normal"], input: ["items": ["a", "b", "c"]])])
                ])
        ]
    }
}

/// Answers one more than the count: the lenient answer.
struct CountingOneMore: ConformanceImplementation {
    var name: String { "one-more" }
    func perform(_ request: OperationRequest) -> OperationOutcome {
        OperationOutcome { .output(["count": .integer(Int64(try request.reader.stringArray("items").count + 1))]) }
    }
}

@Suite struct FuzzerAlternativesTests {
    func findings(lenient: Bool) throws -> DifferentialReport {
        let catalogue = ConformanceCatalogue(suites: [CountSuite(lenient: lenient)])
        let fuzzer = DifferentialFuzzer(seed: 5, iterations: 300, meanings: catalogue.meanings)
        return fuzzer.run(
            reference: catalogue.reference, implementation: CountingOneMore(),
            files: try catalogue.generateVectorFiles())
    }

    /// The reference's alternatives are allowed for mutated inputs too; without them the same
    /// answers are findings.
    @Test func anAnswerTheProfileAllowsIsNotAFinding() throws {
        let allowed = try findings(lenient: true)
        #expect(allowed.compared > 0)
        #expect(allowed.findings.isEmpty)
        #expect(try !findings(lenient: false).findings.isEmpty)
    }
}
