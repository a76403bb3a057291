import PushProofConformance
import Testing

/// The kit's step layout on a made-up target: two-byte steps over a table of three kinds.
@Suite struct FuzzStepLayoutTests {
    enum Toy: FuzzStep {
        enum Kind: Sendable { case put, drop, tick }
        static let layout = FuzzStepLayout<Kind>(
            opcodes: [.put, .drop, .tick], aliasModulus: 3, width: 2, maximumSteps: 4)

        case put(slot: Int)
        case drop(slot: Int)
        case tick(Int8)

        init(kind: Kind, operands reader: inout FuzzStepReader) {
            switch kind {
            case .put: self = .put(slot: reader.index(below: 5))
            case .drop: self = .drop(slot: reader.index(below: 5))
            case .tick: self = .tick(reader.signed())
            }
        }

        func write(to writer: inout FuzzStepWriter) -> Kind {
            switch self {
            case .put(let slot):
                writer.index(slot, below: 5)
                return .put
            case .drop(let slot):
                writer.first { Int($0) % 5 == slot && $0 > 200 }
                return .drop
            case .tick(let n):
                writer.signed(n)
                return .tick
            }
        }
    }

    @Test func bytesBeyondTheTableAreAliases() {
        #expect(Toy.layout.kind(3) == .put && Toy.layout.kind(4) == .drop && Toy.layout.kind(255) == .put)
        #expect(Toy.decode([0, 7, 4, 1, 5, 0xFF]) == [.put(slot: 2), .drop(slot: 1), .tick(-1)])
    }

    @Test func aPartialStepAndStepsPastTheMaximumAreIgnored() {
        #expect(Toy.decode([0, 1, 2]) == [.put(slot: 1)])
        #expect(Toy.decode(Array(repeating: 0, count: 20)).count == 4)
        #expect(Toy.decode(Array(repeating: 0, count: 20), maximumSteps: 7).count == 7)
    }

    @Test func typedStepsEncodeToBytesThatDecodeToThem() {
        let steps: [Toy] = [.put(slot: 4), .drop(slot: 3), .tick(-5), .tick(100)]
        #expect(Toy.encode(steps) == [0, 4, 1, 203, 2, 0xFB, 2, 100])
        #expect(Toy.decode(Toy.encode(steps)) == steps)
        #expect(Toy.layout.opcode(of: .tick) == 2)
    }

    @Test func theWholeStepIsReadable() {
        var seen: [[UInt8]] = []
        _ = Toy.layout.decode([7, 9, 8, 1]) { _, reader in seen.append(reader.step) }
        #expect(seen == [[7, 9], [8, 1]])
    }
}
