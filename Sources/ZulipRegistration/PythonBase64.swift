/// A model of Python's non-validating `base64.b64decode` (CPython `binascii.a2b_base64` with
/// `strict_mode=False`), which is what PyNaCl's `Base64Encoder` and so the deployed bouncer
/// use. It exists only to compute what the deployed bouncer answers to non-canonical base64;
/// the reference bouncer itself decodes strictly.
///
/// The bouncer decodes the request field's UTF-8 bytes (`.encode("utf-8")` first), so its rules
/// are those of bytes: any byte outside `A-Za-z0-9+/=` is skipped (whitespace, `-`, `_`, the
/// bytes of non-ASCII characters); a `=` that completes a quantum ends decoding and the
/// rest is ignored; a stray `=` elsewhere is skipped; leftover symbols at the end raise
/// "Incorrect padding" (or the "1 more than a multiple of 4" error). Non-zero trailing bits
/// are accepted and dropped.
enum PythonBase64 {
    enum Failure: Error, Equatable {
        case incorrectPadding
        case oneMoreThanMultipleOfFour
    }

    /// `base64.b64decode(text, validate=True)`: the text must match `[A-Za-z0-9+/]*={0,2}`
    /// ("Non-base64 digit found" otherwise), then it decodes as above (padding checked, unused
    /// bits ignored).
    static func decodeValidating(_ text: String) -> [UInt8]? {
        let bytes = Array(text.utf8)
        var end = bytes.count
        while end > 0, bytes.count - end < 2, bytes[end - 1] == UInt8(ascii: "=") { end -= 1 }
        guard bytes[..<end].allSatisfy({ value($0) != nil }) else { return nil }
        return try? decode(text).get()
    }

    static func decode(_ text: String) -> Result<[UInt8], Failure> {
        var out: [UInt8] = []
        var quadPosition = 0
        var pads = 0
        var leftChar: UInt8 = 0
        for c in text.utf8 {
            if c == UInt8(ascii: "=") {
                if quadPosition >= 2 {
                    pads += 1
                    if quadPosition + pads >= 4 { return .success(out) }
                }
                continue
            }
            guard let v = value(c) else { continue }
            pads = 0
            switch quadPosition {
            case 0:
                leftChar = v
                quadPosition = 1
            case 1:
                out.append(leftChar << 2 | v >> 4)
                leftChar = v & 0x0F
                quadPosition = 2
            case 2:
                out.append(leftChar << 4 | v >> 2)
                leftChar = v & 0x03
                quadPosition = 3
            default:
                out.append(leftChar << 6 | v)
                leftChar = 0
                quadPosition = 0
            }
        }
        switch quadPosition {
        case 0: return .success(out)
        case 1: return .failure(.oneMoreThanMultipleOfFour)
        default: return .failure(.incorrectPadding)
        }
    }

    private static func value(_ c: UInt8) -> UInt8? {
        switch c {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): return c - UInt8(ascii: "A")
        case UInt8(ascii: "a")...UInt8(ascii: "z"): return c - UInt8(ascii: "a") + 26
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return c - UInt8(ascii: "0") + 52
        case UInt8(ascii: "+"): return 62
        case UInt8(ascii: "/"): return 63
        default: return nil
        }
    }
}
