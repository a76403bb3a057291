import CatbirdMLS
import PushProofCrypto
import Testing

/// The KeyPackage as openmls 0.8.1 reads it: what RFC 9420's exact reading would answer
/// otherwise.
@Suite struct OpenMLSDecodingTests {
    let good = deployedKeyPackage(key: deviceKey, lifetime: Lifetime(notBefore: now - 60, notAfter: now + 86_400))

    func decodeCode(_ bytes: [UInt8]) -> String? {
        do {
            _ = try OpenMLSKeyPackage.decodeMessage(bytes)
            return nil
        } catch { return error.code }
    }

    @Test func aValidKeyPackageIsWrittenAgainAsItCame() throws {
        let message = MLSMessage.keyPackage(good).encoded
        let kp = try OpenMLSKeyPackage.decodeMessage(message)
        #expect(kp.encoded == good.encoded)
        #expect(kp.tbs == good.tbs)
        #expect(kp.leafNode.tbs == good.leafNode.tbs())
        #expect(kp.keyPackage == good)
    }

    @Test func aKeyPackageVersionOtherThanTheMessagesIsADecodingError() {
        for version: UInt16 in [0, 2, 0x0100] {
            var kp = good
            kp.version = version
            #expect(decodeCode(MLSMessage.keyPackage(kp).encoded) == "MALFORMED", "version \(version)")
        }
    }

    @Test func anOddCapabilityLengthReadsOnAndIsNotWrittenAgainAsItCame() throws {
        // versions<V> declared 3 bytes long: tls_codec reads u16s until their sizes reach 3, i.e.
        // two of them (4 bytes), and writes the length 4 back.
        var kp = good
        kp.leafNode.capabilities.versions = [1, 0x004D]
        var bytes = MLSMessage.keyPackage(kp).encoded
        let versions: [UInt8] = [4, 0, 1, 0, 0x4D, 2, 0, 0x4D]  // versions<V>, then cipher_suites<V>
        let at = try #require(
            (0...(bytes.count - versions.count)).first { Array(bytes[$0..<($0 + versions.count)]) == versions })
        bytes[at] = 3
        let decoded = try OpenMLSKeyPackage.decodeMessage(bytes)
        #expect(decoded.leafNode.capabilities.versions == [1, 0x004D])
        let again: [UInt8] = [0, 1, 0, 5] + decoded.encoded
        #expect(again != bytes && again[at] == 4)
    }

    @Test func anyCredentialTypeDecodesWithOpaqueContent() throws {
        var bytes = MLSMessage.keyPackage(good).encoded
        let at = 4 + 4 + 2 + 1216 + 2 + 1216 + 1 + 32
        #expect(bytes[at] == 0 && bytes[at + 1] == 1)
        bytes[at] = 0xFF
        bytes[at + 1] = 0xFF
        let kp = try OpenMLSKeyPackage.decodeMessage(bytes)
        #expect(kp.leafNode.credentialType == 0xFFFF)
        #expect(kp.leafNode.credentialContent == Array(deviceIdentity.utf8))
    }

    @Test func knownExtensionDataIsDecodedAndWrittenBack() throws {
        // last_resort's data is an empty struct: bytes inside it are dropped when written again.
        var kp = good
        kp.extensions = [MLSExtension(type: 10, data: [])]
        let clean = try OpenMLSKeyPackage.decodeMessage(MLSMessage.keyPackage(kp).encoded)
        #expect(clean.extensions == [MLSExtension(type: 10, data: [])])
        // application_id with no byte for its key_id's length: tls_codec's InvalidVectorLength.
        kp.extensions = [MLSExtension(type: 1, data: [])]
        #expect(decodeCode(MLSMessage.keyPackage(kp).encoded) == "NON_CANONICAL_ENCODING")
        // An unknown type keeps its bytes.
        kp.extensions = [MLSExtension(type: 0xF000, data: [1, 2, 3])]
        let unknown = try OpenMLSKeyPackage.decodeMessage(MLSMessage.keyPackage(kp).encoded)
        #expect(unknown.extensions == kp.extensions)
    }

    @Test func theFirstFaultReadIsTheAnswer() {
        var kp = good
        kp.cipherSuite = 0x004E
        let bytes = MLSMessage.keyPackage(kp).encoded
        #expect(decodeCode(Array(bytes.dropLast())) == "MALFORMED")
        #expect(decodeCode(bytes + [0]) == "MALFORMED")
        #expect(decodeCode(Array(MLSMessage.keyPackage(good).encoded.dropLast())) == "TRUNCATED")
        #expect(decodeCode(MLSMessage.keyPackage(good).encoded + [0]) == "TRAILING_DATA")
    }
}
