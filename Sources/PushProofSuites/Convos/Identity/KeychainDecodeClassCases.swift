import PushProofConformance
import PushProofCrypto
import PushProofJSON

/// identity_keychain: records that take the app's `JSONDecoder` and `Data(base64Encoded:)`
/// where a strict reader parts from them (the deployed answers), each class answered again by
/// PushProof's strict reading (hardened). The record is built from raw JSON text, so the bytes
/// under test are exactly the ones written here.
enum KeychainDecodeClassCases: IdentityFixtures {
    static let foundation = "swiftlang/swift-foundation@a1c611f6:Sources/FoundationEssentials/"
    static let store =
        "xmtplabs/convos-ios@f47421a9:ConvosCore/Sources/ConvosCore/Auth/Keychain/KeychainIdentityStore.swift"
    static let firstValue =
        "\(foundation)JSON/JSONDecoder.swift:1198-1232, 1854-1858 (_setIfNil: a repeated member keeps its first value)"
    static let lazyValues =
        "\(foundation)JSON/JSONDecoder.swift:412-416; JSON/JSONScanner.swift:348-866 (values checked when decoded)"
    static let trailingComma = "\(foundation)JSON/JSONScanner.swift:451-462, 498-510 (trailing commas accepted)"
    static let encodings =
        "\(foundation)JSON/JSONDecoder.swift:399-470 (withUTF8Representation: a BOM dropped, UTF-16/32 by its NUL pattern)"
    static let base64 = "\(foundation)Data/Data+Base64.swift (Data(base64Encoded:), default options); \(store):38-43"
    static let order =
        "\(store):82-95, 38-43 (inboxId, clientId, keys; databaseKey, then privateKeyData, then PrivateKey(_:))"

    static var pk: String { "\"\(Base64.encode(privateKey))\"" }
    static var dk: String { "\"\(Base64.encode(databaseKey))\"" }
    static var inboxText: String { "\"\(inboxIdOfKey)\"" }
    static var clientText: String { "\"\(clientId)\"" }

    /// A record from raw JSON text: each member's value as written, `extra` members first.
    static func raw(
        inboxId: String? = nil, clientId: String? = nil, keys: String? = nil, extra: String = "", tail: String = ""
    ) -> String {
        "{\(extra)\"inboxId\":\(inboxId ?? inboxText),\"clientId\":\(clientId ?? clientText),\"keys\":\(keys ?? rawKeys())\(tail)}"
    }

    static func rawKeys(privateKeyData: String? = nil, databaseKey: String? = nil, tail: String = "") -> String {
        "{\"privateKeyData\":\(privateKeyData ?? pk),\"databaseKey\":\(databaseKey ?? dk)\(tail)}"
    }

    /// A case in both profiles: `deployed` is the app's answer (nil: a record), `hardened`
    /// PushProof's (nil: a record).
    struct Pair {
        var comment: String
        var flags: [String]
        var source: String
        var record: String
        var deployed: String?
        var hardened: String?
        var why: String
    }

