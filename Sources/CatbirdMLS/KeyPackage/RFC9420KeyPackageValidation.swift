import PushProofCrypto

/// RFC 9420's own checks of a KeyPackage received outside a group (§10.1, and §7.3 for its leaf
/// node), for the suites that sign with Ed25519. Unknown KeyPackage extensions and GREASE values
/// are ignored, as §13 says. The RFC fixes no order between the checks once the KeyPackage is
/// decoded and its version, suite and leaf source are known (the suite names the signature
/// scheme; the source decides what LeafNodeTBS holds): `validate` answers the first of them in
/// this implementation's order, `faults` lists every one that fails, each an answer another
/// order would give (docs/catbird.md, "rfc9420").
public enum RFC9420KeyPackageValidation {
    /// Extension types RFC 9420 itself defines (§17.3): a leaf may carry them without listing
    /// them in its capabilities.
    public static let defaultExtensionTypes: Set<UInt16> = [1, 2, 3, 4, 5]

    public static func validate(_ upload: KeyPackageUpload) throws(KeyPackageValidationError) -> ValidatedKeyPackage {
        let (kp, suite) = try decode(upload)
        if let first = faults(kp, now: upload.now).first { throw first }
        let ref = MLSLabels.keyPackageRef(suite, keyPackage: kp.encoded)
        if let declared = upload.declaredRef, declared != ref { throw .keyPackageRefMismatch }
        return ValidatedKeyPackage(keyPackage: kp, ref: ref)
    }

    /// Every unordered check the upload fails, in this implementation's order; empty where the
    /// upload does not get that far (a decoding, version, suite or source fault) or passes them all.
    public static func faults(_ upload: KeyPackageUpload) -> [KeyPackageValidationError] {
        guard let (kp, _) = try? decode(upload) else { return [] }
        return faults(kp, now: upload.now)
    }

    /// The ordered part: the MLSMessage read exactly, then version, suite and leaf source.
    static func decode(_ upload: KeyPackageUpload) throws(KeyPackageValidationError) -> (KeyPackage, CipherSuite) {
        let limit = DeployedKeyPackageValidation.sizeLimit
        guard upload.bytes.count <= limit else {
            throw .decoding(.inputTooLarge(size: upload.bytes.count, limit: limit))
        }
        let kp = try DeployedKeyPackageValidation.decodeKeyPackageMessage(upload.bytes)
        guard kp.version == KeyPackage.mls10 else { throw .decoding(.unsupportedProtocolVersion(kp.version)) }
        guard let suite = CipherSuite.named(kp.cipherSuite), suite.signsWithEd25519 else {
            throw .unsupportedCipherSuite(kp.cipherSuite)
        }
        guard case .keyPackage = kp.leafNode.source else { throw .unsupportedLeafSource }
        return (kp, suite)
    }

    static func faults(_ kp: KeyPackage, now: UInt64) -> [KeyPackageValidationError] {
        let leaf = kp.leafNode
        guard case .keyPackage(let lifetime) = leaf.source else { return [.unsupportedLeafSource] }
        var found: [KeyPackageValidationError] = []
        // RFC 8032 §5.1.7, cofactored: an R with a small-order component and a small-order key
        // verify (docs/catbird.md, "Signatures, profile by profile").
        let key = leaf.signatureKey
        if !MLSLabels.verifyCofactored(key: key, label: "LeafNodeTBS", content: leaf.tbs(), signature: leaf.signature) {
            found.append(.invalidLeafSignature)
        }
        if !(lifetime.notBefore <= now && now <= lifetime.notAfter) {
            found.append(.invalidLifetime(notBefore: lifetime.notBefore, notAfter: lifetime.notAfter, now: now))
        }
        if !leaf.capabilities.credentials.contains(leaf.credential.type) {
            found.append(.unsupportedCapabilities("the leaf's credential type is not in its capabilities"))
        }
        for e in leaf.extensions
        where !defaultExtensionTypes.contains(e.type) && !leaf.capabilities.extensions.contains(e.type) {
            found.append(.unsupportedExtensions("leaf extension \(e.type) is not in the leaf's capabilities"))
            break
        }
        // §13.4: no list of extensions has one type twice (GREASE and unknown types included).
        for (list, name) in [(leaf.extensions, "leaf"), (kp.extensions, "KeyPackage")] {
            if let type = firstRepeatedType(list) {
                found.append(.unsupportedExtensions("extension type \(type) more than once in the \(name) extensions"))
            }
        }
        if kp.initKey == leaf.encryptionKey { found.append(.reusedEncryptionKey) }
        if !MLSLabels.verifyCofactored(key: key, label: "KeyPackageTBS", content: kp.tbs, signature: kp.signature) {
            found.append(.invalidKeyPackageSignature)
        }
        return found
    }

    /// The first extension type that appears a second time in `list`, wherever the copies are.
    static func firstRepeatedType(_ list: [MLSExtension]) -> UInt16? {
        var seen: Set<UInt16> = []
        for e in list where !seen.insert(e.type).inserted { return e.type }
        return nil
    }
}
