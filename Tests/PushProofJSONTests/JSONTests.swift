import PropertyBased
import Testing

@testable import PushProofJSON

@Suite struct JSONParserTests {
    @Test(arguments: [
        "{}", "[]", "0", "-0", "1.5e-3", "\"\"", "true", "null", " {\"a\" : [1, 2, {\"b\": null}]} ",
        "\"\\u00e9\\ud834\\udd1e\\n\\/\"", "{\"a\":1,\"b\":2}",
    ])
    func accepts(_ text: String) throws {
        _ = try JSONParser.parse(text)
    }

    @Test(arguments: [
        "", " ", "{", "[1,]", "{\"a\":1,}", "01", "1.", ".5", "+1", "NaN", "Infinity", "'a'", "{a:1}", "[1] x",
        "\"\u{01}\"", "\"\\x\"", "\"\\ud800\"", "\"\\udc00\"", "\"\\ud800\\u0041\"", "{\"a\":1,\"a\":2}", "tru", "nul",
        "/* c */ 1",
    ])
    func rejects(_ text: String) {
        #expect(throws: JSONParser.Error.self) { try JSONParser.parse(text) }
    }

    @Test func invalidUTF8IsRejected() {
        #expect(throws: JSONParser.Error.self) { try JSONParser.parse([0x22, 0xC3, 0x28, 0x22]) }
    }

    @Test func nestingIsLimited() throws {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(throws: JSONParser.Error.self) { try JSONParser.parse(deep) }
        let ok = String(repeating: "[", count: 64) + String(repeating: "]", count: 64)
        _ = try JSONParser.parse(ok)
    }

    @Test func duplicateKeysCanBeKept() throws {
        let value = try JSONParser.parse("{\"a\":1,\"a\":2}", options: .init(duplicateKeys: .keepAll))
        #expect(value.members?.count == 2)
        #expect(value["a"] == .number("1"))
    }

    @Test func numbersKeepTheirText() throws {
        #expect(try JSONParser.parse("1.0") == .number("1.0"))
        #expect(try JSONParser.parse("1.0").int64Value == nil)
        #expect(try JSONParser.parse("-9223372036854775808").int64Value == .min)
        #expect(try JSONParser.parse("9223372036854775808").int64Value == nil)
        #expect(try JSONParser.parse("18446744073709551615").uint64Value == .max)
    }

    @Test func errorsNeverEchoTheInput() {
        do {
            _ = try JSONParser.parse("{\"token\":\"s3cr3t-token\" x}")
            Issue.record("parsed invalid JSON")
        } catch {
            #expect(!error.description.contains("s3cr3t"))
        }
    }
}

@Suite struct JSONWriterTests {
    @Test func compactKeepsOrderAndEscapesOnlyWhatJSONRequires() {
        let value: JSONValue = ["z": 1, "a": "é/\"\\\n\u{01}𝄞", "m": [true, nil]]
        #expect(JSONWriter.compact(value) == "{\"z\":1,\"a\":\"é/\\\"\\\\\\n\\u0001𝄞\",\"m\":[true,null]}")
    }

    @Test func prettyForm() {
        let value: JSONValue = ["a": [1, 2], "b": [:] as JSONValue, "c": []]
        #expect(JSONWriter.pretty(value) == "{\n  \"a\": [\n    1,\n    2\n  ],\n  \"b\": {},\n  \"c\": []\n}\n")
    }

    @Test func stringsRoundTrip() async {
        let scalars = Gen.unicodeScalar(in: "\u{0}"..."\u{2FFF}")
        await propertyCheck(count: 300, input: scalars.array(of: 0...40)) { list in
            var s = String.UnicodeScalarView()
            s.append(contentsOf: list)
            let value = JSONValue.object([.init(String(s), .string(String(s)))])
            #expect((try? JSONParser.parse(JSONWriter.compact(value))) == value)
            #expect((try? JSONParser.parse(JSONWriter.pretty(value))) == value)
        }
    }

    @Test func semanticEquality() {
        #expect((["a": 1, "b": 2] as JSONValue).semanticallyEquals(["b": 2, "a": 1]))
        #expect(!(["a": 1] as JSONValue).semanticallyEquals(["a": "1"]))
        #expect(!([1, 2] as JSONValue).semanticallyEquals([2, 1]))
        #expect(JSONValue.number("-0").semanticallyEquals(.number("0")))
        #expect(!JSONValue.number("1").semanticallyEquals(.number("1.0")))
    }
}

@Suite struct JSONEscapeTests {
    /// Every character that must be escaped, at every position of a string long enough for the
    /// eight-byte scan, next to multi-byte UTF-8.
    @Test func escapesAreFoundAtEveryPosition() throws {
        for special in ["\"", "\\", "\u{00}", "\u{1F}", "\n"] {
            for position in 0..<20 {
                var chars = Array(repeating: "a", count: 20)
                chars[position] = special
                let text = chars.joined() + "é…𝄞"
                let written = JSONWriter.compact(.string(text))
                #expect(try JSONParser.parse(written) == .string(text), "\(special.debugDescription) at \(position)")
            }
        }
    }

    @Test func theWordTestAgreesWithTheByteTest() async {
        await propertyCheck(count: 2000, input: Gen.uint64()) { word in
            let bytes = withUnsafeBytes(of: word.littleEndian) { Array($0) }
            let expected = bytes.contains { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C }
            // Borrows can blur *which* byte matched, never *whether* one did.
            #expect((JSONOutput.escapeBits(word) != 0) == expected)
        }
    }
}

