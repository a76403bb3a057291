import Foundation
import PushProofJSON
import Testing

@testable import PushProofConformance

@Suite struct JUnitReportTests {
    /// The Jenkins xunit plugin's JUnit schema (its header says where it comes from).
    static let schema = packageRoot.appendingPathComponent("Tests/PushProofConformanceTests/Resources/junit-10.xsd")
    static let markup = "a<b&c\u{1}]]>d"

    /// A run of the toy suite with a pass, failures (one an input holding markup, a control
    /// character and a CDATA end; one with an accepted alternative), an expected failure and an
    /// unexpected pass, each test taking a known time.
    func report() throws -> RunReport {
        var suite = ToySuite()
        suite.cases.append(
            VectorCase(
                comment: "markup <b> & ]]> and a bell \u{7} survive", flags: ["Normal"],
                input: ["text": .string(Self.markup)]))
        let catalogue = ConformanceCatalogue(suites: [suite])
        let list = try ExpectedFailures(
            text: "toy_upper:1  # library-bug: lower case\ntoy_upper:2  # fixed since\n", source: "known.txt")
        var report = try ConformanceRunner(
            implementation: LowerCase(
                reference: catalogue.reference, log: "adapter: \u{1B}[31m<b> & ]]> seen\u{1B}[0m\r\nend"),
            meanings: catalogue.meanings
        ).run(catalogue.generateVectorFiles(), expectedFailures: list)
        for i in report.outcomes.indices { report.outcomes[i].duration = Double(i + 1) * 0.25 }
        report.vectorsDigest = "sha256:00"
        report.implementationCommand = "./lower --it's <&>"
        return report
    }

