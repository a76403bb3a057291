import PushProofCore

/// Why bytes are not the RFC 9420 structure they should be. Decoding is exact: every byte is
/// read once, lengths are minimal, nothing is left over. Messages name fields and sizes, never
/// key bytes.
public enum MLSDecodingError: CodedError, Equatable, Sendable {
    /// The input ended inside `field`.
    case truncated(field: String)
    /// Bytes left after the structure.
    case trailingData(count: Int)
    /// A variable-length integer not in its shortest form (RFC 9420 §2.1.2).
    case nonMinimalLength(field: String)
    /// A variable-length integer with the reserved prefix 0b11.
    case reservedLengthPrefix(field: String)
    /// No byte at all where a vector's length should be (tls_codec calls it an invalid vector
    /// length, not the end of the input).
    case missingLength(field: String)
    /// A value the structure does not allow (an unknown leaf node source or credential type).
    case malformed(String)
    /// More bytes than the decoder accepts at all.
    case inputTooLarge(size: Int, limit: Int)
    /// An MLSMessage of another wire format than the one expected.
    case wrongWireFormat(UInt16)
    /// An MLSMessage or KeyPackage version other than mls10 (1).
    case unsupportedProtocolVersion(UInt16)

    public var code: String {
        switch self {
        case .truncated: return "TRUNCATED"
        case .trailingData: return "TRAILING_DATA"
        case .nonMinimalLength, .reservedLengthPrefix, .missingLength: return "NON_CANONICAL_ENCODING"
        case .malformed: return "MALFORMED"
        case .inputTooLarge: return "INPUT_TOO_LARGE"
        case .wrongWireFormat: return "WRONG_WIRE_FORMAT"
        case .unsupportedProtocolVersion: return "UNSUPPORTED_PROTOCOL_VERSION"
        }
    }

    public var description: String {
        switch self {
        case .truncated(let field): return "\(code): the input ends inside \(field)"
        case .trailingData(let count): return "\(code): \(count) bytes after the end of the structure"
        case .nonMinimalLength(let field): return "\(code): the length of \(field) is not in its shortest form"
        case .reservedLengthPrefix(let field): return "\(code): the length of \(field) uses the reserved prefix 0b11"
        case .missingLength(let field): return "\(code): the input ends where the length of \(field) should be"
        case .malformed(let why): return "\(code): \(why)"
        case .inputTooLarge(let size, let limit): return "\(code): \(size) bytes, the limit is \(limit)"
        case .wrongWireFormat(let f): return "\(code): wire format \(f)"
        case .unsupportedProtocolVersion(let v): return "\(code): protocol version \(v)"
        }
    }
}
