import CSodium

/// Comparisons whose running time does not depend on where two secrets differ.
public enum ConstantTime {
    /// True when both buffers hold the same bytes. Different lengths compare unequal at once:
    /// lengths are public in every protocol here.
    public static func equal(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Bool {
        guard a.count == b.count else { return false }
        guard a.count > 0 else { return true }
        Sodium.ensureInitialised()
        return sodium_memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0
    }

    public static func equal(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        a.withUnsafeBytes { pa in b.withUnsafeBytes { pb in equal(pa, pb) } }
    }
}
