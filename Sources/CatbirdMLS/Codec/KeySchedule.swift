import PushProofCrypto

/// RFC 9420's key schedule (§8): from the previous epoch's `init_secret`, the commit secret, the
/// PSK secret and the new GroupContext, the epoch's secrets. The KDF is HKDF over the suite's
/// hash (every suite of §17.1 and Catbird's X-Wing suite use HKDF).
///
/// These are the secrets a forward-secret epoch-key store keeps and must delete (§9.2): the
/// epoch-key vectors store `epochSecret`s derived here, and `pushproof interop mls` checks this
/// derivation against the working group's `key-schedule.json`.
public struct EpochSecrets: Sendable {
    public let joinerSecret: SecretBytes
    public let welcomeSecret: SecretBytes
    public let epochSecret: SecretBytes
    public let senderDataSecret: SecretBytes
    public let encryptionSecret: SecretBytes
    public let exporterSecret: SecretBytes
    public let externalSecret: SecretBytes
    public let confirmationKey: SecretBytes
    public let membershipKey: SecretBytes
    public let resumptionPSK: SecretBytes
    public let epochAuthenticator: SecretBytes
    /// The next epoch's `init_secret`.
    public let initSecret: SecretBytes
}

public enum KeySchedule {
    static func digest(_ suite: CipherSuite) -> HKDF.Digest {
        switch suite.hash {
        case .sha256: return .sha256
        case .sha384: return .sha384
        case .sha512: return .sha512
        }
    }

    /// `ExpandWithLabel(Secret, Label, Context, Length)` (§8): HKDF-Expand with the KDFLabel
    /// `uint16 length; opaque label<V> = "MLS 1.0 " + Label; opaque context<V>`.
    public static func expandWithLabel(
        _ suite: CipherSuite, secret: SecretBytes, label: String, context: [UInt8], length: Int
    ) throws(CryptoError) -> SecretBytes {
        try expandWithLabel(suite, secret: secret, label: Array(label.utf8), context: context, length: length)
    }

    /// ExpandWithLabel with the label as bytes (the exporter's labels are any bytes).
    public static func expandWithLabel(
        _ suite: CipherSuite, secret: SecretBytes, label: [UInt8], context: [UInt8], length: Int
    ) throws(CryptoError) -> SecretBytes {
        guard let length16 = UInt16(exactly: length) else {
            throw .invalidLength(what: "ExpandWithLabel length", expected: Int(UInt16.max), actual: length)
        }
        var w = TLSWriter()
        w.uint16(length16)
        w.opaque(Array("MLS 1.0 ".utf8) + label)
        w.opaque(context)
        return try HKDF.expand(digest(suite), pseudorandomKey: secret, info: w.bytes, outputByteCount: length)
    }

    /// `DeriveSecret(Secret, Label)` = ExpandWithLabel(Secret, Label, "", KDF.Nh).
    public static func deriveSecret(_ suite: CipherSuite, secret: SecretBytes, label: String)
        throws(CryptoError) -> SecretBytes
    {
        try expandWithLabel(suite, secret: secret, label: label, context: [], length: digest(suite).byteCount)
    }

    /// One epoch: `init_secret_[n-1]` (the salt) and `commit_secret` (the IKM) extracted, expanded
    /// with the new GroupContext into the joiner secret; the joiner secret (salt) and the PSK
    /// secret (IKM) extracted into the member secret, from which the welcome and epoch secrets
    /// come; every other secret is DeriveSecret of the epoch secret.
    public static func epoch(
        _ suite: CipherSuite, initSecret: SecretBytes, commitSecret: SecretBytes, pskSecret: SecretBytes,
        groupContext: [UInt8]
    ) throws(CryptoError) -> EpochSecrets {
        let h = digest(suite)
        let joiner = try expandWithLabel(
            suite, secret: try HKDF.extract(h, salt: initSecret, inputKeyMaterial: commitSecret), label: "joiner",
            context: groupContext, length: h.byteCount)
        let member = try HKDF.extract(h, salt: joiner, inputKeyMaterial: pskSecret)
        let epoch = try expandWithLabel(
            suite, secret: member, label: "epoch", context: groupContext, length: h.byteCount)
        func derived(_ label: String) throws(CryptoError) -> SecretBytes {
            try deriveSecret(suite, secret: epoch, label: label)
        }
        return EpochSecrets(
            joinerSecret: joiner, welcomeSecret: try deriveSecret(suite, secret: member, label: "welcome"),
            epochSecret: epoch, senderDataSecret: try derived("sender data"),
            encryptionSecret: try derived("encryption"), exporterSecret: try derived("exporter"),
            externalSecret: try derived("external"), confirmationKey: try derived("confirm"),
            membershipKey: try derived("membership"), resumptionPSK: try derived("resumption"),
            epochAuthenticator: try derived("authentication"), initSecret: try derived("init"))
    }

    /// `MLS-Exporter(Label, Context, Length)` (§8.5) of an epoch's exporter secret.
    public static func export(
        _ suite: CipherSuite, exporterSecret: SecretBytes, label: [UInt8], context: [UInt8], length: Int
    ) throws(CryptoError) -> SecretBytes {
        let derived = try expandWithLabel(
            suite, secret: exporterSecret, label: label, context: [], length: digest(suite).byteCount)
        return try expandWithLabel(
            suite, secret: derived, label: "exported", context: suite.digest(context), length: length)
    }
}
