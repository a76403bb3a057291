import PushProofCrypto

/// One conversation's identity: its own secp256k1 key, its own database key, its own clientId,
/// and the XMTP inbox id derived from the key. Nothing is shared between conversations.
public struct ConversationIdentity: Sendable {
    public let inboxId: String
    public let clientId: ClientId
    /// The secp256k1 secret key (zeroized when the last copy is released).
    public let privateKey: SecretBytes
    /// The 32-byte key of the conversation's XMTP database.
    public let databaseKey: SecretBytes

    public init(inboxId: String, clientId: ClientId, privateKey: SecretBytes, databaseKey: SecretBytes) {
        self.inboxId = inboxId
        self.clientId = clientId
        self.privateKey = privateKey
        self.databaseKey = databaseKey
    }

    /// A fresh identity: random key (drawn again in the negligible case it is not a valid
    /// scalar), random database key, random clientId, inbox id with `nonce`.
    public static func create(nonce: UInt64 = 0) -> ConversationIdentity {
        var key = SecretBytes.random(count: 32)
        while !key.withUnsafeBytes({ Secp256k1.isValidSecretKey(Array($0)) }) { key = SecretBytes.random(count: 32) }
        let address = try! EthereumAddress(privateKey: key)
        return ConversationIdentity(
            inboxId: InboxId.derive(address: address, nonce: nonce), clientId: .generate(),
            privateKey: key, databaseKey: .random(count: 32))
    }

    public var address: EthereumAddress { try! EthereumAddress(privateKey: privateKey) }
}
