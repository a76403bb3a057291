import COpenSSL
import CSodium
import PropertyBased
import PushProofCrypto
import Testing

/// XSalsa20-Poly1305 secretbox: the two-buffer form and the one with its nonce in front.
@Suite struct SecretBoxTests {
    @Test func secretBoxRoundTripAndTamper() throws {
        let key = SecretBytes.random(count: 32)
        let nonce = [UInt8](repeating: 3, count: 24)
        let box = try SecretBox.seal(Array("hello".utf8), key: key, nonce: nonce)
        #expect(box.count == 5 + 16)
        #expect(try SecretBox.open(box, key: key, nonce: nonce) == Array("hello".utf8))
        var tampered = box
        tampered[0] ^= 1
        #expect(throws: CryptoError.authenticationFailed) { try SecretBox.open(tampered, key: key, nonce: nonce) }
        #expect(throws: CryptoError.invalidLength(what: "secretbox key", expected: 32, actual: 31)) {
            try SecretBox.seal([], key: SecretBytes(copying: [UInt8](repeating: 0, count: 31)), nonce: nonce)
        }
        #expect(throws: CryptoError.truncated(what: "secretbox ciphertext", minimum: 16, actual: 15)) {
            try SecretBox.open([UInt8](repeating: 0, count: 15), key: key, nonce: nonce)
        }
    }

    /// The one-buffer form is `nonce || crypto_secretbox_easy` and nothing else, with the
    /// nonce given or drawn fresh; libsodium opens it.
    @Test func secretBoxWithItsNonceInFront() async throws {
        let key = SecretBytes.random(count: 32)
        await propertyCheck(count: 100, input: Gen.uint8().array(of: 0...600), Gen.uint8().array(of: 24)) {
            message, nonce in
            let combined = try? SecretBox.sealPrefixingNonce(message, key: key, nonce: nonce)
            #expect(combined == nonce + ((try? SecretBox.seal(message, key: key, nonce: nonce)) ?? []))
            let fresh = (try? SecretBox.sealPrefixingNonce(message, key: key)) ?? []
            #expect(fresh.count == 24 + 16 + message.count)
            #expect((try? SecretBox.open(Array(fresh[24...]), key: key, nonce: Array(fresh[..<24]))) == message)
        }
        let a = try SecretBox.sealPrefixingNonce([], key: key)
        let b = try SecretBox.sealPrefixingNonce([], key: key)
        #expect(a[..<24] != b[..<24])
        #expect(throws: CryptoError.invalidLength(what: "secretbox nonce", expected: 24, actual: 23)) {
            try SecretBox.sealPrefixingNonce([], key: key, nonce: [UInt8](repeating: 0, count: 23))
        }
        #expect(throws: CryptoError.invalidLength(what: "secretbox key", expected: 32, actual: 16)) {
            try SecretBox.sealPrefixingNonce([], key: SecretBytes.random(count: 16))
        }
    }
}
