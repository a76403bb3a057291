import PushProofConformance

/// The flags of catbird_identity and what each means.
enum CatbirdIdentityNotes {
    static let catalogue: [String: VectorNote] = CatbirdNotes.shared.merging(own) { a, _ in a }

    static let own: [String: VectorNote] = [
        "GraphemeCluster": .init(
            bugType: .edgeCase,
            description:
                "A `#` that a neighbouring mark joins into one grapheme cluster (U+0601 before it, U+0301 after it) is still the separator: the server splits on Unicode scalars (Rust's split_once), not on characters as Swift's String sees them."
        ),
        "DidAsGiven": .init(
            bugType: .edgeCase,
            description:
                "Legacy: the credential identity is the owner's DID text as given, compared by the server as text: a `#` and what follows it, other DID URL delimiters and white space are kept, nothing is cut or trimmed."
        ),
        "KnownAnswer": .init(bugType: .basic, description: "A published value (RFC 8032's first test key)."),
        "DesignNoGrammar": .init(
            bugType: .leniency,
            description:
                "The design document (seed 003) names no grammar for the DID or the device id and joins them by `#` as given. PushProof's choice is the clean protocol's grammar: where it refuses, the design's join passes too (proposal, acceptable), and hardened refuses, with the reason."
        ),
        "AmbiguousIdentity": .init(
            bugType: .modifiedParameter,
            description:
                "An identity that does not read back, at its first `#`, as the DID and device id it was made of (an empty part, a `#` inside the DID) names another user's device, or none."
        ),
        "DidWeb": .init(
            bugType: .edgeCase,
            description:
                "did:web is restricted to a lower-case host of two or more labels of a-z, 0-9 and inner hyphens, a top-level domain that starts with a letter and is not reserved; no port, path, percent escape or IP literal."
        ),
        "LengthBoundary": .init(
            bugType: .edgeCase,
            description:
                "A length at its limit and one past it (bare DID 12-261 bytes, host 253, label 63, UUID 36, key 32)."),
        "Alphabet": .init(
            bugType: .modifiedParameter, description: "did:plc identifiers use lower-case base32: a-z and 2-7 only."),
        "OtherMethod": .init(bugType: .modifiedParameter, description: "Only did:plc and did:web are accepted."),
        "DeviceDidForBareDid": .init(
            bugType: .modifiedParameter, description: "A device's `did#deviceId` where a user's bare DID belongs."),
        "UuidVariant": .init(
            bugType: .edgeCase, description: "Device ids carry the RFC 4122 variant: nibble 8, 9, a or b."),
        "UuidVersion": .init(bugType: .edgeCase, description: "Device ids are version 4 (random) UUIDs."),
        "LegacySingleDevice": .init(
            bugType: .legacy,
            description: "The legacy server reads a DID without `#` as a user with an empty device id."),
        "WindowBoundary": .init(
            bugType: .edgeCase,
            description: "signedAt at 300 s before and 60 s after the server's clock (both included) and 1 ms past."),
        "Calendar": .init(
            bugType: .edgeCase,
            description: "Leap years (2100 is not one), month lengths, hour 24 and leap seconds: no such instants."),
        "TimestampSpelling": .init(
            bugType: .modifiedParameter,
            description:
                "Timestamps are exactly YYYY-MM-DDTHH:MM:SS.sssZ: three fraction digits, upper-case T and Z, no offset."
        ),
    ]
}
