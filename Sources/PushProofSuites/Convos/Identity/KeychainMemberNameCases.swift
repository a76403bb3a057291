import PushProofConformance
import PushProofCrypto
import PushProofJSON

/// identity_keychain: member names spelled otherwise. The app's JSONDecoder keeps an object's
/// members in a `[String: JSONMap.Value]` and looks them up by Swift `String`, which equals its
/// canonical equivalents: `databaseKey` and `privateKeyData` written with U+212A KELVIN SIGN are
/// found, and a repeated name in another spelling keeps the first value. Lookalikes that are not
/// canonically equivalent (compatibility forms, other scripts, combining marks, another case) are
/// other members. PushProof's strict reading compares names scalar by scalar.
enum KeychainMemberNameCases: IdentityFixtures {
    typealias K = KeychainDecodeClassCases

    static let dictionary =
        "\(K.foundation)JSON/JSONDecoder.swift:1198-1210, 1451-1458 (the members in a [String: JSONMap.Value]: "
        + "Swift String keys, equal when canonically equivalent; _setIfNil keeps the first)"

    static func pairs() -> [K.Pair] {
        let zero = "\"\(Base64.encode([UInt8](repeating: 0, count: 32)))\""
        let short = "\"\(Base64.encode(Array(privateKey.prefix(31))))\""
        let kelvinEscape = "\\u212A"
        let exact = "a member name compared scalar by scalar is another member"
        func keys(_ members: String) -> String { "{\(members)}" }
        func read(_ comment: String, _ record: String) -> K.Pair {
            K.Pair(
                comment: comment, flags: ["MemberName", "CanonicalEquivalence"], source: "\(dictionary); \(K.order)",
                record: record, deployed: nil, hardened: "UNEXPECTED_FIELD", why: exact)
        }
        func refused(_ comment: String, _ record: String, _ code: String, hardened: String = "UNEXPECTED_FIELD")
            -> K.Pair
        {
            K.Pair(
                comment: comment, flags: ["MemberName"], source: "\(dictionary); \(K.order)", record: record,
                deployed: code, hardened: hardened, why: exact)
        }
        return [
            read(
                "databaseKey written with U+212A KELVIN SIGN as an escape: the same member, the record is read",
                K.raw(keys: keys("\"privateKeyData\":\(K.pk),\"database\(kelvinEscape)ey\":\(K.dk)"))),
            read(
                "databaseKey written with U+212A KELVIN SIGN in UTF-8: the same member, the record is read",
                K.raw(keys: keys("\"privateKeyData\":\(K.pk),\"database\u{212A}ey\":\(K.dk)"))),
            read(
                "privateKeyData written with U+212A KELVIN SIGN: the same member, the record is read",
                K.raw(keys: keys("\"private\(kelvinEscape)eyData\":\(K.pk),\"databaseKey\":\(K.dk)"))),
            read(
                "both key names written with U+212A KELVIN SIGN: the record is read",
                K.raw(keys: keys("\"private\u{212A}eyData\":\(K.pk),\"database\(kelvinEscape)ey\":\(K.dk)"))),
            K.Pair(
                comment:
                    "databaseKey, then database\\u212Aey holding no base64: one member named twice, the first value "
                    + "kept, the record is read", flags: ["MemberName", "CanonicalEquivalence", "RepeatedMember"],
                source: "\(dictionary); \(K.order)",
                record: K.raw(
                    keys: keys("\"privateKeyData\":\(K.pk),\"databaseKey\":\(K.dk),\"database\(kelvinEscape)ey\":\"*\"")
                ),
                deployed: nil, hardened: "UNEXPECTED_FIELD", why: exact),
            K.Pair(
                comment:
                    "database\\u212Aey holding no base64, then databaseKey: one member named twice, the first value "
                    + "kept", flags: ["MemberName", "CanonicalEquivalence", "RepeatedMember"],
                source: "\(dictionary); \(K.order)",
                record: K.raw(
                    keys: keys("\"privateKeyData\":\(K.pk),\"database\(kelvinEscape)ey\":\"*\",\"databaseKey\":\(K.dk)")
                ),
                deployed: "INVALID_BASE64", hardened: "UNEXPECTED_FIELD", why: exact),
            K.Pair(
                comment:
                    "privateKeyData, then private\\u212AeyData of 31 bytes: one member named twice, the first value "
                    + "kept, the record is read", flags: ["MemberName", "CanonicalEquivalence", "RepeatedMember"],
                source: "\(dictionary); \(K.order)",
                record: K.raw(
                    keys: keys("\"privateKeyData\":\(K.pk),\"private\u{212A}eyData\":\(short),\"databaseKey\":\(K.dk)")),
                deployed: nil, hardened: "UNEXPECTED_FIELD", why: exact),
            K.Pair(
                comment:
                    "private\\u212AeyData of 31 bytes, then privateKeyData: one member named twice, the first value kept",
                flags: ["MemberName", "CanonicalEquivalence", "RepeatedMember"], source: "\(dictionary); \(K.order)",
                record: K.raw(
                    keys: keys("\"private\u{212A}eyData\":\(short),\"privateKeyData\":\(K.pk),\"databaseKey\":\(K.dk)")),
                deployed: "INVALID_KEY_LENGTH", hardened: "UNEXPECTED_FIELD", why: exact),
            K.Pair(
                comment: "privateKeyData as the zero key, then private\\u212AeyData valid: the first value kept",
                flags: ["MemberName", "CanonicalEquivalence", "RepeatedMember"], source: "\(dictionary); \(K.order)",
                record: K.raw(
                    keys: keys(
                        "\"privateKeyData\":\(zero),\"private\(kelvinEscape)eyData\":\(K.pk),\"databaseKey\":\(K.dk)")),
                deployed: "INVALID_PRIVATE_KEY", hardened: "UNEXPECTED_FIELD", why: exact),
            refused(
                "keys written with U+212A KELVIN SIGN (equivalent to Keys, not keys): keys is missing",
                "{\"inboxId\":\(K.inboxText),\"clientId\":\(K.clientText),\"\u{212A}eys\":\(K.rawKeys())}",
                "MISSING_FIELD"),
            refused(
                "databaseKey with a full-width K (U+FF2B, only compatibility-equivalent): databaseKey is missing",
                K.raw(keys: keys("\"privateKeyData\":\(K.pk),\"database\u{FF2B}ey\":\(K.dk)")), "MISSING_FIELD"),
            refused(
                "privateKeyData with a Cyrillic К (U+041A): privateKeyData is missing",
                K.raw(keys: keys("\"databaseKey\":\(K.dk),\"private\u{41A}eyData\":\(K.pk)")), "MISSING_FIELD"),
            refused(
                "keys with a full-width k (U+FF4B): keys is missing",
                "{\"inboxId\":\(K.inboxText),\"clientId\":\(K.clientText),\"\u{FF4B}eys\":\(K.rawKeys())}",
                "MISSING_FIELD"),
            refused(
                "inboxId followed by a combining acute accent (U+0301): inboxId is missing",
                "{\"inboxId\u{301}\":\(K.inboxText),\"clientId\":\(K.clientText),\"keys\":\(K.rawKeys())}",
                "MISSING_FIELD"),
            refused(
                "clientId with a dotless ı (U+0131): clientId is missing",
                "{\"inboxId\":\(K.inboxText),\"cl\u{131}entId\":\(K.clientText),\"keys\":\(K.rawKeys())}",
                "MISSING_FIELD"),
            refused(
                "databasekey in lower case: databaseKey is missing",
                K.raw(keys: keys("\"privateKeyData\":\(K.pk),\"databasekey\":\(K.dk)")), "MISSING_FIELD"),
        ]
    }

    /// The deployed cases (tcIds from 2000) and the hardened ones (from 2100), pair by pair.
    static func cases() -> (deployed: [VectorCase], hardened: [VectorCase]) {
        var deployed: [VectorCase] = []
        var hardened: [VectorCase] = []
        for (i, p) in pairs().enumerated() {
            deployed.append(
                VectorCase(
                    comment: p.comment + (p.deployed == nil ? "" : " (\(p.deployed!))"), flags: p.flags,
                    source: p.source, input: ["record": .string(p.record)], code: p.deployed))
            hardened.append(
                VectorCase(
                    comment:
                        "\(p.comment); PushProof: refused, \(p.hardened!). Why: \(p.why) (deployed tcId \(2000 + i))",
                    flags: p.flags + ["StrictJSON"], input: ["record": .string(p.record)], code: p.hardened))
        }
        return (deployed, hardened)
    }
}