    /// The base64 texts Foundation reads and a canonical reader refuses, and those both refuse.
    static func base64Pairs() -> [Pair] {
        let key = Base64.encode(privateKey)
        let db = Base64.encode(databaseKey)
        // The last character before '=' carries two unused bits; setting one keeps the bytes.
        func setUnusedBit(_ text: String) -> String {
            var chars = Array(text)
            let i = chars.lastIndex { $0 != "=" }!
            let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/")
            chars[i] = alphabet[alphabet.firstIndex(of: chars[i])! + 1]
            return String(chars)
        }
        let canonical =
            "Why: one key has one spelling; a reader that takes others lets two records that differ hold the same key"
        return [
            Pair(
                comment: "privateKeyData with a non-zero unused bit reads as the same key", flags: ["FoundationBase64"],
                source: base64, record: raw(keys: rawKeys(privateKeyData: "\"\(setUnusedBit(key))\"")),
                deployed: nil, hardened: "INVALID_BASE64", why: canonical),
            Pair(
                comment: "databaseKey with a non-zero unused bit reads as the same key", flags: ["FoundationBase64"],
                source: base64, record: raw(keys: rawKeys(databaseKey: "\"\(setUnusedBit(db))\"")),
                deployed: nil, hardened: "INVALID_BASE64", why: canonical),
            Pair(
                comment: "databaseKey '====' is one zero byte to Foundation (any length is taken)",
                flags: ["FoundationBase64"], source: base64, record: raw(keys: rawKeys(databaseKey: "\"====\"")),
                deployed: nil, hardened: "INVALID_BASE64", why: canonical),
            Pair(
                comment: "databaseKey 'QQ=A', a '=' inside the last quantum, is two bytes to Foundation",
                flags: ["FoundationBase64"], source: base64, record: raw(keys: rawKeys(databaseKey: "\"QQ=A\"")),
                deployed: nil, hardened: "INVALID_BASE64", why: canonical),
            Pair(
                comment: "databaseKey with an '=' too many after its padding", flags: ["FoundationBase64"],
                source: base64, record: raw(keys: rawKeys(databaseKey: "\"\(db)=\"")),
                deployed: nil, hardened: "INVALID_BASE64", why: canonical),
            Pair(
                comment: "privateKeyData without its padding is refused", flags: ["KeyEncoding"], source: base64,
                record: raw(keys: rawKeys(privateKeyData: "\"\(key.replacingOccurrences(of: "=", with: ""))\"")),
                deployed: "INVALID_BASE64", hardened: "INVALID_BASE64", why: "as the app"),
            Pair(
                comment: "privateKeyData with a trailing space is refused", flags: ["KeyEncoding"], source: base64,
                record: raw(keys: rawKeys(privateKeyData: "\"\(key) \"")),
                deployed: "INVALID_BASE64", hardened: "INVALID_BASE64", why: "as the app"),
            Pair(
                comment: "privateKeyData with a leading tab escape is refused", flags: ["KeyEncoding"], source: base64,
                record: raw(keys: rawKeys(privateKeyData: "\"\\t\(key)\"")),
                deployed: "INVALID_BASE64", hardened: "INVALID_BASE64", why: "as the app"),
            Pair(
                comment: "privateKeyData whose first character is written as a \\u escape reads as the key",
                flags: ["EncoderCharacters"], source: base64,
                record: raw(
                    keys: rawKeys(privateKeyData: "\"\\u00\(Hex.encode([UInt8(key.utf8.first!)]))\(key.dropFirst())\"")),
                deployed: nil, hardened: nil, why: "as the app"),
            Pair(
                comment: "privateKeyData with a '-' of the URL-safe alphabet is refused", flags: ["KeyEncoding"],
                source: base64, record: raw(keys: rawKeys(privateKeyData: "\"-\(key.dropFirst())\"")),
                deployed: "INVALID_BASE64", hardened: "INVALID_BASE64", why: "as the app"),
            Pair(
                comment: "privateKeyData with a non-ASCII letter is refused", flags: ["KeyEncoding"], source: base64,
                record: raw(keys: rawKeys(privateKeyData: "\"\u{00C9}\(key.dropFirst())\"")),
                deployed: "INVALID_BASE64", hardened: "INVALID_BASE64", why: "as the app"),
            Pair(
                comment: "databaseKey '=' alone is refused", flags: ["KeyEncoding"], source: base64,
                record: raw(keys: rawKeys(databaseKey: "\"=\"")),
                deployed: "INVALID_BASE64", hardened: "INVALID_BASE64", why: "as the app"),
        ]
    }
}

