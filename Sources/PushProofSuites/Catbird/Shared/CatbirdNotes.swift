import PushProofConformance

/// The flags more than one Catbird vector file uses, and what each means; each sub-suite's
/// notes add its own.
enum CatbirdNotes {
    static let shared: [String: VectorNote] = [
        "UpstreamTest": .upstreamTest,
        "Normal": .normal,
        "EdgeCase": .init(bugType: .edgeCase, description: "A value at the edge of what the rule allows."),
        "NonCanonical": .init(
            bugType: .modifiedParameter,
            description:
                "A second spelling of the same value (upper case, no hyphens, braces): the clean protocol keeps one spelling per value."
        ),
        "BareDidCredential": .init(
            bugType: .legacy,
            description:
                "The legacy server and today's Swift client put the bare DID in the MLS credential; the clean protocol requires `did#deviceId`. Each refuses the other's form."
        ),
        "LegacySplit": .init(
            bugType: .legacy,
            description: "The legacy server splits a device DID at its first `#`; an empty half is refused."),
        "Leniency": .init(
            bugType: .leniency,
            description:
                "The deployed code accepts this although a stricter reading would not; PushProof records it as valid where that code decides."
        ),
    ]
}
