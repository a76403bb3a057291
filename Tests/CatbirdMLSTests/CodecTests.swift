import CatbirdMLS
import PropertyBased
import PushProofCrypto
import Testing

/// A KeyPackage made and signed the way a client makes one (RFC 9420 §10), for the codec tests.
func signedKeyPackage(
    suite: UInt16 = 0x004D, seed: UInt8 = 1,
    identity: String = "did:plc:abcdefghijklmnopqrstuvwx#0f4d8c2e-7a1b-4c3d-9e8f-1a2b3c4d5e6f"
)
    throws -> (KeyPackage, Ed25519.KeyPair)
{
    let key = try Ed25519.KeyPair(seed: SHA256.hash([seed]))
    var leaf = LeafNode(
        encryptionKey: Array(SHA256.hash([seed, 1]) + SHA256.hash([seed, 2])), signatureKey: key.publicKey.rawBytes,
        credential: .basic(identity: Array(identity.utf8)),
        capabilities: Capabilities(
            versions: [1], cipherSuites: [suite], extensions: [], proposals: [], credentials: [1]),
        source: .keyPackage(Lifetime(notBefore: 1_780_000_000, notAfter: 1_780_000_000 + 2_592_000)), extensions: [],
        signature: [])
    leaf.signature = MLSLabels.sign(key, label: "LeafNodeTBS", content: leaf.tbs())
    var kp = KeyPackage(
        cipherSuite: suite, initKey: Array(SHA256.hash([seed, 3])), leafNode: leaf, extensions: [], signature: [])
    kp.signature = MLSLabels.sign(key, label: "KeyPackageTBS", content: kp.tbs)
    return (kp, key)
}

/// Both signatures of a decoded KeyPackage, with its own leaf key.
func signaturesHold(_ kp: KeyPackage) -> Bool {
    guard let key = try? Ed25519.PublicKey(rawBytes: kp.leafNode.signatureKey) else { return false }
    return MLSLabels.verify(key, label: "LeafNodeTBS", content: kp.leafNode.tbs(), signature: kp.leafNode.signature)
        && MLSLabels.verify(key, label: "KeyPackageTBS", content: kp.tbs, signature: kp.signature)
}

@Suite struct VarIntTests {
    @Test(arguments: [
        (0, "00"), (63, "3f"), (64, "4040"), (16383, "7fff"), (16384, "80004000"), ((1 << 30) - 1, "bfffffff"),
    ])
    func boundaries(_ value: Int, _ hex: String) throws {
        var w = TLSWriter()
        w.varint(value)
        #expect(Hex.encode(w.bytes) == hex)
        var r = TLSReader(Hex.decode(hex)!)
        #expect(try r.varint("n") == value)
        #expect(r.remaining == 0)
    }

    @Test(arguments: ["403f", "4000", "80003fff", "80000000", "8000003f"])
    func nonMinimalLengthsAreRefused(_ hex: String) {
        var r = TLSReader(Hex.decode(hex)!)
        #expect(throws: MLSDecodingError.nonMinimalLength(field: "n")) { try r.varint("n") }
    }

    @Test func theReservedPrefixAndShortInputAreRefused() {
        var r = TLSReader([0xC0, 0, 0, 0, 0, 0, 0, 0])
        #expect(throws: MLSDecodingError.reservedLengthPrefix(field: "n")) { try r.varint("n") }
        var short = TLSReader([0x80, 0x00])
        #expect(throws: MLSDecodingError.truncated(field: "n")) { try short.varint("n") }
        // A vector that claims 2^30-1 bytes with four present: refused before anything is allocated.
        var huge = TLSReader([0xBF, 0xFF, 0xFF, 0xFF, 1, 2, 3, 4])
        #expect(throws: MLSDecodingError.truncated(field: "v")) { try huge.opaque("v") }
        #expect(MLSDecodingError.nonMinimalLength(field: "n").code == "NON_CANONICAL_ENCODING")
    }

    @Test func everyLengthRoundTrips() async {
        await propertyCheck(count: 300, input: Gen<Int>.int(in: 0...((1 << 30) - 1))) { n in
            var w = TLSWriter()
            w.varint(n)
            var r = TLSReader(w.bytes)
            #expect((try? r.varint("n")) == n && r.remaining == 0)
            #expect(w.bytes.count == (n < 64 ? 1 : n < 16384 ? 2 : 4))
        }
    }
}

@Suite struct KeyPackageCodecTests {
    @Test(arguments: [UInt16(1), 3, 0x004D])
    func aSignedKeyPackageRoundTripsAndVerifies(_ suite: UInt16) throws {
        let (kp, _) = try signedKeyPackage(suite: suite)
        let bytes = MLSMessage.keyPackage(kp).encoded
        #expect(Array(bytes.prefix(4)) == [0, 1, 0, 5])  // mls10, mls_key_package
        #expect(try MLSMessage.decode(bytes, expecting: .keyPackage) == .keyPackage(kp))
        #expect(try KeyPackage.decode(kp.encoded) == kp)
        #expect(signaturesHold(kp))
    }

