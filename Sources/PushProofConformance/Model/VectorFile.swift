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

/// What a flag means, in a file's `notes` map.
public struct VectorNote: Sendable, Equatable {
    public var bugType: BugType
    public var description: String
    /// What the flag says of a test's expected answer beside upstream's, where it says something
    /// generation checks (the note's `upstream` member; docs/vector-format.md, "Upstream's answer").
    public var upstream: UpstreamReading?
    public init(bugType: BugType, description: String, upstream: UpstreamReading? = nil) {
        self.bugType = bugType
        self.description = description
        self.upstream = upstream
    }
}

/// A flag's word on upstream's answer, checked in the groups of a profile that follows upstream
/// (`ConformanceSuite.upstreamProfiles`).
public enum UpstreamReading: String, Sendable, CaseIterable {
    /// A test with this flag expects PushProof's answer where it is stricter than upstream's: the
    /// flag belongs to PushProof's own profiles (`hardened`), never to one that follows upstream.
    case stricter
    /// Upstream answers more than one way here (two deployed peers or versions, a reading the RFC
    /// or upstream leaves open, a library that does not document its answer): a test may accept
    /// each, one of them a refusal where another accepts.
    case several
}

/// A flag and its note, in the order a file lists them.
public struct FlagNote: Sendable, Equatable {
    public var flag: String
    public var note: VectorNote
}

/// Why a vector file cannot be read.
public struct VectorFormatError: Error, Equatable, Sendable, CustomStringConvertible {
    public let message: String
    init(_ message: String) { self.message = message }
    public var description: String { "malformed vector file: \(message)" }
}

/// One test of a vector file.
public struct VectorTest: Sendable, Equatable {
    public var tcId: Int
    public var comment: String
    public var flags: [String]
    /// Where the rule that decides the answer is written: `owner/repo@commit:path:lines` of the
    /// upstream code, or a documentation page. Deployed vectors name one.
    public var source: String?
    public var result: VectorResult
    public var input: JSONValue
    /// Values computed on the way (plaintext, nonce, ephemeral key): for tracing a failure,
    /// never compared.
    public var intermediate: JSONValue?
    /// `{"output": ...}` or `{"error": CODE, "message"?: TEXT}`.
    public var expected: ExpectedAnswer
    public var alsoAccepted: [ExpectedAnswer]
    /// What the deployed system answers when it differs from every accepted answer
    /// (informative: it documents a deployed bug, it does not pass).
    public var deployedAnswer: ExpectedAnswer?
    /// The code the deployed server puts on the wire for the expected refusal, where coarser
    /// than `expected.error` (informative; an adapter that passes the server's own codes through
    /// says so in its hello and is judged against it: docs/adapter-protocol.md).
    public var wireError: String?

    public init(
        tcId: Int, comment: String, flags: [String], source: String? = nil, result: VectorResult, input: JSONValue,
        intermediate: JSONValue? = nil, expected: ExpectedAnswer, alsoAccepted: [ExpectedAnswer] = [],
        deployedAnswer: ExpectedAnswer? = nil, wireError: String? = nil
    ) {
        self.tcId = tcId
        self.comment = comment
        self.flags = flags
        self.source = source
        self.result = result
        self.input = input
        self.intermediate = intermediate
        self.expected = expected
        self.alsoAccepted = alsoAccepted
        self.deployedAnswer = deployedAnswer
        self.wireError = wireError
    }

    /// The answers that pass: `expected`, and for an acceptable test its alternatives.
    public var acceptedAnswers: [ExpectedAnswer] { result == .acceptable ? [expected] + alsoAccepted : [expected] }

    /// Whether an implementation's answer passes.
    public func accepts(_ outcome: OperationOutcome) -> Bool { acceptedAnswers.contains { $0.accepts(outcome) } }

    /// Whether a refusal in a code that stands for a group of PushProof's (`errorCodeGroups`)
    /// passes: one of the group is an accepted refusal.
    public func accepts(_ outcome: OperationOutcome, codeGroups: [String: Set<String>]) -> Bool {
        if accepts(outcome) { return true }
        guard case .error(let code, _) = outcome, let group = codeGroups[code] else { return false }
        return acceptedAnswers.contains {
            if case .error(let expected, _) = $0 { return group.contains(expected) }
            return false
        }
    }

    /// Whether an answer in the deployed server's own codes passes: the accepted answers, or a
    /// refusal with `wireError`.
    public func acceptsOnTheWire(_ outcome: OperationOutcome) -> Bool {
        if accepts(outcome) { return true }
        guard let wireError, case .error(let code, _) = outcome else { return false }
        return code == wireError
    }

