/// The byte layout every stateful fuzz target reads its input with: a sequence of steps of
/// `width` bytes each, at most `maximumSteps` of them (bytes after the last whole step, or past
/// the maximum, are ignored). A step's first byte is its opcode, which names its kind through
/// `opcodes`; the kind reads its operands from the rest of the step through a ``FuzzStepReader``,
/// and writes them back through a ``FuzzStepWriter``, so typed steps encode to the bytes they
/// decode from (a target's seeds are written that way).
///
/// **The table is append-only.** The committed corpora (`corpora/<target>/`) are byte strings
/// whose meaning is this table: an opcode's kind never changes, no kind is removed or moved, and a
/// new kind takes the next free opcode (`opcodes.count`). `FuzzStepTableTests` compares every
/// target's table with a committed list that may only grow at its end.
///
/// **Bytes beyond the table** read as the opcode `byte % aliasModulus` (every byte is some step,
/// as libFuzzer's mutations produce any byte). `aliasModulus` is fixed when a target's table is
/// first declared and never changes with it: a kind appended later takes over only the one byte
/// equal to its opcode, which until then read as an alias; the corpus-step record
/// (`CorpusStepRecordTests`) names the committed inputs that change when that happens.
public struct FuzzStepLayout<Kind: Hashable & Sendable>: Sendable {
    /// The kinds by opcode: `opcodes[n]` is the kind of opcode `n`.
    public let opcodes: [Kind]
    /// Bytes from `opcodes.count` up read as `byte % aliasModulus`.
    public let aliasModulus: Int
    /// Bytes a step, its opcode included.
    public let width: Int
    public let maximumSteps: Int

    public init(opcodes: [Kind], aliasModulus: Int, width: Int, maximumSteps: Int) {
        precondition(!opcodes.isEmpty && opcodes.count <= 256, "a step table has 1 to 256 opcodes")
        precondition(Set(opcodes).count == opcodes.count, "a kind has one opcode")
        precondition((1...opcodes.count).contains(aliasModulus), "aliases read as opcodes of the table")
        precondition(width >= 1 && maximumSteps >= 0)
        self.opcodes = opcodes
        self.aliasModulus = aliasModulus
        self.width = width
        self.maximumSteps = maximumSteps
    }

    /// The kind a byte in opcode position names.
    public func kind(_ byte: UInt8) -> Kind {
        let n = Int(byte)
        return opcodes[n < opcodes.count ? n : n % aliasModulus]
    }

    /// The opcode a kind is written with.
    public func opcode(of kind: Kind) -> UInt8 { UInt8(opcodes.firstIndex(of: kind)!) }

    /// The steps of `data`: for each whole step, `read` is given its kind and a reader over its
    /// operand bytes. `maximumSteps` replaces the layout's (a property test drives longer runs).
    public func decode<Step>(
        _ data: [UInt8], maximumSteps: Int? = nil, _ read: (Kind, inout FuzzStepReader) -> Step
    ) -> [Step] {
        let maximum = maximumSteps ?? self.maximumSteps
        var steps: [Step] = []
        var start = 0
        while start + width <= data.count, steps.count < maximum {
            var reader = FuzzStepReader(step: Array(data[start..<start + width]))
            steps.append(read(kind(data[start]), &reader))
            start += width
        }
        return steps
    }

    /// The bytes of `steps`: for each, `write` gives its kind and writes its operands, exactly
    /// `width - 1` bytes.
    public func encode<Step>(_ steps: [Step], _ write: (Step, inout FuzzStepWriter) -> Kind) -> [UInt8] {
        steps.flatMap { step in
            var writer = FuzzStepWriter()
            let kind = write(step, &writer)
            precondition(writer.bytes.count == width - 1, "a step of \(kind) wrote \(writer.bytes.count) operand bytes")
            return [opcode(of: kind)] + writer.bytes
        }
    }
}

/// A step's operand bytes, read in order. Reading past the step's end reads zeros (a layout's
/// width covers what its kinds read; a kind that reads less leaves the rest unread).
public struct FuzzStepReader {
    /// The whole step as read, opcode first: what a target derives a value from when the value
    /// is the input's own (a secret that differs with every input).
    public let step: [UInt8]
    private var next = 1

    init(step: [UInt8]) { self.step = step }

    /// The next operand byte.
    public mutating func byte() -> UInt8 {
        defer { next += 1 }
        return next < step.count ? step[next] : 0
    }

    /// The next operand byte as a signed number (two's complement).
    public mutating func signed() -> Int8 { Int8(bitPattern: byte()) }

    /// The next operand byte modulo `count`: an index into a table of `count` entries.
    public mutating func index(below count: Int) -> Int { Int(byte()) % count }

    /// The entry of `table` the next operand byte picks (modulo its size).
    public mutating func pick<T>(_ table: [T]) -> T { table[index(below: table.count)] }
}

/// A step's operand bytes, written in the order its reader reads them.
public struct FuzzStepWriter {
    public private(set) var bytes: [UInt8] = []

    public init() {}

    public mutating func byte(_ value: UInt8) { bytes.append(value) }
    public mutating func signed(_ value: Int8) { bytes.append(UInt8(bitPattern: value)) }

    /// An index into a table of `count` entries; `index(below:)` reads it back.
    public mutating func index(_ value: Int, below count: Int) {
        precondition((0..<min(count, 256)).contains(value), "index \(value) is not below \(count)")
        bytes.append(UInt8(value))
    }

    /// The first byte in `candidates` that `reads` accepts: for an operand whose byte packs
    /// several fields that overlap (a remainder and a bit), written by searching the bytes that
    /// read back as the wanted value. Traps when none does: a typed step that no byte spells is a
    /// bug in the target's step type.
    public mutating func first(in candidates: ClosedRange<UInt8> = 0...255, reading reads: (UInt8) -> Bool) {
        guard let match = candidates.first(where: reads) else { preconditionFailure("no byte reads as the step") }
        bytes.append(match)
    }
}

/// A stateful target's typed step: its kind table, how it reads from and writes to bytes.
/// `decode(encode(steps)) == steps` for every step a target builds (its seeds are built so).
public protocol FuzzStep: Equatable {
    associatedtype Kind: Hashable & Sendable
    static var layout: FuzzStepLayout<Kind> { get }
    /// The step of `kind` whose operands `reader` holds.
    init(kind: Kind, operands reader: inout FuzzStepReader)
    /// Writes the operands; returns the kind.
    func write(to writer: inout FuzzStepWriter) -> Kind
}

extension FuzzStep {
    /// The steps of a fuzz input (at most the layout's `maximumSteps`, or `maximumSteps`).
    public static func decode(_ data: [UInt8], maximumSteps: Int? = nil) -> [Self] {
        layout.decode(data, maximumSteps: maximumSteps) { Self(kind: $0, operands: &$1) }
    }
    /// The bytes of steps, as `decode` reads them.
    public static func encode(_ steps: [Self]) -> [UInt8] { layout.encode(steps) { $0.write(to: &$1) } }
    /// This step's bytes.
    public var bytes: [UInt8] { Self.encode([self]) }
}
