import PushProofConformance
import PushProofCrypto
import PushProofJSON
import ZulipRegistration

/// Fixed inputs of the registration vectors. Every key comes from a labelled seed, so anyone
/// can re-derive it; every clock is pinned.
enum RegistrationFixtures {
    /// The example timestamp of the deployed system's documentation.
    static let timestamp: Int64 = 1_772_513_819
    /// The bouncer's clock in every vector unless a case says otherwise: two minutes later.
    static let now: Int64 = timestamp + 120
    static let realm = "0b5f9c7e-3f4e-4a7d-8d8b-2f6a5c1e9d40"
    static let otherRealm = "c3a1e0d2-7b6f-4e59-9a0c-5d4b3a2f1e08"
    static let iosAppId = "org.zulip.Zulip"

    static func seedKeyPair(_ label: String) -> X25519.KeyPair {
        try! X25519.KeyPair(seed: SHA256.hash(Array("pushproof/bouncer-key/\(label)".utf8)))
    }

    /// The key baked into the current app release.
    static let currentKey = seedKeyPair("2026")
    /// The previous release's key, still in the ring.
    static let previousKey = seedKeyPair("2025")
    /// A key that was in the ring and has been retired.
    static let retiredKey = seedKeyPair("2024")
    /// A key the bouncer never had.
    static let strangerKey = seedKeyPair("stranger")

    static func ephemeral(_ label: String) -> X25519.SecretKey {
        try! X25519.SecretKey(rawBytes: SHA256.hash(Array("pushproof/ephemeral/\(label)".utf8)))
    }

    static let fcmToken =
        "cXk9b2Jd:APA91b" + Base64.encode(SHA256.hash(Array("pushproof/fcm-token".utf8)), variant: .urlSafeNoPadding)
    static let apnsToken = Hex.encode(SHA256.hash(Array("pushproof/apns-token".utf8)))
    static let nonAsciiToken = "tökén-推送-☃-𝄞-" + String(repeating: "é", count: 3)

    static func b64(_ key: X25519.KeyPair) -> String { Base64.encode(key.publicKey.rawBytes) }

    static func ringJSON(_ entries: [(X25519.KeyPair, String)]) -> JSONValue {
        .array(
            entries.map { pair, status in
                [
                    "publicKey": .string(b64(pair)),
                    "secretKey": .string(Hex.encode(pair.secretKey.bytes.revealedBytes())),
                    "status": .string(status),
                ]
            })
    }

    static let standardRing = ringJSON([(currentKey, "active"), (previousKey, "active"), (retiredKey, "retired")])
}

/// Sealed requests for the bouncer and server vectors.
extension RegistrationFixtures {
    /// A sealed request and the values on the way to it.
    struct Sealed {
        var request: BouncerRequest
        var box: [UInt8]
        var intermediate: JSONValue

        /// The same request with the box changed and re-encoded.
        func withBox(_ transform: ([UInt8]) -> [UInt8], note: String) -> (BouncerRequest, JSONValue) {
            var r = request
            let changed = transform(box)
            r.encryptedPushRegistration = Base64.encode(changed)
            return (r, intermediate.setting("mutation", to: .string(note)))
        }
    }

    static func seal(
        plaintext: [UInt8], label: String, profile: RegistrationProfile = .deployed,
        to key: X25519.KeyPair = currentKey, naming named: X25519.KeyPair? = nil,
        tokenIdOf token: String = fcmToken, realm: String = RegistrationFixtures.realm,
        pushAccountId: UInt64 = 0x1234_5678_9abc_def0
    ) -> Sealed {
        let esk = ephemeral("bouncer/\(label)")
        let box = try! SealedBox.seal(plaintext, to: key.publicKey, ephemeralSecretKey: esk)
        let request = BouncerRequest(
            realmUUID: realm, bouncerPublicKey: b64(named ?? key),
            encryptedPushRegistration: Base64.encode(box),
            tokenId: profile == .deployed ? TokenId(token: token).base64 : nil,
            pushAccountId: profile == .proposal ? pushAccountId : nil)
        let epk = esk.publicKey
        let intermediate: JSONValue = [
            "plaintext": .string(String(decoding: plaintext, as: UTF8.self)),
            "plaintextHex": .string(Hex.encode(plaintext)),
            "ephemeralPublicKey": .string(Hex.encode(epk.rawBytes)),
            "nonce": .string(Hex.encode(SealedBox.nonce(ephemeralPublicKey: epk, recipientPublicKey: key.publicKey))),
        ]
        return Sealed(request: request, box: box, intermediate: intermediate)
    }

    static func seal(
        _ registration: PushRegistration, label: String, profile: RegistrationProfile = .deployed,
        to key: X25519.KeyPair = currentKey, realm: String = RegistrationFixtures.realm,
        pushAccountId: UInt64 = 0x1234_5678_9abc_def0
    ) -> Sealed {
        seal(
            plaintext: registration.plaintext, label: label, profile: profile, to: key, tokenIdOf: registration.token,
            realm: realm, pushAccountId: pushAccountId)
    }

    static func fcm(_ token: String = fcmToken, at t: Int64 = timestamp) -> PushRegistration {
        PushRegistration(tokenKind: .fcm, token: token, timestamp: t)
    }

    static func apns(_ token: String = apnsToken, at t: Int64 = timestamp, app: String? = iosAppId) -> PushRegistration
    {
        PushRegistration(tokenKind: .apns, token: token, timestamp: t, iosAppId: app)
    }

    /// A plaintext JSON object written member by member, for malformed registrations.
    static func plaintext(_ value: JSONValue) -> [UInt8] { JSONWriter.compactBytes(value) }

    static func flipBit(_ index: Int, bit: Int) -> ([UInt8]) -> [UInt8] {
        {
            var b = $0
            b[index] ^= UInt8(1 << bit)
            return b
        }
    }
}
