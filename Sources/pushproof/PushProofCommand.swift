import ArgumentParser
import Foundation
import PushProofConformance
import PushProofJSON
import PushProofSuites

@main
struct PushProofCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pushproof",
        abstract: "Conformance suite for privacy-preserving push notification protocols.",
        discussion: "With no subcommand, runs every shipped vector against the reference implementation.",
        version: PushProofVersion.string,
        subcommands: [
            Run.self, Show.self, Report.self, Vectors.self, Operations.self, Catalogue.self, Adapter.self, Mutants.self,
            Fuzz.self, Interop.self,
        ],
        defaultSubcommand: Run.self)

    /// `pushproof --version` names the vectors too (with their digest), so a CI log records exactly
    /// what was run; everything else is ArgumentParser's.
    static func main() {
        if Array(CommandLine.arguments.dropFirst()) == ["--version"] {
            print("pushproof \(PushProofVersion.string)")
            do {
                print(try VectorSource.locate(named: nil).summary)
            } catch {
                print("vectors: none (\(error))")
            }
            return
        }
        let arguments = Array(CommandLine.arguments.dropFirst())
        if let line = UsageLine.unknownCommand(arguments) { usage(line) }
        do {
            var command = try parseAsRoot(arguments)
            try command.run()
        } catch RunFailure.usage(let line) {
            usage(line)
        } catch let error as RunnerError {
            usage("\(error)")
        } catch {
            if exitCode(for: error) == .validationFailure { usage(UsageLine.line(for: error, arguments: arguments)) }
            exit(withError: error)
        }
    }

    /// A usage mistake: one line on stderr, exit status 2 (docs/adapter-protocol.md, "Exit statuses").
    static func usage(_ line: String) -> Never {
        FileHandle.standardError.write(Data("pushproof: \(line)\n".utf8))
        Foundation.exit(RunFailure.usageError)
    }
}

/// Where the fuzz corpora are: `vectors generate` writes the seeds it makes from the vectors there.
struct CorporaLocation: ParsableArguments {
    @Option(name: .long, help: "The fuzz corpora folder (one sub-folder a target).")
    var corpora: String = "corpora"

    var url: URL { URL(fileURLWithPath: corpora, isDirectory: true) }
}

/// The vectors a command runs: `--vectors DIR`, else those shipped with the binary, else ./vectors
/// (`VectorSource`). A missing, incomplete or altered folder is a one-line error, exit status 2.
struct VectorsLocation: ParsableArguments {
    @Option(
        name: .long,
        help:
            "The folder holding the *_test.json vector files (default: the vectors shipped with this binary, else ./vectors)."
    )
    var vectors: String?

    @Option(
        name: .long, help: "Refuse to run unless the vectors' digest (as `pushproof --version` prints it) is this.")
    var expectDigest: String?

    func resolve() throws -> VectorSource {
        do {
            return try VectorSource.locate(named: vectors, expectedDigest: expectDigest)
        } catch let error as VectorSourceError {
            FileHandle.standardError.write(Data("pushproof: \(error)\n".utf8))
            throw ExitCode(2)
        }
    }
}

/// The repository's vector folder, which `vectors generate` writes and `vectors verify` checks.
struct RepositoryVectorsLocation: ParsableArguments {
    @Option(name: .long, help: "The folder holding the *_test.json vector files.")
    var vectors: String = "vectors"

    var url: URL { URL(fileURLWithPath: vectors, isDirectory: true) }
}