/// Pieces that put escapes, multi-byte UTF-8 and word boundaries (8 and 16 bytes) in every
/// relative position once joined.
let escapeHeavyText = Gen.element(of: [
    "a", "bcdefgh", "ijklmnopqrstuvw", "\"", "\\", "\u{00}", "\u{1F}", "\n", "\t", "/",
    "é", "…", "𝄞", "\u{7F}",
]).array(of: 0...40).map { $0.compactMap { $0 }.joined() }

/// What JSON escaping means, written the slow, obvious way.
func referenceQuoted(_ s: String) -> [UInt8] {
    var out: [UInt8] = [0x22]
    for b in s.utf8 {
        switch b {
        case 0x22: out += Array("\\\"".utf8)
        case 0x5C: out += Array("\\\\".utf8)
        case 0x08: out += Array("\\b".utf8)
        case 0x0C: out += Array("\\f".utf8)
        case 0x0A: out += Array("\\n".utf8)
        case 0x0D: out += Array("\\r".utf8)
        case 0x09: out += Array("\\t".utf8)
        case ..<0x20:
            out +=
                Array("\\u00".utf8) + [
                    Array("0123456789abcdef".utf8)[Int(b >> 4)], Array("0123456789abcdef".utf8)[Int(b & 15)],
                ]
        default: out.append(b)
        }
    }
    return out + [0x22]
}

@Suite struct JSONOutputTests {
    @Test func stringsAreEscapedExactlyAsTheByteByByteDefinition() async {
        await propertyCheck(count: 1000, input: escapeHeavyText) { text in
            #expect(JSONWriter.compactBytes(.string(text)) == referenceQuoted(text), "\(text.debugDescription)")
        }
    }

    @Test func everyLengthAndEveryEscapePosition() {
        // Lengths across the 8- and 16-byte paths and the overlapping last word.
        for length in 0...40 {
            let plain = String(repeating: "x", count: length)
            #expect(JSONWriter.compactBytes(.string(plain)) == referenceQuoted(plain))
            for position in 0..<length {
                for special in ["\"", "\u{01}", "é"] {
                    var chars = Array(repeating: "x", count: length)
                    chars[position] = special
                    let text = chars.joined()
                    #expect(JSONWriter.compactBytes(.string(text)) == referenceQuoted(text), "\(length) \(position)")
                }
            }
        }
    }

    @Test func theBufferGrowsPastItsFirstGuess() {
        // 3000 control characters become 18000 bytes: growth happens inside the escape path.
        let controls = String(repeating: "\u{01}", count: 3000)
        let bytes = JSONObjectWriter.write(capacity: 1) { $0.member("k", string: controls) }
        #expect(bytes == Array("{\"k\":".utf8) + referenceQuoted(controls) + [0x7D])
    }
}

/// One call on a sink, so that a random list of them can be replayed on both sinks.
enum SinkCall {
    case string(Int, String)
    case integer(Int, Int64)
    case unsigned(Int, UInt64)
    case integers(Int, [Int64])
    case object(Int, [SinkCall])

    static let keys: [StaticString] = [
        "a", "type", "", "with \"quote\"", "tab\there", "é…", "a_fairly_long_member_name_here",
    ]

    func replay<Sink: JSONObjectSink & ~Copyable>(on sink: inout Sink) {
        switch self {
        case .string(let k, let v): sink.member(SinkCall.keys[k], string: v)
        case .integer(let k, let v): sink.member(SinkCall.keys[k], integer: v)
        case .unsigned(let k, let v): sink.member(SinkCall.keys[k], unsigned: v)
        case .integers(let k, let v): sink.member(SinkCall.keys[k], integers: v)
        case .object(let k, let calls):
            sink.member(SinkCall.keys[k]) { nested in for c in calls { c.replay(on: &nested) } }
        }
    }
}

@Suite struct JSONObjectSinkTests {
    static let edges: [Int64] = [.min, .min + 1, -1, 0, 1, 9, 10, 99, 100, .max]
    /// Half the time an edge value, otherwise any Int64.
    static let int = zip(Gen.int(in: 0...(2 * edges.count - 1)), Gen.int64()).map { pick, any in
        pick < edges.count ? edges[pick] : any
    }
    static let calls = zip(
        Gen.int(in: 0...4), Gen.int(in: 0...(SinkCall.keys.count - 1)), escapeHeavyText, int, Gen.uint64(),
        int.array(of: 0...5)
    )
    .map { kind, k, text, i, u, list -> SinkCall in
        switch kind {
        case 0: return .string(k, text)
        case 1: return .integer(k, i)
        case 2: return .unsigned(k, u)
        case 3: return .integers(k, list)
        default:
            return .object(
                k,
                [.string(k, text), .integer(k, i), .object(k, [.unsigned(k, u), .integers(k, list)]), .object(k, [])])
        }
    }
    .array(of: 0...12)

    /// The byte writer and the tree builder, fed the same calls, give the same compact JSON;
    /// and the bytes parse back to the tree.
    @Test func theByteWriterAgreesWithTheTreeBuilder() async {
        await propertyCheck(count: 500, input: JSONObjectSinkTests.calls) { calls in
            let bytes = JSONObjectWriter.write(capacity: 8) { w in for c in calls { c.replay(on: &w) } }
            let tree = JSONObjectBuilder.build { b in for c in calls { c.replay(on: &b) } }
            #expect(bytes == JSONWriter.compactBytes(tree))
            #expect((try? JSONParser.parse(bytes, options: .init(duplicateKeys: .keepAll))) == tree)
        }
    }
}
