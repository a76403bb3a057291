import CatbirdMLS
import PushProofConformance
import PushProofCrypto
import PushProofJSON

/// The clean server's checks in its order (wire.rs): the first failing check is the answer.
extension CatbirdKeyPackageValidateVectors {
    static func deployed() throws -> [VectorCase] {
        let base = KeyPackageSpec()
        let c = UploadForm.deployed
        let n = F.now
        let span = DeployedKeyPackageValidation.maximumLifetime
        let kp = base.keyPackage
        let wrapper = MLSMessage.keyPackage(kp).encoded
        let openmlsFraming = openmls("framing/codec.rs", "48-56")
        var cases = [
            c("a fresh X-Wing KeyPackage", ["Normal", "XWing"], wire(W.ref), base),
            c(
                "no declared ref: the server's ref is the answer", ["Normal"], wire(W.ref), base,
                declaredRef: .some(nil)),
            // Lifetime edges.
            c("not_before = now - 1", ["LifetimeBoundary"], wire(W.lifetime), base.living(n - 1, n + 86_400)),
            c(
                "not_before = now", ["LifetimeBoundary"], wire(W.lifetime), base.living(n, n + 86_400),
                code: "INVALID_LIFETIME"),
            c(
                "not_before = now + 1", ["LifetimeBoundary"], wire(W.lifetime), base.living(n + 1, n + 86_400),
                code: "INVALID_LIFETIME"),
            c(
                "not_after = now", ["LifetimeBoundary"], wire(W.lifetime), base.living(n - 3600, n),
                code: "INVALID_LIFETIME"),
            c(
                "not_after = now - 1 (expired)", ["LifetimeBoundary"], wire(W.lifetime), base.living(n - 3600, n - 1),
                code: "INVALID_LIFETIME"),
            c(
                "not_after = now + 1: inside, but 1 s left", ["LifetimeBoundary", "RemainingLifetime"],
                wire(W.lifetime), base.living(n - 3600, n + 1), code: "INSUFFICIENT_REMAINING_LIFETIME"),
            c(
                "599 s left", ["RemainingLifetime"], wire(W.lifetime), base.living(n - 3600, n + 599),
                code: "INSUFFICIENT_REMAINING_LIFETIME"),
            c("600 s left (the minimum)", ["RemainingLifetime"], wire(W.lifetime), base.living(n - 3600, n + 600)),
            c("601 s left", ["RemainingLifetime"], wire(W.lifetime), base.living(n - 3600, n + 601)),
            c(
                "a span of 2,595,600 s (30 days and an hour)", ["LifetimeSpan"], wire(W.lifetime),
                base.living(n - 3600, n - 3600 + span)),
            c(
                "a span of 2,595,601 s", ["LifetimeSpan"], wire(W.lifetime), base.living(n - 3600, n - 3600 + span + 1),
                code: "LIFETIME_TOO_LONG"),
            c(
                "OpenMLS's default lifetime (84 days + 1 h)", ["LifetimeSpan"], wire(W.lifetime),
                base.living(n - 3600, n + 84 * 86_400), code: "LIFETIME_TOO_LONG"),
            c(
                "not_after = 2^64 - 1", ["LifetimeSpan"], wire(W.lifetime), base.living(n - 3600, .max),
                code: "LIFETIME_TOO_LONG"),
            c(
                "not_before = 0, not_after = now + 1 day", ["LifetimeSpan"], wire(W.lifetime),
                base.living(0, n + 86_400),
                code: "LIFETIME_TOO_LONG"),
            // Credential.
            c(
                "a bare DID where `did#deviceId` is expected", ["BareDidCredential"], wire(W.credential),
                base.with { $0.credential = .basic(identity: Array(F.did.utf8)) }, code: "WRONG_BASIC_CREDENTIAL"),
            c(
                "the server expects a bare DID, the KeyPackage has `did#deviceId`", ["BareDidCredential"],
                wire(W.credential), base, code: "WRONG_BASIC_CREDENTIAL", identity: F.did),
            c(
                "an upper-case device id in the credential", ["NonCanonical"], wire(W.credential),
                base.with { $0.credential = .basic(identity: Array("\(F.did)#\(F.deviceId.uppercased())".utf8)) },
                code: "WRONG_BASIC_CREDENTIAL"),
            c(
                "another device's id", ["WrongIdentity"], wire(W.credential),
                base.with {
                    $0.credential = .basic(identity: Array("\(F.did)#3f2c8a4e-9b1d-4c7e-a5f0-6d8e2b1c9a48".utf8))
                }, code: "WRONG_BASIC_CREDENTIAL"),
            c(
                "an X.509 credential", ["CredentialType"], wire(W.credential),
                base.with { $0.credential = .x509(certificates: [[0x30, 0x00]]) }, code: "WRONG_BASIC_CREDENTIAL"),
            c(
                "the identity with a trailing NUL", ["WrongIdentity"], wire(W.credential),
                base.with { $0.credential = .basic(identity: Array(F.deviceIdentity.utf8) + [0]) },
                code: "WRONG_BASIC_CREDENTIAL"),
            // Signature key.
            c(
                "a foreign leaf key (consistently signed by it)", ["ForeignKey"], wire(W.signatureKey),
                base.with { $0.signer = F.otherKey }, code: "WRONG_SIGNATURE_KEY"),
            c(
                "the enrolled key is another device's", ["ForeignKey"], wire(W.signatureKey), base,
                code: "WRONG_SIGNATURE_KEY", key: F.otherKey.publicKey.rawBytes),
            // Suite, version, source.
            c(
                "suite 1 (X25519)", ["CipherSuite"], wire(W.suite),
                KeyPackageSpec.classic(1, identity: F.deviceIdentity), code: "UNSUPPORTED_CIPHERSUITE"),
            c(
                "suite 3", ["CipherSuite"], wire(W.suite), KeyPackageSpec.classic(3, identity: F.deviceIdentity),
                code: "UNSUPPORTED_CIPHERSUITE"),
            c(
                "suite 0x004E: not an OpenMLS Ciphersuite value, so the decoder refuses it", ["CipherSuite"],
                wire(W.decode), base.with { $0.cipherSuite = 0x004E }, code: "MALFORMED", declaredRef: .some(nil)),
            c(
                "KeyPackage version 2: openmls refuses a KeyPackage version other than its MLSMessage's while decoding, so the server's own version check is never reached",
                ["ProtocolVersion"], openmlsFraming, base.with { $0.version = 2 }, code: "MALFORMED"),
            c(
                "leaf source `update`", ["LeafSource"], wire(W.source), base.with { $0.source = .update },
                code: "UNSUPPORTED_LEAF_SOURCE"),
            c(
                "leaf source `commit`", ["LeafSource"], wire(W.source),
                base.with { $0.source = .commit(parentHash: [UInt8](repeating: 7, count: 32)) },
                code: "UNSUPPORTED_LEAF_SOURCE"),
            // Capabilities and extensions.
            c(
                "a GREASE extension type in the capabilities (RFC 9420 says ignore it; the clean server refuses)",
                ["Grease"], wire(W.capabilities), base.with { $0.capabilities.extensions = [0x0A0A] },
                code: "UNSUPPORTED_CAPABILITIES"),
            c(
                "an unknown proposal type in the capabilities", ["Capabilities"], wire(W.capabilities),
                base.with { $0.capabilities.proposals = [0x0009] }, code: "UNSUPPORTED_CAPABILITIES"),
            c(
                "suite 1 also in the capabilities", ["Capabilities"], wire(W.capabilities),
                base.with { $0.capabilities.cipherSuites = [0x004D, 0x0001] }, code: "UNSUPPORTED_CAPABILITIES"),
            c(
                "version 1 listed twice", ["Capabilities"], wire(W.capabilities),
                base.with { $0.capabilities.versions = [1, 1] }, code: "UNSUPPORTED_CAPABILITIES"),
            c(
                "no credential types", ["Capabilities"], wire(W.capabilities),
                base.with { $0.capabilities.credentials = [] }, code: "UNSUPPORTED_CAPABILITIES"),
            c(
                "x509 also in the credential types", ["Capabilities"], wire(W.capabilities),
                base.with { $0.capabilities.credentials = [1, 2] }, code: "UNSUPPORTED_CAPABILITIES"),
            c(
                "a leaf extension (application_id) whose data [01] is no key_id<V>: openmls decodes the data and it ends inside the key_id",
                ["Extensions", "ExtensionData"], openmls("extensions/codec.rs", "101-128"),
                base.with { $0.leafExtensions = [MLSExtension(type: 1, data: [1])] }, code: "TRUNCATED"),
            c(
                "a GREASE KeyPackage extension (RFC 9420 says ignore it; the clean server refuses)",
                ["Grease", "Extensions"], wire(W.extensions),
                base.with { $0.extensions = [MLSExtension(type: 0x0A0A, data: [])] }, code: "UNSUPPORTED_EXTENSIONS"),
            c(
                "a last_resort KeyPackage extension", ["Extensions"], wire(W.extensions),
                base.with { $0.extensions = [MLSExtension(type: 10, data: [])] }, code: "UNSUPPORTED_EXTENSIONS"),
            // Keys.
            c(
                "init key = encryption key", ["ReusedKey"], wire(W.reused), base.with { $0.initKey = $0.encryptionKey },
                code: "REUSED_ENCRYPTION_KEY"),
        ]
        for fault in XWingFault.allCases {
            cases.append(
                c(
                    "encryption key: \(fault.comment)", ["XWingKey"], wire(W.xwing) + "; " + CatbirdSources.xwingCheck,
                    base.with { $0.encryptionKey = fault.apply($0.encryptionKey) }, code: "INVALID_XWING_PUBLIC_KEY"))
            cases.append(
                c(
                    "init key: \(fault.comment)", ["XWingKey"], wire(W.xwing) + "; " + CatbirdSources.xwingCheck,
                    base.with { $0.initKey = fault.apply($0.initKey) }, code: "INVALID_XWING_PUBLIC_KEY"))
        }
        cases += [
            // Signatures.
            c(
                "the leaf signature with its first bit flipped", ["SignatureBitFlip"], wire(W.signatures),
                base.with { $0.leafTamper = { $0.signature[0] ^= 1 } }, code: "INVALID_LEAF_SIGNATURE"),
            c(
                "the leaf signature with its last bit flipped", ["SignatureBitFlip"], wire(W.signatures),
                base.with { $0.leafTamper = { $0.signature[63] ^= 0x80 } }, code: "INVALID_LEAF_SIGNATURE"),
            c(
                "the KeyPackage signature with its first bit flipped", ["SignatureBitFlip"], wire(W.signatures),
                base.with { $0.afterSigning = { $0.signature[0] ^= 1 } }, code: "INVALID_KEY_PACKAGE_SIGNATURE",
                declaredRef: .some(nil)),
            c(
                "the KeyPackage signature with a bit of S flipped", ["SignatureBitFlip"], wire(W.signatures),
                base.with { $0.afterSigning = { $0.signature[40] ^= 4 } }, code: "INVALID_KEY_PACKAGE_SIGNATURE",
                declaredRef: .some(nil)),
            c(
                "LeafNodeTBS signed under the KeyPackageTBS label", ["WrongLabel"], wire(W.signatures),
                base.with { $0.leafLabel = "KeyPackageTBS" }, code: "INVALID_LEAF_SIGNATURE"),
            c(
                "KeyPackageTBS signed under the LeafNodeTBS label", ["WrongLabel"], wire(W.signatures),
                base.with { $0.keyPackageLabel = "LeafNodeTBS" }, code: "INVALID_KEY_PACKAGE_SIGNATURE"),
            c(
                "the leaf signature's S + L (non-canonical S)", ["NonCanonicalSignature"], wire(W.signatures),
                base.with { $0.leafTamper = { $0.signature = addOrder($0.signature) } }, code: "INVALID_LEAF_SIGNATURE"),
            c(
                "the KeyPackage signature's S + L (non-canonical S)", ["NonCanonicalSignature"], wire(W.signatures),
                base.with { $0.afterSigning = { $0.signature = addOrder($0.signature) } },
                code: "INVALID_KEY_PACKAGE_SIGNATURE", declaredRef: .some(nil)),
            c(
                "an all-zero leaf signature", ["SignatureBitFlip"], wire(W.signatures),
                base.with { $0.leafTamper = { $0.signature = [UInt8](repeating: 0, count: 64) } },
                code: "INVALID_LEAF_SIGNATURE"),
            c(
                "a 63-byte KeyPackage signature", ["SignatureLength"], wire(W.signatures),
                base.with { $0.afterSigning = { $0.signature.removeLast() } }, code: "INVALID_KEY_PACKAGE_SIGNATURE",
                declaredRef: .some(nil)),
            // The declared ref.
            c(
                "declared ref = SHA-256 of the bytes (what today's Swift client sends)", ["RefOverBytes"], enroll, base,
                code: "KEY_PACKAGE_REF_MISMATCH", declaredRef: .some(SHA256.hash(wrapper))),
            c(
                "declared ref = RefHash over the MLSMessage wrapper", ["RefOverWrapper"], enroll, base,
                code: "KEY_PACKAGE_REF_MISMATCH",
                declaredRef: .some(MLSLabels.keyPackageRef(CipherSuite.named(0x004D)!, keyPackage: wrapper))),
            c(
                "declared ref with one bit flipped", ["RefOverBytes"], enroll, base, code: "KEY_PACKAGE_REF_MISMATCH",
                declaredRef: .some(
                    F.flip(MLSLabels.keyPackageRef(CipherSuite.named(0x004D)!, keyPackage: kp.encoded), fromEnd: 0))),
            c(
                "declared ref = RefHash with the label \"MLS 1.0 KeyPackage\"", ["RefOverBytes"], enroll, base,
                code: "KEY_PACKAGE_REF_MISMATCH",
                declaredRef: .some(
                    MLSLabels.refHash(CipherSuite.named(0x004D)!, label: "MLS 1.0 KeyPackage", value: kp.encoded))),
            // Framing and size.
            c(
                "one byte after the MLSMessage", ["TrailingData"], wire(W.decode),
                base.with { $0.bytes = { $0 + [0] } }, code: "TRAILING_DATA"),
            c(
                "the last byte missing", ["Truncated"], wire(W.decode),
                base.with { $0.bytes = { Array($0.dropLast()) } }, code: "TRUNCATED"),
            c(
                "3 bytes", ["Truncated"], wire(W.size), base.with { $0.bytes = { Array($0.prefix(3)) } },
                code: "TRUNCATED"),
            c(
                "a raw KeyPackage without the MLSMessage header", ["Framing"], wire(W.header),
                base.with { $0.bytes = { Array($0.dropFirst(4)) } }, code: "WRONG_WIRE_FORMAT"),
            c(
                "MLSMessage version 2", ["ProtocolVersion"], wire(W.header),
                base.with {
                    $0.bytes = { b in
                        var b = b
                        b[1] = 2
                        return b
                    }
                }, code: "UNSUPPORTED_PROTOCOL_VERSION"),
            c(
                "wire format 3 (a Welcome)", ["WireFormat"], wire(W.header),
                base.with {
                    $0.bytes = { b in
                        var b = b
                        b[3] = 3
                        return b
                    }
                }, code: "WRONG_WIRE_FORMAT"),
            c(
                "the init key's length (1216) in four bytes", ["NonMinimalVarint"], wire(W.decode),
                base.with { $0.bytes = { b in Array(b[..<8]) + [0x80, 0x00, 0x04, 0xC0] + Array(b[10...]) } },
                code: "NON_CANONICAL_ENCODING"),
            c(
                "65,537 bytes (an oversized leaf extension)", ["SizeLimit"], wire(W.size),
                base.with { $0.leafExtensions = [MLSExtension(type: 1, data: [UInt8](repeating: 0, count: 65_000))] },
                code: "INPUT_TOO_LARGE"),
            c(
                "exactly 65,536 bytes: not too large; its application_id leaf extension's zeros read as an empty key_id, so the extensions vector, counted by openmls's sizes, reads on past its end and the input runs out",
                ["SizeLimit", "ExtensionData"], wire(W.size), sized(base, to: 65_536), code: "TRUNCATED"),
            // More causes for codes with few.
            c(
                "65,537 bytes of 0xFF: the size is checked before anything else", ["SizeLimit"], wire(W.size),
                base.with { $0.bytes = { _ in [UInt8](repeating: 0xFF, count: 65_537) } }, code: "INPUT_TOO_LARGE"),
            c(
                "a valid KeyPackage followed by zeros up to 65,537 bytes", ["SizeLimit"], wire(W.size),
                base.with { $0.bytes = { $0 + [UInt8](repeating: 0, count: 65_537 - $0.count) } },
                code: "INPUT_TOO_LARGE"),
            c(
                "300 s left", ["RemainingLifetime"], wire(W.lifetime), base.living(n - 3600, n + 300),
                code: "INSUFFICIENT_REMAINING_LIFETIME"),
            c(
                "suite 0xFFFF: not an OpenMLS Ciphersuite value", ["CipherSuite"], wire(W.decode),
                base.with { $0.cipherSuite = 0xFFFF }, code: "MALFORMED", declaredRef: .some(nil)),
            c(
                "leaf node source 4 (openmls refuses it when decoding)", ["LeafSource"], wire(W.decode),
                base.with { $0.bytes = { b in setSource(b, to: 4) } }, code: "MALFORMED", declaredRef: .some(nil)),
            c(
                "the credential identity's length (69) in four bytes", ["NonMinimalVarint"], wire(W.decode),
                base.with { $0.bytes = { b in widen(b, lengthOf: Array(F.deviceIdentity.utf8)) } },
                code: "NON_CANONICAL_ENCODING", declaredRef: .some(nil)),
            c(
                "the KeyPackage signature's length (64) in four bytes", ["NonMinimalVarint"], wire(W.decode),
                base.with { $0.bytes = { b in Array(b.dropLast(66)) + [0x80, 0, 0, 0x40] + Array(b.suffix(64)) } },
                code: "NON_CANONICAL_ENCODING"),
            c(
                "init key = encryption key = another valid X-Wing key", ["ReusedKey"], wire(W.reused),
                base.with {
                    $0.initKey = F.xwing(3)
                    $0.encryptionKey = F.xwing(3)
                }, code: "REUSED_ENCRYPTION_KEY"),
            c(
                "64 zero bytes after the MLSMessage", ["TrailingData"], wire(W.decode),
                base.with { $0.bytes = { $0 + [UInt8](repeating: 0, count: 64) } }, code: "TRAILING_DATA"),
            c(
                "a second KeyPackage after the first", ["TrailingData"], wire(W.decode),
                base.with { $0.bytes = { $0 + Array($0.dropFirst(4)) } }, code: "TRAILING_DATA"),
            c(
                "only the 4-byte MLSMessage header", ["Truncated"], wire(W.decode),
                base.with { $0.bytes = { Array($0.prefix(4)) } }, code: "TRUNCATED"),
            c(
                "cut inside the KeyPackage signature", ["Truncated"], wire(W.decode),
                base.with { $0.bytes = { Array($0.dropLast(10)) } }, code: "TRUNCATED"),
            c(
                "leaf source `commit` with an empty parent hash", ["LeafSource"], wire(W.source),
                base.with { $0.source = .commit(parentHash: []) }, code: "UNSUPPORTED_LEAF_SOURCE"),
            c(
                "KeyPackage version 0: openmls refuses a KeyPackage version other than its MLSMessage's while decoding, so the server's own version check is never reached",
                ["ProtocolVersion"], openmlsFraming, base.with { $0.version = 0 }, code: "MALFORMED"),
            c(
                "wire format 1 (a PublicMessage)", ["WireFormat"], wire(W.header),
                base.with {
                    $0.bytes = { b in
                        var b = b
                        b[3] = 1
                        return b
                    }
                }, code: "WRONG_WIRE_FORMAT"),
            // Two faults: the first in the server's order is the answer.
            c(
                "suite 1 and a bare DID: the suite is checked first", ["CheckOrder"], wire(W.suite),
                KeyPackageSpec.classic(1, identity: F.did), code: "UNSUPPORTED_CIPHERSUITE"),
            c(
                "a bare DID and a foreign key: the credential first", ["CheckOrder"], wire(W.credential),
                base.with {
                    $0.credential = .basic(identity: Array(F.did.utf8))
                    $0.signer = F.otherKey
                }, code: "WRONG_BASIC_CREDENTIAL"),
            c(
                "a foreign key and an expired lifetime: the key first", ["CheckOrder"], wire(W.signatureKey),
                base.with {
                    $0.signer = F.otherKey
                    $0.source = .keyPackage(Lifetime(notBefore: n - 7200, notAfter: n - 3600))
                }, code: "WRONG_SIGNATURE_KEY"),
            c(
                "expired and a GREASE capability: the lifetime first", ["CheckOrder"], wire(W.lifetime),
                base.with {
                    $0.source = .keyPackage(Lifetime(notBefore: n - 7200, notAfter: n - 3600))
                    $0.capabilities.extensions = [0x0A0A]
                }, code: "INVALID_LIFETIME"),
            c(
                "a leaf extension with empty data and a bad encryption key: openmls decodes the application_id data first and finds no length byte",
                ["CheckOrder", "ExtensionData", "MissingLength"], openmls("extensions/codec.rs", "101-128"),
                base.with {
                    $0.leafExtensions = [MLSExtension(type: 1, data: [])]
                    $0.encryptionKey = XWingFault.x25519Zero.apply($0.encryptionKey)
                }, code: "NON_CANONICAL_ENCODING"),
            c(
                "a bad encryption key and a KeyPackage extension: the key first", ["CheckOrder"], wire(W.xwing),
                base.with {
                    $0.encryptionKey = XWingFault.coefficientIsQ.apply($0.encryptionKey)
                    $0.extensions = [MLSExtension(type: 10, data: [])]
                }, code: "INVALID_XWING_PUBLIC_KEY"),
            c(
                "reused key and a bad leaf signature: the reuse first", ["CheckOrder"], wire(W.reused),
                base.with {
                    $0.initKey = $0.encryptionKey
                    $0.afterSigning = { $0.leafNode.signature[0] ^= 1 }
                }, code: "REUSED_ENCRYPTION_KEY", declaredRef: .some(nil)),
            c(
                "both signatures bad: the leaf first", ["CheckOrder"], wire(W.signatures),
                base.with {
                    $0.afterSigning = {
                        $0.leafNode.signature[0] ^= 1
                        $0.signature[0] ^= 1
                    }
                }, code: "INVALID_LEAF_SIGNATURE", declaredRef: .some(nil)),
            c(
                "a bad KeyPackage signature and a wrong declared ref: the signature first", ["CheckOrder"],
                wire(W.signatures), base.with { $0.afterSigning = { $0.signature[0] ^= 1 } },
                code: "INVALID_KEY_PACKAGE_SIGNATURE", declaredRef: .some(SHA256.hash(wrapper))),
            // The intent of 77 and 97 with well-formed data, and more versions in the header.
            c(
                "exactly 65,536 bytes with a well-formed application_id leaf extension: not too large; refused for the extension",
                ["SizeLimit"], wire(W.size), sized(base, to: 65_536, keyId: true), code: "UNSUPPORTED_EXTENSIONS"),
            c(
                "MLSMessage version 0: the server reads the header's version before openmls", ["ProtocolVersion"],
                wire(W.header), base.with { $0.bytes = { [0, 0] + Array($0.dropFirst(2)) } },
                code: "UNSUPPORTED_PROTOCOL_VERSION"),
            c(
                "MLSMessage version 0x0100 (1 little-endian)", ["ProtocolVersion"], wire(W.header),
                base.with { $0.bytes = { [1, 0] + Array($0.dropFirst(2)) } }, code: "UNSUPPORTED_PROTOCOL_VERSION"),
            c(
                "MLSMessage version 2 and the last byte missing: the header first", ["ProtocolVersion", "CheckOrder"],
                wire(W.header), base.with { $0.bytes = { [0, 2] + Array($0.dropFirst(2).dropLast()) } },
                code: "UNSUPPORTED_PROTOCOL_VERSION"),
            c(
                "a well-formed application_id leaf extension and a bad encryption key: extensions first",
                ["CheckOrder"],
                wire(W.extensions),
                base.with {
                    $0.leafExtensions = [MLSExtension(type: 1, data: [0])]
                    $0.encryptionKey = XWingFault.x25519Zero.apply($0.encryptionKey)
                }, code: "UNSUPPORTED_EXTENSIONS"),
        ]
        return cases + openmlsDecoding(c, base: base, deployed: true) + deployedSignatureAndRefClasses(c, base: base)
            + deployedDecodingClasses(c, base: base) + deployedSmallOrderR(c, base: base)
            + deployedGreaseClass(c, base: base) + deployedSuiteClass(c) + deployedHeaderEdges(c, base: base)
            + deployedExtensionSizingLengths(c, base: base) + extensionDataEdges(c, base: base, deployed: true)
            + deployedEdgeClasses(c, base: base)
    }

