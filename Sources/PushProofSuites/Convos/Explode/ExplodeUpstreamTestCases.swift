import ConvosExplode
import ConvosIdentity
import Foundation
import PushProofConformance
import PushProofCrypto
import PushProofJSON

/// Cases translated from Convos iOS's own tests of the explode metadata and receiver
/// (ConvosAppData's AppDataTests and EdgeCaseTests, IncomingMessageWriterExplodeTests,
/// ExpiredConversationsWorkerTests), each in its vector file's group of upstream tests, sourced
/// to its test. Where a test asserts a value the reference computes, the case's `check` compares
/// the two, so a reference that drifts from upstream stops generation.
extension ExplodeMetadataVectors {
    static let upstreamAppDataTests =
        "xmtplabs/convos-ios@5d1e833e:ConvosAppData/Tests/ConvosAppDataTests/AppDataTests.swift"
    static let upstreamEdgeCaseTests =
        "xmtplabs/convos-ios@5d1e833e:ConvosAppData/Tests/ConvosAppDataTests/EdgeCaseTests.swift"
    /// ConversationProfile(inboxIdString:name:imageUrl:) puts the URL in `image` (field 3).
    static let upstreamProfileInit =
        "xmtplabs/convos-ios@5d1e833e:ConvosAppData/Sources/ConvosAppData/ProfileHelpers.swift:37-55"

    /// A profile as the app's tests build it: 32 bytes of inbox id from hex, a name, maybe an image URL.
    static func upstreamProfile(_ inboxHex: String, _ name: String, image: String? = nil) -> Convos_ConversationProfile
    {
        var p = Convos_ConversationProfile()
        p.inboxID = Data(Hex.decode(inboxHex)!)
        p.name = name
        if let image { p.image = image }
        return p
    }

    /// `String(format: "%064x", n)`, the inbox ids of the app's large-metadata tests.
    static func upstreamPaddedHex(_ n: Int) -> String {
        let digits = String(n, radix: 16)
        return String(repeating: "0", count: 64 - digits.count) + digits
    }

    /// The metadata of compressionForLargeData: a tag of 200 letters and ten profiles with image URLs.
    static let upstreamTenProfiles: Convos_ConversationCustomMetadata = {
        var m = Convos_ConversationCustomMetadata()
        m.tag = String(repeating: "a", count: 200)
        for i in 0..<10 {
            m.profiles.append(
                ExplodeMetadataVectors.upstreamProfile(
                    ExplodeMetadataVectors.upstreamPaddedHex(i), "User \(i)",
                    image: "https://example.com/avatar\(i).jpg"))
        }
        return m
    }()

    /// The metadata of largeMetadataSize: a tag of 100 letters and fifty profiles with long names and URLs.
    static let upstreamFiftyProfiles: Convos_ConversationCustomMetadata = {
        var m = Convos_ConversationCustomMetadata()
        m.tag = String(repeating: "x", count: 100)
        for i in 0..<50 {
            m.profiles.append(
                ExplodeMetadataVectors.upstreamProfile(
                    ExplodeMetadataVectors.upstreamPaddedHex(i), "User with a reasonably long name \(i)",
                    image: "https://example.com/avatars/user-\(i)-profile-image.jpg"))
        }
        return m
    }()

    /// A check that the metadata an encoder wrote reads back (hardened reading) with these fields.
    static func upstreamReadsBack(
        compressed: Bool, tag: String, expiresAtUnix: Int64? = nil, names: [String]
    ) -> @Sendable (OperationOutcome) throws -> Void {
        { answer in
            guard case .output(let out) = answer, let text = out["appData"]?.stringValue,
                case .bool(let flag)? = out["compressed"], flag == compressed
            else { throw GeneratorError("the encoder's compressed flag is not the app's (\(compressed))") }
            let m = try ConversationMetadataCodec.decode(text, reading: .hardened)
            guard m.tag == tag, m.hasExpiresAtUnix == (expiresAtUnix != nil),
                expiresAtUnix.map({ $0 == m.expiresAtUnix }) ?? true, m.profiles.map(\.name) == names
            else { throw GeneratorError("the appData does not read back as the upstream test asserts") }
        }
    }

    /// A check of a decoded metadata output against the fields an upstream test asserts.
    static func upstreamDecodes(tag: String, expiresAtUnix: Int64? = nil, names: [String], emoji: String? = nil)
        -> @Sendable (OperationOutcome) throws -> Void
    {
        { answer in
            guard case .output(let out) = answer, out["tag"]?.stringValue == tag,
                out["expiresAtUnix"]?.int64Value == expiresAtUnix,
                let profiles = out["profiles"]?.arrayValue, profiles.count == names.count,
                profiles.compactMap({ $0["name"]?.stringValue }) == names,
                out["emoji"]?.stringValue == emoji
            else { throw GeneratorError("the decoded metadata is not what the upstream test asserts") }
        }
    }

