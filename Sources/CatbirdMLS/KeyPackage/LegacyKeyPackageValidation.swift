import PushProofCrypto

/// The mls-ds server of early 2026 (`db.rs` `store_key_package_with_device`) over OpenMLS 0.8.1
/// (`KeyPackageIn::tls_deserialize` + `validate`): a raw KeyPackage, no MLSMessage wrapper;
/// bytes after it are ignored; then OpenMLS's checks in its order, then a BasicCredential whose
/// identity is exactly the owner's bare DID. What it does not check (the suite, the leaf key
/// against the device's, the lifetime's length, the capabilities) is left unchecked here too.
public enum LegacyKeyPackageValidation {
    public static let lastResort: UInt16 = 10

    /// RFC 9420 §13.5's GREASE values (as openmls names them).
    public static func isGrease(_ v: UInt16) -> Bool { OpenMLSKeyPackage.isGrease(v) }

    public static func validate(_ upload: KeyPackageUpload) throws(KeyPackageValidationError) -> ValidatedKeyPackage {
        // KeyPackageIn::tls_deserialize reads one KeyPackage (openmls's decoding: its first fault
        // in reading order is the answer) and leaves what follows unread.
        let kp: OpenMLSKeyPackage
        do { kp = try OpenMLSKeyPackage.decodeRaw(upload.bytes) } catch { throw .decoding(error) }
        let leaf = kp.leafNode
        guard case .keyPackage(let lifetime) = leaf.source else { throw .unsupportedLeafSource }
        let suite = CipherSuite.named(kp.cipherSuite)!
        // libcrux verifies Ed25519 only (other suites fail here), with HACL*'s semantics:
        // cofactorless, no small-order check of the key or R.
        let key = leaf.signatureKey
        guard suite.signsWithEd25519,
            MLSLabels.verifyCofactorless(key: key, label: "LeafNodeTBS", content: leaf.tbs, signature: leaf.signature)
        else { throw .invalidLeafSignature }
        guard kp.version == KeyPackage.mls10 else { throw .decoding(.unsupportedProtocolVersion(kp.version)) }
        guard kp.initKey != leaf.encryptionKey else { throw .reusedEncryptionKey }
        for e in kp.extensions where e.type != lastResort && !OpenMLSKeyPackage.isUnknownExtension(e.type) {
            throw .unsupportedExtensions("extension type \(e.type) is not valid in a KeyPackage")
        }
        guard MLSLabels.verifyCofactorless(key: key, label: "KeyPackageTBS", content: kp.tbs, signature: kp.signature)
        else {
            throw .invalidKeyPackageSignature
        }
        for e in kp.extensions where !leaf.capabilities.extensions.contains(e.type) {
            throw .unsupportedExtensions("KeyPackage extension \(e.type) is not in the leaf's capabilities")
        }
        guard lifetime.notBefore < upload.now, upload.now < lifetime.notAfter else {
            throw .invalidLifetime(notBefore: lifetime.notBefore, notAfter: lifetime.notAfter, now: upload.now)
        }
        guard leaf.credentialType == Credential.basicType else {
            throw .wrongBasicCredential("only BasicCredential is supported")
        }
        guard let text = String(validating: leaf.credentialContent, as: UTF8.self) else {
            throw .wrongBasicCredential("the credential identity is not UTF-8")
        }
        // Rust's String == (db.rs:876) compares the bytes; Swift's would take a canonically
        // equivalent spelling (a decomposed é, U+212A KELVIN SIGN) for the owner's DID.
        guard let expected = upload.expectedIdentity, text.utf8.elementsEqual(expected.utf8) else {
            throw .wrongBasicCredential("the credential identity must be the bare user DID")
        }
        return ValidatedKeyPackage(
            keyPackage: kp.keyPackage, ref: MLSLabels.keyPackageRef(suite, keyPackage: kp.encoded))
    }
}
