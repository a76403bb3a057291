import CatbirdMLS
import PushProofConformance
import PushProofCrypto
import PushProofJSON

/// The legacy server (mls-ds of February 2026 over OpenMLS 0.8.1): a raw KeyPackage, the bare DID.
extension CatbirdKeyPackageValidateVectors {
    static func legacy() -> [VectorCase] {
        let base = KeyPackageSpec.classic(1, identity: F.did)
        let c = UploadForm.legacy
        let n = F.now
        let lifetime = openmls("key_packages/lifetime.rs", "85-95")
        let validate = openmls("key_packages/key_package_in.rs", "136-207")
        let nbEqualsNow = base.living(n, n + 86_400)
        // A later OpenMLS 0.8.x (lifetime.rs@084ed901) accepts not_before = now; the server's
        // Cargo.toml allows it and no lock file is committed.
        let later = nbEqualsNow.keyPackage
        let laterAnswer = OperationOutcome.output(
            CatbirdKeyPackageOperations.output(
                ValidatedKeyPackage(
                    keyPackage: later, ref: MLSLabels.keyPackageRef(CipherSuite.named(1)!, keyPackage: later.encoded)))
        ).json
        let cases: [VectorCase] = [
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
                ["Leniency", "LifetimeSpan"], lifetime, base.living(n - 3600, n + 84 * 86_400)),
            c(
                "a lifetime of 100 years", ["Leniency", "LifetimeSpan"], lifetime,
                base.living(n - 3600, n + 3_155_760_000)),
            c("1 s left", ["Leniency", "RemainingLifetime"], lifetime, base.living(n - 3600, n + 1)),
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
            c("not_before = now - 1", ["LifetimeBoundary"], lifetime, base.living(n - 1, n + 86_400)),
            c(
                "not_before = now (refused by 0.8.1; a later 0.8.x accepts it)",
                ["LifetimeBoundary", "LegacyVersionDrift"], lifetime, nbEqualsNow, code: "INVALID_LIFETIME",
                alsoAccepted: [laterAnswer]),
            c(
                "not_before = now + 1", ["LifetimeBoundary"], lifetime, base.living(n + 1, n + 86_400),
                code: "INVALID_LIFETIME"),
            c("not_after = now", ["LifetimeBoundary"], lifetime, base.living(n - 3600, n), code: "INVALID_LIFETIME"),
            c("not_after = now + 1", ["LifetimeBoundary"], lifetime, base.living(n - 3600, n + 1)),
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
                "an application_id KeyPackage extension with empty data: openmls decodes its data as key_id<V> and finds no length byte (tls_codec's InvalidVectorLength)",
                ["Extensions", "ExtensionData", "MissingLength"], openmls("extensions/codec.rs", "101-128"),
                base.with { $0.extensions = [MLSExtension(type: 1, data: [])] }, code: "NON_CANONICAL_ENCODING"),
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
                "a ratchet_tree leaf extension with empty data: openmls decodes the tree before it checks where the extension is, and finds no length byte",
                ["Extensions", "ExtensionData", "MissingLength"], openmls("extensions/codec.rs", "101-128"),
                base.with { $0.leafExtensions = [MLSExtension(type: 2, data: [])] }, code: "NON_CANONICAL_ENCODING"),
            c(
                "a repeated leaf extension, refused when decoding", ["Extensions"],
                openmls("extensions/mod.rs", "498-507"),
                base.with {
                    $0.capabilities.extensions = [0x7777]
                    $0.leafExtensions = [MLSExtension(type: 0x7777, data: []), MLSExtension(type: 0x7777, data: [1])]
                }, code: "MALFORMED"),
            c(
                "an MLSMessage wrapper where a raw KeyPackage is read: wire format 5 reads as suite 5, and the KeyPackage's bytes as its fields until the credential's length byte 0xE7, whose prefix 0b11 tls_codec refuses",
                ["Framing"], db("854"), base.with { $0.bytes = { [0, 1, 0, 5] + $0 } }, code: "NON_CANONICAL_ENCODING"),
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
                base.living(n - 7200, n - 3600).with { $0.credential = .basic(identity: Array(F.deviceIdentity.utf8)) },
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
        return cases + openmlsDecoding(c, base: base, deployed: false) + legacySignatureLibraryClasses(c, base: base)
            + legacyGreaseClass(c, base: base) + legacySuiteClass(c, base: base)
            + legacyExtensionSixCase(c, base: base) + extensionDataEdges(c, base: base, deployed: false)
            + legacyEdgeClasses(c, base: base)
    }
}
