import PushProofJSON

/// A deliberately broken implementation: the reference with one rule switched off, by changing
/// what the reference sees or answers. The suite must fail every one; a mutant no vector catches
/// is a gap in the vectors. Each suite declares its own in its folder.
public struct Mutant: Sendable {
    public typealias Change =
        @Sendable (_ request: OperationRequest, _ reference: any ConformanceImplementation) -> OperationOutcome?

    /// What is expected to catch it: the shipped vectors (`pushproof mutants`), or only
    /// differential fuzzing (`pushproof fuzz --all-mutants`): a bug the vectors miss, kept to show
    /// that the fuzzer finds what fixed vectors cannot.
    public enum Detection: String, Sendable {
        case vectors
        case fuzzing
    }

    public let id: String
    /// The bug class it stands for (the vector notes' bug types).
    public let bugClass: BugType
    public let summary: String
    public let detection: Detection
    /// The mutant's answer, or nil to answer as the reference does.
    let change: Change

    public init(
        id: String, bugClass: BugType, summary: String, detection: Detection = .vectors,
        change: @escaping Change
    ) {
        self.id = id
        self.bugClass = bugClass
        self.summary = summary
        self.detection = detection
        self.change = change
    }
}

extension Mutant {
    /// A mutant that answers `operation` in `profile` as the reference answers it in `instead`:
    /// a deployed implementation that follows PushProof's hardened rules, a strict store that
    /// behaves like the deployed one. The vectors of `profile` must tell the two apart.
    public static func answering(
        _ operation: OperationName, in profile: Profile, as instead: Profile, id: String, bugClass: BugType,
        summary: String
    ) -> Mutant {
        Mutant(id: id, bugClass: bugClass, summary: summary) { request, reference in
            guard request.operation == operation, request.profile == profile else { return nil }
            return reference.perform(request.with(profile: instead))
        }
    }
}

/// A mutant in front of a reference.
public struct MutatedImplementation: ConformanceImplementation {
    public let mutant: Mutant
    public let reference: any ConformanceImplementation

    public init(_ mutant: Mutant, reference: any ConformanceImplementation) {
        self.mutant = mutant
        self.reference = reference
    }

    public var name: String { "mutant \(mutant.id)" }

    public func perform(_ request: OperationRequest) -> OperationOutcome {
        mutant.change(request, reference) ?? reference.perform(request)
    }
}

/// How the suite did against each mutant.
public struct MutantReport: Sendable {
    public var mutant: String
    public var bugClass: BugType
    public var summary: String
    /// The vectors that failed the mutant (`suite:tcId`).
    public var caughtBy: [String]
    public var caught: Bool { !caughtBy.isEmpty }
}

extension ConformanceRunner {
    /// Runs the vectors against each mutant, as `implementation` makes it (in-process by default,
    /// or behind an adapter). `order` gives the files each mutant is run against, in order;
    /// `untilCaught` stops at the first vector that catches it (its report then names that one).
    public static func hunt(
        _ mutants: [Mutant], files: [VectorFile], meanings: AnswerMeanings, untilCaught: Bool = false,
        order: (Mutant, [VectorFile]) -> [VectorFile] = { $1 },
        implementation: (Mutant) throws -> any ConformanceImplementation
    ) throws -> [MutantReport] {
        try mutants.map { mutant in
            let report = try ConformanceRunner(implementation: try implementation(mutant), meanings: meanings).run(
                order(mutant, files), stopAtFirstFailure: untilCaught)
            return MutantReport(
                mutant: mutant.id, bugClass: mutant.bugClass, summary: mutant.summary,
                caughtBy: report.outcomes.filter(\.failsRun).map(\.name))
        }
    }
}
