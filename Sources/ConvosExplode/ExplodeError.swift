import PushProofCore

/// Why an ExplodeSettings message or a metadata value was refused. Codes are what vectors pin;
/// the two messages iOS itself uses are kept word for word.
public enum ExplodeError: CodedError, Equatable, Sendable {
    /// The EncodedContent bytes are not a protobuf EncodedContent.
    case malformedProtobuf
    /// Not `convos.org/explode_settings` (authority or type differ, or no type at all).
    case wrongContentType
    /// A version other than 1.0 (iOS matches the whole ContentTypeId, minor version included).
    case unsupportedVersion(major: UInt32, minor: UInt32)
    /// The content is compressed with a method we do not know (PushProof's stricter reading),
    /// labelled GZIP (Apple LZFSE on iOS), or does not inflate as raw DEFLATE.
    case badCompression(String)
    case emptyContent
    case invalidJSON
    /// A date outside years 0000 to 9999 cannot be written as RFC 3339.
    case dateOutOfRange
    /// appData: not base64url, or a compressed value whose header or stream is wrong.
    case malformedAppData(String)
    /// appData: a declared size over 10 MiB or a ratio over 100, refused before inflating.
    case decompressionBomb(String)
    /// appData: the encoded metadata would pass 8 KB.
    case appDataTooLarge(size: Int)

    public var code: String {
        switch self {
        case .malformedProtobuf: return "MALFORMED_PROTOBUF"
        case .wrongContentType: return "WRONG_CONTENT_TYPE"
        case .unsupportedVersion: return "UNSUPPORTED_VERSION"
        case .badCompression: return "BAD_COMPRESSION"
        case .emptyContent: return "EMPTY_CONTENT"
        case .invalidJSON: return "INVALID_JSON"
        case .dateOutOfRange: return "DATE_OUT_OF_RANGE"
        case .malformedAppData: return "MALFORMED_APP_DATA"
        case .decompressionBomb: return "DECOMPRESSION_BOMB"
        case .appDataTooLarge: return "APP_DATA_TOO_LARGE"
        }
    }

    public var description: String {
        switch self {
        case .malformedProtobuf: return "\(code): not an EncodedContent protobuf"
        case .wrongContentType: return "\(code): not convos.org/explode_settings"
        case .unsupportedVersion(let major, let minor):
            return "\(code): version \(major).\(minor), only 1.0 is convos.org/explode_settings"
        case .badCompression(let why): return "\(code): \(why)"
        case .emptyContent: return "\(code): ExplodeSettings content is empty"
        case .invalidJSON: return "\(code): Invalid JSON format for ExplodeSettings"
        case .dateOutOfRange: return "\(code): expiresAt must fall in years 0000 to 9999"
        case .malformedAppData(let why): return "\(code): \(why)"
        case .decompressionBomb(let why): return "\(code): \(why)"
        case .appDataTooLarge(let size): return "\(code): the encoded metadata is \(size) bytes, the limit is 8192"
        }
    }
}
