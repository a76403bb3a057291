import PushProofJSON

/// A vector that could not be made the way it was declared: the reference answered something
/// other than the case's stated intent, or a check of the case failed. Nothing is written.
public struct GeneratorError: Error, CustomStringConvertible {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { "vector generation: \(message)" }
}

/// One vector as a suite declares it: the input, and the answer the reference must give. The kit
/// runs it through the reference and records the reference's answer as `expected`.
public struct VectorCase: Sendable {
    /// What the reference's answer must be for the case to say what it claims.
    public enum Expectation: Sendable, Equatable, CustomStringConvertible {
        /// Any output.
        case output
        /// An output whose `outcome` member is this (receive, route and trace operations).
        case outcome(String)
        /// An error with this code.
        case error(String)
        /// An error with exactly this wire message, whatever its code.
        case message(String)

        func matches(_ answer: OperationOutcome) -> Bool {
            switch (self, answer) {
            case (.output, .output): return true
            case (.outcome(let want), .output(let out)): return out["outcome"]?.stringValue == want
            case (.error(let want), .error(let code, _)): return code == want
            case (.message(let want), .error(_, let message)): return message == want
            default: return false
            }
        }

        public var description: String {
            switch self {
            case .output: return "an output"
            case .outcome(let o): return "outcome \(o)"
            case .error(let code): return code
            case .message(let m): return "the message \"\(m)\""
            }
        }
    }

    public var comment: String
    public var flags: [String]
    /// The upstream lines (or documentation page) that decide the answer.
    public var source: String?
    public var input: JSONValue
    public var expectation: Expectation
    /// Values to trace a failure with (never compared).
    public var intermediate: JSONValue?
    /// Other answers that pass too: makes the test `acceptable`.
    public var alsoAccepted: [JSONValue]
    /// What the deployed system answers where that is a known bug (informative).
    public var deployedAnswer: JSONValue?
    /// A further check of the reference's answer (a cross-check against another library, which
    /// check failed inside the reference, ...); it throws to stop generation.
    public var check: (@Sendable (OperationOutcome) throws -> Void)?

    /// `code`: the error the reference must answer; `outcome`: the `outcome` of its output;
    /// `message`: the exact wire message of its error; none of them: an output.
    public init(
        comment: String, flags: [String], source: String? = nil, input: JSONValue, code: String? = nil,
        outcome: String? = nil,
        message: String? = nil, intermediate: JSONValue? = nil, alsoAccepted: [JSONValue] = [],
        deployedAnswer: JSONValue? = nil, check: (@Sendable (OperationOutcome) throws -> Void)? = nil
    ) {
        self.comment = comment
        self.flags = flags
        self.source = source
        self.input = input
        self.expectation =
            message.map { .message($0) } ?? code.map { .error($0) } ?? outcome.map { .outcome($0) } ?? .output
        self.intermediate = intermediate
        self.alsoAccepted = alsoAccepted
        self.deployedAnswer = deployedAnswer
        self.check = check
    }
}

/// The tcIds of a group: a block the file states in the group's description (` tcIds 1-200.`),
/// so that cases can be added without renumbering others, or a bare first id.
public enum TcIdBlock: Sendable {
    case block(ClosedRange<Int>)
    case from(Int)

    var first: Int {
        switch self {
        case .block(let r): return r.lowerBound
        case .from(let n): return n
        }
    }
}

/// A group of cases: one operation in one profile. Its `type` is the operation's
/// (`OperationSchema.groupType`), filled in when the file is built.
public struct VectorGroupDeclaration: Sendable {
    public var operation: OperationName
    public var profile: Profile
    /// Without the tcId block: the kit appends it.
    public var description: String
    public var ids: TcIdBlock
    public var cases: [VectorCase]

    public init(
        operation: OperationName, profile: Profile = .deployed, description: String,
        ids: TcIdBlock, cases: [VectorCase]
    ) {
        self.operation = operation
        self.profile = profile
        self.description = description
        self.ids = ids
        self.cases = cases
    }
}

