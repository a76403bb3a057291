import PushProofCrypto

public enum DeviceIdentity {
    /// The clean protocol's MLS BasicCredential identity: `did#deviceId`.
    public static func credentialIdentity(did: BareDid, deviceId: DeviceId) -> String { "\(did.text)#\(deviceId.text)" }

    /// The legacy server's credential identity (mls-ds@5278d0ce server/src/db.rs:874-883): the
    /// KeyPackage's BasicCredential must be the owner's DID byte for byte, and the owner's DID is
    /// the caller's text before its first `#` as the handlers have it
    /// (handlers/mls_chat/register_device.rs:87, 367-369). Neither the DID's syntax nor the
    /// device id is read: the device is not part of the identity.
    public static func legacyCredentialIdentity(ownerDid: String) -> String { ownerDid }

    /// The design document's identity (seed 003:66, 131, 223: `did:plc:josh#<device-uuid>`): the
    /// user's DID and the device id joined by `#`, as given. The design names no grammar for either
    /// part (its own placeholders, `did:plc:josh` at 003:129 and `iphone-uuid` at 003:157, would
    /// fail the clean protocol's), so none is read.
    public static func designCredentialIdentity(did: String, deviceId: String) -> String { "\(did)#\(deviceId)" }

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
