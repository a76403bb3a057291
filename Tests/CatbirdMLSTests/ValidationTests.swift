import CatbirdMLS
import PropertyBased
import PushProofCrypto
import Testing

/// A KeyPackage the clean server accepts at `now`: suite 0x004D, X-Wing keys, exactly the
/// allowed capabilities, `did#deviceId`, signed by `key`.
func deployedKeyPackage(
    key: Ed25519.KeyPair, lifetime: Lifetime, identity: String = deviceIdentity,
    change: (inout LeafNode) -> Void = { _ in }
) -> KeyPackage {
    var leaf = LeafNode(
        encryptionKey: XWingPublicKey.make(seed: [2]), signatureKey: key.publicKey.rawBytes,
        credential: .basic(identity: Array(identity.utf8)), capabilities: DeployedKeyPackageValidation.capabilities,
        source: .keyPackage(lifetime), extensions: [], signature: [])
    change(&leaf)
    leaf.signature = MLSLabels.sign(key, label: "LeafNodeTBS", content: leaf.tbs())
    var kp = KeyPackage(
        cipherSuite: 0x004D, initKey: XWingPublicKey.make(seed: [1]), leafNode: leaf, extensions: [], signature: [])
    kp.signature = MLSLabels.sign(key, label: "KeyPackageTBS", content: kp.tbs)
    return kp
}

let deviceIdentity = "did:plc:ewvi7nxzyoun6zhxrhs64oiz#3f2c8a4e-9b1d-4c7e-a5f0-6d8e2b1c9a47"
let now: UInt64 = 1_785_542_400
let deviceKey = try! Ed25519.KeyPair(seed: SHA256.hash(Array("device".utf8)))

func deployedUpload(_ kp: KeyPackage, at time: UInt64 = now, ref: [UInt8]? = nil) -> KeyPackageUpload {
    KeyPackageUpload(
        bytes: MLSMessage.keyPackage(kp).encoded, expectedIdentity: deviceIdentity,
        enrolledSignatureKey: deviceKey.publicKey.rawBytes, now: time, declaredRef: ref)
}

func code(_ body: () throws(KeyPackageValidationError) -> ValidatedKeyPackage) -> String? {
    do {
        _ = try body()
        return nil
    } catch { return error.code }
}

@Suite struct DeployedValidationTests {
    let good = deployedKeyPackage(key: deviceKey, lifetime: Lifetime(notBefore: now - 60, notAfter: now + 86_400))

    @Test func acceptsAndComputesTheRefOverTheInnerKeyPackage() throws {
        let accepted = try DeployedKeyPackageValidation.validate(deployedUpload(good))
        let suite = CipherSuite.named(0x004D)!
        #expect(accepted.ref == MLSLabels.keyPackageRef(suite, keyPackage: good.encoded))
        #expect(accepted.ref != MLSLabels.keyPackageRef(suite, keyPackage: MLSMessage.keyPackage(good).encoded))
        #expect(throws: Never.self) {
            try DeployedKeyPackageValidation.validate(deployedUpload(good, ref: accepted.ref))
        }
        #expect(
            code { () throws(KeyPackageValidationError) in
                try DeployedKeyPackageValidation.validate(
                    deployedUpload(good, ref: SHA256.hash(MLSMessage.keyPackage(good).encoded)))
            } == "KEY_PACKAGE_REF_MISMATCH")
    }

    /// Accepted lifetimes obey the profile's bounds, and every lifetime inside them is accepted.
    @Test func lifetimesObeyTheBounds() async {
        let span = DeployedKeyPackageValidation.maximumLifetime
        await propertyCheck(
            count: 150, input: Gen<Int64>.int64(in: -700...700), Gen<Int64>.int64(in: -700...Int64(span) + 700)
        ) { before, length in
            // not_before near now; not_after near the 600 s and span limits.
            let nb = UInt64(Int64(now) + before)
            guard length > 0 else { return }
            let na = nb + UInt64(length)
            let kp = deployedKeyPackage(key: deviceKey, lifetime: Lifetime(notBefore: nb, notAfter: na))
            let accepted = (try? DeployedKeyPackageValidation.validate(deployedUpload(kp))) != nil
            let inBounds = nb < now && now < na && na - now >= 600 && na - nb <= span
            #expect(accepted == inBounds, "not_before \(nb), not_after \(na)")
        }
    }

    /// No single changed bit anywhere in the upload is accepted.
    @Test func noSingleBitFlipIsAccepted() async {
        let bytes = MLSMessage.keyPackage(good).encoded
        await propertyCheck(count: 400, input: Gen<Int>.int(in: 0..<(bytes.count * 8))) { bit in
            var b = bytes
            b[bit / 8] ^= 1 << UInt8(bit % 8)
            var upload = deployedUpload(good)
            upload.bytes = b
            #expect((try? DeployedKeyPackageValidation.validate(upload)) == nil, "bit \(bit)")
        }
    }

    /// Every cut is refused: where a vector's length should begin (the 13 vectors of a KeyPackage
    /// without extensions) tls_codec calls it an invalid length, elsewhere the end of the input.
    @Test func everyTruncationIsRefusedWithoutTrapping() {
        let bytes = MLSMessage.keyPackage(good).encoded
        var codes: [String: Int] = [:]
        for n in 0..<bytes.count {
            var upload = deployedUpload(good)
            upload.bytes = Array(bytes.prefix(n))
            let answer = code { () throws(KeyPackageValidationError) in
                try DeployedKeyPackageValidation.validate(upload)
            }
            codes[answer ?? "accepted", default: 0] += 1
        }
        #expect(codes == ["NON_CANONICAL_ENCODING": 13, "TRUNCATED": bytes.count - 13])
    }

    @Test func theFirstFailingCheckIsTheAnswer() {
        // A foreign key and a bare DID: the credential is checked before the key.
        let other = try! Ed25519.KeyPair(seed: SHA256.hash([9]))
        let both = deployedKeyPackage(
            key: other, lifetime: Lifetime(notBefore: now - 60, notAfter: now + 86_400),
            identity: "did:plc:ewvi7nxzyoun6zhxrhs64oiz")
        #expect(
            code { () throws(KeyPackageValidationError) in
                try DeployedKeyPackageValidation.validate(deployedUpload(both))
            } == "WRONG_BASIC_CREDENTIAL")
        // Extensions before the X-Wing key check.
        let ext = deployedKeyPackage(key: deviceKey, lifetime: Lifetime(notBefore: now - 60, notAfter: now + 86_400)) {
            $0.extensions = [MLSExtension(type: 1, data: [0])]  // application_id: an empty key_id<V>
            $0.encryptionKey = [UInt8](repeating: 0, count: 1216)
        }
        #expect(
            code { () throws(KeyPackageValidationError) in
                try DeployedKeyPackageValidation.validate(deployedUpload(ext))
            } == "UNSUPPORTED_EXTENSIONS")
    }

    @Test func errorTextCarriesNoKeyBytes() {
        let other = try! Ed25519.KeyPair(seed: SHA256.hash([9]))
        let kp = deployedKeyPackage(key: other, lifetime: Lifetime(notBefore: now - 60, notAfter: now + 86_400))
        do {
            _ = try DeployedKeyPackageValidation.validate(deployedUpload(kp))
            Issue.record("accepted a foreign key")
        } catch {
            let text = error.description.lowercased()
            #expect(!text.contains(Hex.encode(other.publicKey.rawBytes)))
            #expect(!text.contains(Hex.encode(Array(deviceKey.publicKey.rawBytes.prefix(8)))))
        }
    }
}

