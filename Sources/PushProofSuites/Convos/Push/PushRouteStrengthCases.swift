import PushProofConformance
import PushProofJSON

/// convos_push: whole classes for the topic's `g-` piece and the clientId's lookup. The id is the
/// piece without its first two characters (a cut by string, not a strip of `g` and `-` as a set):
/// pieces whose id begins `g`, `-`, `gg-`, `g-g-`; the first piece beginning `g-` decides among
/// two, three and four, wherever they sit; and clientIds canonically equivalent to a stored one
/// (precomposed and decomposed letters, U+212A KELVIN SIGN, U+2126 OHM SIGN, U+212B ANGSTROM SIGN)
/// are other clientIds, compared byte for byte.
extension ConvosPushVectors {
    /// The middle identity holds ab, cd, ef and 0a: the ids a set strip, a later piece or a piece
    /// found by containment would name.
    static var strengthIdentities: JSONValue {
        [
            classIdentity(clientId, "inbox-of-conversation-1", [groupId]),
            classIdentity(otherClientId, "inbox-of-conversation-2", ["ab", "cd", "ef", "0a"]),
            classIdentity(thirdClientId, "inbox-of-conversation-3", []),
        ]
    }

    /// A payload for the middle identity with this topic, raw.
    static func middle(topic: String, message: JSONValue? = .string(mlsMessage)) -> JSONValue {
        convosPayload(clientId: .string(otherClientId), topic: .string(topic), message: message)
    }

    /// Canonically equivalent spellings of one text: (what, stored, looked up).
    static let equivalentSpellings: [(String, String, String)] = [
        ("é precomposed (U+00E9), looked up decomposed (e + U+0301)", "CAF\u{E9}-CLIENT", "CAFe\u{301}-CLIENT"),
        ("é decomposed, looked up precomposed", "CAFe\u{301}-CLIENT", "CAF\u{E9}-CLIENT"),
        ("K, looked up as U+212A KELVIN SIGN", "KELVIN-CLIENT", "\u{212A}ELVIN-CLIENT"),
        ("U+212A KELVIN SIGN, looked up as K", "\u{212A}ELVIN-CLIENT", "KELVIN-CLIENT"),
        ("Ω (U+03A9), looked up as U+2126 OHM SIGN", "\u{3A9}HM-CLIENT", "\u{2126}HM-CLIENT"),
        ("U+2126 OHM SIGN, looked up as Ω", "\u{2126}HM-CLIENT", "\u{3A9}HM-CLIENT"),
        ("Å (U+00C5), looked up as A + U+030A", "\u{C5}NGSTROM-CLIENT", "A\u{30A}NGSTROM-CLIENT"),
        ("A + U+030A, looked up as Å (U+00C5)", "A\u{30A}NGSTROM-CLIENT", "\u{C5}NGSTROM-CLIENT"),
        ("Å (U+00C5), looked up as U+212B ANGSTROM SIGN", "\u{C5}NGSTROM-CLIENT", "\u{212B}NGSTROM-CLIENT"),
        ("U+212B ANGSTROM SIGN, looked up as A + U+030A", "\u{212B}NGSTROM-CLIENT", "A\u{30A}NGSTROM-CLIENT"),
    ]

    /// Three identities, the middle one's clientId `stored`; the group the topic names is its own.
    static func spelledIdentities(_ stored: String) -> JSONValue {
        [
            classIdentity(clientId, "inbox-of-conversation-1", [groupId]),
            classIdentity(stored, "inbox-of-conversation-2", [otherGroupId]),
            classIdentity(thirdClientId, "inbox-of-conversation-3", []),
        ]
    }

