import CatbirdMLS
import PushProofConformance
import PushProofCrypto
import PushProofJSON

/// Cases at the edges of the arithmetic the validators do: X-Wing keys just inside the checks
/// and the small-order X25519 parts the other cases leave out, and Ed25519 signatures at S = L, of 65 bytes,
/// or whose equation holds for -R. Each list follows its profile's other cases.
extension CatbirdKeyPackageValidateVectors {
    /// A valid X-Wing public key at an edge of what the check allows.
    enum XWingEdge: CaseIterable {
        case everyCoefficientQMinusOne, seedAllOnes, x25519TwoTo254, x25519LadderSignSlip

        func apply(_ key: [UInt8]) -> [UInt8] {
            var k = key
            switch self {
            case .everyCoefficientQMinusOne:
                // Two 12-bit coefficients of 0xD00 = 3328 in each 3 bytes: 00 0D D0.
                for i in stride(from: 0, to: 1152, by: 3) { k.replaceSubrange(i..<(i + 3), with: [0x00, 0x0D, 0xD0]) }
            case .seedAllOnes: k.replaceSubrange(1152..<1184, with: [UInt8](repeating: 0xFF, count: 32))
            case .x25519TwoTo254: k.replaceSubrange(1184..<1216, with: [UInt8](repeating: 0, count: 31) + [0x40])
            case .x25519LadderSignSlip:
                k.replaceSubrange(
                    1184..<1216, with: Hex.decode("8f43e33654663cbf484256d8564ee79721b4e855b99413e775143e5620465b0c")!)
            }
            return k
        }

        var comment: String {
            switch self {
            case .everyCoefficientQMinusOne:
                return
                    "every ML-KEM coefficient is q - 1 = 3328, the largest the modulus check allows (bytes 00 0D D0: a reader that takes the second coefficient from b1 >> 3 finds 3329)"
            case .seedAllOnes:
                return
                    "the seed ρ (bytes 1152-1183) is all 0xFF: FIPS 203's modulus check reads the 1152 bytes of t only, so 0xFFF read from ρ is no coefficient"
            case .x25519TwoTo254:
                return
                    "the X25519 part is 2^254, below p with bit 254 set: RFC 7748 masks bit 255 only, so a mask of bit 254 too would read 0"
            case .x25519LadderSignSlip:
                return
                    "the X25519 part is u = 0x0c5b…438f, an ordinary point (x25519([0xA5; 32], u) is not 0); a Montgomery ladder that computes C = x3 - z3 for RFC 7748's x3 + z3 sends it to 0"
            }
        }
    }

    /// The small-order X25519 parts the XWingKey cases leave out: the two points of order 4
    /// (u = 1 and u = p - 1) and the point of order 8 whose u is odd.
    static let moreSmallOrderX25519: [(name: String, u: [UInt8])] = [
        ("u = 1 (order 4)", [1] + [UInt8](repeating: 0, count: 31)),
        ("u = p - 1 (order 4)", [0xEC] + [UInt8](repeating: 0xFF, count: 30) + [0x7F]),
        (
            "the other point of order 8 (5f9c…57, u odd)",
            Hex.decode("5f9c95bca3508c24b1d0b1559c83ef5b04445cc4581c8e86d8224eddd09f1157")!
        ),
    ]

    /// The group order L, little-endian.
    static let groupOrder: [UInt8] = Hex.decode("edd3f55c1a631258d69cf7a2def9de1400000000000000000000000000000010")!

    /// -x modulo L.
    static func negated(_ x: [UInt8]) -> [UInt8] {
        let lMinusOne = Hex.decode("ecd3f55c1a631258d69cf7a2def9de1400000000000000000000000000000010")!
        return Ed25519Points.multiplyAdd(x, lMinusOne, [UInt8](repeating: 0, count: 32))
    }

