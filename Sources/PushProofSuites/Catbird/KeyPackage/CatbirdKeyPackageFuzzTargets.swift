import CatbirdMLS
import PushProofConformance
import PushProofCrypto

// The KeyPackage suite's fuzz targets (docs/fuzzing.md).

/// MLSMessage(KeyPackage) bytes through the decoder and the three validations: whatever the
/// decoder accepts re-encodes to the same bytes; whatever a validation accepts is canonical and
/// carries valid signatures by its leaf key, and its ref is RefHash of the inner KeyPackage.
enum KeyPackageHarness {
    static func run(_ data: [UInt8]) {
        guard data.count <= 70_000 else { return }
        let decoded = try? MLSMessage.decode(data, expecting: .keyPackage)
        if let decoded { fuzzInvariant(decoded.encoded == data, "an accepted KeyPackage does not re-encode to itself") }
        let upload = KeyPackageUpload(
            bytes: data, expectedIdentity: CatbirdFixtures.deviceIdentity,
            enrolledSignatureKey: CatbirdFixtures.deviceKey.publicKey.rawBytes, now: CatbirdFixtures.now)
        if let accepted = try? DeployedKeyPackageValidation.validate(upload) {
            fuzzInvariant(decoded != nil, "deployed validation accepted what the decoder refuses")
            check(accepted, signedBy: CatbirdFixtures.deviceKey.publicKey.rawBytes)
            fuzzInvariant(accepted.keyPackage.cipherSuite == 0x004D, "deployed accepted another suite")
            fuzzInvariant(
                (try? DeployedKeyPackageValidation.checkLifetime(
                    lifetimeOf(accepted.keyPackage)!, now: CatbirdFixtures.now)) != nil, "lifetime out of bounds")
        }
        if let accepted = try? RFC9420KeyPackageValidation.validate(upload) {
            fuzzInvariant(decoded != nil, "RFC 9420 validation accepted what the decoder refuses")
            check(accepted, signedBy: accepted.keyPackage.leafNode.signatureKey, cofactored: true)
        }
        // The legacy server reads a raw KeyPackage.
        let raw = KeyPackageUpload(
            bytes: Array(data.dropFirst(4)), expectedIdentity: CatbirdFixtures.did, now: CatbirdFixtures.now)
        if let accepted = try? LegacyKeyPackageValidation.validate(raw) {
            check(accepted, signedBy: accepted.keyPackage.leafNode.signatureKey)
            let l = lifetimeOf(accepted.keyPackage)!
            fuzzInvariant(l.notBefore < CatbirdFixtures.now && CatbirdFixtures.now < l.notAfter, "legacy lifetime")
        }
    }

    static func lifetimeOf(_ kp: KeyPackage) -> Lifetime? {
        if case .keyPackage(let l) = kp.leafNode.source { return l }
        return nil
    }

    /// `cofactored`: RFC 8032 §5.1.7's equation (the rfc9420 profile), else libsodium's.
    static func check(_ accepted: ValidatedKeyPackage, signedBy key: [UInt8], cofactored: Bool = false) {
        let kp = accepted.keyPackage
        guard let pk = try? Ed25519.PublicKey(rawBytes: key), let suite = CipherSuite.named(kp.cipherSuite) else {
            fuzzInvariant(false, "accepted without an Ed25519 key or a known suite")
            return
        }
        func verifies(_ label: String, _ content: [UInt8], _ signature: [UInt8]) -> Bool {
            cofactored
                ? MLSLabels.verifyCofactored(key: key, label: label, content: content, signature: signature)
                : MLSLabels.verify(pk, label: label, content: content, signature: signature)
        }
        fuzzInvariant(
            verifies("LeafNodeTBS", kp.leafNode.tbs(), kp.leafNode.signature)
                && verifies("KeyPackageTBS", kp.tbs, kp.signature),
            "accepted with a signature that does not verify")
        fuzzInvariant(
            accepted.ref == MLSLabels.keyPackageRef(suite, keyPackage: kp.encoded), "ref not over the KeyPackage")
        fuzzInvariant(lifetimeOf(kp) != nil, "accepted a leaf without the key_package source")
    }
}

/// The variable-length integer reader: an accepted integer is in its shortest form, so writing
/// it again gives the bytes read.
enum VarintHarness {
    static func run(_ data: [UInt8]) {
        var r = TLSReader(data)
        guard let value = try? r.varint("fuzz") else { return }
        var w = TLSWriter()
        w.varint(value)
        fuzzInvariant(w.bytes == Array(data.prefix(r.position)), "a varint does not re-encode to its bytes")
        fuzzInvariant(value < 1 << 30, "a varint above 2^30 - 1")
    }
}

extension CatbirdKeyPackageSuite {
    public var fuzzTargets: [FuzzTarget] {
        [
            FuzzTarget("FuzzKeyPackage", seeds: Self.keyPackages, run: KeyPackageHarness.run),
            FuzzTarget("FuzzMLSVarint", seeds: { _ in Self.varints }, run: VarintHarness.run),
        ]
    }

    /// The MLSMessage KeyPackages of the codec and validation vectors (the legacy groups' are raw
    /// KeyPackages, which the harness does not read; the MLS working group's interop vectors stay
    /// outside the project, so no seed comes from them).
    static func keyPackages(_ files: [VectorFile]) -> [[UInt8]] {
        (files.tests(of: "catbird_keypackage_codec") + files.tests(of: "catbird_keypackage_validate"))
            .compactMap { group, test in
                guard group.profile != .legacy, let bytes = SeedBytes.hex(test.input["keyPackage"]),
                    bytes.count <= 8192
                else { return nil }
                return bytes
            }
    }

    /// Variable-length integers at every boundary, minimal and not (RFC 9420 section 2.1.2).
    static let varints: [[UInt8]] = {
        let cases: [(value: UInt64, size: Int)] = [
            (0, 1), (63, 1), (64, 2), (16383, 2), (16384, 4), ((1 << 30) - 1, 4), (5, 2), (5, 4), (64, 4),
        ]
        let prefixes: [Int: UInt8] = [1: 0x00, 2: 0x40, 4: 0x80]
        return cases.map { value, size in
            var bytes = (0..<size).reversed().map { UInt8(truncatingIfNeeded: value >> (8 * UInt64($0))) }
            bytes[0] |= prefixes[size]!
            return bytes
        } + [[0xC0, 0, 0, 0, 0, 0, 0, 1]]
    }()
}
