import CSodium
import ExtrasBase64

/// Strict base64 (RFC 4648) through libsodium's codec.
///
/// "Strict" means: only the variant's alphabet, no whitespace, padding exactly as the variant
/// requires, and canonical trailing bits (the unused low bits of the last symbol are zero), so
/// every byte string has exactly one accepted encoding.
public enum Base64 {
    public enum Variant: Sendable {
        /// RFC 4648 section 4: alphabet `+/`, `=` padding. Zulip's wire format.
        case standard
        /// RFC 4648 section 5 without padding: alphabet `-_`.
        case urlSafeNoPadding

        var sodiumVariant: Int32 {
            switch self {
            case .standard: return sodium_base64_VARIANT_ORIGINAL
            case .urlSafeNoPadding: return sodium_base64_VARIANT_URLSAFE_NO_PADDING
            }
        }
    }

    public enum DecodingError: Error, Equatable, Sendable, CustomStringConvertible {
        /// The text is not a canonical encoding in the requested variant.
        case invalid
        /// The text decodes, but not to the required number of bytes.
        case wrongLength(expected: Int, actual: Int)

        public var description: String {
            switch self {
            case .invalid: return "not valid base64"
            case .wrongLength(let expected, let actual):
                return "base64 decodes to \(actual) bytes, expected \(expected)"
            }
        }
    }

    /// Encodes public bytes (ciphertexts, public keys, hashes) with swift-extras-base64's fast
    /// encoder; secrets go through `encode(secret:)`.
    public static func encode(_ bytes: [UInt8], variant: Variant = .standard) -> String {
        switch variant {
        case .standard:
            return ExtrasBase64.Base64.encodeToString(bytes: bytes)
        case .urlSafeNoPadding:
            return ExtrasBase64.Base64.encodeToString(
                bytes: bytes, options: [.base64UrlAlphabet, .omitPaddingCharacter])
        }
    }

    /// Encodes secret bytes with libsodium's constant-time encoder, so that the time taken
    /// does not depend on the secret's value.
    public static func encode(secret: SecretBytes, variant: Variant = .standard) -> String {
        secret.withUnsafeBytes { encodeConstantTime(Array($0), variant: variant) }
    }

    static func encodeConstantTime(_ bytes: [UInt8], variant: Variant) -> String {
        Sodium.ensureInitialised()
        let length = sodium_base64_encoded_len(bytes.count, variant.sodiumVariant)
        var out = [CChar](repeating: 0, count: length)
        _ = sodium_bin2base64(&out, length, bytes, bytes.count, variant.sodiumVariant)
        return out.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }

    public static func decode(_ text: String, variant: Variant = .standard) throws(DecodingError) -> [UInt8] {
        Sodium.ensureInitialised()
        let input = Array(text.utf8)
        if input.isEmpty { return [] }
        // libsodium 1.0.18 reads its input as signed chars, and some bytes above 0x7F then pass as
        // symbols of the alphabet (a UTF-8 `é` among base64 text decodes): refuse them first.
        guard input.allSatisfy({ $0 < 0x80 }) else { throw .invalid }
        // Every 4 symbols give at most 3 bytes.
        var out = [UInt8](repeating: 0, count: (input.count / 4 + 1) * 3)
        var written = 0
        var end: UnsafePointer<CChar>? = nil
        let status = input.withUnsafeBufferPointer { raw in
            raw.withMemoryRebound(to: CChar.self) { chars in
                let status = sodium_base642bin(
                    &out, out.count, chars.baseAddress!, chars.count, nil,
                    &written, &end, variant.sodiumVariant)
                // libsodium stops at the first byte it cannot use; demand that it used them all.
                let consumed = end.map { $0 - chars.baseAddress! } ?? -1
                return status == 0 && consumed == chars.count ? 0 : -1
            }
        }
        guard status == 0 else { throw .invalid }
        return Array(out[0..<written])
    }

    /// Decodes secret key material straight into `SecretBytes` with libsodium's constant-time
    /// decoder; the same strictness as `decode`.
    public static func decodeSecret(_ text: String, variant: Variant = .standard) throws(DecodingError) -> SecretBytes {
        Sodium.ensureInitialised()
        let input = Array(text.utf8)
        guard input.allSatisfy({ $0 < 0x80 }) else { throw .invalid }  // as in `decode`
        let capacity = (input.count / 4 + 1) * 3
        var written = 0
        var ok = false
        let scratch = SecretBytes.filled(count: capacity) { out in
            input.withUnsafeBufferPointer { raw in
                raw.withMemoryRebound(to: CChar.self) { chars in
                    guard let base = chars.baseAddress else {
                        ok = true
                        return
                    }
                    var end: UnsafePointer<CChar>? = nil
                    let status = sodium_base642bin(
                        out.bindMemory(to: UInt8.self).baseAddress!, capacity, base, chars.count, nil,
                        &written, &end, variant.sodiumVariant)
                    ok = status == 0 && end.map { $0 - base } == chars.count
                }
            }
        }
        guard ok else { throw .invalid }
        return scratch.withUnsafeBytes { SecretBytes(copying: $0.prefix(written)) }
    }

    /// Decodes and requires an exact decoded length.
    public static func decode(_ text: String, byteCount: Int, variant: Variant = .standard) throws(DecodingError)
        -> [UInt8]
    {
        let bytes = try decode(text, variant: variant)
        guard bytes.count == byteCount else { throw .wrongLength(expected: byteCount, actual: bytes.count) }
        return bytes
    }
}
