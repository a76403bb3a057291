import Foundation
import PushProofCrypto
import Testing

@testable import ConvosExplode

/// The shipped deployed vectors against the iOS app's own Foundation code: wherever a vector's
/// content reaches the app's JSON decoder (or encoder), what the app answers must be one of the
/// answers the vector allows. A vector that would fail a faithful port of the app is wrong.
@Suite struct DeployedReadingTests {
    static let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("vectors/explode_codec_test.json")

    static func tests(operation: String) throws -> [[String: Any]] {
        let data = try Data(contentsOf: file)
        let document = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let groups = try #require(document["testGroups"] as? [[String: Any]])
        return groups.filter { $0["operation"] as? String == operation && $0["profile"] as? String == "deployed" }
            .flatMap { ($0["tests"] as? [[String: Any]]) ?? [] }
    }

    static func allowed(_ test: [String: Any]) -> [[String: Any]] {
        [test["expected"] as? [String: Any] ?? [:]] + ((test["alsoAccepted"] as? [[String: Any]]) ?? [])
    }

    @Test func everyDecodeVectorAllowsWhatTheAppReads() throws {
        var compared = 0
        for test in try Self.tests(operation: "explode.decode") {
            let input = try #require(test["input"] as? [String: Any])
            let hex = try #require(input["encodedContentHex"] as? String)
            let bytes = try #require(Hex.decode(hex))
            guard let message = try? Xmtp_MessageContents_EncodedContent(serializedBytes: bytes),
                message.type == ExplodeSettingsCodec.contentType, !message.hasCompression
            else { continue }
            compared += 1
            let answers = Self.allowed(test)
            if let seconds = ExplodeSettingsCodec.decodeContentAsDeployed([UInt8](message.content)) {
                let want = Int64(seconds.rounded(.down))
                #expect(
                    answers.contains { ($0["output"] as? [String: Any])?["expiresAtUnix"] as? Int64 == want },
                    "tcId \(test["tcId"] ?? "?"): the app reads \(want)")
            } else {
                #expect(
                    answers.contains { ["INVALID_JSON", "EMPTY_CONTENT"].contains($0["error"] as? String) },
                    "tcId \(test["tcId"] ?? "?"): the app refuses it")
            }
        }
        #expect(compared >= 30)
    }

    @Test func everyEncodeVectorAllowsWhatTheAppWrites() throws {
        var compared = 0
        for test in try Self.tests(operation: "explode.encode") {
            let input = try #require(test["input"] as? [String: Any])
            let millis = try #require(input["expiresAtUnixMillis"] as? Int64)
            // Floored, without overflowing at Int64.min (tcId 98).
            let (quotient, remainder) = millis.quotientAndRemainder(dividingBy: 1000)
            let seconds = remainder < 0 ? quotient - 1 : quotient
            let content = try #require(ExplodeSettingsCodec.contentJSONAsDeployed(unixSeconds: seconds))
            compared += 1
            #expect(
                Self.allowed(test).contains {
                    ($0["output"] as? [String: Any])?["content"] as? String == String(decoding: content, as: UTF8.self)
                }, "tcId \(test["tcId"] ?? "?"): the app writes \(String(decoding: content, as: UTF8.self))")
        }
        #expect(compared >= 11)
    }
}
