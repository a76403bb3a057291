import PushProofCrypto

public enum DeviceIdentity {
    /// The clean protocol's MLS BasicCredential identity: `did#deviceId`.
    public static func credentialIdentity(did: BareDid, deviceId: DeviceId) -> String { "\(did.text)#\(deviceId.text)" }

    /// The legacy server's reading of a device DID: split at the first `#`; no `#` gives the whole
    /// text and an empty device id; an empty half is refused. The DID itself is not checked.
    public static func legacySplit(_ text: String) throws(CatbirdIdentityError) -> (did: String, deviceId: String) {
        // Rust's split_once('#') finds the first `#` scalar: search the scalars, not the
        // characters, where a neighbouring mark can join `#` into one grapheme cluster.
        let scalars = text.unicodeScalars
        guard let hash = scalars.firstIndex(of: "#") else { return (text, "") }
        let did = String(scalars[..<hash])
        let device = String(scalars[scalars.index(after: hash)...])
        guard !did.isEmpty, !device.isEmpty else { throw .invalidDeviceDid("an empty half around `#`") }
        return (did, device)
    }

    /// The clean protocol's key id: base64url without padding of SHA-256 of the 32-byte Ed25519
    /// public key (43 characters).
    public static func keyId(_ key: Ed25519.PublicKey) -> String {
        Base64.encode(SHA256.hash(key.rawBytes), variant: .urlSafeNoPadding)
    }
}