    public var json: JSONValue {
        var members: [JSONValue.Member] = [
            .init("tcId", .integer(tcId)),
            .init("comment", .string(comment)),
            .init("flags", .array(flags.map(JSONValue.string))),
        ]
        if let source { members.append(.init("source", .string(source))) }
        members += [
            .init("result", .string(result.rawValue)),
            .init("input", input),
        ]
        if let intermediate { members.append(.init("intermediate", intermediate)) }
        members.append(.init("expected", expected.json))
        if !alsoAccepted.isEmpty { members.append(.init("alsoAccepted", .array(alsoAccepted.map(\.json)))) }
        if let deployedAnswer { members.append(.init("deployedAnswer", deployedAnswer.json)) }
        if let wireError { members.append(.init("wireError", .string(wireError))) }
        return .object(members)
    }

    public init(json: JSONValue) throws(VectorFormatError) {
        let r = FormatReader(json, "a test")
        tcId = Int(try r.integer("tcId"))
        let at = "test \(tcId)"
        comment = try r.string("comment", at)
        flags = try r.strings("flags", at)
        if let s = json["source"] {
            guard let text = s.stringValue, !text.isEmpty else {
                throw VectorFormatError("\(at): `source` must be a non-empty string")
            }
            source = text
        }
        guard let result = VectorResult(rawValue: try r.string("result", at)) else {
            throw VectorFormatError("\(at): `result` must be valid, invalid or acceptable")
        }
        self.result = result
        input = try r.field("input", at)
        intermediate = json["intermediate"]
        expected = try ExpectedAnswer(json: try r.field("expected", at), at: "\(at): `expected`")
        alsoAccepted = try r.optionalArray("alsoAccepted", at).enumerated().map { i, answer throws(VectorFormatError) in
            try ExpectedAnswer(json: answer, at: "\(at): `alsoAccepted[\(i)]`")
        }
        deployedAnswer = try json["deployedAnswer"].map { answer throws(VectorFormatError) in
            try ExpectedAnswer(json: answer, at: "\(at): `deployedAnswer`")
        }
        if let w = json["wireError"] {
            guard let code = w.stringValue, !code.isEmpty, expected.isError else {
                throw VectorFormatError("\(at): `wireError` is a non-empty string, on a test that expects an error")
            }
            wireError = code
        }
        guard result == .acceptable || (result == .invalid) == expected.isError else {
            throw VectorFormatError(
                "\(at): a \(result.rawValue) test expects \(expected.isError ? "an error" : "an output")")
        }
        guard (result == .acceptable) == !alsoAccepted.isEmpty else {
            throw VectorFormatError("\(at): alsoAccepted is for acceptable tests, and every acceptable test has one")
        }
    }
}

/// Tests of one operation in one profile.
public struct VectorGroup: Sendable, Equatable {
    public var type: String
    public var operation: OperationName
    public var profile: Profile
    public var description: String
    public var tests: [VectorTest]

    public init(type: String, operation: OperationName, profile: Profile, description: String, tests: [VectorTest]) {
        self.type = type
        self.operation = operation
        self.profile = profile
        self.description = description
        self.tests = tests
    }

    public var json: JSONValue {
        .object([
            .init("type", .string(type)),
            .init("operation", .string(operation.rawValue)),
            .init("profile", .string(profile.rawValue)),
            .init("description", .string(description)),
            .init("tests", .array(tests.map(\.json))),
        ])
    }

    public init(json: JSONValue) throws(VectorFormatError) {
        let r = FormatReader(json, "a test group")
        type = try r.string("type")
        operation = OperationName(try r.string("operation"))
        profile = Profile(rawValue: try r.string("profile"))
        description = try r.string("description")
        tests = try r.array("tests").map { t throws(VectorFormatError) in try VectorTest(json: t) }
    }
}

/// One vector file: its test groups with the notes that explain their flags. The same type
/// writes the committed bytes and reads them back.
public struct VectorFile: Sendable, Equatable {
    public static let formatVersion = 1

    /// The file name without `_test.json`, as `--file` names it. Written as the member `suite` in
    /// format 1 (the vector files' name for it since the first release).
    public var name: String
    public var schema: String
    public var protocolName: String
    public var header: [String]
    public var notes: [FlagNote]
    public var groups: [VectorGroup]

    public init(
        name: String, schema: String, protocolName: String, header: [String], notes: [FlagNote],
        groups: [VectorGroup]
    ) {
        self.name = name
        self.schema = schema
        self.protocolName = protocolName
        self.header = header
        self.notes = notes
        self.groups = groups
    }

    public var numberOfTests: Int { groups.reduce(0) { $0 + $1.tests.count } }
    public var fileName: String { "\(name)_test.json" }

