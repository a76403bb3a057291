/// Keccak-256 as Ethereum uses it: the original Keccak submission's padding (`0x01 ... 0x80`),
/// not FIPS 202's SHA3-256 (`0x06 ... 0x80`). Neither libsodium 1.0.18 nor OpenSSL 3.0 offer it.
///
/// Sponge over Keccak-f[1600]: rate 136 bytes (1088 bits), capacity 512 bits, 32-byte output.
/// The same sponge with the FIPS 202 padding byte is SHA3-256, which OpenSSL does offer: the
/// tests compare the two on inputs of every length across block boundaries, so the permutation
/// is checked against an independent implementation, and Keccak-256 against published answers.
public enum Keccak {
    public static let rate = 136
    public static let digestByteCount = 32

    /// Keccak-256 (Ethereum).
    public static func keccak256(_ message: [UInt8]) -> [UInt8] { sponge(message, padding: 0x01) }

    /// SHA3-256 (FIPS 202), for cross-checking the permutation against OpenSSL. The name keeps the
    /// standard's digit grouping.
    // swift-format-ignore: AlwaysUseLowerCamelCase
    public static func sha3_256(_ message: [UInt8]) -> [UInt8] { sponge(message, padding: 0x06) }

    static func sponge(_ message: [UInt8], padding: UInt8) -> [UInt8] {
        var state = [UInt64](repeating: 0, count: 25)
        var offset = 0
        // Absorb whole blocks.
        while message.count - offset >= rate {
            absorb(message, from: offset, into: &state)
            permute(&state)
            offset += rate
        }
        // The last, padded block: the domain/padding byte after the message, 0x80 in the last byte
        // of the block (both in the same byte when only one byte is left).
        var last = [UInt8](repeating: 0, count: rate)
        last.replaceSubrange(0..<(message.count - offset), with: message[offset...])
        last[message.count - offset] ^= padding
        last[rate - 1] ^= 0x80
        absorb(last, from: 0, into: &state)
        permute(&state)
        // Squeeze: 32 bytes fit in the first block, lanes little-endian.
        var out = [UInt8]()
        out.reserveCapacity(digestByteCount)
        for lane in 0..<(digestByteCount / 8) {
            withUnsafeBytes(of: state[lane].littleEndian) { out.append(contentsOf: $0) }
        }
        return out
    }

    private static func absorb(_ bytes: [UInt8], from start: Int, into state: inout [UInt64]) {
        for lane in 0..<(rate / 8) {
            var word: UInt64 = 0
            for i in 0..<8 { word |= UInt64(bytes[start + lane * 8 + i]) << (8 * UInt64(i)) }
            state[lane] ^= word
        }
    }

    private static let roundConstants: [UInt64] = [
        0x0000_0000_0000_0001, 0x0000_0000_0000_8082, 0x8000_0000_0000_808A, 0x8000_0000_8000_8000,
        0x0000_0000_0000_808B, 0x0000_0000_8000_0001, 0x8000_0000_8000_8081, 0x8000_0000_0000_8009,
        0x0000_0000_0000_008A, 0x0000_0000_0000_0088, 0x0000_0000_8000_8009, 0x0000_0000_8000_000A,
        0x0000_0000_8000_808B, 0x8000_0000_0000_008B, 0x8000_0000_0000_8089, 0x8000_0000_0000_8003,
        0x8000_0000_0000_8002, 0x8000_0000_0000_0080, 0x0000_0000_0000_800A, 0x8000_0000_8000_000A,
        0x8000_0000_8000_8081, 0x8000_0000_0000_8080, 0x0000_0000_8000_0001, 0x8000_0000_8000_8008,
    ]

    /// Rotation offsets r[x + 5y] of the rho step.
    private static let rotations: [UInt64] = [
        0, 1, 62, 28, 27,
        36, 44, 6, 55, 20,
        3, 10, 43, 25, 39,
        41, 45, 15, 21, 8,
        18, 2, 61, 56, 14,
    ]

    @inline(__always)
    private static func rotl(_ x: UInt64, _ n: UInt64) -> UInt64 { n == 0 ? x : (x << n) | (x >> (64 - n)) }

    /// Keccak-f[1600]: 24 rounds of theta, rho, pi, chi, iota over lanes A[x + 5y].
    static func permute(_ a: inout [UInt64]) {
        var c = [UInt64](repeating: 0, count: 5)
        var b = [UInt64](repeating: 0, count: 25)
        for round in 0..<24 {
            // theta
            for x in 0..<5 { c[x] = a[x] ^ a[x + 5] ^ a[x + 10] ^ a[x + 15] ^ a[x + 20] }
            for x in 0..<5 {
                let d = c[(x + 4) % 5] ^ rotl(c[(x + 1) % 5], 1)
                for y in stride(from: 0, to: 25, by: 5) { a[x + y] ^= d }
            }
            // rho and pi: B[y, 2x + 3y] = rot(A[x, y], r[x, y])
            for x in 0..<5 {
                for y in 0..<5 {
                    b[y + 5 * ((2 * x + 3 * y) % 5)] = rotl(a[x + 5 * y], rotations[x + 5 * y])
                }
            }
            // chi
            for y in stride(from: 0, to: 25, by: 5) {
                for x in 0..<5 { a[x + y] = b[x + y] ^ (~b[(x + 1) % 5 + y] & b[(x + 2) % 5 + y]) }
            }
            // iota
            a[0] ^= roundConstants[round]
        }
    }
}
