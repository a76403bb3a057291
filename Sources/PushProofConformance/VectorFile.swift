import PushProofJSON

/// `result` of a vector, as in Wycheproof.
public enum VectorResult: String, Sendable, CaseIterable {
    /// The implementation must produce `expected.output`.
    case valid
    /// The implementation must refuse with `expected.error` (and `expected.message` if given).
    case invalid
    /// Either the `expected` answer or one of `alsoAccepted` passes; `flags` name the leniency.
    case acceptable
}

/// A flag's entry in a file's `notes` map.
public struct VectorNote: Sendable, Equatable {
    /// AUTH_BYPASS, MISSING_STEP, EDGE_CASE, MALLEABILITY, LENIENCY, BASIC, FORMAT, ...
    public var bugType: String
    public var description: String
    public init(bugType: String, description: String) {
        self.bugType = bugType
        self.description = description
    }
}

public struct VectorTest: Sendable {
    public var tcId: Int
    public var comment: String
    public var flags: [String]
    public var result: VectorResult
    public var input: JSONValue
    /// Values computed on the way (plaintext, nonce, ephemeral key): for tracing a failure,
    /// never compared.
    public var intermediate: JSONValue?
    /// `{"output": ...}` or `{"error": CODE, "message"?: TEXT}`.
    public var expected: JSONValue
    public var alsoAccepted: [JSONValue]
    /// What the deployed system answers when it differs from every accepted answer
    /// (informative: it documents a deployed bug, it does not pass).
    public var deployedAnswer: JSONValue?

    public var json: JSONValue {
        var members: [JSONValue.Member] = [
            .init("tcId", .integer(tcId)),
            .init("comment", .string(comment)),
            .init("flags", .array(flags.map(JSONValue.string))),
            .init("result", .string(result.rawValue)),
            .init("input", input),
        ]
        if let intermediate { members.append(.init("intermediate", intermediate)) }
        members.append(.init("expected", expected))
        if !alsoAccepted.isEmpty { members.append(.init("alsoAccepted", .array(alsoAccepted))) }
        if let deployedAnswer { members.append(.init("deployedAnswer", deployedAnswer)) }
        return .object(members)
    }
}

public struct VectorGroup: Sendable {
    public var type: String
    public var operation: String
    public var profile: String
    public var description: String
    public var tests: [VectorTest]

    public var json: JSONValue {
        .object([
            .init("type", .string(type)),
            .init("operation", .string(operation)),
            .init("profile", .string(profile)),
            .init("description", .string(description)),
            .init("tests", .array(tests.map(\.json))),
        ])
    }
}

/// One vector file: a suite of test groups with the notes that explain their flags.
public struct VectorFile: Sendable {
    public static let formatVersion = 1

    /// The file name without `_test.json`; also the suite name on the command line.
    public var suite: String
    public var schema: String
    public var protocolName: String
    public var header: [String]
    public var notes: [(flag: String, note: VectorNote)]
    public var groups: [VectorGroup]

    public var numberOfTests: Int { groups.reduce(0) { $0 + $1.tests.count } }
    public var fileName: String { "\(suite)_test.json" }

    public var json: JSONValue {
        .object([
            .init("suite", .string(suite)),
            .init("schema", .string(schema)),
            .init("protocol", .string(protocolName)),
            .init("formatVersion", .integer(VectorFile.formatVersion)),
            .init("numberOfTests", .integer(numberOfTests)),
            .init("header", .array(header.map(JSONValue.string))),
            .init("notes", .object(notes.map {
                .init($0.flag, ["bugType": .string($0.note.bugType), "description": .string($0.note.description)])
            })),
            .init("testGroups", .array(groups.map(\.json))),
        ])
    }

    /// The exact bytes committed under `vectors/`.
    public var serialized: String { JSONWriter.pretty(json) }
}

/// Reading a vector file back, for the runner (tolerant of fields it does not need).
public struct LoadedVectorFile: Sendable {
    public struct Test: Sendable {
        public var tcId: Int
        public var comment: String
        public var flags: [String]
        public var result: VectorResult
        public var operation: String
        public var profile: String
        public var input: JSONValue
        public var expected: JSONValue
        public var alsoAccepted: [JSONValue]
    }

    public var suite: String
    public var tests: [Test]

    public enum LoadError: Error, CustomStringConvertible {
        case malformed(String)
        public var description: String {
            switch self { case let .malformed(why): return "malformed vector file: \(why)" }
        }
    }

    public init(json: JSONValue) throws(LoadError) {
        guard let suite = json["suite"]?.stringValue else { throw .malformed("no `suite`") }
        guard let groups = json["testGroups"]?.arrayValue else { throw .malformed("no `testGroups`") }
        self.suite = suite
        var tests: [Test] = []
        for group in groups {
            guard let operation = group["operation"]?.stringValue, let profile = group["profile"]?.stringValue,
                  let list = group["tests"]?.arrayValue else { throw .malformed("a group lacks operation, profile or tests") }
            for t in list {
                guard let tcId = t["tcId"]?.int64Value, let resultText = t["result"]?.stringValue,
                      let result = VectorResult(rawValue: resultText), let input = t["input"],
                      let expected = t["expected"] else { throw .malformed("a test lacks tcId, result, input or expected") }
                tests.append(Test(tcId: Int(tcId), comment: t["comment"]?.stringValue ?? "",
                                  flags: t["flags"]?.arrayValue?.compactMap(\.stringValue) ?? [],
                                  result: result, operation: operation, profile: profile, input: input,
                                  expected: expected, alsoAccepted: t["alsoAccepted"]?.arrayValue ?? []))
            }
        }
        self.tests = tests
    }
}
