import CZlib

/// DEFLATE, zlib and gzip through the system zlib, with a hard cap on what inflating may
/// produce: a stream that would pass the cap is refused, never grown into.
public enum Zlib {
    public enum Format: Sendable {
        case raw, zlib, gzip
        var windowBits: Int32 {
            switch self { case .raw: return -15; case .zlib: return 15; case .gzip: return 31 }
        }
    }

    public enum Failure: Error, Equatable, Sendable {
        case tooLarge(limit: Int)
        case badData
        case truncated
        case trailingData
        case libraryFailure
    }

    public static func inflate(_ input: [UInt8], format: Format, limit: Int) throws(Failure) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: max(limit, 1))
        var produced = 0
        let status = input.withUnsafeBufferPointer { inp in
            out.withUnsafeMutableBufferPointer { o in
                pushproof_inflate(inp.baseAddress, inp.count, o.baseAddress, limit, format.windowBits, &produced)
            }
        }
        switch Int(status) {
        case PUSHPROOF_Z_OK: return Array(out[0..<produced])
        case PUSHPROOF_Z_TOO_LARGE: throw .tooLarge(limit: limit)
        case PUSHPROOF_Z_TRUNCATED: throw .truncated
        case PUSHPROOF_Z_TRAILING: throw .trailingData
        case PUSHPROOF_Z_BAD_DATA: throw .badData
        default: throw .libraryFailure
        }
    }

    public static func deflate(_ input: [UInt8], format: Format) -> [UInt8] {
        let capacity = pushproof_deflate_bound(input.count)
        var out = [UInt8](repeating: 0, count: capacity)
        var produced = 0
        let status = input.withUnsafeBufferPointer { inp in
            out.withUnsafeMutableBufferPointer { o in
                pushproof_deflate(inp.baseAddress, inp.count, o.baseAddress, capacity, format.windowBits, &produced)
            }
        }
        // deflateBound guarantees room; zlib fails only without memory.
        precondition(Int(status) == PUSHPROOF_Z_OK, "zlib deflate failed")
        return Array(out[0..<produced])
    }
}
