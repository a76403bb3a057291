import CatbirdMLS
import PushProofConformance
import PushProofCrypto
import PushProofJSON

/// Both servers read an upload through openmls 0.8.1 over tls_codec 0.4.2 before their own
/// checks: extension data of known types decoded, any credential type taken, a missing length
/// byte an invalid length, and the first fault in reading order the answer. These classes run in
/// the deployed and legacy profiles (the deployed server then also writes the KeyPackage again).
extension CatbirdKeyPackageValidateVectors {
    /// Extension data of a type openmls knows that does not decode, and the code both servers
    /// answer, wherever the extension is (leaf or KeyPackage).
    static let malformedExtensionData: [(type: UInt16, data: [UInt8], what: String, code: String)] = [
        (1, [], "application_id without its key_id length", "NON_CANONICAL_ENCODING"),
        (1, [0x05, 0xAA], "application_id whose key_id claims 5 bytes, 1 there", "TRUNCATED"),
        (1, [0x40, 0x01, 0xAA], "application_id whose key_id length is in two bytes", "NON_CANONICAL_ENCODING"),
        (1, [0xC0], "application_id whose key_id length has the prefix 0b11", "NON_CANONICAL_ENCODING"),
        (2, [], "ratchet_tree without its length", "NON_CANONICAL_ENCODING"),
        (2, [0x01, 0x02], "ratchet_tree with an optional-node flag of 2", "MALFORMED"),
        (2, [0x01, 0x01], "ratchet_tree whose present node ends before its type", "TRUNCATED"),
        (2, [0x02, 0x01, 0x03], "ratchet_tree with node type 3", "MALFORMED"),
        (
            2, [0x0D, 0x01, 0x02, 0x00, 0x00, 0x08, 0, 0, 0, 5, 0, 0, 0, 3],
            "ratchet_tree with a parent node whose unmerged leaves are 5, 3", "MALFORMED"
        ),
        (3, [], "required_capabilities without its first length", "NON_CANONICAL_ENCODING"),
        (3, [0x02, 0x00], "required_capabilities whose extension types end inside a u16", "TRUNCATED"),
        (3, [0x00, 0x00], "required_capabilities without its third length", "NON_CANONICAL_ENCODING"),
        (4, [], "external_pub without its key length", "NON_CANONICAL_ENCODING"),
        (4, [0x03, 0x01], "external_pub whose key claims 3 bytes, 1 there", "TRUNCATED"),
        (5, [], "external_senders without its length", "NON_CANONICAL_ENCODING"),
        (
            5, [0x03, 0x00, 0x00, 0x01], "external_senders whose credential ends before its length",
            "NON_CANONICAL_ENCODING"
        ),
    ]

    /// Well-formed data of each type openmls knows, and GREASE.
    static let wellFormedExtensions: [(type: UInt16, data: [UInt8], what: String)] = [
        (1, [0x01, 0xAA], "application_id"), (2, [0x00], "ratchet_tree (empty)"),
        (3, [0x00, 0x00, 0x00], "required_capabilities (empty)"), (4, [0x01, 0x07], "external_pub"),
        (5, [0x04, 0x00, 0x00, 0x01, 0x00], "external_senders (one, basic)"), (10, [], "last_resort"),
        (0x0A0A, [], "GREASE 0x0A0A"),
    ]

    /// Where a KeyPackage's vectors begin (their length's first byte), and their names, in
    /// reading order; `header` is 4 for an MLSMessage, 0 for a raw KeyPackage.
    static func lengthPositions(_ bytes: [UInt8], header: Int) -> [(name: String, at: Int)] {
        var r = TLSReader(Array(bytes[header...]))
        var out: [(String, Int)] = []
        func skip(_ name: String) {
            out.append((name, header + r.position))
            _ = try! r.opaque(name)
        }
        _ = try! r.uint16("version")
        _ = try! r.uint16("suite")
        skip("init_key")
        skip("encryption_key")
        skip("signature_key")
        _ = try! r.uint16("credential_type")
        skip("the credential")
        for list in ["versions", "cipher_suites", "extensions", "proposals", "credentials"] {
            skip("the capabilities' \(list)")
        }
        _ = try! r.uint8("source")
        _ = try! r.uint64("not_before")
        _ = try! r.uint64("not_after")
        skip("the leaf extensions")
        skip("the leaf signature")
        skip("the KeyPackage extensions")
        skip("the KeyPackage signature")
        return out
    }

    /// `bytes` with the variable-length length at `at` (one or two bytes) written in four.
    static func fourByteLength(_ bytes: [UInt8], at: Int) -> [UInt8] {
        var r = TLSReader(Array(bytes[at...]))
        let n = try! r.varint("length")
        let rest = Array(bytes[(at + r.position)...])
        return Array(bytes[..<at]) + [0x80, UInt8(n >> 16 & 0xFF), UInt8(n >> 8 & 0xFF), UInt8(n & 0xFF)] + rest
    }

