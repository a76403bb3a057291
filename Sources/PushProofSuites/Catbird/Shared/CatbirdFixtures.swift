import CatbirdMLS
import PushProofConformance
import PushProofCrypto
import PushProofJSON

/// A KeyPackage as a vector describes it before it is signed: every field can be changed, and
/// `afterSigning` can change the signed structure (or its bytes) to break a signature or the
/// encoding on purpose. Built with CatbirdMLS's encoder and signed with real Ed25519 keys.
struct KeyPackageSpec {
    var version: UInt16 = KeyPackage.mls10
    var cipherSuite: UInt16 = 0x004D
    var initKey: [UInt8] = CatbirdFixtures.xwing(1)
    var encryptionKey: [UInt8] = CatbirdFixtures.xwing(2)
    var signer: Ed25519.KeyPair = CatbirdFixtures.deviceKey
    /// The leaf's `signature_key`, when it is not the signer's public key.
    var leafSignatureKey: [UInt8]? = nil
    var credential: Credential = .basic(identity: Array(CatbirdFixtures.deviceIdentity.utf8))
    var capabilities: Capabilities = DeployedKeyPackageValidation.capabilities
    var source: LeafNode.Source = .keyPackage(CatbirdFixtures.lifetime)
    var leafExtensions: [MLSExtension] = []
    var extensions: [MLSExtension] = []
    /// Signs LeafNodeTBS under this label (RFC 9420: "LeafNodeTBS").
    var leafLabel = "LeafNodeTBS"
    var keyPackageLabel = "KeyPackageTBS"
    /// Changes the signed leaf node before the KeyPackage signs it (a leaf-only fault).
    var leafTamper: (inout LeafNode) -> Void = { _ in }
    var afterSigning: (inout KeyPackage) -> Void = { _ in }
    var bytes: ([UInt8]) -> [UInt8] = { $0 }

    /// A classic suite (1 or 3): 32-byte X25519 HPKE keys, a bare DID or any identity.
    static func classic(_ suite: UInt16, identity: String) -> KeyPackageSpec {
        var spec = KeyPackageSpec()
        spec.cipherSuite = suite
        spec.initKey = CatbirdFixtures.x25519(1)
        spec.encryptionKey = CatbirdFixtures.x25519(2)
        spec.credential = .basic(identity: Array(identity.utf8))
        spec.capabilities = Capabilities(
            versions: [1], cipherSuites: [suite], extensions: [], proposals: [], credentials: [1])
        return spec
    }

    var keyPackage: KeyPackage {
        var leaf = LeafNode(
            encryptionKey: encryptionKey, signatureKey: leafSignatureKey ?? signer.publicKey.rawBytes,
            credential: credential, capabilities: capabilities, source: source, extensions: leafExtensions,
            signature: [])
        leaf.signature = MLSLabels.sign(signer, label: leafLabel, content: leaf.tbs())
        leafTamper(&leaf)
        var kp = KeyPackage(
            version: version, cipherSuite: cipherSuite, initKey: initKey, leafNode: leaf, extensions: extensions,
            signature: [])
        kp.signature = MLSLabels.sign(signer, label: keyPackageLabel, content: kp.tbs)
        afterSigning(&kp)
        return kp
    }

    /// The MLSMessage bytes a device uploads.
    var message: [UInt8] { bytes(MLSMessage.keyPackage(keyPackage).encoded) }

    /// This spec with the leaf's lifetime from `notBefore` to `notAfter`.
    func living(_ notBefore: UInt64, _ notAfter: UInt64) -> KeyPackageSpec {
        with { $0.source = .keyPackage(Lifetime(notBefore: notBefore, notAfter: notAfter)) }
    }

    func with(_ change: (inout KeyPackageSpec) -> Void) -> KeyPackageSpec {
        var copy = self
        change(&copy)
        return copy
    }
}

enum CatbirdFixtures {
    /// The vectors' clock: 2026-08-01T00:00:00Z.
    static let now: UInt64 = 1_785_542_400
    static let did = "did:plc:ewvi7nxzyoun6zhxrhs64oiz"
    static let deviceId = "3f2c8a4e-9b1d-4c7e-a5f0-6d8e2b1c9a47"
    static let deviceIdentity = "\(did)#\(deviceId)"
    /// Valid for a day from an hour ago.
    static let lifetime = Lifetime(notBefore: now - 3600, notAfter: now + 86_400)

    static func seed(_ label: String) -> [UInt8] { SHA256.hash(Array("pushproof/catbird/\(label)".utf8)) }
    static let deviceKey = try! Ed25519.KeyPair(seed: seed("device-key/1"))
    static let otherKey = try! Ed25519.KeyPair(seed: seed("device-key/2"))
    static func xwing(_ n: Int) -> [UInt8] { XWingPublicKey.make(seed: seed("xwing/\(n)")) }
    static func x25519(_ n: Int) -> [UInt8] { try! X25519.KeyPair(seed: seed("x25519/\(n)")).publicKey.rawBytes }

    /// Where `needle` first occurs in `bytes` (the vectors look for a unique field this way).
    static func offset(of needle: [UInt8], in bytes: [UInt8]) -> Int {
        for i in 0...(bytes.count - needle.count) where Array(bytes[i..<(i + needle.count)]) == needle { return i }
        preconditionFailure("the field is not in the bytes")
    }

    static func bigEndian(_ v: UInt64) -> [UInt8] { withUnsafeBytes(of: v.bigEndian) { Array($0) } }

    /// Flips one bit of `bytes` at `offset` from the end.
    static func flip(_ bytes: [UInt8], fromEnd offset: Int, bit: UInt8 = 0x01) -> [UInt8] {
        var b = bytes
        b[b.count - 1 - offset] ^= bit
        return b
    }
}
