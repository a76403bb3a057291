import PushProofConformance
import PushProofCore
import PushProofJSON

/// A protocol error of the toy suite, with a wire message on one code.
struct ToyError: CodedError {
    let code: String
    let wireMessage: String?
    var description: String { code }
}

/// A suite made up for the kit's tests: two operations, one vector file, one mutant. The kit is
/// tested through it, so its tests need no protocol module.
struct ToySuite: ConformanceSuite {
    let name = "toy"
    var cases: [VectorCase] = [
        VectorCase(
            comment: "upper case", flags: ["Normal"], source: "example/toy@0123abc:upper.c:10-12",
            input: ["text": "abc"]),
        VectorCase(comment: "empty text is refused", flags: ["Empty"], input: ["text": ""], code: "EMPTY"),
        VectorCase(
            comment: "a refusal with a message", flags: ["Empty"], input: ["text": "!"], message: "no punctuation"),
        VectorCase(
            comment: "lenient answer", flags: ["Lenient"], input: ["text": "x"], alsoAccepted: [["error": "EMPTY"]]),
    ]

    var operations: [SuiteOperation] {
        [
            SuiteOperation("toy.upper", schema: Self.upperSchema, profiles: [.deployed]) { request in
                let text = try request.reader.string("text")
                if text.isEmpty { throw ToyError(code: "EMPTY", wireMessage: nil) }
                if text == "!" { throw ToyError(code: "BAD", wireMessage: "no punctuation") }
                return ["text": .string(text.uppercased())]
            },
            SuiteOperation("toy.count", schema: Self.countSchema) { request in
                .output(["count": .integer(try request.reader.stringArray("items").count)])
            },
        ]
    }

    static let upperSchema = OperationSchema(
        groupType: "UpperTest", input: JSONSchema.object(["text"], ["text": JSONSchema.string]),
        output: JSONSchema.object(["text"], ["text": JSONSchema.string]))
    static let countSchema = OperationSchema(
        groupType: "CountTest", input: JSONSchema.object(["items"], ["items": JSONSchema.array(of: JSONSchema.string)]),
        output: JSONSchema.object(["count"], ["count": JSONSchema.integer(minimum: 0)]))

    static let notes: [String: VectorNote] = [
        "Normal": VectorNote(bugType: .basic, description: "An ordinary case."),
        "Empty": VectorNote(bugType: .edgeCase, description: "Nothing to convert."),
        "Lenient": VectorNote(bugType: .leniency, description: "Another answer passes too."),
    ]

    func vectorFiles() throws -> [VectorFileDeclaration] {
        [
            VectorFileDeclaration(
                name: "toy_upper", protocolName: "toy", notes: Self.notes, header: ["A toy file."],
                groups: [
                    .init(
                        operation: "toy.upper", description: "Upper case.", ids: .block(1...100),
                        cases: cases),
                    .init(
                        operation: "toy.count", profile: .proposal, description: "Counting.",
                        ids: .from(101),
                        cases: [VectorCase(comment: "two", flags: ["Normal"], input: ["items": ["a", "b"]])]),
                ])
        ]
    }

    var mutants: [Mutant] {
        [
            Mutant(id: "no-upper", bugClass: .missingStep, summary: "answers the text unchanged") { request, _ in
                guard request.operation == "toy.upper", let text = request.input["text"]?.stringValue, !text.isEmpty,
                    text != "!"
                else { return nil }
                return .output(["text": .string(text)])
            }
        ]
    }
}

/// The toy suite's `toy.upper` answered in lower case; `log`, when given, stands for what an
/// adapter wrote on stderr meanwhile.
struct LowerCase: ConformanceImplementation {
    let reference: ReferenceImplementation
    var log: String? = nil
    var name: String { "lower-case 1.0" }
    func perform(_ request: OperationRequest) -> OperationOutcome {
        let answer = reference.perform(request)
        guard case .output(let output) = answer, let text = output["text"]?.stringValue else { return answer }
        return .output(output.setting("text", to: .string(text.lowercased())))
    }
    func log(since mark: Int) -> String? { log }
}
