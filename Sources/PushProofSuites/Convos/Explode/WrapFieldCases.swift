import PushProofConformance
import PushProofCrypto
import PushProofJSON

/// explode_codec: PlaintextEnvelope.V1 with each field empty, and idempotency keys whose UTF-8 length
/// differs from their count of characters (and crosses the one-byte length prefix).
extension ExplodeCodecVectors {
    static func wrapClassCases(_ sample: [UInt8]) -> [VectorCase] {
        let source =
            "xmtp/libxmtp@a53a97ed:crates/xmtp_mls/src/groups/mod.rs:1764-1766, 1778-1785; "
            + "xmtp/proto@f5191f73:proto/mls/message_contents/content.proto:46-55, 81-84"
        func wrapped(_ comment: String, _ content: [UInt8], _ key: String) -> VectorCase {
            VectorCase(
                comment: comment, flags: ["PlaintextEnvelope", "ProtobufWire"], source: source,
                input: ["encodedContentHex": .string(Hex.encode(content)), "idempotencyKey": .string(key)])
        }
        return [
            wrapped("empty content: prost leaves the default bytes field out, the key is written", [], "k1"),
            wrapped("empty content and an empty key: V1 is empty and still written (a set oneof member)", [], ""),
            wrapped("an empty key: left out, the content written", sample, ""),
            wrapped("a two-byte content (0a 00) and an empty key", [0x0A, 0x00], ""),
            wrapped("a key with one two-byte character (clé: 3 characters, 4 UTF-8 bytes)", [0x0A, 0x00], "cl\u{E9}"),
            wrapped("a key of one emoji (1 character, 4 UTF-8 bytes)", [0x0A, 0x00], "\u{1F525}"),
            wrapped("a key in Japanese (3 characters, 9 UTF-8 bytes)", [0x0A, 0x00], "\u{65E5}\u{672C}\u{8A9E}"),
            wrapped("a key of e and a combining acute accent (2 scalars, 3 UTF-8 bytes)", [0x0A, 0x00], "e\u{301}"),
            wrapped(
                "a key of 100 two-byte characters: 200 UTF-8 bytes, so a two-byte length prefix",
                [0x0A, 0x00], String(repeating: "\u{E9}", count: 100)),
            wrapped(
                "a key of 128 ASCII characters: the first two-byte length prefix", sample,
                String(repeating: "k", count: 128)),
            wrapped(
                "content of 128 bytes: a two-byte length prefix inside V1 and around it",
                [UInt8](repeating: 7, count: 128), "k"),
            wrapped("content of 300 bytes with an empty key", [UInt8](repeating: 0xFF, count: 300), ""),
        ]
    }
}
