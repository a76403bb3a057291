import PushProofJSON

/// What an operation's vectors look like: the `type` of its vector groups (the name Wycheproof
/// gives a group's kind of test) and JSON Schema (draft 2020-12) fragments of a test's `input` and
/// of the `output` an answer carries. Declared beside the operation, in its suite's folder; the
/// schema of every vector file (`vectors/schemas/`) is written from the operations its groups use.
public struct OperationSchema: Sendable {
    public let groupType: String
    public let input: JSONValue
    public let output: JSONValue

    public init(groupType: String, input: JSONValue, output: JSONValue) {
        self.groupType = groupType
        self.input = input
        self.output = output
    }
}
