import ConvosExplode
import Foundation
import PushProofConformance
import PushProofCrypto
import PushProofJSON

/// explode_metadata: the metadata copy of expiresAt in the group's appData.
enum ExplodeMetadataVectors {
    static func file() throws -> VectorFileDeclaration {
        func inbox(_ n: Int) -> JSONValue { .string(Hex.encode(SHA256.hash([UInt8(n)]))) }
        let small: JSONValue = ["tag": "a1b2c3", "expiresAtUnix": 1_748_781_000]
        let profiles: JSONValue = .array(
            (0..<6).map { ["inboxIdHex": inbox($0), "name": .string("Member number \($0) of the group")] })
        let large = small.setting("profiles", to: profiles).setting("emoji", to: "🎉")
        let oversize: JSONValue = [
            "tag": "big",
            "profiles": .array(
                (0..<40).map { n -> JSONValue in
                    var chain = SHA256.hash([UInt8(n)])
                    var name = ""
                    for _ in 0..<7 {
                        name += Base64.encode(chain)
                        chain = SHA256.hash(chain)
                    }
                    return ["inboxIdHex": inbox(n), "name": .string(name)]
                }),
        ]
        // docs/audit/explode_codec.md: the upstream each test rests on.
        let serialization =
            "xmtplabs/convos-ios@5d1e833e:ConvosAppData/Sources/ConvosAppData/AppDataSerialization.swift"
        let proto =
            "xmtplabs/convos-ios@5d1e833e:ConvosAppData/Sources/ConvosAppData/Proto/conversation_custom_metadata.proto"
        let toCompact = "\(serialization):19-31, 104-111, 141-189"
        let fromCompact = "\(serialization):36-51, 116-131"
        let inflate = "\(serialization):198-232, 235-263"
        func enc(_ comment: String, _ flags: [String], _ source: String, _ input: JSONValue, code: String? = nil)
            -> VectorCase
        {
            VectorCase(comment: comment, flags: flags, source: source, input: input, code: code)
        }
        let encode = [
            enc("a small value is not compressed", ["AppDataCompression"], "\(toCompact); \(proto):15-25", small),
            enc(
                "a value over 100 bytes is compressed (the bytes by Apple's documented equivalence of COMPRESSION_ZLIB "
                    + "to zlib's raw DEFLATE at level 5)", ["AppDataCompression"],
                "\(toCompact); developer.apple.com/documentation/compression/compression_zlib", large),
            enc(
                "expiresAtUnix before 1970", ["AppDataCompression", "Pre1970"], "\(toCompact); \(proto):18",
                ["tag": "t", "expiresAtUnix": -14_182_940]),
            enc("no expiresAtUnix", ["AppDataCompression"], "\(toCompact); \(proto):18", ["tag": "t"]),
            enc(
                "over 8 KB once encoded", ["AppDataLimit"],
                "xmtplabs/convos-ios@5d1e833e:ConvosCore/Sources/ConvosCore/Invites & Custom Metadata/XMTPGroup+CustomMetadata.swift:397-411; "
                    + "xmtp/libxmtp@a53a97ed:crates/xmtp_mls/src/groups/mod.rs:131, 2330-2334",
                oversize, code: "APP_DATA_TOO_LARGE"),
        ]
        var m = Convos_ConversationCustomMetadata()
        m.tag = "a1b2c3"
        m.expiresAtUnix = 1_748_781_000
        for n in 0..<6 {
            var p = Convos_ConversationProfile()
            p.inboxID = Data(SHA256.hash([UInt8(n)]))
            p.name = "Member number \(n) of the group"
            m.profiles.append(p)
        }
        let raw = [UInt8](try! m.serializedData())
        func framed(_ declared: UInt32, _ body: [UInt8]) -> String {
            Base64.encode(
                [0x1F] + withUnsafeBytes(of: declared.bigEndian) { Array($0) } + body, variant: .urlSafeNoPadding)
        }
        func dec(
            _ comment: String, _ flags: [String], _ source: String, _ appData: String, code: String? = nil,
            also: [JSONValue] = []
        ) -> VectorCase {
            VectorCase(
                comment: comment, flags: flags, source: source, input: ["appData": .string(appData)], code: code,
                alsoAccepted: also)
        }
        let zeros = Zlib.deflate([UInt8](repeating: 0, count: 1 << 20), format: .raw)
        // The app inflates into exactly the declared size and parses what fits: 102's stream declared
        // 9 bytes short ends just before expiresAtUnix (field 3, the last one written).
        let cut = raw.count - 9
        let withoutExpiry = try Convos_ConversationCustomMetadata(serializedBytes: Array(raw.prefix(cut)))
        guard !withoutExpiry.hasExpiresAtUnix, withoutExpiry.profiles.count == 6 else {
            throw GeneratorError("explode_metadata: the cut does not fall before expiresAtUnix")
        }
        // A declared ratio a little over 100 that the app's integer division lets through.
        var ratioCase: (text: String, metadata: Convos_ConversationCustomMetadata)? = nil
        for n in 1700..<1900 where ratioCase == nil {
            var t = Convos_ConversationCustomMetadata()
            t.tag = String(repeating: "a", count: n)
            let bytes = [UInt8](try! t.serializedData())
            let body = Zlib.deflate(bytes, format: .raw)
            if bytes.count > body.count * 100, bytes.count / body.count == 100 {
                ratioCase = (framed(UInt32(bytes.count), body), t)
            }
        }
        guard let ratioCase else { throw GeneratorError("explode_metadata: no tag length gives a ratio just over 100") }
        let decode = [
            dec(
                "uncompressed", ["AppDataCompression"], fromCompact,
                try ConversationMetadataCodec.encode(
                    {
                        var s = Convos_ConversationCustomMetadata()
                        s.tag = "a1b2c3"
                        s.expiresAtUnix = 1_748_781_000
                        return s
                    }())),
            dec(
                "compressed, raw DEFLATE", ["AppDataCompression"], "\(fromCompact); \(inflate)",
                framed(UInt32(raw.count), Zlib.deflate(raw, format: .raw))),
            dec(
                "compressed with a zlib header", ["AppDataZlibHeader"],
                "\(serialization):194-229; xmtplabs/convos-ios@5d1e833e:ConvosAppData/Tests/ConvosAppDataTests/EdgeCaseTests.swift:64-82",
                framed(UInt32(raw.count), Zlib.deflate(raw, format: .zlib))),
            dec(
                "declared size 10 MiB + 1", ["DecompressionBomb"], "\(serialization):9, 42-44, 208",
                framed(10 * 1024 * 1024 + 1, Zlib.deflate(raw, format: .raw)), code: "DECOMPRESSION_BOMB"),
            dec(
                "1 MiB declared from about 1 KB: ratio over 100", ["DecompressionBomb"], "\(serialization):213-214",
                framed(1 << 20, zeros), code: "DECOMPRESSION_BOMB"),
            dec(
                "declared size larger than the content", ["MalformedAppData"], "\(serialization):224-231, 257-259",
                framed(UInt32(raw.count + 1), Zlib.deflate(raw, format: .raw)), code: "MALFORMED_APP_DATA"),
            dec(
                "declared size one byte smaller than the content: the app keeps the first 412 bytes, which end "
                    + "inside expiresAtUnix and do not parse", ["MalformedAppData"], "\(serialization):248-261, 50",
                framed(UInt32(raw.count - 1), Zlib.deflate(raw, format: .raw)), code: "MALFORMED_APP_DATA"),
            dec(
                "compression header cut short", ["MalformedAppData"], "\(serialization):40-44, 199",
                Base64.encode([0x1F, 0, 0], variant: .urlSafeNoPadding), code: "MALFORMED_APP_DATA"),
            dec(
                "standard base64 with padding: the app maps -_ to +/, pads only when needed and reads the standard "
                    + "alphabet, so this is 102's metadata; PushProof refuses",
                ["MalformedAppData", "AppDataBase64Lenient"], fromCompact, Base64.encode(raw),
                code: "MALFORMED_APP_DATA", also: [["output": ExplodeOperations.metadataJSON(m)]]),
            dec(
                "not a protobuf", ["MalformedAppData", "MalformedProtobuf"], "\(fromCompact); \(serialization):50",
                Base64.encode([0xFF, 0xFF, 0xFF], variant: .urlSafeNoPadding), code: "MALFORMED_APP_DATA"),
            // The audit's findings M1-M3 (docs/audit/explode_codec.md).
            dec(
                "declared size 9 bytes short, cutting the stream just before expiresAtUnix: the app reads the tag and "
                    + "profiles and silently loses the explosion time; PushProof refuses", ["AppDataCut"],
                "\(serialization):235-263, 50", framed(UInt32(cut), Zlib.deflate(raw, format: .raw)),
                code: "MALFORMED_APP_DATA", also: [["output": ExplodeOperations.metadataJSON(withoutExpiry)]]),
            dec(
                "a declared ratio just over 100: the app divides in integers and reads it; PushProof refuses",
                ["DecompressionBomb", "RatioIntegerDivision"], "\(serialization):213-214", ratioCase.text,
                code: "DECOMPRESSION_BOMB", also: [["output": ExplodeOperations.metadataJSON(ratioCase.metadata)]]),
            dec(
                "declared size 0 over an empty DEFLATE stream", ["MalformedAppData"], "\(serialization):208",
                framed(0, Zlib.deflate([], format: .raw)), code: "MALFORMED_APP_DATA"),
        ]
        return VectorFileDeclaration(
            suite: "explode_metadata", protocolName: "convos-explode-settings", notes: ExplodeNotes.catalogue,
            header: [
                "ConversationCustomMetadata (Protos/convos/conversation_custom_metadata.proto) in the group's appData: the secondary copy of expiresAt (expiresAtUnix, whole seconds)."
            ],
            groups: [
                .init(
                    type: "MetadataEncodeTest", operation: .explodeMetadataEncode, description: "Metadata -> appData.",
                    ids: .block(1...100), cases: encode),
                .init(
                    type: "MetadataDecodeTest", operation: .explodeMetadataDecode,
                    description: "appData -> metadata, with the decompression guards.", ids: .block(101...300),
                    cases: decode),
            ])
    }
}
