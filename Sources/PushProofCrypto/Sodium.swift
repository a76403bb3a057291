import CSodium

/// libsodium must be initialised once before any other call. A `static let` is initialised
/// exactly once, under a lock, the first time it is read, which makes `sodium_init` safe to
/// reach from any thread; every entry point of this module reads it first.
enum Sodium {
    private static let initialised: Bool = sodium_init() >= 0

    static func ensureInitialised() {
        // sodium_init fails only when the system has no source of randomness: no caller can
        // recover from that, and carrying on would produce predictable keys.
        precondition(initialised, "libsodium could not be initialised (no system randomness)")
    }
}

/// Fills a fresh array with bytes from the operating system's CSPRNG.
public func secureRandomBytes(count: Int) -> [UInt8] {
    Sodium.ensureInitialised()
    var bytes = [UInt8](repeating: 0, count: count)
    if count > 0 { bytes.withUnsafeMutableBytes { randombytes_buf($0.baseAddress!, $0.count) } }
    return bytes
}
