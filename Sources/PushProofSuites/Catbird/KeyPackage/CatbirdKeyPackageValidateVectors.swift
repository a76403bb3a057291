import CatbirdMLS
import PushProofConformance
import PushProofCrypto
import PushProofJSON

/// catbird_keypackage_validate: a device's KeyPackage upload checked as the clean server
/// (`deployed`), the early-2026 server (`legacy`) and RFC 9420 (`rfc9420`) check it.
enum CatbirdKeyPackageValidateVectors {
    typealias F = CatbirdFixtures

    static func wire(_ lines: String) -> String {
        "joshlacal/mls-ds@\(CatbirdSources.wireCommit):server/src/chat_protocol/wire.rs:\(lines)"
    }

    /// A valid X-Wing public key with one fault.
    enum XWingFault: CaseIterable {
        case oneByteShort, oneByteLong, coefficientIsQ, lastCoefficientIsQ, x25519NotCanonical, x25519Zero,
            x25519OrderEight

        func apply(_ key: [UInt8]) -> [UInt8] {
            var k = key
            switch self {
            case .oneByteShort: k.removeLast()
            case .oneByteLong: k.append(0)
            case .coefficientIsQ:
                k[0] = 0x01
                k[1] = (k[1] & 0xF0) | 0x0D  // 0xD01 = 3329
            case .lastCoefficientIsQ:
                k[1150] = (k[1150] & 0x0F) | 0x10
                k[1151] = 0xD0  // 0xD01 in the high 12 bits of the last triple
            case .x25519NotCanonical:
                k.replaceSubrange(1184..<1216, with: [0xEE] + [UInt8](repeating: 0xFF, count: 30) + [0x7F])
            case .x25519Zero: k.replaceSubrange(1184..<1216, with: [UInt8](repeating: 0, count: 32))
            case .x25519OrderEight:
                k.replaceSubrange(
                    1184..<1216, with: Hex.decode("e0eb7a7c3b41b8ae1656e3faf19fc46ada098deb9c32b1fd866205165f49b800")!)
            }
            return k
        }

        var comment: String {
            switch self {
            case .oneByteShort: return "1215 bytes"
            case .oneByteLong: return "1217 bytes"
            case .coefficientIsQ: return "the first ML-KEM coefficient is q = 3329"
            case .lastCoefficientIsQ: return "the last ML-KEM coefficient is q = 3329"
            case .x25519NotCanonical: return "the X25519 part is p + 1 (not canonical)"
            case .x25519Zero: return "the X25519 part is 0 (small order)"
            case .x25519OrderEight: return "the X25519 part is a point of order 8"
            }
        }
    }

    static func file() throws -> VectorFileDeclaration {
        for fault in XWingFault.allCases where XWingPublicKey.problem(fault.apply(F.xwing(2))) == nil {
            throw GeneratorError("the X-Wing fault `\(fault)` leaves a valid key")
        }
        return VectorFileDeclaration(
            suite: "catbird_keypackage_validate", protocolName: "catbird-mls-keypackage",
            notes: CatbirdKeyPackageNotes.catalogue,
            header: [
                "A device's KeyPackage upload: bytes, the credential identity the device must use, its enrolled Ed25519 key (deployed), the time (Unix seconds) and the KeyPackageRef it declared.",
                "deployed: the clean server's checks in its order, the first failing check is the answer; legacy: mls-ds of February 2026 over OpenMLS 0.8.1 (a raw KeyPackage, bare-DID credential); rfc9420: RFC 9420 §7.3 and §10.1 without a group, one fault per case.",
            ],
            groups: [
                .init(
                    type: "KeyPackageValidationTest", operation: .catbirdKeyPackageValidate,
                    description:
                        "The clean protocol (blue.catbird.chat): suite 0x004D, `did#deviceId` credential, the enrolled key.",
                    ids: .block(1...300), cases: try deployed()),
                .init(
                    type: "KeyPackageValidationTest", operation: .catbirdKeyPackageValidate, profile: .legacy,
                    description:
                        "The legacy server (blue.catbird.mlsChat): a raw KeyPackage, OpenMLS 0.8.1's validate, the bare DID.",
                    ids: .block(301...500), cases: legacy()),
                .init(
                    type: "KeyPackageValidationTest", operation: .catbirdKeyPackageValidate, profile: .rfc9420,
                    description: "RFC 9420 without a group (suites 1 and 3).",
                    ids: .block(501...700), cases: rfc9420()),
            ])
    }

