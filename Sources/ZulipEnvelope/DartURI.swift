/// The parts of Dart's `Uri.parse` and `Uri.origin` (dart-lang/sdk sdk/lib/core/uri.dart) that
/// zulip-flutter@e989e4f's reading of a notification depends on: `realm_url` and
/// `sender_avatar_url` go through `Uri.parse` (lib/api/notifications.g.dart:41, 45, 89), which
/// throws `FormatException` on a port that is not digits or an unclosed or invalid IPv6 literal,
/// and `realm_url` through `.origin` (lib/notifications/receive.dart:302), which throws
/// `StateError` for no scheme, a scheme other than http and https, or no or an empty host. A
/// throw inside `decryptNotification` is no drop: the notification is not read
/// (`MALFORMED_NOTIFICATION`, like any other field `fromJson` cannot read).
///
/// Modelled: the scheme (letters, digits, `+`, `-`, `.` before the first `:` that comes before
/// any `/`, `?`, `#`), the authority after `//` (user info up to the last `@`, a bracketed IPv6
/// literal, the port after the host's last `:`), a reg-name host lower-cased with its
/// unreserved percent-escapes decoded (`_normalizeRegName`), a default port dropped
/// (`_makePort`). Not modelled: what the parser does with every other character, which only
/// changes an origin's spelling for hosts no deployed server sends.
public enum DartURI {
    public struct Parsed: Equatable, Sendable {
        public var scheme: String
        /// Nil when the URI has no authority.
        public var host: String?
        /// Nil when absent, empty or the scheme's default.
        public var port: Int?
    }

    /// `Uri.parse`; nil where it throws `FormatException`.
    public static func parse(_ text: String) -> Parsed? {
        let chars = Array(text.unicodeScalars)
        var scheme = ""
        var rest = chars[...]
        if let colon = chars.firstIndex(where: { ":/?#".unicodeScalars.contains($0) }), chars[colon] == ":" {
            let candidate = chars[..<colon]
            guard let first = candidate.first, isAlpha(first),
                candidate.allSatisfy({ isAlpha($0) || isDigit($0) || "+-.".unicodeScalars.contains($0) })
            else { return nil }
            scheme = String(String.UnicodeScalarView(candidate)).lowercased()
            rest = chars[(colon + 1)...]
        }
        guard rest.starts(with: "//".unicodeScalars) else { return Parsed(scheme: scheme, host: nil, port: nil) }
        let afterSlashes = rest.dropFirst(2)
        let authorityEnd =
            afterSlashes.firstIndex(where: { "/?#".unicodeScalars.contains($0) }) ?? afterSlashes.endIndex
        var authority = afterSlashes[..<authorityEnd]
        if let at = authority.lastIndex(of: "@") { authority = authority[(at + 1)...] }
        var hostPart = authority
        var portText: ArraySlice<Unicode.Scalar> = []
        if authority.first == "[" {
            guard let close = authority.firstIndex(of: "]"), isIPv6(authority[(authority.startIndex + 1)..<close])
            else { return nil }
            hostPart = authority[...close]
            let after = authority[(close + 1)...]
            if let c = after.first {
                guard c == ":" else { return nil }
                portText = after.dropFirst()
            }
        } else if let colon = authority.lastIndex(of: ":") {
            hostPart = authority[..<colon]
            portText = authority[(colon + 1)...]
        }
        var port: Int?
        if !portText.isEmpty {
            guard portText.allSatisfy(isDigit) else { return nil }
            var value = 0
            for d in portText { value = value &* 10 &+ Int(d.value - 0x30) }
            port = value
        }
        if port == defaultPort(scheme) { port = nil }
        return Parsed(scheme: scheme, host: normaliseHost(hostPart), port: port)
    }

    /// `Uri.parse(text).origin`; nil where either throws.
    public static func origin(_ text: String) -> String? {
        guard let uri = parse(text), uri.scheme == "http" || uri.scheme == "https", let host = uri.host, !host.isEmpty
        else { return nil }
        return uri.port.map { "\(uri.scheme)://\(host):\($0)" } ?? "\(uri.scheme)://\(host)"
    }

    private static func defaultPort(_ scheme: String) -> Int? {
        scheme == "http" ? 80 : scheme == "https" ? 443 : nil
    }

    private static func isAlpha(_ c: Unicode.Scalar) -> Bool { ("a"..."z").contains(c) || ("A"..."Z").contains(c) }
    private static func isDigit(_ c: Unicode.Scalar) -> Bool { ("0"..."9").contains(c) }
    private static func isHex(_ c: Unicode.Scalar) -> Bool {
        isDigit(c) || ("a"..."f").contains(c) || ("A"..."F").contains(c)
    }

    /// Lower case; `%XX` of an unreserved character decoded (and lower-cased), other escapes kept
    /// with upper-case digits, a `%` not followed by two hex digits written `%25`.
    private static func normaliseHost(_ host: ArraySlice<Unicode.Scalar>) -> String {
        if host.first == "[" { return String(String.UnicodeScalarView(host)).lowercased() }
        let s = Array(host)
        var out = ""
        var i = 0
        while i < s.count {
            if s[i] == "%" {
                if i + 2 < s.count, isHex(s[i + 1]), isHex(s[i + 2]),
                    let v = UInt8(String(String.UnicodeScalarView([s[i + 1], s[i + 2]])), radix: 16)
                {
                    let c = Unicode.Scalar(v)
                    if isAlpha(c) || isDigit(c) || "-._~".unicodeScalars.contains(c) {
                        out.unicodeScalars.append(contentsOf: String(c).lowercased().unicodeScalars)
                    } else {
                        out += "%" + String(String.UnicodeScalarView([s[i + 1], s[i + 2]])).uppercased()
                    }
                    i += 3
                    continue
                }
                out += "%25"
                i += 1
                continue
            }
            out.unicodeScalars.append(contentsOf: String(s[i]).lowercased().unicodeScalars)
            i += 1
        }
        return out
    }

    /// RFC 4291 text (Dart's `Uri.parseIPv6Address`): up to eight groups of one to four hex
    /// digits, one `::`, an IPv4 dotted quad as the last two groups.
    static func isIPv6(_ text: ArraySlice<Unicode.Scalar>) -> Bool {
        let s = String(String.UnicodeScalarView(text))
        if s.isEmpty { return false }
        let halves = s.components(separatedBy: "::")
        guard halves.count <= 2 else { return false }
        func groups(_ part: String, last: Bool) -> Int? {
            if part.isEmpty { return 0 }
            var count = 0
            let pieces = part.split(separator: ":", omittingEmptySubsequences: false)
            for (n, piece) in pieces.enumerated() {
                if last, n == pieces.count - 1, piece.contains(".") {
                    let octets = piece.split(separator: ".", omittingEmptySubsequences: false)
                    guard octets.count == 4,
                        octets.allSatisfy({
                            !$0.isEmpty && $0.count <= 3 && $0.allSatisfy(\.isASCII)
                                && Int($0).map { $0 <= 255 } == true
                        })
                    else { return nil }
                    count += 2
                } else {
                    guard (1...4).contains(piece.count), piece.unicodeScalars.allSatisfy(isHex) else { return nil }
                    count += 1
                }
            }
            return count
        }
        if halves.count == 1 { return groups(s, last: true) == 8 }
        guard let a = groups(halves[0], last: false), let b = groups(halves[1], last: true) else { return false }
        return a + b <= 7
    }
}
