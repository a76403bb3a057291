import Foundation
import PushProofCrypto

/// A libFuzzer target: a name (`corpora/<name>/` holds its seeds, `corpora/<name>.dict` its
/// dictionary) and a harness that takes arbitrary bytes. A harness must return without trapping
/// on any input; it checks invariants with `fuzzInvariant`, which traps (so libFuzzer reports a
/// crash) when one breaks. Each suite declares its targets in its own folder; the fuzz executable,
/// the corpus replay tests and scripts/fuzz.sh take them from the catalogue.
public struct FuzzTarget: Sendable {
    public let name: String
    private let harness: @Sendable ([UInt8]) -> Void
    /// The target's seed inputs, made from the generated vector files (and hand-written where the
    /// vectors hold none), encoded the way the harness decodes them. `pushproof vectors generate`
    /// writes each missing one to `corpora/<name>/`; `verify` fails while one is missing.
    public let seeds: @Sendable ([VectorFile]) -> [[UInt8]]

    public init(
        _ name: String, seeds: @escaping @Sendable ([VectorFile]) -> [[UInt8]] = { _ in [] },
        run harness: @escaping @Sendable ([UInt8]) -> Void
    ) {
        self.name = name
        self.seeds = seeds
        self.harness = harness
    }

    public func run(_ data: [UInt8]) { harness(data) }

    /// Calls `body` with libFuzzer's (pointer, length) input as bytes.
    public static func withBytes(_ pointer: UnsafePointer<UInt8>?, _ count: Int, _ body: ([UInt8]) -> Void) {
        guard let pointer, count > 0 else { return body([]) }
        body(Array(UnsafeBufferPointer(start: pointer, count: count)))
    }
}

/// Stops the fuzz run with a crash report when a harness's invariant breaks.
public func fuzzInvariant(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fatalError("fuzz invariant broken: \(message())") }
}

/// Which target a run of the fuzz executable drives.
public enum FuzzSelection: Equatable, Sendable {
    case target(String)
    /// `list`: print the target names.
    case list
    case unknown(String)
}

extension ConformanceCatalogue {
    /// Every suite's fuzz targets, in the order of the list of suites.
    public var fuzzTargets: [FuzzTarget] { suites.flatMap(\.fuzzTargets) }

    /// Every target's seeds from these vector files, as paths below the corpora folder:
    /// `<target>/seeds/<the first 16 hex digits of the input's SHA-256>`. `seeds/` is the
    /// generator's own: campaigns merge and replace the files beside it, and leave it (and
    /// `regressions/`) alone.
    public func seeds(from files: [VectorFile]) -> [(path: String, bytes: [UInt8])] {
        var seen = Set<String>()
        return fuzzTargets.flatMap { target in
            target.seeds(files).compactMap { bytes in
                let path = "\(target.name)/seeds/\(Hex.encode(SHA256.hash(bytes)).prefix(16))"
                return !bytes.isEmpty && seen.insert(path).inserted ? (path, bytes) : nil
            }
        }
    }

    /// Writes every target's `seeds/` folder to hold exactly its seeds. Returns the number of files
    /// written and removed.
    public func writeSeeds(from files: [VectorFile], to corpora: URL) throws -> (written: Int, removed: Int) {
        let fileManager = FileManager.default
        let seeds = seeds(from: files)
        var (written, removed) = (0, 0)
        for seed in seeds where missing(seed, in: corpora) {
            let url = corpora.appendingPathComponent(seed.path)
            try fileManager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(seed.bytes).write(to: url)
            written += 1
        }
        let wanted = Set(seeds.map(\.path))
        for target in fuzzTargets {
            for path in extraSeeds(of: target, in: corpora, wanted: wanted) {
                try fileManager.removeItem(at: corpora.appendingPathComponent(path))
                removed += 1
            }
        }
        return (written, removed)
    }

    /// What `writeSeeds` would change: seeds missing (or held with other bytes), and files in a
    /// `seeds/` folder that are no seed.
    public func seedDifferences(from files: [VectorFile], in corpora: URL) -> (missing: [String], extra: [String]) {
        let seeds = seeds(from: files)
        let wanted = Set(seeds.map(\.path))
        return (
            seeds.filter { missing($0, in: corpora) }.map(\.path),
            fuzzTargets.flatMap { extraSeeds(of: $0, in: corpora, wanted: wanted) }
        )
    }

    private func extraSeeds(of target: FuzzTarget, in corpora: URL, wanted: Set<String>) -> [String] {
        let folder = corpora.appendingPathComponent("\(target.name)/seeds")
        return ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
            .map { "\(target.name)/seeds/\($0)" }.filter { !wanted.contains($0) }
    }

    private func missing(_ seed: (path: String, bytes: [UInt8]), in corpora: URL) -> Bool {
        (try? Data(contentsOf: corpora.appendingPathComponent(seed.path))) != Data(seed.bytes)
    }

    public func fuzzTarget(named name: String) -> FuzzTarget? { fuzzTargets.first { $0.name == name } }

    /// `$PUSHPROOF_FUZZ_TARGET` when set, else the executable's file name (so a copy of the
    /// executable named after a target runs that target, as OSS-Fuzz expects).
    public func selectFuzzTarget(environment: String?, executable: String) -> FuzzSelection {
        let name = environment ?? String(executable.split(separator: "/").last ?? "")
        if name == "list" { return .list }
        return fuzzTarget(named: name) == nil ? .unknown(name) : .target(name)
    }
}
