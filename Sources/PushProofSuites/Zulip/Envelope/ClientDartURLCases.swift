import PushProofConformance
import PushProofJSON

/// envelope_client: realm_url and sender_avatar_url as zulip-flutter@e989e4f reads them. Both go
/// through Dart's `Uri.parse` (lib/api/notifications.g.dart:41, 45, 89), which throws
/// `FormatException` for a port that is not digits, an unclosed or invalid IPv6 literal or an
/// empty scheme, and realm_url through `Uri.origin` (lib/notifications/receive.dart:302), which
/// throws `StateError` for no scheme, a scheme other than http and https, or no or an empty host
/// (dart-lang/sdk sdk/lib/core/uri.dart, `_Uri.origin`). A throw inside `decryptNotification` is no
/// drop: Android's `_onRemoteMessage` (receive.dart:217-235) lets it escape and shows nothing, iOS's
/// extension (lib/notifications/ios_service.dart:51-58) rethrows and the system shows the
/// server's placeholder alert; either way the notification is not read. The vectors say
/// `MALFORMED_NOTIFICATION`, the outcome of every other field `fromJson` cannot read. What Dart
/// accepts (user info, an empty or zero-padded port, a stray `%` in a path or host, another
/// scheme in an avatar URL, a relative avatar URL) is read, and realm_url's origin decides.
extension EnvelopeClientVectors {
    static func deployedDartURLs() -> [VectorCase] {
        let parse = "\(flutter)lib/api/notifications.g.dart:41, 45, 89 (Uri.parse throws FormatException)"
        let originThrows =
            "\(flutter)lib/notifications/receive.dart:302-306 (account.realmUrl.origin == data.realmUrl.origin, "
            + "taken before userId; dart-lang/sdk sdk/lib/core/uri.dart _Uri.origin throws StateError for no "
            + "scheme, a scheme other than http and https, or an empty host); \(flutter)lib/notifications/receive.dart:"
            + "217-235 and lib/notifications/ios_service.dart:51-58 (the throw escapes: nothing read)"
        let message = built(E.message()).json
        let removal = built(E.remove([7, 8])).json
        func realm(_ url: String, _ why: String, on base: JSONValue = message, userId: Int64 = 10, label: String = "")
            -> (JSONValue, String)
        {
            (base.setting("realm_url", to: .string(url)).setting("user_id", to: .integer(userId)), why + label)
        }
        var cases: [VectorCase] = []
        // realm_url that Uri.parse or .origin refuses: the notification is not read.
        let refusedRealms: [(String, String, String)] = [
            ("ftp://chat.example.com", "a scheme other than http(s): ftp", originThrows),
            ("wss://chat.example.com", "a scheme other than http(s): wss", originThrows),
            ("file:///srv/chat.example.com", "a file URL", originThrows),
            ("mailto:admin@chat.example.com", "a mailto URL (no authority)", originThrows),
            ("chat.example.com", "no scheme: a bare host", originThrows),
            ("//chat.example.com", "no scheme: a network-path reference", originThrows),
            ("/", "no scheme: a path", originThrows),
            ("", "the empty string (Uri.parse takes it; no scheme)", originThrows),
            (
                "chat.example.com:443", "a host and port without a scheme: chat.example.com is read as the scheme",
                originThrows
            ),
            ("https:chat.example.com", "https without an authority (no host)", originThrows),
            ("https://", "https with an empty host", originThrows),
            ("https:///chat.example.com", "https with an empty host and a path", originThrows),
            ("https://admin@", "https with user info and an empty host", originThrows),
            ("https://chat.example.com:44x", "a port with a letter", parse),
            ("https://chat.example.com:-443", "a port with a sign", parse),
            ("https://[::1", "an IPv6 literal without its closing bracket", parse),
            ("https://[::g]", "an IPv6 literal with a non-hex digit", parse),
            ("https://[1:2:3:4:5:6:7:8:9]", "an IPv6 literal of nine groups", parse),
            ("https://[::1]x", "text after an IPv6 literal's bracket", parse),
            ("://chat.example.com", "an empty scheme", parse),
        ]
        for (url, why, source) in refusedRealms {
            let (json, comment) = realm(url, "realm_url \(why): Dart throws, the notification is not read")
            cases.append(
                plaintextCase(
                    comment, ["DartUrl", "MalformedNotification"], JSONWriter.compactBytes(json), source: source,
                    code: "MALFORMED_NOTIFICATION", nonceLabel: "dart-realm \(url)"))
        }
        // The origin is taken before the user id is compared, and a removal's realm_url is read alike.
        for (json, comment, label) in [
            (
                message.setting("realm_url", to: "ftp://chat.example.com").setting("user_id", to: 99),
                "realm_url ftp:// and another user id: .origin throws before the user id is compared",
                "dart-realm other-user"
            ),
            (
                removal.setting("realm_url", to: "ftp://chat.example.com"),
                "a removal whose realm_url is ftp://: .origin throws", "dart-realm removal ftp"
            ),
            (
                removal.setting("realm_url", to: "https://chat.example.com:44x"),
                "a removal whose realm_url has a port with a letter: Uri.parse throws", "dart-realm removal port"
            ),
        ] {
            cases.append(
                plaintextCase(
                    comment, ["DartUrl", "MalformedNotification"], JSONWriter.compactBytes(json),
                    source: "\(parse); \(originThrows)", code: "MALFORMED_NOTIFICATION", nonceLabel: label))
        }
        // realm_url that Dart reads: the origin decides.
        let readRealms: [(String, String, String)] = [
            (
                "https://admin:secret@chat.example.com", "user info before this realm's host (not part of the origin)",
                "delivered"
            ),
            (
                "https://other.example.com@chat.example.com", "user info naming another host before this realm's host",
                "delivered"
            ),
            ("https://chat.example.com:", "an empty port (the default)", "delivered"),
            ("https://chat.example.com:0443", "the default port written with a leading zero", "delivered"),
            ("https://chat.example.com/%zz", "a malformed percent-escape in the path (written %25zz)", "delivered"),
            (
                "https://chat.example.com@other.example.com", "this realm's host as user info before another host",
                "droppedOtherAccount"
            ),
            (
                "https://chat%zz.example.com", "a malformed percent-escape in the host (another host)",
                "droppedOtherAccount"
            ),
            ("https://[::1]", "an IPv6 literal", "droppedOtherAccount"),
            (
                "https://[::ffff:192.0.2.1]:8443", "an IPv6 literal ending in a dotted quad, with a port",
                "droppedOtherAccount"
            ),
            ("https://chat.example.com:8443/", "another port", "droppedOtherAccount"),
        ]
        for (url, why, outcome) in readRealms {
            let (json, comment) = realm(url, "realm_url with \(why): Dart reads it, \(outcome)")
            cases.append(
                plaintextCase(
                    comment, ["DartUrl"] + (outcome == "delivered" ? ["OriginEquivalence"] : ["OtherAccount"]),
                    JSONWriter.compactBytes(json), source: "\(parse); \(accountCheck)", outcome: outcome,
                    nonceLabel: "dart-realm \(url)"))
        }
        // sender_avatar_url: only Uri.parse reads it.
        let avatars: [(String, String, Bool)] = [
            ("https://chat.example.com:x/avatar/11", "a port with a letter", false),
            ("https://chat.example.com:-1/avatar/11", "a port with a sign", false),
            ("https://[::1/avatar/11", "an IPv6 literal without its closing bracket", false),
            ("https://[::g]/avatar/11", "an IPv6 literal with a non-hex digit", false),
            (":avatar/11", "an empty scheme", false),
            ("ftp://chat.example.com/avatar/11", "another scheme", true),
            ("avatar/11.png", "a relative path", true),
            ("chat.example.com/avatar/11", "no scheme", true),
            ("https://chat.example.com/avatar/%zz", "a malformed percent-escape", true),
            ("https://chat.example.com/avatar 11", "a space in the path", true),
            ("https://admin:secret@chat.example.com:/avatar/11", "user info and an empty port", true),
            ("https://[::1]:8443/avatar/11", "an IPv6 literal with a port", true),
        ]
        for (url, why, read) in avatars {
            let json = message.setting("sender_avatar_url", to: .string(url))
            cases.append(
                plaintextCase(
                    "sender_avatar_url with \(why): "
                        + (read ? "Uri.parse takes it, delivered" : "Uri.parse throws, not read"),
                    read ? ["DartUrl", "LaxUrl"] : ["DartUrl", "MalformedNotification"], JSONWriter.compactBytes(json),
                    source: read ? "\(parse); \(delivered)" : parse, outcome: read ? "delivered" : nil,
                    code: read ? nil : "MALFORMED_NOTIFICATION", nonceLabel: "dart-avatar \(url)"))
        }
        return cases
    }
}
