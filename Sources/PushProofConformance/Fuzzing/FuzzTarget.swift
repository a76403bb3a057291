/// A libFuzzer target: a name (`corpora/<name>/` holds its seeds, `corpora/<name>.dict` its
/// dictionary) and a harness that takes arbitrary bytes. A harness must return without trapping
/// on any input; it checks invariants with `fuzzInvariant`, which traps (so libFuzzer reports a
/// crash) when one breaks. Each suite declares its targets in its own folder; the fuzz executable,
/// the corpus replay tests and scripts/fuzz.sh take them from the catalogue.
public struct FuzzTarget: Sendable {
    public let name: String
    private let harness: @Sendable ([UInt8]) -> Void

    public init(_ name: String, run harness: @escaping @Sendable ([UInt8]) -> Void) {
        self.name = name
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

    public func fuzzTarget(named name: String) -> FuzzTarget? { fuzzTargets.first { $0.name == name } }

    /// `$PUSHPROOF_FUZZ_TARGET` when set, else the executable's file name (so a copy of the
    /// executable named after a target runs that target, as OSS-Fuzz expects).
    public func selectFuzzTarget(environment: String?, executable: String) -> FuzzSelection {
        let name = environment ?? String(executable.split(separator: "/").last ?? "")
        if name == "list" { return .list }
        return fuzzTarget(named: name) == nil ? .unknown(name) : .target(name)
    }
}
