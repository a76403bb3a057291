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

    /// A `token_id` of any length as the deployed server reads it (it has no length check): a
    /// signed big-endian integer (Python's `int.from_bytes(b, "big", signed=True)`), kept in a
    /// 64-bit column, and reported back as its 8 bytes. Nil when the value does not fit in 64
    /// bits (PostgreSQL refuses the row).
    public init?(signedBigEndian bytes: [UInt8]) {
        let extra = bytes.count - TokenId.byteCount
        if extra > 0 {
            let sign: UInt8 = bytes[extra] & 0x80 != 0 ? 0xFF : 0
            guard bytes.prefix(extra).allSatisfy({ $0 == sign }) else { return nil }
        }
        let negative = (bytes.first ?? 0) & 0x80 != 0
        self.init(int64: bytes.suffix(TokenId.byteCount).reduce(negative ? Int64(-1) : 0) { ($0 << 8) | Int64($1) })
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
