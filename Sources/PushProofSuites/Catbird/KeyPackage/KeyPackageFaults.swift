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