    public var json: JSONValue {
        .object([
            .init("suite", .string(name)),
            .init("schema", .string(schema)),
            .init("protocol", .string(protocolName)),
            .init("formatVersion", .integer(VectorFile.formatVersion)),
            .init("numberOfTests", .integer(numberOfTests)),
            .init("header", .array(header.map(JSONValue.string))),
            .init(
                "notes",
                .object(
                    notes.map {
                        .init(
                            $0.flag,
                            .object(
                                [
                                    .init("bugType", .string($0.note.bugType.rawValue)),
                                    .init("description", .string($0.note.description)),
                                ] + ($0.note.upstream.map { [.init("upstream", .string($0.rawValue))] } ?? [])))
                    })),
            .init("testGroups", .array(groups.map(\.json))),
        ])
    }

    /// The exact bytes committed under `vectors/`.
    public var serialized: String { JSONWriter.pretty(json) }

    public init(json: JSONValue) throws(VectorFormatError) {
        let r = FormatReader(json, "the file")
        name = try r.string("suite")
        schema = try r.string("schema")
        protocolName = try r.string("protocol")
        guard try r.integer("formatVersion") == Int64(Self.formatVersion) else {
            throw VectorFormatError(
                "formatVersion \(json["formatVersion"].map(JSONWriter.compact) ?? "") is not \(Self.formatVersion)")
        }
        header = try r.strings("header", "the file")
        guard let noteMembers = json["notes"]?.members else { throw VectorFormatError("`notes` must be an object") }
        notes = try noteMembers.map { m throws(VectorFormatError) in
            let n = FormatReader(m.value, "note \(m.key)")
            let name = try n.string("bugType")
            guard let bugType = BugType(rawValue: name) else {
                throw VectorFormatError(
                    "note \(m.key): bugType \(name) is not one of \(BugType.allCases.map(\.rawValue))")
            }
            var upstream: UpstreamReading? = nil
            if let text = m.value["upstream"] {
                guard let word = text.stringValue, let reading = UpstreamReading(rawValue: word) else {
                    throw VectorFormatError(
                        "note \(m.key): upstream must be one of \(UpstreamReading.allCases.map(\.rawValue))")
                }
                upstream = reading
            }
            return FlagNote(
                flag: m.key,
                note: VectorNote(bugType: bugType, description: try n.string("description"), upstream: upstream))
        }
        groups = try r.array("testGroups").map { g throws(VectorFormatError) in try VectorGroup(json: g) }
        guard try r.integer("numberOfTests") == Int64(numberOfTests) else {
            throw VectorFormatError(
                "numberOfTests says \(json["numberOfTests"].map(JSONWriter.compact) ?? ""), the file has \(numberOfTests)"
            )
        }
        let noted = Set(notes.map(\.flag))
        for group in groups {
            for test in group.tests {
                for flag in test.flags where !noted.contains(flag) {
                    throw VectorFormatError("test \(test.tcId): flag \(flag) has no note")
                }
            }
        }
    }

    public init(bytes: [UInt8]) throws {
        try self.init(json: JSONParser.parse(bytes))
    }
}

/// Field readers for the vector format, with the place in the file in each error.
private struct FormatReader {
    let value: JSONValue
    let place: String
    init(_ value: JSONValue, _ place: String) {
        self.value = value
        self.place = place
    }

    func field(_ name: String, _ at: String? = nil) throws(VectorFormatError) -> JSONValue {
        guard let v = value[name] else { throw VectorFormatError("\(at ?? place) lacks `\(name)`") }
        return v
    }
    func string(_ name: String, _ at: String? = nil) throws(VectorFormatError) -> String {
        guard let s = try field(name, at).stringValue else {
            throw VectorFormatError("\(at ?? place): `\(name)` must be a string")
        }
        return s
    }
    func integer(_ name: String, _ at: String? = nil) throws(VectorFormatError) -> Int64 {
        guard let i = try field(name, at).int64Value else {
            throw VectorFormatError("\(at ?? place): `\(name)` must be an integer")
        }
        return i
    }
    func array(_ name: String, _ at: String? = nil) throws(VectorFormatError) -> [JSONValue] {
        guard let a = try field(name, at).arrayValue else {
            throw VectorFormatError("\(at ?? place): `\(name)` must be an array")
        }
        return a
    }
    func optionalArray(_ name: String, _ at: String? = nil) throws(VectorFormatError) -> [JSONValue] {
        value[name] == nil ? [] : try array(name, at)
    }
    func strings(_ name: String, _ at: String? = nil) throws(VectorFormatError) -> [String] {
        try array(name, at).map { v throws(VectorFormatError) in
            guard let s = v.stringValue else { throw VectorFormatError("\(at ?? place): `\(name)` must hold strings") }
            return s
        }
    }
}
