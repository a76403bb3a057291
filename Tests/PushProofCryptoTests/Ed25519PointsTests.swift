import PushProofCrypto
import Testing

@Suite struct Ed25519PointsTests {
    /// RFC 8032 §7.1, test 1 (the empty message).
    let key = Hex.decode("d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a")!
    let signature = Hex.decode(
        "e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b"
    )!

    @Test func honestSignatureVerifies() {
        #expect(Ed25519Points.verifyCofactored(key: key, message: [], signature: signature))
        var flipped = signature
        flipped[40] ^= 1
        #expect(!Ed25519Points.verifyCofactored(key: key, message: [], signature: flipped))
        #expect(!Ed25519Points.verifyCofactored(key: key, message: [1], signature: signature))
    }

    /// S = r + k·a over R = [r]B + T, T of order 8: the cofactored equation holds, libsodium's
    /// cofactorless verification refuses it.
    @Test func torsionInROnlyVerifiesCofactored() throws {
        let a = Ed25519Points.reduce([UInt8](repeating: 7, count: 64))
        let r = Ed25519Points.reduce([UInt8](repeating: 9, count: 64))
        let publicKey = Ed25519Points.base(a)
        let torsion = Hex.decode("c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac037a")!
        let bigR = try #require(Ed25519Points.add(Ed25519Points.base(r), torsion))
        let message: [UInt8] = [1, 2, 3]
        let k = Ed25519Points.challenge(bigR, publicKey, message)
        let forged = bigR + Ed25519Points.multiplyAdd(k, a, r)
        #expect(Ed25519Points.verifyCofactored(key: publicKey, message: message, signature: forged))
        #expect(!(try Ed25519.PublicKey(rawBytes: publicKey)).isValidSignature(forged, for: message))
    }

    /// The identity as the key: any R = [s]B, S = s verifies; its non-canonical encodings do not decode.
    @Test func smallOrderKeysAndEncodings() {
        let s = Ed25519Points.reduce([UInt8](repeating: 3, count: 64))
        let forged = Ed25519Points.base(s) + s
        #expect(Ed25519Points.verifyCofactored(key: Ed25519Points.identity, message: [5], signature: forged))
        let signBit = [1] + [UInt8](repeating: 0, count: 30) + [0x80]
        let pPlusOne = [0xEE] + [UInt8](repeating: 0xFF, count: 30) + [0x7F]
        #expect(!Ed25519Points.verifyCofactored(key: signBit, message: [5], signature: forged))
        #expect(!Ed25519Points.verifyCofactored(key: pPlusOne, message: [5], signature: forged))
    }

    /// HACL*'s rules: the cofactorless equation as points, no order check. Honest signatures
    /// verify as under libsodium; a small-order key or R that satisfies the equation verifies too;
    /// torsion in R and non-canonical encodings do not.
    @Test func cofactorlessVerificationChecksNoOrder() throws {
        #expect(Ed25519Points.verifyCofactorless(key: key, message: [], signature: signature))
        var flipped = signature
        flipped[40] ^= 1
        #expect(!Ed25519Points.verifyCofactorless(key: key, message: [], signature: flipped))

        let s = Ed25519Points.reduce([UInt8](repeating: 3, count: 64))
        let forged = Ed25519Points.base(s) + s
        #expect(Ed25519Points.verifyCofactorless(key: Ed25519Points.identity, message: [5], signature: forged))
        #expect(!(try Ed25519.PublicKey(rawBytes: Ed25519Points.identity)).isValidSignature(forged, for: [5]))
        let signBit = [1] + [UInt8](repeating: 0, count: 30) + [0x80]
        #expect(!Ed25519Points.verifyCofactorless(key: signBit, message: [5], signature: forged))

        let a = Ed25519Points.reduce([UInt8](repeating: 7, count: 64))
        let publicKey = Ed25519Points.base(a)
        let message: [UInt8] = [1, 2, 3]
        let k = Ed25519Points.challenge(Ed25519Points.identity, publicKey, message)
        let identityR = Ed25519Points.identity + Ed25519Points.multiplyAdd(k, a, [UInt8](repeating: 0, count: 32))
        #expect(Ed25519Points.verifyCofactorless(key: publicKey, message: message, signature: identityR))
        #expect(!Ed25519Points.verifyCofactorless(key: publicKey, message: [9], signature: identityR))
        #expect(!(try Ed25519.PublicKey(rawBytes: publicKey)).isValidSignature(identityR, for: message))

        let r = Ed25519Points.reduce([UInt8](repeating: 9, count: 64))
        let torsion = Hex.decode("c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac037a")!
        let bigR = try #require(Ed25519Points.add(Ed25519Points.base(r), torsion))
        let torsionSigned =
            bigR + Ed25519Points.multiplyAdd(Ed25519Points.challenge(bigR, publicKey, message), a, r)
        #expect(!Ed25519Points.verifyCofactorless(key: publicKey, message: message, signature: torsionSigned))
    }

