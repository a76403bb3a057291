import ConvosExplode
import Foundation
import PushProofConformance
import PushProofCrypto
import PushProofJSON

/// explode_metadata, deployed: the framed body's header, both ways. Decoding (tcIds 3000-): the app
/// tries raw DEFLATE, then skips two bytes only when they are a zlib header as it tests one (the
/// method nibble 8 and CMF*256+FLG a multiple of 31, nothing else); every byte pair that fails the
/// test by a little, each way a reader might compute it, is refused, and every CINFO with a correct
/// check is read. Encoding (tcIds 3100-): the body is raw DEFLATE whatever the value, as the app
/// writes it; a zlib or gzip stream is not what its readers before c687b8d7 take.
extension ExplodeMetadataVectors {
    static func headerClassDecodeCases() throws -> [VectorCase] {
        let raw = sixMembersBytes
        let size = UInt32(raw.count)
        let body = Zlib.deflate(raw, format: .raw)
        let check =
            "\(serialization):216-231 (the header skipped when its first byte's low nibble is 8 and "
            + "(CMF << 8 | FLG) is a multiple of 31)"
        func refused(_ comment: String, _ header: [UInt8]) -> VectorCase {
            let appData = framed(size, header + body)
            guard asDeployed(appData) == ["error": "MALFORMED_APP_DATA"] else {
                fatalError("explode_metadata: the app reads \(Hex.encode(header)) + raw DEFLATE")
            }
            return dec(
                "\(comment): not a zlib header the app skips, and not raw DEFLATE",
                [
                    "MalformedAppData",
                    "AppDataZlibHeader",
                ], check, appData, code: "MALFORMED_APP_DATA")
        }
        func hex(_ b: [UInt8]) -> String { b.map { String(format: "%02X", $0) }.joined(separator: " ") }
        var cases: [VectorCase] = []
        // Method 8 with every window size (CINFO 0-15): FLG one past and one short of the check.
        for cinfo in 0..<16 {
            let cmf = UInt8(cinfo << 4 | 8)
            let good = zlibHeader(cmf: cmf, dictionary: false)
            for delta in [1, -1] {
                let flg = UInt8(truncatingIfNeeded: Int(good[1]) + delta)
                cases.append(
                    refused(
                        "\(hex([cmf, flg])) (CMF*256+FLG one \(delta > 0 ? "past" : "short of") a multiple of 31)",
                        [cmf, flg]))
            }
        }
        // The test written otherwise: FLG 00 (B5-048's bytes), little-endian, the sum, FLG alone.
        let written: [(String, [UInt8])] = [
            ("78 00 (FLG 0: method 8 alone)", [0x78, 0x00]),
            ("08 00 (FLG 0, CINFO 0)", [0x08, 0x00]),
            ("78 10 (FLG*256+CMF a multiple of 31: the check read little-endian)", [0x78, 0x10]),
            ("78 04 (CMF+FLG a multiple of 31)", [0x78, 0x04]),
            ("78 3E (FLG alone a multiple of 31)", [0x78, 0x3E]),
            ("78 1F (FLG alone a multiple of 31)", [0x78, 0x1F]),
            ("78 9D (the default header 78 9C, FLG one past)", [0x78, 0x9D]),
            ("78 DB (the best-compression header 78 DA, FLG one past)", [0x78, 0xDB]),
        ]
        cases += written.map { refused($0.0, $0.1) }
        // The check right, another method: the method nibble is tested too.
        for cmf: UInt8 in [0x70, 0x77, 0x7F, 0x87, 0x19] {
            let header = zlibHeader(cmf: cmf, dictionary: false)
            cases.append(refused("\(hex(header)) (a multiple of 31, method \(cmf & 0x0F))", header))
        }
        // Every window size with the check right: skipped and read, whole zlib streams as a writer
        // with a smaller window would write them (the app reads no CINFO and no trailer).
        let adler = adler32(raw)
        for cinfo in 0..<8 {
            let header = zlibHeader(cmf: UInt8(cinfo << 4 | 8), dictionary: false)
            cases.append(
                dec(
                    "\(hex(header)) (CINFO \(cinfo), the check right) before raw DEFLATE and its Adler-32: the "
                        + "header is skipped and the stream read", ["AppDataZlibHeader"], check,
                    framed(size, header + body + adler)))
        }
        return cases
    }

    /// The Adler-32 of `data`, big-endian, as a zlib trailer holds it (RFC 1950 §2.2).
    static func adler32(_ data: [UInt8]) -> [UInt8] {
        var a: UInt32 = 1
        var b: UInt32 = 0
        for byte in data {
            a = (a + UInt32(byte)) % 65521
            b = (b + a) % 65521
        }
        return withUnsafeBytes(of: (b << 16 | a).bigEndian) { Array($0) }
    }

    static func headerClassEncodeCases() -> [VectorCase] {
        let source =
            "\(toCompact); \(appleZlib); xmtplabs/convos-ios@f47421a9:ConvosAppData/Sources/ConvosAppData/"
            + "AppDataSerialization.swift:191-236 (the reader before c687b8d7: raw DEFLATE only)"
        func member(_ n: Int, _ name: String) -> JSONValue { ["inboxIdHex": inbox(n), "name": .string(name)] }
        let inputs: [(String, JSONValue)] = [
            ("a tag of 101 a's: just over the threshold", ["tag": .string(String(repeating: "a", count: 101))]),
            ("a tag of 200 a's", ["tag": .string(String(repeating: "a", count: 200))]),
            ("a tag of 1,000 characters of words", ["tag": .string(String(repeating: "word ", count: 200))]),
            (
                "six profiles with names, an emoji and expiresAtUnix",
                [
                    "tag": "a1b2c3", "expiresAtUnix": 1_748_781_000, "emoji": "🎉",
                    "profiles": .array((0..<6).map { member($0, "Member number \($0) of the group") }),
                ]
            ),
            (
                "thirty profiles named in non-ASCII text",
                ["tag": "t", "profiles": .array((0..<30).map { member($0, "Mitglied Nummer \($0) – Gruppe ☕") })]
            ),
            (
                "a tag of 20,000 characters of words: long, compressed under the 8 KB limit",
                ["tag": .string(String(repeating: "word ", count: 4000))]
            ),
        ]
        return inputs.map { what, input in
            enc(
                "\(what): compressed, the body raw DEFLATE (not a zlib or gzip stream)",
                ["AppDataCompression", "AppDataZlibHeader"], source, input)
        }
    }
}
