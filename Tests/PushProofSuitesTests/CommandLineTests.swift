import Foundation
import PushProofJSON
import Testing

/// `pushproof run` as a CI job uses it: each exit status, and a bad call answered with one line
/// on stderr before any work.
@Suite struct CommandLineTests {
    struct Result {
        let status: Int32
        let stdout: String
        let stderr: String
    }

    let binary = packageRoot.appendingPathComponent(".build/debug/pushproof").path
    /// An adapter that declares no operation.
    let empty =
        #"sh -c 'read line; echo "{\"type\":\"hello\",\"protocol\":\"pushproof-adapter/1\",\"name\":\"empty\",\"operations\":[],\"profiles\":[]}"; cat >/dev/null'"#

    func pushproof(_ arguments: [String]) throws -> Result {
        try #require(FileManager.default.isExecutableFile(atPath: binary), "build the pushproof product first")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = arguments
        process.currentDirectoryURL = packageRoot
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
            stderr: String(decoding: stderr, as: UTF8.self))
    }

    func scratch() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("pushproof-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// A usage mistake: exit status 2, one line naming it, nothing run.
    @Test(arguments: [
        (["run", "--timeout", "0"], "--timeout takes a number of seconds above 0"),
        (["rn"], "did you mean 'run'?"),
        (["run", "--fil", "x"], "--file"),
        (
            ["run", "--expected-failures", "/nonexistent/known.txt"],
            "cannot read the expected-failures list (no such file)"
        ),
        (["run", "--junit", "/nonexistent/out.xml"], "cannot write the report /nonexistent/out.xml"),
        (["run", "--file", "nope"], "unknown vector file nope"),
        (["run", "--test", "registration_client:99999"], "the selection matches no test"),
        (["run", "--jobs", "2"], "--jobs needs --impl"),
        (["fuzz", "--timeout", "-0.5"], "--timeout"),
    ])
    func aUsageMistakeIsOneLine(arguments: [String], says: String) throws {
        let result = try pushproof(arguments)
        #expect(result.status == 2, "\(arguments)")
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 1 && result.stderr.contains(says), "\(arguments): \(result.stderr)")
        #expect(!result.stderr.contains("NSCocoaErrorDomain") && !result.stdout.contains("passed"))
    }

    @Test func aRunThatTestedNothingFailsUnlessAllowed() throws {
        let nothing = try pushproof([
            "run", "--impl", empty, "--adapter-log", try scratch().appendingPathComponent("a.log").path,
        ])
        #expect(nothing.status == 4 && nothing.stdout.contains("NOT ENOUGH TESTED: no test passed"))
        let allowed = try pushproof([
            "run", "--impl", empty, "--allow-empty", "--adapter-log",
            try scratch().appendingPathComponent("a.log").path,
        ])
        #expect(allowed.status == 0)
        let reference = "'\(binary)' adapter"
        let required = try pushproof([
            "run", "--impl", reference, "--file", "registration_client", "--profile", "deployed",
            "--require", "registration.seal", "--min-passed", "36",
        ])
        #expect(required.status == 4 && required.stdout.contains("--min-passed is 36"))
        let enough = try pushproof([
            "run", "--impl", reference, "--file", "registration_client", "--require", "registration.seal",
            "--min-passed", "35",
        ])
        #expect(enough.status == 0)
    }

    @Test func anUnusableAdapterIsStatusThreeWithItsReports() throws {
        let folder = try scratch()
        let json = folder.appendingPathComponent("r.json").path
        let junit = folder.appendingPathComponent("r.xml").path
        let result = try pushproof(["run", "--impl", "echo not-a-hello; exit 7", "--json", json, "--junit", junit])
        #expect(result.status == 3 && result.stderr.contains("cannot use the adapter"))
        let report = try JSONParser.parse(Array(try Data(contentsOf: URL(fileURLWithPath: json))))
        #expect(report["aborted"]?.stringValue?.contains("cannot use the adapter") == true)
        #expect(try String(contentsOfFile: junit, encoding: .utf8).contains("<error"))
    }

    /// Failures: status 1; the same report with --jobs; the adapter's stderr kept beside it.
    @Test func failuresAreStatusOneAndJobsChangeNothing() throws {
        let folder = try scratch()
        let mutant = "'\(binary)' adapter --mutant skip-liveness"
        var reports: [String] = []
        for jobs in ["1", "3"] {
            let json = folder.appendingPathComponent("jobs\(jobs).json").path
            let result = try pushproof([
                "run", "--impl", mutant, "--file", "registration_bouncer", "--jobs", jobs, "--json", json,
            ])
            #expect(
                result.status == 1 && result.stdout.contains("alone:    pushproof run --test registration_bouncer:"))
            reports.append(try String(contentsOfFile: json, encoding: .utf8))
            #expect(FileManager.default.fileExists(atPath: json + ".adapter.log"))
        }
        #expect(reports[0] == reports[1])
    }
}
