import PushProofJSON

/// The account a notification is for, as the client knows it.
public struct NotificationAccount: Equatable, Sendable {
    public var realmURL: String
    /// Optional in the client's reading (zulip-flutter reads it `as String?`); the server
    /// always writes it.
    public var realmName: String?
    public var userId: Int64
    public init(realmURL: String, realmName: String?, userId: Int64) {
        self.realmURL = realmURL
        self.realmName = realmName
        self.userId = userId
    }
}

/// The plaintext of a Zulip push notification (deployed profile), one case per `type`.
public enum ZulipNotification: Equatable, Sendable {
    case message(Message)
    case remove(Remove)
    case test(Test)

    public struct Message: Equatable, Sendable {
        public enum Recipient: Equatable, Sendable {
            /// The name is optional in the client's reading (`as String?`); the server writes it.
            case channel(id: Int64, name: String?, topic: String)
            /// Sorted user ids, the sender and the recipient included.
            case direct(userIds: [Int64])
        }
        public var account: NotificationAccount
        public var senderId: Int64
        public var senderFullName: String
        public var senderAvatarURL: String
        public var messageId: Int64
        public var time: Int64
        public var content: String
        public var mentionedUserGroup: (id: Int64, name: String)?
        public var recipient: Recipient

        public static func == (a: Message, b: Message) -> Bool {
            a.account == b.account && a.senderId == b.senderId && a.senderFullName == b.senderFullName
                && a.senderAvatarURL == b.senderAvatarURL && a.messageId == b.messageId && a.time == b.time
                && a.content == b.content && a.mentionedUserGroup?.id == b.mentionedUserGroup?.id
                && a.mentionedUserGroup?.name == b.mentionedUserGroup?.name && a.recipient == b.recipient
        }
    }

    public struct Remove: Equatable, Sendable {
        public var account: NotificationAccount
        public var messageIds: [Int64]
    }

    public struct Test: Equatable, Sendable {
        public var account: NotificationAccount
        public var time: Int64
    }

    public var account: NotificationAccount {
        switch self {
        case .message(let m): return m.account
        case .remove(let r): return r.account
        case .test(let t): return t.account
        }
    }

    /// The notification's members, in the order Zulip's server inserts them into its dict
    /// (zulip/zulip@48f74227 zerver/lib/push_notifications.py: the account first, lines 973-986;
    /// a message's fields, 997-1066 and 1223-1234; a removal's, 1245-1252; a test's, 1961-1963),
    /// which `orjson.dumps` writes as is. Clients must not depend on the order (the API
    /// documentation lists the keys alphabetically), and vectors judge the plaintext by its
    /// meaning; the order only makes the bytes reproducible. The one description of the
    /// plaintext's shape; `json` and `plaintext` are two renderings of it.
    public func encode<Sink: JSONObjectSink & ~Copyable>(into sink: inout Sink) {
        func head(_ a: NotificationAccount) {
            sink.member("realm_url", string: a.realmURL)
            if let name = a.realmName { sink.member("realm_name", string: name) }
            sink.member("user_id", integer: a.userId)
        }
        switch self {
        case .message(let m):
            head(m.account)
            sink.member("sender_id", integer: m.senderId)
            if let group = m.mentionedUserGroup {
                sink.member("mentioned_user_group_id", integer: group.id)
                sink.member("mentioned_user_group_name", string: group.name)
            }
            switch m.recipient {
            case .channel(let id, let name, let topic):
                sink.member("recipient_type", string: "channel")
                if let name { sink.member("channel_name", string: name) }
                sink.member("channel_id", integer: id)
                sink.member("topic", string: topic)
            case .direct(let ids):
                sink.member("recipient_type", string: "direct")
                sink.member("recipient_user_ids", integers: ids)
            }
            sink.member("type", string: "message")
            sink.member("message_id", integer: m.messageId)
            sink.member("time", integer: m.time)
            sink.member("content", string: m.content)
            sink.member("sender_full_name", string: m.senderFullName)
            sink.member("sender_avatar_url", string: m.senderAvatarURL)
        case .remove(let r):
            head(r.account)
            sink.member("type", string: "remove")
            sink.member("message_ids", integers: r.messageIds)
        case .test(let t):
            head(t.account)
            sink.member("type", string: "test")
            sink.member("time", integer: t.time)
        }
    }

