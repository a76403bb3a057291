import CatbirdMLS
import PushProofConformance
import PushProofCrypto
import PushProofJSON

/// Ed25519 inputs on which the servers' verifiers part from one another: a small-order R with an
/// honest key in every profile, and in the legacy profile the inputs on which libcrux's HACL*
/// (cofactorless, no order check) answers otherwise than libsodium or ed25519-dalek's
/// `verify_strict` (docs/catbird.md, "Signatures, profile by profile").
extension CatbirdKeyPackageValidateVectors {
    static let identityR = "R is the identity and S = k·a, so [S]B = R + [k]A holds"

    /// verify_strict refuses an R of small order before the equation.
    static func deployedSmallOrderR(_ c: UploadForm, base: KeyPackageSpec) -> [VectorCase] {
        [
            c(
                "both signatures by the enrolled key with \(identityR): `verify_strict` refuses an R of small order",
                ["SmallOrderR"], wire(W.signatures) + "; ed25519-dalek 2.2.0 verifying.rs:357-380",
                signed(base, key: cofactorKey) { identityRSignature(message: $0) }, code: "INVALID_LEAF_SIGNATURE",
                key: cofactorKey)
        ]
    }

    /// libcrux-ed25519 (HACL*), which openmls's libcrux provider calls: the key and R decoded
    /// canonically, S below L, then [S]B = R + [k]A as points, with no check of either's order.
    static func legacySignatureLibraryClasses(_ c: UploadForm, base: KeyPackageSpec) -> [VectorCase] {
        let hacl =
            openmls("key_packages/key_package_in.rs", "136-207")
            + "; openmls/openmls@47dbedeca:libcrux_crypto/src/crypto.rs:227-245 (libcrux-ed25519 0.0.6: HACL*'s "
            + "verify, cryspen/libcrux crates/algorithms/ed25519/src/hacl/ed25519.rs:1849-1883)"
        var cases: [VectorCase] = []
        for (name, key) in smallOrderKeys {
            let canonical = isCanonicalSmallOrder(key)
            cases.append(
                c(
                    "the leaf key is \(name), both signatures S = s, R = [s]B + [k](-A): "
                        + (canonical
                            ? "HACL* checks no order, and the cofactorless equation holds (stored)"
                            : "HACL* refuses the encoding (y ≥ p, or x = 0 with the sign bit)"),
                    ["SmallOrderKey"], hacl, signed(base, key: key) { smallOrderSignature(key: key, message: $0) },
                    code: canonical ? nil : "INVALID_LEAF_SIGNATURE"))
        }
        cases.append(
            c(
                "both signatures with \(identityR): HACL* checks no order (stored)", ["SmallOrderR"], hacl,
                signed(base, key: cofactorKey) { identityRSignature(message: $0) }))
        for (name, point) in torsion {
            cases.append(
                c(
                    "both signatures honest but with \(name) added to R: HACL*'s equation is cofactorless",
                    ["CofactoredOnly"], hacl,
                    signed(base, key: cofactorKey) { cofactoredOnlySignature(message: $0, torsion: point) },
                    code: "INVALID_LEAF_SIGNATURE"))
        }
        return cases
    }

    /// RFC 8032 §5.1.7 checks no order: an R of small order that satisfies the equation verifies.
    static func rfc9420SmallOrderR(_ c: UploadForm) -> [VectorCase] {
        [
            c(
                "suite 1: both signatures with \(identityR): RFC 8032 checks no order", ["SmallOrderR"],
                "RFC 8032 §5.1.7; RFC 9420 §5.1.2, §7.3, §10.1",
                signed(KeyPackageSpec.classic(1, identity: "alice"), key: cofactorKey) {
                    identityRSignature(message: $0)
                })
        ]
    }
}