    static func upload(
        _ spec: KeyPackageSpec, identity: String = F.deviceIdentity, key: [UInt8]? = F.deviceKey.publicKey.rawBytes,
        now: UInt64 = F.now, declaredRef: [UInt8]?? = .none, raw: Bool = false
    ) -> JSONValue {
        let kp = spec.keyPackage
        let bytes = raw ? spec.bytes(kp.encoded) : spec.message
        var members: [JSONValue.Member] = [
            .init("keyPackage", .string(Hex.encode(bytes))), .init("expectedIdentity", .string(identity)),
        ]
        if let key { members.append(.init("signatureKey", .string(Hex.encode(key)))) }
        members.append(.init("now", .integer(now)))
        let ref: [UInt8]?
        switch declaredRef {
        case .none: ref = CipherSuite.named(kp.cipherSuite).map { MLSLabels.keyPackageRef($0, keyPackage: kp.encoded) }
        case .some(let given): ref = given
        }
        if let ref { members.append(.init("keyPackageRef", .string(Hex.encode(ref)))) }
        return .object(members)
    }

    static func deployed() throws -> [VectorCase] {
        let base = KeyPackageSpec()
        func c(
            _ comment: String, _ flags: [String], _ source: String, _ spec: KeyPackageSpec, code: String? = nil,
            identity: String = F.deviceIdentity, key: [UInt8]? = F.deviceKey.publicKey.rawBytes, now: UInt64 = F.now,
            declaredRef: [UInt8]?? = .none
        ) -> VectorCase {
            VectorCase(
                comment: comment, flags: flags, source: source,
                input: upload(spec, identity: identity, key: key, now: now, declaredRef: declaredRef), code: code)
        }
        func life(_ nb: UInt64, _ na: UInt64) -> KeyPackageSpec {
            base.with { $0.source = .keyPackage(Lifetime(notBefore: nb, notAfter: na)) }
        }
        let n = F.now
        let span = DeployedKeyPackageValidation.maximumLifetime
        let kp = base.keyPackage
        let wrapper = MLSMessage.keyPackage(kp).encoded
        var cases = [
            c("a fresh X-Wing KeyPackage", ["Normal", "XWing"], wire(W.ref), base),
            c(
                "no declared ref: the server's ref is the answer", ["Normal"], wire(W.ref), base,
                declaredRef: .some(nil)),
            // Lifetime edges.
            c("not_before = now - 1", ["LifetimeBoundary"], wire(W.lifetime), life(n - 1, n + 86_400)),
            c(
                "not_before = now", ["LifetimeBoundary"], wire(W.lifetime), life(n, n + 86_400),
                code: "INVALID_LIFETIME"),
            c(
                "not_before = now + 1", ["LifetimeBoundary"], wire(W.lifetime), life(n + 1, n + 86_400),
                code: "INVALID_LIFETIME"),
            c("not_after = now", ["LifetimeBoundary"], wire(W.lifetime), life(n - 3600, n), code: "INVALID_LIFETIME"),
            c(
                "not_after = now - 1 (expired)", ["LifetimeBoundary"], wire(W.lifetime), life(n - 3600, n - 1),
                code: "INVALID_LIFETIME"),
            c(
                "not_after = now + 1: inside, but 1 s left", ["LifetimeBoundary", "RemainingLifetime"],
                wire(W.lifetime), life(n - 3600, n + 1), code: "INSUFFICIENT_REMAINING_LIFETIME"),
            c(
                "599 s left", ["RemainingLifetime"], wire(W.lifetime), life(n - 3600, n + 599),
                code: "INSUFFICIENT_REMAINING_LIFETIME"),
            c("600 s left (the minimum)", ["RemainingLifetime"], wire(W.lifetime), life(n - 3600, n + 600)),
            c("601 s left", ["RemainingLifetime"], wire(W.lifetime), life(n - 3600, n + 601)),
            c(
                "a span of 2,595,600 s (30 days and an hour)", ["LifetimeSpan"], wire(W.lifetime),
                life(n - 3600, n - 3600 + span)),
            c(
                "a span of 2,595,601 s", ["LifetimeSpan"], wire(W.lifetime), life(n - 3600, n - 3600 + span + 1),
                code: "LIFETIME_TOO_LONG"),
            c(
                "OpenMLS's default lifetime (84 days + 1 h)", ["LifetimeSpan"], wire(W.lifetime),
                life(n - 3600, n + 84 * 86_400), code: "LIFETIME_TOO_LONG"),
            c(
                "not_after = 2^64 - 1", ["LifetimeSpan"], wire(W.lifetime), life(n - 3600, .max),
                code: "LIFETIME_TOO_LONG"),
            c(
                "not_before = 0, not_after = now + 1 day", ["LifetimeSpan"], wire(W.lifetime), life(0, n + 86_400),
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
                "KeyPackage version 2", ["ProtocolVersion"], wire(W.version), base.with { $0.version = 2 },
                code: "UNSUPPORTED_PROTOCOL_VERSION"),
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
                "a leaf extension (application_id)", ["Extensions"], wire(W.extensions),
                base.with { $0.leafExtensions = [MLSExtension(type: 1, data: [1])] }, code: "UNSUPPORTED_EXTENSIONS"),
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
                "exactly 65,536 bytes: not too large; refused for its leaf extension", ["SizeLimit"], wire(W.size),
                sized(base, to: 65_536), code: "UNSUPPORTED_EXTENSIONS"),
            // More causes for codes with few.
            c(
                "65,537 bytes of 0xFF: the size is checked before anything else", ["SizeLimit"], wire(W.size),
                base.with { $0.bytes = { _ in [UInt8](repeating: 0xFF, count: 65_537) } }, code: "INPUT_TOO_LARGE"),
            c(
                "a valid KeyPackage followed by zeros up to 65,537 bytes", ["SizeLimit"], wire(W.size),
                base.with { $0.bytes = { $0 + [UInt8](repeating: 0, count: 65_537 - $0.count) } },
                code: "INPUT_TOO_LARGE"),
            c(
                "300 s left", ["RemainingLifetime"], wire(W.lifetime), life(n - 3600, n + 300),
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
                "KeyPackage version 0", ["ProtocolVersion"], wire(W.version), base.with { $0.version = 0 },
                code: "UNSUPPORTED_PROTOCOL_VERSION"),
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
                "a leaf extension and a bad encryption key: extensions first", ["CheckOrder"], wire(W.extensions),
                base.with {
                    $0.leafExtensions = [MLSExtension(type: 1, data: [])]
                    $0.encryptionKey = XWingFault.x25519Zero.apply($0.encryptionKey)
                }, code: "UNSUPPORTED_EXTENSIONS"),
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
        ]
        return cases
    }

    static func db(_ lines: String) -> String {
        "joshlacal/mls-ds@\(CatbirdSources.legacyCommit):server/src/db.rs:\(lines)"
    }

    static func openmls(_ path: String, _ lines: String) -> String {
        "openmls/openmls@openmls-v0.8.1:openmls/src/\(path):\(lines)"
    }

    static func legacy() -> [VectorCase] {
        let base = KeyPackageSpec.classic(1, identity: F.did)
        let n = F.now
        func c(
            _ comment: String, _ flags: [String], _ source: String, _ spec: KeyPackageSpec, code: String? = nil,
            identity: String = F.did, now: UInt64 = F.now, alsoAccepted: [JSONValue] = []
        ) -> VectorCase {
            VectorCase(
                comment: comment, flags: flags, source: source,
                input: upload(spec, identity: identity, key: nil, now: now, declaredRef: .some(nil), raw: true),
                code: code,
                alsoAccepted: alsoAccepted)
        }
        func life(_ nb: UInt64, _ na: UInt64) -> KeyPackageSpec {
            base.with { $0.source = .keyPackage(Lifetime(notBefore: nb, notAfter: na)) }
        }
        let lifetime = openmls("key_packages/lifetime.rs", "85-95")
        let validate = openmls("key_packages/key_package_in.rs", "136-207")
        let nbEqualsNow = life(n, n + 86_400)
        // A later OpenMLS 0.8.x (lifetime.rs@084ed901) accepts not_before = now; the server's
        // Cargo.toml allows it and no lock file is committed.
        let later = nbEqualsNow.keyPackage
        let laterAnswer = OperationOutcome.output(
            CatbirdKeyPackageOperations.output(
                ValidatedKeyPackage(
                    keyPackage: later, ref: MLSLabels.keyPackageRef(CipherSuite.named(1)!, keyPackage: later.encoded)))
        ).json
        return [
            c("a suite-1 KeyPackage with the bare DID", ["Normal"], db("854-889"), base),
            c("suite 3", ["Normal"], db("854-889"), KeyPackageSpec.classic(3, identity: F.did)),
            c(
                "an X-Wing KeyPackage with the bare DID", ["XWing"], db("854-889"),
                KeyPackageSpec().with { $0.credential = .basic(identity: Array(F.did.utf8)) }),
            c(
                "bytes after the KeyPackage are ignored (tls_deserialize, not _exact)", ["Leniency", "TrailingData"],
                db("854"), base.with { $0.bytes = { $0 + [0xDE, 0xAD] } }),
            c(
                "OpenMLS's default lifetime of 84 days + 1 h (has_acceptable_range is never called)",
                ["Leniency", "LifetimeSpan"], lifetime, life(n - 3600, n + 84 * 86_400)),
            c("a lifetime of 100 years", ["Leniency", "LifetimeSpan"], lifetime, life(n - 3600, n + 3_155_760_000)),
            c("1 s left", ["Leniency", "RemainingLifetime"], lifetime, life(n - 3600, n + 1)),
            c("a GREASE capability", ["Grease"], validate, base.with { $0.capabilities.extensions = [0x0A0A] }),
            c(
                "a last_resort extension listed in the capabilities", ["Extensions"], validate,
                base.with {
                    $0.capabilities.extensions = [10]
                    $0.extensions = [MLSExtension(type: 10, data: [])]
                }),
            c(
                "the leaf key is not compared with the device's", ["Leniency", "ForeignKey"], db("856-889"),
                base.with { $0.signer = F.otherKey }),
            c("not_before = now - 1", ["LifetimeBoundary"], lifetime, life(n - 1, n + 86_400)),
            c(
                "not_before = now (refused by 0.8.1; a later 0.8.x accepts it)",
                ["LifetimeBoundary", "LegacyVersionDrift"], lifetime, nbEqualsNow, code: "INVALID_LIFETIME",
                alsoAccepted: [laterAnswer]),
            c(
                "not_before = now + 1", ["LifetimeBoundary"], lifetime, life(n + 1, n + 86_400),
                code: "INVALID_LIFETIME"),
            c("not_after = now", ["LifetimeBoundary"], lifetime, life(n - 3600, n), code: "INVALID_LIFETIME"),
            c("not_after = now + 1", ["LifetimeBoundary"], lifetime, life(n - 3600, n + 1)),
            c(
                "`did#deviceId` where the bare DID is expected", ["BareDidCredential"], db("876-882"),
                base.with { $0.credential = .basic(identity: Array(F.deviceIdentity.utf8)) },
                code: "WRONG_BASIC_CREDENTIAL"),
            c(
                "another user's DID", ["WrongIdentity"], db("876-882"), base, code: "WRONG_BASIC_CREDENTIAL",
                identity: "did:plc:aaaaaaaaaaaaaaaaaaaaaaaa"),
            c(
                "an identity that is not UTF-8", ["WrongIdentity"], db("861-872"),
                base.with { $0.credential = .basic(identity: [0xFF, 0xFE]) }, code: "WRONG_BASIC_CREDENTIAL"),
            c(
                "an X.509 credential", ["CredentialType"], db("861-872"),
                base.with { $0.credential = .x509(certificates: [[0x30, 0x00]]) }, code: "WRONG_BASIC_CREDENTIAL"),
            c(
                "leaf source `update`", ["LeafSource"], validate, base.with { $0.source = .update },
                code: "UNSUPPORTED_LEAF_SOURCE"),
            c(
                "the leaf signature with a bit flipped", ["SignatureBitFlip"], validate,
                base.with { $0.leafTamper = { $0.signature[5] ^= 0x10 } }, code: "INVALID_LEAF_SIGNATURE"),
            c(
                "the KeyPackage signature with a bit flipped", ["SignatureBitFlip"], validate,
                base.with { $0.afterSigning = { $0.signature[5] ^= 0x10 } }, code: "INVALID_KEY_PACKAGE_SIGNATURE"),
            c(
                "LeafNodeTBS signed under the KeyPackageTBS label", ["WrongLabel"], validate,
                base.with { $0.leafLabel = "KeyPackageTBS" }, code: "INVALID_LEAF_SIGNATURE"),
            c(
                "suite 2 (P-256): libcrux verifies Ed25519 only", ["CipherSuite"], validate,
                base.with { $0.cipherSuite = 2 }, code: "INVALID_LEAF_SIGNATURE"),
            c(
                "suite 0x0050: not a suite OpenMLS knows, refused when decoding", ["CipherSuite"], validate,
                base.with { $0.cipherSuite = 0x0050 }, code: "MALFORMED"),
            c(
                "KeyPackage version 2", ["ProtocolVersion"], validate, base.with { $0.version = 2 },
                code: "UNSUPPORTED_PROTOCOL_VERSION"),
            c(
                "init key = encryption key", ["ReusedKey"], validate, base.with { $0.initKey = $0.encryptionKey },
                code: "REUSED_ENCRYPTION_KEY"),
            c(
                "an application_id KeyPackage extension", ["Extensions"], validate,
                base.with { $0.extensions = [MLSExtension(type: 1, data: [])] }, code: "UNSUPPORTED_EXTENSIONS"),
            c(
                "a GREASE KeyPackage extension", ["Grease", "Extensions"], validate,
                base.with {
                    $0.capabilities.extensions = [0x0A0A]
                    $0.extensions = [MLSExtension(type: 0x0A0A, data: [])]
                }, code: "UNSUPPORTED_EXTENSIONS"),
            c(
                "a last_resort extension not in the capabilities", ["Extensions"], validate,
                base.with { $0.extensions = [MLSExtension(type: 10, data: [])] }, code: "UNSUPPORTED_EXTENSIONS"),
            c(
                "a ratchet_tree leaf extension, refused when decoding", ["Extensions"],
                openmls("extensions/mod.rs", "146-154,572-583"),
                base.with { $0.leafExtensions = [MLSExtension(type: 2, data: [])] }, code: "MALFORMED"),
            c(
                "a repeated leaf extension, refused when decoding", ["Extensions"],
                openmls("extensions/mod.rs", "498-507"),
                base.with {
                    $0.capabilities.extensions = [0x7777]
                    $0.leafExtensions = [MLSExtension(type: 0x7777, data: []), MLSExtension(type: 0x7777, data: [1])]
                }, code: "MALFORMED"),
            c(
                "an MLSMessage wrapper where a raw KeyPackage is read", ["Framing"], db("854"),
                base.with { $0.bytes = { [0, 1, 0, 5] + $0 } }, code: "MALFORMED"),
            c(
                "the last byte missing", ["Truncated"], db("854"), base.with { $0.bytes = { Array($0.dropLast()) } },
                code: "TRUNCATED"),
            c(
                "KeyPackageTBS signed under the LeafNodeTBS label", ["WrongLabel"], validate,
                base.with { $0.keyPackageLabel = "LeafNodeTBS" }, code: "INVALID_KEY_PACKAGE_SIGNATURE"),
            c(
                "the KeyPackage signature's S + L (libcrux refuses S >= L)", ["NonCanonicalSignature"], validate,
                base.with { $0.afterSigning = { $0.signature = addOrder($0.signature) } },
                code: "INVALID_KEY_PACKAGE_SIGNATURE"),
            c(
                "X-Wing keys, init key = encryption key", ["ReusedKey"], validate,
                KeyPackageSpec().with {
                    $0.credential = .basic(identity: Array(F.did.utf8))
                    $0.initKey = $0.encryptionKey
                }, code: "REUSED_ENCRYPTION_KEY"),
            c(
                "only 10 bytes", ["Truncated"], db("854"), base.with { $0.bytes = { Array($0.prefix(10)) } },
                code: "TRUNCATED"),
            c(
                "cut 100 bytes before the end", ["Truncated"], db("854"),
                base.with { $0.bytes = { Array($0.dropLast(100)) } }, code: "TRUNCATED"),
            c(
                "leaf source `commit`", ["LeafSource"], validate,
                base.with { $0.source = .commit(parentHash: [UInt8](repeating: 1, count: 32)) },
                code: "UNSUPPORTED_LEAF_SOURCE"),
            c(
                "KeyPackage version 0", ["ProtocolVersion"], validate, base.with { $0.version = 0 },
                code: "UNSUPPORTED_PROTOCOL_VERSION"),
            c(
                "KeyPackage version 0x0100", ["ProtocolVersion"], validate, base.with { $0.version = 0x0100 },
                code: "UNSUPPORTED_PROTOCOL_VERSION"),
            c(
                "a bad leaf signature and the wrong identity: OpenMLS's validate runs first", ["CheckOrder"],
                db("856-882"),
                base.with {
                    $0.credential = .basic(identity: Array(F.deviceIdentity.utf8))
                    $0.afterSigning = { $0.leafNode.signature[0] ^= 1 }
                }, code: "INVALID_LEAF_SIGNATURE"),
            c(
                "expired and the wrong identity: the lifetime first", ["CheckOrder"], db("856-882"),
                life(n - 7200, n - 3600).with { $0.credential = .basic(identity: Array(F.deviceIdentity.utf8)) },
                code: "INVALID_LIFETIME"),
            c(
                "source `update` and a bad leaf signature: the source first", ["CheckOrder"], validate,
                base.with {
                    $0.source = .update
                    $0.afterSigning = { $0.leafNode.signature[0] ^= 1 }
                }, code: "UNSUPPORTED_LEAF_SOURCE"),
            c(
                "reused key and a bad KeyPackage signature: the reuse first", ["CheckOrder"], validate,
                base.with {
                    $0.initKey = $0.encryptionKey
                    $0.afterSigning = { $0.signature[0] ^= 1 }
                }, code: "REUSED_ENCRYPTION_KEY"),
        ]
    }

    static func rfc9420() -> [VectorCase] {
        let rfc = "RFC 9420 §7.3, §10.1"
        func c(
            _ comment: String, _ flags: [String], _ spec: KeyPackageSpec, code: String? = nil, now: UInt64 = F.now
        ) -> VectorCase {
            var input = upload(spec, key: nil, now: now, declaredRef: .some(nil))
            input = input.removing("expectedIdentity")
            return VectorCase(comment: comment, flags: flags, source: rfc, input: input, code: code)
        }
        let n = F.now
        var cases: [VectorCase] = []
        for suite: UInt16 in [1, 3] {
            let base = KeyPackageSpec.classic(suite, identity: "alice")
            func life(_ nb: UInt64, _ na: UInt64) -> KeyPackageSpec {
                base.with { $0.source = .keyPackage(Lifetime(notBefore: nb, notAfter: na)) }
            }
            let s = "suite \(suite): "
            cases += [
                c(s + "a valid KeyPackage", ["Normal"], base),
                c(
                    s + "GREASE everywhere it may appear", ["Grease"],
                    base.with {
                        $0.capabilities.extensions = [0x0A0A, 0x3A3A]
                        $0.capabilities.proposals = [0x1A1A]
                        $0.capabilities.credentials = [1, 0x2A2A]
                        $0.capabilities.cipherSuites = [suite, 0x4A4A]
                        $0.leafExtensions = [MLSExtension(type: 0x3A3A, data: [])]
                        $0.extensions = [MLSExtension(type: 0x5A5A, data: [9])]
                    }),
                c(
                    s + "an unknown KeyPackage extension is ignored", ["Extensions"],
                    base.with { $0.extensions = [MLSExtension(type: 0xF000, data: [1, 2])] }),
                c(
                    s + "a leaf extension listed in the capabilities", ["Extensions"],
                    base.with {
                        $0.capabilities.extensions = [0xF001]
                        $0.leafExtensions = [MLSExtension(type: 0xF001, data: [])]
                    }),
                c(
                    s + "application_id needs no capability", ["Extensions"],
                    base.with { $0.leafExtensions = [MLSExtension(type: 1, data: [7])] }),
                c(s + "a long lifetime (RFC 9420 sets no maximum)", ["LifetimeSpan"], life(0, .max)),
                c(
                    s + "a leaf extension not in the capabilities", ["Extensions"],
                    base.with { $0.leafExtensions = [MLSExtension(type: 0xF001, data: [])] },
                    code: "UNSUPPORTED_EXTENSIONS"),
                c(
                    s + "the credential type not in the capabilities", ["Capabilities"],
                    base.with { $0.capabilities.credentials = [2] }, code: "UNSUPPORTED_CAPABILITIES"),
                c(s + "not yet valid", ["LifetimeBoundary"], life(n + 60, n + 86_400), code: "INVALID_LIFETIME"),
                c(s + "expired", ["LifetimeBoundary"], life(n - 86_400, n - 60), code: "INVALID_LIFETIME"),
                c(
                    s + "leaf source `update`", ["LeafSource"], base.with { $0.source = .update },
                    code: "UNSUPPORTED_LEAF_SOURCE"),
                c(
                    s + "init key = encryption key", ["ReusedKey"], base.with { $0.initKey = $0.encryptionKey },
                    code: "REUSED_ENCRYPTION_KEY"),
                c(
                    s + "the leaf signature with a bit flipped", ["SignatureBitFlip"],
                    base.with { $0.leafTamper = { $0.signature[31] ^= 2 } }, code: "INVALID_LEAF_SIGNATURE"),
                c(
                    s + "the KeyPackage signature with a bit flipped", ["SignatureBitFlip"],
                    base.with { $0.afterSigning = { $0.signature[31] ^= 2 } }, code: "INVALID_KEY_PACKAGE_SIGNATURE"),
                c(
                    s + "the leaf signature's S + L", ["NonCanonicalSignature"],
                    base.with { $0.leafTamper = { $0.signature = addOrder($0.signature) } },
                    code: "INVALID_LEAF_SIGNATURE"),
                c(
                    s + "KeyPackageTBS signed under the LeafNodeTBS label", ["WrongLabel"],
                    base.with { $0.keyPackageLabel = "LeafNodeTBS" }, code: "INVALID_KEY_PACKAGE_SIGNATURE"),
                c(
                    s + "KeyPackage version 2", ["ProtocolVersion"], base.with { $0.version = 2 },
                    code: "UNSUPPORTED_PROTOCOL_VERSION"),
            ]
        }
        cases += [
            c(
                "suite 2 (P-256): no Ed25519 signature to check", ["CipherSuite"],
                KeyPackageSpec.classic(2, identity: "alice"), code: "UNSUPPORTED_CIPHERSUITE"),
            c(
                "suite 0 (reserved)", ["CipherSuite"], KeyPackageSpec.classic(0, identity: "alice"),
                code: "UNSUPPORTED_CIPHERSUITE"),
            c(
                "suite 7 (P-384)", ["CipherSuite"], KeyPackageSpec.classic(7, identity: "alice"),
                code: "UNSUPPORTED_CIPHERSUITE"),
        ]
        let xwing = KeyPackageSpec().with { $0.credential = .basic(identity: Array("alice".utf8)) }
        cases += [
            c("suite 0x004D (Ed25519 signatures): a valid KeyPackage", ["XWing"], xwing),
            c(
                "suite 0x004D: init key = encryption key", ["ReusedKey"], xwing.with { $0.initKey = $0.encryptionKey },
                code: "REUSED_ENCRYPTION_KEY"),
            c(
                "suite 0x004D: no credential types in the capabilities", ["Capabilities"],
                xwing.with { $0.capabilities.credentials = [] }, code: "UNSUPPORTED_CAPABILITIES"),
            c(
                "suite 0x004D: two leaf extensions, one not in the capabilities", ["Extensions"],
                xwing.with {
                    $0.capabilities.extensions = [0xF001]
                    $0.leafExtensions = [MLSExtension(type: 0xF001, data: []), MLSExtension(type: 0xF002, data: [])]
                }, code: "UNSUPPORTED_EXTENSIONS"),
            c(
                "suite 0x004D: leaf source `commit`", ["LeafSource"],
                xwing.with { $0.source = .commit(parentHash: [UInt8](repeating: 1, count: 32)) },
                code: "UNSUPPORTED_LEAF_SOURCE"),
            c(
                "suite 0x004D: KeyPackage version 0", ["ProtocolVersion"], xwing.with { $0.version = 0 },
                code: "UNSUPPORTED_PROTOCOL_VERSION"),
        ]
        return cases
    }

    /// The MLSMessage bytes with the leaf node source byte (just before not_before) set to `value`.
    static func setSource(_ bytes: [UInt8], to value: UInt8) -> [UInt8] {
        var b = bytes
        b[F.offset(of: F.bigEndian(F.lifetime.notBefore), in: b) - 1] = value
        return b
    }

    /// The bytes with the 2-byte variable-length length in front of `needle` written in 4 bytes.
    static func widen(_ bytes: [UInt8], lengthOf needle: [UInt8]) -> [UInt8] {
        let at = F.offset(of: needle, in: bytes)
        precondition(needle.count >= 64 && needle.count < 16384, "a 2-byte length")
        let n = needle.count
        return Array(bytes[..<(at - 2)]) + [0x80, 0, UInt8(n >> 8), UInt8(n & 0xFF)] + Array(bytes[at...])
    }

    /// `spec` with a leaf extension that brings its MLSMessage to exactly `size` bytes.
    static func sized(_ spec: KeyPackageSpec, to size: Int) -> KeyPackageSpec {
        var length = size - spec.message.count - 8
        while true {
            let candidate = spec.with {
                $0.leafExtensions = [MLSExtension(type: 1, data: [UInt8](repeating: 0, count: length))]
            }
            let n = candidate.message.count
            if n == size { return candidate }
            length += size - n
        }
    }

    /// S + L, the same signature with a non-canonical S (RFC 8032 §5.1.7 refuses it).
    static func addOrder(_ signature: [UInt8]) -> [UInt8] {
        let l: [UInt8] = Hex.decode("edd3f55c1a631258d69cf7a2def9de1400000000000000000000000000000010")!
        var out = Array(signature[..<32])
        var carry = 0
        for i in 0..<32 {
            let sum = Int(signature[32 + i]) + Int(l[i]) + carry
            out.append(UInt8(sum & 0xFF))
            carry = sum >> 8
        }
        return out
    }

    /// The enroll handler maps a declared ref that is not the computed one to InvalidKeyPackage.
    static var enroll: String { CatbirdSources.enrollDevice }

    /// Line ranges in wire.rs of the checks (docs/catbird.md, "Check order").
    enum W {
        static let size = "803-818"
        static let header = "819-833"
        static let decode = "835-845,881-897"
        static let version = "899-903"
        static let suite = "904-909"
        static let credential = "911-916"
        static let signatureKey = "917-919"
        static let source = "754-766"
        static let lifetime = "734-752"
        static let capabilities = "768-777"
        static let extensions = "778-780,922-924"
        static let xwing = "716-720,781,925"
        static let reused = "926-928"
        static let signatures = "694-714,930-951"
        static let ref = "953-972"
    }
}
