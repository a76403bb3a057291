import Foundation
import PushProofJSON

/// One implementation's run as `pushproof run --json` wrote it, read back for the results page.
public struct PublishedRun: Sendable, Equatable {
    public struct Cell: Sendable, Equatable {
        public var passed = 0
        public var failed = 0
        public var skipped = 0
        public var expectedFailures = 0
    }

    public var implementation: String
    public var source: String
    public var pushproof: String
    public var vectorsDigest: String?
    /// Counts by `file profile` (`PublishedRun.key`).
    public var cells: [String: Cell]
    /// Every (file, profile) in the order the run met them.
    public var rows: [(file: String, profile: String)] {
        rowOrder.map { key in
            let parts = key.split(separator: " ", maxSplits: 1)
            return (String(parts[0]), String(parts[1]))
        }
    }
    var rowOrder: [String]
    /// The tests that did not pass: failed, unexpected passes and expected failures, as written.
    public var notPassing: [JSONValue]
    /// The expected-failure reasons the run's list declares, key and meaning.
    public var reasonKinds: [(key: String, meaning: String)]
    public var totals: Cell

    public static func key(file: String, profile: String) -> String { "\(file) \(profile)" }

    public static func == (a: PublishedRun, b: PublishedRun) -> Bool {
        a.implementation == b.implementation && a.source == b.source && a.cells == b.cells
            && a.rowOrder == b.rowOrder && a.notPassing == b.notPassing
    }

    /// Reads a JSON report; refuses one of another format, one cut short, or one whose counts
    /// disagree with its tests, each with one line.
    public init(bytes: [UInt8], source: String) throws(ReportPageError) {
        self.source = source
        let json: JSONValue
        do {
            json = try JSONParser.parse(bytes)
        } catch {
            throw .unreadable(source, "not a complete JSON document (\(error.reason) at byte \(error.offset))")
        }
        guard let format = json["format"]?.stringValue else {
            throw .unreadable(
                source, "not a report of `pushproof run --json` in format \(Reports.jsonFormat) (no format member)")
        }
        guard format == Reports.jsonFormat else { throw .wrongFormat(source, found: format) }
        guard let implementation = json["implementation"]?.stringValue, !implementation.isEmpty,
            let pushproof = json["pushproof"]?.stringValue, let matrix = json["matrix"]?.arrayValue,
            let tests = json["tests"]?.arrayValue
        else {
            throw .unreadable(source, "it lacks implementation, pushproof, matrix or tests")
        }
        self.implementation = implementation
        self.pushproof = pushproof
        self.vectorsDigest = json["vectorsDigest"]?.stringValue
        var cells: [String: Cell] = [:]
        var order: [String] = []
        var totals = Cell()
        for row in matrix {
            guard let file = row["file"]?.stringValue, let profile = row["profile"]?.stringValue,
                !file.contains(" "), !profile.contains(" "),
                let passed = row["passed"]?.int64Value, let failed = row["failed"]?.int64Value,
                let skipped = row["skipped"]?.int64Value, let expected = row["expectedFailures"]?.int64Value,
                [passed, failed, skipped, expected].allSatisfy({ $0 >= 0 && $0 <= Int64(Int32.max) })
            else {
                throw .unreadable(
                    source, "a matrix row is not {file, profile, passed, failed, skipped, expectedFailures}")
            }
            let key = Self.key(file: file, profile: profile)
            guard cells[key] == nil else { throw .unreadable(source, "the matrix names \(file) \(profile) twice") }
            let cell = Cell(
                passed: Int(passed), failed: Int(failed), skipped: Int(skipped), expectedFailures: Int(expected))
            cells[key] = cell
            order.append(key)
            totals.passed += cell.passed
            totals.failed += cell.failed
            totals.skipped += cell.skipped
            totals.expectedFailures += cell.expectedFailures
        }
        guard tests.count == totals.passed + totals.failed + totals.skipped + totals.expectedFailures else {
            throw .unreadable(
                source,
                "its matrix counts \(totals.passed + totals.failed + totals.skipped + totals.expectedFailures) tests, its tests list \(tests.count)"
            )
        }
        self.cells = cells
        self.rowOrder = order
        self.totals = totals
        self.notPassing = tests.filter { !["passed", "skipped"].contains($0["status"]?.stringValue ?? "") }
        self.reasonKinds = (json["expectedFailureReasons"]?.members ?? []).map { ($0.key, $0.value.stringValue ?? "") }
    }

