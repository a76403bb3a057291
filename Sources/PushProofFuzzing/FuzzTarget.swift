import Foundation

/// Which harness a run of the fuzz executable drives.
public enum FuzzTarget {
    /// What a name selects.
    public enum Selection: Equatable, Sendable {
        case harness(FuzzHarness)
        /// `list`: print the target names and exit.
        case list
        case unknown(String)
    }

    /// `$PUSHPROOF_FUZZ_TARGET` when set, else the executable's file name.
    public static func select(environment: String?, executable: String) -> Selection {
        let name = environment ?? String(executable.split(separator: "/").last ?? "")
        if name == "list" { return .list }
        return FuzzHarness(rawValue: name).map(Selection.harness) ?? .unknown(name)
    }

    nonisolated(unsafe) private static var selected: FuzzHarness?

    /// Called once by `LLVMFuzzerInitialize`, before any input: chooses the harness, or prints
    /// the names (`list`) or an error and exits.
    public static func start(executable: String) {
        let environment = ProcessInfo.processInfo.environment["PUSHPROOF_FUZZ_TARGET"]
        switch select(environment: environment, executable: executable) {
        case let .harness(h):
            selected = h
        case .list:
            for h in FuzzHarness.allCases { print(h.rawValue) }
            exit(0)
        case let .unknown(name):
            let names = FuzzHarness.allCases.map(\.rawValue).joined(separator: " ")
            let message = "pushproof-fuzz: no fuzz target named `\(name)`; set PUSHPROOF_FUZZ_TARGET to one of: \(names)\n"
            FileHandle.standardError.write(Data(message.utf8))
            exit(2)
        }
    }

    /// The harness chosen at start-up.
    public static var chosen: FuzzHarness {
        guard let selected else { fatalError("pushproof-fuzz: LLVMFuzzerInitialize did not run") }
        return selected
    }
}
