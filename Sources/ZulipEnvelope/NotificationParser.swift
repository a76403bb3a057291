import PushProofJSON

/// The client's reading of a decrypted notification. Unknown keys are ignored (newer servers
/// may add fields); every known field must be present with its JSON type.
public enum NotificationParser {
    public static func parse(_ plaintext: [UInt8]) throws(EnvelopeError) -> ZulipNotification {
        try parse(object: try object(plaintext))
    }

    /// The decrypted plaintext as a JSON object, or `MALFORMED_NOTIFICATION`.
    public static func object(_ plaintext: [UInt8]) throws(EnvelopeError) -> JSONValue {
        let value: JSONValue
        do {
            value = try JSONParser.parse(plaintext)
        } catch {
            throw .malformedNotification("the plaintext is not JSON")
        }
        guard value.members != nil else { throw .malformedNotification("the plaintext is not a JSON object") }
        return value
    }

    /// Reads a notification from its JSON object.
    public static func parse(object value: JSONValue) throws(EnvelopeError) -> ZulipNotification {
        let r = Reader(value: value)
        let account = NotificationAccount(
            realmURL: try r.string("realm_url"), realmName: try r.string("realm_name"),
            userId: try r.int("user_id"))
        switch try r.string("type") {
        case "message":
            let recipient: ZulipNotification.Message.Recipient
            switch try r.string("recipient_type") {
            case "channel":
                recipient = .channel(
                    id: try r.int("channel_id"), name: try r.string("channel_name"), topic: try r.string("topic"))
            case "direct":
                recipient = .direct(userIds: try r.ints("recipient_user_ids"))
            default:
                throw .malformedNotification("recipient_type is neither \"channel\" nor \"direct\"")
            }
            var group: (id: Int64, name: String)? = nil
            if value["mentioned_user_group_id"] != nil || value["mentioned_user_group_name"] != nil {
                group = (try r.int("mentioned_user_group_id"), try r.string("mentioned_user_group_name"))
            }
            return .message(
                .init(
                    account: account, senderId: try r.int("sender_id"),
                    senderFullName: try r.string("sender_full_name"),
                    senderAvatarURL: try r.string("sender_avatar_url"), messageId: try r.int("message_id"),
                    time: try r.int("time"), content: try r.string("content"),
                    mentionedUserGroup: group, recipient: recipient))
        case "remove":
            return .remove(.init(account: account, messageIds: try r.ints("message_ids")))
        case "test":
            return .test(.init(account: account, time: try r.int("time")))
        default:
            throw .malformedNotification("unknown notification type")
        }
    }

    /// A `message` or `remove` notification as zulip-flutter@e989e4f reads it
    /// (lib/api/notifications.dart:93-260, notifications.g.dart:39-101): `realm_name` and
    /// `channel_name` may be absent or null (`as String?`); the recipient is a channel when
    /// `channel_id` is present and a DM otherwise (`recipient_type` is not read); mentioned user
    /// groups are not read. The caller drops every other type first (receive.dart:296-300).
    public static func parseAsDeployed(object value: JSONValue) throws(EnvelopeError) -> ZulipNotification {
        let r = Reader(value: value, dartNumbers: true)
        let account = NotificationAccount(
            realmURL: try r.dartURI("realm_url"), realmName: try r.optionalString("realm_name"),
            userId: try r.int("user_id"))
        switch try r.string("type") {
        case "message":
            let recipient: ZulipNotification.Message.Recipient =
                value["channel_id"] != nil
                ? .channel(
                    id: try r.int("channel_id"), name: try r.optionalString("channel_name"),
                    topic: try r.string("topic"))
                : .direct(userIds: try r.ints("recipient_user_ids"))
            return .message(
                .init(
                    account: account, senderId: try r.int("sender_id"),
                    senderFullName: try r.string("sender_full_name"),
                    senderAvatarURL: try r.dartURI("sender_avatar_url"), messageId: try r.int("message_id"),
                    time: try r.int("time"), content: try r.string("content"), mentionedUserGroup: nil,
                    recipient: recipient))
        case "remove":
            return .remove(.init(account: account, messageIds: try r.ints("message_ids")))
        default:
            throw .malformedNotification("only message and remove notifications are read")
        }
    }

    private struct Reader {
        let value: JSONValue
        /// zulip-flutter's reading of integer fields (deployed); otherwise JSON integers only.
        var dartNumbers = false
        func field(_ name: String) throws(EnvelopeError) -> JSONValue {
            guard let v = value[name] else { throw .malformedNotification("`\(name)` is missing") }
            return v
        }
        /// A string that Dart's `Uri.parse` reads (lib/api/notifications.g.dart:41, 45, 89): a port
        /// that is not digits or a bad IPv6 literal throws `FormatException`.
        func dartURI(_ name: String) throws(EnvelopeError) -> String {
            let text = try string(name)
            guard DartURI.parse(text) != nil else {
                throw .malformedNotification("`\(name)` is not a URL Dart's Uri.parse reads")
            }
            return text
        }
        /// Absent or null: nil; otherwise a string.
        func optionalString(_ name: String) throws(EnvelopeError) -> String? {
            guard let v = value[name], v != .null else { return nil }
            guard let s = v.stringValue else { throw .malformedNotification("`\(name)` is not a string") }
            return s
        }
        func string(_ name: String) throws(EnvelopeError) -> String {
            guard let s = try field(name).stringValue else { throw .malformedNotification("`\(name)` is not a string") }
            return s
        }
        /// `(json[name] as num).toInt()`: any JSON number, a fraction truncated toward zero. An
        /// integer literal past 64 bits is a double to Dart's jsonDecode, and the Dart VM's
        /// `double.toInt()` saturates at the ends of the 64-bit range (`saturating`, the deployed
        /// reading); otherwise it is refused. Infinity (`1e400`) throws in Dart too.
        static func dartInt(_ v: JSONValue, saturating: Bool) -> Int64? {
            if let i = v.int64Value { return i }
            guard case .number(let text) = v, let d = Double(text), d.isFinite else { return nil }
            let whole = d.rounded(.towardZero)
            if let exact = Int64(exactly: whole) { return exact }
            guard saturating else { return nil }
            return whole < 0 ? .min : .max
        }
        func int(_ name: String) throws(EnvelopeError) -> Int64 {
            let v = try field(name)
            guard let i = dartNumbers ? Self.dartInt(v, saturating: true) : v.int64Value else {
                throw .malformedNotification("`\(name)` is not an integer")
            }
            return i
        }
        func ints(_ name: String) throws(EnvelopeError) -> [Int64] {
            guard let a = try field(name).arrayValue else { throw .malformedNotification("`\(name)` is not an array") }
            var out: [Int64] = []
            for element in a {
                guard let i = Self.dartInt(element, saturating: dartNumbers) else {
                    throw .malformedNotification("`\(name)` holds a non-number")
                }
                out.append(i)
            }
            return out
        }
    }
}
