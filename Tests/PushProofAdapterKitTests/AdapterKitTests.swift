import Foundation
import PushProofAdapterKit
import PushProofJSON
import Testing

/// What the kit wrote through `log` (stderr), kept for the tests to read.
final class LogLines: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []

    func append(_ line: String) {
        lock.lock()
        lines.append(line)
        lock.unlock()
    }

    var all: [String] {
        lock.lock()
        defer { lock.unlock() }
        return lines
    }
}

/// An adapter whose log is kept, with one operation that echoes its input.
func echoAdapter(_ log: LogLines, profiles: [String] = ["deployed"]) -> Adapter {
    var adapter = Adapter(name: "echo", version: "2.0", profiles: profiles, log: { log.append($0) })
    adapter.operation("test.echo") { input in ["input": input] }
    return adapter
}

/// Serves `lines` (each with its newline, all in one read unless `chunks` is given) and returns the
/// answers, one string a line.
func served(_ adapter: Adapter, chunks: [String]) -> [String] {
    var written: [UInt8] = []
    adapter.serve(chunks: chunks.map { Array($0.utf8) }) { written += $0 }
    let text = String(decoding: written, as: UTF8.self)
    #expect(text.isEmpty || text.hasSuffix("\n"))
    return text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
}

func request(_ id: Int, _ operation: String, _ input: String) -> String {
    #"{"type":"request","id":\#(id),"operation":"\#(operation)","input":\#(input)}"#
}

