import PushProofJSON

/// The three forms a run is reported in: text for people, JUnit XML and JSON for CI.
public enum Reports {
    public static func text(_ report: RunReport, verbose: Bool = false) -> String {
        var lines: [String] = ["PushProof conformance: \(report.implementation)"]
        let width = max(report.suites.map(\.count).max() ?? 0, 5)
        for suite in report.suites {
            let name = suite.padding(toLength: width, withPad: " ", startingAt: 0)
            lines.append("  \(name)  \(report.count(.passed, suite: suite)) passed, "
                + "\(report.count(.failed, suite: suite)) failed, \(report.count(.skipped, suite: suite)) skipped")
        }
        if verbose || report.count(.skipped) > 0 {
            lines.append("")
            lines.append("  by operation:")
            for (operation, counts) in byOperation(report) {
                lines.append("    \(operation.padding(toLength: 32, withPad: " ", startingAt: 0)) \(counts.passed) passed, \(counts.failed) failed, \(counts.skipped) unimplemented")
            }
        }
        for o in report.outcomes where o.status == .failed || (verbose && o.status == .skipped) {
            lines.append("")
            lines.append("\(o.status == .failed ? "FAILED" : "SKIPPED") \(o.name) [\(o.operation), \(o.profile), \(o.result.rawValue)]")
            lines.append("  comment:  \(o.comment)")
            lines.append("  expected: \(JSONWriter.compact(o.expected))")
            for alt in o.alsoAccepted { lines.append("  or:       \(JSONWriter.compact(alt))") }
            lines.append("  actual:   \(JSONWriter.compact(o.actual))")
        }
        lines.append("")
        lines.append("\(report.count(.passed)) passed, \(report.count(.failed)) failed, \(report.count(.skipped)) skipped")
        return lines.joined(separator: "\n") + "\n"
    }

    /// Counts per operation, in operation order.
    public static func byOperation(_ report: RunReport) -> [(String, (passed: Int, failed: Int, skipped: Int))] {
        var order: [String] = []
        var counts: [String: (passed: Int, failed: Int, skipped: Int)] = [:]
        for o in report.outcomes {
            if counts[o.operation] == nil { order.append(o.operation); counts[o.operation] = (0, 0, 0) }
            switch o.status {
            case .passed: counts[o.operation]!.passed += 1
            case .failed: counts[o.operation]!.failed += 1
            case .skipped: counts[o.operation]!.skipped += 1
            }
        }
        return order.map { ($0, counts[$0]!) }
    }

    public static func json(_ report: RunReport) -> String {
        let suites: [JSONValue.Member] = report.suites.map { suite in
            .init(suite, ["passed": .integer(report.count(.passed, suite: suite)),
                          "failed": .integer(report.count(.failed, suite: suite)),
                          "skipped": .integer(report.count(.skipped, suite: suite))])
        }
        let tests: [JSONValue] = report.outcomes.map { o in
            .object([
                .init("suite", .string(o.suite)), .init("tcId", .integer(o.tcId)),
                .init("operation", .string(o.operation)), .init("profile", .string(o.profile)),
                .init("result", .string(o.result.rawValue)), .init("status", .string(o.status.rawValue)),
                .init("comment", .string(o.comment)), .init("expected", o.expected),
                .init("actual", o.actual),
            ])
        }
        return JSONWriter.pretty(.object([
            .init("implementation", .string(report.implementation)),
            .init("passed", .integer(report.count(.passed))),
            .init("failed", .integer(report.count(.failed))),
            .init("skipped", .integer(report.count(.skipped))),
            .init("suites", .object(suites)),
            .init("operations", .object(byOperation(report).map { op, c in
                .init(op, ["passed": .integer(c.passed), "failed": .integer(c.failed), "unimplemented": .integer(c.skipped)])
            })),
            .init("tests", .array(tests)),
        ]))
    }

    public static func junitXML(_ report: RunReport) -> String {
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml += "<testsuites name=\"\(escape(report.implementation))\" tests=\"\(report.outcomes.count)\" "
            + "failures=\"\(report.count(.failed))\" skipped=\"\(report.count(.skipped))\">\n"
        for suite in report.suites {
            let outcomes = report.outcomes.filter { $0.suite == suite }
            xml += "  <testsuite name=\"\(escape(suite))\" tests=\"\(outcomes.count)\" "
                + "failures=\"\(report.count(.failed, suite: suite))\" skipped=\"\(report.count(.skipped, suite: suite))\">\n"
            for o in outcomes {
                xml += "    <testcase classname=\"\(escape(suite)).\(escape(o.operation))\" name=\"tcId \(o.tcId): \(escape(o.comment))\""
                switch o.status {
                case .passed:
                    xml += "/>\n"
                case .skipped:
                    xml += ">\n      <skipped message=\"unimplemented\"/>\n    </testcase>\n"
                case .failed:
                    let detail = "expected \(JSONWriter.compact(o.expected)), actual \(JSONWriter.compact(o.actual))"
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
