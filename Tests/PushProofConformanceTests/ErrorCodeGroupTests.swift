import PushProofJSON
import Testing

@testable import PushProofConformance

/// Answers every refusal of the toy suite with one code, as a library that cannot tell its
/// faults apart does.
private struct CoarseRefusals: ConformanceImplementation {
    let reference: ReferenceImplementation
    let groups: [String: Set<String>]
    var name: String { "coarse" }
    var errorCodeGroups: [String: Set<String>] { groups }
    func perform(_ request: OperationRequest) -> OperationOutcome {
        let answer = reference.perform(request)
        if case .error = answer { return .error(code: "REFUSED", message: nil) }
        return answer
    }
}

@Suite struct ErrorCodeGroupTests {
    let catalogue = ConformanceCatalogue(suites: [ToySuite()])

    /// A refusal in a code that stands for a group passes where one of the group is expected,
    /// and only there; without the group it fails.
    @Test func aCoarseCodePassesForItsGroupOnly() throws {
        let files = try catalogue.generateVectorFiles()
        func failed(_ groups: [String: Set<String>]) throws -> [String] {
            try ConformanceRunner(
                implementation: CoarseRefusals(reference: catalogue.reference, groups: groups),
                meanings: catalogue.meanings
            ).run(files).outcomes.filter { $0.status == .failed }.map(\.name)
        }
        #expect(try failed([:]) == ["toy_upper:2", "toy_upper:3"])
        #expect(try failed(["REFUSED": ["EMPTY"]]) == ["toy_upper:3"])
        #expect(try failed(["REFUSED": ["EMPTY", "BAD"]]).isEmpty)
        let fuzzed = DifferentialFuzzer(seed: 3, iterations: 400, meanings: catalogue.meanings).run(
            reference: catalogue.reference,
            implementation: CoarseRefusals(reference: catalogue.reference, groups: ["REFUSED": ["EMPTY", "BAD"]]),
            files: files)
        #expect(fuzzed.compared > 0 && fuzzed.findings.isEmpty)
    }

    @Test func theHelloCarriesTheGroups() throws {
        let hello = try JSONParser.parse(
            #"{"type":"hello","protocol":"pushproof-adapter/1","name":"x","operations":[],"profiles":[],"errorCodeGroups":{"E":["A","B"]}}"#
        )
        guard case .success(let parsed) = AdapterProtocol.Hello.parse(hello) else {
            Issue.record("the hello was refused")
            return
        }
        #expect(parsed.errorCodeGroups == ["E": ["A", "B"]])
        #expect(AdapterProtocol.Hello.parse(parsed.json) == .success(parsed))
        let empty = try JSONParser.parse(
            #"{"type":"hello","protocol":"pushproof-adapter/1","name":"x","operations":[],"profiles":[],"errorCodeGroups":{"E":[]}}"#
        )
        guard case .failure = AdapterProtocol.Hello.parse(empty) else {
            Issue.record("an empty group was taken")
            return
        }
    }
}
