import PushProofJSON

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
