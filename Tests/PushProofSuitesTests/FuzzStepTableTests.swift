import Foundation
import PushProofConformance
import Testing

@testable import PushProofSuites

/// The stateful fuzz targets' step layouts (``FuzzStepLayout``): their opcode tables only grow at
/// the end, and their seeds are typed steps that encode to bytes which decode back to them.
@Suite struct FuzzStepTableTests {
    /// A target's layout, as the committed record `Resources/step-tables.txt` writes it: its
    /// name, width and alias modulus, then its kinds in opcode order.
    struct Table: Equatable {
        var target: String
        var width: Int
        var aliasModulus: Int
        var kinds: [String]

        init<Kind>(_ target: String, _ layout: FuzzStepLayout<Kind>) {
            (self.target, width, aliasModulus) = (target, layout.width, layout.aliasModulus)
            kinds = layout.opcodes.map { "\($0)" }
        }

        init?(line: Substring) {
            let words = line.split(separator: " ").map(String.init)
            guard words.count >= 3, let width = Int(words[1].dropFirst("width=".count)),
                let modulus = Int(words[2].dropFirst("aliasModulus=".count))
            else { return nil }
            (target, self.width, aliasModulus, kinds) = (words[0], width, modulus, Array(words.dropFirst(3)))
        }

        var line: String {
            ([target, "width=\(width)", "aliasModulus=\(aliasModulus)"] + kinds).joined(separator: " ")
        }
    }

    static let tables = [
        Table("FuzzEpochKeyStore", EpochKeyFuzzStep.layout), Table("FuzzDeviceRegistry", DeviceRegistryFuzzStep.layout),
        Table("FuzzIdentityStore", IdentityStoreHarness.Step.layout),
        Table("FuzzExplosionReceiver", ExplosionReceiverHarness.Step.layout),
    ]

    /// Every byte string the stateful targets' seeds are, read as typed steps and written back.
    static let roundTrips: [String: @Sendable ([UInt8]) -> [UInt8]] = [
        "FuzzEpochKeyStore": { EpochKeyFuzzStep.encode(EpochKeyFuzzStep.decode($0)) },
        "FuzzDeviceRegistry": { DeviceRegistryFuzzStep.encode(DeviceRegistryFuzzStep.decode($0)) },
        "FuzzIdentityStore": { IdentityStoreHarness.Step.encode(IdentityStoreHarness.Step.decode($0)) },
        "FuzzExplosionReceiver": {
            ExplosionReceiverHarness.Step.encode(ExplosionReceiverHarness.Step.decode($0))
        },
    ]

    /// The committed record may only grow at its ends: an opcode's kind never changes, a new kind
    /// is appended (to the layout and to this record), and width and alias modulus stay.
    @Test func opcodeTablesOnlyGrowAtTheEnd() throws {
        let url = packageRoot.appendingPathComponent("Tests/PushProofSuitesTests/Resources/step-tables.txt")
        let text = try String(contentsOf: url, encoding: .utf8)
        let committed = text.split(separator: "\n").filter { !$0.hasPrefix("#") }.compactMap(Table.init(line:))
        #expect(Set(committed.map(\.target)) == Set(Self.tables.map(\.target)), "a stateful target without a record")
        for table in Self.tables {
            let record = try #require(committed.first { $0.target == table.target })
            #expect(table.width == record.width && table.aliasModulus == record.aliasModulus, "\(table.target)")
            #expect(
                table.kinds.starts(with: record.kinds),
                "\(table.target): an opcode changed its kind; the record has \(record.line), the layout \(table.line)")
            #expect(
                table.kinds.count == record.kinds.count,
                "\(table.target): new kinds; append them to step-tables.txt: \(table.line)")
        }
    }

    /// A layout's kinds are those its step type decodes: each opcode gives a step that writes
    /// back to the same opcode, except where one opcode covers several steps.
    @Test func everyOpcodeDecodesToItsKind() {
        for kind in EpochKeyFuzzStep.layout.opcodes {
            let bytes = [EpochKeyFuzzStep.layout.opcode(of: kind), 0, 0]
            #expect(EpochKeyFuzzStep.encode(EpochKeyFuzzStep.decode(bytes)).first == bytes[0])
        }
        for kind in ExplosionReceiverHarness.Step.layout.opcodes {
            let bytes = [ExplosionReceiverHarness.Step.layout.opcode(of: kind), 0, 0]
            #expect(ExplosionReceiverHarness.Step.decode(bytes).first?.bytes == bytes)
        }
        for kind in IdentityStoreHarness.Step.layout.opcodes {
            let bytes = [IdentityStoreHarness.Step.layout.opcode(of: kind), 0]
            #expect(IdentityStoreHarness.Step.decode(bytes).first?.bytes == bytes)
        }
        // Opcode 6: a revocation below 24, a registration from 24 to 87, a clock move above.
        #expect(
            DeviceRegistryFuzzStep.decode([6, 23, 6, 24, 6, 27, 6, 88]).map(\.bytes) == [
                [6, 2], [6, 24], [6, 27], [7, 88],
            ])
    }

    /// Every seed of the stateful targets writes back to its own bytes once decoded: the seeds are
    /// typed steps written through the layout (a seed longer than the layout's maximum is cut there).
    @Test func seedsRoundTrip() throws {
        let files = FuzzSeedTests.files
        var checked = 0
        for target in Suites.catalogue.fuzzTargets {
            guard let roundTrip = Self.roundTrips[target.name] else { continue }
            let table = try #require(Self.tables.first { $0.target == target.name })
            let maximum = try #require(Self.maximumSteps[target.name])
            for seed in target.seeds(files) {
                let whole = Array(seed.prefix(table.width * maximum))
                #expect(whole.count % table.width == 0, "\(target.name): a seed with a partial step")
                #expect(roundTrip(seed) == whole, "\(target.name): a seed does not round trip")
                checked += 1
            }
        }
        #expect(checked >= 100)
    }

    static let maximumSteps = [
        "FuzzEpochKeyStore": EpochKeyFuzzStep.layout.maximumSteps,
        "FuzzDeviceRegistry": DeviceRegistryFuzzStep.layout.maximumSteps,
        "FuzzIdentityStore": IdentityStoreHarness.Step.layout.maximumSteps,
        "FuzzExplosionReceiver": ExplosionReceiverHarness.Step.layout.maximumSteps,
    ]

    /// The device registry's seeds decode to the typed steps they are written from.
    @Test func registrySeedsDecodeToTheirSteps() {
        for steps in CatbirdRegistrationSuite.registrySeeds {
            #expect(DeviceRegistryFuzzStep.decode(DeviceRegistryFuzzStep.encode(steps)) == steps)
        }
    }
}
