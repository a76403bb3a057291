import PushProofJSON

/// A small deterministic generator (SplitMix64): the same seed gives the same inputs everywhere.
public struct SeededGenerator: RandomNumberGenerator, Sendable {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// One structure-aware change to a vector's input: which value (a path of member names and array
/// indexes) and what was done to it, so a finding can be replayed and minimized.
public struct InputMutation: Sendable, Equatable, CustomStringConvertible {
    public enum Step: Sendable, Equatable, CustomStringConvertible {
        case member(String)
        case index(Int)

        public var description: String {
            switch self {
            case .member(let k): return ".\(k)"
            case .index(let i): return "[\(i)]"
            }
        }
    }

    public var path: [Step]
    public var what: String
    public var replacement: JSONValue?  // nil: remove the value from its container

    public var description: String { "\(path.isEmpty ? "input" : path.map(\.description).joined()): \(what)" }

    /// `input` with this change, or nil when the path no longer exists (after another change).
    public func apply(to input: JSONValue) -> JSONValue? { Self.apply(replacement, at: path[...], in: input) }

    static func apply(_ replacement: JSONValue?, at path: ArraySlice<Step>, in value: JSONValue) -> JSONValue? {
        guard let first = path.first else { return replacement }
        let rest = path.dropFirst()
        switch (first, value) {
        case (.member(let key), .object(var members)):
            guard let i = members.firstIndex(where: { $0.key == key }) else { return nil }
            if rest.isEmpty && replacement == nil {
                members.remove(at: i)
            } else {
                guard let changed = apply(replacement, at: rest, in: members[i].value) else { return nil }
                members[i].value = changed
            }
            return .object(members)
        case (.index(let i), .array(var items)):
            guard items.indices.contains(i) else { return nil }
            if rest.isEmpty && replacement == nil {
                items.remove(at: i)
            } else {
                guard let changed = apply(replacement, at: rest, in: items[i]) else { return nil }
                items[i] = changed
            }
            return .array(items)
        default: return nil
        }
    }
}

/// Mutates vector inputs the way protocol bugs hide: a bit flipped in hex or base64 data, a byte
/// too many or too few, integers moved across boundaries (±1, a minute, an hour, a day, 0, the
/// extremes), strings emptied, re-cased, cut or given a foreign character, booleans flipped,
/// members dropped, array elements dropped, repeated or swapped.
public enum InputMutator {
    static let foreign: [Character] = Array("0123456789abcdeflozABCDEFLOZ:#.-_/+= é\u{0}")

    /// One random change somewhere in `input`.
    public static func mutation(of input: JSONValue, using g: inout SeededGenerator) -> InputMutation? {
        var places: [([InputMutation.Step], JSONValue)] = []
        func collect(_ value: JSONValue, _ path: [InputMutation.Step]) {
            places.append((path, value))
            switch value {
            case .object(let members): for m in members { collect(m.value, path + [.member(m.key)]) }
            case .array(let items): for (i, item) in items.enumerated() { collect(item, path + [.index(i)]) }
            default: break
            }
        }
        collect(input, [])
        let candidates = places.filter { !$0.0.isEmpty }
        guard let (path, value) = candidates.randomElement(using: &g) else { return nil }
        switch value {
        case .string(let s): return InputMutation(path: path, what: "", replacement: nil).with(string(s, &g))
        case .number(let n):
            guard let v = Int64(n) else { return InputMutation(path: path, what: "number 0", replacement: 0) }
            let deltas: [Int64] = [1, -1, 60, -60, 3600, -3600, 86_400, -86_400, 1000, -1000]
            switch Int.random(in: 0..<4, using: &g) {
            case 0: return InputMutation(path: path, what: "set to 0", replacement: 0)
            case 1:
                let extreme: Int64 = Bool.random(using: &g) ? .max : .min
                return InputMutation(path: path, what: "set to \(extreme)", replacement: .integer(extreme))
            default:
                let d = deltas.randomElement(using: &g)!
                let (sum, overflow) = v.addingReportingOverflow(d)
                return overflow
                    ? nil : InputMutation(path: path, what: "\(d > 0 ? "+" : "")\(d)", replacement: .integer(sum))
            }
        case .bool(let b): return InputMutation(path: path, what: "flipped", replacement: .bool(!b))
        case .array(let items) where !items.isEmpty:
            let i = Int.random(in: 0..<items.count, using: &g)
            switch Int.random(in: 0..<3, using: &g) {
            case 0:
                var copy = items
                copy.remove(at: i)
                return InputMutation(path: path, what: "element \(i) dropped", replacement: .array(copy))
            case 1:
                var copy = items
                copy.insert(items[i], at: i)
                return InputMutation(path: path, what: "element \(i) repeated", replacement: .array(copy))
            default:
                var copy = items
                copy.swapAt(i, Int.random(in: 0..<items.count, using: &g))
                return InputMutation(path: path, what: "elements swapped", replacement: .array(copy))
            }
        default:
            return InputMutation(path: path, what: "removed", replacement: nil)
        }
    }

    static func isHex(_ s: String) -> Bool {
        s.utf8.count % 2 == 0 && !s.isEmpty
            && s.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }

    static func isBase64(_ s: String) -> Bool {
        s.utf8.count % 4 == 0 && s.utf8.count >= 8
            && s.utf8.allSatisfy {
                (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) || (0x30...0x39).contains($0) || $0 == 0x2B
                    || $0 == 0x2F || $0 == 0x3D
            }
    }

    static func string(_ s: String, _ g: inout SeededGenerator) -> (String, JSONValue) {
        var chars = Array(s)
        if isHex(s), Bool.random(using: &g) {
            let digit = Int.random(in: 0..<chars.count, using: &g)
            let value = Int(String(chars[digit]), radix: 16)! ^ (1 << Int.random(in: 0..<4, using: &g))
            chars[digit] = Character(String(value, radix: 16))
            switch Int.random(in: 0..<4, using: &g) {
            case 0: return ("hex: last byte dropped", .string(String(s.dropLast(2))))
            case 1: return ("hex: a byte appended", .string(s + "00"))
            default: return ("hex: bit flipped in digit \(digit)", .string(String(chars)))
            }
        }
        if isBase64(s), Bool.random(using: &g) {
            let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/")
            let i = Int.random(in: 0..<chars.count, using: &g)
            chars[i] = alphabet.randomElement(using: &g)!
            return ("base64: character \(i) changed", .string(String(chars)))
        }
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
}

extension InputMutation {
    fileprivate func with(_ change: (String, JSONValue)) -> InputMutation {
        InputMutation(path: path, what: change.0, replacement: change.1)
    }
}
