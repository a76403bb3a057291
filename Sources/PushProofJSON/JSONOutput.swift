/// The byte buffer both JSON writers write into.
///
/// Each write reserves room once and then stores through a pointer, so writing a value costs a
/// capacity check, not one per byte (a string reserves its own length; each escape in it
/// reserves its extra bytes when met). Non-copyable: the buffer has exactly one owner, so no
/// copy can outlive a reallocation.
struct JSONOutput: ~Copyable {
    private var base: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    private(set) var count = 0

    init(capacity: Int) {
        self.capacity = max(capacity, 16)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    /// The bytes written, as an array; the buffer is released.
    consuming func finish() -> [UInt8] {
        let bytes = Array(UnsafeBufferPointer(start: base, count: count))
        base.deallocate()
        discard self
        return bytes
    }

    /// Makes room for `extra` more bytes.
    @inline(__always)
    private mutating func reserve(_ extra: Int) {
        if capacity - count < extra { grow(to: count + extra) }
    }

    private mutating func grow(to minimum: Int) {
        let newCapacity = max(minimum, capacity * 2)
        let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newBase.update(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }

    @inline(__always)
    mutating func append(_ byte: UInt8) {
        reserve(1)
        base[count] = byte
        count += 1
    }

    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        reserve(bytes.count)
        if let source = bytes.baseAddress { (base + count).update(from: source, count: bytes.count) }
        count += bytes.count
    }

    /// Text written as it is (number literals, punctuation, indentation).
    mutating func append(raw text: String) {
        JSONOutput.withUTF8(of: text) { append($0) }
    }

    /// `"`, the string's UTF-8 with what JSON requires escaped, `"`.
    mutating func appendQuoted(_ s: String) {
        JSONOutput.withUTF8(of: s) { appendQuoted(utf8: $0) }
    }

    /// Native strings are contiguous UTF-8 (small ones are spilled to the stack); others are
    /// copied once.
    private static func withUTF8(of s: String, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        if s.utf8.withContiguousStorageIfAvailable(body) == nil {
            Array(s.utf8).withUnsafeBufferPointer(body)
        }
    }

    /// Works on the UTF-8 bytes: every byte of a multi-byte sequence is >= 0x80 and is copied
    /// as it is, so only `"`, `\` and bytes below 0x20 need attention. Scanning and copying are
    /// one pass: sixteen or eight bytes are loaded, checked (`JSONOutput.escapeBits`) and
    /// stored as words while none needs escaping; only around an escape (and in strings
    /// shorter than eight bytes) does it go byte by byte. Room is reserved for the string as
    /// it is; an escape reserves its extra bytes when met.
    mutating func appendQuoted(utf8 bytes: UnsafeBufferPointer<UInt8>) {
        let length = bytes.count
        reserve(length + 2)
        var out = base + count
        out.pointee = UInt8(ascii: "\"")
        out += 1
        if let source = bytes.baseAddress {
            // Short strings (most keys and many values): two overlapping words cover them.
            if (length >= 8 && length <= 16 && JSONOutput.copyIfClean(source, length, to: out, as: UInt64.self))
                || (length >= 4 && length < 8 && JSONOutput.copyIfClean(source, length, to: out, as: UInt32.self))
            {
                (out + length).pointee = UInt8(ascii: "\"")
                count = out + length + 1 - base
                return
            }
            var i = 0
            while true {
                while i &+ 16 <= length {
                    let first = UnsafeRawPointer(source + i).loadUnaligned(as: UInt64.self)
                    let second = UnsafeRawPointer(source + i + 8).loadUnaligned(as: UInt64.self)
                    if JSONOutput.escapeBits(first) | JSONOutput.escapeBits(second) != 0 { break }
                    UnsafeMutableRawPointer(out).storeBytes(of: first, as: UInt64.self)
                    UnsafeMutableRawPointer(out + 8).storeBytes(of: second, as: UInt64.self)
                    i &+= 16
                    out += 16
                }
                if i &+ 8 <= length {
                    let word = UnsafeRawPointer(source + i).loadUnaligned(as: UInt64.self)
                    if JSONOutput.escapeBits(word) == 0 {
                        UnsafeMutableRawPointer(out).storeBytes(of: word, as: UInt64.self)
                        i &+= 8
                        out += 8
                    }
                }
                if i < length, i &+ 8 > length, length >= 8 {
                    // Under eight bytes left: the string's last word overlaps bytes already
                    // copied. If none of its eight needs an escape, those were copied one for
                    // one, so storing the word where it belongs rewrites them unchanged.
                    let last = UnsafeRawPointer(source + length - 8).loadUnaligned(as: UInt64.self)
                    if JSONOutput.escapeBits(last) == 0 {
                        UnsafeMutableRawPointer(out - (i - (length - 8))).storeBytes(of: last, as: UInt64.self)
                        out += length - i
                        i = length
                    }
                }
                while i < length, !JSONOutput.isEscaped(source[i]) {
                    out.pointee = source[i]
                    out += 1
                    i &+= 1
                }
                guard i < length else { break }
                // Up to six bytes for the escape instead of one, then the rest and the quote.
                count = out - base
                reserve(6 + (length - i - 1) + 1)
                out = JSONOutput.writeEscape(of: source[i], at: base + count)
                i &+= 1
            }
        }
        out.pointee = UInt8(ascii: "\"")
        out += 1
        count = out - base
    }

    /// For `Word.size <= length <= 2 * Word.size`: if neither the first nor the last word of
    /// `source` (overlapping in the middle) has a byte that needs an escape, stores both at
    /// `out`, which covers the string exactly, and returns true; otherwise writes nothing.
    @inline(__always)
    private static func copyIfClean<Word: FixedWidthInteger & UnsignedInteger>(
        _ source: UnsafePointer<UInt8>, _ length: Int, to out: UnsafeMutablePointer<UInt8>, as _: Word.Type
    ) -> Bool {
        let size = MemoryLayout<Word>.size
        let first = UnsafeRawPointer(source).loadUnaligned(as: Word.self)
        let last = UnsafeRawPointer(source + length - size).loadUnaligned(as: Word.self)
        guard escapeBits(first) | escapeBits(last) == 0 else { return false }
        UnsafeMutableRawPointer(out).storeBytes(of: first, as: Word.self)
        UnsafeMutableRawPointer(out + length - size).storeBytes(of: last, as: Word.self)
        return true
    }

    private static let hexDigits: StaticString = "0123456789abcdef"

    /// Writes the escape of one byte that needs one; returns the position after it.
    private static func writeEscape(of b: UInt8, at out: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
        out[0] = UInt8(ascii: "\\")
        let short: UInt8?
        switch b {
        case UInt8(ascii: "\""): short = UInt8(ascii: "\"")
        case UInt8(ascii: "\\"): short = UInt8(ascii: "\\")
        case 0x08: short = UInt8(ascii: "b")
        case 0x0C: short = UInt8(ascii: "f")
        case 0x0A: short = UInt8(ascii: "n")
        case 0x0D: short = UInt8(ascii: "r")
        case 0x09: short = UInt8(ascii: "t")
        default: short = nil
        }
        if let short {
            out[1] = short
            return out + 2
        }
        out[1] = UInt8(ascii: "u")
        out[2] = UInt8(ascii: "0")
        out[3] = UInt8(ascii: "0")
        out[4] = hexDigits.utf8Start[Int(b >> 4)]
        out[5] = hexDigits.utf8Start[Int(b & 0x0F)]
        return out + 6
    }

    @inline(__always)
    static func isEscaped(_ b: UInt8) -> Bool { b < 0x20 || b == UInt8(ascii: "\"") || b == UInt8(ascii: "\\") }

    /// Nonzero if any of the word's bytes (four or eight) is below 0x20, `"` (0x22) or `\` (0x5C): the "has a
    /// byte less than n" and "has a zero byte" word tricks, sharing their final mask because
    /// XOR with 0x22 or 0x5C leaves every byte's high bit as it was. Borrows may blur *which*
    /// byte matched, never *whether* one did; the caller then looks at the bytes one by one.
    @inline(__always)
    static func escapeBits<Word: FixedWidthInteger & UnsignedInteger>(_ word: Word) -> Word {
        let ones = Word.max / 0xFF  // 0x0101...01
        let highs = ones &* 0x80
        let belowSpace = word &- ones &* 0x20
        let quote = (word ^ (ones &* 0x22)) &- ones
        let backslash = (word ^ (ones &* 0x5C)) &- ones
        return (belowSpace | quote | backslash) & ~word & highs
    }

    /// The decimal digits of `magnitude`, with a leading `-` if `negative` (and `magnitude` is
    /// not zero: the writers never produce `-0`).
    mutating func appendDecimal(_ magnitude: UInt64, negative: Bool) {
        reserve(21)  // 20 digits for UInt64.max, one sign
        var digits = 1
        var probe = magnitude
        while probe >= 10 {
            probe /= 10
            digits &+= 1
        }
        var out = base + count
        if negative && magnitude != 0 {
            out.pointee = UInt8(ascii: "-")
            out += 1
        }
        var rest = magnitude
        var i = digits
        repeat {
            i &-= 1
            let (quotient, remainder) = rest.quotientAndRemainder(dividingBy: 10)
            out[i] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: remainder)
            rest = quotient
        } while i > 0
        count = out + digits - base
    }
}
