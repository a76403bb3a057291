import Foundation
import PushProofJSON
import Testing

@testable import PushProofConformance

@Suite struct ReportPageTests {
    let catalogue = ConformanceCatalogue(suites: [ToySuite()])

    func reports() throws -> (clean: RunReport, failing: RunReport) {
        let files = try catalogue.generateVectorFiles()
        let clean = try ConformanceRunner(implementation: catalogue.reference, meanings: catalogue.meanings).run(files)
        let list = try ExpectedFailures(
            text: "@reason library-bug: wrong case\ntoy_upper:1  # library-bug: lower case\n", source: "known.txt")
        var failing = try ConformanceRunner(
            implementation: LowerCase(reference: catalogue.reference), meanings: catalogue.meanings
        ).run(files, expectedFailures: list)
        failing.vectorsDigest = "sha256:00"
        failing.implementationCommand = "./lower --it's"
        return (clean, failing)
    }

    @Test func theJSONReportCarriesWhatAFailureNeeds() throws {
        let (_, failing) = try reports()
        let json = try JSONParser.parse(Reports.json(failing))
        #expect(json["format"] == "pushproof-report/1" && json["vectorsDigest"] == "sha256:00")
        #expect(json["expectedFailureReasons"] == ["library-bug": "wrong case"])
        let tests = try #require(json["tests"]?.arrayValue)
        let listed = try #require(tests.first { $0["tcId"] == 1 })
        #expect(listed["status"] == "expectedFailure" && listed["input"] == ["text": "abc"])
        #expect(listed["expectedFailureReason"] == "library-bug: lower case")
        #expect(listed["rerun"] == "pushproof run --test toy_upper:1 --impl './lower --it'\\''s'")
        // A passing test carries no input; the matrix counts every test once.
        #expect(tests.contains { $0["status"] == "passed" && $0["input"] == nil })
        let cells = try #require(json["matrix"]?.arrayValue)
        let total = cells.reduce(Int64(0)) { sum, cell in
            sum
                + ["passed", "failed", "skipped", "expectedFailures"].reduce(Int64(0)) {
                    $0 + (cell[$1]?.int64Value ?? 0)
                }
        }
        #expect(Int(total) == tests.count)
    }

    @Test func thePageShowsTheMatrixAndEveryFailure() throws {
        let (clean, failing) = try reports()
        let runs = try [clean, failing].enumerated().map { index, report in
            try PublishedRun(bytes: Array(Reports.json(report).utf8), source: "r\(index).json")
        }
        #expect(
            runs[1].totals.expectedFailures == 1 && runs[1].totals.failed == failing.outcomes.filter(\.failsRun).count)
        let page = ReportPage.html(try ReportPage.checked(runs))
        #expect(page.hasPrefix("<!DOCTYPE html>") && !page.contains("<script") && !page.contains("http"))
        let row = try #require(Reports.matrix(clean).first)
        #expect(
            page.contains(
                "data-row=\"\(row.file) \(row.profile)\" data-passed=\"\(row.counts[.passed, default: 0])\" data-failed=\"0\""
            ))
        #expect(page.contains("data-test=\"toy_upper:1\"") && page.contains("library-bug: lower case"))
        // The input is shown, escaped.
        #expect(page.contains("&quot;text&quot;: &quot;abc&quot;"))
    }

    @Test func badReportsAreRefusedWithOneLine() throws {
        let (clean, _) = try reports()
        let text = Reports.json(clean)
        #expect(throws: ReportPageError.self) {
            try PublishedRun(bytes: Array(text.utf8.prefix(200)), source: "cut.json")
        }
        let other = text.replacingOccurrences(of: "pushproof-report/1", with: "pushproof-report/2")
        #expect(throws: ReportPageError.wrongFormat("v2.json", found: "pushproof-report/2")) {
            try PublishedRun(bytes: Array(other.utf8), source: "v2.json")
        }
        let miscounted = text.replacingOccurrences(of: "\"passed\": 4,", with: "\"passed\": 5,")
        #expect(miscounted != text)
        #expect(throws: ReportPageError.self) { try PublishedRun(bytes: Array(miscounted.utf8), source: "m.json") }
        let run = try PublishedRun(bytes: Array(text.utf8), source: "a.json")
        var again = run
        again.source = "b.json"
        #expect(throws: ReportPageError.sameImplementation("pushproof-reference", first: "a.json", second: "b.json")) {
            try ReportPage.checked([run, again])
        }
        #expect(throws: ReportPageError.noReports) { try ReportPage.checked([]) }
        for error in [ReportPageError.noReports, .wrongFormat("a", found: "b"), .unreadable("a", "b")] {
            #expect(!"\(error)".contains("\n"))
        }
    }
}