    /// The KeyPackage of `spec` with another credential type (the identity kept as its opaque
    /// content), both signatures made over it: CatbirdMLS's `Credential` has no other types.
    static func credentialTyped(_ spec: KeyPackageSpec, _ type: UInt16, raw: Bool) -> [UInt8] {
        let kp = spec.keyPackage
        precondition(kp.extensions.isEmpty, "a KeyPackage without extensions")
        var tbs = kp.leafNode.tbs()
        var w = TLSWriter()
        w.opaque(kp.leafNode.encryptionKey)
        w.opaque(kp.leafNode.signatureKey)
        tbs[w.bytes.count] = UInt8(type >> 8)
        tbs[w.bytes.count + 1] = UInt8(type & 0xFF)
        var k = TLSWriter()
        k.uint16(kp.version)
        k.uint16(kp.cipherSuite)
        k.opaque(kp.initKey)
        var tail = TLSWriter()
        tail.opaque(MLSLabels.sign(spec.signer, label: "LeafNodeTBS", content: tbs))
        tail.varint(0)
        let keyPackageTBS = k.bytes + tbs + tail.bytes
        var s = TLSWriter()
        s.opaque(MLSLabels.sign(spec.signer, label: "KeyPackageTBS", content: keyPackageTBS))
        return (raw ? [] : [0, 1, 0, 5]) + keyPackageTBS + s.bytes
    }

