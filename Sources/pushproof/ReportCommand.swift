import ArgumentParser
import Foundation
import PushProofConformance

/// `pushproof report OUT.html RESULTS.json...`: the results page of several implementations' runs.
struct Report: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write one self-contained HTML page from the JSON reports of several runs.",
        discussion: """
            Each report is what `pushproof run --json FILE` wrote for one implementation. The page has the \
            matrix of implementations by vector file and profile (passed / failed / skipped / expected \
            failures) and, for every test that did not pass, its input, expected answer, accepted \
            alternatives, actual answer, source citation and listed reason. It loads nothing from the \
            network and runs no script. A report of another format, one cut short, or two reports of the \
            same implementation are refused with one line (exit status 2).
            """)

    @Argument(help: "The HTML file to write.")
    var output: String

    @Argument(help: "The JSON reports, one per implementation.")
    var reports: [String] = []

    @Option(name: .long, help: "The page's title.")
    var title = "PushProof interoperability"

    func run() throws {
        do {
            let runs = try ReportPage.checked(
                reports.map { path throws(ReportPageError) in try PublishedRun(contentsOf: path) })
            let page = ReportPage.html(runs, title: title)
            guard FileManager.default.createFile(atPath: output, contents: Data(page.utf8)) else {
                throw ReportPageError.unreadable(output, "cannot write the page there")
            }
            print(
                "wrote \(output): \(runs.count) implementations, \(runs.map(\.implementation).joined(separator: ", "))")
        } catch let error as ReportPageError {
            FileHandle.standardError.write(Data("pushproof report: \(error)\n".utf8))
            throw ExitCode(2)
        }
    }
}
