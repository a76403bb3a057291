import Foundation
import PushProofFuzzing
import Testing

let corporaRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("corpora")

/// Replays every committed corpus file, and every saved crash under `corpora/<target>/regressions/`,
/// through the same harness the libFuzzer target runs. No libFuzzer needed.
@Suite struct CorpusReplayTests {
    @Test(arguments: FuzzHarness.allCases)
    func replay(_ harness: FuzzHarness) throws {
        let folder = corporaRoot.appendingPathComponent(harness.rawValue)
        let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
        var count = 0
        while let url = enumerator?.nextObject() as? URL {
            guard !url.hasDirectoryPath else { continue }
            harness.run([UInt8](try Data(contentsOf: url)))
            count += 1
        }
        #expect(count >= 5, "corpora/\(harness.rawValue) should hold seed inputs")
    }

    @Test(arguments: FuzzHarness.allCases)
    func hostileShapes(_ harness: FuzzHarness) {
        for input in [[], [0], [UInt8](repeating: 0xFF, count: 5000), Array(String(repeating: "[", count: 5000).utf8),
                      Array("{\"realm_uuid\":\"r\",\"token_id\":\"AAAAAAAAAAA=\",\"encrypted_push_registration\":\"\",\"bouncer_public_key\":\"\"}".utf8)] {
            harness.run(input)
        }
    }
}

/// The fuzz targets are named once, in `FuzzHarness`: the corpus folders follow it, and the fuzz
/// executable picks its harness from it by name.
@Suite struct FuzzTargetTableTests {
    @Test func everyTargetHasACorpusAndEveryCorpusATarget() throws {
        let entries = try FileManager.default.contentsOfDirectory(atPath: corporaRoot.path)
        let folders = entries.filter { !$0.hasSuffix(".dict") && !$0.hasPrefix(".") }
        #expect(Set(folders) == Set(FuzzHarness.allCases.map(\.rawValue)))
        for dict in entries where dict.hasSuffix(".dict") {
            #expect(FuzzHarness(rawValue: String(dict.dropLast(5))) != nil, "\(dict) names no target")
        }
    }

    @Test func theExecutablePicksItsHarnessByName() {
        #expect(FuzzTarget.select(environment: "FuzzAppData", executable: "/x/pushproof-fuzz") == .harness(.appData))
        #expect(FuzzTarget.select(environment: nil, executable: "/out/FuzzBouncerOpen") == .harness(.bouncerOpen))
        #expect(FuzzTarget.select(environment: "FuzzAppData", executable: "/out/FuzzBouncerOpen") == .harness(.appData))
        #expect(FuzzTarget.select(environment: "list", executable: "x") == .list)
        #expect(FuzzTarget.select(environment: nil, executable: "/x/pushproof-fuzz") == .unknown("pushproof-fuzz"))
    }
}
