import PushProofJSON

/// Apple's and Google's push services.
public enum PushService: String, Sendable, CaseIterable {
    case apns
    case fcm
    /// Both services cap a payload at 4096 bytes (Apple's and Google's documentation). Zulip's
    /// bouncer does not check it: the service refuses, and the bouncer logs a warning
    /// (zulip/zulip@00f1fd8f zerver/lib/push_notifications.py:256-272,
    /// zilencer/lib/push_notifications.py:131-145). PushProof's hardened bouncer refuses first.
    public static let payloadLimit = 4096
}

/// What the server tells the bouncer about urgency (the bouncer cannot read the notification).
public enum NotificationPriority: String, Sendable, CaseIterable {
    /// New messages and test notifications: APNs priority 10, push type alert; FCM "high".
    case high
    /// Removals: APNs priority 5, push type background; FCM "normal".
    case normal
}

/// How the notification is addressed: deployed by `push_key_id` (uint32), proposal by
/// `push_account_id` (uint64); the ciphertext field is `encrypted_data` or `encrypted_content`.
public enum EnvelopeAddress: Equatable, Sendable {
    case pushKeyId(UInt32)
    case pushAccountId(UInt64)

    var idKey: StaticString {
        switch self {
        case .pushKeyId: return "push_key_id"
        case .pushAccountId: return "push_account_id"
        }
    }
    var dataKey: StaticString {
        switch self {
        case .pushKeyId: return "encrypted_data"
        case .pushAccountId: return "encrypted_content"
        }
    }
    var number: UInt64 {
        switch self {
        case .pushKeyId(let id): return UInt64(id)
        case .pushAccountId(let id): return id
        }
    }
}

/// An APNs request as the bouncer sends it: two headers and the compact JSON body.
public struct APNsRequest: Equatable, Sendable {
    /// `apns-priority`: "10" (immediate) or "5" (power-considerate).
    public var priority: String
    /// `apns-push-type`: "alert" or "background".
    public var pushType: String
    public var body: [UInt8]
}

/// The bouncer's assembly of the request to APNs or FCM. Only the address and the ciphertext
/// travel; nothing else of the notification is visible to the bouncer, Apple or Google.
public enum PushServicePayload {
    /// APNs: the JSON body plus the `apns-priority` and `apns-push-type` headers. The id is a
    /// JSON *integer*. Body: `{"push_key_id":N,"encrypted_data":"...","aps":{"mutable-content":1,"alert":{"title":"New notification"}}}`.
    /// The body is written straight to bytes (the bouncer's hot path).
    public static func apnsRequest(
        address: EnvelopeAddress, ciphertext: String, priority: NotificationPriority, checkingLimit: Bool = true
    ) throws(EnvelopeError) -> APNsRequest {
        let body = JSONObjectWriter.write(capacity: 160 + ciphertext.utf8.count) {
            apnsBody(address, ciphertext, into: &$0)
        }
        guard !checkingLimit || body.count <= PushService.payloadLimit else {
            throw .payloadTooLarge(service: "APNs", size: body.count, limit: PushService.payloadLimit)
        }
        switch priority {
        case .high: return APNsRequest(priority: "10", pushType: "alert", body: body)
        case .normal: return APNsRequest(priority: "5", pushType: "background", body: body)
        }
    }

    /// The APNs request as a JSON value: `{"headers":{...},"body":{...}}`, the form the vectors use.
    public static func apns(
        address: EnvelopeAddress, ciphertext: String, priority: NotificationPriority, checkingLimit: Bool = true
    ) throws(EnvelopeError) -> JSONValue {
        let request = try apnsRequest(
            address: address, ciphertext: ciphertext, priority: priority, checkingLimit: checkingLimit)
        return [
            "headers": ["apns-priority": .string(request.priority), "apns-push-type": .string(request.pushType)],
            "body": JSONObjectBuilder.build { apnsBody(address, ciphertext, into: &$0) },
        ]
    }

