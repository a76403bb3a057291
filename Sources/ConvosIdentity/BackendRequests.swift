import Foundation
import PushProofJSON

/// A request to the Convos push backend, as it goes on the wire.
public struct BackendRequest: Equatable, Sendable {
    public var method: String
    public var path: String
    /// The authentication header: `X-Convos-AuthToken` with the JWT, or for device registration
    /// `X-Firebase-AppCheck` with an App Check token (the tokens' contents are out of scope).
    /// `Content-Type: application/json`, which the app also sends with a body, is not listed.
    public var authHeader: String
    public var authToken: String
    public var body: JSONValue?

    public static let jwtHeader = "X-Convos-AuthToken"
    public static let appCheckHeader = "X-Firebase-AppCheck"

    public var json: JSONValue {
        var members: [JSONValue.Member] = [
            .init("method", .string(method)), .init("path", .string(path)),
            .init("headers", .object([.init(authHeader, .string(authToken))])),
        ]
        if let body { members.append(.init("body", body)) }
        return .object(members)
    }
}

/// The backend calls of the clientId era (xmtplabs/convos-ios@f47421a9:
/// ConvosCore/Sources/ConvosCore/API/ConvosAPIClient.swift). None carries an inbox id, a key or
/// an address: the backend knows a device (its id and push token) and, per conversation, only a
/// random clientId and the conversation's XMTP topics.
public enum ConvosBackend {
    public enum APNsEnvironment: String, Sendable { case sandbox, production }

    /// `POST v2/device/register`: once per device, authenticated by App Check rather than the
    /// JWT (ConvosAPIClient.swift:122-149). `pushTokenType` and `apnsEnv` only with a token that
    /// is not blank.
    public static func registerDevice(
        deviceId: String, pushToken: String?, environment: APNsEnvironment?, appCheckToken: String
    ) -> BackendRequest {
        var body: [JSONValue.Member] = [.init("deviceId", .string(deviceId))]
        if let pushToken {
            body.append(.init("pushToken", .string(pushToken)))
            if !pushToken.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
                body.append(.init("pushTokenType", "apns"))
                if let environment { body.append(.init("apnsEnv", .string(environment.rawValue))) }
            }
        }
        return BackendRequest(
            method: "POST", path: "v2/device/register", authHeader: BackendRequest.appCheckHeader,
            authToken: appCheckToken, body: .object(body))
    }

    /// `POST v2/notifications/subscribe`: a conversation's topics under its clientId; the hmac
    /// keys are sent empty today.
    public static func subscribe(deviceId: String, clientId: ClientId, topics: [String], jwt: String) -> BackendRequest
    {
        BackendRequest(
            method: "POST", path: "v2/notifications/subscribe", authHeader: BackendRequest.jwtHeader, authToken: jwt,
            body: .object([
                .init("deviceId", .string(deviceId)), .init("clientId", .string(clientId.value)),
                .init("topics", .array(topics.map { ["topic": .string($0), "hmacKeys": []] })),
            ]))
    }

    /// `POST v2/notifications/unsubscribe`.
    public static func unsubscribe(clientId: ClientId, topics: [String], jwt: String) -> BackendRequest {
        BackendRequest(
            method: "POST", path: "v2/notifications/unsubscribe", authHeader: BackendRequest.jwtHeader, authToken: jwt,
            body: .object([
                .init("clientId", .string(clientId.value)), .init("topics", .array(topics.map(JSONValue.string))),
            ]))
    }

    /// `DELETE v2/notifications/unregister/:clientId`.
    public static func unregister(clientId: ClientId, jwt: String) -> BackendRequest {
        BackendRequest(
            method: "DELETE", path: "v2/notifications/unregister/\(clientId.value)",
            authHeader: BackendRequest.jwtHeader,
            authToken: jwt, body: nil)
    }
}

/// A model of what the backend holds, fed with requests: which device is registered and
/// which (clientId, topic) subscriptions exist. Used to check that a deleted conversation
/// leaves nothing behind.
public struct PushBackendModel: Sendable {
    public private(set) var devices: Set<String> = []
    public private(set) var subscriptions: [String: Set<String>] = [:]

    public init() {}

    public mutating func apply(_ request: BackendRequest) {
        let body = request.body
        switch (request.method, request.path) {
        case ("POST", "v2/device/register"):
            if let id = body?["deviceId"]?.stringValue { devices.insert(id) }
        case ("POST", "v2/notifications/subscribe"):
            guard let clientId = body?["clientId"]?.stringValue else { return }
            let topics = body?["topics"]?.arrayValue?.compactMap { $0["topic"]?.stringValue } ?? []
            subscriptions[clientId, default: []].formUnion(topics)
        case ("POST", "v2/notifications/unsubscribe"):
            guard let clientId = body?["clientId"]?.stringValue else { return }
            let topics = body?["topics"]?.arrayValue?.compactMap(\.stringValue) ?? []
            subscriptions[clientId]?.subtract(topics)
            if subscriptions[clientId]?.isEmpty == true { subscriptions[clientId] = nil }
        case ("DELETE", let path) where path.hasPrefix("v2/notifications/unregister/"):
            subscriptions[String(path.dropFirst("v2/notifications/unregister/".count))] = nil
        default:
            break
        }
    }
}