@Suite struct AdapterKitHelloTests {
    @Test func theHelloNamesEverythingInAFixedOrder() {
        var adapter = Adapter(
            name: "my-catbird", version: "1.0", profiles: ["rfc9420", "deployed"], answersWireErrors: true,
            errorCodeGroups: ["INVALID_SIGNATURE": ["INVALID_LEAF_SIGNATURE", "INVALID_KEY_PACKAGE_SIGNATURE"]],
            notUpstream: ["b.two": "our own reading"], log: { _ in })
        adapter.operation("b.two") { _ in nil }
        adapter.operation("a.one", profiles: ["hardened"]) { _ in nil }
        // The same profiles in another order are no different profiles.
        adapter.operation("c.three", profiles: ["deployed", "rfc9420"]) { _ in nil }
        #expect(adapter.operations == ["a.one", "b.two", "c.three"])
        #expect(
            adapter.profiles(of: "a.one") == ["hardened"] && adapter.profiles(of: "b.two") == ["rfc9420", "deployed"])
        #expect(adapter.profiles(of: "d.four").isEmpty)
        let hello = adapter.answer(line: #"{"type":"hello","protocol":"pushproof-adapter/1"}"#)
        #expect(
            hello
                == #"{"type":"hello","protocol":"pushproof-adapter/1","name":"my-catbird","version":"1.0","#
                + #""operations":["a.one","b.two","c.three"],"profiles":["rfc9420","deployed"],"#
                + #""operationProfiles":{"a.one":["hardened"]},"notUpstream":{"b.two":"our own reading"},"#
                + #""errorCodes":"wire","#
                + #""errorCodeGroups":{"INVALID_SIGNATURE":["INVALID_KEY_PACKAGE_SIGNATURE","INVALID_LEAF_SIGNATURE"]}}"#
        )
    }

    @Test func aPlainHelloHasOnlyTheRequiredMembers() {
        let log = LogLines()
        #expect(
            echoAdapter(log).answer(line: #"{"type":"hello","protocol":"pushproof-adapter/1"}"#)
                == #"{"type":"hello","protocol":"pushproof-adapter/1","name":"echo","version":"2.0","#
                + #""operations":["test.echo"],"profiles":["deployed"]}"#)
        #expect(log.all.isEmpty)
    }

    /// A runner of another protocol version gets the hello all the same (it ends the run itself),
    /// and the kit says so on stderr.
    @Test func anotherProtocolVersionIsAnsweredAndReported() {
        let log = LogLines()
        let hello = echoAdapter(log).answer(line: #"{"type":"hello","protocol":"pushproof-adapter/2"}"#)
        #expect(hello?.hasPrefix(#"{"type":"hello","protocol":"pushproof-adapter/1""#) == true)
        #expect(log.all == [#"echo: the runner speaks "pushproof-adapter/2"; this kit speaks pushproof-adapter/1"#])
    }
}

@Suite struct AdapterKitAnswerTests {
    @Test func anOutputIsTheHandlersValue() {
        let log = LogLines()
        let answer = echoAdapter(log).answer(line: request(7, "test.echo", #"{"text":"é\n","profile":"deployed"}"#))
        // The input as the runner sent it, `profile` included, members in order.
        #expect(
            answer == #"{"type":"response","id":7,"output":{"input":{"text":"é\n","profile":"deployed"}}}"#)
        #expect(log.all.isEmpty)
    }

    struct DIDError: AdapterErrorConvertible {
        var adapterError: AdapterError { AdapterError(code: "INVALID_DID") }
    }

    @Test func aCodedErrorIsTheAnswer() {
        let log = LogLines()
        var adapter = Adapter(name: "coded", log: { log.append($0) })
        adapter.operation("test.refuse") { input in
            switch input["how"]?.stringValue {
            case "message": throw AdapterError(code: "BAD_REQUEST", message: "token must be a string")
            case "code": throw AdapterError(code: "MALFORMED")
            default: throw DIDError()
            }
        }
        let deployed = #""profile":"deployed""#
        #expect(
            adapter.answer(line: request(1, "test.refuse", #"{"how":"message",\#(deployed)}"#))
                == #"{"type":"response","id":1,"error":{"code":"BAD_REQUEST","message":"token must be a string"}}"#)
        #expect(
            adapter.answer(line: request(2, "test.refuse", #"{"how":"code",\#(deployed)}"#))
                == #"{"type":"response","id":2,"error":{"code":"MALFORMED"}}"#)
        #expect(
            adapter.answer(line: request(3, "test.refuse", #"{\#(deployed)}"#))
                == #"{"type":"response","id":3,"error":{"code":"INVALID_DID"}}"#)
        #expect(log.all.isEmpty, "a refusal is an answer, not something to report")
    }

    struct Described: Error, CustomStringConvertible {
        var description: String { "the store is closed" }
    }

    /// Carries a secret and says nothing of itself: only its type may be written.
    struct Opaque: Error {
        var key: [UInt8] = Array("SECRET-KEY-BYTES".utf8)
    }

    enum Failure: Error {
        case truncated
        case withKey([UInt8])
    }

    @Test func anyOtherErrorIsAHarnessInputErrorWithItsDescriptionOnStderr() {
        let log = LogLines()
        var adapter = Adapter(name: "buggy", log: { log.append($0) })
        adapter.operation("test.fail") { input in
            switch input["how"]?.stringValue {
            case "described": throw Described()
            case "opaque": throw Opaque()
            case "case": throw Failure.truncated
            default: throw Failure.withKey(Array("SECRET-KEY-BYTES".utf8))
            }
        }
        var answers: [String?] = []
        for how in ["described", "opaque", "case", "payload"] {
            answers.append(adapter.answer(line: request(1, "test.fail", #"{"how":"\#(how)","profile":"deployed"}"#)))
        }
        let module = "PushProofAdapterKitTests.AdapterKitAnswerTests"
        let messages = [
            "the store is closed", "\(module).Opaque", "\(module).Failure.truncated", "\(module).Failure.withKey",
        ]
        #expect(
            answers
                == messages.map {
                    #"{"type":"response","id":1,"error":{"code":"HARNESS_INPUT_ERROR","message":"\#($0)"}}"#
                })
        #expect(log.all == messages.map { "buggy: test.fail: \($0)" })
        #expect(!log.all.joined().contains("SECRET") && !answers.compactMap { $0 }.joined().contains("SECRET"))
    }

    @Test func theUnexpectedErrorCodeCanBeChosen() {
        var adapter = Adapter(name: "buggy", unexpectedErrorCode: "INTERNAL", log: { _ in })
        adapter.operation("test.fail") { _ in throw Failure.truncated }
        #expect(
            adapter.answer(line: request(4, "test.fail", #"{"profile":"deployed"}"#))?
                .hasPrefix(#"{"type":"response","id":4,"error":{"code":"INTERNAL","#) == true)
    }

    @Test func unimplementedForWhatWasNotRegistered() {
        let log = LogLines()
        var adapter = echoAdapter(log, profiles: ["deployed", "proposal"])
        adapter.operation("test.narrow", profiles: ["hardened"]) { _ in "answered" }
        adapter.operation("test.someInputs") { input in
            guard input["suite"]?.stringValue == "0x0001" else { throw Unimplemented() }
            return "answered"
        }
        let unimplemented = #"{"type":"response","id":9,"unimplemented":true}"#
        for line in [
            request(9, "test.other", #"{"profile":"deployed"}"#),  // an operation not registered
            request(9, "test.echo", #"{"profile":"hardened"}"#),  // a profile not the adapter's
            request(9, "test.narrow", #"{"profile":"deployed"}"#),  // the adapter's, not this operation's
            request(9, "test.echo", #"{}"#),  // no profile
            request(9, "test.echo", #"{"profile":1}"#),  // no profile either
            request(9, "test.echo", #"[]"#),  // no input object
            #"{"type":"request","id":9,"input":{"profile":"deployed"}}"#,  // no operation
            request(9, "test.someInputs", #"{"suite":"0x0002","profile":"deployed"}"#),  // thrown
        ] {
            #expect(adapter.answer(line: line) == unimplemented, "\(line)")
        }
        #expect(
            adapter.answer(line: request(9, "test.narrow", #"{"profile":"hardened"}"#))
                == #"{"type":"response","id":9,"output":"answered"}"#)
        #expect(
            adapter.answer(line: request(9, "test.someInputs", #"{"suite":"0x0001","profile":"proposal"}"#))
                == #"{"type":"response","id":9,"output":"answered"}"#)
        #expect(log.all.isEmpty)
    }

    /// The id is echoed as the request gave it, whatever it is (the runner judges it).
    @Test func theIdIsEchoed() {
        let adapter = echoAdapter(LogLines())
        #expect(
            adapter.answer(line: #"{"type":"request","operation":"test.other","input":{}}"#)
                == #"{"type":"response","id":null,"unimplemented":true}"#)
        #expect(
            adapter.answer(line: #"{"type":"request","id":"x","operation":"test.other","input":{}}"#)
                == #"{"type":"response","id":"x","unimplemented":true}"#)
    }

    /// Numbers keep their text both ways: the ends of Int64 and UInt64 reach the handler exact,
    /// and `1.0` stays apart from `1`.
    @Test func sixtyFourBitIntegersAreExact() {
        var adapter = Adapter(name: "numbers", log: { _ in })
        adapter.operation("test.numbers") { input in
            let n: JSONValue = input["n"] ?? .null
            let int64: JSONValue = n.int64Value.map { .string(String($0)) } ?? .null
            let uint64: JSONValue = n.uint64Value.map { .string(String($0)) } ?? .null
            return ["n": n, "int64": int64, "uint64": uint64]
        }
        for (literal, int64, uint64) in [
            ("9223372036854775807", #""9223372036854775807""#, #""9223372036854775807""#),
            ("-9223372036854775808", #""-9223372036854775808""#, "null"),
            ("18446744073709551615", "null", #""18446744073709551615""#),
            ("1.0", "null", "null"),
        ] {
            #expect(
                adapter.answer(line: request(1, "test.numbers", #"{"n":\#(literal),"profile":"deployed"}"#))
                    == #"{"type":"response","id":1,"output":{"n":\#(literal),"int64":\#(int64),"uint64":\#(uint64)}}"#)
        }
    }
}

@Suite struct AdapterKitLineTests {
    /// A line that is not a JSON object is reported and skipped, and serving goes on.
    @Test func garbageIsSkippedAndReported() {
        let log = LogLines()
        let adapter = echoAdapter(log)
        let answers = served(
            adapter,
            chunks: [
                "garbage\n", "\n", "  \r\n", "[1,2]\n", "\"text\"\n", #"{"type":"goodbye"}"# + "\n", "{\"a\":\n",
                request(1, "test.echo", #"{"profile":"deployed"}"#) + "\n",
            ])
        #expect(answers == [#"{"type":"response","id":1,"output":{"input":{"profile":"deployed"}}}"#])
        let lines = log.all
        #expect(lines.count == 5, "\(lines)")
        #expect(
            lines.filter { $0.hasPrefix("echo: ignored a line that is not JSON (invalid JSON at byte ") }.count == 2)
        #expect(lines.filter { $0 == "echo: ignored a message that is not a JSON object" }.count == 2)
        #expect(lines.contains(#"echo: ignored a message of type "goodbye""#))
    }

    @Test func invalidUTF8IsNotJSON() {
        let log = LogLines()
        #expect(echoAdapter(log).answer(line: [0x22, 0xC3, 0x28, 0x22]) == nil)
        #expect(log.all == ["echo: ignored a line that is not JSON (invalid JSON at byte 0: input is not valid UTF-8)"])
    }

    /// Strict JSON, as PushProofJSON reads it: a duplicate key anywhere refuses the line, and so
    /// does nesting deeper than 64.
    @Test func duplicateKeysAndDeepNestingAreRefused() {
        let log = LogLines()
        let adapter = echoAdapter(log)
        let deep = String(repeating: "[", count: 70) + String(repeating: "]", count: 70)
        for line in [
            #"{"type":"request","id":1,"id":2,"operation":"test.echo","input":{"profile":"deployed"}}"#,
            request(1, "test.echo", #"{"profile":"deployed","profile":"hardened"}"#),
            request(1, "test.echo", #"{"profile":"deployed","x":\#(deep)}"#),
        ] {
            #expect(adapter.answer(line: line) == nil, "\(line)")
        }
        #expect(log.all.count == 3)
        #expect(log.all[0].hasSuffix("duplicate key in object)") && log.all[1].hasSuffix("duplicate key in object)"))
        #expect(log.all[2].hasSuffix("nesting deeper than 64)"))
    }

    /// The runner sends requests ahead of the answers: several in one read, a line split between
    /// reads, and a last line without its newline are all answered, in order, one at a time.
    @Test func requestsInOneReadAreAnsweredInOrder() {
        let order = LogLines()
        var adapter = Adapter(name: "ordered", log: { _ in })
        adapter.operation("test.echo") { input in
            order.append(input["n"]?.int64Value.map(String.init) ?? "?")
            return input["n"] ?? nil
        }
        let lines = (1...6).map { request($0, "test.echo", #"{"n":\#($0),"profile":"deployed"}"#) }
        let answers = served(
            adapter,
            chunks: [
                lines[0] + "\n" + lines[1] + "\n" + lines[2] + "\n" + lines[3].prefix(20),
                String(lines[3].dropFirst(20)) + "\n" + lines[4] + "\n", lines[5],
            ])
        #expect(answers == (1...6).map { #"{"type":"response","id":\#($0),"output":\#($0)}"# })
        #expect(order.all == (1...6).map(String.init))
    }

    /// The same through pipes, as `serve()` reads stdin: everything written before the adapter
    /// reads, so one read holds several requests.
    @Test func servesThroughFileHandles() throws {
        let adapter = echoAdapter(LogLines())
        let input = Pipe()
        let output = Pipe()
        let lines =
            [#"{"type":"hello","protocol":"pushproof-adapter/1"}"#]
            + (1...32).map {
                request($0, "test.echo", #"{"n":\#($0),"profile":"deployed"}"#)
            }
        try input.fileHandleForWriting.write(contentsOf: Array(lines.map { $0 + "\n" }.joined().utf8))
        try input.fileHandleForWriting.close()
        adapter.serve(input: input.fileHandleForReading, output: output.fileHandleForWriting)
        try output.fileHandleForWriting.close()
        let text = String(decoding: try output.fileHandleForReading.readToEnd() ?? Data(), as: UTF8.self)
        let answers = text.split(separator: "\n").map(String.init)
        #expect(answers.count == 33 && answers.first?.hasPrefix(#"{"type":"hello""#) == true)
        #expect(
            Array(answers.dropFirst())
                == (1...32).map {
                    #"{"type":"response","id":\#($0),"output":{"input":{"n":\#($0),"profile":"deployed"}}}"#
                })
    }

    struct Gone: Error {}

    /// An answer that cannot be written ends serving, with the error thrown.
    @Test func aFailedWriteStops() {
        let adapter = echoAdapter(LogLines())
        let lines = Array((request(1, "test.echo", "{}") + "\n" + request(2, "test.echo", "{}") + "\n").utf8)
        var calls = 0
        #expect(throws: Gone.self) {
            try adapter.serve(chunks: [lines]) { _ in
                calls += 1
                throw Gone()
            }
        }
        #expect(calls == 1)
    }
}
