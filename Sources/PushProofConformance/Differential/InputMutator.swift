import PushProofJSON

/// Mutates vector inputs the way protocol bugs hide:
/// - data: a bit flipped in hex, or in the bytes a base64 string decodes to (re-encoded in the
///   same alphabet and padding), a byte too many or too few, a base64 character changed;
/// - integers moved across boundaries (±1, 0, -1, the ends of 32-, 53- and 64-bit ranges and
///   past them) and across the protocol's time windows: set to another time of the same input
///   (or itself) plus or minus a window, exactly and one unit either side, in seconds or
///   milliseconds; seconds read as milliseconds and back; written as `10.0`, `10.5` or `10e0`;
/// - RFC 3339 timestamps moved across the same windows, or written with another offset or
///   precision;
/// - strings emptied, re-cased, cut or given a foreign character; JSON text inside a string
///   mutated as JSON (including a repeated key);
/// - types swapped (a number written as a string, a string as a number, a boolean as 0 or 1,
///   anything as null, a container as its JSON text);
/// - members removed, an unknown member added, a member repeated under its other spelling
///   (`push_key` / `pushKey`) with another value, members reordered; array elements (the steps of
///   a trace) dropped, repeated, swapped or moved.
///
/// Each change is picked at random from `SeededGenerator`, so a seed gives the same inputs
/// everywhere. A member is never repeated under the same key at the adapter level: the adapter
/// protocol's JSON refuses duplicate keys (`docs/adapter-protocol.md`); inside JSON text it is.
public enum InputMutator {
    /// Windows most of the protocols here have somewhere, in seconds: a minute, five minutes, an
    /// hour, a day, a week, thirty days. Suites add their own (`ConformanceSuite.timeWindows`).
    public static let commonWindows: [Int64] = [60, 300, 3600, 86_400, 604_800, 2_592_000]

    static let foreign: [Character] = Array("0123456789abcdeflozABCDEFLOZ:#.-_/+= é\u{0}")

    /// Integers at the edges of the ranges implementations store them in.
    static let boundaries: [String] = [
        "0", "-1", "2147483647", "2147483648", "4294967295", "4294967296", "9007199254740993",
        "9223372036854775807", "-9223372036854775808", "18446744073709551615", "18446744073709551616",
    ]

    /// One random change somewhere in `input`; `windows` (seconds) are the operation's protocol
    /// windows, added to `commonWindows`.
    public static func mutation(
        of input: JSONValue, windows: [Int64] = [], using g: inout SeededGenerator
    ) -> InputMutation? {
        var places: [([InputMutation.Step], JSONValue)] = []
        var times: [TimeValue] = []
        func collect(_ value: JSONValue, _ path: [InputMutation.Step]) {
            places.append((path, value))
            switch value {
            case .object(let members): for m in members { collect(m.value, path + [.member(m.key)]) }
            case .array(let items): for (i, item) in items.enumerated() { collect(item, path + [.index(i)]) }
            case .number(let text): if let t = Int64(text).flatMap(TimeValue.init(number:)) { times.append(t) }
            case .string(let s): if let t = RFC3339Text(s) { times.append(TimeValue(seconds: t.seconds)) }
            default: break
            }
        }
        collect(input, [])
        let candidates = places.filter { !$0.0.isEmpty }
        guard let (path, value) = candidates.randomElement(using: &g) else { return nil }
        let context = Context(
            windows: Array(Set(commonWindows + windows.filter { $0 > 0 && $0 < 1_000_000_000 })).sorted(), times: times)
        func change(_ what: String, _ replacement: JSONValue?) -> InputMutation {
            InputMutation(path: path, what: what, replacement: replacement)
        }
        switch Int.random(in: 0..<10, using: &g) {
        case 0: return change("removed", nil)
        case 1: return typeSwapped(value, &g).map { change($0.0, $0.1) }
        default: break
        }
        switch value {
        case .string(let s):
            return string(s, context, &g).map { change($0.0, $0.1) }
        case .number(let text):
            return number(text, context, &g).map { change($0.0, $0.1) }
        case .bool(let b): return change("flipped", .bool(!b))
        case .array(let items) where !items.isEmpty:
            let (what, replacement) = array(items, &g)
            return change(what, replacement)
        case .object(let members) where !members.isEmpty:
            return object(members, &g).map { change($0.0, $0.1) }
        default:
            return typeSwapped(value, &g).map { change($0.0, $0.1) }
        }
    }

