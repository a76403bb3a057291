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
        var out = JSONOutput(capacity: 256)
        write(value, into: &out, indent: nil, level: 0)
        return out.finish()
    }

    public static func pretty(_ value: JSONValue) -> String {
        var out = JSONOutput(capacity: 4096)
        write(value, into: &out, indent: "  ", level: 0)
        out.append(UInt8(ascii: "\n"))
        return String(decoding: out.finish(), as: UTF8.self)
    }

    private static func write(_ value: JSONValue, into out: inout JSONOutput, indent: String?, level: Int) {
        switch value {
        case .null: out.append(raw: "null")
        case .bool(let b): out.append(raw: b ? "true" : "false")
        case .number(let n): out.append(raw: n)
        case .string(let s): out.appendQuoted(s)
        case .array(let elements):
            if elements.isEmpty {
                out.append(raw: "[]")
                return
            }
            out.append(UInt8(ascii: "["))
            for (i, element) in elements.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                newline(&out, indent, level + 1)
                write(element, into: &out, indent: indent, level: level + 1)
            }
            newline(&out, indent, level)
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            if members.isEmpty {
                out.append(raw: "{}")
                return
            }
            out.append(UInt8(ascii: "{"))
            for (i, member) in members.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                newline(&out, indent, level + 1)
                out.appendQuoted(member.key)
                out.append(UInt8(ascii: ":"))
                if indent != nil { out.append(UInt8(ascii: " ")) }
                write(member.value, into: &out, indent: indent, level: level + 1)
            }
            newline(&out, indent, level)
            out.append(UInt8(ascii: "}"))
        }
    }

    private static func newline(_ out: inout JSONOutput, _ indent: String?, _ level: Int) {
        guard let indent else { return }
        out.append(UInt8(ascii: "\n"))
        for _ in 0..<level { out.append(raw: indent) }
    }
}
