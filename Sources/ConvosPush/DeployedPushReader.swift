import Foundation
import PushProofJSON

/// What Convos iOS does with a push, in its order (xmtplabs/convos-ios@f47421a9, the
/// per-conversation era; the payload reading is unchanged at 5d1e833e). Every field is read
/// with a lax cast, so a field of the wrong JSON type counts as absent; the clientId is resolved
/// *before* anything in `notificationData` is looked at; the topic is searched for a `g-`
/// segment (or, without a message, for `/w-`) rather than parsed; the group id goes through
/// CryptoSwift's `Data(hex:)` and the device's conversations; the message through Foundation's
/// `Data(base64Encoded:)`. docs/audit/identity.md has the lines.
///
/// PushProof's stricter reading, which validates the whole payload first, is
/// `ConvosPushPayload.parse` (the `hardened` profile).
public enum DeployedPushReader {
    /// A routed push, as far as the app takes it before decrypting.
    public enum Delivery: Equatable, Sendable {
        /// A welcome: the app syncs every conversation; it reads nothing from the topic.
        case welcome(messageType: String?)
        case groupMessage(groupId: [UInt8], message: [UInt8], messageType: String?)
        /// The group named by the topic is not one of the identity's conversations.
        case unknownConversation
    }

    public enum Outcome: Equatable, Sendable {
        case routed(ResolvedIdentity, Delivery)
        case unknownClientId
    }

    public static func read(
        _ json: JSONValue, resolver: some ClientIdResolver, conversations: (ResolvedIdentity) -> Set<[UInt8]>
    ) throws(ConvosPushPayload.ParseError) -> Outcome {
        guard let identity = try resolve(json, resolver: resolver) else { return .unknownClientId }
        // MessagingService+PushNotifications.swift:53-61.
        guard let data = json["notificationData"], data.members != nil else { throw .missingNotificationData }
        guard let topic = data["contentTopic"]?.stringValue else { throw .missingContentTopic }
        let messageType = data["messageType"]?.stringValue
        guard let message = data["encryptedMessage"]?.stringValue else {
            // :64-80: without a message, a topic containing /w- is a welcome.
            guard topic.contains("/w-") else { throw .missingEncryptedMessage }
            return .routed(identity, .welcome(messageType: messageType))
        }
        // :247-250 and String+XMTP.swift:12-19: the first `g-` segment, even for a welcome topic.
        guard let segment = topic.split(separator: "/").first(where: { $0.hasPrefix("g-") }) else {
            throw .malformedTopic
        }
        // :253-256: findConversation(conversationId.hexToData); any failure is "not found".
        let groupId = cryptoSwiftHex(String(segment.dropFirst(2)))
        guard !groupId.isEmpty, conversations(identity).contains(groupId) else {
            return .routed(identity, .unknownConversation)
        }
        // :259-262: Foundation's decoder with default options.
        guard let bytes = Data(base64Encoded: Data(message.utf8)) else { throw .encryptedMessageNotBase64 }
        return .routed(identity, .groupMessage(groupId: groupId, message: [UInt8](bytes), messageType: messageType))
    }

    /// The app's first look at a push: its clientId, looked up before anything else of the
    /// payload is read. Nil when no identity holds it.
    public static func resolve(
        _ json: JSONValue, resolver: some ClientIdResolver
    ) throws(ConvosPushPayload.ParseError) -> ResolvedIdentity? {
        // APNs hands the extension a dictionary; anything else cannot reach the app.
        guard json.members != nil else { throw .notAnObject }
        // PushNotificationPayload.swift:52, 145-148: `as? String` (another type reads as absent),
        // then not blank; the legacy `inboxId` is never read, it only names the refusal.
        let clientId = json["clientId"]?.stringValue
        guard let clientId, !clientId.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            throw clientId == nil && json["inboxId"] != nil ? .legacyInboxIdPayload : .missingClientId
        }
        // CachedPushNotificationHandler.swift:99-111: the inbox table, before the payload's data.
        return resolver.identity(forClientId: clientId)
    }

    /// CryptoSwift's `Array<UInt8>(hex:)` (krzyzanowskim/CryptoSwift@f2a627b8:
    /// Sources/CryptoSwift/Array+Extension.swift:34-71): a leading `0x` skipped, upper or lower
    /// case, an odd last digit kept as a byte of its own, and any other character giving no bytes.
    public static func cryptoSwiftHex(_ text: String) -> [UInt8] {
        var out: [UInt8] = []
        var pending: UInt8? = nil
        for scalar in text.unicodeScalars.dropFirst(text.hasPrefix("0x") ? 2 : 0) {
            let v: UInt8
            switch scalar.value {
            case 48...57: v = UInt8(scalar.value - 48)
            case 65...70: v = UInt8(scalar.value - 55)
            case 97...102: v = UInt8(scalar.value - 87)
            default: return []
            }
            if let high = pending {
                out.append(high << 4 | v)
                pending = nil
            } else {
                pending = v
            }
        }
        if let high = pending { out.append(high) }
        return out
    }
}
