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
        return [
            SuiteOperation(
                "count.of", schema: OperationSchema(groupType: "CountTest", input: true, output: true),
                profiles: [.deployed], alternatives: alternatives, output: Self.count)
        ]
    }

    func vectorFiles() throws -> [VectorFileDeclaration] {
        [
            VectorFileDeclaration(
                name: "count_of", protocolName: "toy",
                notes: ["Normal": VectorNote(bugType: .basic, description: "x")],
                header: ["A count."],
                groups: [
                    .init(
                        operation: "count.of", description: "Counts.", ids: .block(1...10),
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

    /// A finding is written as a vector file of one test that the runner loads: the reference
    /// passes it and the implementation that disagreed fails it.
    @Test func aFindingIsAVectorFileTheRunnerLoads() throws {
        let report = try findings(lenient: false)
        let finding = try #require(report.findings.first)
        let file = finding.vectorFile(number: 1, implementation: "one-more")
        let read = try VectorFile(bytes: Array(file.serialized.utf8))
        #expect(read == file)
        #expect(read.fileName == "count_of_finding1_test.json")
        let test = try #require(read.groups.first?.tests.first)
        #expect(read.numberOfTests == 1 && test.input == finding.input && test.tcId == 2)
        #expect(read.header.contains { $0.contains("one-more") })
        let catalogue = ConformanceCatalogue(suites: [CountSuite(lenient: false)])
        let passed = try ConformanceRunner(implementation: catalogue.reference, meanings: catalogue.meanings).run([read]
        )
        #expect(passed.count(.passed) == 1)
        let failed = try ConformanceRunner(implementation: CountingOneMore(), meanings: catalogue.meanings).run([read])
        #expect(failed.count(.failed) == 1)
    }

    /// Inputs go only to what an implementation offers: one that takes no operation is asked
    /// nothing, and nothing is counted as skipped.
    @Test func anOperationTheImplementationDoesNotOfferGetsNoInput() throws {
        struct OffersNothing: ConformanceImplementation {
            var name: String { "offers-nothing" }
            func perform(_ request: OperationRequest) -> OperationOutcome { .unimplemented }
            func offers(_ operation: OperationName, profile: Profile) -> Bool { false }
        }
        let catalogue = ConformanceCatalogue(suites: [CountSuite(lenient: false)])
        let report = DifferentialFuzzer(seed: 5, iterations: 300, meanings: catalogue.meanings).run(
            reference: catalogue.reference, implementation: OffersNothing(), files: try catalogue.generateVectorFiles())
        #expect(report.iterations == 0 && report.compared == 0 && report.skipped == 0)
    }

    /// The inputs of tests an implementation is listed to fail are not mutated: a listed
    /// disagreement is not found again through its neighbours.
    @Test func listedFailuresSeedNothing() throws {
        let catalogue = ConformanceCatalogue(suites: [CountSuite(lenient: false)])
        var fuzzer = DifferentialFuzzer(seed: 5, iterations: 300, meanings: catalogue.meanings)
        fuzzer.knownFailures = ["count_of:1"]
        let report = fuzzer.run(
            reference: catalogue.reference, implementation: CountingOneMore(),
            files: try catalogue.generateVectorFiles())
        #expect(report.findings.isEmpty && report.compared == 0)
        #expect(try !findings(lenient: false).findings.isEmpty)
    }
}
