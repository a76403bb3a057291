import PushProofJSON

/// The three forms a run is reported in: text for people, JUnit XML and JSON for CI.
public enum Reports {
    public static func text(_ report: RunReport, verbose: Bool = false) -> String {
        var lines: [String] = ["PushProof conformance: \(report.implementation)"]
        let width = max(report.suites.map(\.count).max() ?? 0, 5)
        for suite in report.suites {
            let name = suite.padding(toLength: width, withPad: " ", startingAt: 0)
            var line =
                "  \(name)  \(report.count(.passed, suite: suite)) passed, "
                + "\(failing(report, suite: suite)) failed, \(report.count(.skipped, suite: suite)) skipped"
            if report.expectedFailures != nil {
                line += ", \(report.count(.expectedFailure, suite: suite)) expected failures"
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

    /// Failures that fail the run: failed tests and unexpected passes.
    static func failing(_ report: RunReport, suite: String? = nil) -> Int {
        report.count(.failed, suite: suite) + report.count(.unexpectedPass, suite: suite)
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

    public static func json(_ report: RunReport) -> String {
        let suites: [JSONValue.Member] = report.suites.map { suite in
            .init(
                suite,
                [
                    "passed": .integer(report.count(.passed, suite: suite)),
                    "failed": .integer(failing(report, suite: suite)),
                    "skipped": .integer(report.count(.skipped, suite: suite)),
                    "expectedFailures": .integer(report.count(.expectedFailure, suite: suite)),
                ])
        }
        let tests: [JSONValue] = report.outcomes.map { o in
            var members: [JSONValue.Member] = [
                .init("suite", .string(o.suite)), .init("tcId", .integer(o.test.tcId)),
                .init("operation", .string(o.operation.rawValue)), .init("profile", .string(o.profile.rawValue)),
                .init("result", .string(o.test.result.rawValue)), .init("status", .string(o.status.rawValue)),
                .init("comment", .string(o.test.comment)), .init("expected", o.test.expected.json),
                .init("actual", o.actual.json),
            ]
            if let source = o.test.source { members.append(.init("source", .string(source))) }
            return .object(members)
        }
        return JSONWriter.pretty(
            .object([
                .init("implementation", .string(report.implementation)),
                .init("passed", .integer(report.count(.passed))),
                .init("failed", .integer(failing(report))),
                .init("skipped", .integer(report.count(.skipped))),
                .init("expectedFailures", .integer(report.count(.expectedFailure))),
                .init("suites", .object(suites)),
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
                .init("tests", .array(tests)),
            ]))
    }

    public static func junitXML(_ report: RunReport) -> String {
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml +=
            "<testsuites name=\"\(escape(report.implementation))\" tests=\"\(report.outcomes.count)\" "
            + "failures=\"\(failing(report))\" skipped=\"\(report.count(.skipped) + report.count(.expectedFailure))\">\n"
        for suite in report.suites {
            let outcomes = report.outcomes.filter { $0.suite == suite }
            xml +=
                "  <testsuite name=\"\(escape(suite))\" tests=\"\(outcomes.count)\" "
                + "failures=\"\(failing(report, suite: suite))\" "
                + "skipped=\"\(report.count(.skipped, suite: suite) + report.count(.expectedFailure, suite: suite))\">\n"
            for o in outcomes {
                xml +=
                    "    <testcase classname=\"\(escape(suite)).\(escape(o.operation.rawValue))\" "
                    + "name=\"tcId \(o.test.tcId): \(escape(o.test.comment))\""
                switch o.status {
                case .passed:
                    xml += "/>\n"
                case .skipped:
                    xml += ">\n      <skipped message=\"unimplemented\"/>\n    </testcase>\n"
                case .expectedFailure:
                    let reason = report.expectedFailures?.reasons[o.name] ?? ""
                    xml +=
                        ">\n      <skipped message=\"\(escape("expected failure" + (reason.isEmpty ? "" : ": " + reason)))\"/>\n    </testcase>\n"
                case .failed:
                    let detail =
                        "expected \(JSONWriter.compact(o.test.expected.json)), actual \(JSONWriter.compact(o.actual.json))"
                    xml += ">\n      <failure message=\"\(escape(detail))\"/>\n    </testcase>\n"
                case .unexpectedPass:
                    let detail = "passes, but is listed as an expected failure: take it off the list"
                    xml += ">\n      <failure message=\"\(escape(detail))\"/>\n    </testcase>\n"
                }
            }
            xml += "  </testsuite>\n"
        }
        return xml + "</testsuites>\n"
    }

    static func escape(_ s: String) -> String {
        var out = ""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "\n": out += "&#10;"
            // XML 1.0 cannot carry other control characters, even escaped.
            case "\u{00}"..."\u{1F}": out += "\\u{\(String(scalar.value, radix: 16))}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