/// A vector file as a suite declares it.
public struct VectorFileDeclaration: Sendable {
    /// The file name without `_test.json`.
    public var name: String
    public var protocolName: String
    public var header: [String]
    /// The suite's flag catalogue; the file lists the flags its tests use, in order of first use.
    public var notes: [String: VectorNote]
    public var groups: [VectorGroupDeclaration]

    public init(
        name: String, protocolName: String, notes: [String: VectorNote], header: [String],
        groups: [VectorGroupDeclaration]
    ) {
        self.name = name
        self.protocolName = protocolName
        self.header = header
        self.notes = notes
        self.groups = groups
    }

    /// Runs every case through `reference` and writes down its answers; stops at the first case
    /// whose answer is not the declared one. An operation judged by meaning (`meanings`) gets the
    /// meaning of the reference's output as `expected`, and the output itself in `intermediate`.
    /// `wireError`: what the deployed server puts on the wire for a request's refusal, where it
    /// differs from PushProof's code (`SuiteOperation.wireError`). In a group of
    /// `upstreamProfiles` a test must expect upstream's answer: a flag whose note calls its answer
    /// stricter than upstream's stops generation, and so does a refusal expected where an
    /// alternative accepts, unless a flag's note says upstream answers several ways. `groupTypes`:
    /// each operation's group type (`OperationSchema.groupType`).
    public func build(
        with reference: any ConformanceImplementation, meanings: AnswerMeanings = AnswerMeanings(),
        wireError: @Sendable (OperationRequest, String) -> String? = { _, _ in nil },
        upstreamProfiles: Set<Profile> = [.deployed], groupTypes: [OperationName: String]
    ) throws -> VectorFile {
        var used: [FlagNote] = []
        var built: [VectorGroup] = []
        var ids = Set<Int>()
        for group in groups {
            guard let type = groupTypes[group.operation] else {
                throw GeneratorError("\(name): no suite offers \(group.operation)")
            }
            var description = group.description
            if case .block(let range) = group.ids {
                guard group.cases.count <= range.count else {
                    throw GeneratorError(
                        "\(name): \(group.cases.count) cases do not fit in tcIds \(range.lowerBound)-\(range.upperBound)"
                    )
                }
                description += " tcIds \(range.lowerBound)-\(range.upperBound)."
            }
            var tests: [VectorTest] = []
            for (offset, c) in group.cases.enumerated() {
                let tcId = group.ids.first + offset
                let place = "\(name) tcId \(tcId) (\(c.comment))"
                guard ids.insert(tcId).inserted else { throw GeneratorError("\(place): the tcId is taken") }
                let request = OperationRequest(operation: group.operation, profile: group.profile, input: c.input)
                let raw = reference.perform(request)
                guard c.expectation.matches(raw) else {
                    throw GeneratorError(
                        "\(place): declared \(c.expectation), the reference answered \(JSONWriter.compact(raw.json))"
                    )
                }
                do { try c.check?(raw) } catch { throw GeneratorError("\(place): \(error)") }
                let answer = meanings.judged(raw, for: request)
                var intermediate = c.intermediate
                if answer != raw, case .output(let bytes) = raw {
                    intermediate = Self.merging(bytes, into: intermediate)
                }
                guard let expected = ExpectedAnswer(answer) else {
                    throw GeneratorError("\(place): the reference gave no answer (\(JSONWriter.compact(answer.json)))")
                }
                var alternatives = try c.alsoAccepted.enumerated().map { i, json in
                    try Self.answer(json, at: "\(place): alsoAccepted[\(i)]")
                }
                // What the profile allows for this input besides the reference's answer (readings
                // the RFC or upstream leaves open) is accepted here as the differential fuzzer
                // accepts it: the vectors and the fuzzer judge by the same list.
                // Refusals are compared by code, as the fuzzer compares them.
                for other in reference.alternatives(for: request) {
                    var judged = meanings.judged(other, for: request)
                    if case .error(let code, _) = judged { judged = .error(code: code, message: nil) }
                    guard let allowed = ExpectedAnswer(judged),
                        !([expected] + alternatives).contains(where: { $0.accepts(judged) })
                    else { continue }
                    alternatives.append(allowed)
                }
                let deployed = try c.deployedAnswer.map { json in try Self.answer(json, at: "\(place): deployedAnswer")
                }
                guard !alternatives.contains(expected) else {
                    throw GeneratorError("\(place): an alternative equal to the expected answer")
                }
                if deployed == expected {
                    throw GeneratorError("\(place): deployedAnswer equal to the expected answer")
                }
                for flag in c.flags where !used.contains(where: { $0.flag == flag }) {
                    guard let note = notes[flag] else { throw GeneratorError("\(place): flag \(flag) has no note") }
                    used.append(FlagNote(flag: flag, note: note))
                }
                if upstreamProfiles.contains(group.profile) {
                    try Self.checkUpstreamAnswer(
                        place, profile: group.profile, readings: c.flags.compactMap { notes[$0]?.upstream },
                        expected: expected, alternatives: alternatives)
                }
                let result: VectorResult
                if !alternatives.isEmpty {
                    result = .acceptable
                } else if case .output = answer {
                    result = .valid
                } else {
                    result = .invalid
                }
                var wire: String? = nil
                if case .error(let code, _) = answer, let onTheWire = wireError(request, code), onTheWire != code {
                    wire = onTheWire
                }
                tests.append(
                    VectorTest(
                        tcId: tcId, comment: c.comment, flags: c.flags, source: c.source, result: result,
                        input: c.input,
                        intermediate: intermediate, expected: expected, alsoAccepted: alternatives,
                        deployedAnswer: deployed, wireError: wire))
            }
            built.append(
                VectorGroup(
                    type: type, operation: group.operation, profile: group.profile,
                    description: description, tests: tests))
        }
        let file = VectorFile(
            name: name, schema: "\(name)_schema.json", protocolName: protocolName, header: header,
            notes: used, groups: built)
        // What is written must read back as the same file.
        guard try VectorFile(json: file.json) == file else {
            throw GeneratorError("\(name): the file does not read back as written")
        }
        return file
    }