    /// explode.metadataEncode (deployed): the app's own round-trip and size tests, encode half. The
    /// input has no image field (docs/vector-format.md), so the tests' profile image URLs are left out
    /// here; the decode cases below carry them in the bytes.
    static func upstreamEncodeTestCases() throws -> [VectorCase] {
        let inbox = "0011223344556677889900112233445566778899001122334455667788990011"
        // The app's metadata with its image URLs must fit the 8 KB limit too, as the test asserts; the
        // vector's input cannot carry them, so the reference's encoder is asked here, at generation.
        let withImages = try ConversationMetadataCodec.encode(upstreamFiftyProfiles)
        guard withImages.utf8.count <= ConversationMetadataCodec.maximumEncodedSize else {
            throw GeneratorError("largeMetadataSize: the reference finds the app's metadata over 8 KB")
        }
        return [
            VectorCase(
                comment: "the round trip of the app's test roundTripSerialization: a tag and expiresAtUnix, 23 bytes "
                    + "of protobuf, written uncompressed",
                flags: ["UpstreamTest", "AppDataCompression"],
                source: "\(upstreamAppDataTests):7-18 (roundTripSerialization); \(toCompact)",
                input: ["tag": "test-tag-123", "expiresAtUnix": 1_234_567_890],
                check: upstreamReadsBack(
                    compressed: false, tag: "test-tag-123", expiresAtUnix: 1_234_567_890, names: [])
            ),
            VectorCase(
                comment: "the round trip of the app's test roundTripWithProfiles, without the profile's image URL "
                    + "(the input has no image field; the decode case of the same test carries it): uncompressed",
                flags: ["UpstreamTest", "AppDataCompression"],
                source: "\(upstreamAppDataTests):20-38 (roundTripWithProfiles); \(upstreamProfileInit); \(toCompact)",
                input: ["tag": "invite-tag", "profiles": [["inboxIdHex": .string(inbox), "name": "Alice"]]],
                check: upstreamReadsBack(compressed: false, tag: "invite-tag", names: ["Alice"])),
            VectorCase(
                comment: "the app's test compressionForLargeData without the image URLs: a tag of 200 letters and ten "
                    + "profiles, over 100 bytes and shrunk by DEFLATE, so compressed",
                flags: ["UpstreamTest", "AppDataCompression"],
                source: "\(upstreamAppDataTests):40-62 (compressionForLargeData); \(toCompact)",
                input: [
                    "tag": .string(String(repeating: "a", count: 200)),
                    "profiles": .array(
                        (0..<10).map { ["inboxIdHex": .string(upstreamPaddedHex($0)), "name": .string("User \($0)")] }),
                ],
                check: upstreamReadsBack(
                    compressed: true, tag: String(repeating: "a", count: 200), names: (0..<10).map { "User \($0)" })),
            VectorCase(
                comment: "the app's test largeMetadataSize without the image URLs: a tag of 100 letters and fifty "
                    + "profiles with long names fit within 8 KB once compressed (with the URLs, as the test has "
                    + "them, they fit too: checked when the vector is generated)",
                flags: ["UpstreamTest", "AppDataLimit"],
                source: "\(upstreamEdgeCaseTests):110-130 (largeMetadataSize); \(toCompact); \(limitSource)",
                input: [
                    "tag": .string(String(repeating: "x", count: 100)),
                    "profiles": .array(
                        (0..<50).map {
                            [
                                "inboxIdHex": .string(upstreamPaddedHex($0)),
                                "name": .string("User with a reasonably long name \($0)"),
                            ]
                        }),
                ],
                check: upstreamReadsBack(
                    compressed: true, tag: String(repeating: "x", count: 100),
                    names: (0..<50).map { "User with a reasonably long name \($0)" })),
        ]
    }

    /// The bytes of the app's zlib fixture: written by convos-cli's serializeAppData (Node's
    /// deflateSync, a zlib header and Adler-32 trailer inside the app's frame), quoted in the test.
    static let upstreamZlibFixture =
        "HwAAAJ94nOPiq8rJTHLLrCgpLUoNSUwXCuVSWMWAHwixOqan5pVIaWWUlBQUW-nrp1Yk5hbkpOol5-fqJ4KkdBPLEksSi3Qzc4FcvYK8dCEDLoXdhIzlCU5Nzs9L8U3NTUotMmL5ML9vLQBD-CH8"

