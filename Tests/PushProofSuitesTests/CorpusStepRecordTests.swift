import ConvosExplode
import Foundation
import PushProofCrypto
import Testing

@testable import PushProofSuites

/// Every committed corpus input of the stateful fuzz targets decodes to the steps recorded for it
/// in `Resources/corpus-steps/<target>.txt`: one line an input, its name (the corpus file's path
/// below `corpora/<target>/`), its bytes in hex and its steps (``CorpusStepDescriptions``). The
/// record holds the inputs themselves, so it still checks an input whose file a later
/// `vectors generate` or campaign removed.
///
/// `PUSHPROOF_RECORD_CORPUS_STEPS=1 swift test --filter CorpusStepRecordTests` adds the corpus
/// inputs the record lacks (after a campaign); it never changes a recorded line, and fails where
/// one no longer matches.
@Suite struct CorpusStepRecordTests {
    static let corpora = packageRoot.appendingPathComponent("corpora")
    static let records = packageRoot.appendingPathComponent("Tests/PushProofSuitesTests/Resources/corpus-steps")

    /// The stateful targets and the text of their decoded steps.
    static let targets: [String: @Sendable ([UInt8]) -> [String]] = [
        "FuzzEpochKeyStore": { EpochKeyStoreHarness.decode($0).map(CorpusStepDescriptions.epochKeyStep) },
        "FuzzDeviceRegistry": {
            DeviceRegistryFuzzSteps.decode($0, maximumSteps: DeviceRegistryHarness.maximumSteps)
                .map(CorpusStepDescriptions.deviceRegistryStep)
        },
        "FuzzIdentityStore": { IdentityStoreHarness.Step.decode($0).map(identityStep) },
        "FuzzExplosionReceiver": { ExplosionReceiverHarness.Step.decode($0).map(receiverStep) },
    ]

    static func identityStep(_ step: IdentityStoreHarness.Step) -> String {
        "\(step.operation) i\(step.inbox) c\(step.client)"
    }

    static func receiverStep(_ step: ExplosionReceiverHarness.Step) -> String {
        func inbox(_ n: Int) -> String { CorpusStepDescriptions.inboxNames[n] }
        switch step {
        case .message(let i, let record):
            return "message \(inbox(i)) \(ExplosionReceiverHarness.Step.recordKinds[record].rawValue)"
        case .explodeMessage(let i, let sender, let minutes):
            return "explode \(inbox(i)) \(sender) self=\(step.fromSelf ? 1 : 0) \(minutes)"
        case .metadata(let i, let minutes): return "metadata \(inbox(i)) \(minutes)"
        case .advanceClock(let halfMinutes): return "clock \(halfMinutes)"
        case .resync(let i): return "resync \(inbox(i))"
        case .trigger(let trigger): return "trigger \(trigger)"
        }
    }

    static func line(name: String, bytes: [UInt8], steps: [String]) -> String {
        "\(name)\t\(Hex.encode(bytes))\t\(steps.joined(separator: " | "))"
    }

    /// The corpus files of a target, by their path below its folder, in order.
    static func corpusInputs(_ target: String) throws -> [(name: String, bytes: [UInt8])] {
        let folder = corpora.appendingPathComponent(target)
        let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
        var inputs: [(String, [UInt8])] = []
        while let url = enumerator?.nextObject() as? URL {
            guard !url.hasDirectoryPath else { continue }
            let name = String(url.standardizedFileURL.path.dropFirst(folder.standardizedFileURL.path.count + 1))
            inputs.append((name, [UInt8](try Data(contentsOf: url))))
        }
        return inputs.sorted { $0.0 < $1.0 }
    }

    @Test(arguments: targets.keys.sorted()) func recordedInputsDecodeToTheRecordedSteps(_ target: String) throws {
        let describe = try #require(Self.targets[target])
        let url = Self.records.appendingPathComponent("\(target).txt")
        let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
        var lines = text.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
        var recorded = Set<String>()
        var mismatches = 0
        for line in lines {
            let fields = line.split(separator: "\t", maxSplits: 2, omittingEmptySubsequences: false).map(String.init)
            try #require(fields.count == 3, "\(target): a malformed line: \(line)")
            let bytes = try #require(Hex.decode(fields[1]), "\(target) \(fields[0]): not hex")
            recorded.insert(fields[1])
            let now = Self.line(name: fields[0], bytes: bytes, steps: describe(bytes))
            if now != line {
                mismatches += 1
                if mismatches <= 5 {
                    Issue.record("\(target) \(fields[0]) decodes otherwise:\nrecorded \(line)\nnow      \(now)")
                }
            }
        }
        #expect(mismatches == 0, "\(target): \(mismatches) recorded inputs decode to other steps")
        #expect(!lines.isEmpty || ProcessInfo.processInfo.environment["PUSHPROOF_RECORD_CORPUS_STEPS"] == "1")
        guard ProcessInfo.processInfo.environment["PUSHPROOF_RECORD_CORPUS_STEPS"] == "1", mismatches == 0 else {
            return
        }
        for input in try Self.corpusInputs(target) where !recorded.contains(Hex.encode(input.bytes)) {
            recorded.insert(Hex.encode(input.bytes))
            lines.append(Self.line(name: input.name, bytes: input.bytes, steps: describe(input.bytes)))
        }
        try FileManager.default.createDirectory(at: Self.records, withIntermediateDirectories: true)
        try (lines.joined(separator: "\n") + "\n").write(to: url, atomically: true, encoding: .utf8)
    }

    /// What the record holds for a target covers every committed input of its corpus.
    @Test(arguments: targets.keys.sorted()) func everyCorpusInputIsRecorded(_ target: String) throws {
        let text = try String(contentsOf: Self.records.appendingPathComponent("\(target).txt"), encoding: .utf8)
        let recorded = Set(text.split(separator: "\n").map { $0.split(separator: "\t", maxSplits: 2)[1] })
        let missing = try Self.corpusInputs(target).filter { !recorded.contains(Substring(Hex.encode($0.bytes))) }
        #expect(
            missing.isEmpty,
            "\(target): \(missing.count) corpus inputs not recorded (\(missing.prefix(3).map(\.name))); record them with PUSHPROOF_RECORD_CORPUS_STEPS=1"
        )
    }
}
