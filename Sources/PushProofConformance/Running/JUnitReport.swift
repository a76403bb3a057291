import PushProofJSON

/// The JUnit XML report (`pushproof run --junit`), for the CI systems that read JUnit:
/// - valid against the Jenkins xunit plugin's junit-10.xsd (a copy in
///   Tests/PushProofConformanceTests/Resources; `scripts/check-junit.sh` validates with it):
///   `errors` on every suite, no `skipped` on `<testsuites>`, times as seconds with at most three
///   decimals;
/// - read by GitLab's parser, which shows a failure's element text (not its `message`): the text
///   starts with the message's line.
///
/// One `<testsuite>` per vector file, its `<properties>` naming the tool, the vectors and the
/// implementation; one `<testcase>` per vector: `classname` `FILE.OPERATION`, `name`
/// `tcId N: comment`, `time` how long the implementation took to answer. A run that ended before
/// its first test (`RunReport.aborted`) is one `<testcase>` in error, saying why.
public enum JUnitReport {
    public static func xml(_ report: RunReport) -> String {
        let aborted = report.aborted == nil ? 0 : 1
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml +=
            element(
                "testsuites",
                [
                    ("name", report.implementation), ("tests", "\(report.outcomes.count + aborted)"),
                    ("failures", "\(Reports.failing(report))"), ("errors", "\(aborted)"),
                    ("time", seconds(milliseconds: report.outcomes.map(milliseconds).reduce(0, +))),
                ]) + "\n"
        for file in report.files {
            let outcomes = report.outcomes.filter { $0.file == file }
            let skipped = report.count(.skipped, file: file) + report.count(.expectedFailure, file: file)
            xml +=
                "  "
                + element(
                    "testsuite",
                    [
                        ("name", file), ("tests", "\(outcomes.count)"),
                        ("failures", "\(Reports.failing(report, file: file))"), ("errors", "0"),
                        ("time", seconds(milliseconds: outcomes.map(milliseconds).reduce(0, +))),
                        ("skipped", "\(skipped)"),
                    ]) + "\n"
            xml += propertiesElement(report)
            for o in outcomes { xml += testcase(o, in: report) }
            xml += "  </testsuite>\n"
        }
        if let reason = report.aborted {
            // A run that ended before its first test is one test in error, so that CI shows why.
            let message = "the run ended before its first test: \(reason)"
            let suite = [
                ("name", "pushproof"), ("tests", "1"), ("failures", "0"), ("errors", "1"), ("time", "0.000"),
                ("skipped", "0"),
            ]
            let run = [("name", "the run"), ("classname", "pushproof.run"), ("time", "0.000")]
            xml += "  " + element("testsuite", suite) + "\n" + propertiesElement(report)
            xml += "    " + element("testcase", run) + "\n"
            xml += "      " + element("error", [("message", message)]) + text(message) + "</error>\n"
            xml += "    </testcase>\n  </testsuite>\n"
        }
        return xml + "</testsuites>\n"
    }

    static func propertiesElement(_ report: RunReport) -> String {
        let properties = properties(report).map { name, value in
            "      " + element("property", [("name", name), ("value", value)], empty: true) + "\n"
        }
        return "    <properties>\n" + properties.joined() + "    </properties>\n"
    }

    /// What every suite's `<properties>` holds: the tool's version, the vectors' digest and the
    /// implementation's name and command line (those two when the run knew them).
    static func properties(_ report: RunReport) -> [(String, String)] {
        var properties = [("pushproof.version", PushProofVersion.string)]
        if let digest = report.vectorsDigest { properties.append(("vectors.digest", digest)) }
        properties.append(("implementation", report.implementation))
        if let command = report.implementationCommand { properties.append(("implementation.command", command)) }
        return properties
    }

    static func testcase(_ o: TestOutcome, in report: RunReport) -> String {
        var children: [String] = []
        let reason = report.expectedFailures?.reasons[o.name] ?? ""
        switch o.status {
        case .passed:
            break
        case .skipped:
            children.append(element("skipped", [("message", "unimplemented")], empty: true))
        case .expectedFailure:
            let message = "expected failure" + (reason.isEmpty ? "" : ": " + reason)
            children.append(element("skipped", [("message", message)], empty: true))
        case .failed:
            let message = failureMessage(o)
            children.append(
                element("failure", [("message", message)]) + text(failureDetail(o, message: message, in: report))
                    + "</failure>")
        case .unexpectedPass:
            let message =
                "passes, but is listed as an expected failure" + (reason.isEmpty ? "" : " (\(reason))")
                + ": take it off \(report.expectedFailures?.source ?? "the list")"
            children.append(
                element("failure", [("message", message)]) + text(failureDetail(o, message: message, in: report))
                    + "</failure>")
        }
        if let log = o.adapterLog, !log.isEmpty {
            children.append("<system-err>" + text(log) + "</system-err>")
        }
        let attributes = [
            ("name", "tcId \(o.test.tcId): \(o.test.comment)"), ("classname", "\(o.file).\(o.operation.rawValue)"),
            ("time", seconds(milliseconds: milliseconds(o))),
        ]
        guard !children.isEmpty else { return "    " + element("testcase", attributes, empty: true) + "\n" }
        return "    " + element("testcase", attributes) + "\n"
            + children.map { "      " + $0 + "\n" }.joined() + "    </testcase>\n"
    }

