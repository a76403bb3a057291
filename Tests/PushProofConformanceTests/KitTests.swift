import Foundation
import PushProofJSON
import Testing

@testable import PushProofConformance

@Suite struct VectorDeclarationTests {
    let catalogue = ConformanceCatalogue(suites: [ToySuite()])

    @Test func declaredCasesBecomeTestsWithTheReferencesAnswers() throws {
        let file = try #require(try catalogue.generateVectorFiles().first)
        #expect(file.fileName == "toy_upper_test.json" && file.schema == "toy_upper_schema.json")
        #expect(file.groups.map(\.description) == ["Upper case. tcIds 1-100.", "Counting."])
        let tests = file.groups[0].tests
        #expect(tests.map(\.tcId) == [1, 2, 3, 4])
        #expect(tests.map(\.result) == [.valid, .invalid, .invalid, .acceptable])
        #expect(tests[0].expected.json == ["output": ["text": "ABC"]])
        #expect(tests[0].source == "example/toy@0123abc:upper.c:10-12" && tests[1].source == nil)
        #expect(
            tests[0].json.members?.map(\.key) == ["tcId", "comment", "flags", "source", "result", "input", "expected"])
        #expect(tests[1].expected.json == ["error": "EMPTY"])
        #expect(tests[2].expected.json == ["error": "BAD", "message": "no punctuation"])
        #expect(file.groups[1].tests.map(\.tcId) == [101])
        // Notes in the order flags are first used, and only those used.
        #expect(file.notes.map(\.flag) == ["Normal", "Empty", "Lenient"])
    }

    @Test func aCaseTheReferenceAnswersOtherwiseStopsGeneration() {
        var suite = ToySuite()
        suite.cases = [VectorCase(comment: "claims an error", flags: ["Normal"], input: ["text": "abc"], code: "EMPTY")]
        #expect(throws: GeneratorError.self) { try ConformanceCatalogue(suites: [suite]).generateVectorFiles() }
        suite.cases = [
            VectorCase(comment: "wrong outcome", flags: ["Normal"], input: ["text": "abc"], outcome: "routed")
        ]
        #expect(throws: GeneratorError.self) { try ConformanceCatalogue(suites: [suite]).generateVectorFiles() }
        suite.cases = [VectorCase(comment: "wrong message", flags: ["Empty"], input: ["text": "!"], message: "other")]
        #expect(throws: GeneratorError.self) { try ConformanceCatalogue(suites: [suite]).generateVectorFiles() }
    }

    @Test func checksFlagsAndIdBlocksAreEnforced() {
        var suite = ToySuite()
        suite.cases = [
            VectorCase(comment: "hook fails", flags: ["Normal"], input: ["text": "a"]) { _ in throw GeneratorError("no")
            }
        ]
        #expect(throws: GeneratorError.self) { try ConformanceCatalogue(suites: [suite]).generateVectorFiles() }
        suite.cases = [VectorCase(comment: "unknown flag", flags: ["Nope"], input: ["text": "a"])]
        #expect(throws: GeneratorError.self) { try ConformanceCatalogue(suites: [suite]).generateVectorFiles() }
        suite.cases = Array(repeating: VectorCase(comment: "many", flags: ["Normal"], input: ["text": "a"]), count: 101)
        #expect(throws: GeneratorError.self) { try ConformanceCatalogue(suites: [suite]).generateVectorFiles() }
        suite.cases = [
            VectorCase(
                comment: "pointless alternative", flags: ["Lenient"], input: ["text": "a"],
                alsoAccepted: [["output": ["text": "A"]]])
        ]
        #expect(throws: GeneratorError.self) { try ConformanceCatalogue(suites: [suite]).generateVectorFiles() }
    }

    /// An error code needs three invalid vectors with different comments: the same cause written
    /// again, or an acceptable test whose alternative is the code, does not count.
    @Test func errorCodesReachedByFewerThanThreeCausesAreThin() throws {
        var suite = ToySuite()
        var files = try ConformanceCatalogue(suites: [suite]).generateVectorFiles()
        #expect(
            ErrorCoverage.thin(in: files).map(\.description) == [
                "toy.upper (deployed) BAD: 1", "toy.upper (deployed) EMPTY: 1",
            ])
        suite.cases += [
            VectorCase(comment: "empty text is refused", flags: ["Empty"], input: ["text": ""], code: "EMPTY"),
            VectorCase(comment: "empty text again", flags: ["Empty"], input: ["text": ""], code: "EMPTY"),
            VectorCase(comment: "empty text once more", flags: ["Empty"], input: ["text": ""], code: "EMPTY"),
        ]
        files = try ConformanceCatalogue(suites: [suite]).generateVectorFiles()
        #expect(
            ErrorCoverage.pairs(in: files).map(\.description) == [
                "toy.upper (deployed) BAD: 1", "toy.upper (deployed) EMPTY: 3",
            ])
        let thin = ErrorCoverage.thin(in: files)
        #expect(thin.map(\.description) == ["toy.upper (deployed) BAD: 1"])
        #expect(
            ErrorCoverage.report(thin)
                == "1 error code(s) reached by fewer than 3 invalid vectors with different comments:\n"
                + "  toy.upper (deployed) BAD: 1")
    }

    @Test func generatedFilesRoundTripAndVerify() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("pushproof-kit-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        let generation = try catalogue.generate()
        #expect(
            try catalogue.writeVectors(generation, to: dir)
                == ["toy_upper_test.json", "schemas/toy_upper_schema.json", "COUNTS.json"])
        #expect(catalogue.verifyVectors(generation, in: dir) == ([], []))
        // The counts say what the files hold.
        let counts = try JSONParser.parse(
            String(decoding: try Data(contentsOf: dir.appendingPathComponent("COUNTS.json")), as: UTF8.self))
        let tests = generation.vectorFiles.reduce(0) { $0 + $1.numberOfTests }
        #expect(counts["format"] == "pushproof-counts/1")
        #expect(counts["tests"] == .integer(tests) && tests > 0)
        #expect(counts["vectorFiles"]?["toy_upper"] == .integer(tests))
        let perOperation = generation.vectorFiles.flatMap(\.groups).filter { $0.operation.rawValue == "toy.upper" }
            .reduce(0) { $0 + $1.tests.count }
        #expect(counts["operations"]?["toy.upper"]?["tests"] == .integer(perOperation) && perOperation > 0)
        let path = dir.appendingPathComponent("toy_upper_test.json")
        try Data("{}".utf8).write(to: path)
        try Data("{}".utf8).write(to: dir.appendingPathComponent("stray_test.json"))
        try Data("{}".utf8).write(to: dir.appendingPathComponent("schemas/toy_upper_schema.json"))
        #expect(
            catalogue.verifyVectors(generation, in: dir)
                == (["toy_upper_test.json", "schemas/toy_upper_schema.json"], ["stray_test.json"]))
    }

    /// A file's schema holds a group and a test definition for each operation its groups use, with
    /// the operation's group type, profiles and fragments.
    @Test func theSchemaComesFromTheOperations() throws {
        let files = try catalogue.generateSchemas()
        #expect(files.map(\.path) == ["schemas/toy_upper_schema.json"])
        let schema = try JSONParser.parse(files[0].text)
        let definitions = try #require(schema["$defs"])
        #expect(definitions["toy.upper.group"]?["properties"]?["type"] == ["const": "UpperTest"])
        #expect(definitions["toy.count.group"]?["properties"]?["profile"] == ["enum": ["deployed", "proposal"]])
        #expect(definitions["toy.upper.test"]?["properties"]?["input"] == ToySuite.upperSchema.input)
        #expect(
            definitions["note"]?["properties"]?["bugType"]
                == ["enum": .array(BugType.allCases.map { .string($0.rawValue) })])
        // Each group is filed under its operation's type, which no declaration restates.
        let built = try ConformanceCatalogue(suites: [ToySuite()]).generateVectorFiles()
        #expect(built.flatMap(\.groups).map(\.type) == ["UpperTest", "CountTest"])
    }

    @Test func theReferenceMapsErrorsWithoutHandMapping() {
        let reference = catalogue.reference
        #expect(reference.operations == ["toy.count", "toy.upper"])
        #expect(reference.profiles == [.deployed, .proposal])
        func ask(_ op: OperationName, _ profile: Profile, _ input: JSONValue) -> OperationOutcome {
            reference.perform(OperationRequest(operation: op, profile: profile, input: input))
        }
        #expect(ask("toy.upper", .deployed, ["text": ""]) == .error(code: "EMPTY", message: nil))
        #expect(ask("toy.upper", .deployed, ["text": "!"]) == .error(code: "BAD", message: "no punctuation"))
        #expect(
            ask("toy.upper", .deployed, ["text": 5])
                == .error(code: harnessInputErrorCode, message: "input field `text` must be a string"))
        #expect(ask("toy.upper", .proposal, ["text": "a"]) == .unimplemented)
        #expect(ask("toy.nothing", .deployed, [:]) == .unimplemented)
        #expect(
            ask("toy.count", .proposal, ["items": ["a", 1]])
                == .error(code: harnessInputErrorCode, message: "an element of `items` must be a string"))
    }

    @Test func mutantsAreCaughtThroughTheCatalogue() throws {
        let files = try catalogue.generateVectorFiles()
        let reports = try ConformanceRunner.hunt(catalogue.mutants, files: files, meanings: catalogue.meanings) {
            MutatedImplementation($0, reference: catalogue.reference)
        }
        #expect(reports.map(\.caughtBy) == [["toy_upper:1", "toy_upper:4"]])
        #expect(catalogue.mutant(named: "no-upper") != nil && catalogue.mutant(named: "nope") == nil)
    }
}