    static func apnsBody<Sink: JSONObjectSink & ~Copyable>(
        _ address: EnvelopeAddress, _ ciphertext: String, into sink: inout Sink
    ) {
        sink.member(address.idKey, unsigned: address.number)
        sink.member(address.dataKey, string: ciphertext)
        sink.member("aps") { aps in
            aps.member("mutable-content", integer: 1)
            aps.member("alert") { $0.member("title", string: "New notification") }
        }
    }

    /// FCM: a data message whose values are all strings, so the id is a JSON *string*; the
    /// limit applies to the data payload.
    public static func fcm(
        address: EnvelopeAddress, ciphertext: String, priority: NotificationPriority, checkingLimit: Bool = true
    ) throws(EnvelopeError) -> JSONValue {
        func data<Sink: JSONObjectSink & ~Copyable>(_ sink: inout Sink) {
            sink.member(address.idKey, string: String(address.number))
            sink.member(address.dataKey, string: ciphertext)
        }
        let size = JSONObjectWriter.write(capacity: 64 + ciphertext.utf8.count) { data(&$0) }.count
        guard !checkingLimit || size <= PushService.payloadLimit else {
            throw .payloadTooLarge(service: "FCM", size: size, limit: PushService.payloadLimit)
        }
        return ["priority": .string(priority.rawValue), "data": JSONObjectBuilder.build { data(&$0) }]
    }

    /// `checkingLimit`: refuse a payload over 4096 bytes (`PAYLOAD_TOO_LARGE`) instead of
    /// sending it for the service to refuse.
    public static func assemble(
        service: PushService, address: EnvelopeAddress, ciphertext: String,
        priority: NotificationPriority, checkingLimit: Bool = true
    ) throws(EnvelopeError) -> JSONValue {
        switch service {
        case .apns:
            return try apns(address: address, ciphertext: ciphertext, priority: priority, checkingLimit: checkingLimit)
        case .fcm:
            return try fcm(address: address, ciphertext: ciphertext, priority: priority, checkingLimit: checkingLimit)
        }
    }

    /// The client's reading of what the service delivered: the APNs body or the FCM data map.
    /// Returns the address and the ciphertext text; a missing field, an id of the wrong JSON
    /// type for the service, or an id out of range is `MALFORMED_PAYLOAD`.
    public static func parse(
        service: PushService, payload: JSONValue,
        profile: EnvelopeProfile
    ) throws(EnvelopeError) -> (EnvelopeAddress, String) {
        let idKey = profile == .deployed ? "push_key_id" : "push_account_id"
        let dataKey = profile == .deployed ? "encrypted_data" : "encrypted_content"
        guard payload.members != nil else { throw .malformedPayload("the payload is not a JSON object") }
        guard let idValue = payload[idKey] else { throw .malformedPayload("`\(idKey)` is missing") }
        guard let ciphertext = payload[dataKey]?.stringValue else {
            throw .malformedPayload("`\(dataKey)` is missing or not a string")
        }
        let digits: String
        switch (service, idValue) {
        case (.apns, .number(let text)) where JSONNumber.isIntegerLiteral(text): digits = text
        case (.fcm, .string(let text)): digits = text
        default:
            throw .malformedPayload(
                "`\(idKey)` has the wrong JSON type for \(service == .apns ? "APNs (integer)" : "FCM (string)")")
        }
        guard digits.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }), !digits.isEmpty,
            digits == "0" || !digits.hasPrefix("0")
        else {
            throw .malformedPayload("`\(idKey)` is not a decimal unsigned integer")
        }
        switch profile {
        case .deployed:
            guard let id = UInt32(digits) else { throw .malformedPayload("`push_key_id` is out of the uint32 range") }
            return (.pushKeyId(id), ciphertext)
        case .proposal:
            guard let id = UInt64(digits) else {
                throw .malformedPayload("`push_account_id` is out of the uint64 range")
            }
            return (.pushAccountId(id), ciphertext)
        }
    }
}

/// The two envelope profiles (see docs/envelope.md).
public enum EnvelopeProfile: String, Sendable, CaseIterable {
    /// Secretbox under the symmetric push key, addressed by `push_key_id`.
    case deployed
    /// Sealed box to the device's public key, addressed by `push_account_id`.
    case proposal
}
