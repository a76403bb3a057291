import COpenSSL
import CSodium
import PropertyBased
import PushProofCrypto
import Testing

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
