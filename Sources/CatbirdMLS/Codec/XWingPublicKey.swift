import PushProofCrypto

/// Checks of an X-Wing public key (draft-connolly-cfrg-xwing-kem-06: the ML-KEM-768
/// encapsulation key, then the X25519 key; 1216 bytes) as a KeyPackage validator makes them
/// without decapsulating anything.
public enum XWingPublicKey {
    public static let byteCount = 1216
    /// ML-KEM-768: 3 × 384 bytes of 12-bit coefficients, then the 32-byte seed ρ (FIPS 203).
    public static let mlKemByteCount = 1184
    static let coefficientBytes = 1152
    /// The ML-KEM modulus q.
    public static let q: UInt16 = 3329

    public enum Problem: Equatable, Sendable {
        case wrongLength(Int)
        /// FIPS 203 §7.2's modulus check: a coefficient of t̂ at or above q.
        case coefficientOutOfRange(index: Int)
        /// The X25519 part read as a little-endian integer is not below 2^255 - 19.
        case x25519NotCanonical
        /// The X25519 part is one of the points of small order.
        case x25519LowOrder
    }

    /// The first problem found, in the order listed, or nil for a valid key.
    public static func problem(_ key: [UInt8]) -> Problem? {
        guard key.count == byteCount else { return .wrongLength(key.count) }
        var i = 0
        while i < coefficientBytes {
            let (b0, b1, b2) = (UInt16(key[i]), UInt16(key[i + 1]), UInt16(key[i + 2]))
            if b0 | (b1 & 0x0F) << 8 >= q { return .coefficientOutOfRange(index: i / 3 * 2) }
            if b1 >> 4 | b2 << 4 >= q { return .coefficientOutOfRange(index: i / 3 * 2 + 1) }
            i += 3
        }
        let x = Array(key[mlKemByteCount...])
        guard isCanonical(x) else { return .x25519NotCanonical }
        guard !lowOrderPoints.contains(x) else { return .x25519LowOrder }
        return nil
    }

    /// p = 2^255 - 19, little-endian.
    static let p: [UInt8] = [0xED] + [UInt8](repeating: 0xFF, count: 30) + [0x7F]

    static func isCanonical(_ u: [UInt8]) -> Bool {
        for i in stride(from: 31, through: 0, by: -1) where u[i] != p[i] { return u[i] < p[i] }
        return false  // equal to p
    }

    /// The canonical encodings of Curve25519's points of order 1, 2, 4 and 8 (u = 0, 1, p - 1, and
    /// the two points of order 8).
    static let lowOrderPoints: Set<[UInt8]> = [
        [UInt8](repeating: 0, count: 32),
        [1] + [UInt8](repeating: 0, count: 31),
        [0xEC] + [UInt8](repeating: 0xFF, count: 30) + [0x7F],
        Hex.decode("e0eb7a7c3b41b8ae1656e3faf19fc46ada098deb9c32b1fd866205165f49b800")!,
        Hex.decode("5f9c95bca3508c24b1d0b1559c83ef5b04445cc4581c8e86d8224eddd09f1157")!,
    ]

    /// A valid key made deterministically from `seed`: coefficients below q and ρ drawn from a
    /// SHA-256 stream, and the X25519 public key of a seeded key pair. Enough for validation
    /// vectors, which never encapsulate to it.
    public static func make(seed: [UInt8]) -> [UInt8] {
        var stream: [UInt8] = []
        var counter: UInt32 = 0
        func next() -> UInt8 {
            if stream.isEmpty {
                stream = SHA256.hash(seed + Array("xwing".utf8) + withUnsafeBytes(of: counter.bigEndian) { Array($0) })
                counter += 1
            }
            return stream.removeFirst()
        }
        func coefficient() -> UInt16 {
            while true {
                let v = (UInt16(next()) << 8 | UInt16(next())) & 0x0FFF
                if v < q { return v }
            }
        }
        var key: [UInt8] = []
        key.reserveCapacity(byteCount)
        for _ in 0..<(coefficientBytes / 3) {
            let (a, b) = (coefficient(), coefficient())
            key += [UInt8(a & 0xFF), UInt8(a >> 8 | (b & 0x0F) << 4), UInt8(b >> 4)]
        }
        for _ in 0..<32 { key.append(next()) }
        let x25519 = try! X25519.KeyPair(seed: SHA256.hash(seed + Array("xwing/x25519".utf8)))
        return key + x25519.publicKey.rawBytes
    }
}
