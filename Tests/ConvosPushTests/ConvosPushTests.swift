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

@Suite struct DeployedPushReaderTests {
    static let clientId = "8F2D9C1E-4B7A-4E3F-9D2C-1A0B3C4D5E6F"
    static let group: [UInt8] = [0xE5, 0xEA, 0x42, 0x91]
    let resolver = InMemoryClientIdResolver([clientId: ResolvedIdentity(inboxId: "inbox-1")])

    func read(_ payload: JSONValue) throws(ConvosPushPayload.ParseError) -> DeployedPushReader.Outcome {
        try DeployedPushReader.read(payload, resolver: resolver, conversations: { _ in [Self.group] })
    }

    func payload(topic: String, message: JSONValue? = "QQ==", clientId: JSONValue = .string(clientId)) -> JSONValue {
        var data: JSONValue = ["contentTopic": .string(topic)]
        if let message { data = data.setting("encryptedMessage", to: message) }
        return ["clientId": clientId, "notificationData": data]
    }

    @Test func cryptoSwiftHexReadsAsTheAppDoes() {
        #expect(DeployedPushReader.cryptoSwiftHex("e5EA") == [0xE5, 0xEA])
        #expect(DeployedPushReader.cryptoSwiftHex("0xe5ea") == [0xE5, 0xEA])
        #expect(DeployedPushReader.cryptoSwiftHex("abc") == [0xAB, 0x0C])
        #expect(DeployedPushReader.cryptoSwiftHex("zz") == [])
        #expect(DeployedPushReader.cryptoSwiftHex("00g0") == [])
        #expect(DeployedPushReader.cryptoSwiftHex("0X00") == [])
        #expect(DeployedPushReader.cryptoSwiftHex("") == [])
    }

    @Test func theTopicIsSearchedAndTheGroupLookedUp() throws {
        let found = DeployedPushReader.Outcome.routed(
            ResolvedIdentity(inboxId: "inbox-1"), .groupMessage(groupId: Self.group, message: [0x41], messageType: nil))
        #expect(try read(payload(topic: "/xmtp/mls/1/g-e5ea4291/proto")) == found)
        #expect(try read(payload(topic: "/xmtp/mls/9/g-E5EA4291")) == found)
        #expect(try read(payload(topic: "g-0xe5ea4291//")) == found)
        let missing = DeployedPushReader.Outcome.routed(ResolvedIdentity(inboxId: "inbox-1"), .unknownConversation)
        #expect(try read(payload(topic: "/xmtp/mls/1/g-e5ea42/proto")) == missing)
        #expect(try read(payload(topic: "/xmtp/mls/1/g-/proto")) == missing)
        #expect(throws: ConvosPushPayload.ParseError.malformedTopic) {
            try read(payload(topic: "/xmtp/mls/1/w-00/proto"))
        }
        // Without a message, /w- anywhere makes a welcome; a message of another type is no message.
        #expect(
            try read(payload(topic: "x/w-", message: 5))
                == .routed(ResolvedIdentity(inboxId: "inbox-1"), .welcome(messageType: nil)))
        #expect(throws: ConvosPushPayload.ParseError.missingEncryptedMessage) {
            try read(payload(topic: "/xmtp/mls/1/g-e5ea4291/proto", message: nil))
        }
    }

    @Test func theClientIdIsResolvedBeforeTheDataIsRead() throws {
        #expect(try read(["clientId": "someone-else"]) == .unknownClientId)
        #expect(throws: ConvosPushPayload.ParseError.missingNotificationData) {
            try read(["clientId": .string(Self.clientId)])
        }
        #expect(throws: ConvosPushPayload.ParseError.missingClientId) { try read(["clientId": 42]) }
        #expect(throws: ConvosPushPayload.ParseError.legacyInboxIdPayload) {
            try read(["clientId": 42, "inboxId": "x"])
        }
        #expect(throws: ConvosPushPayload.ParseError.missingClientId) { try read(["clientId": " \n"]) }
    }

    @Test func arbitraryPayloadsNeverTrapAndRouteOnlyTheirOwnIdentity() async {
        await propertyCheck(count: 300, input: Gen.letterOrNumber.string(of: 0...12), Gen.bool, Gen.bool) {
            tail, known, withMessage in
            let body = payload(
                topic: "/xmtp/mls/1/g-\(tail)/proto", message: withMessage ? .string(tail) : nil,
                clientId: .string(known ? Self.clientId : tail))
            if case .routed(let identity, _)? = try? read(body) {
                #expect(known && identity.inboxId == "inbox-1")
            }
        }
    }
}
