/// The two versions of Zulip's encrypted push registration that PushProof models.
public enum RegistrationProfile: String, Sendable, CaseIterable, Codable {
    /// What Zulip server 12.0 (API feature level 468+) and zulip-flutter deploy: `device_id`,
    /// a symmetric `push_key`, `token_id`, `ios_app_id`; bouncer dedup on (token_id, realm).
    case deployed
    /// The original design document (ZAP PR #2): `push_account_id`, an asymmetric device key
    /// pair, no `token_id`, no `ios_app_id`; bouncer dedup on (token, push_account_id).
    case proposal
}

/// How literally the bouncer reads its input.
public enum BouncerStrictness: String, Sendable, CaseIterable {
    /// What PushProof recommends: canonical base64, an exact plaintext schema, the request's own
    /// fields checked first. The `hardened` and `proposal` vectors expect its answers.
    case strict
    /// A model of the deployed Zulip bouncer's leniencies (Python's non-validating base64,
    /// pydantic's lax mode, the key looked up before `token_id` is read): the `deployed` vectors
    /// expect its answers.
    case deployedCompatible
}

public enum TokenKind: String, Sendable, CaseIterable, Codable {
    case fcm
    case apns
}
