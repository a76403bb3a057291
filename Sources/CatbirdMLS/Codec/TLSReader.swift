/// Reads the TLS presentation language as RFC 9420 uses it (§2.1): big-endian integers, and
/// vectors whose byte length is a variable-length integer. Every read checks what is left, so no
/// length in the input can make it read past the end or allocate more than the input holds.
public struct TLSReader: Sendable {
    private let bytes: [UInt8]
    private let end: Int
    public private(set) var position: Int
    /// Read a credential of a type RFC 9420 defines no body for as `opaque<V>` instead of refusing
    /// it, as some readers do (RFC9420Readings); nested vectors read the same way.
    public var readsUnknownCredentialsAsOpaque = false
    /// Refuse an extensions vector that names a type twice while reading it (RFC9420Readings).
    public var refusesRepeatedExtensionTypes = false

    public init(_ bytes: [UInt8]) {
        self.bytes = bytes
        self.position = 0
        self.end = bytes.count
    }

    private init(_ bytes: [UInt8], from start: Int, to end: Int) {
        self.bytes = bytes
        self.position = start
        self.end = end
    }

    public var remaining: Int { end - position }

    mutating func take(_ count: Int, _ field: String) throws(MLSDecodingError) -> ArraySlice<UInt8> {
        guard count <= remaining else { throw .truncated(field: field) }
        defer { position += count }
        return bytes[position..<position + count]
    }

    public mutating func uint8(_ field: String) throws(MLSDecodingError) -> UInt8 {
        try take(1, field).first!
    }

    public mutating func uint16(_ field: String) throws(MLSDecodingError) -> UInt16 {
        try take(2, field).reduce(0) { $0 << 8 | UInt16($1) }
    }

    public mutating func uint32(_ field: String) throws(MLSDecodingError) -> UInt32 {
        try take(4, field).reduce(0) { $0 << 8 | UInt32($1) }
    }

    public mutating func uint64(_ field: String) throws(MLSDecodingError) -> UInt64 {
        try take(8, field).reduce(0) { $0 << 8 | UInt64($1) }
    }

    /// A variable-length integer (RFC 9420 §2.1.2): the top two bits of the first byte give its
    /// size (1, 2 or 4 bytes; 0b11 is reserved); it must be in its shortest form.
    public mutating func varint(_ field: String) throws(MLSDecodingError) -> Int {
        let first = try uint8(field)
        switch first >> 6 {
        case 0:
            return Int(first & 0x3F)
        case 1:
            let value = Int(first & 0x3F) << 8 | Int(try uint8(field))
            guard value >= 64 else { throw .nonMinimalLength(field: field) }
            return value
        case 2:
            let rest = try take(3, field)
            let value = rest.reduce(Int(first & 0x3F)) { $0 << 8 | Int($1) }
            guard value >= 16384 else { throw .nonMinimalLength(field: field) }
            return value
        default:
            throw .reservedLengthPrefix(field: field)
        }
    }

    /// `opaque field<V>`.
    public mutating func opaque(_ field: String) throws(MLSDecodingError) -> [UInt8] {
        Array(try take(try varint(field), field))
    }

    /// `T field<V>`: a byte length, then elements read until exactly that many bytes are used.
    public mutating func vector<T>(_ field: String, _ element: (inout TLSReader) throws(MLSDecodingError) -> T)
        throws(MLSDecodingError) -> [T]
    {
        let length = try varint(field)
        guard length <= remaining else { throw .truncated(field: field) }
        var inner = TLSReader(bytes, from: position, to: position + length)
        inner.readsUnknownCredentialsAsOpaque = readsUnknownCredentialsAsOpaque
        inner.refusesRepeatedExtensionTypes = refusesRepeatedExtensionTypes
        position += length
        var items: [T] = []
        while inner.remaining > 0 { items.append(try element(&inner)) }
        return items
    }

    /// The structure ended: nothing may follow.
    public func finish() throws(MLSDecodingError) {
        guard remaining == 0 else { throw .trailingData(count: remaining) }
    }
}
