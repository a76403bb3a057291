import PushProofJSON

/// Protobuf bytes a vector carries in its expected output, for a standard protobuf decoder to
/// check against the repository's `.proto` files: `pushproof vectors protobuf` lists every one,
/// and `scripts/check-protobuf.sh` decodes each with protoc. A suite whose outputs hold protobuf
/// says where (`ConformanceSuite.protobufSamples(in:)`), so the script names no vector file.
public struct ProtobufSample: Sendable, Equatable {
    /// The fully qualified message name (`xmtp.message_contents.EncodedContent`).
    public var message: String
    /// The `.proto` file that declares it, relative to `Protos/`.
    public var protoFile: String
    /// The bytes, in lower-case hex as the vector writes them.
    public var hex: String
    /// Lines protoc's text format must print for these bytes (`content: "..."`), if any.
    public var expectedLines: [String]
    /// The vector that carries it, `file:tcId`.
    public var test: String

    public init(message: String, protoFile: String, hex: String, expectedLines: [String] = [], test: String) {
        self.message = message
        self.protoFile = protoFile
        self.hex = hex
        self.expectedLines = expectedLines
        self.test = test
    }

    /// The sample as one JSON object (a line of `pushproof vectors protobuf`).
    public var json: JSONValue {
        .object([
            "message": .string(message), "protoFile": .string(protoFile), "hex": .string(hex),
            "expectedLines": .array(expectedLines.map(JSONValue.string)), "test": .string(test),
        ])
    }

    /// protoc's text format of a string field holding `text`, as far as the samples need it: the
    /// field name, a colon, and the text in double quotes with its quotes escaped.
    public static func textFormatLine(field: String, text: String) -> String {
        "\(field): \"" + String(text.flatMap { $0 == "\"" ? ["\\", "\""] : [$0] }) + "\""
    }
}

extension VectorFile {
    /// Each test of the groups asking `operation`, with its expected output (tests expecting an
    /// error are left out), and its name `file:tcId`.
    public func expectedOutputs(of operation: OperationName) -> [(test: String, output: JSONValue)] {
        groups.filter { $0.operation == operation }.flatMap { group in
            group.tests.compactMap { test in
                guard case .output(let output) = test.expected else { return nil }
                return ("\(name):\(test.tcId)", output)
            }
        }
    }
}
