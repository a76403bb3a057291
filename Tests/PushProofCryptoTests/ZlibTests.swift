import PropertyBased
import PushProofCrypto
import Testing

/// Every result of inflating, now classified in Swift, and the cap at its exact boundary.
@Suite struct ZlibTests {
    let text = Array(String(repeating: "explode settings ", count: 40).utf8)

    @Test func inflatePrefixKeepsWhatFitsAndRefusesBrokenStreams() throws {
        let packed = Zlib.deflate(text, format: .raw)
        #expect(try Zlib.inflatePrefix(packed, format: .raw, capacity: text.count) == text)  // exactly fits
        #expect(try Zlib.inflatePrefix(packed, format: .raw, capacity: text.count + 5) == text)  // room to spare
        // Less room: the first bytes, not an error.
        #expect(try Zlib.inflatePrefix(packed, format: .raw, capacity: 7) == Array(text.prefix(7)))
        #expect(try Zlib.inflatePrefix(packed, format: .raw, capacity: 0) == [])
        // A stream that stops short of the room, or has bytes after its end, is refused.
        #expect(throws: Zlib.Failure.truncated) {
            try Zlib.inflatePrefix(Array(packed.prefix(packed.count / 2)), format: .raw, capacity: text.count + 5)
        }
        #expect(throws: Zlib.Failure.trailingData) {
            try Zlib.inflatePrefix(packed + [0], format: .raw, capacity: text.count + 5)
        }
        #expect(throws: Zlib.Failure.badData) {
            try Zlib.inflatePrefix([0xFF, 0xFF], format: .raw, capacity: 64)  // block type 3 does not exist
        }
    }

    @Test(arguments: [Zlib.Format.raw, .zlib, .gzip])
    func roundTripAndTheCapAtItsBoundary(_ format: Zlib.Format) throws {
        let packed = Zlib.deflate(text, format: format)
        #expect(packed.count < text.count)
        #expect(try Zlib.inflate(packed, format: format, limit: text.count) == text)  // exactly at the cap
        #expect(throws: Zlib.Failure.tooLarge(limit: text.count - 1)) {
            try Zlib.inflate(packed, format: format, limit: text.count - 1)
        }
        #expect(throws: Zlib.Failure.truncated) {
            try Zlib.inflate(Array(packed.dropLast(packed.count / 2)), format: format, limit: 1 << 16)
        }
        #expect(throws: Zlib.Failure.trailingData) { try Zlib.inflate(packed + [0], format: format, limit: 1 << 16) }
        #expect(try Zlib.inflate(Zlib.deflate([], format: format), format: format, limit: 0) == [])
    }

    @Test func badStreamsAndWrongFormats() {
        #expect(throws: Zlib.Failure.badData) { try Zlib.inflate([0xFF, 0xFF, 0xFF, 0xFF], format: .zlib, limit: 100) }
        #expect(throws: Zlib.Failure.badData) {
            try Zlib.inflate(Zlib.deflate(text, format: .raw), format: .gzip, limit: 1 << 16)
        }
        var gzip = Zlib.deflate(text, format: .gzip)
        gzip[gzip.count - 5] ^= 1  // the CRC-32
        #expect(throws: Zlib.Failure.badData) { try Zlib.inflate(gzip, format: .gzip, limit: 1 << 16) }
        #expect(throws: Zlib.Failure.truncated) { try Zlib.inflate([], format: .zlib, limit: 100) }
    }

    @Test func arbitraryBytesNeverTrapAndRoundTrip() async {
        await propertyCheck(count: 200, input: Gen<UInt8>.value(in: 0...255).array(of: 0...600)) { bytes in
            for format in [Zlib.Format.raw, .zlib, .gzip] {
                #expect(
                    (try? Zlib.inflate(Zlib.deflate(bytes, format: format), format: format, limit: bytes.count))
                        == bytes)
                _ = try? Zlib.inflate(bytes, format: format, limit: 256)
            }
        }
    }
}