    /// The JSON object.
    public var json: JSONValue { JSONObjectBuilder.build { encode(into: &$0) } }

    /// The compact JSON bytes the server encrypts, written without building `json`. A message
    /// of ordinary length fits the first 1 KiB; longer ones (non-Latin text, long removal lists)
    /// grow the buffer.
    public var plaintext: [UInt8] { JSONObjectWriter.write(capacity: 1024) { encode(into: &$0) } }
}

/// The server's rules for building notifications.
public enum NotificationBuilder {
    public static let maximumContentLength = 200
    public static let truncationMark = "…"
    public static let maximumRemovalIds = 200

    /// Content longer than 200 characters (code points, as Python counts) becomes its first
    /// 200 followed by "…".
    public static func truncate(_ content: String) -> String {
        // A string of at most 200 UTF-8 bytes has at most 200 code points.
        guard content.utf8.count > maximumContentLength else { return content }
        // The byte offset where code point 201 starts: count the bytes that begin a code point
        // (all but the continuation bytes 10xxxxxx), eight at a time while the 201st cannot be
        // among them, then one by one.
        func cutOffset(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
            guard let base = bytes.baseAddress else { return nil }
            var seen = 0
            var i = 0
            while i + 8 <= bytes.count {
                let word = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
                let highs = word & 0x8080_8080_8080_8080
                let continuation = highs == 0 ? 0 : (highs & ~(word << 1)).nonzeroBitCount
                guard seen + 8 - continuation <= maximumContentLength else { break }
                seen += 8 - continuation
                i += 8
            }
            while i < bytes.count {
                if bytes[i] & 0xC0 != 0x80 {
                    if seen == maximumContentLength { return i }
                    seen += 1
                }
                i += 1
            }
            return nil
        }
        let offset =
            content.utf8.withContiguousStorageIfAvailable(cutOffset)
            ?? Array(content.utf8).withUnsafeBufferPointer(cutOffset)
        guard let offset else { return content }
        let cut = content.utf8.index(content.utf8.startIndex, offsetBy: offset)
        // One allocation: room for the kept part and the mark, both known to be valid UTF-8.
        var result = ""
        result.reserveCapacity(offset + truncationMark.utf8.count)
        result += content[..<cut]
        result += truncationMark
        return result
    }

    /// At most 200 ids, the newest (largest) ones, ascending: `sorted(message_ids)[-200:]`
    /// (zulip/zulip@48f74227 push_notifications.py:1320-1321), which keeps repeats; the
    /// deployed callers never pass any (one `UserMessage` row per message). `distinct` drops
    /// them first (PushProof's hardened rule: a list of ids to remove is a set).
    public static func removalIds(_ ids: [Int64], distinct: Bool = false) -> [Int64] {
        Array((distinct ? Array(Set(ids)) : ids).sorted().suffix(maximumRemovalIds))
    }

    /// Sorted, without repeats, with the sender and the recipient added.
    public static func directRecipients(_ ids: [Int64], senderId: Int64, userId: Int64) -> [Int64] {
        Array(Set(ids + [senderId, userId])).sorted()
    }

    public static func message(
        account: NotificationAccount, senderId: Int64, senderFullName: String,
        senderAvatarURL: String, messageId: Int64, time: Int64, content: String,
        mentionedUserGroup: (id: Int64, name: String)? = nil,
        recipient: ZulipNotification.Message.Recipient
    ) -> ZulipNotification {
        var r = recipient
        if case .direct(let ids) = recipient {
            r = .direct(userIds: directRecipients(ids, senderId: senderId, userId: account.userId))
        }
        return .message(
            .init(
                account: account, senderId: senderId, senderFullName: senderFullName,
                senderAvatarURL: senderAvatarURL, messageId: messageId, time: time,
                content: truncate(content), mentionedUserGroup: mentionedUserGroup, recipient: r))
    }

    public static func remove(account: NotificationAccount, messageIds: [Int64], distinct: Bool = false)
        -> ZulipNotification
    {
        .remove(.init(account: account, messageIds: removalIds(messageIds, distinct: distinct)))
    }

    public static func test(account: NotificationAccount, time: Int64) -> ZulipNotification {
        .test(.init(account: account, time: time))
    }
}