    /// A signature by `cofactorKey` whose equation holds for -R instead of R (the point with R's
    /// y and the opposite x): R = [r]B and, cofactorless, S = k·a - r, so [S]B - [k]A = -R; or,
    /// cofactored, S = -(r + k·a), so [8][S]B = -[8](R + [k]A). A verifier that compares only the
    /// y coordinates, or R's encoding without its sign bit, accepts it.
    static func negatedRSignature(message: [UInt8], cofactored: Bool) -> [UInt8] {
        let r = Ed25519Points.reduce(SHA2.sha512(Array("pushproof/catbird/negated-r".utf8) + message))
        let bigR = Ed25519Points.base(r)
        let k = Ed25519Points.challenge(bigR, cofactorKey, message)
        let s =
            cofactored
            ? negated(Ed25519Points.multiplyAdd(k, cofactorScalar, r))
            : Ed25519Points.multiplyAdd(k, cofactorScalar, negated(r))
        return bigR + s
    }

    /// An honest signature by `cofactorKey`.
    static func cofactorKeySignature(message: [UInt8]) -> [UInt8] {
        cofactoredOnlySignature(message: message, torsion: Ed25519Points.identity)
    }

    /// `spec` with `key` as the leaf's signature key, the leaf signed by `leaf` and the
    /// KeyPackage by `keyPackage`, each over its SignContent.
    static func signed(
        _ spec: KeyPackageSpec, key: [UInt8], leaf: @escaping @Sendable ([UInt8]) -> [UInt8],
        keyPackage: @escaping @Sendable ([UInt8]) -> [UInt8]
    ) -> KeyPackageSpec {
        spec.with {
            $0.leafSignatureKey = key
            $0.leafTamper = { $0.signature = leaf(MLSLabels.signContent(label: "LeafNodeTBS", content: $0.tbs())) }
            $0.afterSigning = {
                $0.signature = keyPackage(MLSLabels.signContent(label: "KeyPackageTBS", content: $0.tbs))
            }
        }
    }

    /// The leaf signed with -R (the KeyPackage honestly), by `cofactorKey`.
    static func negatedRLeaf(_ spec: KeyPackageSpec, cofactored: Bool) -> KeyPackageSpec {
        signed(
            spec, key: cofactorKey, leaf: { negatedRSignature(message: $0, cofactored: cofactored) },
            keyPackage: { cofactorKeySignature(message: $0) })
    }

    /// The identity as the leaf key; the leaf's signature R = the identity and S = L, so
    /// [S]B = R + [k]A holds for S taken modulo L, but S is not below L; the KeyPackage's
    /// signature holds (S = s, R = [s]B).
    static func scalarIsOrderLeaf(_ spec: KeyPackageSpec) -> KeyPackageSpec {
        let key = Ed25519Points.identity
        return signed(
            spec, key: key, leaf: { _ in Ed25519Points.identity + groupOrder },
            keyPackage: { smallOrderSignature(key: key, message: $0) })
    }

    static let negatedRComment =
        "the leaf signature's equation holds for -R, the point with R's y and the opposite x (R = [r]B, S = k·a - r, so [S]B - [k]A = -R)"
    static let scalarIsOrderComment =
        "the leaf key and R are the identity and S = L: the equation holds for S modulo L, but S must be below L"

