import ConvosExplode
import Foundation
import PushProofConformance
import PushProofCrypto
import PushProofJSON

/// explode_metadata: the metadata copy of expiresAt in the group's appData.
enum ExplodeMetadataVectors {
    // docs/audit/explode_codec.md: the upstream each test rests on.
    static let serialization =
        "xmtplabs/convos-ios@5d1e833e:ConvosAppData/Sources/ConvosAppData/AppDataSerialization.swift"
    static let proto =
        "xmtplabs/convos-ios@5d1e833e:ConvosAppData/Sources/ConvosAppData/Proto/conversation_custom_metadata.proto"
    static let generated =
        "xmtplabs/convos-ios@5d1e833e:ConvosAppData/Sources/ConvosAppData/Proto/conversation_custom_metadata.pb.swift"
    static let toCompact = "\(serialization):19-31, 104-111, 141-189"
    static let fromCompact = "\(serialization):36-51, 116-131"
    static let inflate = "\(serialization):198-232, 235-263"
    static let appleZlib = "developer.apple.com/documentation/compression/compression_zlib"
    static let limitSource =
        "xmtplabs/convos-ios@5d1e833e:ConvosCore/Sources/ConvosCore/Invites & Custom Metadata/XMTPGroup+CustomMetadata.swift:397-411; "
        + "xmtp/libxmtp@a53a97ed:crates/xmtp_mls/src/groups/mod.rs:131, 2330-2334"

    static func inbox(_ n: Int) -> JSONValue { .string(Hex.encode(SHA256.hash([UInt8(n)]))) }

    /// `count` bytes no DEFLATE encoder shrinks: a SHA-256 chain from `seed`.
    static func noise(_ count: Int, seed: UInt8 = 0) -> [UInt8] {
        var out: [UInt8] = []
        var block = SHA256.hash([0xAA, seed])
        while out.count < count {
            out += block
            block = SHA256.hash(block)
        }
        return Array(out.prefix(count))
    }

    /// The metadata of decode tcId 102: a tag, six profiles and expiresAtUnix.
    static let sixMembers: Convos_ConversationCustomMetadata = {
        var m = Convos_ConversationCustomMetadata()
        m.tag = "a1b2c3"
        m.expiresAtUnix = 1_748_781_000
        for n in 0..<6 {
            var p = Convos_ConversationProfile()
            p.inboxID = Data(SHA256.hash([UInt8(n)]))
            p.name = "Member number \(n) of the group"
            m.profiles.append(p)
        }
        return m
    }()
    static let sixMembersBytes = [UInt8](try! sixMembers.serializedData())

    /// The marker, the declared size as a big-endian u32, the body, in base64url without padding.
    static func framed(_ declared: UInt32, _ body: [UInt8]) -> String {
        text([0x1F] + withUnsafeBytes(of: declared.bigEndian) { Array($0) } + body)
    }

    static func text(_ bytes: [UInt8]) -> String { Base64.encode(bytes, variant: .urlSafeNoPadding) }

    static func output(_ m: Convos_ConversationCustomMetadata) -> JSONValue {
        ["output": ExplodeOperations.metadataJSON(m)]
    }

    static func output(_ bytes: [UInt8]) throws -> JSONValue {
        output(try Convos_ConversationCustomMetadata(serializedBytes: bytes))
    }

    static func dec(
        _ comment: String, _ flags: [String], _ source: String, _ appData: String, code: String? = nil,
        also: [JSONValue] = [], deployed: JSONValue? = nil
    ) -> VectorCase {
        VectorCase(
            comment: comment, flags: flags, source: source, input: ["appData": .string(appData)], code: code,
            alsoAccepted: also, deployedAnswer: deployed)
    }

    static func file() throws -> VectorFileDeclaration {
        VectorFileDeclaration(
            name: "explode_metadata", protocolName: "convos-explode-settings", notes: ExplodeNotes.catalogue,
            header: [
                "ConversationCustomMetadata (Protos/convos/conversation_custom_metadata.proto) in the group's appData: the secondary copy of expiresAt (expiresAtUnix, whole seconds).",
                "explode.metadataEncode is judged by meaning: Apple's COMPRESSION_ZLIB encoder is documented as equivalent to zlib's raw DEFLATE at level 5, not as byte-identical, so `expected.output` is {compressed, framed, protobufHex}: the answer's `compressed`, whether its appData starts with the 0x1F marker, and the protobuf bytes it holds as the hardened reading decodes them (canonical base64url without padding, a framed body of raw DEFLATE, as the app writes it and as its readers before convos-ios c687b8d7 take it alone, that inflates exactly to its declared size); the reference's own bytes (zlib level 5) are the test's `intermediate`.",
                "explode.metadataDecode: `deployed` is the app's reading (AppDataSerialization.swift), `hardened` PushProof's stricter one; each hardened test says why, and its `deployedAnswer` is the app's.",
            ],
            groups: [
                .init(
                    operation: .explodeMetadataEncode, description: "Metadata -> appData.",
                    ids: .block(1...100), cases: try encodeCases()),
                .init(
                    operation: .explodeMetadataDecode,
                    description: "appData -> metadata, with the decompression guards, as the app reads it.",
                    ids: .block(101...300), cases: try decodeCases() + decodeClassCases()),
                .init(
                    operation: .explodeMetadataDecode, profile: .hardened,
                    description: "appData -> metadata, PushProof's stricter reading.", ids: .block(301...400),
                    cases: try hardenedCases()),
                .init(
                    operation: .explodeMetadataEncode,
                    description: "Metadata -> appData: the cases of Convos iOS's own AppDataTests and EdgeCaseTests.",
                    ids: .block(401...450), cases: try upstreamEncodeTestCases()),
                .init(
                    operation: .explodeMetadataDecode,
                    description: "appData -> metadata as the app reads it: the cases of Convos iOS's own tests.",
                    ids: .block(451...550), cases: try upstreamTestCases()),
                .init(
                    operation: .explodeMetadataDecode, profile: .hardened,
                    description:
                        "appData -> metadata, PushProof's stricter reading: the cases of Convos iOS's own tests.",
                    ids: .block(551...600), cases: try upstreamHardenedTestCases()),
                .init(
                    operation: .explodeMetadataDecode,
                    description:
                        "appData -> metadata as the app reads it: byte pairs before raw DEFLATE that fail its zlib-header test by a little, each way the test might be written, and every window size with the test passed.",
                    ids: .block(3000...3099), cases: try headerClassDecodeCases()),
                .init(
                    operation: .explodeMetadataEncode,
                    description:
                        "Metadata -> appData: compressed values of several shapes, whose framed body must be raw DEFLATE as the app writes it.",
                    ids: .block(3100...3199), cases: headerClassEncodeCases()),
            ])
    }
}
