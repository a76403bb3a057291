import PushProofConformance

/// The flags of the Convos push vector file and what each means.
enum ConvosPushNotes {
    static let catalogue: [String: VectorNote] = [
        "BadBase64": .init(
            bugType: .modifiedParameter,
            description: "encryptedMessage is not standard base64 as Foundation reads it: INVALID_BASE64."),
        "MalformedPayload": .init(
            bugType: .modifiedParameter,
            description: "A field of the delivered payload is missing or has the wrong JSON type."),
        "ClientIdRouting": .init(
            bugType: .functionality,
            description: "The payload's clientId resolves to exactly one identity, which receives it."),
        "UnknownClientId": .init(
            bugType: .functionality,
            description: "No identity holds the clientId (never created or deleted): a distinct outcome, not an error."),
        "Welcome": .init(
            bugType: .defined,
            description:
                "A welcome comes without encryptedMessage and its topic contains /w- (Convos iOS syncs every conversation and reads nothing from the topic). With encryptedMessage, iOS takes the group path."
        ),
        "LegacyInboxId": .init(
            bugType: .legacy,
            description:
                "The pre-October-2025 payload keyed by inboxId: refused with LEGACY_INBOX_ID_PAYLOAD, so the push path never handles inbox ids."
        ),
        "MissingClientId": .init(bugType: .missingStep, description: "clientId is required and must not be blank."),
        "MalformedTopic": .init(
            bugType: .modifiedParameter,
            description:
                "deployed: a group message's topic has no segment beginning g-. hardened: contentTopic must be /xmtp/mls/1/g-<hex>/proto or /xmtp/mls/1/w-<hex>/proto with non-empty, even-length hex."
        ),
        "TopicSearched": .init(
            bugType: .leniency,
            description:
                "Convos iOS takes the first segment beginning g- (version, /proto and trailing slashes unchecked) and reads the id with CryptoSwift's Data(hex:) (0x skipped, either case, an odd last digit its own byte, anything else no bytes); the result is looked up among the identity's conversations: unknownConversation when absent."
        ),
        "LaxCast": .init(
            bugType: .leniency,
            description:
                "Convos iOS reads every payload field with `as? String` (or `as? [String: Any]`): a field of the wrong JSON type counts as absent, it is never refused for its type."
        ),
        "LaxBase64": .init(
            bugType: .leniency,
            description:
                "Foundation's Data(base64Encoded:) accepts non-zero trailing bits (QR== is the byte 0x41)."
        ),
        "ExactClientId": .init(
            bugType: .edgeCase,
            description:
                "The clientId is looked up exactly as delivered (the inbox table's `=`, BINARY collation): whitespace or a zero width space around it makes another clientId. Only the blank check trims."
        ),
        "TopicCut": .init(
            bugType: .edgeCase,
            description:
                "The group id is the g- piece without its first two characters, cut as a string (dropFirst(2)): an id that begins with g or - keeps them, and is then no hex. A strip of the characters g and - as a set reads another id."
        ),
        "FirstGroupPiece": .init(
            bugType: .edgeCase,
            description:
                "Among several pieces beginning g-, the first decides (first(where:)), whether or not it names a group the identity holds; later pieces are never read."
        ),
        "CanonicalEquivalence": .init(
            bugType: .edgeCase,
            description:
                "Texts that are canonically equivalent but not the same bytes (é precomposed and decomposed, U+212A KELVIN SIGN and K, U+2126 OHM SIGN and Ω, U+212B ANGSTROM SIGN, Å and A + U+030A): the inbox table compares bytes, so each spelling is another clientId."
        ),
        "DuplicatedIdentity": .init(
            bugType: .edgeCase,
            description:
                "The identities name one clientId more than once. Each is saved in order as the app's InboxWriter saves an inbox: the inbox table's UNIQUE clientId refuses the insert of a clientId another inbox holds (and the keychain store refuses the same save, duplicateClientId), so the first save stands, wherever and however often the clientId is named again; clientIds differing only in case or white space are different clientIds."
        ),
        "InboxSavedTwice": .init(
            bugType: .edgeCase,
            description:
                "The identities name one inbox with two clientIds: InboxWriter refuses the second save (clientIdMismatch) and writes nothing, so only the first clientId reaches the inbox."
        ),
        "RouteBeforeValidate": .init(
            bugType: .defined,
            description:
                "Convos iOS resolves the clientId before it looks at notificationData: an unknown clientId is unknownClientId whatever the rest holds. PushProof's hardened reading validates first."
        ),
    ]
}