@Suite struct LegacyAndRFCValidationTests {
    func classic(_ suite: UInt16, identity: String) -> KeyPackage {
        var leaf = LeafNode(
            encryptionKey: SHA256.hash([2]), signatureKey: deviceKey.publicKey.rawBytes,
            credential: .basic(identity: Array(identity.utf8)),
            capabilities: Capabilities(
                versions: [1], cipherSuites: [suite], extensions: [], proposals: [], credentials: [1]),
            source: .keyPackage(Lifetime(notBefore: now - 60, notAfter: now + 86_400)), extensions: [], signature: [])
        leaf.signature = MLSLabels.sign(deviceKey, label: "LeafNodeTBS", content: leaf.tbs())
        var kp = KeyPackage(
            cipherSuite: suite, initKey: SHA256.hash([1]), leafNode: leaf, extensions: [], signature: [])
        kp.signature = MLSLabels.sign(deviceKey, label: "KeyPackageTBS", content: kp.tbs)
        return kp
    }

    @Test func legacyReadsARawKeyPackageAndIgnoresWhatFollows() throws {
        let kp = classic(1, identity: "did:plc:ewvi7nxzyoun6zhxrhs64oiz")
        let upload = KeyPackageUpload(
            bytes: kp.encoded + [1, 2, 3], expectedIdentity: "did:plc:ewvi7nxzyoun6zhxrhs64oiz", now: now)
        let accepted = try LegacyKeyPackageValidation.validate(upload)
        #expect(accepted.ref == MLSLabels.keyPackageRef(CipherSuite.named(1)!, keyPackage: kp.encoded))
        var wrong = upload
        wrong.expectedIdentity = deviceIdentity
        #expect(
            code { () throws(KeyPackageValidationError) in try LegacyKeyPackageValidation.validate(wrong) }
                == "WRONG_BASIC_CREDENTIAL")
    }

    /// RFC 9420 §13.5's fifteen values, 0x0A0A to 0xEAEA; 0xFAFA has the pattern but is private use.
    @Test func greaseValues() {
        let grease = (0..<15).map { UInt16($0) << 12 | UInt16($0) << 4 | 0x0A0A }
        #expect(grease.allSatisfy(LegacyKeyPackageValidation.isGrease))
        #expect(grease.count == 15 && grease.first == 0x0A0A && grease.last == 0xEAEA)
        let others = (0...UInt16.max).filter(LegacyKeyPackageValidation.isGrease)
        #expect(others == grease)
        #expect(!LegacyKeyPackageValidation.isGrease(0xFAFA))
        #expect(!LegacyKeyPackageValidation.isGrease(0x0A1A) && !LegacyKeyPackageValidation.isGrease(0x000A))
    }

    @Test func rfc9420AcceptsSuitesOneAndThreeWithoutAGroup() throws {
        for suite: UInt16 in [1, 3] {
            let kp = classic(suite, identity: "alice")
            let upload = KeyPackageUpload(bytes: MLSMessage.keyPackage(kp).encoded, expectedIdentity: nil, now: now)
            #expect(try RFC9420KeyPackageValidation.validate(upload).keyPackage == kp)
            var late = upload
            late.now = now + 86_401
            #expect(
                code { () throws(KeyPackageValidationError) in try RFC9420KeyPackageValidation.validate(late) }
                    == "INVALID_LIFETIME")
        }
    }
}
