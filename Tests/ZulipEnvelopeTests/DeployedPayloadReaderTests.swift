import PushProofCrypto
import PushProofJSON
import Testing
import ZulipRegistration

@testable import ZulipEnvelope

/// zulip-flutter's reading of a payload, piece by piece (DeployedPayloadReader), and the
/// deployed receiver's outcomes where they differ from the hardened ones.
@Suite struct DeployedPayloadReaderTests {
    @Test func dartIntParse() {
        #expect(DeployedPayloadReader.intParse("7") == 7)
        #expect(DeployedPayloadReader.intParse("007") == 7)
        #expect(DeployedPayloadReader.intParse(" +7\n") == 7)
        #expect(DeployedPayloadReader.intParse("\u{3000}-7\u{FEFF}") == -7)
        #expect(DeployedPayloadReader.intParse("-9223372036854775808") == .min)
        #expect(DeployedPayloadReader.intParse("9223372036854775808") == nil)
        for bad in ["", " ", "+", "-", "7a", "0x7", "1.0", "1e3", "+-7", "٣", "7 7"] {
            #expect(DeployedPayloadReader.intParse(bad) == nil, "\(bad)")
        }
    }

    @Test func dartToIntOfAJSONNumber() {
        let cases: [(String, UInt32?)] = [
            ("1", 1), ("1.0", 1), ("1.9", 1), ("-0.5", 0), ("-0", 0), ("1e3", 1000), ("4294967295", .max),
            ("4294967295.9", .max), ("4294967296", nil), ("-1", nil), ("1e400", nil), ("99999999999999999999", nil),
        ]
        for (text, want) in cases { #expect(DeployedPayloadReader.truncatedKeyId(text: text) == want, "\(text)") }
    }

    @Test func dartBase64TakesBothAlphabetsWithPadding() {
        let bytes: [UInt8] = [0xFB, 0xFF, 0xBF, 0x01]
        #expect(DeployedPayloadReader.base64Decode("+/+/AQ==") == bytes)
        #expect(DeployedPayloadReader.base64Decode("-_-_AQ==") == bytes)
        #expect(DeployedPayloadReader.base64Decode("-/+_AQ==") == bytes)
        #expect(DeployedPayloadReader.base64Decode("-_-_AQ") == nil)
        #expect(DeployedPayloadReader.base64Decode("-_-_AQ==\n") == nil)
        // dart-lang/sdk's decoder takes the URL-encoded padding `%3D` (either case of `d`) for `=`,
        // and refuses non-zero unused bits, a lone `%`, and anything after the padding.
        #expect(DeployedPayloadReader.base64Decode("+/+/AQ%3D%3D") == bytes)
        #expect(DeployedPayloadReader.base64Decode("+/+/AQ=%3d") == bytes)
        #expect(DeployedPayloadReader.base64Decode("+/+/AR==") == nil)
        #expect(DeployedPayloadReader.base64Decode("+/+/AQ%3") == nil)
        #expect(DeployedPayloadReader.base64Decode("+/+/AQ%3D%3DAAAA") == nil)
    }

    /// zulip-flutter reads integer fields with `(x as num).toInt()`: a fraction is truncated toward
    /// zero; the strict reading refuses it.
    @Test func deployedReadingTruncatesFractionalIds() throws {
        let text =
            "{\"type\":\"remove\",\"realm_url\":\"https://chat.example.com\",\"user_id\":10.9,\"message_ids\":[7.5,-0.5,8]}"
        let value = try NotificationParser.object(Array(text.utf8))
        guard case .remove(let r) = try NotificationParser.parseAsDeployed(object: value) else {
            Issue.record("not a removal")
            return
        }
        #expect(r.account.userId == 10)
        #expect(r.messageIds == [7, 0, 8])
        #expect(throws: EnvelopeError.self) { try NotificationParser.parse(object: value) }
        // Past 64 bits Dart's toInt() saturates (a double from jsonDecode); infinity throws.
        let hugeText =
            "{\"type\":\"remove\",\"realm_url\":\"https://chat.example.com\",\"user_id\":1e300,\"message_ids\":[-1e300]}"
        let huge = try NotificationParser.object(Array(hugeText.utf8))
        guard case .remove(let saturated) = try NotificationParser.parseAsDeployed(object: huge) else {
            Issue.record("not a removal")
            return
        }
        #expect(saturated.account.userId == .max && saturated.messageIds == [.min])
        #expect(throws: EnvelopeError.self) { try NotificationParser.parse(object: huge) }
        let infiniteText =
            "{\"type\":\"remove\",\"realm_url\":\"https://chat.example.com\",\"user_id\":1e400,\"message_ids\":[8]}"
        let infinite = try NotificationParser.object(Array(infiniteText.utf8))
        #expect(throws: EnvelopeError.self) { try NotificationParser.parseAsDeployed(object: infinite) }
    }

    @Test func fcmFailuresAreLegacyAPNsFailuresAreErrors() {
        let fcm: JSONValue = ["push_key_id": 5, "encrypted_data": "AAAA"]
        #expect(throws: DeployedPayloadReader.Failure.notEncrypted) {
            try DeployedPayloadReader.read(service: .fcm, payload: fcm)
        }
        let apns: JSONValue = ["push_key_id": "5", "encrypted_data": "AAAA"]
        #expect(throws: DeployedPayloadReader.Failure.self) {
            try DeployedPayloadReader.read(service: .apns, payload: apns)
        }
    }

    @Test func theReceiverDropsWhatZulipFlutterDropsAndHardenedRefusesIt() throws {
        var store = PushKeyStore()
        try store.add(key, createdAt: 0)
        func payload(_ n: ZulipNotification, id: JSONValue = .integer(77)) throws -> JSONValue {
            let e = try NotificationSender.encrypt(n, key: key)
            return ["push_key_id": id, "encrypted_data": .string(e.encryptedData)]
        }
        let deployed = NotificationReceiver(account: account, rules: .deployed)
        let hardened = NotificationReceiver(account: account, rules: .hardened)
        let test = NotificationBuilder.test(account: account, time: 1)
        let testPayload = try payload(test)
        #expect(
            try deployed.receive(service: .apns, payload: testPayload, keys: store, now: 1) == .droppedUnexpectedType)
        #expect(try hardened.receive(service: .apns, payload: testPayload, keys: store, now: 1) == .delivered(test))
        let message = NotificationBuilder.remove(account: account, messageIds: [1])
        #expect(
            try deployed.receive(service: .apns, payload: payload(message, id: .number("77.0")), keys: store, now: 1)
                == .delivered(message))
        #expect(throws: EnvelopeError.self) {
            try hardened.receive(service: .apns, payload: payload(message, id: .number("77.0")), keys: store, now: 1)
        }
        let unreadable = try payload(message, id: "x")
        #expect(try deployed.receive(service: .fcm, payload: unreadable, keys: store, now: 1) == .droppedAsLegacy)
        #expect(
            try deployed.receive(service: .fcm, payload: payload(message, id: " 077"), keys: store, now: 1)
                == .delivered(message))
    }
}