    /// Small-order leaf keys and cofactored-only signatures (verify_strict refuses both), a
    /// KeyPackage extension with each bad init key (the extensions are checked first), and
    /// declared refs of another length (compared, never taken as absent).
    static func deployedSignatureAndRefClasses(_ c: UploadForm, base: KeyPackageSpec) -> [VectorCase] {
        let dalek = wire(W.signatures) + "; ed25519-dalek 2.2.0 verifying.rs:357-380"
        var cases: [VectorCase] = []
        for (name, key) in smallOrderKeys {
            cases.append(
                c(
                    "the leaf key is \(name), both signatures S = s, R = [s]B + [k](-A): `verify` accepts them, `verify_strict` refuses a small-order key",
                    ["SmallOrderKey"], dalek, signed(base, key: key) { smallOrderSignature(key: key, message: $0) },
                    code: "INVALID_LEAF_SIGNATURE", key: key))
        }
        for (name, point) in torsion {
            cases.append(
                c(
                    "both signatures honest but with \(name) added to R: the cofactored equation accepts them, verify_strict's cofactorless one refuses",
                    ["CofactoredOnly"], dalek,
                    signed(base, key: cofactorKey) { cofactoredOnlySignature(message: $0, torsion: point) },
                    code: "INVALID_LEAF_SIGNATURE", key: cofactorKey))
        }
        let extensionsFirst = wire("922-925")
        for fault in XWingFault.allCases {
            cases.append(
                c(
                    "a last_resort KeyPackage extension and an init key with \(fault.comment): the KeyPackage extensions are checked before the init key",
                    ["CheckOrder"], extensionsFirst,
                    base.with {
                        $0.extensions = [MLSExtension(type: 10, data: [])]
                        $0.initKey = fault.apply($0.initKey)
                    }, code: "UNSUPPORTED_EXTENSIONS"))
        }
        cases += [
            c(
                "an unknown KeyPackage extension and an init key with an ML-KEM coefficient q: the extensions first",
                ["CheckOrder"], extensionsFirst,
                base.with {
                    $0.extensions = [MLSExtension(type: 0xF000, data: [1])]
                    $0.initKey = XWingFault.coefficientIsQ.apply($0.initKey)
                }, code: "UNSUPPORTED_EXTENSIONS"),
            c(
                "a GREASE KeyPackage extension and an init key with an X25519 part of 0: the extensions first",
                ["CheckOrder", "Grease"], extensionsFirst,
                base.with {
                    $0.extensions = [MLSExtension(type: 0x0A0A, data: [])]
                    $0.initKey = XWingFault.x25519Zero.apply($0.initKey)
                }, code: "UNSUPPORTED_EXTENSIONS"),
        ]
        let ref = MLSLabels.keyPackageRef(CipherSuite.named(0x004D)!, keyPackage: base.keyPackage.encoded)
        cases += [
            c(
                "an empty declared ref: the body declares it, so it is compared (and differs)", ["DeclaredRefLength"],
                enroll, base, code: "KEY_PACKAGE_REF_MISMATCH", declaredRef: .some([])),
            c(
                "the declared ref without its last byte", ["DeclaredRefLength"], enroll, base,
                code: "KEY_PACKAGE_REF_MISMATCH", declaredRef: .some(Array(ref.dropLast()))),
            c(
                "the declared ref with a zero byte after it", ["DeclaredRefLength"], enroll, base,
                code: "KEY_PACKAGE_REF_MISMATCH", declaredRef: .some(ref + [0])),
        ]
        return cases
    }
}