    /// The openmls decoding classes for one server: `c` its form, `base` its valid KeyPackage,
    /// `deployed` whether it is the clean server (an MLSMessage, written again and compared).
    static func openmlsDecoding(_ c: UploadForm, base: KeyPackageSpec, deployed: Bool) -> [VectorCase] {
        let codec = openmls("extensions/codec.rs", "101-128")
        let leafValidity = (deployed ? wire(W.decode) : db("853-855")) + "; " + leafDecoding
        let read = openmls("key_packages/key_package_in.rs", "79-114") + "; tls_codec quic_vec.rs:420-463"
        let validate = deployed ? wire(W.extensions) : openmls("key_packages/key_package_in.rs", "164-193")
        let noRef: [UInt8]?? = deployed ? .some(nil) : .none
        var cases: [VectorCase] = []
        for (type, data, what, code) in malformedExtensionData {
            cases.append(
                c(
                    "a leaf extension, \(what): openmls decodes its data", ["ExtensionData", "Extensions"], codec,
                    base.with { $0.leafExtensions = [MLSExtension(type: type, data: data)] }, code: code,
                    declaredRef: noRef))
            cases.append(
                c(
                    "a KeyPackage extension, \(what): openmls decodes its data", ["ExtensionData", "Extensions"], codec,
                    base.with { $0.extensions = [MLSExtension(type: type, data: data)] }, code: code,
                    declaredRef: noRef))
        }
        for (type, data, what) in wellFormedExtensions {
            // A leaf may carry application_id and unknown types only; the rest fail as it is read.
            let inLeaf = type == 1 ? (deployed ? "UNSUPPORTED_EXTENSIONS" : nil) : "MALFORMED"
            cases.append(
                c(
                    "a well-formed \(what) leaf extension", ["ExtensionData", "Extensions"],
                    type == 1 ? validate : leafValidity,
                    base.with { $0.leafExtensions = [MLSExtension(type: type, data: data)] }, code: inLeaf))
            cases.append(
                c(
                    "a well-formed \(what) KeyPackage extension", ["ExtensionData", "Extensions"], validate,
                    base.with { $0.extensions = [MLSExtension(type: type, data: data)] },
                    code: "UNSUPPORTED_EXTENSIONS"))
        }
        cases += [
            c(
                "the same unknown leaf extension type twice", ["Extensions"], leafValidity,
                base.with {
                    $0.leafExtensions = [MLSExtension(type: 0xF000, data: []), MLSExtension(type: 0xF000, data: [])]
                }, code: "MALFORMED"),
            c(
                "the same unknown KeyPackage extension type twice", ["Extensions"],
                openmls("extensions/mod.rs", "346-357,492-514"),
                base.with {
                    $0.extensions = [MLSExtension(type: 0xF000, data: []), MLSExtension(type: 0xF000, data: [1])]
                }, code: "MALFORMED"),
        ]
        // Every length the input can end at, and inside a two-byte one.
        let header = deployed ? 4 : 0
        let bytes = deployed ? base.message : base.keyPackage.encoded
        for (name, at) in lengthPositions(bytes, header: header) {
            cases.append(
                c(
                    "the input ends where the length of \(name) should be", ["MissingLength", "Truncated"], read,
                    base.with { $0.bytes = { Array($0.prefix(at)) } }, code: "NON_CANONICAL_ENCODING",
                    declaredRef: noRef))
            if bytes[at] >> 6 == 1 {
                cases.append(
                    c(
                        "the input ends inside the two-byte length of \(name)", ["Truncated"], read,
                        base.with { $0.bytes = { Array($0.prefix(at + 1)) } }, code: "TRUNCATED", declaredRef: noRef))
            }
        }
        // Credential types without a definition: openmls takes their content as opaque bytes.
        let credential = deployed ? wire(W.credential) : db("856-872")
        for type: UInt16 in [0, 3, 0xFFFF] {
            cases.append(
                c(
                    "credential type \(type) holding the expected identity, signed: openmls decodes any type",
                    ["CredentialType"], credential,
                    base.with { $0.bytes = { _ in credentialTyped(base, type, raw: !deployed) } },
                    code: "WRONG_BASIC_CREDENTIAL", declaredRef: noRef))
        }
        // Two decoding faults: the first openmls reads is the answer.
        let unknownSuite = base.with { $0.cipherSuite = 0x004E }
        cases += [
            c(
                "suite 0x004E and the last byte missing: the suite is read first", ["ReadingOrder"], read,
                unknownSuite.with { $0.bytes = { Array($0.dropLast()) } }, code: "MALFORMED", declaredRef: noRef),
            c(
                "leaf source 4 and the last byte missing: the source is read first", ["ReadingOrder"], read,
                base.with { $0.bytes = { b in Array(setSource(b, to: 4).dropLast()) } }, code: "MALFORMED",
                declaredRef: noRef),
            c(
                "a repeated leaf extension and the last byte missing: the leaf's extensions are checked first",
                ["ReadingOrder"], leafValidity,
                base.with {
                    $0.leafExtensions = [MLSExtension(type: 0xF000, data: []), MLSExtension(type: 0xF000, data: [])]
                    $0.bytes = { Array($0.dropLast()) }
                }, code: "MALFORMED", declaredRef: noRef),
            c(
                "a ratchet_tree leaf extension and the KeyPackage signature's length in four bytes: the leaf first",
                ["ReadingOrder"], leafValidity,
                base.with {
                    $0.leafExtensions = [MLSExtension(type: 2, data: [0x00])]
                    $0.bytes = { b in Array(b.dropLast(66)) + [0x80, 0, 0, 0x40] + Array(b.suffix(64)) }
                }, code: "MALFORMED", declaredRef: noRef),
            c(
                "the init key's length in four bytes and the last byte missing: the init key is read first",
                ["ReadingOrder", "NonMinimalVarint"], read,
                base.with { $0.bytes = { b in Array(fourByteLength(b, at: header + 4).dropLast()) } },
                code: "NON_CANONICAL_ENCODING", declaredRef: noRef),
            c(
                "KeyPackage version 2 and the last byte missing: the version is judged after the KeyPackage is read",
                ["ReadingOrder", "ProtocolVersion"], read,
                base.with {
                    $0.version = 2
                    $0.bytes = { Array($0.dropLast()) }
                }, code: "TRUNCATED", declaredRef: noRef),
        ]
        // A repeated type with others between the copies: openmls looks for any type twice, not
        // only between neighbours.
        let repeatSource = openmls("extensions/mod.rs", "346-357,492-514")
        let f000 = MLSExtension(type: 0xF000, data: [])
        let f001 = MLSExtension(type: 0xF001, data: [])
        let appId = MLSExtension(type: 1, data: [0x00])
        let lastResort = MLSExtension(type: 10, data: [])
        let grease = MLSExtension(type: 0x0A0A, data: [])
        let leafRepeats: [(String, [MLSExtension])] = [
            ("unknown leaf extension types 0xF000, 0xF001, 0xF000", [f000, f001, f000]),
            ("leaf extensions application_id, 0xF000, application_id", [appId, f000, appId]),
            (
                "unknown leaf extension types 0xF000, 0xF001, 0xF002, 0xF000",
                [f000, f001, MLSExtension(type: 0xF002, data: []), f000]
            ),
        ]
        let keyPackageRepeats: [(String, [MLSExtension])] = [
            ("KeyPackage extension types 0xF000, 0xF001, 0xF000", [f000, f001, MLSExtension(type: 0xF000, data: [1])]),
            ("KeyPackage extensions last_resort, 0xF000, last_resort", [lastResort, f000, lastResort]),
            (
                "KeyPackage extensions GREASE 0x0A0A, last_resort, 0xF000, GREASE 0x0A0A",
                [grease, lastResort, f000, grease]
            ),
        ]
        for (what, extensions) in leafRepeats {
            cases.append(
                c(
                    "\(what): a type twice, apart", ["RepeatedExtension", "Extensions"], repeatSource,
                    base.with { $0.leafExtensions = extensions }, code: "MALFORMED", declaredRef: noRef))
        }
        for (what, extensions) in keyPackageRepeats {
            cases.append(
                c(
                    "\(what): a type twice, apart", ["RepeatedExtension", "Extensions"], repeatSource,
                    base.with { $0.extensions = extensions }, code: "MALFORMED", declaredRef: noRef))
        }
        return cases
    }
}

