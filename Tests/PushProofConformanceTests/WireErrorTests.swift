import PushProofConformance
import PushProofJSON
import Testing

/// A suite whose server answers every refusal with one coarse code on the wire, while the
/// reference names the check: `EMPTY` or `TOO_LONG` in PushProof's words, `InvalidName` on the
/// wire (deployed only).
struct CoarseWireSuite: ConformanceSuite {
    let name = "coarse"

    static func check(_ request: OperationRequest) throws -> JSONValue {
        let name = try request.reader.string("name")
        if name.isEmpty { return ["refused": "EMPTY"] }
        if name.count > 3 { return ["refused": "TOO_LONG"] }
        return ["name": .string(name)]
    }

    static let wire: @Sendable (OperationRequest, String) -> String? = { request, _ in
        request.profile == .deployed ? "InvalidName" : nil
    }

    static let handler: SuiteOperation.Handler = { request in
        let answer = try check(request)
        if let code = answer["refused"]?.stringValue { return .error(code: code, message: nil) }
        return .output(answer)
    }

    var operations: [SuiteOperation] {
        [
            SuiteOperation(
                "name.check", schema: OperationSchema(groupType: "NameTest", input: true, output: true),
                profiles: [.deployed, .proposal], wireError: Self.wire, handler: Self.handler)
        ]
    }

    func vectorFiles() throws -> [VectorFileDeclaration] {
        let notes = ["Normal": VectorNote(bugType: .basic, description: "x")]
        func cases() -> [VectorCase] {
            [
                VectorCase(comment: "fits", flags: ["Normal"], input: ["name": "abc"]),
                VectorCase(comment: "empty", flags: ["Normal"], input: ["name": ""], code: "EMPTY"),
                VectorCase(comment: "long", flags: ["Normal"], input: ["name": "abcd"], code: "TOO_LONG"),
            ]
        }
        return [
            VectorFileDeclaration(
                name: "name_check", protocolName: "toy", notes: notes, header: ["Names."],
                groups: [
                    .init(
                        operation: "name.check", description: "Deployed.", ids: .block(1...10),
                        cases: cases()),
                    .init(
                        operation: "name.check", profile: .proposal, description: "Proposal.",
                        ids: .block(11...20), cases: cases()),
                ])
        ]
    }
}

/// Answers in the server's own codes (or, `wire: false`, claims PushProof's while sending them).
struct WireAnswering: ConformanceImplementation {
    var wire: Bool
    var code: String = "InvalidName"
    var name: String { "wire" }
    var answersWireErrors: Bool { wire }
    func perform(_ request: OperationRequest) -> OperationOutcome {
        guard let answer = try? CoarseWireSuite.check(request) else {
            return .error(code: "HARNESS_INPUT_ERROR", message: nil)
        }
        if answer["refused"] != nil {
            return .error(code: request.profile == .deployed ? code : answer["refused"]!.stringValue!, message: nil)
        }
        return .output(answer)
    }
}

@Suite struct WireErrorTests {
    let catalogue = ConformanceCatalogue(suites: [CoarseWireSuite()])

    @Test func deployedRefusalsCarryTheWireCodeAndReadBack() throws {
        let file = try #require(try catalogue.generateVectorFiles().first)
        let deployed = file.groups[0].tests
        #expect(deployed.map(\.wireError) == [nil, "InvalidName", "InvalidName"])
        #expect(file.groups[1].tests.allSatisfy { $0.wireError == nil })
        #expect(try VectorFile(json: file.json) == file)
        var text = JSONWriter.compact(file.json)
        text = text.replacingOccurrences(
            of: "\"expected\":{\"output\":{\"name\":\"abc\"}}",
            with: "\"expected\":{\"output\":{\"name\":\"abc\"}},\"wireError\":\"InvalidName\"")
        #expect(throws: VectorFormatError.self) { try VectorFile(json: try JSONParser.parse(Array(text.utf8))) }
    }

    @Test func wireCodesPassOnlyForAnAdapterThatSaysItSendsThem() throws {
        let files = try catalogue.generateVectorFiles()
        func failures(_ implementation: WireAnswering) throws -> Int {
            try ConformanceRunner(implementation: implementation, meanings: AnswerMeanings()).run(files).outcomes
                .filter { $0.status == .failed }.count
        }
        #expect(try failures(WireAnswering(wire: true)) == 0)
        #expect(try failures(WireAnswering(wire: false)) == 2)
        #expect(try failures(WireAnswering(wire: true, code: "InvalidRequest")) == 2)
    }

    @Test func theFuzzerComparesWireCodesWithTheReferencesAsTheServerSendsThem() throws {
        let files = try catalogue.generateVectorFiles()
        func findings(_ implementation: WireAnswering) -> Int {
            DifferentialFuzzer(seed: 2, iterations: 200, meanings: AnswerMeanings(), wireError: catalogue.wireError)
                .run(reference: catalogue.reference, implementation: implementation, files: files).findings.count
        }
        #expect(findings(WireAnswering(wire: true)) == 0)
        #expect(findings(WireAnswering(wire: false)) > 0)
    }

    @Test func theHelloSaysWhichCodesTheAdapterSends() throws {
        let base: JSONValue = [
            "type": "hello", "protocol": .string(AdapterProtocol.version), "name": "x", "operations": ["name.check"],
            "profiles": ["deployed"],
        ]
        let plain = try AdapterProtocol.Hello.parse(base).get()
        #expect(!plain.answersWireErrors)
        let wire = try AdapterProtocol.Hello.parse(base.setting("errorCodes", to: "wire")).get()
        #expect(wire.answersWireErrors)
        #expect(try AdapterProtocol.Hello.parse(wire.json).get() == wire)
        guard case .failure = AdapterProtocol.Hello.parse(base.setting("errorCodes", to: "pushproof")) else {
            Issue.record("an unknown errorCodes value was taken")
            return
        }
    }
}
