import PushProofJSON

/// The three forms a run is reported in: text for people, JUnit XML and JSON for CI.
public enum Reports {
    public static func text(_ report: RunReport, verbose: Bool = false) -> String {
        var lines: [String] = ["PushProof conformance: \(report.implementation)"]
        let width = max(report.files.map(\.count).max() ?? 0, 5)
        for file in report.files {
            let name = file.padding(toLength: width, withPad: " ", startingAt: 0)
            var line =
                "  \(name)  \(report.count(.passed, file: file)) passed, "
                + "\(failing(report, file: file)) failed, \(report.count(.skipped, file: file)) skipped"
            if report.expectedFailures != nil {
                line += ", \(report.count(.expectedFailure, file: file)) expected failures"
            }
            lines.append(line)
        }
        if verbose || report.count(.skipped) > 0 {
            lines.append("")
            lines.append("  by operation:")
            for (operation, counts) in byOperation(report) {
                lines.append(
                    "    \(operation.padding(toLength: 32, withPad: " ", startingAt: 0)) \(counts.passed) passed, \(counts.failed) failed, \(counts.skipped) unimplemented"
                )
            }
        }
        for o in report.outcomes where o.status == .unexpectedPass {
            let reason = report.expectedFailures?.reasons[o.name] ?? ""
            lines.append("")
            lines.append(
                "UNEXPECTED PASS \(o.name) [\(o.operation), \(o.profile)]: listed as an expected failure"
                    + "\(reason.isEmpty ? "" : " (\(reason))"); take it off \(report.expectedFailures?.source ?? "the list")"
            )
        }
        for o in report.outcomes
        where o.status == .failed || (verbose && (o.status == .skipped || o.status == .expectedFailure)) {
            let label = o.status == .failed ? "FAILED" : o.status == .skipped ? "SKIPPED" : "EXPECTED FAILURE"
            lines.append("")
            lines.append("\(label) \(o.name) [\(o.operation), \(o.profile), \(o.test.result.rawValue)]")
            lines.append("  comment:  \(o.test.comment)")
            if let source = o.test.source { lines.append("  source:   \(source)") }
            lines.append("  expected: \(JSONWriter.compact(o.test.expected.json))")
            for alt in o.test.alsoAccepted where o.test.result == .acceptable {
                lines.append("  or:       \(JSONWriter.compact(alt.json))")
            }
            lines.append("  actual:   \(JSONWriter.compact(o.actual.json))")
            if let reason = report.expectedFailures?.reasons[o.name], !reason.isEmpty {
                lines.append("  listed:   \(reason)")
            }
            lines.append("  input:    \(shortened(JSONWriter.compact(o.test.input), test: o.name))")
            lines.append("  alone:    \(rerunCommand(o, in: report))")
            if let log = o.adapterLog {
                lines.append("  stderr:")
                lines += log.split(separator: "\n", omittingEmptySubsequences: false).map { "    \($0)" }
            }
        }
        lines.append("")
        if let list = report.expectedFailures {
            lines.append(
                "\(report.count(.expectedFailure)) expected failures (\(list.source)), \(report.count(.unexpectedPass)) unexpected passes"
            )
        }
        lines.append("\(report.count(.passed)) passed, \(failing(report)) failed, \(report.count(.skipped)) skipped")
        return lines.joined(separator: "\n") + "\n"
    }

    /// A long input cut for the text report, saying how to see it whole.
    static func shortened(_ text: String, test: String, limit: Int = 400) -> String {
        guard text.count > limit else { return text }
        return
            "\(text.prefix(limit))… (\(text.count - limit) more characters; `pushproof show \(test)` prints it whole)"
    }

    /// Failures that fail the run: failed tests and unexpected passes.
    static func failing(_ report: RunReport, file: String? = nil) -> Int {
        report.count(.failed, file: file) + report.count(.unexpectedPass, file: file)
    }

    /// Counts per operation, in operation order (expected failures count as failed here).
    public static func byOperation(_ report: RunReport) -> [(String, (passed: Int, failed: Int, skipped: Int))] {
        var order: [String] = []
        var counts: [String: (passed: Int, failed: Int, skipped: Int)] = [:]
        for o in report.outcomes {
            let op = o.operation.rawValue
            if counts[op] == nil {
                order.append(op)
                counts[op] = (0, 0, 0)
            }
            switch o.status {
            case .passed: counts[op]!.passed += 1
            case .failed, .expectedFailure, .unexpectedPass: counts[op]!.failed += 1
            case .skipped: counts[op]!.skipped += 1
            }
        }
        return order.map { ($0, counts[$0]!) }
    }

    /// The JSON report's format: `pushproof report` reads only this one.
    public static let jsonFormat = "pushproof-report/1"

