import PushProofJSON

/// The account a notification is for, as the client knows it.
public struct NotificationAccount: Equatable, Sendable {
    public var realmURL: String
    public var realmName: String
    public var userId: Int64
    public init(realmURL: String, realmName: String, userId: Int64) {
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
            case channel(id: Int64, name: String, topic: String)
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
        case let .message(m): return m.account
        case let .remove(r): return r.account
        case let .test(t): return t.account
        }
    }

    /// The JSON object. Key order (which the client must not depend on, but which makes the
    /// bytes reproducible): `type`, `realm_url`, `realm_name`, `user_id`, then the kind's fields.
    public var json: JSONValue {
        func head(_ type: String, _ a: NotificationAccount) -> [JSONValue.Member] {
            [.init("type", .string(type)), .init("realm_url", .string(a.realmURL)),
             .init("realm_name", .string(a.realmName)), .init("user_id", .integer(a.userId))]
        }
        switch self {
        case let .message(m):
            var members = head("message", m.account) + [
                .init("sender_id", .integer(m.senderId)), .init("sender_full_name", .string(m.senderFullName)),
                .init("sender_avatar_url", .string(m.senderAvatarURL)), .init("message_id", .integer(m.messageId)),
                .init("time", .integer(m.time)), .init("content", .string(m.content)),
            ]
            if let group = m.mentionedUserGroup {
                members += [.init("mentioned_user_group_id", .integer(group.id)),
                            .init("mentioned_user_group_name", .string(group.name))]
            }
            switch m.recipient {
            case let .channel(id, name, topic):
                members += [.init("recipient_type", "channel"), .init("channel_id", .integer(id)),
                            .init("channel_name", .string(name)), .init("topic", .string(topic))]
            case let .direct(ids):
                members += [.init("recipient_type", "direct"), .init("recipient_user_ids", .array(ids.map(JSONValue.integer)))]
            }
            return .object(members)
        case let .remove(r):
            return .object(head("remove", r.account) + [.init("message_ids", .array(r.messageIds.map(JSONValue.integer)))])
        case let .test(t):
            return .object(head("test", t.account) + [.init("time", .integer(t.time))])
        }
    }

    /// The compact JSON bytes the server encrypts.
    public var plaintext: [UInt8] { JSONWriter.compactBytes(json) }
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
        // The byte offset where code point 201 starts: count the bytes that begin a code point.
        func cutOffset(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
            var seen = 0
            for i in 0..<bytes.count where bytes[i] & 0xC0 != 0x80 {
                if seen == maximumContentLength { return i }
                seen += 1
            }
            return nil
        }
        let offset = content.utf8.withContiguousStorageIfAvailable(cutOffset) ?? Array(content.utf8).withUnsafeBufferPointer(cutOffset)
        guard let offset else { return content }
        let cut = content.utf8.index(content.utf8.startIndex, offsetBy: offset)
        return String(content[..<cut]) + truncationMark
    }

    /// At most 200 ids, the newest (largest) ones, ascending and without repeats.
    public static func removalIds(_ ids: [Int64]) -> [Int64] {
        Array(Set(ids).sorted().suffix(maximumRemovalIds))
    }

    /// Sorted, without repeats, with the sender and the recipient added.
    public static func directRecipients(_ ids: [Int64], senderId: Int64, userId: Int64) -> [Int64] {
        Array(Set(ids + [senderId, userId])).sorted()
    }

    public static func message(account: NotificationAccount, senderId: Int64, senderFullName: String,
                               senderAvatarURL: String, messageId: Int64, time: Int64, content: String,
                               mentionedUserGroup: (id: Int64, name: String)? = nil,
                               recipient: ZulipNotification.Message.Recipient) -> ZulipNotification {
        var r = recipient
        if case let .direct(ids) = recipient { r = .direct(userIds: directRecipients(ids, senderId: senderId, userId: account.userId)) }
        return .message(.init(account: account, senderId: senderId, senderFullName: senderFullName,
                              senderAvatarURL: senderAvatarURL, messageId: messageId, time: time,
                              content: truncate(content), mentionedUserGroup: mentionedUserGroup, recipient: r))
    }

    public static func remove(account: NotificationAccount, messageIds: [Int64]) -> ZulipNotification {
        .remove(.init(account: account, messageIds: removalIds(messageIds)))
    }

    public static func test(account: NotificationAccount, time: Int64) -> ZulipNotification {
        .test(.init(account: account, time: time))
    }
}
