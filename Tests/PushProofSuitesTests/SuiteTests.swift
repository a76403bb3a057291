import Foundation
import PushProofJSON
import PushProofSuites
import Testing

@testable import PushProofConformance

let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
let vectorsDirectory = packageRoot.appendingPathComponent("vectors")
let reference = Suites.catalogue.reference

/// An implementation that answers like the reference except where `change` says otherwise.
struct Breaking: ConformanceImplementation {
    let name = "breaking"
    let change: @Sendable (OperationRequest, OperationOutcome) -> OperationOutcome
    func perform(_ request: OperationRequest) -> OperationOutcome { change(request, reference.perform(request)) }
}

@Suite struct SuiteTests {
    @Test func everyShippedVectorPassesAgainstTheReference() throws {
        let files = try ConformanceRunner.loadVectors(directory: vectorsDirectory)
        let report = try ConformanceRunner(implementation: reference, meanings: Suites.catalogue.meanings).run(files)
        #expect(report.count(.failed) == 0, "\(Reports.text(report))")
        #expect(report.count(.skipped) == 0)
        #expect(report.outcomes.count >= 402)
    }

    /// The clean Catbird server answers every KeyPackage refusal as InvalidKeyPackage and every
    /// identity refusal as InvalidRequest, and Zulip an absent required parameter as
    /// REQUEST_VARIABLE_MISSING: each such deployed refusal carries it, nothing else does.
    @Test func deployedRefusalsCarryTheServersWireCode() throws {
        let identity: Set<OperationName> = [
            .catbirdBareDid, .catbirdDeviceId, .catbirdCredentialIdentity, .catbirdKeyId, .catbirdDeviceKey,
            .catbirdSignedAt,
        ]
        var checked = 0
        var zulipMissing = 0
        for file in try ConformanceRunner.loadVectors(directory: vectorsDirectory) {
            for group in file.groups {
                for test in group.tests {
                    let refused = test.expected.isError && group.profile == .deployed
                    if refused && group.operation == .catbirdKeyPackageValidate {
                        #expect(test.wireError == "InvalidKeyPackage", "\(file.name):\(test.tcId)")
                        checked += 1
                    } else if refused && identity.contains(group.operation) {
                        #expect(test.wireError == "InvalidRequest", "\(file.name):\(test.tcId)")
                        checked += 1
                    } else if refused
                        && [.registrationBouncer, .registrationServerParameters].contains(group.operation)
                    {
                        // Zulip: only an absent required parameter differs (REQUEST_VARIABLE_MISSING).
                        #expect(
                            [nil, "REQUEST_VARIABLE_MISSING"].contains(test.wireError), "\(file.name):\(test.tcId)")
                        if test.wireError != nil { zulipMissing += 1 }
                    } else {
                        #expect(test.wireError == nil, "\(file.name):\(test.tcId)")
                    }
                }
            }
        }
        #expect(checked >= 280)
        #expect(zulipMissing == 4, "registration_server 12, registration_bouncer 74, 83 and 84")
    }

    @Test func regeneratingChangesNoByte() throws {
        let (differing, unexpected) = Suites.catalogue.verifyVectors(
            try Suites.catalogue.generate(), in: vectorsDirectory)
        #expect(differing.isEmpty, "regenerate with `swift run pushproof vectors generate`")
        #expect(unexpected.isEmpty)
    }

    /// Every error code of every operation and profile is reached by three invalid vectors with
    /// different comments (`vectors generate` and `vectors verify` refuse fewer).
    @Test func everyErrorCodeIsReachedByThreeCauses() throws {
        let files = try ConformanceRunner.loadVectors(directory: vectorsDirectory)
        let thin = ErrorCoverage.thin(in: files)
        #expect(thin.isEmpty, "\(ErrorCoverage.report(thin))")
        #expect(ErrorCoverage.pairs(in: files).count >= 141)
    }

    @Test func generationIsDeterministic() throws {
        let a = try Suites.catalogue.generateVectorFiles().map(\.serialized)
        let b = try Suites.catalogue.generateVectorFiles().map(\.serialized)
        #expect(a == b)
    }

    /// Each suite's time windows reach every one of its operations, and only those.
    @Test func timeWindowsReachTheirSuitesOperations() {
        let windows = Suites.catalogue.timeWindows
        #expect(windows[.catbirdInventoryTrace]?.contains(300) == true)
        #expect(windows[.catbirdSignedAt]?.contains(60) == true)
        #expect(windows[.registrationBouncer]?.contains(86_400) == true)
        #expect(windows[.explodeReceiverTrace]?.contains(60) == true)
        #expect(windows[.convosPushRoute] == nil, "a suite without windows adds none")
    }

    @Test func everyFlagHasANoteAndIdsAreUnique() throws {
        for file in try Suites.catalogue.generateVectorFiles() {
            let noted = Set(file.notes.map(\.flag))
            var ids = Set<Int>()
            for group in file.groups {
                for test in group.tests {
                    #expect(ids.insert(test.tcId).inserted, "\(file.name) tcId \(test.tcId) twice")
                    for flag in test.flags { #expect(noted.contains(flag)) }
                    if test.result == .invalid { #expect(test.expected.json["error"] != nil) }
                }
            }
        }
    }

    /// The one list and the shipped files agree: every operation a suite offers has vectors, and
    /// every group asks an operation, in a profile, that some suite offers.
    @Test func theListOfSuitesAndTheVectorFilesAgree() throws {
        let files = try ConformanceRunner.loadVectors(directory: vectorsDirectory)
        let asked = Set(files.flatMap { $0.groups.map(\.operation) })
        #expect(asked == Set(reference.operations))
        for file in files {
            for group in file.groups {
                let request = OperationRequest(
                    operation: group.operation, profile: group.profile, input: group.tests[0].input)
                #expect(
                    reference.perform(request) != .unimplemented,
                    "\(file.name): \(group.operation) in \(group.profile)")
            }
        }
        let names = Suites.all.map(\.name)
        #expect(Set(names).count == names.count)
    }

    @Test func theRunnerCatchesAWrongAnswer() throws {
        let files = try ConformanceRunner.loadVectors(directory: vectorsDirectory)
        // A bouncer that never checks liveness.
        let lax = Breaking { request, outcome in
            if request.operation == .registrationBouncer, outcome == .error(code: "REQUEST_EXPIRED", message: nil) {
                return .output(["deviceId": 1, "created": true])
            }
            return outcome
        }
        let report = try ConformanceRunner(implementation: lax, meanings: Suites.catalogue.meanings).run(
            files, selection: TestSelection(files: ["registration_bouncer"]))
        let caught = report.outcomes.filter { $0.status == .failed }
        #expect(caught.count >= 4)
        #expect(caught.allSatisfy { $0.test.expected.json["error"]?.stringValue == "REQUEST_EXPIRED" })
    }

    @Test func wrongMessagesAndUnimplementedOperationsAreReported() throws {
        let files = try ConformanceRunner.loadVectors(directory: vectorsDirectory)
        let sloppy = Breaking { request, outcome in
            if request.operation == .registrationSeal { return .unimplemented }
            if case .error(let code, _?) = outcome { return .error(code: code, message: "something else") }
            return outcome
        }
        let report = try ConformanceRunner(implementation: sloppy, meanings: Suites.catalogue.meanings).run(files)
        let seals = files.flatMap(\.groups).filter { $0.operation == .registrationSeal }.map(\.tests.count).reduce(0, +)
        #expect(report.count(.skipped) == seals && seals > 0)
        #expect(report.count(.failed) > 0)
        #expect(report.outcomes.filter { $0.status == .failed }.allSatisfy { $0.file == "registration_server" })
    }

    /// A partly conforming implementation runs green with its failures listed, and the run fails
    /// again as soon as the list and the answers disagree either way.
    @Test func expectedFailuresKeepTheListHonest() throws {
        let files = try ConformanceRunner.loadVectors(directory: vectorsDirectory)
        let lax = Breaking { request, outcome in
            request.operation == .registrationBouncer && outcome == .error(code: "REQUEST_EXPIRED", message: nil)
                ? .output(["deviceId": 1, "created": true]) : outcome
        }
        let runner = ConformanceRunner(implementation: lax, meanings: Suites.catalogue.meanings)
        let failing = try runner.run(files).outcomes.filter { $0.status == .failed }.map(\.name)
        #expect(failing.count >= 4)

        let all = try ExpectedFailures(
            text: failing.map { "\($0)  # liveness not checked" }.joined(separator: "\n"), source: "list")
        let green = try runner.run(files, expectedFailures: all)
        #expect(!green.failed)
        #expect(green.count(.expectedFailure) == failing.count)

        let missingOne = try ExpectedFailures(text: failing.dropFirst().joined(separator: "\n"), source: "list")
        let newFailure = try runner.run(files, expectedFailures: missingOne)
        #expect(newFailure.failed && newFailure.count(.failed) == 1)

        let withAPass = try ExpectedFailures(
            text: (failing + ["registration_client:1"]).joined(separator: "\n"), source: "list")
        let fixed = try runner.run(files, expectedFailures: withAPass)
        #expect(fixed.failed && fixed.count(.unexpectedPass) == 1)
        #expect(Reports.text(fixed).contains("UNEXPECTED PASS registration_client:1"))
        #expect(Reports.junitXML(fixed).contains("listed as an expected failure"))

        let unknown = try ExpectedFailures(text: "registration_client:99999", source: "list")
        #expect(throws: RunnerError.self) { try runner.run(files, expectedFailures: unknown) }
    }

    @Test func acceptableAlternativesPass() throws {
        let files = try ConformanceRunner.loadVectors(directory: vectorsDirectory)
        // Answer every acceptable vector with its last alternative instead of the expected answer.
        var checked = 0
        for file in files {
            for group in file.groups {
                for test in group.tests where test.result == .acceptable {
                    let alt = test.alsoAccepted.last!
                    let outcome: OperationOutcome
                    switch alt {
                    case .output(let value):
                        // An operation judged by meaning holds the meaning of its outputs: no
                        // answer is that meaning itself.
                        if Suites.catalogue.meanings.operations.contains(group.operation) { continue }
                        outcome = .output(value)
                    case .error(let code, let message): outcome = .error(code: code, message: message)
                    }
                    let runner = ConformanceRunner(
                        implementation: Breaking { _, _ in outcome }, meanings: Suites.catalogue.meanings)
                    #expect(
                        runner.judge(
                            test, in: group, file: file.name,
                            answered: AnsweredRequest(outcome: outcome, duration: 0, log: { nil }),
                            by: runner.implementation
                        ).status == .passed,
                        "\(file.name):\(test.tcId)"
                    )
                    checked += 1
                }
            }
        }
        #expect(checked > 0)
    }

    /// Differential fuzzing allows the reference's alternatives for any input; on the shipped
    /// inputs they may allow nothing the vectors refuse, so the fuzzer is never laxer than the
    /// vectors. Each operation that declares alternatives has them on some vector.
    @Test func alternativesAllowNothingTheVectorsRefuse() throws {
        let files = try ConformanceRunner.loadVectors(directory: vectorsDirectory)
        let meanings = Suites.catalogue.meanings
        var offered: [String: Int] = [:]
        for file in files {
            for group in file.groups {
                for test in group.tests {
                    let request = OperationRequest(
                        operation: group.operation, profile: group.profile, input: test.input)
                    for alternative in reference.alternatives(for: request) {
                        offered[group.operation.rawValue, default: 0] += 1
                        let answer = meanings.judged(alternative, for: request)
                        #expect(
                            ([test.expected] + test.alsoAccepted).contains { $0.accepts(answer) },
                            "\(file.name):\(test.tcId): the alternative \(JSONWriter.compact(answer.json))")
                    }
                }
            }
        }
        for operation in [
            "identity.keychainDecode", "catbird.keyPackageValidate",
        ] {
            #expect(offered[operation, default: 0] > 0, "\(operation) offers no alternative on any vector")
        }
    }

    /// The shipped files keep the rule generation enforces (docs/vector-format.md, "Upstream's
    /// answer"): in a profile that follows upstream no test carries a flag whose note marks a
    /// stricter answer, and none expects a refusal beside an accepting alternative unless a flag
    /// says upstream answers several ways.
    @Test func upstreamProfilesExpectUpstreamsAnswer() throws {
        let upstream = Set(Suites.all.flatMap { $0.upstreamProfiles })
        #expect(upstream == [.deployed, "legacy"])
        var stricterFlags = 0
        var severalTests = 0
        for file in try ConformanceRunner.loadVectors(directory: vectorsDirectory) {
            let readings = Dictionary(uniqueKeysWithValues: file.notes.map { ($0.flag, $0.note.upstream) })
            stricterFlags += readings.values.filter { $0 == .stricter }.count
            for group in file.groups where upstream.contains(group.profile) {
                for test in group.tests {
                    let words = test.flags.compactMap { readings[$0] ?? nil }
                    #expect(!words.contains(.stricter), "\(file.name):\(test.tcId)")
                    if test.expected.isError, test.alsoAccepted.contains(where: { !$0.isError }) {
                        #expect(words.contains(.several), "\(file.name):\(test.tcId)")
                        severalTests += 1
                    }
                }
            }
        }
        #expect(stricterFlags >= 14 && severalTests >= 3)
    }

    /// A `token_id` past 64 bits: the deployed server answers upstream's HTTP 500 and nothing else
    /// passes; the hardened server refuses it as the client's fault. No server answer has an
    /// alternative.
    @Test func serverAnswersUpstreamsStorageFailure() throws {
        let files = try ConformanceRunner.loadVectors(directory: vectorsDirectory)
        let server = try #require(files.first { $0.name == "registration_server" })
        var seen: [Profile: Int] = [:]
        for group in server.groups {
            for test in group.tests {
                let request = OperationRequest(operation: group.operation, profile: group.profile, input: test.input)
                #expect(reference.alternatives(for: request).isEmpty, "\(test.tcId)")
                let answer = JSONWriter.compact(reference.perform(request).json)
                if test.flags.contains("StorageFailure") {
                    seen[group.profile, default: 0] += 1
                    #expect(group.profile == .deployed && test.alsoAccepted.isEmpty, "\(test.tcId)")
                    #expect(answer.contains("Internal server error") && !answer.contains("Invalid `token_id`"))
                }
                if group.profile == .hardened { #expect(!answer.contains("Internal server error"), "\(test.tcId)") }
            }
        }
        #expect(seen[.deployed, default: 0] >= 4)
        // A proposal bouncer's success answer without its device id is no answer it gives.
        let proposal = try #require(
            server.groups.first { $0.profile == .proposal && $0.operation.rawValue.hasSuffix("Lifecycle") })
        let trace = try #require(proposal.tests.first { JSONWriter.compact($0.input).contains("\"registered\"") })
        let steps = try #require(trace.input["steps"]?.arrayValue).map { step -> JSONValue in
            guard let answer = step["bouncerAnswer"], answer["answer"] == "registered" else { return step }
            return step.setting("bouncerAnswer", to: answer.setting("deviceId", to: .null))
        }
        let request = OperationRequest(
            operation: proposal.operation, profile: .proposal, input: trace.input.setting("steps", to: .array(steps)))
        guard case .error(let code, _) = reference.perform(request) else {
            Issue.record("a registered answer without a device id was answered")
            return
        }
        #expect(code == harnessInputErrorCode)
    }

    @Test func selectionAndReports() throws {
        let files = try ConformanceRunner.loadVectors(directory: vectorsDirectory)
        let report = try ConformanceRunner(implementation: reference, meanings: Suites.catalogue.meanings)
            .run(files, selection: TestSelection(tests: ["registration_client:1", "registration_bouncer:2"]))
        #expect(report.outcomes.map(\.name) == ["registration_bouncer:2", "registration_client:1"])
        let xml = Reports.junitXML(report)
        #expect(
            xml.contains("<testsuites name=\"pushproof-reference\" tests=\"2\" failures=\"0\" errors=\"0\" time=\""))
        let json = try JSONParser.parse(Reports.json(report))
        #expect(json["passed"] == 2)
        #expect(throws: RunnerError.self) {
            try ConformanceRunner(implementation: reference, meanings: Suites.catalogue.meanings).run(
                files, selection: TestSelection(files: ["nope"]))
        }
        let proposal = try ConformanceRunner(implementation: reference, meanings: Suites.catalogue.meanings).run(
            files, selection: TestSelection(profiles: [.proposal]))
        #expect(!proposal.outcomes.isEmpty && proposal.outcomes.allSatisfy { $0.profile == .proposal })
    }

    /// A run of named files one at a time stops at the first failure, in the order named, and
    /// parses no file after it; without a failure it runs them all.
    @Test func runningUntilTheFirstFailureFollowsTheOrderNamed() throws {
        let names = ["registration_client", "envelope_server"]
        let clean = try ConformanceRunner(implementation: reference, meanings: Suites.catalogue.meanings)
            .runUntilFirstFailure(names, from: VectorSource.load(vectorsDirectory, origin: .named))
        #expect(!clean.failed && clean.files == names)
        let wrong = Breaking { _, _ in .error(code: "WRONG", message: nil) }
        let breaking = try ConformanceRunner(implementation: wrong, meanings: Suites.catalogue.meanings)
            .runUntilFirstFailure(names, from: VectorSource.load(vectorsDirectory, origin: .named))
        #expect(breaking.failed && breaking.files == ["registration_client"])
        #expect(breaking.outcomes.filter(\.failsRun).count == 1 && breaking.outcomes.last?.failsRun == true)
    }

    /// A run over files parsed in the background as it goes gives the report of a run over the
    /// files parsed first: the same tests in the same order with the same answers; a file that does
    /// not parse ends it with that file's name.
    @Test func aStreamedRunIsTheRunOfTheParsedFiles() throws {
        let source = try VectorSource.load(vectorsDirectory, origin: .named)
        let runner = ConformanceRunner(implementation: reference, meanings: Suites.catalogue.meanings)
        let selection = TestSelection(tests: ["registration_client:1", "envelope_server:3", "convos_push:2"])
        let whole = try runner.run(source.vectorFiles(), selection: selection)
        let streamed = try runner.run(source.vectorFileStream(), selection: selection)
        #expect(streamed.outcomes.map(\.name) == whole.outcomes.map(\.name))
        #expect(streamed.outcomes.map(\.status) == whole.outcomes.map(\.status))
        #expect(streamed.outcomes.map(\.actual) == whole.outcomes.map(\.actual))
        #expect(streamed.outcomes.count == 3)
        let named = try runner.run(
            source.vectorFileStream(only: ["registration_client", "envelope_server"]), selection: selection)
        #expect(named.files == ["registration_client", "envelope_server"])
        #expect(throws: RunnerError.self) {
            try runner.run(source.vectorFileStream(only: ["registration_client", "no_such"]))
        }
    }

    /// Each mutant's own files are its suite's, and put first; a reordering keeps every file.
    @Test func aMutantsOwnFilesComeFirst() throws {
        let files = try ConformanceRunner.loadVectors(directory: vectorsDirectory)
        let catalogue = Suites.catalogue
        for suite in catalogue.suites {
            let operations = Set(suite.operations.map(\.name))
            for mutant in suite.mutants {
                let own = catalogue.ownFiles(files, of: mutant)
                #expect(!own.isEmpty, "\(mutant.id) has no vector file of its own")
                #expect(own.allSatisfy { $0.groups.contains { operations.contains($0.operation) } })
                let ordered = catalogue.likeliestFirst(files, for: mutant)
                #expect(ordered.prefix(own.count).map(\.name) == own.map(\.name))
                #expect(ordered.map(\.name).sorted() == files.map(\.name).sorted())
            }
        }
    }

    /// Every output member that holds protobuf bytes is listed for protoc, with its test.
    @Test func protobufSamplesCoverEveryProtobufOutput() throws {
        let files = try ConformanceRunner.loadVectors(directory: vectorsDirectory)
        let samples = Suites.catalogue.protobufSamples(in: files)
        let protobufMembers: Set<String> = ["encodedContentHex", "plaintextEnvelopeHex", "protobufHex"]
        var expected: [String] = []
        for file in files {
            for group in file.groups {
                for test in group.tests {
                    guard case .output(let output) = test.expected, let members = output.members else { continue }
                    expected += members.filter { protobufMembers.contains($0.key) }.map { _ in
                        "\(file.name):\(test.tcId)"
                    }
                }
            }
        }
        #expect(!samples.isEmpty)
        #expect(samples.map(\.test).sorted() == expected.sorted())
        #expect(
            samples.allSatisfy {
                $0.hex.count % 2 == 0 && $0.hex.allSatisfy(\.isHexDigit) && $0.protoFile.hasSuffix(".proto")
            })
        #expect(ProtobufSample.textFormatLine(field: "content", text: #"{"a":1}"#) == #"content: "{\"a\":1}""#)
    }

    @Test func malformedVectorInputIsAHarnessErrorNotACrash() {
        for op in reference.operations {
            for profile in [Profile.deployed, .proposal, "nope"] {
                for input: JSONValue in [
                    nil, [], [:], ["token": 5], ["steps": [1, "x"]], ["events": [["event": "explodeMessage"]]],
                ] {
                    if case .error(let code, _) = reference.perform(
                        OperationRequest(operation: op, profile: profile, input: input))
                    {
                        #expect(code == harnessInputErrorCode || code == "BAD_REQUEST", "\(op) \(profile) \(input)")
                    }
                }
            }
        }
        #expect(
            reference.perform(OperationRequest(operation: "no.such.operation", profile: .deployed, input: [:]))
                == .unimplemented)
        #expect(
            reference.perform(OperationRequest(operation: .envelopeEncrypt, profile: .proposal, input: [:]))
                == .unimplemented)
    }
}
@Suite struct ReferenceAdapterTests {
    /// The reference served over the protocol passes every vector, end to end through pipes.
    @Test func theReferenceAdapterPassesEverything() throws {
        let binary = packageRoot.appendingPathComponent(".build/debug/pushproof").path
        try #require(
            FileManager.default.isExecutableFile(atPath: binary), "build the pushproof product first (swift build)")
        let files = try ConformanceRunner.loadVectors(directory: vectorsDirectory)
        let adapter = try ExternalImplementation(commandLine: "'\(binary)' adapter")
        let report = try ConformanceRunner(implementation: adapter, meanings: Suites.catalogue.meanings).run(files)
        #expect(report.count(.failed) == 0 && report.count(.skipped) == 0)
        #expect(adapter.hello.operations == Set(Suites.catalogue.reference.operations.map(\.rawValue)))
    }

    @Test func everyMutantIsCaughtAndNamesItsVectors() throws {
        let files = try ConformanceRunner.loadVectors(directory: vectorsDirectory)
        let catalogue = Suites.catalogue
        let byVectors = catalogue.mutants.filter { $0.detection == .vectors }
        let reports = try ConformanceRunner.hunt(byVectors, files: files, meanings: Suites.catalogue.meanings) {
            MutatedImplementation($0, reference: catalogue.reference)
        }
        for report in reports {
            #expect(report.caught, "mutant \(report.mutant) (\(report.bugClass)) survived: a gap in the vectors")
        }
        #expect(Set(catalogue.mutants.map(\.id)).count == catalogue.mutants.count)
        #expect(reports.count == byVectors.count && reports.count >= 14)
    }

    /// Inputs at the ends of Int64 are answered, never trapped on (differential fuzzing found
    /// explode.encode negating Int64.min): `deployed` writes what iOS writes (Foundation holds the
    /// instant at its calendar's ends), `hardened` refuses what RFC 3339 cannot write.
    @Test func extremeIntegersAreAnswered() {
        let reference = Suites.catalogue.reference
        for millis: Int64 in [.min, .min + 1, -1, .max] {
            func answer(_ profile: Profile) -> OperationOutcome {
                reference.perform(
                    OperationRequest(
                        operation: "explode.encode", profile: profile, input: ["expiresAtUnixMillis": .integer(millis)])
                )
            }
            guard case .output(let written) = answer(.deployed) else {
                Issue.record("deployed explode.encode refused \(millis)")
                continue
            }
            let content = written["content"]?.stringValue ?? ""
            #expect(millis == -1 || content.contains("-4712-01-01T12:00:00Z") || content.contains("506713-02-07T"))
            if case .error(let code, _) = answer(.hardened) { #expect(code == "DATE_OUT_OF_RANGE", "\(millis)") }
            if case .output = answer(.hardened) { #expect(millis == -1, "\(millis)") }
        }
    }

    /// Every Catbird trace with its clock at the ends of Int64 (and UInt64) is answered, not trapped:
    /// each shipped trace is replayed with `now` moved to each extreme.
    @Test func catbirdTracesAtExtremeClocksAreAnswered() throws {
        let reference = Suites.catalogue.reference
        let files = try ConformanceRunner.loadVectors(directory: vectorsDirectory)
        for file in files where file.name == "catbird_registration" {
            for group in file.groups {
                for test in group.tests.prefix(12) {
                    for now: JSONValue in [.integer(Int64.min), .integer(-1), .integer(0), .integer(Int64.max)] {
                        let answer = reference.perform(
                            OperationRequest(
                                operation: group.operation, profile: group.profile,
                                input: test.input.setting("now", to: now)))
                        if case .unimplemented = answer { Issue.record("\(group.operation) unanswered") }
                    }
                }
            }
        }
    }

    /// The fuzzing-only mutants are bugs the vectors miss; differential fuzzing finds them, with the
    /// same finding for the same seed every time; the reference against itself gives no finding.
    /// Each is fuzzed from its own suite's vector files, as `pushproof fuzz --all-mutants` does; that
    /// each is found within CI's budget (200,000 iterations, seed 1) is that command's check, which
    /// CI runs; here a smaller budget must find at least one.
    @Test func differentialFuzzingFindsWhatTheVectorsMiss() throws {
        let files = try ConformanceRunner.loadVectors(directory: vectorsDirectory)
        let catalogue = Suites.catalogue
        let fuzzingOnly = catalogue.mutants.filter { $0.detection == .fuzzing }
        #expect(fuzzingOnly.count >= 2)
        let reports = try ConformanceRunner.hunt(fuzzingOnly, files: files, meanings: Suites.catalogue.meanings) {
            MutatedImplementation($0, reference: catalogue.reference)
        }
        #expect(reports.allSatisfy { !$0.caught }, "a fuzzing-only mutant is caught by the vectors: mark it .vectors")
        let fuzzer = DifferentialFuzzer(
            seed: 1, iterations: 10_000, maximumFindings: 1, meanings: Suites.catalogue.meanings,
            windows: Suites.catalogue.timeWindows)
        var found = 0
        for mutant in fuzzingOnly {
            let report = fuzzer.run(
                reference: catalogue.reference,
                implementation: MutatedImplementation(mutant, reference: catalogue.reference),
                files: catalogue.ownFiles(files, of: mutant))
            guard let finding = report.findings.first else { continue }
            found += 1
            let again = fuzzer.run(
                reference: catalogue.reference,
                implementation: MutatedImplementation(mutant, reference: catalogue.reference),
                files: catalogue.ownFiles(files, of: mutant))
            #expect(again.findings.first?.input == finding.input, "not deterministic")
            #expect(again.findings.first?.iteration == finding.iteration, "not deterministic")
            #expect(finding.mutations.count >= 1 && finding.reference != finding.implementation)
        }
        #expect(found >= 1, "differential fuzzing found no fuzzing-only mutant in 10,000 iterations")
        let clean = DifferentialFuzzer(
            seed: 7, iterations: 1500, meanings: Suites.catalogue.meanings, windows: Suites.catalogue.timeWindows
        ).run(
            reference: catalogue.reference, implementation: catalogue.reference, files: files)
        #expect(clean.findings.isEmpty && clean.compared > 0)
    }
}
