import PushProofConformance
import PushProofJSON

/// catbird_epoch_keys: two classes, trace by trace. The DID's white space: `normalizeDID` trims
/// Foundation's `whitespacesAndNewlines` (Unicode White_Space and U+200B), character by character
/// at both ends of a step's DID and of the trace's, beside the characters other languages' trims
/// hold and Foundation's does not (U+001C-U+001F, U+180E, U+FEFF). And the strict store's deletion
/// points: the highest cutoff stands, whichever came last, for deleteEpochsBefore, keep-last and the
/// keychain's deletePrivateKeys, per user and conversation; every epoch deleted one by one stays
/// deleted.
extension CatbirdEpochKeysVectors {
    /// Characters some trim holds: (scalar, its name). Foundation trims those of `foundationTrims`.
    static let trimCandidates: [(UInt32, String)] = [
        (0x09, "a tab"), (0x0A, "a line feed"), (0x0B, "a line tabulation (U+000B)"), (0x0C, "a form feed"),
        (0x0D, "a carriage return"), (0x20, "a space"), (0x1C, "U+001C FILE SEPARATOR"),
        (0x1D, "U+001D GROUP SEPARATOR"), (0x1E, "U+001E RECORD SEPARATOR"), (0x1F, "U+001F UNIT SEPARATOR"),
        (0x85, "NEL (U+0085)"), (0xA0, "a no-break space (U+00A0)"), (0x1680, "U+1680 OGHAM SPACE MARK"),
        (0x2000, "U+2000 EN QUAD"), (0x2001, "U+2001 EM QUAD"), (0x2002, "U+2002 EN SPACE"),
        (0x2003, "U+2003 EM SPACE"), (0x2004, "U+2004 THREE-PER-EM SPACE"), (0x2005, "U+2005 FOUR-PER-EM SPACE"),
        (0x2006, "U+2006 SIX-PER-EM SPACE"), (0x2007, "U+2007 FIGURE SPACE"), (0x2008, "U+2008 PUNCTUATION SPACE"),
        (0x2009, "U+2009 THIN SPACE"), (0x200A, "U+200A HAIR SPACE"), (0x2028, "U+2028 LINE SEPARATOR"),
        (0x2029, "U+2029 PARAGRAPH SEPARATOR"), (0x202F, "U+202F NARROW NO-BREAK SPACE"),
        (0x205F, "U+205F MEDIUM MATHEMATICAL SPACE"), (0x3000, "U+3000 IDEOGRAPHIC SPACE"),
        (0x180E, "U+180E MONGOLIAN VOWEL SEPARATOR"), (0x200B, "U+200B ZERO WIDTH SPACE"),
        (0xFEFF, "U+FEFF ZERO WIDTH NO-BREAK SPACE"),
    ]

    /// Foundation's whitespacesAndNewlines (swift-foundation@767ff1c2
    /// Sources/FoundationEssentials/String/BuiltInUnicodeScalarSet.swift:440-446).
    static func foundationTrims(_ v: UInt32) -> Bool {
        v == 0x20 || v == 0x09 || v == 0xA0 || v == 0x1680 || (0x2000...0x200B).contains(v) || v == 0x202F
            || v == 0x205F || v == 0x3000 || (0x0A...0x0D).contains(v) || v == 0x85 || v == 0x2028 || v == 0x2029
    }

    static let whiteSpaceSet =
        "swiftlang/swift-foundation@767ff1c2:Sources/FoundationEssentials/String/BuiltInUnicodeScalarSet.swift:440-446 "
        + "(whitespacesAndNewlines: U+0009-U+000D, U+0020, U+0085, U+00A0, U+1680, U+2000-U+200B, U+2028, U+2029, "
        + "U+202F, U+205F, U+3000)"

    static func trimCase(_ profile: Profile, scalar v: UInt32, name: String, topLevel: Bool) -> VectorCase {
        let did = CatbirdFixtures.did
        let x = String(Unicode.Scalar(v)!)
        let trimmed = foundationTrims(v)
        let verdict =
            trimmed
            ? "trimmed (Foundation's whitespacesAndNewlines holds it): one account, the same rows"
            : "kept (not in Foundation's whitespacesAndNewlines): another account, rows of its own"
        let source: String
        switch profile {
        case .deployed:
            source =
                "\(S.normalizeDID) \(whiteSpaceSet) \(S.databasePerAccount) \(S.saveEpochSecret) \(S.getEpochSecret)"
        case .strict: source = "\(S.rfcDeletion); \(S.normalizeDID) \(whiteSpaceSet)"
        default: source = "\(S.seedStorage); \(S.normalizeDID) \(whiteSpaceSet)"
        }
        if topLevel {
            // The trace's DID padded at both ends; the steps that name the plain DID.
            return VectorCase(
                comment: "the trace's DID between two \(name): \(verdict)",
                flags: ["DidNormalisation", "DidWhiteSpace"], source: source,
                input: [
                    "userDid": .string(x + did + x),
                    "steps": [
                        save(1), save(1, version: 1, user: did), get(1, user: did), save(2, user: did), get(2),
                    ],
                ], outcome: "completed")
        }
        return VectorCase(
            comment: "a step's DID with \(name) before it, after it and around it: \(verdict)",
            flags: ["DidNormalisation", "DidWhiteSpace"], source: source,
            input: [
                "userDid": .string(did),
                "steps": [
                    save(1), save(1, version: 1, user: x + did), save(2, user: did + x), get(2),
                    get(1, user: x + did + x),
                    get(1, user: did + x + x),
                ],
            ], outcome: "completed")
    }