extension KeychainDecodeClassCases {
    /// The JSON the app's decoder reads and RFC 8259 with unique member names does not, and the
    /// JSON both refuse.
    static func jsonPairs() -> [Pair] {
        let strictJSON =
            "Why: the app writes the record with JSONEncoder, which never writes this; a reader that takes it reads what a strict one refuses"
        let shortKey = "\"\(Base64.encode(Array(privateKey.prefix(31))))\""
        let repeated =
            "Why: two readers of a record with a repeated member can take different values (RFC 8259 section 4)"
        var pairs = [
            Pair(
                comment: "inboxId twice: the first value is read", flags: ["RepeatedMember"], source: firstValue,
                record: raw(extra: "\"inboxId\":\"first\","), deployed: nil, hardened: "MALFORMED_JSON", why: repeated),
            Pair(
                comment: "clientId twice, the first not a string: the first value decides", flags: ["RepeatedMember"],
                source: firstValue, record: raw(extra: "\"clientId\":7,"), deployed: "WRONG_TYPE",
                hardened: "MALFORMED_JSON", why: repeated),
            Pair(
                comment: "privateKeyData twice, the first 31 bytes: the first value decides",
                flags: ["RepeatedMember"], source: firstValue,
                record: raw(keys: "{\"privateKeyData\":\(shortKey),\"privateKeyData\":\(pk),\"databaseKey\":\(dk)}"),
                deployed: "INVALID_KEY_LENGTH", hardened: "MALFORMED_JSON", why: repeated),
            Pair(
                comment: "privateKeyData twice, the second 31 bytes: the first value decides",
                flags: ["RepeatedMember"], source: firstValue,
                record: raw(keys: rawKeys(tail: ",\"privateKeyData\":\(shortKey)")), deployed: nil,
                hardened: "MALFORMED_JSON", why: repeated),
            Pair(
                comment: "keys three times, the first and third not objects: the first decides",
                flags: ["RepeatedMember"], source: firstValue,
                record: raw(keys: "\"k\"", tail: ",\"keys\":\(rawKeys()),\"keys\":1"), deployed: "WRONG_TYPE",
                hardened: "MALFORMED_JSON", why: repeated),
            Pair(
                comment: "an unknown member repeated is ignored", flags: ["RepeatedMember"], source: firstValue,
                record: raw(extra: "\"note\":1,\"note\":2,"), deployed: nil, hardened: "MALFORMED_JSON", why: repeated),
            Pair(
                comment: "a member name written with an escape is the same member", flags: ["EncoderCharacters"],
                source: lazyValues, record: raw().replacingOccurrences(of: "\"inboxId\"", with: "\"inbox\\u0049d\""),
                deployed: nil, hardened: nil, why: "as the app"),
            Pair(
                comment: "a member name in another case is another member: inboxId is missing",
                flags: ["RecordShape"], source: lazyValues,
                record: raw().replacingOccurrences(of: "\"inboxId\"", with: "\"InboxId\""), deployed: "MISSING_FIELD",
                hardened: "UNEXPECTED_FIELD", why: "an unknown member is refused first (tcId 301)"),
        ]
        // Values in a member the app never reads: scanned for their structure, never decoded.
        let unread: [(String, String)] = [
            ("a string with an unknown escape \\x", "\"\\x\""), ("a string with a lone high surrogate", "\"\\ud800\""),
            ("a string with a lone low surrogate", "\"\\udc00\""), ("a string with a raw tab", "\"a\tb\""),
            ("a string with a raw NUL", "\"a\u{0}b\""), ("a string with \\u and non-hex digits", "\"\\uzzzz\""),
            ("a number with a leading zero", "01"), ("a bare minus", "-"), ("a number out of any range", "1e999999"),
            ("a number with two points", "1.2.3"), ("a number ending in e", "1e"),
            ("an array with a trailing comma", "[1,2,]"), ("an object with a trailing comma", "{\"a\":1,}"),
        ]
        for (what, value) in unread {
            pairs.append(
                Pair(
                    comment: "an unknown member holding \(what) is not read", flags: ["LazyValue"], source: lazyValues,
                    record: raw(extra: "\"note\":\(value),"), deployed: nil,
                    hardened: value == "1e999999" ? "UNEXPECTED_FIELD" : "MALFORMED_JSON",
                    why: value == "1e999999"
                        ? "RFC 8259 sets no range; the unknown member is refused (tcId 301)" : strictJSON))
        }
        // The same values where the app reads them.
        let read: [(String, String, String)] = [
            ("an unknown escape \\x", "\"\\x\"", "MALFORMED_JSON"),
            ("a lone high surrogate", "\"\\ud800\"", "MALFORMED_JSON"),
            ("a high surrogate and a letter", "\"\\ud800\\u0041\"", "MALFORMED_JSON"),
            ("a lone low surrogate", "\"\\udc00\"", "MALFORMED_JSON"),
            ("a raw tab", "\"a\tb\"", "MALFORMED_JSON"), ("a raw line feed", "\"a\nb\"", "MALFORMED_JSON"),
            ("\\u and a non-hex digit", "\"\\u00g1\"", "MALFORMED_JSON"),
            ("a number with a leading zero", "01", "WRONG_TYPE"),
        ]
        for (what, value, code) in read {
            pairs.append(
                Pair(
                    comment: "inboxId holding \(what) is refused", flags: ["RecordShape"], source: lazyValues,
                    record: raw(inboxId: value), deployed: code,
                    hardened: code == "WRONG_TYPE" ? "MALFORMED_JSON" : code,
                    why: "as the app, where it reads the value"))
        }
        pairs += [
            Pair(
                comment: "a trailing comma after the record's last member", flags: ["TrailingComma"],
                source: trailingComma, record: raw(tail: ","), deployed: nil, hardened: "MALFORMED_JSON",
                why: strictJSON),
            Pair(
                comment: "a trailing comma after the keys' last member", flags: ["TrailingComma"],
                source: trailingComma, record: raw(keys: rawKeys(tail: ",")), deployed: nil, hardened: "MALFORMED_JSON",
                why: strictJSON),
            Pair(
                comment: "two trailing commas are refused", flags: ["TrailingComma"], source: trailingComma,
                record: raw(tail: ",,"), deployed: "MALFORMED_JSON", hardened: "MALFORMED_JSON", why: "as the app"),
            Pair(
                comment: "a leading comma is refused", flags: ["TrailingComma"], source: trailingComma,
                record: raw(extra: ","), deployed: "MALFORMED_JSON", hardened: "MALFORMED_JSON", why: "as the app"),
            Pair(
                comment: "a byte-order mark before the record", flags: ["ByteOrderMark"], source: encodings,
                record: "\u{FEFF}" + raw(), deployed: nil, hardened: "MALFORMED_JSON", why: strictJSON),
            Pair(
                comment: "two byte-order marks are refused", flags: ["ByteOrderMark"], source: encodings,
                record: "\u{FEFF}\u{FEFF}" + raw(), deployed: "MALFORMED_JSON", hardened: "MALFORMED_JSON",
                why: "as the app"),
            Pair(
                comment: "the record's characters each followed by a NUL: read as UTF-16LE", flags: ["ByteOrderMark"],
                source: encodings, record: raw().map { "\($0)\u{0}" }.joined(), deployed: nil,
                hardened: "MALFORMED_JSON", why: strictJSON),
            Pair(
                comment: "the record's characters each preceded by a NUL: read as UTF-16BE", flags: ["ByteOrderMark"],
                source: encodings, record: raw().map { "\u{0}\($0)" }.joined(), deployed: nil,
                hardened: "MALFORMED_JSON", why: strictJSON),
            Pair(
                comment: "the record's characters each followed by three NULs: read as UTF-32LE",
                flags: ["ByteOrderMark"], source: encodings, record: raw().map { "\($0)\u{0}\u{0}\u{0}" }.joined(),
                deployed: nil, hardened: "MALFORMED_JSON", why: strictJSON),
            Pair(
                comment: "the record's characters each preceded by three NULs: read as UTF-32BE",
                flags: ["ByteOrderMark"], source: encodings, record: raw().map { "\u{0}\u{0}\u{0}\($0)" }.joined(),
                deployed: nil, hardened: "MALFORMED_JSON", why: strictJSON),
            Pair(
                comment: "a NUL after the record is refused", flags: ["ByteOrderMark"], source: encodings,
                record: raw() + "\u{0}", deployed: "MALFORMED_JSON", hardened: "MALFORMED_JSON", why: "as the app"),
            Pair(
                comment: "JSON white space (space, tab, line feed, carriage return) around every token",
                flags: ["Whitespace"], source: lazyValues,
                record: " \t\n\r"
                    + raw().replacingOccurrences(of: ":", with: " :\t").replacingOccurrences(of: ",", with: "\r\n,")
                    + "\n ",
                deployed: nil, hardened: nil, why: "as the app"),
        ]
        for (what, space) in [
            ("a no-break space", "\u{00A0}"), ("a form feed", "\u{0C}"), ("a vertical tab", "\u{0B}"),
            ("U+2028", "\u{2028}"),
        ] {
            pairs.append(
                Pair(
                    comment: "\(what) before the record is refused", flags: ["Whitespace"], source: lazyValues,
                    record: space + raw(), deployed: "MALFORMED_JSON", hardened: "MALFORMED_JSON", why: "as the app"))
        }
        pairs += [
            Pair(
                comment: "a second value after the record is refused", flags: ["RecordShape"], source: lazyValues,
                record: raw() + " {}", deployed: "MALFORMED_JSON", hardened: "MALFORMED_JSON", why: "as the app"),
            Pair(
                comment:
                    "a number with a plus sign in an unknown member is refused: a value's first character is scanned",
                flags: ["LazyValue"], source: lazyValues, record: raw(extra: "\"note\":+1,"),
                deployed: "MALFORMED_JSON", hardened: "MALFORMED_JSON", why: "as the app"),
            Pair(
                comment: "a literal cut short in an unknown member is refused: literals are scanned",
                flags: ["LazyValue"], source: lazyValues, record: raw(extra: "\"note\":tru,"),
                deployed: "MALFORMED_JSON", hardened: "MALFORMED_JSON", why: "as the app"),
            Pair(
                comment: "a \\u escape cut by the closing quote in an unknown member is refused: escapes are scanned",
                flags: ["LazyValue"], source: lazyValues, record: raw(extra: "\"note\":\"\\u12\","),
                deployed: "MALFORMED_JSON", hardened: "MALFORMED_JSON", why: "as the app"),
            Pair(
                comment: "an unterminated string is refused", flags: ["RecordShape"], source: lazyValues,
                record: String(raw().dropLast(3)), deployed: "MALFORMED_JSON", hardened: "MALFORMED_JSON",
                why: "as the app"),
            Pair(
                comment: "a member name that is not a string is refused", flags: ["RecordShape"], source: lazyValues,
                record: raw(extra: "note:1,"), deployed: "MALFORMED_JSON", hardened: "MALFORMED_JSON",
                why: "as the app"),
            Pair(
                comment: "a member without its colon is refused", flags: ["RecordShape"], source: lazyValues,
                record: raw(extra: "\"note\" 1,"), deployed: "MALFORMED_JSON", hardened: "MALFORMED_JSON",
                why: "as the app"),
            Pair(
                comment: "an unknown member holding true, false, null, a fraction and nested containers is ignored",
                flags: ["LenientRecord"], source: lazyValues,
                record: raw(extra: "\"a\":true,\"b\":false,\"c\":null,\"d\":-0.5e+3,\"e\":[[],{},[{\"f\":[1]}]],"),
                deployed: nil, hardened: "UNEXPECTED_FIELD", why: "as tcId 301"),
        ]
        return pairs
    }

