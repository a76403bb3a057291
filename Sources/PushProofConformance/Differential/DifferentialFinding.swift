import PushProofJSON

/// An input on which an implementation and the reference disagree in a way no profile allows.
public struct DifferentialFinding: Sendable {
    /// What the finding needs of the vector file and group its input came from to be written as
    /// a vector file of its own.
    public struct Origin: Sendable, Equatable {
        public var schema: String
        public var protocolName: String
        public var groupType: String
        public var groupDescription: String
        /// The group's next free tcId (one past its highest).
        public var nextTcId: Int
    }

    /// The vector file the finding starts from.
    public var file: String
    public var basedOn: Int
    public var operation: OperationName
    public var profile: Profile
    public var mutations: [InputMutation]
    public var input: JSONValue
    public var reference: OperationOutcome
    public var implementation: OperationOutcome
    /// The iteration that found it (before minimization).
    public var iteration: Int
    public var origin: Origin

    /// The flag every finding's test carries, and its note.
    public static let flag = FlagNote(
        flag: "DifferentialFinding",
        note: VectorNote(
            bugType: .edgeCase,
            description:
                "Found by `pushproof fuzz`: a mutated vector input that an implementation answered otherwise than the reference. Triage it before it is committed: the upstream lines that decide it (deployed) or PushProof's reason (hardened), and the bug type."
        ))

    /// The finding in the vector format: a file of one group (the operation and profile of the
    /// vector it came from) holding one test, `tcId` the group's next free one, `expected` the
    /// reference's answer (an error by its code alone: the fuzzer compares codes, not messages).
    /// `pushproof run --vectors DIR` loads it; the reference passes it and the implementation does
    /// not. The test is the case to commit: vectors are generated from code, so it goes at the end
    /// of that group's declarations. The file's header says what changed and what the
    /// implementation answered.
    public func vectorFile(number: Int, implementation name: String) -> VectorFile {
        let expected: ExpectedAnswer
        let result: VectorResult
        switch reference {
        case .output(let value):
            (expected, result) = (.output(value), .valid)
        case .error(let code, _):
            (expected, result) = (.error(code: code, message: nil), .invalid)
        case .unimplemented, .adapterFailure:
            // The in-process reference always answers; were it not to, the finding says so.
            (expected, result) = (.error(code: harnessInputErrorCode, message: nil), .invalid)
        }
        let what = mutations.map(\.description).joined(separator: "; ")
        let test = VectorTest(
            tcId: origin.nextTcId, comment: "\(file) tcId \(basedOn) with \(what)", flags: [Self.flag.flag],
            result: result, input: input, expected: expected)
        return VectorFile(
            name: "\(file)_finding\(number)", schema: origin.schema, protocolName: origin.protocolName,
            header: [
                "Differential finding \(number) against \(name): \(operation.rawValue) (\(profile.rawValue)), from \(file) tcId \(basedOn).",
                "Changes: \(what).",
                "Reference: \(JSONWriter.compact(reference.json))",
                "\(name): \(JSONWriter.compact(implementation.json))",
            ],
            notes: [Self.flag],
            groups: [
                VectorGroup(
                    type: origin.groupType, operation: operation, profile: profile,
                    description: origin.groupDescription, tests: [test])
            ])
    }
}
