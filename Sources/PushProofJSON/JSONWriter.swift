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
        var out = ""
        write(value, into: &out, indent: nil, level: 0)
        return out
    }

    public static func compactBytes(_ value: JSONValue) -> [UInt8] { Array(compact(value).utf8) }

    public static func pretty(_ value: JSONValue) -> String {
        var out = ""
        write(value, into: &out, indent: "  ", level: 0)
        out += "\n"
        return out
    }

    private static func write(_ value: JSONValue, into out: inout String, indent: String?, level: Int) {
        switch value {
        case .null: out += "null"
        case let .bool(b): out += b ? "true" : "false"
        case let .number(n): out += n
        case let .string(s): writeString(s, into: &out)
        case let .array(elements):
            if elements.isEmpty { out += "[]"; return }
            out += "["
            for (i, element) in elements.enumerated() {
                if i > 0 { out += "," }
                newline(&out, indent, level + 1)
                write(element, into: &out, indent: indent, level: level + 1)
            }
            newline(&out, indent, level)
            out += "]"
        case let .object(members):
            if members.isEmpty { out += "{}"; return }
            out += "{"
            for (i, member) in members.enumerated() {
                if i > 0 { out += "," }
                newline(&out, indent, level + 1)
                writeString(member.key, into: &out)
                out += indent == nil ? ":" : ": "
                write(member.value, into: &out, indent: indent, level: level + 1)
            }
            newline(&out, indent, level)
            out += "}"
        }
    }

    private static func newline(_ out: inout String, _ indent: String?, _ level: Int) {
        guard let indent else { return }
        out += "\n"
        for _ in 0..<level { out += indent }
    }

    private static let hexDigits = Array("0123456789abcdef")

    static func writeString(_ s: String, into out: inout String) {
        out += "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{00}"..."\u{1F}":
                let v = Int(scalar.value)
                out += "\\u00"
                out.append(hexDigits[v >> 4])
                out.append(hexDigits[v & 0xF])
            default:
                out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }
}