    static func trimCases(_ profile: Profile, topLevel: Bool) -> [VectorCase] {
        trimCandidates.map { trimCase(profile, scalar: $0.0, name: $0.1, topLevel: topLevel) }
    }

    /// strict: which deletion point stands after several, and what each lets back in.
    static func cutoffOrderCases() -> [VectorCase] {
        let second = "did:plc:q6gjnaw2blty4crticxkmujt"
        func privateKey(_ e: Int64, _ c: String = conversation) -> JSONValue { store(item("privateKey", e, c)) }
        func trace(_ comment: String, _ flags: [String], _ steps: [JSONValue]) -> VectorCase {
            VectorCase(
                comment: comment, flags: ["ForwardSecrecy", "HighestCutoff"] + flags,
                source: "\(S.rfcDeletion) (the secrets of a deleted epoch are gone for good)",
                input: ["userDid": .string(CatbirdFixtures.did), "steps": .array(steps)], outcome: "completed")
        }
        return [
            trace(
                "delete before 10, then before 5: epochs 7 and 9 stay deleted, 4 too, 10 may be saved",
                ["DeleteBefore", "ResaveDeleted"],
                [save(7), before(10), before(5), save(7), save(9), save(4), save(10), get(7)]),
            trace(
                "delete before 5, 10, then 7: 10 stands, so 8 and 9 are refused and 10 stored",
                ["DeleteBefore", "ResaveDeleted"], [before(5), before(10), before(7), save(8), save(9), save(10)]),
            trace(
                "delete before 10, 7, then 3: 10 stands, so 5 and 9 are refused",
                ["DeleteBefore", "ResaveDeleted"], [before(10), before(7), before(3), save(5), save(9), save(10)]),
            trace(
                "keep the last 2 of epochs 1-6 (point 5), then delete before 3: 4 is still refused",
                ["KeepLast", "DeleteBefore", "ResaveDeleted"],
                (1...6).map { save(Int64($0)) } + [keepLast(2), before(3), save(4), save(5, version: 1), save(3)]),
            trace(
                "delete before 10, then keep the last 1 of epochs 11 and 12 (point 12): 11 is refused",
                ["KeepLast", "DeleteBefore", "ResaveDeleted"],
                [before(10), save(11), save(12), keepLast(1), save(11), save(9), save(13)]),
            trace(
                "keep the last 0 of epochs 8 and 9 (point 10), then delete before 4: 9 is still refused",
                ["KeepLast", "DeleteBefore", "ResaveDeleted"],
                [save(8), save(9), keepLast(0), before(4), save(9), save(10)]),
            trace(
                "delete before 10 in one conversation and before 5 in another: 7 is refused in the first only",
                ["DeleteBefore", "ResaveDeleted"],
                [before(10), before(5, other), save(7), save(7, other), save(4, other)]),
            trace(
                "delete before 10 for a second account and before 5 for the trace's: 7 is refused for the second only",
                ["DeleteBefore", "ResaveDeleted", "TwoAccounts"],
                [before(10, user: second), before(5), save(7), save(7, user: second), save(4)]),
            trace(
                "epochs 3, 5 and 7 deleted one by one: none of the three comes back, 6 may be saved",
                ["ResaveDeleted"],
                [
                    save(3), save(5), save(7), deleteOne(3), deleteOne(5), deleteOne(7), save(3), save(5), save(7),
                    save(6),
                ]),
            trace(
                "keychain private keys deleted before 10, then before 5: a private key and epoch secrets at 7 are "
                    + "refused, at 10 stored", ["KeychainDeleteBefore"],
                [
                    deletePrivateKeys(10), deletePrivateKeys(5), privateKey(7), store(item("epochSecrets", 7)),
                    privateKey(10),
                ]),
            trace(
                "keychain private keys deleted before 4, 9, then 6: 9 stands, so 8 is refused",
                ["KeychainDeleteBefore"],
                [deletePrivateKeys(4), deletePrivateKeys(9), deletePrivateKeys(6), privateKey(8), privateKey(9)]),
            trace(
                "keychain private keys deleted before 10 in one conversation, before 5 in another: 7 is refused in "
                    + "the first only", ["KeychainDeleteBefore"],
                [deletePrivateKeys(10), deletePrivateKeys(5, other), privateKey(7), privateKey(7, other)]),
        ]
    }
}