struct Vectors: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Generate or verify the golden vectors.",
        subcommands: [Generate.self, Verify.self, Protobuf.self, Manifest.self])

    struct Generate: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Regenerate every vector file and its JSON Schema from code, and the fuzz seeds made from them.")
        @OptionGroup var location: RepositoryVectorsLocation
        @OptionGroup var corpora: CorporaLocation

        func run() throws {
            let generation = try Suites.catalogue.generate()
            for name in try Suites.catalogue.writeVectors(generation, to: location.url) {
                print("wrote \(location.vectors)/\(name)")
            }
            let seeds = try Suites.catalogue.writeSeeds(from: generation.vectorFiles, to: corpora.url)
            print("fuzz seeds in \(corpora.corpora)/*/seeds/: \(seeds.written) written, \(seeds.removed) removed")
            try refuseThinErrorCodes(generation.vectorFiles)
        }
    }

    /// Every error code of every operation and profile must be reached by three invalid vectors
    /// with different comments; the files are written first, so the new ones can be read.
    static func refuseThinErrorCodes(_ files: [VectorFile]) throws {
        let thin = ErrorCoverage.thin(in: files)
        guard thin.isEmpty else {
            FileHandle.standardError.write(Data((ErrorCoverage.report(thin) + "\n").utf8))
            throw ExitCode(1)
        }
    }

    struct Verify: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract:
                "Fail if regenerating the vectors or their schemas would change a byte, or a fuzz seed is missing or stale."
        )
        @OptionGroup var location: RepositoryVectorsLocation
        @OptionGroup var corpora: CorporaLocation

        func run() throws {
            let generation = try Suites.catalogue.generate()
            let (differing, unexpected) = Suites.catalogue.verifyVectors(generation, in: location.url)
            for name in differing { print("differs from the generator: \(location.vectors)/\(name)") }
            for name in unexpected { print("not produced by the generator: \(location.vectors)/\(name)") }
            let seeds = Suites.catalogue.seedDifferences(from: generation.vectorFiles, in: corpora.url)
            for name in seeds.missing { print("a fuzz seed is missing or changed: \(corpora.corpora)/\(name)") }
            for name in seeds.extra { print("not a seed the generator makes: \(corpora.corpora)/\(name)") }
            guard differing.isEmpty && unexpected.isEmpty && seeds.missing.isEmpty && seeds.extra.isEmpty else {
                print("run `swift run pushproof vectors generate` and commit the result")
                throw ExitCode(1)
            }
            try Vectors.refuseThinErrorCodes(generation.vectorFiles)
            print(
                "vectors verified: regenerating the vectors and their schemas changes no byte, the fuzz seeds are "
                    + "current, and every error code is reached by \(ErrorCoverage.minimumCauses) invalid vectors"
            )
        }
    }
}

extension Vectors {
    /// What a release ships as `vectors/SHA256SUMS` (scripts/release.sh): the manifest whose digest
    /// `pushproof --version` prints, in `sha256sum`'s format.
    struct Manifest: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print the vectors' manifest (`sha256sum` lines, sorted by path); its SHA-256 is their digest.")
        @OptionGroup var location: VectorsLocation

        func run() throws {
            print(try location.resolve().manifest, terminator: "")
        }
    }

    struct Protobuf: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List the protobuf bytes the vectors' outputs carry, one JSON object a line.",
            discussion: """
                Each names its message, the .proto file under Protos/ that declares it, the bytes in hex, the \
                lines protoc's text format must print for them, and its test. scripts/check-protobuf.sh decodes \
                each with protoc.
                """)
        @OptionGroup var location: VectorsLocation

        func run() throws {
            let files = try location.resolve().vectorFiles()
            for sample in Suites.catalogue.protobufSamples(in: files) { print(JSONWriter.compact(sample.json)) }
        }
    }
}

struct Operations: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List the named operations the reference implementation offers.")

    func run() {
        for op in Suites.catalogue.reference.operations { print(op) }
    }
}

struct Adapter: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Serve the reference implementation over the adapter protocol on stdin/stdout.",
        discussion: "Use it as an oracle, or to test a harness. --mutant serves a known-bad variant instead.")

    @Option(name: .long, help: "Serve this known-bad implementation (see `pushproof mutants`).")
    var mutant: String?

    func run() throws {
        let reference = Suites.catalogue.reference
        let served = try ImplementationChoice.inProcess(mutant: mutant)
        AdapterServer.serve(served, operations: reference.operations, profiles: reference.profiles, version: "1")
    }
}

struct Mutants: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run the suite against every known-bad implementation; fail if one is not caught.")

    @OptionGroup var location: VectorsLocation

    @Flag(name: .long, help: "Drive each mutant through `pushproof adapter --mutant` over the adapter protocol.")
    var viaAdapter = false

    @Flag(
        name: .long,
        help: "Stop at the first vector that catches each mutant, its own suite's vector files run first.")
    var untilCaught = false

    func run() throws {
        let files = try location.resolve().vectorFiles()
        let me = CommandLine.arguments[0]
        let catalogue = Suites.catalogue
        let reference = catalogue.reference
        let byVectors = catalogue.mutants.filter { $0.detection == .vectors }
        let untilCaught = untilCaught
        let order: (Mutant, [VectorFile]) -> [VectorFile] = {
            untilCaught ? catalogue.likeliestFirst($1, for: $0) : $1
        }
        let reports = try ConformanceRunner.hunt(
            byVectors, files: files, meanings: Suites.catalogue.meanings, untilCaught: untilCaught, order: order
        ) {
            (mutant: Mutant) -> any ConformanceImplementation in
            if viaAdapter { return try ExternalImplementation(commandLine: "'\(me)' adapter --mutant \(mutant.id)") }
            return MutatedImplementation(mutant, reference: reference)
        }
        for r in reports {
            let caught =
                r.caught
                ? "caught by \(r.caughtBy.count): \(r.caughtBy.prefix(4).joined(separator: ", "))\(r.caughtBy.count > 4 ? ", ..." : "")"
                : "NOT CAUGHT"
            print(
                "\(r.mutant.padding(toLength: 28, withPad: " ", startingAt: 0)) \(r.bugClass.rawValue.padding(toLength: 18, withPad: " ", startingAt: 0)) \(caught)"
            )
        }
        let caught = reports.filter { $0.caught }.count
        print("\(caught) of \(reports.count) known-bad implementations caught")
        let fuzzingOnly = catalogue.mutants.filter { $0.detection == .fuzzing }.map(\.id)
        if !fuzzingOnly.isEmpty {
            print(
                "not run here (the vectors miss them; `pushproof fuzz --all-mutants` must find them): \(fuzzingOnly.joined(separator: ", "))"
            )
        }
        if caught < reports.count { throw ExitCode(1) }
    }
}