    /// The command line that runs one test again, against the same implementation.
    public static func rerunCommand(_ outcome: TestOutcome, in report: RunReport) -> String {
        var command = "pushproof run --test \(outcome.name)"
        if let impl = report.implementationCommand { command += " --impl \(shellQuoted(impl))" }
        return command
    }

    static func shellQuoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// Counts per vector file and profile, in the order run.
    public static func matrix(_ report: RunReport) -> [(
        file: String, profile: String, counts: [TestOutcome.Status: Int]
    )] {
        var order: [String] = []
        var rows: [String: (file: String, profile: String, counts: [TestOutcome.Status: Int])] = [:]
        for o in report.outcomes {
            let key = "\(o.file) \(o.profile.rawValue)"
            if rows[key] == nil {
                order.append(key)
                rows[key] = (o.file, o.profile.rawValue, [:])
            }
            rows[key]!.counts[o.status, default: 0] += 1
        }
        return order.map { rows[$0]! }
    }

    public static func json(_ report: RunReport) -> String {
        let files: [JSONValue.Member] = report.files.map { file in
            .init(
                file,
                [
                    "passed": .integer(report.count(.passed, file: file)),
                    "failed": .integer(failing(report, file: file)),
                    "skipped": .integer(report.count(.skipped, file: file)),
                    "expectedFailures": .integer(report.count(.expectedFailure, file: file)),
                ])
        }
        let matrix: [JSONValue] = matrix(report).map { row in
            [
                "file": .string(row.file), "profile": .string(row.profile),
                "passed": .integer(row.counts[.passed, default: 0]),
                "failed": .integer(row.counts[.failed, default: 0] + row.counts[.unexpectedPass, default: 0]),
                "skipped": .integer(row.counts[.skipped, default: 0]),
                "expectedFailures": .integer(row.counts[.expectedFailure, default: 0]),
            ]
        }
        let tests: [JSONValue] = report.outcomes.map { o in
            var members: [JSONValue.Member] = [
                .init("suite", .string(o.file)), .init("tcId", .integer(o.test.tcId)),
                .init("operation", .string(o.operation.rawValue)), .init("profile", .string(o.profile.rawValue)),
                .init("result", .string(o.test.result.rawValue)), .init("status", .string(o.status.rawValue)),
                .init("comment", .string(o.test.comment)), .init("expected", o.test.expected.json),
                .init("actual", o.actual.json),
            ]
            if let source = o.test.source { members.append(.init("source", .string(source))) }
            if o.status != .passed && o.status != .skipped {
                // What a reader needs to act on a failure: the input, every answer that passes,
                // the reason it is listed, and the command that runs it alone.
                members.append(.init("input", o.test.input))
                if o.test.result == .acceptable {
                    members.append(.init("alsoAccepted", .array(o.test.alsoAccepted.map(\.json))))
                }
                if let reason = report.expectedFailures?.reasons[o.name] {
                    members.append(.init("expectedFailureReason", .string(reason)))
                }
                members.append(.init("rerun", .string(rerunCommand(o, in: report))))
                if let log = o.adapterLog { members.append(.init("adapterLog", .string(log))) }
            }
            return .object(members)
        }
        var top: [JSONValue.Member] = [
            .init("format", .string(jsonFormat)),
            .init("pushproof", .string(PushProofVersion.string)),
            .init("implementation", .string(report.implementation)),
        ]
        if let digest = report.vectorsDigest { top.append(.init("vectorsDigest", .string(digest))) }
        if let aborted = report.aborted { top.append(.init("aborted", .string(aborted))) }
        if let list = report.expectedFailures {
            top.append(.init("expectedFailuresList", .string(list.source)))
            top.append(
                .init(
                    "expectedFailureReasons",
                    .object(list.reasonKindOrder.map { .init($0, .string(list.reasonKinds[$0] ?? "")) })))
        }
        top += [
            .init("passed", .integer(report.count(.passed))),
            .init("failed", .integer(failing(report))),
            .init("skipped", .integer(report.count(.skipped))),
            .init("expectedFailures", .integer(report.count(.expectedFailure))),
            // Per vector file, under the key format 1 gave it ("suites"), as each test's "suite".
            .init("suites", .object(files)),
            .init(
                "operations",
                .object(
                    byOperation(report).map { op, c in
                        .init(
                            op,
                            [
                                "passed": .integer(c.passed), "failed": .integer(c.failed),
                                "unimplemented": .integer(c.skipped),
                            ])
                    })),
            .init("matrix", .array(matrix)),
            .init("tests", .array(tests)),
        ]
        return JSONWriter.pretty(.object(top))
    }

    /// The JUnit XML report (`JUnitReport`).
    public static func junitXML(_ report: RunReport) -> String { JUnitReport.xml(report) }
}
