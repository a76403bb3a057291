/// A value as tls_codec 0.4.2 reads it on its `std::io::Read` path: the value, the bytes
/// tls_codec writes for it again, and what its `Size` says (which can differ from the bytes'
/// count: openmls's `Extension` counts its data's length one short, extensions/codec.rs:16-26).
struct TLSCodecValue<Value> {
    var value: Value
    var encoded: [UInt8]
    var size: Int

    init(_ value: Value, _ encoded: [UInt8], size: Int? = nil) {
        self.value = value
        self.encoded = encoded
        self.size = size ?? encoded.count
    }
}

/// Reads as tls_codec 0.4.2 does when openmls 0.8.1 decodes from a byte stream
/// (`Deserialize::tls_deserialize`, the `mls` feature on: lengths of at most 30 bits). Its quirks
/// are kept, because the servers answer with them: a vector's elements are read until their
/// *computed* sizes reach the declared length (an element may run past it), and a missing length
/// byte is an invalid vector length, not the end of the stream (quic_vec.rs:420-463). Unlike
/// `TLSReader`, nothing bounds a vector's elements to its length.
struct TLSCodecReader {
    private let bytes: [UInt8]
    private(set) var position = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var remaining: Int { bytes.count - position }

    /// `read_exact`: too few bytes is `EndOfStream`.
    mutating func take(_ count: Int, _ field: String) throws(MLSDecodingError) -> [UInt8] {
        guard count <= remaining else {
            position = bytes.count
            throw .truncated(field: field)
        }
        defer { position += count }
        return Array(bytes[position..<position + count])
    }

    /// A big-endian unsigned integer of `size` bytes (primitives.rs).
    mutating func uint(_ size: Int, _ field: String) throws(MLSDecodingError) -> TLSCodecValue<UInt64> {
        let raw = try take(size, field)
        return TLSCodecValue(raw.reduce(0) { $0 << 8 | UInt64($1) }, raw)
    }

    mutating func uint16(_ field: String) throws(MLSDecodingError) -> TLSCodecValue<UInt16> {
        let v = try uint(2, field)
        return TLSCodecValue(UInt16(v.value), v.encoded)
    }

    /// The bytes of a length's shortest form; beyond 30 bits an invalid vector length
    /// (quic_vec.rs:88-105).
    static func lengthBytes(_ length: Int) throws(MLSDecodingError) -> Int {
        switch length {
        case ...0x3F: return 1
        case ...0x3FFF: return 2
        case ...TLSWriter.maximumLength: return 4
        default: throw .nonMinimalLength(field: "a vector longer than 2^30 - 1 bytes")
        }
    }

    /// A length as tls_codec writes it (quic_vec.rs:107-137).
    static func lengthPrefix(_ length: Int) throws(MLSDecodingError) -> [UInt8] {
        _ = try lengthBytes(length)
        var w = TLSWriter()
        w.varint(length)
        return w.bytes
    }

    /// `read_variable_length` (quic_vec.rs:420-444): no byte at all is an invalid length; the
    /// prefix 0b11 and a length not in its shortest form too; a missing later byte is the end of
    /// the stream.
    mutating func length(_ field: String) throws(MLSDecodingError) -> Int {
        guard remaining > 0 else { throw .missingLength(field: field) }
        let first = try take(1, field)[0]
        let log = Int(first >> 6)
        guard log <= 2 else { throw .reservedLengthPrefix(field: field) }
        let size = [1, 2, 4][log]
        var length = Int(first & 0x3F)
        for _ in 1..<size { length = length << 8 | Int(try take(1, field)[0]) }
        guard try Self.lengthBytes(length) == size else { throw .nonMinimalLength(field: field) }
        return length
    }

    /// `VLBytes` (quic_vec.rs:566-589).
    mutating func opaque(_ field: String) throws(MLSDecodingError) -> TLSCodecValue<[UInt8]> {
        let length = try length(field)
        let body = length == 0 ? [] : try take(length, field)
        return TLSCodecValue(body, try Self.lengthPrefix(body.count) + body)
    }

    /// `Vec<T>` (quic_vec.rs:446-463): elements are read until the sum of their sizes reaches
    /// the declared length.
    mutating func vector<T>(
        _ field: String, _ element: (inout TLSCodecReader) throws(MLSDecodingError) -> TLSCodecValue<T>
    ) throws(MLSDecodingError) -> TLSCodecValue<[TLSCodecValue<T>]> {
        let length = try length(field)
        var items: [TLSCodecValue<T>] = []
        var read = 0
        while read < length {
            let item = try element(&self)
            read += item.size
            items.append(item)
        }
        return try Self.encodeVector(items)
    }

    /// `Serialize for Vec<T>` (quic_vec.rs:455-481): the length written is the sum of the
    /// elements' sizes; the vector's own size counts the length's bytes unless it is too long.
    static func encodeVector<T>(_ items: [TLSCodecValue<T>]) throws(MLSDecodingError) -> TLSCodecValue<
        [TLSCodecValue<T>]
    > {
        let content = items.reduce(0) { $0 + $1.size }
        let size = content + ((try? lengthBytes(content)) ?? 0)
        return TLSCodecValue(items, try lengthPrefix(content) + items.flatMap(\.encoded), size: size)
    }

    /// A derived struct: its fields written in order, its size the sum of theirs.
    static func composite<V>(_ value: V, _ parts: [([UInt8], Int)]) -> TLSCodecValue<V> {
        TLSCodecValue(value, parts.flatMap(\.0), size: parts.reduce(0) { $0 + $1.1 })
    }
}

extension TLSCodecValue {
    /// The bytes and size, for `TLSCodecReader.composite`.
    var part: ([UInt8], Int) { (encoded, size) }
}