    /// What the time-window moves need: the windows, and the times the input holds.
    struct Context {
        let windows: [Int64]
        let times: [TimeValue]
    }

    // MARK: numbers

    static func number(_ text: String, _ context: Context, _ g: inout SeededGenerator) -> (String, JSONValue)? {
        guard let v = Int64(text) else {
            // A fraction, an exponent or an integer past 64 bits: back into range.
            return Bool.random(using: &g) ? ("set to 0", 0) : ("set to 1", 1)
        }
        switch Int.random(in: 0..<6, using: &g) {
        case 0:
            let b = boundaries.randomElement(using: &g)!
            return ("set to \(b)", .number(b))
        case 1, 2:
            if let time = TimeValue(number: v), let moved = context.moved(time, &g) {
                return (moved.0, .integer(moved.1))
            }
            return shifted(v, &g)
        case 3:
            guard let time = TimeValue(number: v) else { return shifted(v, &g) }
            // The unit mistaken: seconds read as milliseconds, or the other way.
            return time.unit == .seconds
                ? ("seconds written as milliseconds", .integer(v.multipliedReportingOverflow(by: 1000).partialValue))
                : ("milliseconds written as seconds", .integer(v / 1000))
        case 4:
            switch Int.random(in: 0..<3, using: &g) {
            case 0: return ("written as \(v).0", .number("\(v).0"))
            case 1: return ("written as \(v).5", .number("\(v).5"))
            default: return ("written as \(v)e0", .number("\(v)e0"))
            }
        default: return shifted(v, &g)
        }
    }

    static func shifted(_ v: Int64, _ g: inout SeededGenerator) -> (String, JSONValue)? {
        let deltas: [Int64] = [1, -1, 60, -60, 3600, -3600, 86_400, -86_400, 1000, -1000]
        let d = deltas.randomElement(using: &g)!
        let (sum, overflow) = v.addingReportingOverflow(d)
        return overflow ? nil : ("\(d > 0 ? "+" : "")\(d)", .integer(sum))
    }

    // MARK: strings

    static func string(_ s: String, _ context: Context, _ g: inout SeededGenerator) -> (String, JSONValue)? {
        if HexText.isHex(s), Bool.random(using: &g) { return HexText.mutated(s, &g) }
        if let b64 = Base64Text(s), Bool.random(using: &g) { return b64.mutated(&g) }
        if let time = RFC3339Text(s), Int.random(in: 0..<4, using: &g) != 0 {
            if Bool.random(using: &g), let moved = context.moved(TimeValue(seconds: time.seconds), &g) {
                return (moved.0, .string(time.moved(to: moved.1)))
            }
            return time.respelled(&g)
        }
        if let inner = JSONText(s), Int.random(in: 0..<4, using: &g) != 0 {
            return inner.mutated(windows: context.windows, &g)
        }
        var chars = Array(s)
        switch Int.random(in: 0..<10, using: &g) {
        case 0: return ("emptied", .string(""))
        case 1: return ("upper-cased", .string(s.uppercased()))
        case 2: return ("lower-cased", .string(s.lowercased()))
        case 3: return ("first character dropped", .string(String(s.dropFirst())))
        case 4: return ("last character dropped", .string(String(s.dropLast())))
        case 5:
            guard let i = chars.indices.randomElement(using: &g), chars[i].isLetter else {
                return ("a character appended", .string(s + "x"))
            }
            chars[i] = Character(chars[i].isUppercase ? chars[i].lowercased() : chars[i].uppercased())
            return ("case of character \(i) swapped", .string(String(chars)))
        default:
            guard !chars.isEmpty else { return ("a character appended", .string(s + "x")) }
            let i = Int.random(in: 0..<chars.count, using: &g)
            let c = foreign.randomElement(using: &g)!
            chars[i] = c
            return ("character \(i) set to \(c.unicodeScalars.first!.escaped(asASCII: true))", .string(String(chars)))
        }
    }

    // MARK: types