    /// A declared alternative or deployed answer, read as the vector file will hold it.
    /// A test of a profile that follows upstream expects upstream's answer: no flag of it marks a
    /// stricter one, and it expects no refusal where an accepted answer accepts (that refusal is
    /// stricter than the alternative, or the alternative accepts what upstream refuses) unless a
    /// flag says upstream answers several ways (docs/vector-format.md, "Upstream's answer").
    static func checkUpstreamAnswer(
        _ place: String, profile: Profile, readings: [UpstreamReading], expected: ExpectedAnswer,
        alternatives: [ExpectedAnswer]
    ) throws {
        if readings.contains(.stricter) {
            throw GeneratorError(
                "\(place): a flag marks its answer stricter than upstream's, in the \(profile) profile, which "
                    + "expects upstream's answer (such a test belongs to hardened)")
        }
        if expected.isError, alternatives.contains(where: { !$0.isError }), !readings.contains(.several) {
            throw GeneratorError(
                "\(place): expects a refusal where an accepted answer accepts, in the \(profile) profile: expect "
                    + "upstream's answer, or flag the test with a note whose upstream is `several`")
        }
    }

    static func answer(_ json: JSONValue, at place: String) throws(GeneratorError) -> ExpectedAnswer {
        do {
            return try ExpectedAnswer(json: json, at: place)
        } catch {
            throw GeneratorError(error.message)
        }
    }

    /// The reference's own output beside the case's intermediate values (its members first).
    static func merging(_ output: JSONValue, into intermediate: JSONValue?) -> JSONValue {
        guard let extra = output.members else { return intermediate ?? output }
        guard let base = intermediate?.members else { return output }
        return .object(base + extra.filter { member in !base.contains { $0.key == member.key } })
    }
}