    /// Any single changed bit of a signed KeyPackage is refused: it no longer decodes, or one of
    /// its signatures fails. Every bit of the message is tried.
    @Test func noSingleBitFlipIsAccepted() throws {
        let (kp, _) = try signedKeyPackage()
        let bytes = MLSMessage.keyPackage(kp).encoded
        var decodedButRefused = 0
        for bit in 0..<(bytes.count * 8) {
            var changed = bytes
            changed[bit / 8] ^= UInt8(1 << (bit % 8))
            guard case .keyPackage(let mutated)? = try? MLSMessage.decode(changed, expecting: .keyPackage) else {
                continue
            }
            decodedButRefused += 1
            #expect(!signaturesHold(mutated), "bit \(bit) changed and both signatures still hold")
            #expect(MLSMessage.keyPackage(mutated).encoded == changed)
        }
        #expect(decodedButRefused > bytes.count * 4)  // most flips still parse: the signatures do the refusing
    }

    @Test func truncationAtEveryByteAndTrailingDataAreRefused() throws {
        let (kp, _) = try signedKeyPackage()
        let bytes = MLSMessage.keyPackage(kp).encoded
        for end in 0..<bytes.count {
            #expect(throws: MLSDecodingError.self) {
                try MLSMessage.decode(Array(bytes.prefix(end)), expecting: .keyPackage)
            }
        }
        #expect(throws: MLSDecodingError.trailingData(count: 1)) {
            try MLSMessage.decode(bytes + [0], expecting: .keyPackage)
        }
        #expect(throws: MLSDecodingError.wrongWireFormat(5)) { try MLSMessage.decode(bytes, expecting: .welcome) }
        var v2 = bytes
        v2[1] = 2
        #expect(throws: MLSDecodingError.unsupportedProtocolVersion(2)) {
            try MLSMessage.decode(v2, expecting: .keyPackage)
        }
    }

    @Test func unknownCredentialTypesAndLeafSourcesAreMalformed() throws {
        let (kp, _) = try signedKeyPackage()
        var bytes = kp.encoded
        // version(2) suite(2) init_key(1+32) encryption_key(1+64) signature_key(1+32): then credential_type.
        let credentialType = 2 + 2 + 33 + 2 + 64 + 33
        #expect(Array(bytes[credentialType..<credentialType + 2]) == [0, 1])
        bytes[credentialType + 1] = 0x0A
        #expect(throws: MLSDecodingError.malformed("credential type 10 has no defined encoding")) {
            try KeyPackage.decode(bytes)
        }
    }

    /// The reference is RefHash over the KeyPackage, never over its MLSMessage wrapper, and not
    /// a plain SHA-256 of the bytes (what the Swift client declares).
    @Test func theReferenceIsRefHashOfTheInnerKeyPackage() throws {
        let (kp, _) = try signedKeyPackage()
        let suite = try #require(CipherSuite.named(0x004D))
        let ref = MLSLabels.keyPackageRef(suite, keyPackage: kp.encoded)
        let label = Array("MLS 1.0 KeyPackage Reference".utf8)
        var input = TLSWriter()
        input.opaque(label)
        input.opaque(kp.encoded)
        #expect(ref == SHA256.hash(input.bytes))
        #expect(ref != MLSLabels.keyPackageRef(suite, keyPackage: MLSMessage.keyPackage(kp).encoded))
        #expect(ref != SHA256.hash(kp.encoded))
        #expect(CipherSuite.named(7)?.digest([]).count == 48 && CipherSuite.named(4)?.digest([]).count == 64)
    }

    @Test func signaturesUnderTheWrongLabelFail() throws {
        let (kp, key) = try signedKeyPackage()
        // LeafNodeTBS signed under the KeyPackageTBS label.
        var leaf = kp.leafNode
        leaf.signature = MLSLabels.sign(key, label: "KeyPackageTBS", content: leaf.tbs())
        #expect(!MLSLabels.verify(key.publicKey, label: "LeafNodeTBS", content: leaf.tbs(), signature: leaf.signature))
        #expect(MLSLabels.signContent(label: "X", content: [1]) == [9] + Array("MLS 1.0 X".utf8) + [1, 1])
    }

    @Test func arbitraryBytesNeverTrapAndWhatDecodesReEncodes() async throws {
        let (kp, _) = try signedKeyPackage()
        let seed = MLSMessage.keyPackage(kp).encoded
        await propertyCheck(
            count: 500, input: Gen<UInt8>.value(in: 0...255).array(of: 0...64), Gen<Int>.int(in: 0...400)
        ) { noise, at in
            var bytes = seed
            let start = min(at, bytes.count)
            bytes.replaceSubrange(start..<min(start + noise.count, bytes.count), with: noise)
            if let decoded = try? MLSMessage.decode(bytes, expecting: .keyPackage) { #expect(decoded.encoded == bytes) }
            if let decoded = try? MLSMessage.decode(noise, expecting: .welcome) { #expect(decoded.encoded == noise) }
        }
    }
}
