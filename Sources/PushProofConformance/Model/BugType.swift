/// What kind of bug a flag's vectors catch, or a known-bad implementation plants: Wycheproof's
/// bug types (`schemas/*.json` in C2SP/wycheproof), plus `LENIENCY` for a reading laxer than
/// the rule. One list for vector notes and mutants; the schemas' `bugType` enum is written from it.
public enum BugType: String, Sendable, CaseIterable, Comparable {
    /// An ordinary, valid case: a correct implementation's first test.
    case basic = "BASIC"
    /// A value at a limit, or just past it (lengths, ranges, times, counts).
    case edgeCase = "EDGE_CASE"
    /// A step the protocol requires is skipped (a check, a deletion, a replay guard).
    case missingStep = "MISSING_STEP"
    /// An input that must be refused is accepted, granting what only its owner may do.
    case authBypass = "AUTH_BYPASS"
    /// A second encoding of the same thing is accepted, or produced.
    case malleability = "MALLEABILITY"
    /// A parameter changed in transit, or the wrong one used.
    case modifiedParameter = "MODIFIED_PARAMETER"
    /// A reading laxer than the rule, that a deployed system may have (PushProof's own type).
    case leniency = "LENIENCY"
    /// A bug an implementation of this protocol is known to have had.
    case knownBug = "KNOWN_BUG"
    /// Behaviour the protocol defines where implementations could guess otherwise.
    case defined = "DEFINED"
    /// The operation does something other than its definition, without a security consequence.
    case functionality = "FUNCTIONALITY"
    /// What an older, still deployed version does.
    case legacy = "LEGACY"
    /// Secret or private data reaches someone it must not.
    case confidentiality = "CONFIDENTIALITY"
    /// Another algorithm, or another variant of one, where the protocol names this one.
    case wrongPrimitive = "WRONG_PRIMITIVE"

    public static func < (a: BugType, b: BugType) -> Bool { a.rawValue < b.rawValue }
}