    /// Deployed: valid X-Wing keys at the edges, the small-order X25519 parts the other cases leave out, -R,
    /// and a 65-byte leaf signature.
    static func deployedEdgeClasses(_ c: UploadForm, base: KeyPackageSpec) -> [VectorCase] {
        let xwing = wire(W.xwing) + "; " + CatbirdSources.xwingCheck
        var cases: [VectorCase] = []
        for edge in XWingEdge.allCases {
            cases.append(
                c(
                    "encryption key: \(edge.comment)", ["XWingKeyEdge"], xwing,
                    base.with { $0.encryptionKey = edge.apply($0.encryptionKey) }))
            cases.append(
                c(
                    "init key: \(edge.comment)", ["XWingKeyEdge"], xwing,
                    base.with { $0.initKey = edge.apply($0.initKey) }))
        }
        for (name, u) in moreSmallOrderX25519 {
            cases.append(
                c(
                    "encryption key: the X25519 part is \(name)", ["XWingKey"], xwing,
                    base.with { $0.encryptionKey.replaceSubrange(1184..<1216, with: u) },
                    code: "INVALID_XWING_PUBLIC_KEY"))
            cases.append(
                c(
                    "init key: the X25519 part is \(name)", ["XWingKey"], xwing,
                    base.with { $0.initKey.replaceSubrange(1184..<1216, with: u) }, code: "INVALID_XWING_PUBLIC_KEY"))
        }
        let dalek = wire(W.signatures) + "; ed25519-dalek 2.2.0 verifying.rs:357-380"
        cases += [
            c(
                negatedRComment + ": verify_strict compares [k](-A) + [S]B's encoding with R's", ["NegatedR"], dalek,
                negatedRLeaf(base, cofactored: false), code: "INVALID_LEAF_SIGNATURE", key: cofactorKey),
            c(
                "the leaf signature with a zero byte after it (65 bytes; S read from the bytes after R is the same number)",
                ["SignatureLength"], wire(W.signatures), base.with { $0.leafTamper = { $0.signature.append(0) } },
                code: "INVALID_LEAF_SIGNATURE"),
        ]
        return cases
    }

    /// Legacy: HACL*'s refusals of S = L, -R and a 65-byte signature.
    static func legacyEdgeClasses(_ c: UploadForm, base: KeyPackageSpec) -> [VectorCase] {
        let validate = openmls("key_packages/key_package_in.rs", "136-207")
        let hacl =
            validate
            + "; openmls/openmls@47dbedeca:libcrux_crypto/src/crypto.rs:227-245 (libcrux-ed25519 0.0.6: HACL*'s "
            + "verify, cryspen/libcrux crates/algorithms/ed25519/src/hacl/ed25519.rs:1849-1883)"
        return [
            c(
                scalarIsOrderComment + ": HACL* refuses S ≥ L (gte_q) before the equation, which holds",
                ["ScalarAtOrder"], hacl, scalarIsOrderLeaf(base), code: "INVALID_LEAF_SIGNATURE"),
            c(
                negatedRComment + ": HACL* compares the points", ["NegatedR"], hacl,
                negatedRLeaf(base, cofactored: false), code: "INVALID_LEAF_SIGNATURE"),
            c(
                "the leaf signature with a zero byte after it (65 bytes; S read from the bytes after R is the same number): libcrux's provider takes 64 bytes only",
                ["SignatureLength"], hacl, base.with { $0.leafTamper = { $0.signature.append(0) } },
                code: "INVALID_LEAF_SIGNATURE"),
        ]
    }

    /// RFC 9420: S = L, -R (cofactored), and a 65-byte leaf signature.
    static func rfc9420EdgeClasses(_ c: UploadForm) -> [VectorCase] {
        let rfc8032 = "RFC 8032 §5.1.7; RFC 9420 §5.1.2, §7.3, §10.1"
        let base = KeyPackageSpec.classic(1, identity: "alice")
        return [
            c(
                "suite 1: " + scalarIsOrderComment + ": RFC 8032 §5.1.7 wants S in {0, ..., L-1}",
                ["ScalarAtOrder"], rfc8032, scalarIsOrderLeaf(base), code: "INVALID_LEAF_SIGNATURE"),
            c(
                "suite 1: the leaf signature's cofactored equation holds for -R, the point with R's y and the opposite x (R = [r]B, S = -(r + k·a), so [8][S]B = -[8](R + [k]A))",
                ["NegatedR"], rfc8032, negatedRLeaf(base, cofactored: true), code: "INVALID_LEAF_SIGNATURE"),
            c(
                "suite 1: the leaf signature with a zero byte after it (65 bytes; S read from the bytes after R is the same number)",
                ["SignatureLength"], rfc8032, base.with { $0.leafTamper = { $0.signature.append(0) } },
                code: "INVALID_LEAF_SIGNATURE"),
        ]
    }
}