    public init(contentsOf path: String) throws(ReportPageError) {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .unreadable(path, "no such file, or not readable")
        }
        try self.init(bytes: [UInt8](data), source: path)
    }
}

public enum ReportPageError: Error, Equatable, CustomStringConvertible {
    case unreadable(String, String)
    case wrongFormat(String, found: String)
    case sameImplementation(String, first: String, second: String)
    case noReports

    public var description: String {
        switch self {
        case .unreadable(let path, let why): return "\(path): \(why)"
        case .wrongFormat(let path, let found):
            return
                "\(path): a report in format \(found); this pushproof reads \(Reports.jsonFormat) (run it again with this version)"
        case .sameImplementation(let name, let first, let second):
            return "\(first) and \(second) both report \(name); give each implementation one report"
        case .noReports: return "name at least one JSON report (pushproof run --json FILE)"
        }
    }
}

/// The results page: one self-contained HTML file (no script, no network) with the matrix of
/// implementations by vector file and profile, and every test that did not pass with its input,
/// expected answer, accepted alternatives, actual answer, citation and listed reason.
public enum ReportPage {
    /// Refuses two runs of the same implementation.
    public static func checked(_ runs: [PublishedRun]) throws(ReportPageError) -> [PublishedRun] {
        guard !runs.isEmpty else { throw .noReports }
        var seen: [String: String] = [:]
        for run in runs {
            if let first = seen[run.implementation] {
                throw .sameImplementation(run.implementation, first: first, second: run.source)
            }
            seen[run.implementation] = run.source
        }
        return runs
    }

