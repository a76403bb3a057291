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

@Suite struct PrimitiveTests {
    @Test func sha256KnownAnswers() {
        #expect(
            Hex.encode(SHA256.hash(Array("abc".utf8)))
                == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(Hex.encode(SHA256.hash([])) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    }

    @Test func hkdfRFC5869TestCases() throws {
        // RFC 5869 A.1
        let okm1 = try HKDF.sha256(
            inputKeyMaterial: SecretBytes(copying: [UInt8](repeating: 0x0b, count: 22)),
            salt: Hex.decode("000102030405060708090a0b0c")!, info: Hex.decode("f0f1f2f3f4f5f6f7f8f9")!,
            outputByteCount: 42)
        #expect(
            Hex.encode(okm1.revealedBytes())
                == "3cb25f25faacd57a90434f64d0362f2a2d2d0a90cf1a5a4c5db02d56ecc4c5bf34007208d5b887185865")
        // RFC 5869 A.3: empty salt and info
        let okm3 = try HKDF.sha256(
            inputKeyMaterial: SecretBytes(copying: [UInt8](repeating: 0x0b, count: 22)),
            salt: [], info: [], outputByteCount: 42)
        #expect(
            Hex.encode(okm3.revealedBytes())
                == "8da4e775a563c18f715f802a063c5a31b8a11f5c5ee1879ec3454e5f3c738d2d9d201395faa4b61a96c8")
        #expect(throws: CryptoError.self) {
            try HKDF.sha256(
                inputKeyMaterial: SecretBytes(copying: [1]), salt: [], info: [], outputByteCount: 255 * 32 + 1)
        }
    }

    /// RFC 5869 A.1 in two steps: Extract gives the PRK the RFC lists, Expand the same OKM as
    /// the one-shot call (MLS's key schedule uses the steps separately).
    @Test func hkdfExtractThenExpand() throws {
        let prk = try HKDF.extract(
            .sha256, salt: SecretBytes(copying: Hex.decode("000102030405060708090a0b0c")!),
            inputKeyMaterial: SecretBytes(copying: [UInt8](repeating: 0x0b, count: 22)))
        #expect(
            Hex.encode(prk.revealedBytes()) == "077709362c2e32df0ddc3f0dc47bba6390b6c73bb50f9c3122ec844ad7c2b3e5")
        let okm = try HKDF.expand(
            .sha256, pseudorandomKey: prk, info: Hex.decode("f0f1f2f3f4f5f6f7f8f9")!, outputByteCount: 42)
        #expect(
            Hex.encode(okm.revealedBytes())
                == "3cb25f25faacd57a90434f64d0362f2a2d2d0a90cf1a5a4c5db02d56ecc4c5bf34007208d5b887185865")
        // The PRK is the hash's length; Expand is bounded by 255 blocks of it.
        let prk512 = try HKDF.extract(.sha512, salt: SecretBytes(copying: []), inputKeyMaterial: prk)
        #expect(prk512.count == 64)
        #expect(
            try HKDF.expand(.sha512, pseudorandomKey: prk512, info: [], outputByteCount: 255 * 64).count == 255 * 64)
        #expect(throws: CryptoError.self) {
            try HKDF.expand(.sha384, pseudorandomKey: prk, info: [], outputByteCount: 255 * 48 + 1)
        }
    }

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
}

extension SealedBoxTests {
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

@Suite struct Base64Tests {
    @Test func roundTrip() async {
        await propertyCheck(count: 300, input: Gen.uint8().array(of: 0...100)) { bytes in
            #expect((try? Base64.decode(Base64.encode(bytes))) == bytes)
            #expect(
                (try? Base64.decode(Base64.encode(bytes, variant: .urlSafeNoPadding), variant: .urlSafeNoPadding))
                    == bytes)
        }
    }

    @Test func strictnessOfTheStandardVariant() throws {
        #expect(
            try Base64.decode("+wKIhyAx/Eg=") == Hex.decode("fb02888720 31fc48".replacingOccurrences(of: " ", with: ""))
        )
        #expect(try Base64.decode("") == [])
        for bad in [
            "+wKIhyAx/Eg", "-wKIhyAx_Eg=", " +wKIhyAx/Eg=", "+wKI\nhyAx/Eg=", "+wKIhyAx/Eh=", "+wKIhyAx/Eg==",
            "+wKIhyAx/Eg=A", "=", "abc", "é", "AA=A",
        ] {
            #expect(throws: Base64.DecodingError.invalid, "\(bad.debugDescription)") { try Base64.decode(bad) }
        }
        #expect(throws: Base64.DecodingError.wrongLength(expected: 8, actual: 9)) {
            try Base64.decode("AAAAAAAAAAAA", byteCount: 8)
        }
    }

    /// libsodium 1.0.18 reads base64 as signed chars, and some bytes above 0x7F pass as symbols
    /// ("QUJDRA" + UTF-8 "é" + "=" decodes to 6 bytes there): no text holding a non-ASCII
    /// character decodes, wherever the character stands, in either decoder.
    @Test func nonASCIIIsNeverBase64() async {
        #expect(throws: Base64.DecodingError.invalid) { try Base64.decode("QUJDRA\u{E9}=") }
        let canonical = Base64.encode([UInt8](repeating: 0x5A, count: 159))
        await propertyCheck(
            count: 200, input: Gen.int(in: 0...(canonical.count - 3)), Gen.uint8(in: 0x80...0xFF)
        ) { at, byte in
            var bytes = Array(canonical.utf8)
            bytes.replaceSubrange(at..<(at + 2), with: [0xC3, byte | 0x80])
            let text = String(decoding: bytes, as: UTF8.self)
            #expect(throws: Base64.DecodingError.invalid) { try Base64.decode(text) }
            #expect(throws: Base64.DecodingError.invalid) { try Base64.decodeSecret(text) }
        }
    }
}

@Suite struct KeccakTests {
    @Test func publishedKeccak256Answers() {
        #expect(Hex.encode(Keccak.keccak256([])) == "c5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470")
        #expect(
            Hex.encode(Keccak.keccak256(Array("abc".utf8)))
                == "4e03657aea45a94fc7d47ba826c8d667c0d1e6e33a64a036ec44f58fa12d6c45")
        #expect(
            Hex.encode(Keccak.keccak256(Array("The quick brown fox jumps over the lazy dog".utf8)))
                == "4d741b6f1eb29cb2a9b9911c82f56fa8d73b04959d3d9d222895df6c0b28aa15")
        // Ethereum's ERC-20 Transfer event topic.
        #expect(
            Hex.encode(Keccak.keccak256(Array("Transfer(address,address,uint256)".utf8)))
                == "ddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef")
    }

    @Test func sha3VariantMatchesOpenSSLAcrossBlockBoundaries() {
        for length in [0, 1, 134, 135, 136, 137, 271, 272, 273, 1000] {
            let message = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
            var expected = [UInt8](repeating: 0, count: 32)
            #expect(pushproof_sha3_256(message, message.count, &expected) == 1)
            #expect(Keccak.sha3_256(message) == expected, "length \(length)")
        }
    }

    @Test func sha3MatchesOpenSSLOnRandomInputs() async {
        await propertyCheck(count: 200, input: Gen.uint8().array(of: 0...600)) { message in
            var expected = [UInt8](repeating: 0, count: 32)
            _ = pushproof_sha3_256(message, message.count, &expected)
            #expect(Keccak.sha3_256(message) == expected)
            #expect(Keccak.keccak256(message) != expected, "the padding must separate Keccak-256 from SHA3-256")
        }
    }
}
