/// How many `invalid` vectors reach each error code of each operation in each profile. Vectors
/// count once per comment, so the same cause written twice counts once. A code reached by fewer
/// than `minimumCauses` is tested at one or two points of its boundary: `vectors generate` and
/// `vectors verify` refuse the vectors until every pair has enough.
public enum ErrorCoverage {
    public static let minimumCauses = 3

    /// One error code of one operation in one profile, and how many causes reach it.
    public struct Pair: Equatable, Sendable, CustomStringConvertible {
        public var operation: OperationName
        public var profile: Profile
        public var code: String
        public var causes: Int

        public var description: String { "\(operation) (\(profile.rawValue)) \(code): \(causes)" }
    }

    /// Every (operation, profile, code) pair the files' invalid vectors reach, sorted.
    public static func pairs(in files: [VectorFile]) -> [Pair] {
        struct Key: Hashable {
            var operation: OperationName
            var profile: Profile
            var code: String
        }
        var comments: [Key: Set<String>] = [:]
        for group in files.flatMap(\.groups) {
            for test in group.tests where test.result == .invalid {
                guard case .error(let code, _) = test.expected else { continue }
                comments[Key(operation: group.operation, profile: group.profile, code: code), default: []]
                    .insert(test.comment)
            }
        }
        return comments.map { Pair(operation: $0.operation, profile: $0.profile, code: $0.code, causes: $1.count) }
            .sorted {
                ($0.operation.rawValue, $0.profile.rawValue, $0.code) < (
                    $1.operation.rawValue, $1.profile.rawValue, $1.code
                )
            }
    }

    /// The pairs reached by fewer than `minimum` causes.
    public static func thin(in files: [VectorFile], minimum: Int = minimumCauses) -> [Pair] {
        pairs(in: files).filter { $0.causes < minimum }
    }

    /// The refusal `vectors generate` and `vectors verify` print: one line per thin pair.
    public static func report(_ thin: [Pair], minimum: Int = minimumCauses) -> String {
        (["\(thin.count) error code(s) reached by fewer than \(minimum) invalid vectors with different comments:"]
            + thin.map { "  \($0)" }).joined(separator: "\n")
    }
}
