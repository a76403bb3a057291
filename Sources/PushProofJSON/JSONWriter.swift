/// Writes `JSONValue`s byte for byte predictably.
///
/// Compact form: no whitespace at all, members in the value's order: the form of every
/// plaintext the protocols encrypt. Strings escape only what JSON requires (`"`, `\`, control
/// characters, with the short escapes where JSON has one and `\u00xx` otherwise); `/` and
/// non-ASCII characters are written as they are, as Dart's `jsonEncode` does.
///
/// Pretty form: two-space indent, `": "` between key and value, a final newline: the form of
/// the committed vector files.
public enum JSONWriter {
    public static func compact(_ value: JSONValue) -> String {
        String(decoding: compactBytes(value), as: UTF8.self)
    }

    public static func compactBytes(_ value: JSONValue) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(256)
        write(value, into: &out, indent: nil, level: 0)
        return out
    }

    public static func pretty(_ value: JSONValue) -> String {
        var out: [UInt8] = []
        write(value, into: &out, indent: Array("  ".utf8), level: 0)
        out.append(UInt8(ascii: "\n"))
        return String(decoding: out, as: UTF8.self)
    }

    private static func write(_ value: JSONValue, into out: inout [UInt8], indent: [UInt8]?, level: Int) {
        switch value {
        case .null: out += "null".utf8
        case let .bool(b): out += (b ? "true" : "false").utf8
        case let .number(n): out += n.utf8
        case let .string(s): writeString(s, into: &out)
        case let .array(elements):
            if elements.isEmpty { out += "[]".utf8; return }
            out.append(UInt8(ascii: "["))
            for (i, element) in elements.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                newline(&out, indent, level + 1)
                write(element, into: &out, indent: indent, level: level + 1)
            }
            newline(&out, indent, level)
            out.append(UInt8(ascii: "]"))
        case let .object(members):
            if members.isEmpty { out += "{}".utf8; return }
            out.append(UInt8(ascii: "{"))
            for (i, member) in members.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                newline(&out, indent, level + 1)
                writeString(member.key, into: &out)
                out.append(UInt8(ascii: ":"))
                if indent != nil { out.append(UInt8(ascii: " ")) }
                write(member.value, into: &out, indent: indent, level: level + 1)
            }
            newline(&out, indent, level)
            out.append(UInt8(ascii: "}"))
        }
    }

    private static func newline(_ out: inout [UInt8], _ indent: [UInt8]?, _ level: Int) {
        guard let indent else { return }
        out.append(UInt8(ascii: "\n"))
        for _ in 0..<level { out += indent }
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// Works on the UTF-8 bytes: every byte of a multi-byte sequence is >= 0x80 and is copied
    /// as it is, so only `"`, `\\` and bytes below 0x20 need attention. Runs between them are
    /// found eight bytes at a time (`needsEscape`) and copied in one go.
    static func writeString(_ s: String, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        // Native Swift strings are contiguous UTF-8; others are copied once.
        if s.utf8.withContiguousStorageIfAvailable({ escape($0, into: &out) }) == nil {
            Array(s.utf8).withUnsafeBufferPointer { escape($0, into: &out) }
        }
        out.append(UInt8(ascii: "\""))
    }

    private static func escape(_ bytes: UnsafeBufferPointer<UInt8>, into out: inout [UInt8]) {
            guard let base = bytes.baseAddress else { return }
            let count = bytes.count
            var runStart = 0
            var i = 0
            while i < count {
                if i + 8 <= count, !needsEscape(UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)) {
                    i += 8
                    continue
                }
                let b = base[i]
                guard b < 0x20 || b == UInt8(ascii: "\"") || b == UInt8(ascii: "\\") else { i += 1; continue }
                out.append(contentsOf: UnsafeBufferPointer(start: base + runStart, count: i - runStart))
                out.append(UInt8(ascii: "\\"))
                switch b {
                case UInt8(ascii: "\""): out.append(UInt8(ascii: "\""))
                case UInt8(ascii: "\\"): out.append(UInt8(ascii: "\\"))
                case 0x08: out.append(UInt8(ascii: "b"))
                case 0x0C: out.append(UInt8(ascii: "f"))
                case 0x0A: out.append(UInt8(ascii: "n"))
                case 0x0D: out.append(UInt8(ascii: "r"))
                case 0x09: out.append(UInt8(ascii: "t"))
                default:
                    out += "u00".utf8
                    out.append(hexDigits[Int(b >> 4)])
                    out.append(hexDigits[Int(b & 0x0F)])
                }
                i += 1
                runStart = i
            }
            out.append(contentsOf: UnsafeBufferPointer(start: base + runStart, count: count - runStart))
    }

    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let highs: UInt64 = 0x8080_8080_8080_8080

    /// True if any of the eight bytes is below 0x20, `"` (0x22) or `\\` (0x5C): the usual
    /// "has a byte less than n" and "has a zero byte" word tricks. It may not say which byte;
    /// the caller then looks at them one by one.
    @inline(__always)
    static func needsEscape(_ word: UInt64) -> Bool {
        let control = (word &- ones &* 0x20) & ~word & highs
        let quote = word ^ (ones &* 0x22)
        let backslash = word ^ (ones &* 0x5C)
        let hasQuote = (quote &- ones) & ~quote & highs
        let hasBackslash = (backslash &- ones) & ~backslash & highs
        return (control | hasQuote | hasBackslash) != 0
    }
}
