import COpenSSL
import CSodium
import PropertyBased
import PushProofCrypto
import Testing

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
}
