import CatbirdMLS
import PushProofConformance
import PushProofCrypto
import PushProofJSON

/// The byte-level faults the validation cases put into a KeyPackage.
extension CatbirdKeyPackageValidateVectors {
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

    /// `spec` with a leaf extension (application_id) that brings its MLSMessage to exactly `size`
    /// bytes: zeros, or with `keyId` a well-formed key_id<V> of zeros.
    static func sized(_ spec: KeyPackageSpec, to size: Int, keyId: Bool = false) -> KeyPackageSpec {
        var length = size - spec.message.count - 8
        while true {
            var data = [UInt8](repeating: 0, count: length)
            if keyId {
                var w = TLSWriter()
                w.opaque(data)
                data = w.bytes
            }
            let candidate = spec.with { $0.leafExtensions = [MLSExtension(type: 1, data: data)] }
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
}

/// Ed25519 signatures that only some verifiers accept: small-order leaf keys, and an R with a
/// small-order component.
extension CatbirdKeyPackageValidateVectors {
    /// The points of small order as 32-byte encodings: the eight canonical ones, then the
    /// non-canonical encodings (y ≥ p, or x = 0 with the sign bit) that ed25519-dalek still decodes.
    static let smallOrderKeys: [(name: String, key: [UInt8])] = [
        ("the identity (0, 1)", "0100000000000000000000000000000000000000000000000000000000000000"),
        ("the point of order 2 (0, -1)", "ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f"),
        ("a point of order 4 (y = 0, x even)", "0000000000000000000000000000000000000000000000000000000000000000"),
        ("a point of order 4 (y = 0, x odd)", "0000000000000000000000000000000000000000000000000000000000000080"),
        ("a point of order 8 (c717…7a)", "c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac037a"),
        ("a point of order 8 (c717…fa)", "c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac03fa"),
        ("a point of order 8 (26e8…05)", "26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc05"),
        ("a point of order 8 (26e8…85)", "26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc85"),
        (
            "the identity with the sign bit (non-canonical)",
            "0100000000000000000000000000000000000000000000000000000000000080"
        ),
        (
            "the identity as y = p + 1 (non-canonical)",
            "eeffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f"
        ),
        (
            "the point of order 2 with the sign bit (non-canonical)",
            "ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff"
        ),
        (
            "a point of order 4 as y = p (non-canonical)",
            "edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f"
        ),
    ].map { ($0.0, Hex.decode($0.1)!) }

    /// Whether `key` is one of the eight canonical encodings of a small-order point.
    static func isCanonicalSmallOrder(_ key: [UInt8]) -> Bool {
        smallOrderKeys.prefix(8).contains { $0.key == key }
    }

    /// A signature of `message` under the small-order `key` A that holds in [k](-A) + [S]B = R
    /// (ed25519-dalek's `verify` without its small-order check on the key): S = s and
    /// R = [s]B + T, with T the multiple of -A that R's own challenge k gives.
    static func smallOrderSignature(key: [UInt8], message: [UInt8]) -> [UInt8] {
        let minusA = Ed25519Points.multiply(7, key)!  // 8A = 0
        let multiples = (0..<8).map { Ed25519Points.multiply(UInt64($0), minusA)! }
        for n in 1...64 {
            let s = Ed25519Points.reduce(SHA2.sha512(Array("pushproof/catbird/small-order/\(n)".utf8)))
            let sB = Ed25519Points.base(s)
            for t in multiples {
                let r = Ed25519Points.add(sB, t)!
                let k = Ed25519Points.challenge(r, key, message)
                if multiples[Int(k[0] & 7)] == t { return r + s }
            }
        }
        preconditionFailure("no signature for a small-order key")
    }

    /// Small-order points of order 2, 4 and 8 to add to R.
    static let torsion: [(name: String, point: [UInt8])] = [
        ("the point of order 2", smallOrderKeys[1].key), ("a point of order 4", smallOrderKeys[2].key),
        ("a point of order 8", smallOrderKeys[4].key),
    ]

    /// The secret scalar of the key that signs with a small-order component in R.
    static let cofactorScalar = Ed25519Points.reduce(SHA2.sha512(Array("pushproof/catbird/cofactored".utf8)))
    static let cofactorKey = Ed25519Points.base(cofactorScalar)

    /// An honest signature by `cofactorKey` whose R has `torsion` added: R = [r]B + T,
    /// S = r + k·a. [8][S]B = [8]R + [8][k]A holds; [S]B = R + [k]A does not.
    static func cofactoredOnlySignature(message: [UInt8], torsion: [UInt8]) -> [UInt8] {
        let r = Ed25519Points.reduce(SHA2.sha512(Array("pushproof/catbird/nonce".utf8) + message))
        let bigR = Ed25519Points.add(Ed25519Points.base(r), torsion)!
        let k = Ed25519Points.challenge(bigR, cofactorKey, message)
        return bigR + Ed25519Points.multiplyAdd(k, cofactorScalar, r)
    }

    /// A signature by `cofactorKey` whose R is the identity, a point of small order: S = k·a, so
    /// [S]B = R + [k]A holds exactly. Verifiers that check R's order (libsodium, `verify_strict`)
    /// refuse it; HACL*'s and RFC 8032's equations accept it.
    static func identityRSignature(message: [UInt8]) -> [UInt8] {
        let k = Ed25519Points.challenge(Ed25519Points.identity, cofactorKey, message)
        return Ed25519Points.identity
            + Ed25519Points.multiplyAdd(k, cofactorScalar, [UInt8](repeating: 0, count: 32))
    }

    /// `spec` with `key` as the leaf's signature key and both signatures made by `sign` over
    /// their SignContent.
    static func signed(_ spec: KeyPackageSpec, key: [UInt8], by sign: @escaping @Sendable ([UInt8]) -> [UInt8])
        -> KeyPackageSpec
    {
        spec.with {
            $0.leafSignatureKey = key
            $0.leafTamper = { $0.signature = sign(MLSLabels.signContent(label: "LeafNodeTBS", content: $0.tbs())) }
            $0.afterSigning = {
                $0.signature = sign(MLSLabels.signContent(label: "KeyPackageTBS", content: $0.tbs))
            }
        }
    }
}
