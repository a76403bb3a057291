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
        func enc(_ comment: String, _ flags: [String], _ input: JSONValue, code: String? = nil) -> VectorCase {
            VectorCase(comment: comment, flags: flags, input: input, code: code)
        }
        let encode = [
            enc("a small value is not compressed", ["AppDataCompression"], small),
            enc("a value over 100 bytes is compressed", ["AppDataCompression"], large),
            enc(
                "expiresAtUnix before 1970", ["AppDataCompression", "Pre1970"],
                ["tag": "t", "expiresAtUnix": -14_182_940]),
            enc("no expiresAtUnix", ["AppDataCompression"], ["tag": "t"]),
            enc("over 8 KB once encoded", ["AppDataLimit"], oversize, code: "APP_DATA_TOO_LARGE"),
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
        func dec(_ comment: String, _ flags: [String], _ appData: String, code: String? = nil) -> VectorCase {
            VectorCase(comment: comment, flags: flags, input: ["appData": .string(appData)], code: code)
        }
        let zeros = Zlib.deflate([UInt8](repeating: 0, count: 1 << 20), format: .raw)
        let decode = [
            dec(
                "uncompressed", ["AppDataCompression"],
                try ConversationMetadataCodec.encode(
                    {
                        var s = Convos_ConversationCustomMetadata()
                        s.tag = "a1b2c3"
                        s.expiresAtUnix = 1_748_781_000
                        return s
                    }())),
            dec(
                "compressed, raw DEFLATE", ["AppDataCompression"],
                framed(UInt32(raw.count), Zlib.deflate(raw, format: .raw))),
            dec(
                "compressed with a zlib header", ["AppDataZlibHeader"],
                framed(UInt32(raw.count), Zlib.deflate(raw, format: .zlib))),
            dec(
                "declared size 10 MiB + 1", ["DecompressionBomb"],
                framed(10 * 1024 * 1024 + 1, Zlib.deflate(raw, format: .raw)), code: "DECOMPRESSION_BOMB"),
            dec(
                "1 MiB declared from about 1 KB: ratio over 100", ["DecompressionBomb"], framed(1 << 20, zeros),
                code: "DECOMPRESSION_BOMB"),
            dec(
                "declared size larger than the content", ["MalformedAppData"],
                framed(UInt32(raw.count + 1), Zlib.deflate(raw, format: .raw)), code: "MALFORMED_APP_DATA"),
            dec(
                "declared size smaller than the content", ["MalformedAppData"],
                framed(UInt32(raw.count - 1), Zlib.deflate(raw, format: .raw)), code: "MALFORMED_APP_DATA"),
            dec(
                "compression header cut short", ["MalformedAppData"],
                Base64.encode([0x1F, 0, 0], variant: .urlSafeNoPadding), code: "MALFORMED_APP_DATA"),
            dec("standard base64 with padding", ["MalformedAppData"], Base64.encode(raw), code: "MALFORMED_APP_DATA"),
            dec(
                "not a protobuf", ["MalformedAppData", "MalformedProtobuf"],
                Base64.encode([0xFF, 0xFF, 0xFF], variant: .urlSafeNoPadding), code: "MALFORMED_APP_DATA"),
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