    /// A failure in one line: what was expected and what was answered, each cut short.
    static func failureMessage(_ o: TestOutcome, limit: Int = 120) -> String {
        func cut(_ text: String) -> String { text.count > limit ? "\(text.prefix(limit))…" : text }
        var message = "expected \(cut(JSONWriter.compact(o.test.expected.json)))"
        if o.test.result == .acceptable && !o.test.alsoAccepted.isEmpty {
            let others = o.test.alsoAccepted.count
            message += " (or \(others) other answer\(others == 1 ? "" : "s"))"
        }
        return message + ", actual \(cut(JSONWriter.compact(o.actual.json)))"
    }

    /// A failure's element text: the message again (GitLab shows only the text), then everything
    /// needed to act on it, each in full: the input, every answer that passes, the answer given,
    /// where the rule is written and the command that runs the test alone.
    static func failureDetail(_ o: TestOutcome, message: String, in report: RunReport) -> String {
        var lines = [
            message,
            "test:     \(o.name) [\(o.operation), \(o.profile), \(o.test.result.rawValue)]",
            "comment:  \(o.test.comment)",
            "input:    \(JSONWriter.compact(o.test.input))",
            "expected: \(JSONWriter.compact(o.test.expected.json))",
        ]
        if o.test.result == .acceptable {
            lines += o.test.alsoAccepted.map { "or:       \(JSONWriter.compact($0.json))" }
        }
        lines.append("actual:   \(JSONWriter.compact(o.actual.json))")
        if let source = o.test.source { lines.append("source:   \(source)") }
        if let reason = report.expectedFailures?.reasons[o.name], !reason.isEmpty {
            lines.append("listed:   \(reason)")
        }
        lines.append("alone:    \(Reports.rerunCommand(o, in: report))")
        return "\n" + lines.joined(separator: "\n") + "\n"
    }

    /// A test's time in whole milliseconds (the schema allows three decimals); sums add these, so a
    /// suite's time is the sum of its tests' as written.
    static func milliseconds(_ o: TestOutcome) -> Int {
        guard o.duration.isFinite, o.duration > 0 else { return 0 }
        return Int(min(o.duration * 1000, 1e12).rounded())
    }

    static func seconds(milliseconds: Int) -> String {
        let fraction = String(milliseconds % 1000)
        return "\(milliseconds / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }

    static func element(_ name: String, _ attributes: [(String, String)], empty: Bool = false) -> String {
        "<\(name)" + attributes.map { " \($0.0)=\"\(attribute($0.1))\"" }.joined() + (empty ? "/>" : ">")
    }

    /// An attribute's value: markup and quotes escaped, line breaks and tabs as references (so
    /// that they survive attribute normalisation).
    static func attribute(_ s: String) -> String {
        escaped(s) { scalar in
            switch scalar {
            case "\"": return "&quot;"
            case "\n": return "&#10;"
            case "\r": return "&#13;"
            case "\t": return "&#9;"
            default: return nil
            }
        }
    }

    /// Element text: markup escaped, line breaks and tabs kept (a carriage return as a reference,
    /// which a parser would otherwise turn into a line feed).
    static func text(_ s: String) -> String {
        escaped(s) { scalar in
            switch scalar {
            case "\n", "\t": return String(scalar)
            case "\r": return "&#13;"
            default: return nil
            }
        }
    }

    /// XML 1.0 cannot carry the other control characters, nor U+FFFE and U+FFFF, even as
    /// references: they are written as `\u{..}` text.
    private static func escaped(_ s: String, _ special: (Unicode.Scalar) -> String?) -> String {
        var out = ""
        for scalar in s.unicodeScalars {
            if let replacement = special(scalar) {
                out += replacement
                continue
            }
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\u{00}"..."\u{1F}", "\u{FFFE}", "\u{FFFF}": out += "\\u{\(String(scalar.value, radix: 16))}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