    /// explode.metadataDecode (deployed): the app's own parsing and decompression tests. The app reads
    /// any refused value as empty metadata (parseAppData); the codes are PushProof's.
    static func upstreamTestCases() throws -> [VectorCase] {
        var small = Convos_ConversationCustomMetadata()
        small.tag = "test-tag-123"
        small.expiresAtUnix = 1_234_567_890
        var invite = Convos_ConversationCustomMetadata()
        invite.tag = "invite-tag"
        invite.profiles = [
            upstreamProfile(
                "0011223344556677889900112233445566778899001122334455667788990011", "Alice",
                image: "https://example.com/avatar.jpg")
        ]
        // What the app writes for the three round-trip tests (its encoder, raw DEFLATE at level 5 where
        // it compresses: any raw DEFLATE stream reads the same).
        let smallText = try ConversationMetadataCodec.encode(small)
        let inviteText = try ConversationMetadataCodec.encode(invite)
        let tenText = try ConversationMetadataCodec.encode(upstreamTenProfiles)
        guard smallText.first != "H", inviteText.first != "H", tenText.hasPrefix("H") else {
            throw GeneratorError("the round-trip tests' values are not compressed as the app compresses them")
        }
        // The two frames the app's decompression tests build by hand: the marker, a big-endian size, a body.
        let oversized = framed(20 * 1024 * 1024, [UInt8](repeating: 0, count: 10))
        let badRatio = framed(1_000_000, [0x01])
        let garbage = framed(16, Array("definitely-not-deflate".utf8))
        return [
            VectorCase(
                comment: "the app's test roundTripSerialization, decode half: its own uncompressed value reads back "
                    + "with the tag and expiresAtUnix",
                flags: ["UpstreamTest", "AppDataCompression"],
                source: "\(upstreamAppDataTests):7-18 (roundTripSerialization); \(fromCompact)",
                input: ["appData": .string(smallText)],
                check: upstreamDecodes(tag: "test-tag-123", expiresAtUnix: 1_234_567_890, names: [])),
            VectorCase(
                comment: "the app's test roundTripWithProfiles, decode half: a profile with an image URL (field 3) "
                    + "reads back with its inbox id and name; the image is not part of PushProof's output",
                flags: ["UpstreamTest", "AppDataFields"],
                source: "\(upstreamAppDataTests):20-38 (roundTripWithProfiles); \(upstreamProfileInit); \(fromCompact)",
                input: ["appData": .string(inviteText)], check: upstreamDecodes(tag: "invite-tag", names: ["Alice"])),
            VectorCase(
                comment: "the app's test compressionForLargeData, decode half: ten profiles with image URLs, "
                    + "compressed, read back with the tag and all ten",
                flags: ["UpstreamTest", "AppDataCompression"],
                source: "\(upstreamAppDataTests):40-62 (compressionForLargeData); \(fromCompact); \(inflate)",
                input: ["appData": .string(tenText)],
                check: upstreamDecodes(tag: String(repeating: "a", count: 200), names: (0..<10).map { "User \($0)" })),
            VectorCase(
                comment: "the app's test parseInvalidAppData: \"not-valid-base64!\" is not base64 once - and _ are "
                    + "mapped (the ! is in neither alphabet), so the app reads empty metadata",
                flags: ["UpstreamTest", "MalformedAppData", "AppDataSpelling"],
                source: "\(upstreamAppDataTests):71-75 (parseInvalidAppData); \(serialization):56-66, 116-131",
                input: ["appData": "not-valid-base64!"], code: "MALFORMED_APP_DATA"),
            VectorCase(
                comment: "the app's test decompressRejectsOversized: a frame declaring 20 MiB over ten zero bytes is "
                    + "refused by the 10 MiB cap before anything is inflated",
                flags: ["UpstreamTest", "DecompressionBomb"],
                source: "\(upstreamEdgeCaseTests):18-34 (decompressRejectsOversized); \(serialization):9, 42, 208",
                input: ["appData": .string(oversized)], code: "DECOMPRESSION_BOMB"),
            VectorCase(
                comment: "the app's test decompressRejectsSuspiciousRatio: 1,000,000 bytes declared over one byte of "
                    + "body is a ratio of 1,000,000, refused",
                flags: ["UpstreamTest", "DecompressionBomb"],
                source:
                    "\(upstreamEdgeCaseTests):36-50 (decompressRejectsSuspiciousRatio); \(serialization):198, 213-214",
                input: ["appData": .string(badRatio)], code: "DECOMPRESSION_BOMB"),
            VectorCase(
                comment: "the app's test parsesZlibWrappedAppData: the value convos-cli writes (a zlib stream in the "
                    + "app's frame) reads as the tag, two profiles Agent and SecondMember and the emoji; the first "
                    + "profile's image is not part of PushProof's output",
                flags: ["UpstreamTest", "AppDataZlibHeader"],
                source: "\(upstreamEdgeCaseTests):64-82 (parsesZlibWrappedAppData); \(serialization):216-229",
                input: ["appData": .string(upstreamZlibFixture)],
                check: upstreamDecodes(
                    tag: "zlibFixtureTag", names: ["Agent", "SecondMember"], emoji: "\u{1F3AD}")),
            VectorCase(
                comment: "the app's test rejectsGarbageCompressedBody: 16 bytes declared over ASCII text that is "
                    + "neither raw DEFLATE nor behind a zlib header (0x64 is not method 8), so empty metadata",
                flags: ["UpstreamTest", "MalformedAppData"],
                source:
                    "\(upstreamEdgeCaseTests):84-100 (rejectsGarbageCompressedBody); \(serialization):216-231, 257-259",
                input: ["appData": .string(garbage)], code: "MALFORMED_APP_DATA"),
        ]
    }

