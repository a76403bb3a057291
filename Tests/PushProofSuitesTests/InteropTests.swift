import Foundation
import PushProofConformance
import PushProofSuites
import Testing

/// The `mls` interop set finds failures and missing files. (The real files are not part of the
/// project; CI runs them from ../shared/mls-interop when present.)
@Suite struct InteropTests {
    @Test func wrongAnswersAndMissingFilesAreReported() throws {
        let set = try #require(Suites.catalogue.interopSet(named: "mls"))
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
            "pushproof-interop-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let entries = """
            [{"vlbytes_header": "4040", "length": 64}, {"vlbytes_header": "4040", "length": 65},
             {"vlbytes_header": "403f", "length": 63}, {"vlbytes_header": "c0000000", "length": 0}]
            """
        try Data(entries.utf8).write(to: dir.appendingPathComponent("deserialization.json"))
        try Data("[{\"mls_key_package\": \"00010005\", \"mls_welcome\": \"zz\"}]".utf8).write(
            to: dir.appendingPathComponent("messages.json"))
        let reports = Dictionary(uniqueKeysWithValues: set.run(directory: dir).map { ($0.file, $0) })
        let deserialization = try #require(reports["deserialization.json"])
        #expect(deserialization.passed == 1 && deserialization.failures.count == 3)
        #expect(deserialization.failures.map(\.name) == ["header 1 (4040)", "header 2 (403f)", "header 3 (c0000000)"])
        #expect(reports["crypto-basics.json"]?.problem != nil && reports["welcome.json"]?.failed == true)
        // A hex field that is not hex makes the file unreadable rather than a silent pass.
        #expect(reports["messages.json"]?.problem == "`mls_welcome` is not hex")
    }
}
