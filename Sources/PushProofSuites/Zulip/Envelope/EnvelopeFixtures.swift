import PushProofConformance
import PushProofCrypto
import PushProofJSON
import ZulipEnvelope
import ZulipRegistration

/// Fixed inputs of the envelope vectors.
enum EnvelopeFixtures {
    static let now: Int64 = 1_772_600_000
    static let day: Int64 = 86_400
    static let account: JSONValue = [
        "realm_url": "https://chat.example.com", "realm_name": "Example Chat", "user_id": 10,
    ]

    static func wireKey(_ label: String) -> [UInt8] {
        [PushKey.typeByte] + SHA256.hash(Array("pushproof/push-key/\(label)".utf8))
    }
    static func nonce(_ label: String) -> [UInt8] {
        Array(SHA256.hash(Array("pushproof/nonce/\(label)".utf8)).prefix(24))
    }
    static let keyId: UInt32 = 2_718_281_828
    static let key = wireKey("current")
    static let deviceKey = try! X25519.KeyPair(seed: SHA256.hash(Array("pushproof/device-key/envelope".utf8)))
    static let pushAccountId: UInt64 = 0xF00D_CAFE_1234_5678

    static func message(
        content: String = "Lunch at noon?", recipient: JSONValue? = nil, group: JSONValue? = nil,
        account: JSONValue = account
    ) -> JSONValue {
        var m: JSONValue = ["type": "message"]
        for member in account.members! { m = m.setting(member.key, to: member.value) }
        m = m.setting("sender_id", to: 11).setting("sender_full_name", to: "Alice Example")
            .setting("sender_avatar_url", to: "https://chat.example.com/avatar/11").setting("message_id", to: 4242)
            .setting("time", to: 1_772_599_990).setting("content", to: .string(content))
            .setting(
                "recipient",
                to: recipient ?? ["type": "channel", "channel_id": 3, "channel_name": "general", "topic": "lunch"])
        if let group { m = m.setting("mentioned_user_group", to: group) }
        return m
    }

    static func remove(_ ids: [Int64], account: JSONValue = account) -> JSONValue {
        var m: JSONValue = ["type": "remove"]
        for member in account.members! { m = m.setting(member.key, to: member.value) }
        return m.setting("message_ids", to: .array(ids.map(JSONValue.integer)))
    }

    static func test(account: JSONValue = account) -> JSONValue {
        var m: JSONValue = ["type": "test"]
        for member in account.members! { m = m.setting(member.key, to: member.value) }
        return m.setting("time", to: 1_772_599_999)
    }
}
