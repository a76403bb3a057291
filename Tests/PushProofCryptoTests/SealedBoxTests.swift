import COpenSSL
import CSodium
import PropertyBased
import PushProofCrypto
import Testing

@Suite struct SealedBoxTests {
    let recipient = X25519.KeyPair.random()

    @Test func referenceSealOpensWithLibsodium() async {
        await propertyCheck(count: 150, input: Gen.uint8().array(of: 0...512), Gen.uint8().array(of: 32)) {
            message, eskBytes in
            let esk = try! X25519.SecretKey(rawBytes: eskBytes)
            let box = try! SealedBox.seal(message, to: recipient.publicKey, ephemeralSecretKey: esk)
            #expect(box.count == message.count + SealedBox.overhead)
            #expect(Array(box.prefix(32)) == esk.publicKey.rawBytes)
            #expect((try? SealedBox.Libsodium.open(box, recipient: recipient)) == message)
        }
    }

    @Test func libsodiumSealOpensWithReference() async {
        await propertyCheck(count: 150, input: Gen.uint8().array(of: 0...512)) { message in
            let box = try! SealedBox.Libsodium.seal(message, to: recipient.publicKey)
            #expect((try? SealedBox.open(box, recipient: recipient)) == message)
        }
    }

    /// The sender's side (the ephemeral key pair and the recipient's public key) opens what
    /// libsodium sealed with that ephemeral key; another ephemeral key or a flipped bit does not.
    @Test func theSenderOpensWithTheEphemeralKey() async {
        await propertyCheck(count: 100, input: Gen.uint8().array(of: 0...300), Gen.uint8().array(of: 32)) {
            message, eskBytes in
            let ephemeral = X25519.KeyPair(secretKey: try! X25519.SecretKey(rawBytes: eskBytes))
            let box = try! SealedBox.seal(message, to: recipient.publicKey, ephemeral: ephemeral)
            #expect((try? SealedBox.openAsSender(box, recipient: recipient.publicKey, ephemeral: ephemeral)) == message)
            let other = X25519.KeyPair.random()
            #expect((try? SealedBox.openAsSender(box, recipient: recipient.publicKey, ephemeral: other)) == nil)
            var flipped = box
            flipped[flipped.count - 1] ^= 1
            #expect((try? SealedBox.openAsSender(flipped, recipient: recipient.publicKey, ephemeral: ephemeral)) == nil)
        }
    }

    @Test func sealIsDeterministicGivenTheEphemeralKey() throws {
        let esk = try X25519.SecretKey(rawBytes: [UInt8](repeating: 7, count: 32))
        let a = try SealedBox.seal([1, 2, 3], to: recipient.publicKey, ephemeralSecretKey: esk)
        let b = try SealedBox.seal([1, 2, 3], to: recipient.publicKey, ephemeralSecretKey: esk)
        #expect(a == b)
        let c = try SealedBox.seal(
            [1, 2, 3], to: recipient.publicKey, ephemeralSecretKey: X25519.KeyPair.random().secretKey)
        #expect(a != c)
    }

    @Test func nonceIsBlake2b192OfBothKeys() throws {
        let epk = X25519.KeyPair.random().publicKey
        var expected = [UInt8](repeating: 0, count: 24)
        let input = epk.rawBytes + recipient.publicKey.rawBytes
        crypto_generichash(&expected, 24, input, UInt64(input.count), nil, 0)
        #expect(SealedBox.nonce(ephemeralPublicKey: epk, recipientPublicKey: recipient.publicKey) == expected)
        #expect(SealedBox.nonce(ephemeralPublicKey: recipient.publicKey, recipientPublicKey: epk) != expected)
    }

    @Test func everySingleBitFlipIsRejected() async throws {
        let box = try SealedBox.seal(Array("{\"token\":\"x\"}".utf8), to: recipient.publicKey)
        await propertyCheck(count: 200, input: Gen.int(in: 0...(box.count * 8 - 1))) { bit in
            var flipped = box
            flipped[bit / 8] ^= UInt8(1 << (bit % 8))
            #expect(throws: CryptoError.authenticationFailed) { try SealedBox.open(flipped, recipient: recipient) }
        }
    }

    @Test func shortBoxesAreTruncatedNotTraps() {
        for n in 0..<SealedBox.overhead {
            #expect(throws: CryptoError.truncated(what: "sealed box", minimum: 48, actual: n)) {
                try SealedBox.open([UInt8](repeating: 1, count: n), recipient: recipient)
            }
        }
    }

    @Test func wrongRecipientCannotOpen() throws {
        let box = try SealedBox.seal([9, 9, 9], to: recipient.publicKey)
        #expect(throws: CryptoError.authenticationFailed) { try SealedBox.open(box, recipient: .random()) }
    }

    @Test func lowOrderRecipientIsRefused() {
        let zero = try! X25519.PublicKey(rawBytes: [UInt8](repeating: 0, count: 32))
        #expect(throws: CryptoError.invalidKey(what: "recipient X25519 public key")) {
            try SealedBox.seal([1], to: zero, ephemeralSecretKey: X25519.KeyPair.random().secretKey)
        }
    }
}