    /// Every escape JSON has, in the ids the app reads back.
    static func escapePairs() -> [Pair] {
        [
            ("the two-character escapes \\\" \\\\ \\/ \\b \\f \\n \\r \\t", "\"a\\\"b\\\\c\\/d\\be\\ff\\ng\\rh\\ti\""),
            ("\\u escapes in either case", "\"\\u0041\\u00e9\\u00E9\\u2028\""),
            ("a surrogate pair", "\"\\ud83d\\ude80\\uD83D\\uDE80\""),
            ("characters an encoder may escape, written raw", "\"/<>&\u{2028}\u{2029}\u{00E9}\u{1F680}\""),
        ].map { what, text in
            Pair(
                comment: "clientId with \(what) reads as its text", flags: ["EncoderCharacters"], source: lazyValues,
                record: raw(clientId: text), deployed: nil, hardened: "INVALID_CLIENT_ID",
                why: "as tcId 305: not an upper-case UUID v4")
        }
    }

    /// Nesting: swift-foundation refuses a value nested deeper than 512 containers; PushProof's
    /// strict reader, deeper than 64.
    static func depthPairs() -> [Pair] {
        func nested(_ n: Int) -> String { String(repeating: "[", count: n) + String(repeating: "]", count: n) }
        let source = "\(foundation)JSON/JSONScanner.swift (maximumRecursionDepth 512)"
        let why = "PushProof's JSON reader nests at most 64 containers, far more than the record's two"
        return [
            Pair(
                comment: "an unknown member nested 63 arrays deep (64 containers with the record)",
                flags: ["LazyValue"], source: source, record: raw(extra: "\"note\":\(nested(63)),"), deployed: nil,
                hardened: "UNEXPECTED_FIELD", why: "an unknown member is refused (tcId 301)"),
            Pair(
                comment: "an unknown member nested 64 arrays deep (65 containers with the record)",
                flags: ["LazyValue"], source: source, record: raw(extra: "\"note\":\(nested(64)),"), deployed: nil,
                hardened: "MALFORMED_JSON", why: why),
            Pair(
                comment: "an unknown member nested 511 arrays deep (512 containers with the record)",
                flags: ["LazyValue"], source: source, record: raw(extra: "\"note\":\(nested(511)),"), deployed: nil,
                hardened: "MALFORMED_JSON", why: why),
            Pair(
                comment: "an unknown member nested 512 arrays deep is refused", flags: ["LazyValue"], source: source,
                record: raw(extra: "\"note\":\(nested(512)),"), deployed: "MALFORMED_JSON", hardened: "MALFORMED_JSON",
                why: "as the app"),
        ]
    }
}

