import Foundation

/// Everything the tools do over the one list of suites: the reference, the vector files, the
/// known-bad implementations. The CLI, the adapter server, the generator and the tests all go
/// through one catalogue (`Suites.catalogue` in `PushProofSuites`).
public struct ConformanceCatalogue: Sendable {
    public let suites: [any ConformanceSuite]

    public init(suites: [any ConformanceSuite]) { self.suites = suites }

    public var reference: ReferenceImplementation { ReferenceImplementation(suites: suites) }

    public var mutants: [Mutant] { suites.flatMap(\.mutants) }

    /// The operations whose outputs are judged by meaning, not bytes.
    public var meanings: AnswerMeanings { AnswerMeanings(suites: suites) }

    /// Each operation's time windows (its suite's `timeWindows`), for differential fuzzing.
    public var timeWindows: [OperationName: [Int64]] {
        var windows: [OperationName: [Int64]] = [:]
        for suite in suites where !suite.timeWindows.isEmpty {
            for operation in suite.operations { windows[operation.name, default: []] += suite.timeWindows }
        }
        return windows
    }

    public func mutant(named id: String) -> Mutant? { mutants.first { $0.id == id } }

    /// Every vector file, generated from code: each suite's declarations run through a
    /// reference of that suite alone. Same code, same bytes.
    public func generateVectorFiles() throws -> [VectorFile] {
        try suites.flatMap { suite in
            let reference = ReferenceImplementation(suites: [suite])
            let meanings = AnswerMeanings(suites: [suite])
            return try suite.vectorFiles().map { try $0.build(with: reference, meanings: meanings) }
        }
    }

    /// Writes every file into `directory`; returns the names written.
    @discardableResult
    public func writeVectors(to directory: URL) throws -> [String] {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return try generateVectorFiles().map { file in
            try Data(file.serialized.utf8).write(to: directory.appendingPathComponent(file.fileName))
            return file.fileName
        }
    }

    /// Regenerates in memory and compares with `directory`, byte for byte: the files that differ
    /// or are missing, and the `*_test.json` files there that no suite produces.
    public func verifyVectors(in directory: URL) throws -> (differing: [String], unexpected: [String]) {
        let files = try generateVectorFiles()
        let differing = files.filter { file in
            (try? Data(contentsOf: directory.appendingPathComponent(file.fileName))) != Data(file.serialized.utf8)
        }.map(\.fileName)
        let present = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        let produced = Set(files.map(\.fileName))
        return (differing, present.filter { $0.hasSuffix("_test.json") && !produced.contains($0) }.sorted())
    }
}
