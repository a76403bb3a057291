import PropertyBased
@testable import PushProofJSON
import Testing

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
            #expect(JSONWriter.needsEscape(word) == expected)
        }
    }
}
