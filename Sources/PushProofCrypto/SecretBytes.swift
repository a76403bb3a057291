import CSodium

/// Bytes of secret key material. The buffer is owned by this object, never copied implicitly,
/// and overwritten with zeros (`sodium_memzero`, which the optimiser may not remove) when the
/// last reference goes away. Its description shows only the length.
public final class SecretBytes: @unchecked Sendable, CustomStringConvertible {
    // Immutable after init, so sharing across threads is safe.
    private let buffer: UnsafeMutableRawBufferPointer

    public var count: Int { buffer.count }

    private init(zeroedCount count: Int) {
        Sodium.ensureInitialised()
        buffer = .allocate(byteCount: max(count, 0), alignment: 16)
        buffer.initializeMemory(as: UInt8.self, repeating: 0)
    }

    /// Copies `bytes` into a new secret buffer. The caller stays responsible for its own copy.
    public convenience init(copying bytes: some Collection<UInt8>) {
        self.init(zeroedCount: bytes.count)
        _ = buffer.initializeMemory(as: UInt8.self, from: bytes)
    }

    /// A fresh buffer of `count` random bytes from the system CSPRNG.
    public static func random(count: Int) -> SecretBytes {
        let secret = SecretBytes(zeroedCount: count)
        if count > 0 { randombytes_buf(secret.buffer.baseAddress!, secret.buffer.count) }
        return secret
    }

    /// A buffer filled in place by `body`, so that the secret never exists in an ordinary array.
    static func filled(count: Int, _ body: (UnsafeMutableRawBufferPointer) throws -> Void) rethrows -> SecretBytes {
        let secret = SecretBytes(zeroedCount: count)
        try body(secret.buffer)
        return secret
    }

    deinit {
        if let base = buffer.baseAddress { sodium_memzero(base, buffer.count) }
        buffer.deallocate()
    }

    public func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try body(UnsafeRawBufferPointer(buffer))
    }

    /// An ordinary copy of the secret, for the few places that must show it (test vectors,
    /// the conformance operations). Everything else should keep the `SecretBytes`.
    public func revealedBytes() -> [UInt8] { Array(UnsafeRawBufferPointer(buffer)) }

    /// Constant-time comparison of contents (lengths are not secret).
    public func constantTimeEquals(_ other: SecretBytes) -> Bool {
        other.withUnsafeBytes { ConstantTime.equal(UnsafeRawBufferPointer(buffer), $0) }
    }

    public var description: String { "SecretBytes(\(count) bytes)" }
}