extension CatbirdKeyPackageValidateVectors {
    /// deployed: two faults where the first is an unknown cipher suite (openmls reads the suite as
    /// an enum, so it fails when its two bytes are read, before any later fault of another kind);
    /// and extension data of exactly 0x3FFF bytes, whose length openmls counts in four bytes when
    /// it sizes the extension list (extensions/codec.rs:16-51), so the KeyPackage it writes again
    /// differs from the upload.
    static func deployedDecodingClasses(_ c: UploadForm, base: KeyPackageSpec) -> [VectorCase] {
        let read =
            openmls("key_packages/key_package_in.rs", "79-114")
            + "; openmls/openmls@47dbedeca:traits/src/types.rs:359-400 (Ciphersuite, a u16 enum read whole)"
        let unknownSuite = base.with { $0.cipherSuite = 0x004E }
        let initKeyAt = 4 + 4  // the MLSMessage header, the KeyPackage's version and suite
        var cases = [
            c(
                "suite 0x004E and the upload cut inside the init key: the suite is read first", ["ReadingOrder"], read,
                unknownSuite.with { $0.bytes = { Array($0.prefix(initKeyAt + 2 + 100)) } }, code: "MALFORMED",
                declaredRef: .some(nil)),
            c(
                "suite 0xFFFF and the init key's length in four bytes: the suite is read first",
                ["ReadingOrder", "NonMinimalVarint"], read,
                base.with {
                    $0.cipherSuite = 0xFFFF
                    $0.bytes = { b in fourByteLength(b, at: initKeyAt) }
                }, code: "MALFORMED", declaredRef: .some(nil)),
            c(
                "suite 0x0008 and nothing after it: the suite is read first", ["ReadingOrder", "Truncated"], read,
                base.with {
                    $0.cipherSuite = 0x0008
                    $0.bytes = { Array($0.prefix(initKeyAt)) }
                }, code: "MALFORMED", declaredRef: .some(nil)),
            c(
                "suite 0x004E and a leaf application_id without its key_id length: the suite is read first",
                ["ReadingOrder", "ExtensionData"], read,
                unknownSuite.with { $0.leafExtensions = [MLSExtension(type: 1, data: [])] }, code: "MALFORMED",
                declaredRef: .some(nil)),
        ]
        let sizing =
            wire("847-853,891") + "; " + openmls("extensions/codec.rs", "16-51")
            + "; RustCrypto/formats@tls_codec/v0.4.2:tls_codec/src/lib.rs:135-154, tls_codec/src/quic_vec.rs:495-523"
        let big = [UInt8](repeating: 0x61, count: 0x3FFF)
        let keyId = [0x7F, 0xFD] + [UInt8](repeating: 0x62, count: 0x3FFD)  // application_id: 0x3FFF bytes in all
        let sized: [(String, (inout KeyPackageSpec) -> Void)] = [
            ("an unknown leaf extension", { $0.leafExtensions = [MLSExtension(type: 0xF000, data: big)] }),
            ("a KeyPackage application_id", { $0.extensions = [MLSExtension(type: 1, data: keyId)] }),
            (
                "a GREASE KeyPackage extension after a small unknown one",
                { $0.extensions = [MLSExtension(type: 0xF001, data: [1]), MLSExtension(type: 0x0A0A, data: big)] }
            ),
            (
                "a leaf and a KeyPackage extension each",
                {
                    $0.leafExtensions = [MLSExtension(type: 0xF000, data: big)]
                    $0.extensions = [MLSExtension(type: 0xF001, data: big)]
                }
            ),
        ]
        for (what, change) in sized {
            cases.append(
                c(
                    "\(what) of exactly 0x3FFF bytes of data: openmls sizes its length as four bytes, one more than "
                        + "the two it writes, so it cannot write the KeyPackage again (Malformed, before the comparison)",
                    ["ExtensionSizing", "Extensions"], sizing, base.with(change), code: "MALFORMED",
                    declaredRef: .some(nil)))
        }
        return cases
    }
}