extension KeychainDecodeClassCases {
    /// Every member the app reads given each other JSON type; a null is the app's valueNotFound.
    static func typePairs() -> [Pair] {
        let others: [(String, String)] = [
            ("a number", "7"), ("a fraction", "0.5"), ("true", "true"), ("false", "false"), ("null", "null"),
            ("an array", "[]"), ("an object", "{}"),
        ]
        var pairs: [Pair] = []
        for (member, build) in [
            ("inboxId", { (v: String) in raw(inboxId: v) }), ("clientId", { raw(clientId: $0) }),
            ("keys.privateKeyData", { raw(keys: rawKeys(privateKeyData: $0)) }),
            ("keys.databaseKey", { raw(keys: rawKeys(databaseKey: $0)) }),
        ] {
            for (what, value) in others {
                pairs.append(
                    Pair(
                        comment: "\(member) is \(what)", flags: ["TypeConfusion"], source: order, record: build(value),
                        deployed: "WRONG_TYPE", hardened: "WRONG_TYPE", why: "as the app"))
            }
        }
        for (what, value) in others where value != "{}" {
            pairs.append(
                Pair(
                    comment: "keys is \(what)", flags: ["TypeConfusion"], source: order, record: raw(keys: value),
                    deployed: "WRONG_TYPE", hardened: "WRONG_TYPE", why: "as the app"))
            pairs.append(
                Pair(
                    comment: "the record is \(what)", flags: ["TypeConfusion"], source: order, record: value,
                    deployed: "MALFORMED_JSON", hardened: "MALFORMED_JSON", why: "as the app"))
        }
        return pairs
    }