    static func strengthDeployedCases() -> [VectorCase] {
        let core = "xmtplabs/convos-ios@f47421a9:ConvosCore/Sources/ConvosCore/"
        let handler = core + "Inboxes/CachedPushNotificationHandler.swift"
        let service = core + "Inboxes/MessagingService+PushNotifications.swift"
        let topicRule =
            core + "Extensions/String+XMTP.swift:12-19 (split on \"/\", first(where: hasPrefix(\"g-\")), dropFirst(2))"
        let hexRule =
            "krzyzanowskim/CryptoSwift@f2a627b8:Sources/CryptoSwift/Array+Extension.swift:34-71; "
            + "xmtp/libxmtp@a53a97ed:sdks/ios/Sources/XMTPiOS/Conversations.swift:165-178"
        let routing = "\(handler):99-121; \(core)Storage/Repositories/InboxesRepository.swift:31-38"
        let groupPath = "\(routing); \(service):53-61, 81-96, 247-262; \(topicRule); \(hexRule)"
        let lookup = "\(service):247-256; \(topicRule); \(hexRule)"
        let welcomePath = "\(routing); \(service):53-80"
        let exact =
            "\(handler):99-111; \(core)Storage/Repositories/InboxesRepository.swift:31-38 (SQLite `=` on TEXT, "
            + "BINARY collation: the bytes), \(core)Storage/SharedDatabaseMigrator.swift:24-34"
        func topicCase(_ comment: String, _ flags: [String], _ topic: String, _ outcome: String) -> VectorCase {
            classCase(
                comment, flags, outcome == "routed" ? groupPath : lookup, middle(topic: topic),
                identities: strengthIdentities, outcome: outcome)
        }
        // The id after `g-` begins with `g` or `-`: cut as a string it is no hex, so no group; a
        // strip of the set {g, -} would read ab.
        let cut: [(String, String)] = [
            ("g-gab (the id gab)", "g-gab"), ("g--ab (the id -ab)", "g--ab"), ("g-g-ab (the id g-ab)", "g-g-ab"),
            ("g-gg-ab (the id gg-ab)", "g-gg-ab"), ("g---ab (the id --ab)", "g---ab"),
            ("g-g-g-ab (the id g-g-ab)", "g-g-g-ab"), ("g-ggab (the id ggab)", "g-ggab"),
            ("g--0a (the id -0a)", "g--0a"), ("g-g0a (the id g0a)", "g-g0a"),
            ("g-g (the id g)", "g-g"), ("g-- (the id -)", "g--"), ("g-g- (the id g-)", "g-g-"),
            ("g-abg-cd (the id abg-cd: a later g- inside the piece is text)", "g-abg-cd"),
        ]
        var cases = cut.map { what, piece in
            topicCase(
                "the topic's piece \(what): the first two characters cut, the rest no hex, so no group (the middle "
                    + "identity holds ab)", ["TopicSearched", "TopicCut"], "/xmtp/mls/1/\(piece)/proto",
                "unknownConversation")
        }
        cases += [
            topicCase(
                "the topic's piece g-ab: the id ab, the middle identity's group", ["TopicSearched", "TopicCut"],
                "/xmtp/mls/1/g-ab/proto", "routed"),
            topicCase(
                "the topic's piece g-0a: the id 0a (a leading 0 is a digit, not cut)", ["TopicSearched", "TopicCut"],
                "/xmtp/mls/1/g-0a/proto", "routed"),
        ]
        let noPiece: [(String, String)] = [
            ("gg-ab (begins gg-, not g-)", "/xmtp/mls/1/gg-ab/proto"),
            ("-g-ab (begins -)", "/xmtp/mls/1/-g-ab/proto"),
            ("xg-ab (g- inside, not at the start)", "/xmtp/mls/1/xg-ab/proto"),
            ("G-ab (an upper-case G)", "/xmtp/mls/1/G-ab/proto"),
            ("g_ab (an underscore for the hyphen)", "/xmtp/mls/1/g_ab/proto"),
            ("g (alone)", "/xmtp/mls/1/g/proto"),
        ]
        cases += noPiece.map { what, topic in
            classCase(
                "a topic whose only candidate piece is \(what): no piece begins g-", ["MalformedTopic", "TopicCut"],
                "\(service):247-250; \(topicRule)", middle(topic: topic), identities: strengthIdentities,
                code: "MALFORMED_TOPIC")
        }
        // Several pieces begin `g-`: the first one decides, whether it names a held group or not.
        let first: [(String, String, String)] = [
            ("g-ab then g-cd: ab", "/xmtp/mls/1/g-ab/g-cd/proto", "routed"),
            ("g-cd then g-ab: cd", "/xmtp/mls/1/g-cd/g-ab/proto", "routed"),
            ("g-ab, g-cd, g-ef: ab, not the middle or the last", "/xmtp/mls/1/g-ab/g-cd/g-ef/proto", "routed"),
            ("g-ef, g-cd, g-ab: ef", "/xmtp/mls/1/g-ef/g-cd/g-ab/proto", "routed"),
            ("g-0a, g-ab, g-cd, g-ef: 0a", "/g-0a/g-ab/g-cd/g-ef", "routed"),
            (
                "g-99, then g-cd and g-ef which the identity holds: 99 is not held, so no group",
                "/xmtp/mls/1/g-99/g-cd/g-ef/proto", "unknownConversation"
            ),
            (
                "g-ab, g-cd, then g-99: ab, the unheld last piece read by no one", "/xmtp/mls/1/g-ab/g-cd/g-99/proto",
                "routed"
            ),
            (
                "an empty g- piece, then g-ab: the empty id, no group", "/xmtp/mls/1/g-/g-ab/proto",
                "unknownConversation"
            ),
            ("g-zz, then g-ab: zz is no hex, no group", "/xmtp/mls/1/g-zz/g-ab/proto", "unknownConversation"),
            ("g-gab, then g-ab: the id gab, no group", "/xmtp/mls/1/g-gab/g-ab/proto", "unknownConversation"),
            ("a g- piece before the xmtp path: g-cd, then g-ab: cd", "/g-cd/xmtp/mls/1/g-ab/proto", "routed"),
            ("w-ab, then g-cd: the first g- piece is cd", "/xmtp/mls/1/w-ab/g-cd/proto", "routed"),
            ("xg-ab, then g-cd: xg-ab does not begin g-, cd", "/xmtp/mls/1/xg-ab/g-cd/proto", "routed"),
            ("empty pieces around g-ab and g-cd: ab", "//g-ab//g-cd//", "routed"),
            ("no leading slash, g-ab then g-cd: ab", "g-ab/g-cd", "routed"),
        ]
        cases += first.map { what, topic, outcome in
            topicCase(
                "several pieces begin g-, \(what)", ["TopicSearched", "FirstGroupPiece"], topic, outcome)
        }
        // Without encryptedMessage, a welcome is a topic containing "/w-" anywhere.
        cases += [
            classCase(
                "no encryptedMessage, the topic g-ab then w-cd: it contains /w-, so a welcome",
                ["Welcome"], welcomePath,
                middle(topic: "/xmtp/mls/1/g-ab/w-cd/proto", message: nil), identities: strengthIdentities,
                outcome: "routed"),
            classCase(
                "no encryptedMessage, the topic w-cd without a leading slash: no /w-, so the message is missing",
                ["MalformedPayload"], "\(service):63-71", middle(topic: "w-cd/proto", message: nil),
                identities: strengthIdentities, code: "MISSING_ENCRYPTED_MESSAGE"),
        ]
        // The clientId compared byte for byte: a canonically equivalent spelling is another clientId.
        for (what, stored, asked) in equivalentSpellings {
            cases.append(
                classCase(
                    "the middle identity's clientId \(what): not the same bytes, so unknownClientId",
                    ["UnknownClientId", "ExactClientId", "CanonicalEquivalence"], exact,
                    convosPayload(clientId: .string(asked), topic: .string("/xmtp/mls/1/g-\(otherGroupId)/proto")),
                    identities: spelledIdentities(stored), outcome: "unknownClientId"))
        }
        let (nfc, nfd) = ("CAF\u{E9}-CLIENT", "CAFe\u{301}-CLIENT")
        cases += [
            classCase(
                "the middle identity's clientId with é precomposed, asked as stored: routed",
                ["ClientIdRouting", "CanonicalEquivalence"], groupPath,
                convosPayload(clientId: .string(nfc), topic: .string("/xmtp/mls/1/g-\(otherGroupId)/proto")),
                identities: spelledIdentities(nfc), outcome: "routed"),
            classCase(
                "two identities whose clientIds are é precomposed and decomposed: the decomposed one names the "
                    + "third identity's inbox", ["ClientIdRouting", "CanonicalEquivalence"], exact,
                convosPayload(clientId: .string(nfd), topic: .string("/xmtp/mls/1/g-\(otherGroupId)/proto")),
                identities: [
                    classIdentity(clientId, "inbox-of-conversation-1", [groupId]),
                    classIdentity(nfc, "inbox-of-conversation-2", [otherGroupId]),
                    classIdentity(nfd, "inbox-of-conversation-3", []),
                ], outcome: "unknownConversation"),
        ]
        return cases
    }

    /// The hardened reading resolves the clientId the same way.
    static func strengthHardenedCases() -> [VectorCase] {
        equivalentSpellings.map { what, stored, asked in
            classCase(
                "the middle identity's clientId \(what): another clientId, unknownClientId. Why: the app's inbox "
                    + "table compares the bytes; a lookup that takes canonical equivalents for one would route one "
                    + "identity's push to another", ["UnknownClientId", "ExactClientId", "CanonicalEquivalence"], nil,
                convosPayload(clientId: .string(asked), topic: .string("/xmtp/mls/1/g-\(otherGroupId)/proto")),
                identities: spelledIdentities(stored), outcome: "unknownClientId")
        }
    }
}
