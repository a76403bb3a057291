import Foundation
import PushProofJSON

/// The outcome of a differential run.
public struct DifferentialReport: Sendable {
    public var iterations = 0
    /// Requests both sides answered with protocol answers that could be compared.
    public var compared = 0
    /// Requests not compared: an operation or profile the implementation does not declare, or an
    /// input the harness itself refuses (`HARNESS_INPUT_ERROR`).
    public var skipped = 0
    public var findings: [DifferentialFinding] = []
}

/// Differential fuzzing: inputs made by structure-aware mutation of the shipped vectors
/// (`InputMutator`), each asked of the reference and of the implementation under test; a
/// disagreement is a finding unless a vector already allows that answer for that input.
/// Deterministic for a seed and a number of iterations; each finding is minimized (changes that
/// are not needed for the disagreement are dropped).
public struct DifferentialFuzzer: Sendable {
    public var seed: UInt64
    public var iterations: Int
    /// Stop after this long even if iterations remain (then the run depends on speed).
    public var seconds: Double?
    public var maximumFindings: Int
    public var profiles: Set<Profile>
    /// Outputs are compared by what they mean where the protocol leaves the bytes free.
    public var meanings: AnswerMeanings
    /// Each operation's time windows in seconds (`ConformanceSuite.timeWindows`): times in its
    /// inputs are moved across them.
    public var windows: [OperationName: [Int64]]
    /// For an implementation that answers in a deployed server's own codes: the reference's code
    /// as that server puts it on the wire (`ConformanceCatalogue.wireError`).
    public var wireError: @Sendable (OperationRequest, String) -> String?
    /// Tests (`file:tcId`) whose inputs are not mutated: those an implementation is listed to fail
    /// (`ExpectedFailures`), whose neighbours would only find the same disagreement again.
    public var knownFailures: Set<String> = []

    public init(
        seed: UInt64, iterations: Int, seconds: Double? = nil, maximumFindings: Int = 10, profiles: Set<Profile> = [],
        meanings: AnswerMeanings, windows: [OperationName: [Int64]] = [:],
        wireError: @escaping @Sendable (OperationRequest, String) -> String? = { _, _ in nil }
    ) {
        self.meanings = meanings
        self.windows = windows
        self.wireError = wireError
        self.seed = seed
        self.iterations = iterations
        self.seconds = seconds
        self.maximumFindings = maximumFindings
        self.profiles = profiles
    }

    struct Base {
        let file: String
        let tcId: Int
        let operation: OperationName
        let profile: Profile
        let input: JSONValue
        let origin: DifferentialFinding.Origin
    }

    struct Key: Hashable {
        let operation: OperationName
        let profile: Profile
        let input: JSONValue
    }

    /// Whether two answers to the same request agree: nil when they cannot be compared.
    static func agree(_ reference: OperationOutcome, _ other: OperationOutcome) -> Bool? {
        switch (reference, other) {
        case (.unimplemented, _), (_, .unimplemented): return nil
        case (.error(let code, _), _) where code == harnessInputErrorCode: return nil
        case (_, .error(let code, _)) where code == harnessInputErrorCode: return nil
        // Member order is not part of a JSON answer, as in the runner.
        case (.output(let a), .output(let b)): return a.semanticallyEquals(b)
        case (.error(let a, _), .error(let b, _)): return a == b
        default: return false
        }
    }

