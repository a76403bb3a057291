import CZlib

/// DEFLATE, zlib and gzip through the system zlib, with a hard cap on what inflating may
/// produce: a stream that would pass the cap is refused, never grown into.
public enum Zlib {
    public enum Format: Sendable {
        case raw, zlib, gzip
        /// -15 raw DEFLATE (RFC 1951), 15 zlib (RFC 1950), 31 gzip (RFC 1952).
        var windowBits: Int32 {
            switch self {
            case .raw: return -15
            case .zlib: return 15
            case .gzip: return 31
            }
        }
    }

    public enum Failure: Error, Equatable, Sendable {
        /// The output would pass the limit.
        case tooLarge(limit: Int)
        /// Not a valid stream (or a bad header or checksum).
        case badData
        /// The input ended before the stream did.
        case truncated
        /// Bytes are left after the end of the stream.
        case trailingData
        /// zlib could not start (memory), or a size zlib cannot take in one call.
        case libraryFailure
    }

    /// One call of `inflate(Z_FINISH)` over the whole input into `room` bytes: the status, the
    /// output buffer (`room` bytes), and how much input was left unread and room left unwritten.
    private static func inflateOnce(_ input: [UInt8], format: Format, room: Int) throws(Failure) -> (
        status: Int32, out: [UInt8], written: Int, inputLeft: uInt, roomLeft: uInt
    ) {
        guard input.count <= Int(UInt32.max), room <= Int(UInt32.max), room >= 0 else { throw .libraryFailure }
        var out = [UInt8](repeating: 0, count: max(room, 1))
        var stream = z_stream()
        guard pushproof_inflate_init2(&stream, format.windowBits) == Z_OK else { throw .libraryFailure }
        defer { inflateEnd(&stream) }
        let status = input.withUnsafeBufferPointer { inp in
            out.withUnsafeMutableBufferPointer { o in
                stream.next_in = UnsafeMutablePointer(mutating: inp.baseAddress)
                stream.avail_in = uInt(inp.count)
                stream.next_out = o.baseAddress
                stream.avail_out = uInt(room)
                return CZlib.inflate(&stream, Z_FINISH)
            }
        }
        return (status, out, Int(stream.total_out), stream.avail_in, stream.avail_out)
    }

    /// The whole stream into at most `limit` bytes; a stream that would write more is refused.
    public static func inflate(_ input: [UInt8], format: Format, limit: Int) throws(Failure) -> [UInt8] {
        let run = try inflateOnce(input, format: format, room: limit)
        switch classify(run.status, inputLeft: run.inputLeft, roomLeft: run.roomLeft) {
        case nil: return Array(run.out[0..<run.written])
        case .tooLarge?: throw .tooLarge(limit: limit)
        case let failure?: throw failure
        }
    }

    /// Inflates into exactly `capacity` bytes of room and keeps what fits, as Apple's
    /// `compression_decode_buffer` does: a stream that would write more is cut at `capacity`
    /// rather than refused. A stream that ends before the room is full must end exactly at the
    /// end of the input. The room is allocated up front, so `capacity` is the caller's bound.
    public static func inflatePrefix(_ input: [UInt8], format: Format, capacity: Int) throws(Failure) -> [UInt8] {
        let run = try inflateOnce(input, format: format, room: capacity)
        guard capacity > 0 else { return [] }
        switch run.status {
        case Z_STREAM_END, Z_BUF_ERROR, Z_OK:
            // The room is full: keep the prefix, whatever follows in the input.
            if run.roomLeft == 0 { return run.out }
            if let failure = classify(run.status, inputLeft: run.inputLeft, roomLeft: run.roomLeft) { throw failure }
            return Array(run.out[0..<run.written])
        case Z_MEM_ERROR: throw .libraryFailure
        default: throw .badData
        }
    }

    /// What one `inflate(Z_FINISH)` call's status means, given what it left unread and unwritten;
    /// nil when the stream ended exactly at the end of the input.
    static func classify(_ status: Int32, inputLeft: uInt, roomLeft: uInt) -> Failure? {
        switch status {
        case Z_STREAM_END: return inputLeft == 0 ? nil : .trailingData
        // Stopped at the cap: refuse rather than grow.
        case Z_BUF_ERROR where roomLeft == 0: return .tooLarge(limit: 0)
        case Z_BUF_ERROR: return .truncated
        case Z_MEM_ERROR: return .libraryFailure
        default: return .badData
        }
    }

    /// zlib's default compression level (6).
    public static let defaultLevel = Int(Z_DEFAULT_COMPRESSION)

    /// The input compressed at `level` (0 to 9; zlib's default when not given), memory level 8,
    /// the default strategy.
    public static func deflate(_ input: [UInt8], format: Format, level: Int = defaultLevel) -> [UInt8] {
        precondition(input.count <= Int(UInt32.max) / 2, "zlib deflate: input too large for one call")
        // compressBound, plus room for a gzip header and trailer.
        let capacity = Int(compressBound(uLong(input.count))) + 32
        var out = [UInt8](repeating: 0, count: capacity)
        var stream = z_stream()
        precondition(
            pushproof_deflate_init2(&stream, Int32(level), format.windowBits) == Z_OK, "zlib deflate failed to start")
        defer { deflateEnd(&stream) }
        let status = input.withUnsafeBufferPointer { inp in
            out.withUnsafeMutableBufferPointer { o in
                stream.next_in = UnsafeMutablePointer(mutating: inp.baseAddress)
                stream.avail_in = uInt(inp.count)
                stream.next_out = o.baseAddress
                stream.avail_out = uInt(capacity)
                return CZlib.deflate(&stream, Z_FINISH)
            }
        }
        // The bound guarantees room; zlib fails only without memory.
        precondition(status == Z_STREAM_END, "zlib deflate failed")
        return Array(out[0..<Int(stream.total_out)])
    }
}
