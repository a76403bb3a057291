import Foundation

/// The tests a partly conforming implementation is known to fail, as swift-protobuf's failure
/// lists and BoGo's disabled tests keep them: one `file:tcId  # reason` per line (`#` starts a
/// comment; blank lines are ignored). With a list, a run fails when a listed test passes (so the
/// list only shrinks) or an unlisted one fails.
///
/// A list may fix the reasons its entries may give, one `@reason KEY: what it means` line each
/// (the real libraries' lists under `interop/` do: a library bug, a binding limit, a reading the
/// RFC or upstream leaves open, a test outside the library's scope). Once one is declared, every
/// entry's comment starts with a declared key: `file:tcId  # KEY: details`.
public struct ExpectedFailures: Sendable, Equatable {
    /// `file:tcId` -> the reason given (empty when none).
    public private(set) var reasons: [String: String] = [:]
    /// The reasons the list allows, by key, with what each means; empty when it fixes none.
    public private(set) var reasonKinds: [String: String] = [:]
    /// The declared keys in the order declared.
    public private(set) var reasonKindOrder: [String] = []
    /// Where the list came from, for messages.
    public let source: String

    public struct ParseError: Error, Equatable, CustomStringConvertible {
        public let description: String
    }

    public init(text: String, source: String) throws(ParseError) {
        self.source = source
        var entries: [(line: Int, id: String, reason: String)] = []
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("@reason") {
                try declareReason(line.dropFirst("@reason".count), line: index + 1)
                continue
            }
            let parts = raw.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
            let id = parts[0].trimmingCharacters(in: .whitespaces)
            let reason = parts.count > 1 ? parts[1].trimmingCharacters(in: .whitespaces) : ""
            if id.isEmpty { continue }
            let pieces = id.split(separator: ":", omittingEmptySubsequences: false)
            guard pieces.count == 2, !pieces[0].isEmpty, let tcId = Int(pieces[1]), tcId >= 0 else {
                throw ParseError(description: "\(source):\(index + 1): expected `file:tcId  # reason`, got `\(id)`")
            }
            guard reasons[id] == nil else {
                throw ParseError(description: "\(source):\(index + 1): \(id) is listed twice")
            }
            reasons[id] = reason
            entries.append((index + 1, id, reason))
        }
        guard !reasonKinds.isEmpty else { return }
        for entry in entries where reasonKind(ofReason: entry.reason) == nil {
            throw ParseError(
                description:
                    "\(source):\(entry.line): \(entry.id) gives no declared reason; start its comment with one of \(reasonKindOrder.joined(separator: ", ")) and a colon"
            )
        }
    }

    private mutating func declareReason(_ rest: Substring, line: Int) throws(ParseError) {
        let pieces = rest.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        let key = pieces[0].trimmingCharacters(in: .whitespaces)
        let meaning = pieces.count > 1 ? pieces[1].trimmingCharacters(in: .whitespaces) : ""
        let keyCharacters = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyz0123456789-")
        guard pieces.count == 2, !key.isEmpty, key.unicodeScalars.allSatisfy(keyCharacters.contains), !meaning.isEmpty
        else {
            throw ParseError(
                description: "\(source):\(line): expected `@reason KEY: what it means` (KEY in a-z, 0-9 and -)")
        }
        guard reasonKinds[key] == nil else {
            throw ParseError(description: "\(source):\(line): the reason \(key) is declared twice")
        }
        reasonKinds[key] = meaning
        reasonKindOrder.append(key)
    }

    public init(contentsOf url: URL) throws(ParseError) {
        let text: String
        do {
            text = try String(contentsOf: url, encoding: .utf8)
        } catch {
            throw ParseError(description: "\(url.path): cannot read the expected-failures list (\(Self.why(error)))")
        }
        try self.init(text: text, source: url.path)
    }

    /// One line for a file that cannot be read: the POSIX reason where there is one, never
    /// Foundation's text.
    private static func why(_ error: Error) -> String {
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain,
            let message = strerror(Int32(underlying.code))
        {
            return String(cString: message).lowercased()
        }
        switch nsError.code {
        case NSFileReadNoSuchFileError, NSFileNoSuchFileError: return "no such file"
        case NSFileReadNoPermissionError: return "permission denied"
        case NSFileReadInapplicableStringEncodingError: return "not UTF-8 text"
        default: return "unreadable"
        }
    }

    public func contains(_ name: String) -> Bool { reasons[name] != nil }

    /// The declared reason a test's entry gives, when the list fixes its reasons.
    public func reasonKind(of name: String) -> String? {
        reasons[name].flatMap(reasonKind(ofReason:))
    }

    private func reasonKind(ofReason reason: String) -> String? {
        guard let colon = reason.firstIndex(of: ":") else { return nil }
        let key = reason[..<colon].trimmingCharacters(in: .whitespaces)
        return reasonKinds[key] == nil ? nil : key
    }
}