    /// Records failing two checks: the app's order decides which answer wins (inboxId, clientId,
    /// keys; databaseKey before privateKeyData; the key's length and range last). PushProof's
    /// strict reading has its own order (docs/identity.md).
    static func orderPairs() -> [Pair] {
        let short = "\"\(Base64.encode(Array(privateKey.prefix(31))))\""
        let zero = "\"\(Base64.encode([UInt8](repeating: 0, count: 32)))\""
        let keysMissingDatabaseKey = "{\"privateKeyData\":\(short)}"
        let why = "PushProof checks privateKeyData before databaseKey"
        return [
            Pair(
                comment: "inboxId a number and keys missing: inboxId is read first", flags: ["CheckOrder"],
                source: order, record: "{\"inboxId\":7,\"clientId\":\(clientText)}", deployed: "WRONG_TYPE",
                hardened: "WRONG_TYPE", why: "as the app"),
            Pair(
                comment: "clientId missing and inboxId a number, clientId written first: inboxId is read first",
                flags: ["CheckOrder"], source: order, record: "{\"keys\":\(rawKeys()),\"inboxId\":7}",
                deployed: "WRONG_TYPE", hardened: "WRONG_TYPE", why: "as the app"),
            Pair(
                comment: "clientId null and keys a string: clientId is read first", flags: ["CheckOrder"],
                source: order, record: raw(clientId: "null", keys: "\"k\""), deployed: "WRONG_TYPE",
                hardened: "WRONG_TYPE", why: "as the app"),
            Pair(
                comment: "databaseKey missing and privateKeyData 31 bytes: databaseKey is read first",
                flags: ["CheckOrder"], source: order, record: raw(keys: keysMissingDatabaseKey),
                deployed: "MISSING_FIELD", hardened: "INVALID_KEY_LENGTH", why: why),
            Pair(
                comment: "databaseKey not base64 and privateKeyData missing: databaseKey is read first",
                flags: ["CheckOrder"], source: order, record: raw(keys: "{\"databaseKey\":\"*\"}"),
                deployed: "INVALID_BASE64", hardened: "MISSING_FIELD", why: why),
            Pair(
                comment: "databaseKey a number and privateKeyData not base64: databaseKey is read first",
                flags: ["CheckOrder"], source: order,
                record: raw(keys: rawKeys(privateKeyData: "\"*\"", databaseKey: "1")),
                deployed: "WRONG_TYPE", hardened: "INVALID_BASE64", why: why),
            Pair(
                comment: "privateKeyData zero and databaseKey not base64: the key is checked after both are decoded",
                flags: ["CheckOrder"], source: order,
                record: raw(keys: rawKeys(privateKeyData: zero, databaseKey: "\"*\"")),
                deployed: "INVALID_BASE64", hardened: "INVALID_BASE64", why: "as the app"),
            Pair(
                comment: "privateKeyData zero and inboxId missing: the key is checked last", flags: ["CheckOrder"],
                source: order, record: "{\"clientId\":\(clientText),\"keys\":\(rawKeys(privateKeyData: zero))}",
                deployed: "MISSING_FIELD", hardened: "MISSING_FIELD", why: "as the app"),
            Pair(
                comment: "a bad escape in an unknown member and clientId missing: the missing member is the answer",
                flags: ["CheckOrder", "LazyValue"], source: lazyValues,
                record: "{\"note\":\"\\x\",\"inboxId\":\(inboxText),\"keys\":\(rawKeys())}", deployed: "MISSING_FIELD",
                hardened: "MALFORMED_JSON", why: "the record is refused as JSON before any member is read"),
            Pair(
                comment: "a bad escape in a member name is refused, though the member is unknown",
                flags: ["CheckOrder", "LazyValue"],
                source: "\(foundation)JSON/JSONDecoder.swift:1198-1210 (every name read when the container is made)",
                record: raw(extra: "\"no\\xte\":1,"), deployed: "MALFORMED_JSON", hardened: "MALFORMED_JSON",
                why: "as the app"),
            Pair(
                comment:
                    "a bad escape in a member name of keys, and clientId a number: the record's members are read first",
                flags: ["CheckOrder", "LazyValue"], source: order,
                record: raw(clientId: "7", keys: rawKeys(tail: ",\"no\\xte\":1")), deployed: "WRONG_TYPE",
                hardened: "MALFORMED_JSON", why: "the record is refused as JSON before any member is read"),
        ]
    }

