import CSodium

/// Edwards25519 points and scalars as their 32-byte encodings, through libsodium's core
/// functions: what RFC 8032 §5.1.7's cofactored verification needs, and what it takes to build
/// signatures that only some verifiers accept (small-order keys, an R with a small-order part).
public enum Ed25519Points {
    /// The neutral element (0, 1).
    public static let identity: [UInt8] = [1] + [UInt8](repeating: 0, count: 31)

    /// The group order L, little-endian.
    static let order: [UInt8] = Hex.decode("edd3f55c1a631258d69cf7a2def9de1400000000000000000000000000000010")!

    /// p = 2^255 - 19, little-endian.
    static let prime: [UInt8] = [0xED] + [UInt8](repeating: 0xFF, count: 30) + [0x7F]

    /// P + Q, both on the curve (any order); nil if either is not a point. The result is canonical.
    public static func add(_ p: [UInt8], _ q: [UInt8]) -> [UInt8]? {
        guard p.count == 32, q.count == 32 else { return nil }
        Sodium.ensureInitialised()
        var r = [UInt8](repeating: 0, count: 32)
        return crypto_core_ed25519_add(&r, p, q) == 0 ? r : nil
    }

    /// [n]P by doubling and adding: any point, any order.
    public static func multiply(_ n: UInt64, _ p: [UInt8]) -> [UInt8]? {
        var result = identity
        var addend = p
        var k = n
        while k > 0 {
            if k & 1 == 1 {
                guard let sum = add(result, addend) else { return nil }
                result = sum
            }
            k >>= 1
            if k > 0 {
                guard let twice = add(addend, addend) else { return nil }
                addend = twice
            }
        }
        return result
    }

    /// [s]B for a scalar below L (0 gives the identity).
    public static func base(_ s: [UInt8]) -> [UInt8] {
        Sodium.ensureInitialised()
        var q = [UInt8](repeating: 0, count: 32)
        // Refuses s = 0 (and still writes the identity).
        _ = crypto_scalarmult_ed25519_base_noclamp(&q, s)
        return s.allSatisfy { $0 == 0 } ? identity : q
    }

    /// [s]P for P of prime order L (or the identity) and any scalar.
    static func multiplyPrimeOrder(_ s: [UInt8], _ p: [UInt8]) -> [UInt8] {
        if p == identity { return identity }
        var q = [UInt8](repeating: 0, count: 32)
        // Refuses a result at infinity (and still writes it).
        _ = crypto_scalarmult_ed25519_noclamp(&q, s, p)
        return q
    }

    /// [s]P for any point P and any 32-byte little-endian scalar. P splits into its prime-order
    /// part P' = [8⁻¹ mod L]([8]P) and its torsion T = P - P' (order dividing 8), so that
    /// [s]P = [s mod L]P' + [s mod 8]T: two of libsodium's scalar multiplications and a few
    /// additions, where doubling and adding over all 256 bits would decode a point 768 times.
    public static func multiply(scalar s: [UInt8], _ p: [UInt8]) -> [UInt8]? {
        guard s.count == 32, let p8 = multiply(8, p) else { return nil }
        let low = UInt64(s[0] & 7)
        // A point of small order is all torsion.
        if p8 == identity { return multiply(low, p) }
        let primePart = multiplyPrimeOrder(inverseOfEight, p8)
        var torsion = [UInt8](repeating: 0, count: 32)
        guard crypto_core_ed25519_sub(&torsion, p, primePart) == 0, let t = multiply(low, torsion) else { return nil }
        let reduced = reduce(s + [UInt8](repeating: 0, count: 32))
        return add(multiplyPrimeOrder(reduced, primePart), t)
    }

    /// 8⁻¹ modulo L, little-endian.
    static let inverseOfEight: [UInt8] = {
        var inverse = [UInt8](repeating: 0, count: 32)
        Sodium.ensureInitialised()
        _ = crypto_core_ed25519_scalar_invert(&inverse, [8] + [UInt8](repeating: 0, count: 31))
        return inverse
    }()