@Suite struct VectorFileTests {
    /// The one model reads every shipped file and writes it back to the same bytes.
    @Test func everyShippedFileRoundTrips() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: vectorsDirectory.path).filter {
            $0.hasSuffix("_test.json")
        }
        #expect(names.count >= 13)
        for name in names {
            let text = try String(contentsOf: vectorsDirectory.appendingPathComponent(name), encoding: .utf8)
            let file = try VectorFile(bytes: Array(text.utf8))
            #expect(file.serialized == text, "\(name) does not round-trip")
            #expect(file.fileName == name)
        }
    }

    func refused(_ change: (inout JSONValue) -> Void) throws -> String {
        let file = try #require(try ConformanceCatalogue(suites: [ToySuite()]).generateVectorFiles().first)
        var json = file.json
        change(&json)
        do {
            _ = try VectorFile(json: json)
            return "accepted"
        } catch {
            return error.message
        }
    }

    @Test func malformedFilesAreRefusedWithTheReason() throws {
        #expect(try refused { $0 = $0.setting("numberOfTests", to: 9) } == "numberOfTests says 9, the file has 5")
        #expect(try refused { $0 = $0.setting("formatVersion", to: 2) } == "formatVersion 2 is not 1")
        #expect(try refused { $0 = $0.removing("suite") } == "the file lacks `suite`")
        #expect(try refused { $0 = $0.setting("notes", to: [:]) } == "test 1: flag Normal has no note")
        func firstTest(_ change: @escaping (JSONValue) -> JSONValue) -> (inout JSONValue) -> Void {
            { json in
                var groups = json["testGroups"]!.arrayValue!
                var tests = groups[0]["tests"]!.arrayValue!
                tests[0] = change(tests[0])
                groups[0] = groups[0].setting("tests", to: .array(tests))
                json = json.setting("testGroups", to: .array(groups))
            }
        }
        #expect(
            try refused(firstTest { $0.setting("result", to: "invalid") }) == "test 1: a invalid test expects an output"
        )
        #expect(
            try refused(firstTest { $0.setting("result", to: "maybe") })
                == "test 1: `result` must be valid, invalid or acceptable")
        let shapes = "must be {\"output\": X} or {\"error\": CODE, \"message\"?: TEXT}"
        #expect(
            try refused(firstTest { $0.setting("expected", to: [:]) })
                == "test 1: `expected` \(shapes), not members []")
        #expect(
            try refused(firstTest { $0.setting("expected", to: ["output": 1, "error": "X"]) })
                == "test 1: `expected` \(shapes), not members [\"output\", \"error\"]")
        #expect(
            try refused(firstTest { $0.setting("expected", to: ["error": 7]) })
                == "test 1: `expected` \(shapes), not members [\"error\"]")
        #expect(
            try refused(firstTest { $0.setting("expected", to: ["error": "X", "message": 1]) })
                == "test 1: `expected`: `message` must be a string")
        #expect(
            try refused(firstTest { $0.setting("expected", to: "X") })
                == "test 1: `expected` must be an object with `output` or `error`")
        #expect(
            try refused(firstTest { $0.setting("deployedAnswer", to: ["outcome": "x"]) })
                == "test 1: `deployedAnswer` \(shapes), not members [\"outcome\"]")
        #expect(
            try refused(firstTest { $0.setting("alsoAccepted", to: [["error": "X"]]) })
                == "test 1: alsoAccepted is for acceptable tests, and every acceptable test has one")
        #expect(try refused(firstTest { $0.setting("tcId", to: "1") }) == "a test: `tcId` must be an integer")
        #expect(
            try refused(firstTest { $0.setting("source", to: "") }) == "test 1: `source` must be a non-empty string")
    }
}

