import PushProofConformance

/// The flags of the Convos push vector file and what each means. MalformedPayload and BadBase64
/// keep the wording the file has always had (it speaks of `encrypted_data`, the Zulip field).
enum ConvosPushNotes {
    static let catalogue: [String: VectorNote] = [
        "BadBase64": .init(
            bugType: "MODIFIED_PARAMETER",
            description: "encrypted_data is not canonical standard base64: MALFORMED_PAYLOAD."),
        "MalformedPayload": .init(
            bugType: "MODIFIED_PARAMETER",
            description: "A field of the delivered payload is missing or has the wrong JSON type."),
        "ClientIdRouting": .init(
            bugType: "FUNCTIONALITY",
            description: "The payload's clientId resolves to exactly one identity, which receives it."),
        "UnknownClientId": .init(
            bugType: "FUNCTIONALITY",
            description: "No identity holds the clientId (never created or deleted): a distinct outcome, not an error."),
        "Welcome": .init(
            bugType: "DEFINED", description: "A /w- topic is a welcome; it may come without encryptedMessage."),
        "LegacyInboxId": .init(
            bugType: "LEGACY",
            description:
                "The pre-October-2025 payload keyed by inboxId: refused with LEGACY_INBOX_ID_PAYLOAD, so the push path never handles inbox ids."
        ),
        "MissingClientId": .init(bugType: "MISSING_STEP", description: "clientId is required and must not be blank."),
        "MalformedTopic": .init(
            bugType: "MODIFIED_PARAMETER",
            description:
                "contentTopic must be /xmtp/mls/1/g-<hex>/proto or /xmtp/mls/1/w-<hex>/proto with non-empty, even-length hex."
        ),
    ]
}