    public static func html(_ runs: [PublishedRun], title: String = "PushProof interoperability") -> String {
        var rows: [String] = []
        var seen = Set<String>()
        for run in runs {
            for key in run.rowOrder where seen.insert(key).inserted { rows.append(key) }
        }
        rows.sort()
        var page = """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(escape(title))</title>
            <style>
            body { font: 14px/1.4 system-ui, sans-serif; margin: 1.5em; color: #1b1b1b; }
            table { border-collapse: collapse; margin: 1em 0; }
            th, td { border: 1px solid #c8c8c8; padding: 0.25em 0.5em; vertical-align: top; }
            th { background: #f0f0f0; text-align: left; }
            td.cell { text-align: right; white-space: nowrap; font-variant-numeric: tabular-nums; }
            td.clean { background: #e3f4e1; } td.bad { background: #f8d7d3; } td.listed { background: #fdf1c7; }
            td.none { color: #8a8a8a; }
            .legend span { margin-right: 1.5em; }
            pre { white-space: pre-wrap; word-break: break-all; margin: 0; font-size: 12px; }
            details { margin: 0.3em 0; } summary { cursor: pointer; }
            dl { margin: 0.3em 0 0.8em 1em; } dt { font-weight: 600; } dd { margin: 0 0 0.4em 1em; }
            </style></head><body>
            <h1>\(escape(title))</h1>
            <p class="legend"><span>passed / failed / skipped / expected failures</span>
            <span>green: nothing failed</span><span>yellow: only listed failures</span><span>red: a failure that fails the run</span></p>

            """
        page += "<h2>Implementations</h2>\n<table id=\"implementations\"><tr><th>implementation</th><th>PushProof</th>"
        page += "<th>vectors</th><th>passed</th><th>failed</th><th>skipped</th><th>expected failures</th></tr>\n"
        for (index, run) in runs.enumerated() {
            page += "<tr data-impl=\"\(index)\"><td>\(escape(run.implementation))</td><td>\(escape(run.pushproof))</td>"
            page += "<td><code>\(escape(run.vectorsDigest ?? "not given"))</code></td>"
            page +=
                "<td data-count=\"passed\">\(run.totals.passed)</td><td data-count=\"failed\">\(run.totals.failed)</td>"
            page += "<td data-count=\"skipped\">\(run.totals.skipped)</td>"
            page += "<td data-count=\"expectedFailures\">\(run.totals.expectedFailures)</td></tr>\n"
        }
        page += "</table>\n<h2>Matrix</h2>\n<table id=\"matrix\"><tr><th>vector file</th><th>profile</th>"
        for run in runs { page += "<th>\(escape(run.implementation))</th>" }
        page += "</tr>\n"
        for key in rows {
            let parts = key.split(separator: " ", maxSplits: 1).map(String.init)
            page += "<tr><td>\(escape(parts[0]))</td><td>\(escape(parts[1]))</td>"
            for (index, run) in runs.enumerated() {
                guard let c = run.cells[key] else {
                    page += "<td class=\"cell none\" data-impl=\"\(index)\" data-row=\"\(escape(key))\">not run</td>"
                    continue
                }
                let tone = c.failed > 0 ? "bad" : c.expectedFailures > 0 ? "listed" : c.passed > 0 ? "clean" : "none"
                page +=
                    "<td class=\"cell \(tone)\" data-impl=\"\(index)\" data-row=\"\(escape(key))\" data-passed=\"\(c.passed)\" "
                    + "data-failed=\"\(c.failed)\" data-skipped=\"\(c.skipped)\" data-expected-failures=\"\(c.expectedFailures)\">"
                    + "\(c.passed) / \(c.failed) / \(c.skipped) / \(c.expectedFailures)</td>"
            }
            page += "</tr>\n"
        }
        page += "</table>\n"
        for (index, run) in runs.enumerated() {
            page += "<h2 id=\"impl-\(index)\">\(escape(run.implementation))</h2>\n"
            page += "<p>From <code>\(escape(run.source))</code>. \(run.notPassing.count) tests did not pass.</p>\n"
            if !run.reasonKinds.isEmpty {
                page += "<dl class=\"reasons\">"
                for kind in run.reasonKinds {
                    page += "<dt>\(escape(kind.key))</dt><dd>\(escape(kind.meaning))</dd>"
                }
                page += "</dl>\n"
            }
            for test in run.notPassing { page += failure(test, impl: index) }
        }
        return page + "</body></html>\n"
    }

    static func failure(_ test: JSONValue, impl: Int) -> String {
        let name = "\(test["suite"]?.stringValue ?? "?"):\(test["tcId"].map(JSONWriter.compact) ?? "?")"
        let status = test["status"]?.stringValue ?? "?"
        let label =
            status == "expectedFailure" ? "expected failure" : status == "unexpectedPass" ? "unexpected pass" : "failed"
        var html = "<details class=\"test \(escape(status))\" data-impl=\"\(impl)\" data-test=\"\(escape(name))\">"
        html += "<summary>\(escape(label)): <code>\(escape(name))</code> "
        html += "[\(escape(test["operation"]?.stringValue ?? "")), \(escape(test["profile"]?.stringValue ?? ""))] "
        html += "\(escape(test["comment"]?.stringValue ?? ""))</summary><dl>"
        func row(_ title: String, _ value: JSONValue?) {
            guard let value else { return }
            let text = value.stringValue.map { $0 } ?? JSONWriter.pretty(value)
            html += "<dt>\(escape(title))</dt><dd><pre>\(escape(text))</pre></dd>"
        }
        row("listed as", test["expectedFailureReason"])
        row("input", test["input"])
        row("expected", test["expected"])
        for alternative in test["alsoAccepted"]?.arrayValue ?? [] { row("also accepted", alternative) }
        row("actual", test["actual"])
        row("source", test["source"])
        row("run it alone", test["rerun"])
        return html + "</dl></details>\n"
    }

    static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
