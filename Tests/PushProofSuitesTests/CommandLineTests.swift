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

    /// `pushproof catalogue --json` prints the catalogue with the counts `vectors/COUNTS.json` holds;
    /// without --json, one line an operation.
    @Test func theCatalogueCommandPrintsTheCountsCIReads() throws {
        let json = try pushproof(["catalogue", "--json"])
        #expect(json.status == 0, "\(json.stderr)")
        let listing = try JSONParser.parse(json.stdout)
        #expect(listing["format"] == "pushproof-catalogue/1")
        let written = try JSONParser.parse(
            String(
                decoding: try Data(contentsOf: packageRoot.appendingPathComponent("vectors/COUNTS.json")), as: UTF8.self
            ))
        #expect(listing["counts"] == written)
        let text = try pushproof(["catalogue"])
        #expect(text.status == 0)
        #expect(text.stdout.split(separator: "\n").contains { $0.hasPrefix("registration.tokenId  registration  ") })
        let bad = try pushproof(["catalogue", "--vectors", "/nonexistent"])
        #expect(bad.status == 2 && bad.stderr.split(separator: "\n").count == 1)
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

    /// A failing test shows the stderr of its own request, though requests go ahead of answers.
    @Test func aFailingTestShowsItsOwnStderr() throws {
        let folder = try scratch()
        let script = folder.appendingPathComponent("logs.py")
        try """
        import json, sys
        for line in sys.stdin:
            message = json.loads(line)
            if message["type"] == "hello":
                answer = {"type": "hello", "protocol": "pushproof-adapter/1", "name": "logs",
                          "operations": ["registration.tokenId"], "profiles": ["deployed"]}
            else:
                print("saw " + str(message["input"].get("token")).encode().hex(), file=sys.stderr, flush=True)
                answer = {"type": "response", "id": message["id"], "error": {"code": "WRONG"}}
            print(json.dumps(answer), flush=True)
        """.write(to: script, atomically: true, encoding: .utf8)
        let json = folder.appendingPathComponent("r.json").path
        let result = try pushproof([
            "run", "--impl", "python3 \(script.path)", "--file", "registration_client", "--json", json,
        ])
        #expect(result.status == 1)
        let report = try JSONParser.parse(Array(try Data(contentsOf: URL(fileURLWithPath: json))))
        let failed = try #require(report["tests"]?.arrayValue).filter { $0["status"] == "failed" }
        #expect(failed.count == 17)
        for test in failed {
            let token = test["input"]?["token"]?.stringValue ?? "None"
            let hex = token.utf8.map {
                String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16)
            }
            .joined()
            let log = test["adapterLog"]?.stringValue ?? ""
            // A log over 8 KiB keeps its last 8 KiB and says how much came before.
            if hex.count > 8000 {
                #expect(log.contains("bytes before these") && log.hasSuffix(String(hex.suffix(200))))
            } else {
                #expect(log == "saw \(hex)", "\(test["tcId"].map(JSONWriter.compact) ?? "")")
            }
        }
    }
}