@Suite struct ExpectedAnswerTests {
    @Test func whatPassesForAnAnswer() throws {
        let anyWording = try ExpectedAnswer(json: ["error": "BAD"], at: "x")
        #expect(anyWording.accepts(.error(code: "BAD", message: "whatever it says")))
        #expect(!anyWording.accepts(.error(code: "WORSE", message: nil)))
        let pinned = try ExpectedAnswer(json: ["error": "BAD", "message": "no"], at: "x")
        #expect(
            pinned.accepts(.error(code: "BAD", message: "no")) && !pinned.accepts(.error(code: "BAD", message: "No")))
        #expect(!pinned.accepts(.error(code: "BAD", message: nil)))
        // Outputs by meaning: key order aside, but not the types of values.
        let output = try ExpectedAnswer(json: ["output": ["a": 1, "b": "2"]], at: "x")
        #expect(output.accepts(.output(["b": "2", "a": 1])))
        #expect(!output.accepts(.output(["a": "1", "b": "2"])) && !output.accepts(.error(code: "BAD", message: nil)))
        #expect(!output.accepts(.unimplemented))
        // It writes back what it read.
        for json: JSONValue in [["error": "BAD", "message": "no"], ["output": ["a": 1]], ["error": "X"]] {
            #expect(try ExpectedAnswer(json: json, at: "x").json == json)
        }
    }
}

