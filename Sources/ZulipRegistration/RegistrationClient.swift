import PushProofCrypto
import PushProofJSON

/// A `PushRegistration` sealed to a bouncer key, with the values a vector shows.
public struct SealedRegistration: Sendable {
    public var plaintext: [UInt8]
    public var ephemeralPublicKey: X25519.PublicKey
    public var nonce: [UInt8]
    /// `ephemeral_pk(32) || ciphertext || tag(16)`: what `crypto_box_seal` outputs.
    public var box: [UInt8]
    public init(plaintext: [UInt8], ephemeralPublicKey: X25519.PublicKey, nonce: [UInt8], box: [UInt8]) {
        self.plaintext = plaintext
        self.ephemeralPublicKey = ephemeralPublicKey
        self.nonce = nonce
        self.box = box
    }

    /// `encrypted_push_registration` on the wire.
    public var base64: String { Base64.encode(box) }
}

/// The device's half of registration.
public struct RegistrationClient: Sendable {
    public let profile: RegistrationProfile
    /// The bouncer key baked into this app release.
    public let bouncerPublicKey: X25519.PublicKey

    public init(profile: RegistrationProfile, bouncerPublicKey: X25519.PublicKey) {
        self.profile = profile
        self.bouncerPublicKey = bouncerPublicKey
    }

    /// The registration this profile sends: the proposal has no `ios_app_id`.
    public func registration(tokenKind: TokenKind, token: String, timestamp: Int64, iosAppId: String?)
        -> PushRegistration
    {
        PushRegistration(
            tokenKind: tokenKind, token: token, timestamp: timestamp,
            iosAppId: profile == .deployed && tokenKind == .apns ? iosAppId : nil)
    }

    /// Seals with a caller-chosen ephemeral key (vectors) or a fresh random one (`nil`).
    public func seal(
        _ registration: PushRegistration,
        ephemeralSecretKey: X25519.SecretKey? = nil
    ) throws(CryptoError) -> SealedRegistration {
        let ephemeral = ephemeralSecretKey.map(X25519.KeyPair.init(secretKey:)) ?? X25519.KeyPair.random()
        let plaintext = registration.plaintext
        let box = try SealedBox.seal(plaintext, to: bouncerPublicKey, ephemeral: ephemeral)
        return SealedRegistration(
            plaintext: plaintext, ephemeralPublicKey: ephemeral.publicKey,
            nonce: SealedBox.nonce(ephemeralPublicKey: ephemeral.publicKey, recipientPublicKey: bouncerPublicKey),
            box: box)
    }
}

/// Deployed profile: the parameters of `POST /api/v1/mobile_push/register`.
///
/// Two groups, each sent whole or not at all, and at least one of them: the key group
/// (`push_key_id`, `push_key`) and the token group (`token_kind`, `token_id`,
/// `bouncer_public_key`, `encrypted_push_registration`). The type makes a half group
/// impossible to build; the server still checks, since other clients can send anything.
public struct RegisterParameters: Sendable {
    public struct KeyGroup: Sendable {
        public var pushKey: PushKey
        public init(pushKey: PushKey) { self.pushKey = pushKey }
    }

    public struct TokenGroup: Sendable {
        public var tokenKind: TokenKind
        public var tokenId: TokenId
        public var bouncerPublicKey: X25519.PublicKey
        public var sealed: SealedRegistration
        public init(
            tokenKind: TokenKind, tokenId: TokenId, bouncerPublicKey: X25519.PublicKey, sealed: SealedRegistration
        ) {
            self.tokenKind = tokenKind
            self.tokenId = tokenId
            self.bouncerPublicKey = bouncerPublicKey
            self.sealed = sealed
        }
    }

    public enum BuildError: Error, Equatable, Sendable { case noGroup }

    public let deviceId: Int64
    public let keyGroup: KeyGroup?
    public let tokenGroup: TokenGroup?

    public init(deviceId: Int64, keyGroup: KeyGroup?, tokenGroup: TokenGroup?) throws(BuildError) {
        guard keyGroup != nil || tokenGroup != nil else { throw .noGroup }
        self.deviceId = deviceId
        self.keyGroup = keyGroup
        self.tokenGroup = tokenGroup
    }

    /// The form fields, in a fixed order. Every value is a string, as in an HTTP form.
    public var formFields: [(name: String, value: String)] {
        var fields: [(String, String)] = [("device_id", String(deviceId))]
        if let keyGroup {
            fields.append(("push_key_id", String(keyGroup.pushKey.id)))
            fields.append(("push_key", keyGroup.pushKey.wireBase64))
        }
        if let tokenGroup {
            fields.append(("token_kind", tokenGroup.tokenKind.rawValue))
            fields.append(("token_id", tokenGroup.tokenId.base64))
            fields.append(("bouncer_public_key", Base64.encode(tokenGroup.bouncerPublicKey.rawBytes)))
            fields.append(("encrypted_push_registration", tokenGroup.sealed.base64))
        }
        return fields
    }
}

/// Proposal profile: the client's per-account push identity. `push_account_id` is a random
/// 64-bit integer and the device key pair receives notifications sealed to its public key.
public struct ProposalAccount: Sendable {
    public let pushAccountId: UInt64
    public let deviceKeyPair: X25519.KeyPair

    public init(pushAccountId: UInt64, deviceKeyPair: X25519.KeyPair) {
        self.pushAccountId = pushAccountId
        self.deviceKeyPair = deviceKeyPair
    }

    public static func random() -> ProposalAccount {
        let id = secureRandomBytes(count: 8).reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        return ProposalAccount(pushAccountId: id, deviceKeyPair: .random())
    }

    /// The parameters of the proposal's registration request to the server.
    public func formFields(
        tokenKind: TokenKind, bouncerPublicKey: X25519.PublicKey,
        sealed: SealedRegistration
    ) -> [(name: String, value: String)] {
        [
            ("push_account_id", String(pushAccountId)),
            ("token_kind", tokenKind.rawValue),
            ("bouncer_public_key", Base64.encode(bouncerPublicKey.rawBytes)),
            ("encrypted_push_registration", sealed.base64),
            ("push_public_key", Base64.encode(deviceKeyPair.publicKey.rawBytes)),
        ]
    }
}
