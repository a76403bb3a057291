import ConvosExplode
import PushProofConformance
import PushProofJSON
import Testing

@testable import PushProofSuites

/// The fuzz seeds made from the vectors read back, through each stateful harness's decoder, as the
/// traces they were made from: a seed encoded one way and decoded another would only exercise noise.
@Suite struct FuzzSeedTests {
    static let files = try! ConformanceRunner.loadVectors(directory: vectorsDirectory)

    /// A case's name as Swift prints it: `save` of `.save(…)`.
    static func caseName(_ value: Any) -> String { String("\(value)".prefix { $0 != "(" }) }

    @Test func everyTargetHasSeeds() {
        let seeds = Suites.catalogue.seeds(from: Self.files)
        for target in Suites.catalogue.fuzzTargets {
            #expect(seeds.contains { $0.path.hasPrefix("\(target.name)/seeds/") }, "\(target.name) has no seed")
        }
        #expect(seeds.allSatisfy { !$0.bytes.isEmpty })
    }

    @Test func identityStoreTracesRoundTrip() throws {
        var checked = 0
        for (_, test) in Self.files.tests(of: "identity_store") {
            let trace = try #require(test.input["steps"]?.arrayValue)
            let steps = IdentityStoreHarness.Step.steps(of: trace)
            #expect(steps.map { "\($0.operation)" } == trace.compactMap { $0["op"]?.stringValue })
            let decoded = IdentityStoreHarness.Step.decode(steps.flatMap(\.bytes))
            #expect(decoded == Array(steps.prefix(16)), "identity_store tcId \(test.tcId)")
            checked += 1
        }
        #expect(checked >= 10)
    }

    @Test func receiverTracesRoundTrip() throws {
        typealias Step = ExplosionReceiverHarness.Step
        var checked = 0
        for (_, test) in Self.files.tests(of: "explode_receiver") {
            let events = try #require(test.input["events"]?.arrayValue)
            let steps = Step.steps(of: events)
            #expect(steps.count == events.count, "explode_receiver tcId \(test.tcId): an event without a step")
            #expect(Step.decode(Step.encode(steps)) == Array(steps.prefix(200)))
            for (step, event) in zip(steps, events) {
                #expect(event["event"]?.stringValue == Self.caseName(step), "explode_receiver tcId \(test.tcId)")
                if case .explodeMessage(let inbox, let sender, _) = step {
                    #expect(inbox == 0, "explode_receiver tcId \(test.tcId): not on the first inbox")
                    #expect(event["sender"].map { $0.stringValue == sender.rawValue } ?? (sender == .creator))
                    #expect(step.fromSelf == (event["fromSelf"]?.boolValue == true))
                }
                if case .trigger(let trigger) = step {
                    #expect(event["trigger"]?.stringValue == trigger.rawValue)
                }
            }
            checked += 1
        }
        #expect(checked >= 20)
    }

    /// Each opcode decodes to the `EpochKeyStep` case its kind names, and a vector trace decodes
    /// to its calls in order.
    @Test func epochKeyTracesRoundTrip() throws {
        let layout = EpochKeyFuzzStep.layout
        for kind in layout.opcodes {
            let step = try #require(EpochKeyStoreHarness.decode([layout.opcode(of: kind), 0, 0]).first)
            #expect(Self.caseName(step) == kind.rawValue)
        }
        var checked = 0
        for (_, test) in Self.files.tests(of: "catbird_epoch_keys") {
            guard let trace = test.input["steps"]?.arrayValue else { continue }
            let steps = EpochKeyFuzzStep.steps(of: trace, userDid: test.input["userDid"]?.stringValue ?? "")
            let bytes = EpochKeyFuzzStep.encode(steps)
            #expect(EpochKeyFuzzStep.decode(bytes) == Array(steps.prefix(layout.maximumSteps)))
            let calls = trace.filter { EpochKeyFuzzStep.Kind(rawValue: $0["op"]?.stringValue ?? "") != nil }
            let decoded = EpochKeyStoreHarness.decode(bytes)
            #expect(
                decoded.map(Self.caseName) == calls.prefix(layout.maximumSteps).compactMap { $0["op"]?.stringValue },
                "catbird_epoch_keys \(test.tcId)")
            for (step, json) in zip(decoded, calls) {
                if case .saveEpochSecret(_, _, let epoch, _) = step, let want = json["epoch"]?.int64Value,
                    (0...250).contains(want)
                {
                    #expect(epoch == want)
                }
            }
            checked += 1
        }
        #expect(checked >= 10)
    }
}

/// Which keychain records allow a refusal beside the reference's answer: only text JSONDecoder
/// takes for UTF-16 or UTF-32 that is not whole, valid text in it.
@Suite struct KeychainRecordEncodingTests {
    @Test func onlyBrokenWideTextAllowsARefusal() {
        let utf32BE: [UInt8] = [0, 0, 0, 0x7B, 0, 0, 0, 0x7D]
        #expect(KeychainRecordEncodings.isWholeText(Array("{\"a\":1}".utf8)))
        #expect(KeychainRecordEncodings.isWholeText(utf32BE))
        #expect(!KeychainRecordEncodings.isWholeText(utf32BE + [0x41]))
        #expect(!KeychainRecordEncodings.isWholeText([0x7B, 0, 0, 0, 0, 0, 0x11, 0]))  // UTF-32LE past U+10FFFF
        #expect(KeychainRecordEncodings.isWholeText([0x7B, 0, 0x7D, 0]))  // UTF-16LE
        #expect(!KeychainRecordEncodings.isWholeText([0x7B, 0, 0x7D, 0, 0x00, 0xD8]))  // an unpaired surrogate
        #expect(!KeychainRecordEncodings.isWholeText([0xFE, 0xFF, 0, 0x7B, 0]))  // BOM, half a unit
    }
}