    public func run(
        reference: any ConformanceImplementation, implementation: any ConformanceImplementation,
        files: [VectorFile], progress: ((DifferentialReport) -> Void)? = nil
    ) -> DifferentialReport {
        // Each operation is picked as often as any other, then a group (a profile) of it, then a
        // test: operations with few vectors get as much fuzzing as those with many.
        var groups: [[Base]] = []
        var allowed: [Key: [ExpectedAnswer]] = [:]
        for file in files {
            for group in file.groups
            where (profiles.isEmpty || profiles.contains(group.profile))
                && implementation.offers(group.operation, profile: group.profile)
            {
                let origin = DifferentialFinding.Origin(
                    schema: file.schema, protocolName: file.protocolName, groupType: group.type,
                    groupDescription: group.description, nextTcId: (group.tests.map(\.tcId).max() ?? 0) + 1)
                groups.append(
                    group.tests.filter { !knownFailures.contains("\(file.name):\($0.tcId)") }.map {
                        Base(
                            file: file.name, tcId: $0.tcId, operation: group.operation, profile: group.profile,
                            input: $0.input, origin: origin)
                    })
                for test in group.tests {
                    allowed[Key(operation: group.operation, profile: group.profile, input: test.input), default: []] +=
                        [test.expected] + test.alsoAccepted
                }
            }
        }
        var report = DifferentialReport()
        groups.removeAll { $0.isEmpty }
        guard !groups.isEmpty else { return report }
        // Operations first: an operation picked as often as any other, then one of its groups
        // (profiles), so an operation in three profiles is not fuzzed three times as much.
        var operations: [OperationName: [[Base]]] = [:]
        for group in groups { operations[group[0].operation, default: []].append(group) }
        let byOperation = operations.keys.sorted { $0.rawValue < $1.rawValue }.map { operations[$0]! }
        var g = SeededGenerator(seed: seed)
        let start = Date()
        var unanswered = Set<String>()  // operation/profile pairs the implementation does not take

        func ask(_ base: Base, _ input: JSONValue) -> (OperationOutcome, OperationOutcome, Bool?) {
            let request = OperationRequest(operation: base.operation, profile: base.profile, input: input)
            var mine = meanings.judged(reference.perform(request), for: request)
            if implementation.answersWireErrors, case .error(let code, _) = mine,
                let wire = wireError(request, code)
            {
                mine = .error(code: wire, message: nil)
            }
            let theirs = meanings.judged(implementation.perform(request), for: request)
            // An input the implementation says it cannot decide (an adapter's `unimplemented` to
            // an operation it declares: a binding limit) is not compared.
            if case .adapterFailure(.unimplementedButDeclared) = theirs { return (mine, theirs, nil) }
            let groups = implementation.errorCodeGroups
            func agrees(_ reference: OperationOutcome) -> Bool? {
                if case .error(let code, _) = theirs, case .error(let expected, _) = reference,
                    groups[code]?.contains(expected) == true
                {
                    return true
                }
                return Self.agree(reference, theirs)
            }
            var verdict = agrees(mine)
            if verdict == false,
                allowed[Key(operation: base.operation, profile: base.profile, input: input)]?.contains(where: {
                    $0.accepts(theirs)
                }) == true
                    || reference.alternatives(for: request).contains(where: {
                        agrees(meanings.judged($0, for: request)) == true
                    })
            {
                verdict = true
            }
            return (mine, theirs, verdict)
        }

        for iteration in 0..<iterations {
            if let seconds, Date().timeIntervalSince(start) > seconds { break }
            if report.findings.count >= maximumFindings { break }
            report.iterations += 1
            // Every 500 inputs, whether this one is compared or skipped.
            defer { if iteration % 500 == 499 { progress?(report) } }
            let base = byOperation.randomElement(using: &g)!.randomElement(using: &g)!.randomElement(using: &g)!
            let count = Int.random(in: 1...3, using: &g)
            var input = base.input
            var applied: [InputMutation] = []
            for _ in 0..<count {
                guard let m = InputMutator.mutation(of: input, windows: windows[base.operation] ?? [], using: &g),
                    let next = m.apply(to: input)
                else {
                    continue
                }
                applied.append(m)
                input = next
            }
            if applied.isEmpty || unanswered.contains("\(base.operation)/\(base.profile)") {
                report.skipped += 1
                continue
            }
            let (mine, theirs, verdict) = ask(base, input)
            if case .unimplemented = theirs { unanswered.insert("\(base.operation)/\(base.profile)") }
            guard let verdict else {
                report.skipped += 1
                continue
            }
            report.compared += 1
            if !verdict {
                report.findings.append(
                    minimize(
                        DifferentialFinding(
                            file: base.file, basedOn: base.tcId, operation: base.operation, profile: base.profile,
                            mutations: applied, input: input, reference: mine, implementation: theirs,
                            iteration: iteration, origin: base.origin), base: base, ask: ask))
            }
        }
        return report
    }

    /// Drops each change that the disagreement does not need, one at a time.
    func minimize(
        _ finding: DifferentialFinding, base: Base,
        ask: (Base, JSONValue) -> (OperationOutcome, OperationOutcome, Bool?)
    ) -> DifferentialFinding {
        var best = finding
        var i = 0
        while i < best.mutations.count, best.mutations.count > 1 {
            var fewer = best.mutations
            fewer.remove(at: i)
            var input: JSONValue? = base.input
            for m in fewer { input = input.flatMap { m.apply(to: $0) } }
            if let input, case (let mine, let theirs, false?) = ask(base, input) {
                best.mutations = fewer
                best.input = input
                best.reference = mine
                best.implementation = theirs
            } else {
                i += 1
            }
        }
        return best
    }
}
