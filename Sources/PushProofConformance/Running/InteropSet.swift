import Foundation
import PushProofJSON

/// Test vectors published by others that a suite can check the reference against, but that
/// PushProof does not ship (their licence keeps them out of the repository): the user points
/// `pushproof interop SET DIR` at a folder holding them. Each file of the set is read as JSON and
/// checked case by case.
public struct InteropSet: Sendable {
    public struct File: Sendable {
        public let name: String
        let check: @Sendable (JSONValue) throws -> [InteropCase]

        public init(_ name: String, check: @escaping @Sendable (JSONValue) throws -> [InteropCase]) {
            self.name = name
            self.check = check
        }
    }

    public let name: String
    /// Where users get the files (repository and commit).
    public let source: String
    public let files: [File]

    public init(name: String, source: String, files: [File]) {
        self.name = name
        self.source = source
        self.files = files
    }

    /// Runs every file found in `directory`; a missing or unreadable file is a failure.
    public func run(directory: URL) -> [InteropFileReport] {
        files.map { file in
            let url = directory.appendingPathComponent(file.name)
            do {
                let json = try JSONParser.parse([UInt8](try Data(contentsOf: url)), options: .init(maximumDepth: 512))
                return InteropFileReport(file: file.name, cases: try file.check(json), problem: nil)
            } catch {
                return InteropFileReport(file: file.name, cases: [], problem: "\(error)")
            }
        }
    }
}

/// One checked case of an interop file.
public struct InteropCase: Sendable, Equatable {
    public enum Status: Sendable, Equatable {
        case passed
        case failed(String)
        /// Outside what the reference implements (a signature scheme it lacks): not counted as
        /// passed, not a failure.
        case skipped(String)
    }

    public let name: String
    public let status: Status

    public init(_ name: String, _ status: Status) {
        self.name = name
        self.status = status
    }

    /// Passed when `ok`, else failed with `why`.
    public init(_ name: String, _ ok: Bool, _ why: @autoclosure () -> String) {
        self.init(name, ok ? .passed : .failed(why()))
    }
}

public struct InteropFileReport: Sendable {
    public let file: String
    public let cases: [InteropCase]
    /// Why the file could not be checked at all.
    public let problem: String?

    public var passed: Int { cases.filter { $0.status == .passed }.count }
    public var failures: [InteropCase] {
        cases.filter { if case .failed = $0.status { return true } else { return false } }
    }
    public var skipped: Int { cases.count - passed - failures.count }
    public var failed: Bool { problem != nil || !failures.isEmpty }
}

extension ConformanceCatalogue {
    public var interopSets: [InteropSet] { suites.flatMap(\.interopSets) }
    public func interopSet(named name: String) -> InteropSet? { interopSets.first { $0.name == name } }
}
