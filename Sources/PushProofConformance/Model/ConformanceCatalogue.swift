import Foundation
import PushProofJSON

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

    /// What the deployed server puts on the wire for a request's refusal, where it differs from
    /// PushProof's code (`SuiteOperation.wireError`).
    public var wireError: @Sendable (OperationRequest, String) -> String? {
        var wire: [OperationName: @Sendable (OperationRequest, String) -> String?] = [:]
        for operation in suites.flatMap(\.operations) { wire[operation.name] = operation.wireError }
        return { [wire] request, code in wire[request.operation]?(request, code) }
    }

    /// Each operation's time windows (its suite's `timeWindows`), for differential fuzzing.
    public var timeWindows: [OperationName: [Int64]] {
        var windows: [OperationName: [Int64]] = [:]
        for suite in suites where !suite.timeWindows.isEmpty {
            for operation in suite.operations { windows[operation.name, default: []] += suite.timeWindows }
        }
        return windows
    }

    public func mutant(named id: String) -> Mutant? { mutants.first { $0.id == id } }

    /// The protobuf bytes the vector files' outputs carry, as each suite declares them.
    public func protobufSamples(in files: [VectorFile]) -> [ProtobufSample] {
        suites.flatMap { $0.protobufSamples(in: files) }
    }

    /// The files of `files` that ask an operation of the suite declaring `mutant`: the inputs it
    /// answers wrongly, if any input does.
    public func ownFiles(_ files: [VectorFile], of mutant: Mutant) -> [VectorFile] {
        let own = Set(
            suites.filter { $0.mutants.contains { $0.id == mutant.id } }.flatMap { $0.operations.map(\.name) })
        return files.filter { $0.groups.contains { own.contains($0.operation) } }
    }

    /// `files` with `ownFiles(_:of:)` first (a stable reordering): where one failure decides,
    /// the mutant's own vectors are the likeliest to fail.
    public func likeliestFirst(_ files: [VectorFile], for mutant: Mutant) -> [VectorFile] {
        let first = ownFiles(files, of: mutant)
        return first + files.filter { file in !first.contains { $0.name == file.name } }
    }

    /// Every vector file, generated from code: each suite's declarations run through a
    /// reference of that suite alone. Same code, same bytes.
    public func generateVectorFiles() throws -> [VectorFile] {
        try suites.flatMap { suite in
            let reference = ReferenceImplementation(suites: [suite])
            let meanings = AnswerMeanings(suites: [suite])
            let wireError = ConformanceCatalogue(suites: [suite]).wireError
            let groupTypes = Dictionary(
                suite.operations.map { ($0.name, $0.schema.groupType) }, uniquingKeysWith: { first, _ in first })
            return try suite.vectorFiles().map {
                try $0.build(
                    with: reference, meanings: meanings, wireError: wireError, upstreamProfiles: suite.upstreamProfiles,
                    groupTypes: groupTypes)
            }
        }
    }

    /// The JSON Schema of every vector file, from the operations its groups use: paths below the
    /// vector directory (`schemas/<file>_schema.json`) and their text.
    public func generateSchemas() throws -> [(path: String, text: String)] {
        var operations: [OperationName: SuiteOperation] = [:]
        for operation in suites.flatMap(\.operations) { operations[operation.name] = operation }
        let profiles = Set(operations.values.flatMap(\.profiles)).sorted()
        return try suites.flatMap { try $0.vectorFiles() }.map { file in
            let schema = try VectorFileSchema.schema(of: file, operations: operations, profiles: profiles)
            return ("schemas/\(file.name)_schema.json", JSONWriter.pretty(schema))
        }
    }

    /// The name of the counts file `vectors generate` writes beside the vector files.
    public static let countsFileName = "COUNTS.json"

    /// Everything `vectors generate` writes below the vector directory, built once: the vector
    /// files, their schemas and the counts, as paths and text, with the vector files themselves
    /// (the fuzz seeds are made from them).
    public struct Generation: Sendable {
        public let vectorFiles: [VectorFile]
        public let files: [(path: String, text: String)]
    }

    public func generate() throws -> Generation {
        let vectorFiles = try generateVectorFiles()
        let counts = JSONWriter.pretty(CatalogueListing.counts(of: vectorFiles, catalogue: self))
        return Generation(
            vectorFiles: vectorFiles,
            files: vectorFiles.map { ($0.fileName, $0.serialized) } + (try generateSchemas())
                + [(Self.countsFileName, counts)])
    }

    /// Writes every file of `generation` into `directory`; returns the paths written.
    @discardableResult
    public func writeVectors(_ generation: Generation, to directory: URL) throws -> [String] {
        try FileManager.default.createDirectory(
            at: directory.appendingPathComponent("schemas"), withIntermediateDirectories: true)
        return try generation.files.map { file in
            try Data(file.text.utf8).write(to: directory.appendingPathComponent(file.path))
            return file.path
        }
    }

    /// Compares `generation` with `directory`, byte for byte: the files (vectors, schemas, counts)
    /// that differ or are missing, and the `*_test.json` and `schemas/*_schema.json` files there
    /// that no suite produces.
    public func verifyVectors(_ generation: Generation, in directory: URL) -> (
        differing: [String], unexpected: [String]
    ) {
        let files = generation.files
        let differing = files.filter { file in
            (try? Data(contentsOf: directory.appendingPathComponent(file.path))) != Data(file.text.utf8)
        }.map(\.path)
        let produced = Set(files.map(\.path))
        let fileManager = FileManager.default
        let present =
            ((try? fileManager.contentsOfDirectory(atPath: directory.path)) ?? []).filter { $0.hasSuffix("_test.json") }
            + ((try? fileManager.contentsOfDirectory(atPath: directory.appendingPathComponent("schemas").path)) ?? [])
            .filter { $0.hasSuffix("_schema.json") }.map { "schemas/\($0)" }
        return (differing, present.filter { !produced.contains($0) }.sorted())
    }
}
