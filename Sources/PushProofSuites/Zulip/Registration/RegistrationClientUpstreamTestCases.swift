import PushProofConformance
import PushProofCrypto
import PushProofJSON
import ZulipEnvelope
import ZulipRegistration

/// Cases translated from zulip-flutter's own push_device_test.dart (zulip/zulip-flutter@e989e4f):
/// the tokens it registers and the registrations it seals.
extension RegistrationClientVectors {
    static let pushDeviceTest = "zulip/zulip-flutter@e989e4f:test/model/push_device_test.dart"

    /// The two tokens of push_device_test.dart:83-84. The test compares the token_id sent with
    /// NotificationService.computeTokenId (receive.dart:61-64); for ASCII both readings agree.
    static func upstreamTestCases() throws -> [VectorCase] {
        [
            tokenCase(
                "012abc", "the token push_device_test registers", ["UpstreamTest", "Normal"],
                source:
                    "\(pushDeviceTest):83, 129-159 (checkLastRequest: token_id equals computeTokenId); \(tokenIdSource)"
            ),
            tokenCase(
                "345def", "the token push_device_test changes to", ["UpstreamTest", "Normal"],
                source:
                    "\(pushDeviceTest):84, 261-274 (update when token changes: token_id of the new token); \(tokenIdSource)"
            ),
        ]
    }

    /// The PushRegistration push_device_test decrypts as the bouncer (lines 120-127, 160-167):
    /// token_kind, token, timestamp and, on iOS only, ios_app_id. The test opens it with its own
    /// bouncer key; these seal to the fixture key so libsodium can open them here.
    static func upstreamSealTestCases() throws -> [VectorCase] {
        let t = F.timestamp
        let seal =
            "zulip/zulip-flutter@e989e4f:lib/model/push_device.dart:233-257; lib/api/route/notifications.g.dart:11-17"
        func fromTest(_ c: VectorCase, _ test: String) -> VectorCase {
            var out = c
            out.source = "\(pushDeviceTest):\(test); \(seal)"
            return out
        }
        return [
            fromTest(
                sealCase(
                    PushRegistration(tokenKind: .fcm, token: "012abc", timestamp: t), "upstream-fcm-012abc",
                    "Android: FCM, no ios_app_id", ["UpstreamTest", "Normal"]),
                "186-193 (initial run: send key and token, Android), 129-169"),
            fromTest(
                sealCase(
                    PushRegistration(tokenKind: .apns, token: "012abc", timestamp: t, iosAppId: "com.zulip.flutter"),
                    "upstream-apns-012abc", "iOS: APNs with the package name as ios_app_id",
                    ["UpstreamTest", "Normal"]),
                "186-193 (initial run: send key and token, iOS), 94, 129-169"),
            fromTest(
                sealCase(
                    PushRegistration(tokenKind: .fcm, token: "345def", timestamp: t), "upstream-fcm-345def",
                    "Android: the changed token", ["UpstreamTest", "Normal"]),
                "261-274 (update when token changes), 129-169"),
        ]
    }
}
