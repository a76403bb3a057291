import PushProofCrypto

/// The clean protocol's KeyPackage validation (`blue.catbird.chat.enrollDevice` and key package
/// publication): every check in the server's order, the first failing one is the answer
/// (docs/catbird.md, "Check order").
public enum DeployedKeyPackageValidation {
    /// The wire limit for one KeyPackage artifact (the lexicon's `bytes` maximum).
    public static let sizeLimit = 65_536
    public static let cipherSuite: UInt16 = 0x004D
    /// At least this many seconds of lifetime must be left at upload.
    public static let minimumRemainingLifetime: UInt64 = 600
    /// 30 days and one hour.
    public static let maximumLifetime: UInt64 = 2_595_600
    /// The only capabilities a leaf may declare: MLS 1.0, the X-Wing suite, no extensions or
    /// proposals, basic credentials.
    public static let capabilities = Capabilities(
        versions: [KeyPackage.mls10], cipherSuites: [cipherSuite], extensions: [], proposals: [],
        credentials: [Credential.basicType])

    public static func validate(_ upload: KeyPackageUpload, sizeLimit policyLimit: Int = sizeLimit)
        throws(KeyPackageValidationError) -> ValidatedKeyPackage
    {
        let bytes = upload.bytes
        let limit = min(policyLimit, sizeLimit)
        guard bytes.count <= limit else { throw .decoding(.inputTooLarge(size: bytes.count, limit: limit)) }
        guard bytes.count >= 4 else { throw .decoding(.truncated(field: "the MLSMessage header")) }
        guard bytes[0] == 0, bytes[1] == 1 else {
            throw .decoding(.unsupportedProtocolVersion(UInt16(bytes[0]) << 8 | UInt16(bytes[1])))
        }
        guard bytes[2] == 0, bytes[3] == 5 else {
            throw .decoding(.wrongWireFormat(UInt16(bytes[2]) << 8 | UInt16(bytes[3])))
        }
        // openmls reads the MLSMessage (its first fault in reading order is the answer), then the
        // server writes the KeyPackage again (wire.rs:847-853, 891: a failure to write is
        // Malformed) and compares (892-894).
        let kp: OpenMLSKeyPackage
        let writtenSize: Int
        do { (kp, writtenSize) = try OpenMLSKeyPackage.decodeMessageSized(bytes) } catch { throw .decoding(error) }
        guard writtenSize == kp.encoded.count else {
            throw .decoding(
                .malformed("openmls cannot write the KeyPackage again: it sizes an extension of 0x3FFF bytes as four"))
        }
        guard Array(bytes[..<4]) + kp.encoded == bytes else {
            throw .decoding(.nonMinimalLength(field: "the MLSMessage (openmls does not write it again as it came)"))
        }
        // The server's own version check (after openmls refused every other version) cannot fail.
        guard kp.version == KeyPackage.mls10 else { throw .decoding(.unsupportedProtocolVersion(kp.version)) }
        guard kp.cipherSuite == cipherSuite else { throw .unsupportedCipherSuite(kp.cipherSuite) }
        let leaf = kp.leafNode
        guard leaf.credentialType == Credential.basicType else {
            throw .wrongBasicCredential("the credential is not a BasicCredential")
        }
        guard let expected = upload.expectedIdentity, leaf.credentialContent == Array(expected.utf8) else {
            throw .wrongBasicCredential("the credential identity is not the device's `did#deviceId`")
        }
        guard let enrolled = upload.enrolledSignatureKey, leaf.signatureKey == enrolled else {
            throw .wrongSignatureKey
        }
        guard case .keyPackage(let lifetime) = leaf.source else { throw .unsupportedLeafSource }
        try checkLifetime(lifetime, now: upload.now)
        guard leaf.capabilities == capabilities else {
            throw .unsupportedCapabilities(
                "exactly versions [1], cipher suites [0x004d], credentials [1] and nothing else")
        }
        guard leaf.extensions.isEmpty else { throw .unsupportedExtensions("the leaf node carries extensions") }
        if let problem = XWingPublicKey.problem(leaf.encryptionKey) {
            throw .invalidXWingPublicKey(which: "encryption key", problem)
        }
        guard kp.extensions.isEmpty else { throw .unsupportedExtensions("the KeyPackage carries extensions") }
        if let problem = XWingPublicKey.problem(kp.initKey) { throw .invalidXWingPublicKey(which: "init key", problem) }
        guard kp.initKey != leaf.encryptionKey else { throw .reusedEncryptionKey }
        let key = try! Ed25519.PublicKey(rawBytes: enrolled)  // equal to the enrolled 32-byte key
        guard MLSLabels.verify(key, label: "LeafNodeTBS", content: leaf.tbs, signature: leaf.signature) else {
            throw .invalidLeafSignature
        }
        guard MLSLabels.verify(key, label: "KeyPackageTBS", content: kp.tbs, signature: kp.signature) else {
            throw .invalidKeyPackageSignature
        }
        let ref = MLSLabels.keyPackageRef(CipherSuite.named(cipherSuite)!, keyPackage: kp.encoded)
        if let declared = upload.declaredRef, declared != ref { throw .keyPackageRefMismatch }
        return ValidatedKeyPackage(keyPackage: kp.keyPackage, ref: ref)
    }

    /// Exactly one MLSMessage carrying a KeyPackage.
    static func decodeKeyPackageMessage(_ bytes: [UInt8]) throws(KeyPackageValidationError) -> KeyPackage {
        let message: MLSMessage
        do { message = try MLSMessage.decode(bytes, expecting: .keyPackage) } catch { throw .decoding(error) }
        guard case .keyPackage(let kp) = message else {
            throw .decoding(.wrongWireFormat(MLSMessage.WireFormat.welcome.rawValue))
        }
        return kp
    }

    /// `not_before < now < not_after`, at least 600 s left, a span of at most 2,595,600 s.
    public static func checkLifetime(_ lifetime: Lifetime, now: UInt64) throws(KeyPackageValidationError) {
        guard lifetime.notBefore < now, now < lifetime.notAfter else {
            throw .invalidLifetime(notBefore: lifetime.notBefore, notAfter: lifetime.notAfter, now: now)
        }
        let remaining = lifetime.notAfter - now
        guard remaining >= minimumRemainingLifetime else {
            throw .insufficientRemainingLifetime(remaining: remaining, minimum: minimumRemainingLifetime)
        }
        let span = lifetime.notAfter - lifetime.notBefore
        guard span <= maximumLifetime else { throw .lifetimeTooLong(span: span, maximum: maximumLifetime) }
    }
}
