import CSodium
import CatbirdMLS
import PropertyBased
import PushProofCrypto
import Testing

@Suite struct XWingPublicKeyTests {
    let valid = XWingPublicKey.make(seed: Array("pushproof/xwing/1".utf8))

    @Test func aMadeKeyIsValidAndDeterministic() {
        #expect(valid.count == 1216)
        #expect(XWingPublicKey.problem(valid) == nil)
        #expect(XWingPublicKey.make(seed: Array("pushproof/xwing/1".utf8)) == valid)
        #expect(XWingPublicKey.make(seed: Array("pushproof/xwing/2".utf8)) != valid)
    }

    @Test func lengthsOneEitherSideAreRefused() {
        #expect(XWingPublicKey.problem(Array(valid.dropLast())) == .wrongLength(1215))
        #expect(XWingPublicKey.problem(valid + [0]) == .wrongLength(1217))
        #expect(XWingPublicKey.problem(Array(valid.prefix(1184))) == .wrongLength(1184))
    }

    /// FIPS 203's modulus check, at the first, an odd and the last coefficient, at q and at 4095,
    /// with q - 1 still accepted.
    @Test func coefficientsAtOrAboveQAreRefused() {
        func with(_ index: Int, _ value: UInt16) -> [UInt8] {
            var k = valid
            let at = index / 2 * 3
            if index % 2 == 0 {
                k[at] = UInt8(value & 0xFF)
                k[at + 1] = k[at + 1] & 0xF0 | UInt8(value >> 8)
            } else {
                k[at + 1] = k[at + 1] & 0x0F | UInt8(value & 0x0F) << 4
                k[at + 2] = UInt8(value >> 4)
            }
            return k
        }
        for index in [0, 1, 377, 767] {
            #expect(XWingPublicKey.problem(with(index, 3328)) == nil)
            #expect(XWingPublicKey.problem(with(index, 3329)) == .coefficientOutOfRange(index: index))
            #expect(XWingPublicKey.problem(with(index, 4095)) == .coefficientOutOfRange(index: index))
        }
    }

    @Test func theX25519PartMustBeCanonicalAndNotOfSmallOrder() {
        func with(_ x: [UInt8]) -> [UInt8] { Array(valid.prefix(1184)) + x }
        let p = [0xED] + [UInt8](repeating: 0xFF, count: 30) + [0x7F]
        #expect(XWingPublicKey.problem(with(p)) == .x25519NotCanonical)
        var topBit = Array(valid.suffix(32))
        topBit[31] |= 0x80
        #expect(XWingPublicKey.problem(with(topBit)) == .x25519NotCanonical)
        var belowP = p
        belowP[0] = 0xEB  // p - 2: canonical, of large order
        #expect(XWingPublicKey.problem(with(belowP)) == nil)
        let lowOrder = [
            [UInt8](repeating: 0, count: 32), [1] + [UInt8](repeating: 0, count: 31),
            [0xEC] + [UInt8](repeating: 0xFF, count: 30) + [0x7F],
            Hex.decode("e0eb7a7c3b41b8ae1656e3faf19fc46ada098deb9c32b1fd866205165f49b800")!,
            Hex.decode("5f9c95bca3508c24b1d0b1559c83ef5b04445cc4581c8e86d8224eddd09f1157")!,
        ]
        for point in lowOrder {
            #expect(XWingPublicKey.problem(with(point)) == .x25519LowOrder)
            // Independently: libsodium refuses a Diffie-Hellman with it (the result is all zeros).
            var out = [UInt8](repeating: 0, count: 32)
            let scalar = SHA256.hash(Array("pushproof/scalar".utf8))
            #expect(crypto_scalarmult(&out, scalar, point) != 0)
        }
    }

    @Test func realX25519KeysPass() async {
        await propertyCheck(count: 100, input: Gen<UInt8>.value(in: 0...255).array(of: 32)) { seed in
            let key = Array(valid.prefix(1184)) + (try! X25519.KeyPair(seed: seed)).publicKey.rawBytes
            #expect(XWingPublicKey.problem(key) == nil)
        }
    }
}
