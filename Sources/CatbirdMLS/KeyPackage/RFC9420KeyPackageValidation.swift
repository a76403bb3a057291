import PushProofCrypto

/// RFC 9420's own checks of a KeyPackage received outside a group (§10.1, and §7.3 for its leaf
/// node), for the suites that sign with Ed25519. The RFC fixes no order: each check is tested
/// alone. Unknown KeyPackage extensions and GREASE values are ignored, as §13 says.
public enum RFC9420KeyPackageValidation {
    /// Extension types RFC 9420 itself defines (§17.3): a leaf may carry them without listing
    /// them in its capabilities.
    public static let defaultExtensionTypes: Set<UInt16> = [1, 2, 3, 4, 5]

    public static func validate(_ upload: KeyPackageUpload) throws(KeyPackageValidationError) -> ValidatedKeyPackage {
        let limit = DeployedKeyPackageValidation.sizeLimit
        guard upload.bytes.count <= limit else {
            throw .decoding(.inputTooLarge(size: upload.bytes.count, limit: limit))
        }
        let kp = try DeployedKeyPackageValidation.decodeKeyPackageMessage(upload.bytes)
        guard kp.version == KeyPackage.mls10 else { throw .decoding(.unsupportedProtocolVersion(kp.version)) }
        guard let suite = CipherSuite.named(kp.cipherSuite), suite.signsWithEd25519 else {
            throw .unsupportedCipherSuite(kp.cipherSuite)
        }
        let leaf = kp.leafNode
        guard case .keyPackage(let lifetime) = leaf.source else { throw .unsupportedLeafSource }
        guard let key = try? Ed25519.PublicKey(rawBytes: leaf.signatureKey),
            MLSLabels.verify(key, label: "LeafNodeTBS", content: leaf.tbs(), signature: leaf.signature)
        else { throw .invalidLeafSignature }
        guard lifetime.notBefore <= upload.now, upload.now <= lifetime.notAfter else {
            throw .invalidLifetime(notBefore: lifetime.notBefore, notAfter: lifetime.notAfter, now: upload.now)
        }
        guard leaf.capabilities.credentials.contains(leaf.credential.type) else {
            throw .unsupportedCapabilities("the leaf's credential type is not in its capabilities")
        }
        for e in leaf.extensions where !defaultExtensionTypes.contains(e.type) {
            guard leaf.capabilities.extensions.contains(e.type) else {
                throw .unsupportedExtensions("leaf extension \(e.type) is not in the leaf's capabilities")
            }
        }
        guard kp.initKey != leaf.encryptionKey else { throw .reusedEncryptionKey }
        guard MLSLabels.verify(key, label: "KeyPackageTBS", content: kp.tbs, signature: kp.signature) else {
            throw .invalidKeyPackageSignature
        }
        let ref = MLSLabels.keyPackageRef(suite, keyPackage: kp.encoded)
        if let declared = upload.declaredRef, declared != ref { throw .keyPackageRefMismatch }
        return ValidatedKeyPackage(keyPackage: kp, ref: ref)
    }
}
