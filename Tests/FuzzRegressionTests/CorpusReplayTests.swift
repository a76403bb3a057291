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
