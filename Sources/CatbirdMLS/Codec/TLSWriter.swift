/// Writes what `TLSReader` reads, always in the shortest form.
public struct TLSWriter: Sendable {
    public private(set) var bytes: [UInt8] = []

    public init() {}

    public mutating func uint8(_ v: UInt8) { bytes.append(v) }
    public mutating func uint16(_ v: UInt16) { bytes += [UInt8(v >> 8), UInt8(truncatingIfNeeded: v)] }
    public mutating func uint32(_ v: UInt32) {
        for shift in stride(from: 24, through: 0, by: -8) {
            bytes.append(UInt8(truncatingIfNeeded: v >> UInt32(shift)))
        }
    }
    public mutating func uint64(_ v: UInt64) {
        for shift in stride(from: 56, through: 0, by: -8) {
            bytes.append(UInt8(truncatingIfNeeded: v >> UInt64(shift)))
        }
    }

    /// The largest length a variable-length integer can carry.
    public static let maximumLength = (1 << 30) - 1

    public mutating func varint(_ n: Int) {
        precondition(n >= 0 && n <= Self.maximumLength, "TLS vector too long")
        switch n {
        case ..<64: bytes.append(UInt8(n))
        case ..<16384: bytes += [UInt8(0x40 | n >> 8), UInt8(n & 0xFF)]
        default: bytes += [UInt8(0x80 | n >> 24), UInt8(n >> 16 & 0xFF), UInt8(n >> 8 & 0xFF), UInt8(n & 0xFF)]
        }
    }

    public mutating func opaque(_ data: [UInt8]) {
        varint(data.count)
        bytes += data
    }

    /// A vector: its elements written by `body`, prefixed with their byte length.
    public mutating func vector(_ body: (inout TLSWriter) -> Void) {
        var inner = TLSWriter()
        body(&inner)
        opaque(inner.bytes)
    }
}