struct Fuzz: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Differential fuzzing: mutated vector inputs asked of the reference and of an implementation.",
        discussion: """
            Inputs come from the shipped vectors by structure-aware mutation (bits in hex data and in the \
            bytes base64 carries, integers and RFC 3339 times across boundaries and the protocols' time \
            windows, types swapped, strings re-cased, cut or given a foreign character, members added, \
            respelled, dropped or reordered, trace steps dropped, repeated or moved). Each disagreement that \
            no vector allows is a finding, minimized and, with --out, written as a vector file of one test \
            (`pushproof run --vectors DIR` loads it). Deterministic for a seed and a number of iterations.
            """)

    @OptionGroup var location: VectorsLocation

    @Option(name: .long, help: "The implementation: the command line of its adapter (docs/adapter-protocol.md).")
    var impl: String?

    @Option(name: .long, help: "Fuzz a known-bad implementation (a mutant id) instead.")
    var mutant: String?

    @Flag(
        name: .long,
        help: ArgumentHelp(
            "Fuzz every known-bad implementation; fail if one is not found within the budget.",
            discussion:
                "Each is fuzzed from the vector files of its own suite, whose operations it breaks."))
    var allMutants = false

    @Option(name: .long, help: "The seed.")
    var seed: UInt64 = 1

    @Option(name: .long, help: "How many mutated inputs to try.")
    var iterations: Int = 5000

    @Option(name: .long, help: "Stop after this many seconds (the run then depends on speed).")
    var seconds: Double?

    @Option(name: .long, help: "Fuzz only this profile's vectors (repeatable).")
    var profile: [String] = []

    @Option(
        name: .long,
        help:
            "Fuzz only from this vector file's inputs (repeatable), by its name without _test.json, e.g. catbird_registration."
    )
    var file: [String] = []

    @Option(name: .long, help: "Write each finding as a vector file of one test into this folder.")
    var out: String?

    @Option(
        name: .long,
        help: "The implementation's expected-failures list: the inputs of the tests it lists are not mutated.")
    var expectedFailures: String?

    @Option(name: .long, help: "Seconds an adapter may take to answer the hello or one request.")
    var timeout: Double = 10

    func validate() throws {
        guard timeout > 0, timeout.isFinite else {
            throw ValidationError("--timeout takes a number of seconds above 0")
        }
        guard iterations > 0 else { throw ValidationError("--iterations takes a number above 0") }
        if let seconds, !(seconds > 0 && seconds.isFinite) {
            throw ValidationError("--seconds takes a number above 0")
        }
    }

    func run() throws {
        let listed: ExpectedFailures?
        do {
            listed = try expectedFailures.map { try ExpectedFailures(contentsOf: URL(fileURLWithPath: $0)) }
        } catch {
            FileHandle.standardError.write(Data("pushproof: \(error)\n".utf8))
            throw ExitCode(RunFailure.usageError)
        }
        let source = try location.resolve()
        let known = source.vectorFileNames
        for name in file where !known.contains(name) {
            throw ValidationError("unknown vector file \(name); known: \(known.joined(separator: ", "))")
        }
        let named = file.reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
        let files = try source.vectorFiles(only: named.isEmpty ? nil : named)
        let catalogue = Suites.catalogue
        let reference = catalogue.reference
        let profiles = Set(profile.map(Profile.init(rawValue:)))
        if allMutants {
            var missed: [String] = []
            for m in catalogue.mutants {
                let fuzzer = DifferentialFuzzer(
                    seed: seed, iterations: iterations, seconds: seconds, maximumFindings: 1, profiles: profiles,
                    meanings: catalogue.meanings, windows: catalogue.timeWindows)
                let report = fuzzer.run(
                    reference: reference, implementation: MutatedImplementation(m, reference: reference),
                    files: catalogue.ownFiles(files, of: m))
                let found = report.findings.first.map {
                    "found at iteration \($0.iteration + 1): \($0.file) tcId \($0.basedOn), \($0.mutations.map(\.description).joined(separator: "; "))"
                }
                print(
                    "\(m.id.padding(toLength: 30, withPad: " ", startingAt: 0)) \(m.detection.rawValue.padding(toLength: 8, withPad: " ", startingAt: 0)) \(found ?? "NOT FOUND in \(report.iterations) iterations")"
                )
                if found == nil { missed.append(m.id) }
            }
            print(
                "\(catalogue.mutants.count - missed.count) of \(catalogue.mutants.count) known-bad implementations found by differential fuzzing (seed \(seed), \(iterations) iterations each)"
            )
            if !missed.isEmpty { throw ExitCode(1) }
            return
        }
        let implementation: any ConformanceImplementation
        if let impl {
            do { implementation = try ExternalImplementation(commandLine: impl, timeout: timeout) } catch {
                FileHandle.standardError.write(Data("pushproof: cannot use the adapter: \(error)\n".utf8))
                throw ExitCode(RunFailure.adapterUnusable)
            }
        } else {
            implementation = try ImplementationChoice.inProcess(mutant: mutant)
        }
        defer { (implementation as? ExternalImplementation)?.shutdown() }
        var fuzzer = DifferentialFuzzer(
            seed: seed, iterations: iterations, seconds: seconds, profiles: profiles,
            meanings: catalogue.meanings, windows: catalogue.timeWindows, wireError: catalogue.wireError)
        fuzzer.knownFailures = Set(listed?.reasons.keys ?? [:].keys)
        let report = fuzzer.run(reference: reference, implementation: implementation, files: files) { r in
            FileHandle.standardError.write(
                Data("fuzz: \(r.iterations) inputs, \(r.compared) compared, \(r.findings.count) findings\n".utf8))
        }
        for (n, f) in report.findings.enumerated() {
            print(
                "finding \(n + 1): \(f.operation) (\(f.profile)) from \(f.file) tcId \(f.basedOn): \(f.mutations.map(\.description).joined(separator: "; "))"
            )
            print("  reference: \(JSONWriter.compact(f.reference.json))")
            print("  \(implementation.name): \(JSONWriter.compact(f.implementation.json))")
            if let out {
                let file = f.vectorFile(number: n + 1, implementation: implementation.name)
                try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
                try file.serialized.write(toFile: "\(out)/\(file.fileName)", atomically: true, encoding: .utf8)
                print("  written: \(out)/\(file.fileName) (pushproof run --vectors \(out))")
            }
        }
        print(
            "differential fuzzing of \(implementation.name): seed \(seed), \(report.iterations) inputs, \(report.compared) compared, \(report.skipped) skipped, \(report.findings.count) findings"
        )
        if !report.findings.isEmpty { throw ExitCode(1) }
    }
}

