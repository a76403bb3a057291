import PushProofCrypto

/// The mls-ds server of early 2026 (`db.rs` `store_key_package_with_device`) over OpenMLS 0.8.1
/// (`KeyPackageIn::tls_deserialize` + `validate`): a raw KeyPackage, no MLSMessage wrapper;
/// bytes after it are ignored; then OpenMLS's checks in its order, then a BasicCredential whose
/// identity is exactly the owner's bare DID. What it does not check (the suite, the leaf key
/// against the device's, the lifetime's length, the capabilities) is left unchecked here too.
public enum LegacyKeyPackageValidation {
    /// Extension types OpenMLS 0.8 refuses inside a leaf node when it decodes one.
    public static let refusedLeafExtensionTypes: Set<UInt16> = [2, 3, 4, 5, 10]
    /// The extension types OpenMLS 0.8 knows (`ExtensionType`); others are `Unknown`.
    public static let knownExtensionTypes: Set<UInt16> = [1, 2, 3, 4, 5, 10]
    public static let lastResort: UInt16 = 10

    /// RFC 9420 §13.5's GREASE values: 0x0A0A, 0x1A1A, ... 0xEAEA.
    public static func isGrease(_ v: UInt16) -> Bool { v & 0x0F0F == 0x0A0A && (v >> 12) == (v >> 4) & 0x0F }

    public static func validate(_ upload: KeyPackageUpload) throws(KeyPackageValidationError) -> ValidatedKeyPackage {
        // tls_deserialize reads one KeyPackage and leaves what follows unread.
        var reader = TLSReader(upload.bytes)
        let kp: KeyPackage
        do { kp = try KeyPackage.read(&reader) } catch { throw .decoding(error) }
        guard CipherSuite.named(kp.cipherSuite) != nil else {
            throw .decoding(.malformed("cipher suite \(kp.cipherSuite) is not one OpenMLS knows"))
        }
        let leaf = kp.leafNode
        var seen = Set<UInt16>()
        for e in leaf.extensions {
            guard !refusedLeafExtensionTypes.contains(e.type), !isGrease(e.type) else {
                throw .decoding(.malformed("extension type \(e.type) is not allowed in a leaf node"))
            }
            guard seen.insert(e.type).inserted else { throw .decoding(.malformed("a repeated leaf extension")) }
        }
        guard case .keyPackage(let lifetime) = leaf.source else { throw .unsupportedLeafSource }
        let suite = CipherSuite.named(kp.cipherSuite)!
        // libcrux verifies Ed25519 only: other suites fail here.
        guard suite.signsWithEd25519, let key = try? Ed25519.PublicKey(rawBytes: leaf.signatureKey),
            MLSLabels.verify(key, label: "LeafNodeTBS", content: leaf.tbs(), signature: leaf.signature)
        else { throw .invalidLeafSignature }
        guard kp.version == KeyPackage.mls10 else { throw .decoding(.unsupportedProtocolVersion(kp.version)) }
        guard kp.initKey != leaf.encryptionKey else { throw .reusedEncryptionKey }
        for e in kp.extensions where e.type != lastResort && (knownExtensionTypes.contains(e.type) || isGrease(e.type))
        {
            throw .unsupportedExtensions("extension type \(e.type) is not valid in a KeyPackage")
        }
        guard MLSLabels.verify(key, label: "KeyPackageTBS", content: kp.tbs, signature: kp.signature) else {
            throw .invalidKeyPackageSignature
        }
        for e in kp.extensions where !leaf.capabilities.extensions.contains(e.type) {
            throw .unsupportedExtensions("KeyPackage extension \(e.type) is not in the leaf's capabilities")
        }
        guard lifetime.notBefore < upload.now, upload.now < lifetime.notAfter else {
            throw .invalidLifetime(notBefore: lifetime.notBefore, notAfter: lifetime.notAfter, now: upload.now)
        }
        guard case .basic(let identity) = leaf.credential else {
            throw .wrongBasicCredential("only BasicCredential is supported")
        }
        guard let text = String(validating: identity, as: UTF8.self) else {
            throw .wrongBasicCredential("the credential identity is not UTF-8")
        }
        guard text == upload.expectedIdentity else {
            throw .wrongBasicCredential("the credential identity must be the bare user DID")
        }
        return ValidatedKeyPackage(keyPackage: kp, ref: MLSLabels.keyPackageRef(suite, keyPackage: kp.encoded))
    }
}
