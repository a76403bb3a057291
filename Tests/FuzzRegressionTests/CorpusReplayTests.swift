import Foundation
import PushProofConformance
import PushProofSuites
import Testing

let corporaRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("corpora")
let targetNames = Suites.catalogue.fuzzTargets.map(\.name)

func target(_ name: String) throws -> FuzzTarget { try #require(Suites.catalogue.fuzzTarget(named: name)) }

/// Replays every committed corpus file, and every saved crash under `corpora/<target>/regressions/`,
/// through the same harness the libFuzzer target runs. No libFuzzer needed.
@Suite struct CorpusReplayTests {
    @Test(arguments: targetNames)
    func replay(_ name: String) throws {
        let harness = try target(name)
        let folder = corporaRoot.appendingPathComponent(name)
        let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
        var count = 0
        while let url = enumerator?.nextObject() as? URL {
            guard !url.hasDirectoryPath else { continue }
            harness.run([UInt8](try Data(contentsOf: url)))
            count += 1
        }
        #expect(count >= 5, "corpora/\(name) should hold seed inputs")
    }

    @Test(arguments: targetNames)
    func hostileShapes(_ name: String) throws {
        let harness = try target(name)
        for input in [
            [], [0], [UInt8](repeating: 0xFF, count: 5000), Array(String(repeating: "[", count: 5000).utf8),
            Array(
                "{\"realm_uuid\":\"r\",\"token_id\":\"AAAAAAAAAAA=\",\"encrypted_push_registration\":\"\",\"bouncer_public_key\":\"\"}"
                    .utf8),
        ] {
            harness.run(input)
        }
    }
}

/// The fuzz targets are named once, by their suites: the corpus folders follow the names, and the
/// fuzz executable picks its target by name.
@Suite struct FuzzTargetTableTests {
    @Test func everyTargetHasACorpusAndEveryCorpusATarget() throws {
        #expect(targetNames.count >= 13 && Set(targetNames).count == targetNames.count)
        let entries = try FileManager.default.contentsOfDirectory(atPath: corporaRoot.path)
        let folders = entries.filter { !$0.hasSuffix(".dict") && !$0.hasPrefix(".") }
        #expect(Set(folders) == Set(targetNames))
        for dict in entries where dict.hasSuffix(".dict") {
            #expect(targetNames.contains(String(dict.dropLast(5))), "\(dict) names no target")
        }
    }

    @Test func theExecutablePicksItsTargetByName() {
        let c = Suites.catalogue
        #expect(
            c.selectFuzzTarget(environment: "FuzzAppData", executable: "/x/pushproof-fuzz") == .target("FuzzAppData"))
        #expect(c.selectFuzzTarget(environment: nil, executable: "/out/FuzzBouncerOpen") == .target("FuzzBouncerOpen"))
        #expect(
            c.selectFuzzTarget(environment: "FuzzAppData", executable: "/out/FuzzBouncerOpen") == .target("FuzzAppData")
        )
        #expect(c.selectFuzzTarget(environment: "list", executable: "x") == .list)
        #expect(c.selectFuzzTarget(environment: nil, executable: "/x/pushproof-fuzz") == .unknown("pushproof-fuzz"))
    }
}
