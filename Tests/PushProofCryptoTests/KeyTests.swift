import COpenSSL
import CSodium
import PropertyBased
import PushProofCrypto
import Testing

@Suite struct KeyTests {
    @Test func seedKeyPairMatchesLibsodium() throws {
        let seed = [UInt8](repeating: 0x42, count: 32)
        var pk = [UInt8](repeating: 0, count: 32)
        var sk = [UInt8](repeating: 0, count: 32)
        #expect(crypto_box_seed_keypair(&pk, &sk, seed) == 0)
        let pair = try X25519.KeyPair(seed: seed)
        #expect(pair.publicKey.rawBytes == pk)
        #expect(pair.secretKey.bytes.revealedBytes() == sk)
        #expect(X25519.KeyPair(secretKey: pair.secretKey).publicKey == pair.publicKey)
        #expect(throws: CryptoError.invalidLength(what: "X25519 seed", expected: 32, actual: 31)) {
            try X25519.KeyPair(seed: Array(seed.prefix(31)))
        }
    }

    @Test func randomKeyPairsDiffer() {
        #expect(X25519.KeyPair.random().publicKey != X25519.KeyPair.random().publicKey)
    }

    @Test func wrongKeyLengthsAreTypedErrors() {
        #expect(throws: CryptoError.invalidLength(what: "X25519 public key", expected: 32, actual: 33)) {
            try X25519.PublicKey(rawBytes: [UInt8](repeating: 0, count: 33))
        }
        #expect(throws: CryptoError.invalidLength(what: "X25519 secret key", expected: 32, actual: 0)) {
            try X25519.SecretKey(rawBytes: [])
        }
    }

    @Test func secretBytesNeverShowTheirContents() {
        let secret = SecretBytes(copying: Array("hunter2hunter2".utf8))
        #expect(secret.description == "SecretBytes(14 bytes)")
        #expect("\(X25519.KeyPair.random().secretKey)".contains("SecretBytes(32 bytes)"))
        #expect(secret.constantTimeEquals(SecretBytes(copying: Array("hunter2hunter2".utf8))))
        #expect(!secret.constantTimeEquals(SecretBytes(copying: Array("hunter2hunter3".utf8))))
        #expect(!secret.constantTimeEquals(SecretBytes(copying: Array("hunter2".utf8))))
    }

    @Test func constantTimeEquality() {
        #expect(ConstantTime.equal([], []))
        #expect(ConstantTime.equal([1, 2, 3], [1, 2, 3]))
        #expect(!ConstantTime.equal([1, 2, 3], [1, 2, 4]))
        #expect(!ConstantTime.equal([1, 2, 3], [1, 2]))
    }

    @Test func secp256k1SecretKeyRangeAndGenerator() throws {
        let one = [UInt8](repeating: 0, count: 31) + [1]
        #expect(Secp256k1.isValidSecretKey(one))
        #expect(!Secp256k1.isValidSecretKey([UInt8](repeating: 0, count: 32)))
        let order = Hex.decode("fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141")!
        #expect(!Secp256k1.isValidSecretKey(order))
        #expect(!Secp256k1.isValidSecretKey(one + [0]))
        // 1·G is the generator point.
        let g = try Secp256k1.uncompressedPublicKey(secretKey: SecretBytes(copying: one))
        #expect(
            Hex.encode(g) == "0479be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798"
                + "483ada7726a3c4655da4fbfc0e1108a8fd17b448a68554199c47d08ffb10d4b8")
    }
}
