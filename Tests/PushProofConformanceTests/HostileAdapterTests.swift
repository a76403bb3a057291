import Foundation
import PushProofJSON
import Testing

@testable import PushProofConformance

/// Adapters that misbehave on purpose (adapters/hostile/): none may hang or crash the runner;
/// each failure is reported on the test it happened on, and a dead adapter is restarted.
@Suite(.serialized) struct HostileAdapterTests {
    static func script(_ name: String) -> String {
        "'" + packageRoot.appendingPathComponent("adapters/hostile/\(name)").path + "'"
    }
    static let request = OperationRequest(
        operation: "registration.tokenId", profile: .deployed, input: ["token": "c0ffee"])

    func outcome(_ name: String, timeout: Double = 1) throws -> (OperationOutcome, Duration) {
        let adapter = try ExternalImplementation(commandLine: Self.script(name), timeout: timeout)
        let clock = ContinuousClock()
        var result: OperationOutcome = .unimplemented
        let elapsed = clock.measure { result = adapter.perform(Self.request) }
        return (result, elapsed)
    }

    @Test func aHangingAdapterTimesOut() throws {
        let (result, elapsed) = try outcome("hang.sh")
        #expect(result == .adapterFailure(.timeout(seconds: 1)))
        #expect(elapsed < .seconds(5))
    }

    /// A command that exits runs no deinit: `shutdown` must leave nothing of the adapter's
    /// process group running (a mutant that loops would otherwise outlive the run).
    @Test func shutdownStopsTheWholeAdapterGroup() throws {
        let adapter = try ExternalImplementation(commandLine: Self.script("hang.sh"), timeout: 1)
        let group = adapter.processIdentifier
        #expect(kill(-group, 0) == 0)
        adapter.shutdown()
        // SIGKILL is delivered at once; the last of the group (the adapter's `sleep`, reparented)
        // is reaped by init shortly after: wait for that, up to a generous bound.
        var gone = false
        for _ in 0..<100 where !gone {
            gone = kill(-group, 0) != 0
            if !gone { usleep(50_000) }
        }
        #expect(gone)
    }

    @Test func garbageIsAProtocolError() throws {
        #expect(try outcome("garbage.sh").0 == .adapterFailure(.protocolError("a response that is not JSON")))
    }

    @Test func aCrashIsReportedWithItsStderr() throws {
        guard case .adapterFailure(.crashed(let status, let stderr)) = try outcome("crash.sh").0 else {
            Issue.record("a crash was not reported as one")
            return
        }
        #expect(status == 3)
        #expect(stderr.contains("adapter panic"))
    }

    @Test func oversizeOutputIsCapped() throws {
        let adapter = try ExternalImplementation(
            commandLine: Self.script("oversize.sh"), timeout: 5, maximumResponseBytes: 64 * 1024)
        #expect(adapter.perform(Self.request) == .adapterFailure(.oversizeResponse(limit: 64 * 1024)))
    }

    @Test func anOutOfOrderResponseIsAProtocolError() throws {
        guard case .adapterFailure(.protocolError) = try outcome("wrong-id.sh").0 else {
            Issue.record("an answer to another request was accepted")
            return
        }
    }

    @Test func badHellosAreRefusedAtStart() {
        #expect(throws: AdapterFailure.self) {
            try ExternalImplementation(commandLine: Self.script("no-hello.sh"), timeout: 2)
        }
        #expect(throws: AdapterFailure.protocolError("the adapter speaks pushproof-adapter/0, not pushproof-adapter/1"))
        {
            try ExternalImplementation(commandLine: Self.script("old-protocol.sh"), timeout: 2)
        }
        #expect(throws: AdapterFailure.self) {
            try ExternalImplementation(commandLine: "/nonexistent/adapter", timeout: 2)
        }
    }

    @Test func aDeadAdapterIsRestartedForTheNextTest() throws {
        let marker = FileManager.default.temporaryDirectory.appendingPathComponent(
            "pushproof-flaky-\(UUID().uuidString)"
        ).path
        defer { try? FileManager.default.removeItem(atPath: marker) }
        let adapter = try ExternalImplementation(
            commandLine: "PUSHPROOF_FLAKY_MARKER='\(marker)' " + Self.script("flaky.sh"), timeout: 2)
        guard case .adapterFailure(.crashed(status: 7, _)) = adapter.perform(Self.request) else {
            Issue.record("the first request should have died with the adapter")
            return
        }
        #expect(adapter.perform(Self.request) == .error(code: "BAD_REQUEST", message: nil))
        #expect(adapter.perform(Self.request) == .error(code: "BAD_REQUEST", message: nil))
        #expect(adapter.restarts == 1)
    }

    @Test func unimplementedForADeclaredOperationIsAFailure() throws {
        let adapter = try ExternalImplementation(commandLine: Self.script("unimplemented.sh"), timeout: 2)
        #expect(
            adapter.perform(Self.request)
                == .adapterFailure(.unimplementedButDeclared(operation: "registration.tokenId", profile: "deployed")))
        #expect(adapter.restarts == 0)
    }

    @Test func undeclaredOperationsAndProfilesAreSkippedWithoutAsking() throws {
        let adapter = try ExternalImplementation(commandLine: Self.script("hang.sh"), timeout: 1)
        #expect(
            adapter.perform(OperationRequest(operation: "registration.seal", profile: .deployed, input: [:]))
                == .unimplemented)
        #expect(
            adapter.perform(OperationRequest(operation: "registration.tokenId", profile: .proposal, input: [:]))
                == .unimplemented)
    }

    /// The whole run against the hanging adapter ends, with every asked test failed.
    @Test func aRunAgainstAHangingAdapterEnds() throws {
        let files = try ConformanceRunner.loadVectors(directory: vectorsDirectory)
        let adapter = try ExternalImplementation(commandLine: Self.script("hang.sh"), timeout: 0.5)
        let report = try ConformanceRunner(implementation: adapter, meanings: AnswerMeanings()).run(
            files, selection: TestSelection(files: ["registration_client"]))
        // The adapter declares registration.tokenId (deployed) alone: its vectors are asked and fail.
        let asked = files.filter { $0.name == "registration_client" }.flatMap(\.groups)
            .filter { $0.operation == "registration.tokenId" && $0.profile == .deployed }
            .reduce(0) { $0 + $1.tests.count }
        #expect(asked > 0)
        #expect(report.count(.failed) == asked)
        #expect(report.count(.skipped) == report.outcomes.count - asked)
    }
}
