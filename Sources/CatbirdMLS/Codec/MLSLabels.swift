import PushProofCrypto

/// The labelled operations of RFC 9420 §5.
public enum MLSLabels {
    /// `SignContent` (§5.1.2): `opaque label<V> = "MLS 1.0 " + Label; opaque content<V>`.
    public static func signContent(label: String, content: [UInt8]) -> [UInt8] {
        var w = TLSWriter()
        w.opaque(Array("MLS 1.0 \(label)".utf8))
        w.opaque(content)
        return w.bytes
    }

    /// SignWithLabel with an Ed25519 key.
    public static func sign(_ key: Ed25519.KeyPair, label: String, content: [UInt8]) -> [UInt8] {
        key.signature(for: signContent(label: label, content: content))
    }

    /// VerifyWithLabel with an Ed25519 key (libsodium's verification: canonical S, no
    /// small-order key or R).
    public static func verify(_ key: Ed25519.PublicKey, label: String, content: [UInt8], signature: [UInt8]) -> Bool {
        key.isValidSignature(signature, for: signContent(label: label, content: content))
    }

    /// VerifyWithLabel as RFC 8032 §5.1.7 writes it: canonical A and R, S below L, and the
    /// cofactored equation [8][S]B = [8]R + [8][k]A (small-order keys and R accepted).
    public static func verifyCofactored(key: [UInt8], label: String, content: [UInt8], signature: [UInt8]) -> Bool {
        Ed25519Points.verifyCofactored(
            key: key, message: signContent(label: label, content: content), signature: signature)
    }

    /// VerifyWithLabel as libcrux-ed25519 (HACL*) verifies, which openmls's libcrux provider
    /// calls: canonical A and R, S below L, the cofactorless equation, no small-order check.
    public static func verifyCofactorless(key: [UInt8], label: String, content: [UInt8], signature: [UInt8]) -> Bool {
        Ed25519Points.verifyCofactorless(
            key: key, message: signContent(label: label, content: content), signature: signature)
    }

    /// `RefHash(label, value)` (§5.2): the hash of `opaque label<V>; opaque value<V>`.
    public static func refHash(_ suite: CipherSuite, label: String, value: [UInt8]) -> [UInt8] {
        var w = TLSWriter()
        w.opaque(Array(label.utf8))
        w.opaque(value)
        return suite.digest(w.bytes)
    }

    public static let keyPackageReferenceLabel = "MLS 1.0 KeyPackage Reference"

    /// `KeyPackageRef` (§5.2): RefHash over the KeyPackage itself, never its MLSMessage wrapper.
    public static func keyPackageRef(_ suite: CipherSuite, keyPackage: [UInt8]) -> [UInt8] {
        refHash(suite, label: keyPackageReferenceLabel, value: keyPackage)
    }
}