    /// The value written as another JSON type.
    static func typeSwapped(_ value: JSONValue, _ g: inout SeededGenerator) -> (String, JSONValue)? {
        let choices: [(String, JSONValue)]
        switch value {
        case .number(let text):
            choices = [
                ("number written as a string", .string(text)), ("number as null", .null), ("number as true", true),
            ]
        case .string(let s):
            choices = [
                JSONNumber.isIntegerLiteral(s) ? ("string written as a number", .number(s)) : ("string as 0", 0),
                ("string as null", .null), ("string in an array", .array([.string(s)])),
            ]
        case .bool(let b):
            choices = [
                ("boolean as \(b ? 1 : 0)", .integer(b ? 1 : 0)),
                ("boolean as a string", .string(b ? "true" : "false")),
                ("boolean as null", .null),
            ]
        case .null: choices = [("null as \"\"", ""), ("null as 0", 0), ("null as false", false), ("null as {}", [:])]
        case .array:
            choices = [
                ("array as its JSON text", .string(JSONWriter.compact(value))), ("array as {}", [:]),
                ("array as null", .null),
            ]
        case .object:
            choices = [
                ("object as its JSON text", .string(JSONWriter.compact(value))), ("object as []", []),
                ("object as null", .null),
            ]
        }
        return choices.randomElement(using: &g)
    }

    // MARK: containers

    static func array(_ items: [JSONValue], _ g: inout SeededGenerator) -> (String, JSONValue) {
        let i = Int.random(in: 0..<items.count, using: &g)
        var copy = items
        switch Int.random(in: 0..<4, using: &g) {
        case 0:
            copy.remove(at: i)
            return ("element \(i) dropped", .array(copy))
        case 1:
            copy.insert(items[i], at: i)
            return ("element \(i) repeated", .array(copy))
        case 2:
            let j = Int.random(in: 0..<items.count, using: &g)
            copy.swapAt(i, j)
            return ("elements \(i) and \(j) swapped", .array(copy))
        default:
            let moved = copy.remove(at: i)
            let j = Int.random(in: 0...copy.count, using: &g)
            copy.insert(moved, at: j)
            return ("element \(i) moved to \(j)", .array(copy))
        }
    }

    static func object(_ members: [JSONValue.Member], _ g: inout SeededGenerator) -> (String, JSONValue)? {
        var copy = members
        switch Int.random(in: 0..<4, using: &g) {
        case 0:
            let keys = ["pushproof_unknown", "__proto__", ""]
            let key = keys.randomElement(using: &g)!
            guard !members.contains(where: { $0.key == key }) else { return nil }
            let sibling = members.randomElement(using: &g)!.value
            let value: JSONValue = [.string("x"), 0, .null, sibling].randomElement(using: &g)!
            copy.insert(.init(key, value), at: Int.random(in: 0...copy.count, using: &g))
            return ("unknown member \"\(key)\" added", .object(copy))
        case 1:
            // The other spelling of a member's key, with another value: does the reader take it?
            let m = members.randomElement(using: &g)!
            let other = otherSpelling(m.key)
            guard other != m.key, !members.contains(where: { $0.key == other }) else { return nil }
            copy.append(.init(other, changed(m.value)))
            return ("member \(m.key) repeated as \(other) with another value", .object(copy))
        case 2:
            guard members.count > 1 else { return nil }
            copy.reverse()
            return ("members reversed", .object(copy))
        default:
            let i = Int.random(in: 0..<members.count, using: &g)
            copy.remove(at: i)
            return ("member \(members[i].key) removed", .object(copy))
        }
    }

    /// snake_case to camelCase and back; a key with neither gets upper-cased.
    static func otherSpelling(_ key: String) -> String {
        if key.contains("_") {
            let parts = key.split(separator: "_", omittingEmptySubsequences: true)
            guard let first = parts.first else { return key.uppercased() }
            return String(first) + parts.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
        }
        if key.contains(where: \.isUppercase) {
            return key.reduce(into: "") { out, c in
                if c.isUppercase { out += "_" + c.lowercased() } else { out.append(c) }
            }
        }
        return key.uppercased()
    }

    /// The same kind of value, not equal to `value`.
    static func changed(_ value: JSONValue) -> JSONValue {
        switch value {
        case .number(let text): return Int64(text).map { .integer($0 == .max ? 0 : $0 + 1) } ?? 0
        case .string(let s): return .string(s + "x")
        case .bool(let b): return .bool(!b)
        case .null: return 0
        case .array(let items): return .array(items.isEmpty ? [0] : Array(items.dropLast()))
        case .object(let members): return members.isEmpty ? ["x": 0] : [:]
        }
    }
}
