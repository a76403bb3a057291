import PushProofConformance
import PushProofJSON

/// Shapes the Catbird suites' schemas share.
enum CatbirdSchemas {
    /// Lower-case hex of any whole number of bytes (key and KeyPackage bytes).
    static let hexBytes = JSONSchema.pattern("^(?:[0-9a-f]{2})*$")
    /// A key id: unpadded base64url of a SHA-256 digest.
    static let keyId = JSONSchema.pattern("^[A-Za-z0-9_-]{43}$")
}