    /// explode.metadataDecode (hardened): the CLI's real value also passes PushProof's strict reading
    /// (its zlib stream ends at the declared size, with a correct Adler-32 trailer).
    static func upstreamHardenedTestCases() throws -> [VectorCase] {
        [
            VectorCase(
                comment: "the value of the app's test parsesZlibWrappedAppData, as convos-cli writes it: read. Why: a "
                    + "whole zlib stream with its checksum, ending at the declared size, is what the strict reading "
                    + "accepts besides raw DEFLATE",
                flags: ["UpstreamTest", "AppDataZlibHeader"],
                source: "\(upstreamEdgeCaseTests):64-82 (parsesZlibWrappedAppData)",
                input: ["appData": .string(upstreamZlibFixture)],
                check: upstreamDecodes(
                    tag: "zlibFixtureTag", names: ["Agent", "SecondMember"], emoji: "\u{1F3AD}"))
        ]
    }
}

// MARK: - explode_receiver

extension ExplodeReceiverVectors {
    static let upstreamWriterTests =
        "xmtplabs/convos-ios@5d1e833e:ConvosCore/Tests/ConvosCoreTests/IncomingMessageWriterExplodeTests.swift"
    static let upstreamWorkerTests =
        "xmtplabs/convos-ios@5d1e833e:ConvosCore/Tests/ConvosCoreTests/ExpiredConversationsWorkerTests.swift"

    /// explode.receiverTrace (deployed). The tests' times are relative to the test's clock; here the
    /// receiver's clock is the file's `pairNow`, and "now + 3600" is that instant plus an hour.
    static func upstreamTestCases() throws -> [VectorCase] {
        let now = pairNow
        let repo = "xmtplabs/convos-ios@5d1e833e:ConvosCore/Sources/ConvosCore/"
        let writer = repo + "Storage/Writers/IncomingMessageWriter.swift"
        let worker = repo + "Storage/Workers/ExpiredConversationsWorker.swift"
        let conversation = repo + "Storage/Writers/ConversationWriter.swift"
        // The writer answers `.scheduled` when expiresAt is still ahead once stored, `.applied` and a
        // conversationExpired notification when it has passed; the worker handles that notification
        // for the one conversation, exploding it when expiresAt <= now.
        let scheduledOrApplied = "\(writer):635-660"
        let byId = "\(worker):55-66, 85-91, 147-173"
        func future(_ sender: String, _ test: String, _ lines: String) -> VectorCase {
            pairTrace(
                "the app's test \(test): an explode from a \(sender) an hour ahead is stored and scheduled, not due "
                    + "at the receiver's now",
                ["UpstreamTest", "SenderPermission", "Scheduled"],
                "\(upstreamWriterTests):\(lines) (\(test)); \(writer):595-609, 619-621; \(scheduledOrApplied); "
                    + "\(worker):321-325",
                [pairExplode(now + 3600, sender: sender), pairTrigger(now)])
        }
        return [
            future("admin", "testFromAdminSchedulesExplosion", "48-70"),
            future("superAdmin", "testFromSuperAdminSchedulesExplosion", "72-94"),
            pairTrace(
                "the app's test testPastDatePostsExpiredNotification: an explode a minute in the past is stored, "
                    + "and the conversationExpired the writer then posts explodes it",
                ["UpstreamTest"],
                "\(upstreamWriterTests):206-236 (testPastDatePostsExpiredNotification); \(writer):611-621; "
                    + "\(scheduledOrApplied); \(byId)",
                [pairExplode(now - 60), pairTrigger(now, "conversationExpired")]),
            pairTrace(
                "the app's test testHandlesConversationExpiredNotification: a conversation saved with expiresAt a "
                    + "second past (no explode message: the metadata path writes the column) explodes on "
                    + "conversationExpired",
                ["UpstreamTest", "MetadataOverwrites"],
                "\(upstreamWorkerTests):134-166 (testHandlesConversationExpiredNotification); "
                    + "\(conversation):1028-1030, 1048-1058; \(byId)",
                [pairMeta(now - 1), pairTrigger(now, "conversationExpired")]),
        ]
    }
}
