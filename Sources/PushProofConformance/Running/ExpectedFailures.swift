import Foundation

/// The tests a partly conforming implementation is known to fail, as swift-protobuf's failure
/// lists and BoGo's disabled tests keep them: one `suite:tcId  # reason` per line (`#` starts a
/// comment; blank lines are ignored). With a list, a run fails when a listed test passes (so the
/// list only shrinks) or an unlisted one fails.
public struct ExpectedFailures: Sendable, Equatable {
    /// `suite:tcId` -> the reason given (empty when none).
    public private(set) var reasons: [String: String] = [:]
    /// Where the list came from, for messages.
    public let source: String

    public struct ParseError: Error, Equatable, CustomStringConvertible {
        public let description: String
    }

    public init(text: String, source: String) throws(ParseError) {
        self.source = source
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let parts = raw.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
            let id = parts[0].trimmingCharacters(in: .whitespaces)
            let reason = parts.count > 1 ? parts[1].trimmingCharacters(in: .whitespaces) : ""
            if id.isEmpty { continue }
            let pieces = id.split(separator: ":", omittingEmptySubsequences: false)
            guard pieces.count == 2, !pieces[0].isEmpty, let tcId = Int(pieces[1]), tcId >= 0 else {
                throw ParseError(description: "\(source):\(index + 1): expected `suite:tcId  # reason`, got `\(id)`")
            }
            guard reasons[id] == nil else {
                throw ParseError(description: "\(source):\(index + 1): \(id) is listed twice")
            }
            reasons[id] = reason
        }
    }

    public init(contentsOf url: URL) throws {
        try self.init(text: String(contentsOf: url, encoding: .utf8), source: url.path)
    }

    public func contains(_ name: String) -> Bool { reasons[name] != nil }
}
