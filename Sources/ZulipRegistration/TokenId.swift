import PushProofCrypto

/// `token_id`: the first 8 bytes of SHA-256 over the push token's UTF-8 bytes. It travels as
/// standard base64 (`+wKIhyAx/Eg=` for "c0ffee") and the deployed server stores it as a
/// big-endian signed 64-bit integer (-359574906294109112 for the same token).
public struct TokenId: Hashable, Sendable {
    public static let byteCount = 8

    public let bytes: [UInt8]

    public init(token: String) {
        bytes = Array(SHA256.hash(Array(token.utf8)).prefix(TokenId.byteCount))
    }

    /// Reads a `token_id` from its wire form: canonical standard base64 of exactly 8 bytes.
    public init(base64: String) throws(Base64.DecodingError) {
        bytes = try Base64.decode(base64, byteCount: TokenId.byteCount)
    }

    public init(int64 value: Int64) {
        bytes = withUnsafeBytes(of: value.bigEndian) { Array($0) }
    }

    public var base64: String { Base64.encode(bytes) }

    /// Any number of bytes (at most 8), as the deployed server reads a `token_id` it was sent:
    /// it has no length check.
    init(anyLength bytes: [UInt8]) {
        precondition(bytes.count <= TokenId.byteCount)
        self.bytes = bytes
    }

    /// The bytes as a signed big-endian integer (Python's `int.from_bytes(b, "big",
    /// signed=True)`): sign-extended when there are fewer than 8.
    public var int64: Int64 {
        guard let first = bytes.first else { return 0 }
        return bytes.reduce(first & 0x80 != 0 ? Int64(-1) : 0) { ($0 << 8) | Int64($1) }
    }

    /// Constant-time comparison: a token id is derived from a secret token.
    public func matches(_ other: TokenId) -> Bool { ConstantTime.equal(bytes, other.bytes) }
}