@Suite struct RequestTests {
    @Test func theProfileIsDecidedAtTheEdge() throws {
        let request = try OperationRequest(operation: "toy.upper", wireInput: ["profile": "deployed", "text": "a"])
        #expect(request.profile == .deployed && request.input == ["text": "a"])
        #expect(request.wireInput == ["text": "a", "profile": "deployed"])
        #expect(throws: InputError("missing input field `profile` (a string)")) {
            try OperationRequest(operation: "x", wireInput: ["text": "a"])
        }
        #expect(throws: InputError("the input must be an object")) {
            try OperationRequest(operation: "x", wireInput: [1])
        }
        enum Local: String { case deployed }
        #expect(try Profile.deployed.as(Local.self) == .deployed)
        #expect(throws: InputError.self) { try Profile.proposal.as(Local.self) }
        // A module without a hardened profile runs hardened requests on its deployed code.
        #expect(try Profile.hardened.moduleProfile(Local.self) == .deployed)
        #expect(throws: InputError.self) { try Profile.hardened.as(Local.self) }
        #expect(throws: InputError.self) { try Profile.proposal.moduleProfile(Local.self) }
    }

    /// One rule for every reader: absent or null optional values are nil; a wrong type is an
    /// error, never dropped.
    @Test func inputReadersRefuseWrongTypesConsistently() throws {
        let r = InputReader([
            "s": "x", "n": 7, "big": 4_294_967_296, "neg": -1, "null": nil, "ints": [1, 2], "mixed": [1, "2"],
            "b": true, "hex": "0aff", "map": ["k": "v"], "badMap": ["k": 1],
        ])
        #expect(try r.string("s") == "x" && r.has("s") && !r.has("null") && !r.has("absent"))
        #expect(try r.optionalString("null") == nil && r.optionalString("absent") == nil)
        #expect(throws: InputError.self) { try r.optionalString("n") }
        #expect(try r.uint32("n") == 7 && r.uint64("big") == 4_294_967_296)
        #expect(throws: InputError("input field `big` must be a uint32")) { try r.uint32("big") }
        #expect(throws: InputError("input field `neg` must be a uint64")) { try r.uint64("neg") }
        #expect(try r.int64Array("ints") == [1, 2] && r.optionalInt64Array("absent") == [])
        #expect(throws: InputError("an element of `mixed` must be an integer")) { try r.int64Array("mixed") }
        #expect(throws: InputError("an element of `ints` must be a string")) { try r.optionalStringArray("ints") }
        #expect(try r.bool("b") && r.hex("hex") == [0x0A, 0xFF] && r.stringMap("map") == ["k": "v"])
        #expect(throws: InputError("parameter `k` must be a string")) { try r.stringMap("badMap") }
        #expect(throws: InputError("input field `s` must be hex")) { try r.hex("s") }
        #expect(throws: InputError("missing input field `absent`")) { try r.field("absent") }
        #expect(try r.optionalObject("null") == nil)
    }
}

