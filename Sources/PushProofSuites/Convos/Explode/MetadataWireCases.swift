import ConvosExplode
import Foundation
import PushProofConformance
import PushProofCrypto
import PushProofJSON

/// explode_metadata: ConversationCustomMetadata as SwiftProtobuf reads it for the app
/// (explode.metadataDecode): repeated fields, wire types, unknown fields and UTF-8.
extension ExplodeMetadataVectors {
    static func wireCases() throws -> [VectorCase] {
        let source = "\(serialization):50; \(generated):177-192, 276-290"
        func ld(_ n: Int, _ b: [UInt8]) -> [UInt8] { ExplodeCodecVectors.ld(n, b) }
        func key(_ n: Int, _ w: Int) -> [UInt8] { ExplodeCodecVectors.key(n, w) }
        func utf8(_ s: String) -> [UInt8] { Array(s.utf8) }
        let expires: [UInt8] = key(3, 1) + [0xC8, 0x47, 0x3C, 0x68, 0, 0, 0, 0]
        let tag = ld(1, utf8("a1b2c3"))
        // Not UTF-8 (a lone continuation byte), yet a well-formed message (field 1, the varint 128), so
        // that only a UTF-8 check refuses it wherever it stands.
        let bad: [UInt8] = [0x08, 0x80, 0x01]
        func wire(_ comment: String, _ bytes: [UInt8], code: String? = nil) throws -> VectorCase {
            // Compressed when long, as the app stores it: the reading must not depend on the frame.
            let appData =
                bytes.count > 100 ? framed(UInt32(bytes.count), Zlib.deflate(bytes, format: .raw)) : text(bytes)
            return dec(
                comment, code == nil ? ["AppDataFields"] : ["AppDataFields", "MalformedProtobuf"], source, appData,
                code: code)
        }
        let profile = ld(1, [0xAB, 0xCD]) + ld(2, utf8("n"))
        return [
            try wire("the tag twice: the last wins", tag + ld(1, utf8("second")) + expires),
            try wire("expiresAtUnix twice: the last wins", tag + expires + key(3, 1) + [1, 0, 0, 0, 0, 0, 0, 0]),
            try wire(
                "expiresAtUnix as a varint (wire type 0): kept as an unknown field, so no expiresAtUnix",
                tag + key(3, 0) + [0xC8, 0x8F, 0xF1, 0xC1, 0x06]),
            try wire(
                "expiresAtUnix as 4 bytes (wire type 5): an unknown field, so no expiresAtUnix",
                tag + key(3, 5) + [0xC8, 0x47, 0x3C, 0x68]),
            try wire("the tag as a varint: an unknown field, so the empty tag", key(1, 0) + [5] + expires),
            try wire(
                "expiresAtUnix cut to 7 bytes", tag + key(3, 1) + [0xC8, 0x47, 0x3C, 0x68, 0, 0, 0],
                code: "MALFORMED_APP_DATA"),
            try wire(
                "the reserved field 7 and field 99 are skipped",
                tag + ld(7, utf8("x")) + key(99, 0) + [1] + expires),
            try wire(
                "imageEncryptionKey (4, bytes) that is not UTF-8 reads", tag + ld(4, bad) + expires),
            try wire("the tag not UTF-8", ld(1, bad) + expires, code: "MALFORMED_APP_DATA"),
            try wire("the emoji not UTF-8", tag + ld(6, bad), code: "MALFORMED_APP_DATA"),
            try wire("an empty emoji is set", tag + ld(6, [])),
            try wire(
                "a profile's name not UTF-8", tag + ld(2, ld(1, [1]) + ld(2, bad)), code: "MALFORMED_APP_DATA"),
            try wire(
                "a profile's image (3) not UTF-8, though never shown", tag + ld(2, ld(1, [1]) + ld(3, bad)),
                code: "MALFORMED_APP_DATA"),
            try wire(
                "a profile's connections (5) not UTF-8", tag + ld(2, ld(1, [1]) + ld(5, bad)),
                code: "MALFORMED_APP_DATA"),
            try wire(
                "a profile's encryptedImage url not UTF-8", tag + ld(2, ld(1, [1]) + ld(4, ld(1, bad))),
                code: "MALFORMED_APP_DATA"),
            try wire(
                "encryptedGroupImage (5) whose url is not UTF-8", tag + ld(5, ld(1, bad)) + expires,
                code: "MALFORMED_APP_DATA"),
            try wire(
                "encryptedGroupImage twice, the second url not UTF-8 (each occurrence is read)",
                tag + ld(5, ld(1, utf8("https://a"))) + ld(5, ld(1, bad)), code: "MALFORMED_APP_DATA"),
            try wire(
                "encryptedGroupImage with salt and nonce, and a profile's encryptedImage: read, not shown",
                tag + ld(5, ld(1, utf8("u")) + ld(2, [1]) + ld(3, [2])) + ld(2, profile + ld(4, ld(1, utf8("v"))))),
            try wire(
                "a profile's inbox id (bytes) that is not UTF-8, in lower-case hex; an inbox id twice: the last wins",
                tag + ld(2, ld(1, [0xFF, 0xEE]) + ld(1, [0xC3, 0x28, 0xAB]) + ld(2, utf8("x")))),
            try wire(
                "a profile's name as a varint: an unknown field, so no name", tag + ld(2, ld(1, [1]) + key(2, 0) + [1])),
            try wire(
                "profiles as a varint: an unknown field, so no profiles", tag + key(2, 0) + [1] + expires),
            try wire(
                "a profile whose body is cut", tag + key(2, 2) + [5] + ld(1, [1]), code: "MALFORMED_APP_DATA"),
            try wire(
                "three profiles between the other fields, in their order",
                ld(2, ld(1, [1])) + tag + ld(2, ld(1, [2]) + ld(2, utf8("b"))) + expires + ld(2, ld(2, utf8("c")))),
            try wire(
                "a long value (compressed) with unknown fields of every wire type",
                tag + key(20, 0) + [0x96, 0x01] + key(21, 1) + [UInt8](repeating: 1, count: 8) + key(22, 5)
                    + [1, 2, 3, 4] + ld(23, [UInt8](repeating: 0x61, count: 120)) + expires),
        ]
    }
}
