import Foundation
import PushProofAdapterKit
import PushProofJSON
import Testing

#if canImport(CryptoKit)
    import CryptoKit
#else
    import PushProofCrypto

    // CryptoKit's spelling of SHA-256, over PushProofCrypto's, so that the example below is
    // docs/swift-kit.md's as written.
    extension PushProofCrypto.SHA256 {
        static func hash(data: Data) -> [UInt8] { hash(Array(data)) }
    }
#endif

private let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

/// docs/swift-kit.md's example, from `var adapter` to the line before `adapter.serve()`.
private func exampleTokenIdAdapter() -> Adapter {
    var adapter = Adapter(name: "example-token-id", version: "1")

    adapter.operation("registration.tokenId") { input in
        guard let token = input["token"]?.stringValue else {
            throw AdapterError(code: "BAD_REQUEST", message: "token must be a string")
        }
        let first8 = Array(SHA256.hash(data: Data(token.utf8)).prefix(8))
        let int64 = Int64(bitPattern: first8.reduce(UInt64(0)) { $0 << 8 | UInt64($1) })
        return [
            "tokenId": .string(Data(first8).base64EncodedString()),
            "tokenIdInt64": .string(String(int64)),
        ]
    }
    return adapter
}

@Suite struct TokenIdExampleTests {
    /// Two vectors of registration.tokenId (a negative and a positive tokenIdInt64), read from the
    /// shipped file, sent as the runner sends them; the answers are the vectors' expected outputs.
    @Test(arguments: [1, 3])
    func theExampleAnswersTheVector(tcId: Int) throws {
        let file = try JSONParser.parse(
            Array(try Data(contentsOf: packageRoot.appendingPathComponent("vectors/registration_client_test.json"))))
        let group = try #require(
            file["testGroups"]?.arrayValue?.first { $0["operation"]?.stringValue == "registration.tokenId" })
        let test = try #require(group["tests"]?.arrayValue?.first { $0["tcId"]?.int64Value == Int64(tcId) })
        let profile = try #require(group["profile"])
        let input = try #require(test["input"]).setting("profile", to: profile)
        let request: JSONValue = [
            "type": "request", "id": .integer(tcId), "operation": "registration.tokenId", "input": input,
        ]
        let answer = try #require(exampleTokenIdAdapter().answer(line: JSONWriter.compact(request)))
        let expected = try #require(test["expected"]?["output"])
        let wanted: JSONValue = ["type": "response", "id": .integer(tcId), "output": expected]
        #expect(try JSONParser.parse(answer).semanticallyEquals(wanted), "\(answer)")
    }

    @Test func theExampleHelloAndRefusal() {
        let adapter = exampleTokenIdAdapter()
        #expect(
            adapter.answer(line: #"{"type":"hello","protocol":"pushproof-adapter/1"}"#)
                == #"{"type":"hello","protocol":"pushproof-adapter/1","name":"example-token-id","version":"1","#
                + #""operations":["registration.tokenId"],"profiles":["deployed"]}"#)
        #expect(
            adapter.answer(
                line:
                    #"{"type":"request","id":2,"operation":"registration.tokenId","input":{"token":1,"profile":"deployed"}}"#
            )
                == #"{"type":"response","id":2,"error":{"code":"BAD_REQUEST","message":"token must be a string"}}"#)
    }

    /// The code above is the documentation's: every line of the example in docs/swift-kit.md,
    /// from `var adapter` to the line before `adapter.serve()`, is here, in order, indentation aside.
    @Test func theDocumentedExampleIsTheOneTested() throws {
        func lines(_ text: String) -> [String] {
            text.split(separator: "\n", omittingEmptySubsequences: false).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
        }
        let doc = lines(
            try String(contentsOf: packageRoot.appendingPathComponent("docs/swift-kit.md"), encoding: .utf8))
        let examples = try #require(doc.firstIndex(of: "## Examples"))
        let start = try #require(
            doc[examples...].firstIndex(of: #"var adapter = Adapter(name: "example-token-id", version: "1")"#))
        let end = try #require(doc[start...].firstIndex(of: "adapter.serve()"))
        let example = Array(doc[start..<end].drop { $0.isEmpty }.reversed().drop { $0.isEmpty }.reversed())
        #expect(example.count > 10)
        let source = lines(try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8))
        let first = try #require(source.firstIndex(of: example[0]))
        #expect(Array(source[first..<min(first + example.count, source.count)]) == example)
    }
}
