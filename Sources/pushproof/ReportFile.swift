import Foundation
import PushProofConformance

/// The report files a run writes: checked writable before any work, and written even when the
/// run ends early, saying why.
struct ReportFile {
    let junit: String?
    let json: String?
    let digest: String
    let command: String?

    /// Whether `path` can be written: it is created (empty) to find out.
    static func canWrite(_ path: String) -> Bool {
        FileManager.default.createFile(atPath: path, contents: nil)
    }

    func write(_ report: RunReport) throws {
        if let junit { try save(Reports.junitXML(report), to: junit) }
        if let json { try save(Reports.json(report), to: json) }
    }

    /// The reports of a run that ended before its first test.
    func writeAborted(_ reason: String, implementation: String) {
        var report = RunReport(implementation: implementation, outcomes: [], expectedFailures: nil)
        report.vectorsDigest = digest
        report.implementationCommand = command
        report.aborted = reason
        try? write(report)
    }

    private func save(_ text: String, to path: String) throws {
        guard FileManager.default.createFile(atPath: path, contents: Data(text.utf8)) else {
            throw RunFailure.usage("cannot write the report \(path)")
        }
    }
}
