import Foundation
import PushProofCore
import PushProofCrypto
import PushProofJSON

/// An XMTP topic a Convos push names.
public enum ConvosTopic: Equatable, Sendable {
    /// `/xmtp/mls/1/g-<groupIdHex>/proto`: a message in a group.
    case group(idHex: String)
    /// `/xmtp/mls/1/w-<installationIdHex>/proto`: a welcome into a group.
    case welcome(installationIdHex: String)

    /// Parses a topic; the id must be non-empty, even-length hex.
    public init?(_ text: String) {
        let prefix = "/xmtp/mls/1/"
        let suffix = "/proto"
        guard text.hasPrefix(prefix), text.hasSuffix(suffix), text.count > prefix.count + suffix.count + 2 else {
            return nil
        }
        let middle = text.dropFirst(prefix.count).dropLast(suffix.count)
        let kind = middle.prefix(2)
        let id = String(middle.dropFirst(2))
        guard !id.isEmpty, id.count % 2 == 0, Hex.isHexDigits(id) else { return nil }
        switch kind {
        case "g-": self = .group(idHex: id)
        case "w-": self = .welcome(installationIdHex: id)
        default: return nil
        }
    }

    public var text: String {
        switch self {
        case .group(let id): return "/xmtp/mls/1/g-\(id)/proto"
        case .welcome(let id): return "/xmtp/mls/1/w-\(id)/proto"
        }
    }
}

/// A Convos push payload (the APNs userInfo), keyed by the conversation's clientId:
/// `{"clientId", "apiJWT", "notificationData": {"contentTopic", "encryptedMessage", "messageType"}}`.
public struct ConvosPushPayload: Equatable, Sendable {
    public var clientId: String
    public var apiJWT: String?
    public var topic: ConvosTopic
    /// The MLS message bytes; a welcome may come without them.
    public var encryptedMessage: [UInt8]?
    public var messageType: String?

    public var isWelcome: Bool { if case .welcome = topic { return true } else { return false } }

    public enum ParseError: CodedError, Equatable, Sendable {
        case notAnObject
        case missingClientId
        case blankClientId
        /// The form used before October 2025, keyed by `inboxId`: refused, since it would hand
        /// the push path the identifier ADR 002 keeps away from it.
        case legacyInboxIdPayload
        case wrongType(String)
        case missingNotificationData
        case missingContentTopic
        case malformedTopic
        case encryptedMessageNotBase64
        case missingEncryptedMessage

        public var code: String {
            switch self {
            case .notAnObject, .wrongType, .missingNotificationData, .missingContentTopic: return "MALFORMED_PAYLOAD"
            case .missingClientId, .blankClientId: return "MISSING_CLIENT_ID"
            case .legacyInboxIdPayload: return "LEGACY_INBOX_ID_PAYLOAD"
            case .malformedTopic: return "MALFORMED_TOPIC"
            case .encryptedMessageNotBase64: return "INVALID_BASE64"
            case .missingEncryptedMessage: return "MISSING_ENCRYPTED_MESSAGE"
            }
        }

        public var description: String {
            switch self {
            case .notAnObject: return "\(code): the payload is not a JSON object"
            case .missingClientId: return "\(code): clientId is missing"
            case .blankClientId: return "\(code): clientId is blank"
            case .legacyInboxIdPayload:
                return "\(code): the payload is keyed by inboxId (the pre-October-2025 form); clientId is required"
            case .wrongType(let field): return "\(code): `\(field)` has the wrong JSON type"
            case .missingNotificationData: return "\(code): notificationData is missing"
            case .missingContentTopic: return "\(code): notificationData.contentTopic is missing"
            case .malformedTopic:
                return "\(code): contentTopic is not /xmtp/mls/1/g-<hex>/proto or /xmtp/mls/1/w-<hex>/proto"
            case .encryptedMessageNotBase64: return "\(code): encryptedMessage is not canonical base64"
            case .missingEncryptedMessage: return "\(code): a group message needs encryptedMessage"
            }
        }
    }

    public static func parse(_ json: JSONValue) throws(ParseError) -> ConvosPushPayload {
        guard json.members != nil else { throw .notAnObject }
        guard let clientValue = json["clientId"] else {
            throw json["inboxId"] != nil ? .legacyInboxIdPayload : .missingClientId
        }
        guard let clientId = clientValue.stringValue else { throw .wrongType("clientId") }
        guard !clientId.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { throw .blankClientId }
        var apiJWT: String? = nil
        if let v = json["apiJWT"], v != .null {
            guard let s = v.stringValue else { throw .wrongType("apiJWT") }
            apiJWT = s
        }
        guard let data = json["notificationData"] else { throw .missingNotificationData }
        guard data.members != nil else { throw .wrongType("notificationData") }
        guard let topicValue = data["contentTopic"] else { throw .missingContentTopic }
        guard let topicText = topicValue.stringValue else { throw .wrongType("contentTopic") }
        guard let topic = ConvosTopic(topicText) else { throw .malformedTopic }
        var message: [UInt8]? = nil
        if let v = data["encryptedMessage"], v != .null {
            guard let s = v.stringValue else { throw .wrongType("encryptedMessage") }
            guard let bytes = try? Base64.decode(s) else { throw .encryptedMessageNotBase64 }
            message = bytes
        }
        var messageType: String? = nil
        if let v = data["messageType"], v != .null {
            guard let s = v.stringValue else { throw .wrongType("messageType") }
            messageType = s
        }
        if case .group = topic, message == nil { throw .missingEncryptedMessage }
        return ConvosPushPayload(
            clientId: clientId, apiJWT: apiJWT, topic: topic, encryptedMessage: message, messageType: messageType)
    }
}
