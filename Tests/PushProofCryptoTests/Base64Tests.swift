import COpenSSL
import CSodium
import PropertyBased
import PushProofCrypto
import Testing

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
