// Throughput of Catbird's deployed KeyPackage validation against its floor, in one run:
// "full validation": DeployedKeyPackageValidation.validate on a 0x004D KeyPackage (exact
// decoding, re-encoding check, lifetime and capability checks, both X-Wing key checks, two
// Ed25519 verifications, RefHash); "decode only": MLSMessage.decode of the same bytes;
// "2 raw verifications": two crypto_sign_verify_detached calls over the same signed contents,
// the floor of any implementation that checks both signatures with libsodium.
import CSodium
import CatbirdMLS
import PushProofCrypto

enum KeyPackageBenchmark {
    static let now: UInt64 = 1_785_542_400
    static let identity = "did:plc:ewvi7nxzyoun6zhxrhs64oiz#3f2c8a4e-9b1d-4c7e-a5f0-6d8e2b1c9a47"

    @MainActor static func run(iterations: Int) {
        let key = try! Ed25519.KeyPair(seed: SHA256.hash(Array("bench".utf8)))
        var leaf = LeafNode(
            encryptionKey: XWingPublicKey.make(seed: [2]), signatureKey: key.publicKey.rawBytes,
            credential: .basic(identity: Array(identity.utf8)), capabilities: DeployedKeyPackageValidation.capabilities,
            source: .keyPackage(Lifetime(notBefore: now - 60, notAfter: now + 86_400)), extensions: [], signature: [])
        leaf.signature = MLSLabels.sign(key, label: "LeafNodeTBS", content: leaf.tbs())
        var kp = KeyPackage(
            cipherSuite: 0x004D, initKey: XWingPublicKey.make(seed: [1]), leafNode: leaf, extensions: [], signature: [])
        kp.signature = MLSLabels.sign(key, label: "KeyPackageTBS", content: kp.tbs)
        let upload = KeyPackageUpload(
            bytes: MLSMessage.keyPackage(kp).encoded, expectedIdentity: identity,
            enrolledSignatureKey: key.publicKey.rawBytes, now: now)
        let leafContent = MLSLabels.signContent(label: "LeafNodeTBS", content: leaf.tbs())
        let packageContent = MLSLabels.signContent(label: "KeyPackageTBS", content: kp.tbs)
        let pk = key.publicKey.rawBytes

        let full = secondsPerOperation(iterations: iterations) { _ in
            (try? DeployedKeyPackageValidation.validate(upload))?.ref.count ?? 0
        }
        let decode = secondsPerOperation(iterations: iterations) { _ in
            (try? MLSMessage.decode(upload.bytes, expecting: .keyPackage)) == nil ? 0 : 1
        }
        let raw = secondsPerOperation(iterations: iterations) { _ in
            Int(
                crypto_sign_verify_detached(leaf.signature, leafContent, UInt64(leafContent.count), pk)
                    + crypto_sign_verify_detached(kp.signature, packageContent, UInt64(packageContent.count), pk))
        }
        print("KeyPackage: \(upload.bytes.count) bytes (suite 0x004D); \(iterations) iterations x 7 batches, median")
        print(row("full deployed validation", full, unit: "validations/s"))
        print(row("decode only", decode, unit: "decodes/s"))
        print(row("2 raw Ed25519 verifications (libsodium)", raw, unit: "pairs/s"))
        print("ratio full / 2 raw verifications: \(ratio(full, raw))x")
    }
}
