import Foundation
import PropertyBased
import PushProofCrypto
import PushProofJSON
import Testing

@testable import ConvosPush

@Suite struct ConvosTopicTests {
    @Test func topicsRoundTrip() async {
        await propertyCheck(count: 200, input: Gen.uint8().array(of: 1...40), Gen.bool) { id, welcome in
            let hex = Hex.encode(id)
            let text = welcome ? "/xmtp/mls/1/w-\(hex)/proto" : "/xmtp/mls/1/g-\(hex)/proto"
            let topic = ConvosTopic(text)
            #expect(topic?.text == text)
            #expect(topic == (welcome ? .welcome(installationIdHex: hex) : .group(idHex: hex)))
        }
    }

    @Test(arguments: [
        "", "/xmtp/mls/1/g-/proto", "/xmtp/mls/1/g-0/proto", "/xmtp/mls/1/G-00/proto", "/xmtp/mls/1/g-00/proto/",
        "/xmtp/mls/1/g-0g/proto", "xmtp/mls/1/g-00/proto", "/xmtp/mls/1/g-00/protobuf", "/xmtp/mls/1/w-/proto",
    ])
    func malformedTopics(_ text: String) {
        #expect(ConvosTopic(text) == nil)
    }
}

@Suite struct ConvosPayloadTests {
    static let clientId = "8F2D9C1E-4B7A-4E3F-9D2C-1A0B3C4D5E6F"
    static let payload: JSONValue = [
        "clientId": .string(clientId),
        "notificationData": ["contentTopic": "/xmtp/mls/1/g-00ff/proto", "encryptedMessage": "AAEC"],
    ]

    @Test func routesToExactlyOneIdentity() throws {
        let p = try ConvosPushPayload.parse(Self.payload)
        let resolver = InMemoryClientIdResolver([
            Self.clientId: ResolvedIdentity(inboxId: "i1"), "OTHER": ResolvedIdentity(inboxId: "i2"),
        ])
        #expect(ConvosPushRouter.route(p, resolver: resolver) == .routed(ResolvedIdentity(inboxId: "i1"), p))
        #expect(ConvosPushRouter.route(p, resolver: InMemoryClientIdResolver()) == .unknownClientId)
        #expect(p.encryptedMessage == [0, 1, 2])
    }

    @Test func typedErrors() {
        func code(_ json: JSONValue) -> String? {
            do {
                _ = try ConvosPushPayload.parse(json)
                return nil
            } catch { return error.code }
        }
        #expect(code(Self.payload.removing("clientId").setting("inboxId", to: "x")) == "LEGACY_INBOX_ID_PAYLOAD")
        #expect(code(Self.payload.removing("clientId")) == "MISSING_CLIENT_ID")
        #expect(code(Self.payload.setting("clientId", to: " \n")) == "MISSING_CLIENT_ID")
        #expect(
            code(Self.payload.setting("notificationData", to: ["contentTopic": "/xmtp/mls/1/g-00ff/proto"]))
                == "MISSING_ENCRYPTED_MESSAGE")
        #expect(code(Self.payload.setting("notificationData", to: ["contentTopic": "/xmtp/mls/1/w-00ff/proto"])) == nil)
        #expect(code(Self.payload.setting("notificationData", to: ["contentTopic": "/x"])) == "MALFORMED_TOPIC")
        #expect(
            code(
                Self.payload.setting(
                    "notificationData", to: ["contentTopic": "/xmtp/mls/1/g-00ff/proto", "encryptedMessage": "A A="]))
                == "INVALID_BASE64")
        #expect(code([]) == "MALFORMED_PAYLOAD")
    }

    @Test func arbitraryJSONNeverTraps() async {
        let fields = Gen.element(of: [
            "clientId", "inboxId", "apiJWT", "notificationData", "contentTopic", "encryptedMessage", "messageType", "x",
        ]).map { $0! }
        let values = Gen.element(of: [
            JSONValue.null, 1, "", " ", "AAEC", "/xmtp/mls/1/g-00/proto", "/xmtp/mls/1/w-00/proto", [:] as JSONValue,
            [],
        ]).map { $0! }
        await propertyCheck(count: 500, input: fields.array(of: 0...8), values.array(of: 8), fields.array(of: 0...4)) {
            keys, vals, inner in
            var data: JSONValue = [:]
            for (i, k) in inner.enumerated() { data = data.setting(k, to: vals[i]) }
            var p: JSONValue = ["notificationData": data]
            for (i, k) in keys.enumerated() { p = p.setting(k, to: vals[i % vals.count]) }
            if let parsed = try? ConvosPushPayload.parse(p) {
                #expect(!parsed.clientId.trimmingCharacters(in: .whitespaces).isEmpty)
                #expect(parsed.isWelcome || parsed.encryptedMessage != nil)
            }
        }
    }
}