    /// The pairs as the deployed and the hardened group's cases; the deployed ones take tcIds
    /// from `firstDeployedId` on, which the hardened comments name.
    static func cases(firstDeployedId: Int) -> (deployed: [VectorCase], hardened: [VectorCase]) {
        let all = base64Pairs() + jsonPairs() + escapePairs() + depthPairs() + typePairs() + orderPairs() + scanPairs()
        var deployed: [VectorCase] = []
        var hardened: [VectorCase] = []
        for (i, p) in all.enumerated() {
            deployed.append(
                VectorCase(
                    comment: p.comment + (p.deployed == nil ? "" : " (\(p.deployed!))"), flags: p.flags,
                    source: p.source, input: ["record": .string(p.record)], code: p.deployed))
            let differs = p.deployed != p.hardened
            let strict = p.flags.contains("FoundationBase64") ? "StrictBase64" : "StrictJSON"
            let why = p.why.hasPrefix("Why: ") ? String(p.why.dropFirst(5)) : p.why
            let comment =
                differs
                ? "\(p.comment); PushProof: \(p.hardened.map { "refused, \($0)" } ?? "read"). Why: \(why)"
                : "\(p.comment), as the app"
            hardened.append(
                VectorCase(
                    comment: comment + " (deployed tcId \(firstDeployedId + i))",
                    flags: p.flags + (differs ? [strict] : []), input: ["record": .string(p.record)], code: p.hardened))
        }
        return (deployed, hardened)
    }
}