@Suite struct ExpectedFailuresTests {
    @Test func theListFormat() throws {
        let list = try ExpectedFailures(
            text: "# known\n\nregistration_server:13  # deployed text differs\nexplode_codec:212\n", source: "f")
        #expect(list.reasons == ["registration_server:13": "deployed text differs", "explode_codec:212": ""])
        #expect(
            throws: ExpectedFailures.ParseError(
                description: "f:1: expected `file:tcId  # reason`, got `registration_server`")
        ) {
            try ExpectedFailures(text: "registration_server", source: "f")
        }
        #expect(throws: ExpectedFailures.ParseError(description: "f:2: a:1 is listed twice")) {
            try ExpectedFailures(text: "a:1\na:1", source: "f")
        }
        #expect(throws: ExpectedFailures.ParseError.self) { try ExpectedFailures(text: "a:x", source: "f") }
    }

    /// A list that declares its reasons holds every entry to one of them.
    @Test func aFixedSetOfReasons() throws {
        let header = "@reason library-bug: breaks the RFC\n@reason out-of-scope: not the library's\n"
        let list = try ExpectedFailures(
            text: header + "a:1  # library-bug: accepts x\nb:2 # out-of-scope : glue\n", source: "f")
        #expect(list.reasonKindOrder == ["library-bug", "out-of-scope"])
        #expect(list.reasonKind(of: "a:1") == "library-bug" && list.reasonKind(of: "b:2") == "out-of-scope")
        #expect(list.reasonKind(of: "c:3") == nil)
        for entry in ["a:1", "a:1  # accepts x", "a:1  # binding-limit: x", "a:1  # library-bug accepts x"] {
            #expect(throws: ExpectedFailures.ParseError.self) {
                try ExpectedFailures(text: header + entry, source: "f")
            }
        }
        #expect(
            throws: ExpectedFailures.ParseError(description: "f:2: the reason x is declared twice")
        ) { try ExpectedFailures(text: "@reason x: one\n@reason x: two", source: "f") }
        for bad in ["@reason: no key", "@reason Upper: x", "@reason key", "@reason key:   "] {
            #expect(throws: ExpectedFailures.ParseError.self) { try ExpectedFailures(text: bad, source: "f") }
        }
    }

    @Test func anUnreadableListIsOneLine() throws {
        let missing = URL(fileURLWithPath: "/nonexistent/pushproof-known-failures.txt")
        #expect(
            throws: ExpectedFailures.ParseError(
                description:
                    "/nonexistent/pushproof-known-failures.txt: cannot read the expected-failures list (no such file)")
        ) { try ExpectedFailures(contentsOf: missing) }
    }
}

/// The kit knows no protocol: its sources import only the shared layers and the system.
@Suite struct KitBoundaryTests {
    @Test func theKitImportsNoProtocolModule() throws {
        let folder = packageRoot.appendingPathComponent("Sources/PushProofConformance")
        let allowed: Set<String> = [
            "Foundation", "PushProofCore", "PushProofCrypto", "PushProofJSON", "PushProofAdapterKit", "Glibc", "Darwin",
            "CSanitizer",
        ]
        // The kit's files sit in sub-folders (Model/, Running/, Adapter/, ...): every one is read.
        let files = try FileManager.default.subpathsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".swift") }
        #expect(files.count > 30)
        #expect(files.allSatisfy { $0.contains("/") }, "every kit file is in a sub-folder")
        for name in files {
            let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            for line in text.split(separator: "\n") {
                let words = line.split(separator: " ")
                guard let i = words.firstIndex(of: "import"), i + 1 < words.count,
                    words[..<i].allSatisfy({ $0.hasPrefix("@") })
                else { continue }
                #expect(allowed.contains(String(words[i + 1])), "\(name) imports \(words[i + 1])")
            }
        }
    }
}

@Suite struct AdapterHelloTests {
    @Test func operationProfilesNarrowOrWidenOneOperation() throws {
        let json: JSONValue = [
            "type": "hello", "protocol": .string(AdapterProtocol.version), "name": "x", "version": "1",
            "operations": ["a.one", "a.two"], "profiles": ["deployed"],
            "operationProfiles": ["a.two": ["deployed", "hardened"]],
        ]
        let hello = try AdapterProtocol.Hello.parse(json).get()
        #expect(hello.offers("a.one", profile: "deployed") && !hello.offers("a.one", profile: "hardened"))
        #expect(hello.offers("a.two", profile: "hardened") && hello.offers("a.two", profile: "deployed"))
        #expect(!hello.offers("a.three", profile: "deployed"))
        // It reads back as written.
        #expect(try AdapterProtocol.Hello.parse(hello.json).get() == hello)
        // A malformed map is a protocol error, not a guess.
        for bad: JSONValue in ["deployed", ["a.two": "hardened"], ["a.two": [1]]] {
            #expect(throws: AdapterFailure.self) {
                try AdapterProtocol.Hello.parse(json.setting("operationProfiles", to: bad)).get()
            }
        }
    }
}