    @Test func scalarMultiplicationOfAnyPoint() throws {
        let a = Ed25519Points.reduce([UInt8](repeating: 7, count: 64))
        let seven = [7] + [UInt8](repeating: 0, count: 31)
        #expect(
            Ed25519Points.multiply(scalar: a, Ed25519Points.base(seven))
                == Ed25519Points.base(
                    Ed25519Points.multiplyAdd(a, seven, [UInt8](repeating: 0, count: 32))))
        let order8 = Hex.decode("c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac037a")!
        #expect(Ed25519Points.hasSmallOrder(order8))
        #expect(!Ed25519Points.hasSmallOrder(Ed25519Points.base(seven)))
        #expect(Ed25519Points.multiply(scalar: seven, order8) == Ed25519Points.multiply(7, order8))
    }
}

/// `multiply(scalar:_:)` splits the point into its prime-order part and its torsion; doubling and
/// adding over every bit of the scalar is the definition it must agree with.
@Suite struct Ed25519ScalarMultiplicationTests {
    private func byDoubling(_ s: [UInt8], _ p: [UInt8]) -> [UInt8]? {
        var result = Ed25519Points.identity
        for bit in stride(from: 255, through: 0, by: -1) {
            guard let twice = Ed25519Points.add(result, result) else { return nil }
            result = twice
            if s[bit / 8] >> (bit % 8) & 1 == 1 {
                guard let sum = Ed25519Points.add(result, p) else { return nil }
                result = sum
            }
        }
        return result
    }

    @Test func agreesWithDoublingAndAddingOnPointsOfEveryOrderAndUnreducedScalars() throws {
        let torsions = [
            Ed25519Points.identity,
            Hex.decode("c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac037a")!,  // order 8
            Hex.decode("ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f")!,  // order 2
            Hex.decode("0000000000000000000000000000000000000000000000000000000000000000")!,  // order 4
        ]
        let primeParts = [
            Ed25519Points.identity,
            Ed25519Points.base(Ed25519Points.reduce([UInt8](repeating: 3, count: 64))),
            Ed25519Points.base(Ed25519Points.reduce([UInt8](repeating: 0xA5, count: 64))),
        ]
        let l = Hex.decode("edd3f55c1a631258d69cf7a2def9de1400000000000000000000000000000010")!  // L
        let scalars: [[UInt8]] = [
            [UInt8](repeating: 0, count: 32),
            [1] + [UInt8](repeating: 0, count: 31),
            [8] + [UInt8](repeating: 0, count: 31),
            l,
            [l[0] + 1] + Array(l[1...]),
            [UInt8](repeating: 0xFF, count: 32),
            Ed25519Points.reduce([UInt8](repeating: 0x5C, count: 64)),
            (0..<32).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) },
        ]
        for prime in primeParts {
            for torsion in torsions {
                let point = try #require(Ed25519Points.add(prime, torsion))
                for s in scalars {
                    #expect(Ed25519Points.multiply(scalar: s, point) == byDoubling(s, point))
                }
            }
        }
        #expect(Ed25519Points.multiply(scalar: [1], Ed25519Points.identity) == nil)
    }
}
