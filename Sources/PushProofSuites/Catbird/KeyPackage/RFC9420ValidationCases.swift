import CatbirdMLS
import PushProofConformance
import PushProofCrypto
import PushProofJSON

/// RFC 9420 §7.3 and §10.1 without a group, one fault per case.
extension CatbirdKeyPackageValidateVectors {
    static func rfc9420() -> [VectorCase] {
        let c = UploadForm.rfc9420
        let n = F.now
        var cases: [VectorCase] = []
        for suite: UInt16 in [1, 3] {
            let base = KeyPackageSpec.classic(suite, identity: "alice")
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
                c(s + "a long lifetime (RFC 9420 sets no maximum)", ["LifetimeSpan"], base.living(0, .max)),
                c(
                    s + "a leaf extension not in the capabilities", ["Extensions"],
                    base.with { $0.leafExtensions = [MLSExtension(type: 0xF001, data: [])] },
                    code: "UNSUPPORTED_EXTENSIONS"),
                c(
                    s + "the credential type not in the capabilities", ["Capabilities"],
                    base.with { $0.capabilities.credentials = [2] }, code: "UNSUPPORTED_CAPABILITIES"),
                c(s + "not yet valid", ["LifetimeBoundary"], base.living(n + 60, n + 86_400), code: "INVALID_LIFETIME"),
                c(s + "expired", ["LifetimeBoundary"], base.living(n - 86_400, n - 60), code: "INVALID_LIFETIME"),
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
        return cases + unorderedPairs() + rfc9420Classes() + rfc9420SmallOrderR(c) + rfc9420RepeatedExtensions(c)
            + rfc9420Edges(c) + rfc9420VarintEdges(c) + rfc9420EdgeClasses(c) + rfc9420SignedForOtherContent(c)
            + rfc9420StricterValidators(c)
    }

    /// What a validator stricter than RFC 9420 asks may refuse (RFC9420Readings): default
    /// extension types listed in the capabilities, each one; X25519 init keys no DH can use.
    static func rfc9420StricterValidators(_ c: UploadForm) -> [VectorCase] {
        let rfc = "RFC 9420 §7.2, §10.1, §12.4.3.1; RFC 9180 §7.1.4"
        var cases: [VectorCase] = []
        for (suite, name) in [(UInt16(1), "suite 1"), (3, "suite 3")] {
            let base = KeyPackageSpec.classic(suite, identity: "alice")
            for type in suite == 1 ? [UInt16(1), 2, 3, 4, 5] : [1] {
                cases.append(
                    c(
                        "\(name): default extension type \(type) listed in the capabilities, no leaf extension",
                        ["DefaultTypeListed"], rfc, base.with { $0.capabilities.extensions = [type] }))
            }
            let lowOrder: [(String, [UInt8])] = [
                ("u = 0", [UInt8](repeating: 0, count: 32)),
                ("u = 1 (order 4)", [1] + [UInt8](repeating: 0, count: 31)),
                ("u = p - 1 (order 2)", [0xEC] + [UInt8](repeating: 0xFF, count: 30) + [0x7F]),
                ("a point of order 8", Hex.decode("e0eb7a7c3b41b8ae1656e3faf19fc46ada098deb9c32b1fd866205165f49b800")!),
            ]
            let shapes: [(String, [UInt8])] =
                suite == 1
                ? lowOrder + [
                    ("31 bytes", [UInt8](repeating: 0x42, count: 31)),
                    ("33 bytes", [UInt8](repeating: 0x42, count: 33)),
                    ("empty", []),
                ] : [lowOrder[0]]
            for (what, key) in shapes {
                cases.append(
                    c("\(name): X25519 init key \(what)", ["UnusableInitKey"], rfc, base.with { $0.initKey = key }))
            }
        }
        return cases
    }

    /// A small-order key signs nothing in particular: both signatures made for other content
    /// (R = [s]B + [k'](-A) with k' from that content) still satisfy RFC 8032's cofactored
    /// equation, since [8]A vanishes, and without the cofactor they hold where [k - k']A vanishes
    /// (always for the identity). The cofactored reading accepts them; a verifier that refuses
    /// small-order keys, as libsodium does, refuses them: both pass.
    static func rfc9420SignedForOtherContent(_ c: UploadForm) -> [VectorCase] {
        let base = KeyPackageSpec.classic(1, identity: "alice")
        return smallOrderKeys.filter { isCanonicalSmallOrder($0.key) }.map { name, key in
            c(
                "suite 1: the leaf key is \(name), both signatures made for other content (R = [s]B + [k'](-A), "
                    + "k' from the content with one byte appended)",
                ["SmallOrderKey"], "RFC 8032 §5.1.7; RFC 9420 §5.1.2, §7.3, §10.1",
                signed(base, key: key) { smallOrderSignature(key: key, message: $0 + [0xFF]) })
        }
    }

    /// Lifetime ends (inclusive), last_resort as a non-default leaf extension, and RFC 8032's cofactored verification (small-order keys, an R with a small-order
    /// component), for suites 1, 3 and 0x004D.
    static func rfc9420Classes() -> [VectorCase] {
        let c = UploadForm.rfc9420
        let n = F.now
        let rfc8032 = "RFC 8032 §5.1.7; RFC 9420 §5.1.2, §7.3, §10.1"
        var cases: [VectorCase] = []
        let xwing = KeyPackageSpec().with { $0.credential = .basic(identity: Array("alice".utf8)) }
        let bases: [(String, KeyPackageSpec)] = [
            ("suite 1: ", KeyPackageSpec.classic(1, identity: "alice")),
            ("suite 3: ", KeyPackageSpec.classic(3, identity: "alice")), ("suite 0x004D: ", xwing),
        ]
        for (s, base) in bases {
            cases += [
                c(
                    s + "not_before = now: the lifetime includes its ends", ["LifetimeBoundary"],
                    base.living(n, n + 86_400)),
                c(
                    s + "not_after = now: the lifetime includes its ends", ["LifetimeBoundary"],
                    base.living(n - 3600, n)),
                c(s + "not_before = not_after = now", ["LifetimeBoundary"], base.living(n, n)),
                c(
                    s + "not_after = now - 1", ["LifetimeBoundary"], base.living(n - 3600, n - 1),
                    code: "INVALID_LIFETIME"),
                c(
                    s + "not_before = now + 1", ["LifetimeBoundary"], base.living(n + 1, n + 86_400),
                    code: "INVALID_LIFETIME"),
                c(
                    s + "a last_resort leaf extension not in the capabilities: only types 1-5 are default",
                    ["Extensions"], base.with { $0.leafExtensions = [MLSExtension(type: 10, data: [])] },
                    code: "UNSUPPORTED_EXTENSIONS"),
                c(
                    s + "a last_resort leaf extension listed in the capabilities", ["Extensions"],
                    base.with {
                        $0.capabilities.extensions = [10]
                        $0.leafExtensions = [MLSExtension(type: 10, data: [])]
                    }),
                c(
                    s + "an application_id and a last_resort leaf extension, last_resort not listed", ["Extensions"],
                    base.with {
                        $0.leafExtensions = [MLSExtension(type: 1, data: [0]), MLSExtension(type: 10, data: [])]
                    },
                    code: "UNSUPPORTED_EXTENSIONS"),
            ]
            for (name, point) in torsion {
                cases.append(
                    c(
                        s + "both signatures with \(name) added to R: the cofactored equation accepts them",
                        ["CofactoredOnly"], rfc8032,
                        signed(base, key: cofactorKey) { cofactoredOnlySignature(message: $0, torsion: point) }))
            }
        }
        let base = bases[0].1
        for (name, key) in smallOrderKeys {
            let canonical = isCanonicalSmallOrder(key)
            cases.append(
                c(
                    "suite 1: the leaf key is \(name), both signatures S = s, R = [s]B + [k](-A): "
                        + (canonical
                            ? "RFC 8032 has no small-order check and [8]A vanishes"
                            : "RFC 8032 §5.1.3 refuses the encoding"),
                    canonical ? ["SmallOrderKey"] : ["SmallOrderKey", "UnorderedChecks"], rfc8032,
                    signed(base, key: key) { smallOrderSignature(key: key, message: $0) },
                    code: canonical ? nil : "INVALID_LEAF_SIGNATURE",
                    // Both signatures fail: RFC 9420 orders neither check.
                    alsoAccepted: canonical
                        ? [] : [OperationOutcome.error(code: "INVALID_KEY_PACKAGE_SIGNATURE", message: nil).json]))
        }
        return cases
    }

    /// Two faults that RFC 9420 checks in no fixed order (§7.3, §10.1 list them without one):
    /// either answer passes. The reference's order gives `code`; the other is also accepted, and the
    /// reference's `alternatives` allow it for any input (RFC9420KeyPackageValidation.faults).
    static func unorderedPairs() -> [VectorCase] {
        let c = UploadForm.rfc9420
        let n = F.now
        let base = KeyPackageSpec.classic(1, identity: "alice")
        func error(_ code: String) -> JSONValue { OperationOutcome.error(code: code, message: nil).json }
        let expired: (inout KeyPackageSpec) -> Void = {
            $0.source = .keyPackage(Lifetime(notBefore: n - 86_400, notAfter: n - 60))
        }
        let credentialNotListed: (inout KeyPackageSpec) -> Void = { $0.capabilities.credentials = [2] }
        let extensionNotListed: (inout KeyPackageSpec) -> Void = {
            $0.leafExtensions = [MLSExtension(type: 0xF001, data: [])]
        }
        let reused: (inout KeyPackageSpec) -> Void = { $0.initKey = $0.encryptionKey }
        let badKeyPackageSignature: (inout KeyPackageSpec) -> Void = { $0.afterSigning = { $0.signature[31] ^= 2 } }
        let badLeafSignature: (inout KeyPackageSpec) -> Void = { $0.leafTamper = { $0.signature[31] ^= 2 } }
        typealias Fault = (what: String, change: (inout KeyPackageSpec) -> Void, code: String)
        let expiredFault: Fault = ("expired", expired, "INVALID_LIFETIME")
        let credentialFault: Fault = ("the credential type not listed", credentialNotListed, "UNSUPPORTED_CAPABILITIES")
        let extensionFault: Fault = ("a leaf extension not listed", extensionNotListed, "UNSUPPORTED_EXTENSIONS")
        let reusedFault: Fault = ("init key = encryption key", reused, "REUSED_ENCRYPTION_KEY")
        let keyPackageSignatureFault: Fault = (
            "a bad KeyPackage signature", badKeyPackageSignature, "INVALID_KEY_PACKAGE_SIGNATURE"
        )
        let leafSignatureFault: Fault = ("a bad leaf signature", badLeafSignature, "INVALID_LEAF_SIGNATURE")
        // Each pair in the reference's order: its first fault is the reference's answer.
        let pairs: [(Fault, Fault)] = [
            (expiredFault, credentialFault), (expiredFault, extensionFault), (credentialFault, extensionFault),
            (reusedFault, keyPackageSignatureFault), (extensionFault, reusedFault), (leafSignatureFault, expiredFault),
            (expiredFault, keyPackageSignatureFault), (leafSignatureFault, keyPackageSignatureFault),
        ]
        return pairs.map { first, second in
            c(
                "\(first.what) and \(second.what): RFC 9420 orders neither check, either answer passes",
                ["UnorderedChecks"], "RFC 9420 §7.3, §10.1", base.with(first.change).with(second.change),
                code: first.code, alsoAccepted: [error(second.code)])
        }
    }

    /// §13.4: "Any field containing a list of extensions MUST NOT have more than one extension of
    /// any given type", whatever the type (unknown and GREASE ones included) and wherever the two
    /// copies sit in the list; one copy in each of the two lists is allowed.
    static func rfc9420RepeatedExtensions(_ c: UploadForm) -> [VectorCase] {
        let source = "RFC 9420 §13.4 (\"MUST NOT have more than one extension of any given type\"), §10.1"
        let base = KeyPackageSpec.classic(1, identity: "alice")
        func ext(_ type: UInt16, _ data: [UInt8] = []) -> MLSExtension { MLSExtension(type: type, data: data) }
        let listed = base.with { $0.capabilities.extensions = [0xF001] }
        let refused: [(String, KeyPackageSpec)] = [
            (
                "an unknown KeyPackage extension type twice, side by side",
                base.with { $0.extensions = [ext(0xF000), ext(0xF000, [1])] }
            ),
            (
                "an unknown KeyPackage extension type twice, another type between",
                base.with { $0.extensions = [ext(0xF000), ext(0xF002), ext(0xF000)] }
            ),
            ("a GREASE KeyPackage extension twice", base.with { $0.extensions = [ext(0x0A0A), ext(0x0A0A)] }),
            ("application_id twice in the leaf", base.with { $0.leafExtensions = [ext(1, [0]), ext(1, [1, 0x41])] }),
            (
                "a listed leaf extension type twice, application_id between",
                listed.with { $0.leafExtensions = [ext(0xF001), ext(1, [0]), ext(0xF001)] }
            ),
        ]
        return refused.map { what, spec in
            c("suite 1: " + what, ["RepeatedExtension"], source, spec, code: "UNSUPPORTED_EXTENSIONS")
        } + [
            c(
                "suite 1: two unknown KeyPackage extension types, each once", ["RepeatedExtension"], source,
                base.with { $0.extensions = [ext(0xF000), ext(0xF002)] }),
            c(
                "suite 1: one listed type once in the leaf's extensions and once in the KeyPackage's: each list has it once",
                ["RepeatedExtension"], source,
                listed.with {
                    $0.leafExtensions = [ext(0xF001)]
                    $0.extensions = [ext(0xF001)]
                }),
        ]
    }
}
