/// What a server knows when a device uploads a KeyPackage: the MLSMessage bytes, the credential
/// identity the device must use, its enrolled Ed25519 key, the time, and the KeyPackageRef the
/// client declared beside the bytes (if any).
public struct KeyPackageUpload: Sendable {
    public var bytes: [UInt8]
    /// The credential identity the device must use (nil where the profile checks none).
    public var expectedIdentity: String?
    public var enrolledSignatureKey: [UInt8]?
    /// Seconds since the Unix epoch.
    public var now: UInt64
    public var declaredRef: [UInt8]?

    public init(
        bytes: [UInt8], expectedIdentity: String?, enrolledSignatureKey: [UInt8]? = nil, now: UInt64,
        declaredRef: [UInt8]? = nil
    ) {
        self.bytes = bytes
        self.expectedIdentity = expectedIdentity
        self.enrolledSignatureKey = enrolledSignatureKey
        self.now = now
        self.declaredRef = declaredRef
    }
}