    @Test func theReportValidatesAgainstTheJenkinsSchema() throws {
        let report = try report()
        #expect(
            report.outcomes.map(\.status) == [
                .expectedFailure, .unexpectedPass, .passed, .failed, .failed, .passed,
            ])
        let xml = JUnitReport.xml(report)
        try Self.validate(xml)
        // XML 1.0 cannot carry these even as references: none is left.
        #expect(xml.unicodeScalars.allSatisfy { $0.value >= 0x20 || $0 == "\n" })
        #expect(!xml.contains("]]>"))
    }

    /// xmllint rejects what the schema does not allow (so the test above is not vacuous): the
    /// report's former shape, `skipped` on `<testsuites>` and no `errors` on `<testsuite>`.
    @Test func theSchemaRefusesTheFormerShape() throws {
        let former = """
            <?xml version="1.0" encoding="UTF-8"?>
            <testsuites name="x" tests="1" failures="0" skipped="0">
              <testsuite name="s" tests="1" failures="0" skipped="0"><testcase name="t"/></testsuite>
            </testsuites>

            """
        let output = try Self.xmllint(former)
        #expect(output.status != 0)
        #expect(output.errors.contains("'skipped'") && output.errors.contains("'errors'"))
    }

    @Test func theReportCarriesTimesPropertiesAndWhatAFailureNeeds() throws {
        let report = try report()
        let xml = JUnitReport.xml(report)
        // Times: each test's, and sums per suite and for the run (0.25 + 0.5 + ... + 1.5).
        #expect(
            xml.contains("<testsuites name=\"lower-case 1.0\" tests=\"6\" failures=\"3\" errors=\"0\" time=\"5.250\">"))
        #expect(
            xml.contains(
                "<testsuite name=\"toy_upper\" tests=\"6\" failures=\"3\" errors=\"0\" time=\"5.250\" skipped=\"1\">"))
        #expect(xml.components(separatedBy: "<testcase ").count - 1 == 6)
        for (i, o) in report.outcomes.enumerated() {
            let time = JUnitReport.seconds(milliseconds: (i + 1) * 250)
            #expect(section(of: xml, test: o.test.tcId)?.contains("\" time=\"\(time)\"") == true, "\(o.name)")
        }
        #expect(xml.contains("<testcase name=\"tcId 3: a refusal with a message\" classname=\"toy_upper.toy.upper\""))
        // The properties: the tool, the vectors and the implementation.
        for property in [
            "<property name=\"pushproof.version\" value=\"\(PushProofVersion.string)\"/>",
            "<property name=\"vectors.digest\" value=\"sha256:00\"/>",
            "<property name=\"implementation\" value=\"lower-case 1.0\"/>",
            "<property name=\"implementation.command\" value=\"./lower --it's &lt;&amp;&gt;\"/>",
        ] {
            #expect(xml.contains(property), "\(property)")
        }
        // An expected failure is skipped with its reason; an unexpected pass fails, saying what to do.
        #expect(xml.contains("<skipped message=\"expected failure: library-bug: lower case\"/>"))
        #expect(
            xml.contains(
                "<failure message=\"passes, but is listed as an expected failure (fixed since): take it off known.txt\">"
            ))
        // A failure: a one-line message, then in the text the input in full, every answer that
        // passes, the answer given, the source and the command that runs it alone.
        let acceptable = try #require(section(of: xml, test: 4))
        #expect(
            acceptable.contains(
                "<failure message=\"expected {&quot;output&quot;:{&quot;text&quot;:&quot;X&quot;}} (or 1 other answer), actual {&quot;output&quot;:{&quot;text&quot;:&quot;x&quot;}}\">"
            ))
        #expect(acceptable.contains("\nor:       {\"error\":\"EMPTY\"}\n"))
        let markup = try #require(section(of: xml, test: 5))
        #expect(markup.contains("name=\"tcId 5: markup &lt;b&gt; &amp; ]]&gt; and a bell \\u{7} survive\""))
        #expect(markup.contains("\ninput:    {\"text\":\"a&lt;b&amp;c\\u0001]]&gt;d\"}\n"))
        #expect(markup.contains("\nexpected: {\"output\":{\"text\":\"A&lt;B&amp;C\\u0001]]&gt;D\"}}\n"))
        #expect(markup.contains("\nactual:   {\"output\":{\"text\":\"a&lt;b&amp;c\\u0001]]&gt;d\"}}\n"))
        #expect(
            markup.contains("\nalone:    pushproof run --test toy_upper:5 --impl './lower --it'\\''s &lt;&amp;&gt;'\n"))
        // What the adapter wrote on stderr, for the failing test, printable.
        #expect(
            markup.contains(
                "<system-err>adapter: \\u{1b}[31m&lt;b&gt; &amp; ]]&gt; seen\\u{1b}[0m&#13;\nend</system-err>"))
        // Only a failing test's log is kept (the runner's choice); a pass is one empty element.
        #expect(try #require(section(of: xml, test: 1)).contains("<system-err>"))
        #expect(try #require(section(of: xml, test: 3)).hasSuffix("\"/>"))
    }

    /// A run that ended before its first test (its reports are written all the same) shows why,
    /// as one test in error.
    @Test func anAbortedRunIsOneError() throws {
        var report = RunReport(implementation: "./broken", outcomes: [], expectedFailures: nil)
        report.vectorsDigest = "sha256:00"
        report.aborted = "the adapter exited before its hello <&>"
        let xml = JUnitReport.xml(report)
        try Self.validate(xml)
        #expect(xml.contains("<testsuites name=\"./broken\" tests=\"1\" failures=\"0\" errors=\"1\" time=\"0.000\">"))
        #expect(
            xml.contains(
                "<error message=\"the run ended before its first test: the adapter exited before its hello &lt;&amp;&gt;\">"
            ))
        #expect(xml.contains("<property name=\"vectors.digest\" value=\"sha256:00\"/>"))
    }

    @Test func timesAreWholeMillisecondsWithThreeDecimals() throws {
        #expect(JUnitReport.seconds(milliseconds: 0) == "0.000")
        #expect(JUnitReport.seconds(milliseconds: 5) == "0.005")
        #expect(JUnitReport.seconds(milliseconds: 12_345) == "12.345")
        var outcome = try report().outcomes[0]
        for (duration, milliseconds) in [(Double.nan, 0), (-1, 0), (0.0004, 0), (0.0016, 2), (3, 3000)] {
            outcome.duration = duration
            #expect(JUnitReport.milliseconds(outcome) == milliseconds, "\(duration)")
        }
    }

    /// One test's `<testcase>` element, by tcId (attribute values escape `>`: the first one ends
    /// the start tag).
    func section(of xml: String, test tcId: Int) -> String? {
        guard let start = xml.range(of: "<testcase name=\"tcId \(tcId): ") else { return nil }
        let rest = xml[start.lowerBound...]
        guard let tagEnd = rest.firstIndex(of: ">") else { return nil }
        if rest[..<tagEnd].hasSuffix("/") { return String(rest[...tagEnd]) }
        guard let end = rest.range(of: "</testcase>") else { return nil }
        return String(rest[..<end.upperBound])
    }

    static func validate(_ xml: String) throws {
        let output = try xmllint(xml)
        #expect(output.status == 0, "xmllint: \(output.errors)")
    }

    /// xmllint's answer for `xml` against the schema. Without xmllint the test fails: CI installs
    /// it (Debian's package libxml2-utils).
    static func xmllint(_ xml: String) throws -> (status: Int32, errors: String) {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        let xmllint = try #require(
            path.split(separator: ":").map { "\($0)/xmllint" }.first {
                FileManager.default.isExecutableFile(atPath: $0)
            },
            "xmllint is not installed, so the JUnit report cannot be checked against junit-10.xsd: install it (Debian, Ubuntu: apt-get install -y libxml2-utils)"
        )
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("pushproof-junit-\(UUID()).xml")
        try xml.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: xmllint)
        process.arguments = ["--noout", "--schema", schema.path, file.path]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, text)
    }
}