    /// Whether a point's order divides 8 ([8]P is the identity).
    public static func hasSmallOrder(_ p: [UInt8]) -> Bool { multiply(8, p) == identity }

    /// A 64-byte value reduced modulo L.
    public static func reduce(_ wide: [UInt8]) -> [UInt8] {
        var r = [UInt8](repeating: 0, count: 32)
        crypto_core_ed25519_scalar_reduce(&r, wide)
        return r
    }

    /// x · y + z modulo L.
    public static func multiplyAdd(_ x: [UInt8], _ y: [UInt8], _ z: [UInt8]) -> [UInt8] {
        var product = [UInt8](repeating: 0, count: 32)
        crypto_core_ed25519_scalar_mul(&product, x, y)
        var sum = [UInt8](repeating: 0, count: 32)
        crypto_core_ed25519_scalar_add(&sum, product, z)
        return sum
    }

    /// The challenge k = SHA-512(R || A || M) modulo L, over the bytes as given.
    public static func challenge(_ r: [UInt8], _ key: [UInt8], _ message: [UInt8]) -> [UInt8] {
        reduce(SHA2.sha512(r + key + message))
    }

    /// Whether little-endian `a` is below little-endian `b`.
    static func below(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        for i in stride(from: 31, through: 0, by: -1) where a[i] != b[i] { return a[i] < b[i] }
        return false
    }

    /// RFC 8032 §5.1.3's decoding: y below p, x = 0 only without the sign bit, a point.
    /// Returns the point's canonical encoding (the input itself when it decodes).
    static func decodeCanonical(_ encoded: [UInt8]) -> [UInt8]? {
        guard encoded.count == 32 else { return nil }
        var y = encoded
        y[31] &= 0x7F
        guard below(y, prime) else { return nil }
        let minusOne = [0xEC] + [UInt8](repeating: 0xFF, count: 30) + [0x7F]
        if encoded[31] & 0x80 != 0, y == identity || y == minusOne { return nil }
        return add(encoded, identity)
    }

    /// Ed25519 verification as libcrux-ed25519 (HACL*) does it: A and R decoded (§5.1.3: y below
    /// p, not x = 0 with the sign bit), S below L, then [S]B = R + [k]A as points. Cofactorless,
    /// and neither A nor R is checked for small order, so a small-order key or R can verify.
    public static func verifyCofactorless(key: [UInt8], message: [UInt8], signature: [UInt8]) -> Bool {
        guard key.count == 32, signature.count == 64 else { return false }
        let rBytes = Array(signature[..<32])
        let s = Array(signature[32...])
        guard let a = decodeCanonical(key), let r = decodeCanonical(rBytes), below(s, order) else { return false }
        // With neither A nor R of small order this is libsodium's verification (which refuses
        // only those beyond it), so the slow arithmetic below runs only where they part.
        if !hasSmallOrder(a), !hasSmallOrder(r) {
            Sodium.ensureInitialised()
            return crypto_sign_verify_detached(signature, message, UInt64(message.count), key) == 0
        }
        let k = challenge(rBytes, key, message)
        guard let kA = multiply(scalar: k, a), let right = add(r, kA) else { return false }
        return base(s) == right
    }

    /// RFC 8032 §5.1.7 with the cofactor: A and R decoded (§5.1.3), S below L, then
    /// [8][S]B = [8]R + [8][k]A. Small-order keys and R are accepted.
    public static func verifyCofactored(key: [UInt8], message: [UInt8], signature: [UInt8]) -> Bool {
        guard key.count == 32, signature.count == 64 else { return false }
        let rBytes = Array(signature[..<32])
        let s = Array(signature[32...])
        guard let a = decodeCanonical(key), let r = decodeCanonical(rBytes), below(s, order) else { return false }
        let k = challenge(rBytes, key, message)
        guard let eightA = multiply(8, a), let eightR = multiply(8, r), let left = multiply(8, base(s)),
            let right = add(eightR, multiplyPrimeOrder(k, eightA))
        else { return false }
        return left == right
    }
}
