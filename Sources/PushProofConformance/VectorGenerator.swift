import Foundation
import PushProofJSON

/// A case the generator could not make the way it was declared: the reference answered
/// something other than the case's stated intent. Generation stops rather than write it.
public struct GeneratorError: Error, CustomStringConvertible {
    public let message: String
    init(_ message: String) { self.message = message }
    public var description: String { "vector generation: \(message)" }
}

/// Every vector file PushProof ships, generated from code: fixed seeds, fixed ephemeral keys,
/// fixed nonces, fixed clocks. Same code, same bytes.
public enum VectorSuites {
    public static func generateAll() throws -> [VectorFile] {
        try RegistrationVectors.files() + EnvelopeVectors.files() + IdentityVectors.files() + ExplodeVectors.files()
    }

    /// Writes every file into `directory`; returns the names written.
    @discardableResult
    public static func write(to directory: URL) throws -> [String] {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        var names: [String] = []
        for file in try generateAll() {
            try Data(file.serialized.utf8).write(to: directory.appendingPathComponent(file.fileName))
            names.append(file.fileName)
        }
        return names
    }

    /// Regenerates in memory and compares with `directory`, byte for byte. Returns the names
    /// of files that differ or are missing (empty when everything matches), and the names of
    /// vector files in the directory that the generator does not produce.
    public static func verify(directory: URL) throws -> (differing: [String], unexpected: [String]) {
        var differing: [String] = []
        let files = try generateAll()
        for file in files {
            let onDisk = try? Data(contentsOf: directory.appendingPathComponent(file.fileName))
            if onDisk != Data(file.serialized.utf8) { differing.append(file.fileName) }
        }
        let present = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        let produced = Set(files.map(\.fileName))
        let unexpected = present.filter { $0.hasSuffix("_test.json") && !produced.contains($0) }.sorted()
        return (differing, unexpected)
    }
}

/// Collects a file's notes in the order flags are first used, and refuses unknown flags.
struct NoteBook {
    let catalogue: [String: VectorNote]
    private(set) var used: [(flag: String, note: VectorNote)] = []

    init(_ catalogue: [String: VectorNote]) { self.catalogue = catalogue }

    mutating func use(_ flags: [String]) throws {
        for flag in flags where !used.contains(where: { $0.flag == flag }) {
            guard let note = catalogue[flag] else { throw GeneratorError("flag \(flag) has no note") }
            used.append((flag, note))
        }
    }
}

/// Checks that a generated test says what its result claims.
func checkConsistency(_ test: VectorTest, in suite: String) throws {
    let hasOutput = test.expected["output"] != nil
    switch test.result {
    case .valid where !hasOutput, .invalid where hasOutput:
        throw GeneratorError("\(suite) tcId \(test.tcId) (\(test.comment)): result \(test.result) but expected \(JSONWriter.compact(test.expected))")
    case .acceptable where test.alsoAccepted.isEmpty:
        throw GeneratorError("\(suite) tcId \(test.tcId) (\(test.comment)): acceptable without an alternative")
    default:
        break
    }
    if test.result != .acceptable && !test.alsoAccepted.isEmpty {
        throw GeneratorError("\(suite) tcId \(test.tcId): alternatives on a \(test.result) test")
    }
}

/// A case declared with the answer the reference must give.
struct DeclaredCase {
    var comment: String
    var flags: [String]
    var input: JSONValue
    /// nil: an output; otherwise the error code.
    var code: String?
    /// For outputs: the `outcome` field that must come out (receive and route operations).
    var outcome: String? = nil
    /// Other answers that pass too: makes the test `acceptable`.
    var alsoAccepted: [JSONValue] = []
}

/// Runs declared cases through the reference and turns them into tests; stops at the first case
/// whose answer is not the declared one.
enum DeclaredCases {
    static func tests(_ cases: [DeclaredCase], operation: String, profile: String, firstId: Int, suite: String,
                              book: inout NoteBook) throws -> [VectorTest] {
        var tests: [VectorTest] = []
        for (offset, c) in cases.enumerated() {
            let tcId = firstId + offset
            let answer = ReferenceImplementation().perform(operation: operation, input: c.input.setting("profile", to: .string(profile)))
            let ok: Bool
            switch (c.code, answer) {
            case let (nil, .output(out)): ok = c.outcome == nil || out["outcome"]?.stringValue == c.outcome
            case let (code?, .error(actual, _)): ok = code == actual
            default: ok = false
            }
            guard ok else {
                throw GeneratorError("\(suite) tcId \(tcId) (\(c.comment)): declared \(c.code ?? c.outcome ?? "an output"), reference answered \(JSONWriter.compact(answer.json))")
            }
            let result: VectorResult = !c.alsoAccepted.isEmpty ? .acceptable : c.code == nil ? .valid : .invalid
            let test = VectorTest(tcId: tcId, comment: c.comment, flags: c.flags, result: result,
                                  input: c.input, intermediate: nil, expected: answer.json, alsoAccepted: c.alsoAccepted)
            try book.use(c.flags)
            try checkConsistency(test, in: suite)
            tests.append(test)
        }
        return tests
    }
}

extension DeclaredCases {
    struct Group {
        var type: String
        var operation: String
        var profile: String = "deployed"
        var description: String
        var firstId: Int
        var cases: [DeclaredCase]
    }

    /// A vector file whose groups are all declared cases.
    static func file(suite: String, protocolName: String, notes: [String: VectorNote], header: [String], groups: [Group]) throws -> VectorFile {
        var book = NoteBook(notes)
        var built: [VectorGroup] = []
        for g in groups {
            built.append(VectorGroup(type: g.type, operation: g.operation, profile: g.profile, description: g.description,
                                     tests: try tests(g.cases, operation: g.operation, profile: g.profile, firstId: g.firstId, suite: suite, book: &book)))
        }
        return VectorFile(suite: suite, schema: "\(suite)_schema.json", protocolName: protocolName, header: header,
                          notes: book.used, groups: built)
    }
}
