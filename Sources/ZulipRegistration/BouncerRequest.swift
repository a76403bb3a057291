import PushProofCrypto
import PushProofJSON

/// What the server sends the bouncer, from its queue worker, for one registration.
///
/// Deployed: `realm_uuid`, `token_id`, `encrypted_push_registration`, `bouncer_public_key`.
/// Proposal: `realm_uuid`, `push_account_id`, `encrypted_push_registration`, `bouncer_public_key`.
public struct BouncerRequest: Equatable, Sendable {
    public var realmUUID: String
    public var bouncerPublicKey: String
    public var encryptedPushRegistration: String
    /// Deployed profile: standard base64 of the 8-byte token id.
    public var tokenId: String?
    /// Proposal profile: the client's random 64-bit account id.
    public var pushAccountId: UInt64?

    public init(
        realmUUID: String, bouncerPublicKey: String, encryptedPushRegistration: String,
        tokenId: String? = nil, pushAccountId: UInt64? = nil
    ) {
        self.realmUUID = realmUUID
        self.bouncerPublicKey = bouncerPublicKey
        self.encryptedPushRegistration = encryptedPushRegistration
        self.tokenId = tokenId
        self.pushAccountId = pushAccountId
    }

    public func json(profile: RegistrationProfile) -> JSONValue {
        var members: [JSONValue.Member] = [.init("realm_uuid", .string(realmUUID))]
        switch profile {
        case .deployed: members.append(.init("token_id", tokenId.map(JSONValue.string) ?? .null))
        case .proposal: members.append(.init("push_account_id", pushAccountId.map(JSONValue.integer) ?? .null))
        }
        members.append(.init("encrypted_push_registration", .string(encryptedPushRegistration)))
        members.append(.init("bouncer_public_key", .string(bouncerPublicKey)))
        return .object(members)
    }

    /// Reads the request body. A missing or mistyped field is `BAD_REQUEST`; with
    /// `checksTokenId`, a `token_id` that is not canonical base64 of 8 bytes is `BAD_REQUEST` too
    /// (the deployed bouncer reads it as a plain string and compares it only after the box opens:
    /// zilencer/views.py@5bbfa671:625-628, 663-666).
    public static func parse(_ json: JSONValue, profile: RegistrationProfile, checksTokenId: Bool = true)
        throws(BouncerError) -> BouncerRequest
    {
        func string(_ name: String) throws(BouncerError) -> String {
            guard let value = json[name] else { throw .badRequest(.missingRequestField(name)) }
            guard let s = value.stringValue else { throw .badRequest(.malformedRequestField(name)) }
            return s
        }
        guard json.members != nil else { throw .badRequest(.malformedRequestField("body")) }
        var request = BouncerRequest(
            realmUUID: try string("realm_uuid"),
            bouncerPublicKey: try string("bouncer_public_key"),
            encryptedPushRegistration: try string("encrypted_push_registration"))
        switch profile {
        case .deployed:
            let tokenId = try string("token_id")
            guard !checksTokenId || (try? TokenId(base64: tokenId)) != nil else {
                throw .badRequest(.malformedRequestField("token_id"))
            }
            request.tokenId = tokenId
        case .proposal:
            guard let value = json["push_account_id"] else {
                throw .badRequest(.missingRequestField("push_account_id"))
            }
            guard let id = value.uint64Value else { throw .badRequest(.malformedRequestField("push_account_id")) }
            request.pushAccountId = id
        }
        return request
    }
}