struct Interop: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check the reference against a published vector set held in a folder (e.g. the RFC 9420 vectors).",
        discussion: "Sets: \(Suites.catalogue.interopSets.map { "\($0.name) (\($0.source))" }.joined(separator: "; "))."
    )

    @Argument(help: "The set, e.g. mls.")
    var set: String

    @Argument(help: "The folder holding the set's files.")
    var directory: String

    @Flag(name: .long, help: "List every failed case, not only the first few per file.")
    var verbose = false

    func run() throws {
        let catalogue = Suites.catalogue
        guard let interop = catalogue.interopSet(named: set) else {
            throw ValidationError(
                "unknown set \(set); known: \(catalogue.interopSets.map(\.name).joined(separator: ", "))")
        }
        let reports = interop.run(directory: URL(fileURLWithPath: directory, isDirectory: true))
        print("PushProof interop: \(interop.name), from \(interop.source)")
        let width = reports.map(\.file.count).max() ?? 0
        for r in reports {
            let name = r.file.padding(toLength: width, withPad: " ", startingAt: 0)
            if let problem = r.problem {
                print("  \(name)  not checked: \(problem)")
                continue
            }
            print("  \(name)  \(r.passed) passed, \(r.failures.count) failed, \(r.skipped) skipped")
            for f in r.failures.prefix(verbose ? Int.max : 5) {
                if case .failed(let why) = f.status { print("    FAILED \(f.name): \(why)") }
            }
        }
        let passed = reports.map(\.passed).reduce(0, +)
        let failed = reports.map { $0.failures.count + ($0.problem == nil ? 0 : 1) }.reduce(0, +)
        print("\(passed) passed, \(failed) failed, \(reports.map(\.skipped).reduce(0, +)) skipped")
        if reports.contains(where: \.failed) { throw ExitCode(1) }
    }
}
