import ConvosExplode
import Foundation
import PushProofConformance
import PushProofCrypto
import PushProofJSON

/// explode_metadata: appData -> metadata as the app reads it (explode.metadataDecode, deployed).
extension ExplodeMetadataVectors {
    /// What a decoder may answer besides the app's where no deployed peer writes the input: the
    /// app and the Node CLI write base64url without padding, framed with the exact size of a
    /// whole stream (raw DEFLATE, or zlib with its checksum).
    static let mayRefuse: [JSONValue] = [["error": "MALFORMED_APP_DATA"]]
    static let unwritten =
        "no deployed peer writes this (the app and the CLI write base64url without padding, framed with the "
        + "exact size of a whole stream), so a decoder may refuse it (MALFORMED_APP_DATA)"

    /// The app's answer to an appData value.
    static func asDeployed(_ text: String) -> JSONValue {
        do {
            return output(try ConversationMetadataCodec.decode(text, reading: .deployed))
        } catch {
            return ["error": .string(error.code)]
        }
    }

    static func decodeCases() throws -> [VectorCase] {
        let raw = sixMembersBytes
        let zeros = Zlib.deflate([UInt8](repeating: 0, count: 1 << 20), format: .raw)
        // The app inflates into exactly the declared size and parses what fits: 102's stream declared
        // 9 bytes short ends just before expiresAtUnix (field 3, the last one written).
        let cut = raw.count - 9
        let withoutExpiry = try Convos_ConversationCustomMetadata(serializedBytes: Array(raw.prefix(cut)))
        guard !withoutExpiry.hasExpiresAtUnix, withoutExpiry.profiles.count == 6 else {
            throw GeneratorError("explode_metadata: the cut does not fall before expiresAtUnix")
        }
        let small: Convos_ConversationCustomMetadata = {
            var s = Convos_ConversationCustomMetadata()
            s.tag = "a1b2c3"
            s.expiresAtUnix = 1_748_781_000
            return s
        }()
        return [
            dec(
                "uncompressed", ["AppDataCompression"], fromCompact, try ConversationMetadataCodec.encode(small)),
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
                text([0x1F, 0, 0]), code: "MALFORMED_APP_DATA"),
            dec(
                "standard base64 with padding: the app maps -_ to +/, pads only when needed and reads the standard "
                    + "alphabet, so this is 102's metadata; \(unwritten)",
                ["AppDataBase64Lenient"], fromCompact, Base64.encode(raw), also: mayRefuse),
            dec(
                "not a protobuf", ["MalformedAppData", "MalformedProtobuf"], "\(fromCompact); \(serialization):50",
                text([0xFF, 0xFF, 0xFF]), code: "MALFORMED_APP_DATA"),
            // The audit's findings M1-M3 (docs/audit/explode_codec.md).
            dec(
                "declared size 9 bytes short, cutting the stream just before expiresAtUnix: the app reads the tag and "
                    + "profiles and silently loses the explosion time; \(unwritten)", ["AppDataCut"],
                "\(serialization):235-263, 50", framed(UInt32(cut), Zlib.deflate(raw, format: .raw)), also: mayRefuse),
            dec(
                "a declared ratio just over 100: the app divides in integers, so up to 100.99 passes, and its own "
                    + "encoder writes such values for metadata that compresses that well",
                ["RatioIntegerDivision"], "\(serialization):213-214", try ratioJustOver100().text),
            dec(
                "declared size 0 over an empty DEFLATE stream", ["MalformedAppData"], "\(serialization):208",
                framed(0, Zlib.deflate([], format: .raw)), code: "MALFORMED_APP_DATA"),
        ]
    }

    /// A tag whose stream declares a ratio a little over 100, which the app's integer division
    /// lets through.
    static func ratioJustOver100() throws -> (text: String, metadata: Convos_ConversationCustomMetadata) {
        for n in 1700..<1900 {
            var t = Convos_ConversationCustomMetadata()
            t.tag = String(repeating: "a", count: n)
            let bytes = [UInt8](try! t.serializedData())
            let body = Zlib.deflate(bytes, format: .raw)
            if bytes.count > body.count * 100, bytes.count / body.count == 100 {
                return (framed(UInt32(bytes.count), body), t)
            }
        }
        throw GeneratorError("explode_metadata: no tag length gives a ratio just over 100")
    }

    /// Whole classes around the base64, the frame and the stream, as the app reads them.
    static func decodeClassCases() throws -> [VectorCase] {
        let raw = sixMembersBytes
        let body = Zlib.deflate(raw, format: .raw)
        let small = "CgZhMWIyYzMZyEc8aAAAAAA"  // tcId 101
        let base64 = "\(fromCompact) (Data(base64Encoded:), default options)"
        var cases = [
            dec(
                "the last character with non-zero unused bits (A -> B): Foundation drops them, so this is 101's "
                    + "metadata; \(unwritten)", ["AppDataBase64Lenient"], base64, String(small.dropLast()) + "B",
                also: mayRefuse),
            dec(
                "base64url with its padding: the app adds none to a multiple of four, so this is 101's metadata; "
                    + unwritten, ["AppDataBase64Lenient"], base64, small + "=", also: mayRefuse),
            dec(
                "both alphabets in one value (+ and _): the app maps - and _ first, so this is 102's metadata; "
                    + unwritten, ["AppDataBase64Lenient"], base64,
                Base64.encode(raw).replacingOccurrences(of: "=", with: "").replacingOccurrences(of: "/", with: "_"),
                also: mayRefuse),
            dec(
                "a length of 4n + 1 characters: no base64 has it", ["MalformedAppData"], base64, small + "AA",
                code: "MALFORMED_APP_DATA"),
            dec(
                "a trailing line feed", ["MalformedAppData", "AppDataSpelling"], base64, small + "\n",
                code: "MALFORMED_APP_DATA"),
            dec(
                "a leading space", ["MalformedAppData", "AppDataSpelling"], base64, " " + small,
                code: "MALFORMED_APP_DATA"),
            dec(
                "a character outside both alphabets (.)", ["MalformedAppData", "AppDataSpelling"], base64,
                String(small.dropLast(4)) + ".AAA", code: "MALFORMED_APP_DATA"),
            dec(
                "a non-ASCII letter (é) in place of one", ["MalformedAppData", "AppDataSpelling"], base64,
                String(small.dropLast(4)) + "éAAA", code: "MALFORMED_APP_DATA"),
            dec(
                "a fullwidth letter (U+FF21) in place of A", ["MalformedAppData", "AppDataSpelling"], base64,
                String(small.dropLast(4)) + "\u{FF21}AAA", code: "MALFORMED_APP_DATA"),
            dec(
                "= in the middle", ["MalformedAppData", "AppDataSpelling"], base64, "CgZh=MWIyYzM",
                code: "MALFORMED_APP_DATA"),
            dec(
                "only padding (====): Foundation reads one zero byte, field number 0, not a protobuf",
                ["MalformedAppData", "AppDataSpelling"], base64, "====", code: "MALFORMED_APP_DATA"),
            dec(
                "the empty value: no bytes, the empty metadata", ["AppDataCompression"], fromCompact, ""),
        ]
        // The frame: the header's length, the declared size's edges and the ratio in integers,
        // checked before anything is inflated (a body that is not DEFLATE shows which check ran).
        let junk: [UInt8] = [0xFF, 0xFF, 0xFF, 0xFF]
        let guards = "\(serialization):199-214"
        cases += [
            dec(
                "the marker and the four size bytes, no body", ["MalformedAppData"], guards,
                text([0x1F, 0, 0, 1, 0x9D]), code: "MALFORMED_APP_DATA"),
            dec(
                "declared 400 over 4 bytes that are not DEFLATE: ratio 100 exactly passes, inflating fails",
                ["MalformedAppData", "RatioIntegerDivision"], guards, framed(400, junk), code: "MALFORMED_APP_DATA"),
            dec(
                "declared 403 over 4 bytes that are not DEFLATE: 100.75 passes in integer division, inflating fails",
                ["MalformedAppData", "RatioIntegerDivision"], guards, framed(403, junk), code: "MALFORMED_APP_DATA"),
            dec(
                "declared 404 over 4 bytes: ratio 101, refused before inflating", ["DecompressionBomb"], guards,
                framed(404, junk), code: "DECOMPRESSION_BOMB"),
            dec(
                "declared exactly 10 MiB over 4 bytes: within the size cap, over the ratio", ["DecompressionBomb"],
                guards, framed(10 * 1024 * 1024, junk), code: "DECOMPRESSION_BOMB"),
            dec(
                "declared 2^31 (a size read as a signed 32-bit integer would be negative)", ["DecompressionBomb"],
                guards, framed(1 << 31, body), code: "DECOMPRESSION_BOMB"),
            dec(
                "declared 2^32 - 1", ["DecompressionBomb"], guards, framed(UInt32.max, body),
                code: "DECOMPRESSION_BOMB"),
            dec(
                "declared size 0 over 102's stream", ["MalformedAppData"], guards, framed(0, body),
                code: "MALFORMED_APP_DATA"),
        ]
        cases += try streamCases()
        cases += try wireCases()
        cases += frameEdgeCases()
        cases += try windowCases()
        return cases
    }

    /// DEFLATE's window is 32 KB: a back-reference more than 16 KB back must be followed.
    static func windowCases() throws -> [VectorCase] {
        var far = Convos_ConversationCustomMetadata()
        let noiseText = Base64.encode(noise(12_600, seed: 1))
        far.tag = noiseText + String(noiseText.prefix(400))
        let farBytes = [UInt8](try far.serializedData())
        return [
            dec(
                "a back-reference 16,800 bytes back (a tag whose last 400 characters repeat its first): DEFLATE's "
                    + "window is 32 KB", ["AppDataCompression", "EncoderFreedom"], inflate,
                framed(UInt32(farBytes.count), Zlib.deflate(farBytes, format: .raw, level: 9)))
        ]
    }

    /// The frame's checks at their edges: the shortest body, and the size cap where the ratio passes.
    static func frameEdgeCases() -> [VectorCase] {
        let guards = "\(serialization):199-214"
        var cases = [
            dec(
                "declared 10 MiB + 1 over a body of one byte: the shortest body passes the length check, the size "
                    + "is refused", ["DecompressionBomb"], guards, framed(10 * 1024 * 1024 + 1, [0x78]),
                code: "DECOMPRESSION_BOMB"),
            dec(
                "declared 100 over the one byte 0x78: ratio 100 passes; not DEFLATE, and too short for a zlib header",
                ["MalformedAppData", "AppDataZlibHeader"], guards, framed(100, [0x78]), code: "MALFORMED_APP_DATA"),
            dec(
                "declared 101 over one byte: ratio 101, refused before inflating", ["DecompressionBomb"], guards,
                framed(101, [0x78]), code: "DECOMPRESSION_BOMB"),
        ]
        // The size cap on its own: a body long enough (103,820 bytes) that the ratio passes.
        let longJunk = [UInt8](repeating: 0xFF, count: 103_820)
        cases += [
            dec(
                "declared exactly 10 MiB over 103,820 bytes that are not DEFLATE: within the cap, ratio 100 in "
                    + "integer division, so inflating runs and fails", ["MalformedAppData", "DecompressionBomb"],
                guards, framed(10 * 1024 * 1024, longJunk), code: "MALFORMED_APP_DATA"),
            dec(
                "declared 10 MiB + 1 over the same 103,820 bytes: the ratio would pass, the size cap refuses",
                ["DecompressionBomb"], guards, framed(10 * 1024 * 1024 + 1, longJunk), code: "DECOMPRESSION_BOMB"),
        ]
        return cases
    }

    /// The body: every DEFLATE block type, and what the app does with bytes after the declared
    /// size, a stream cut short, and a zlib header it skips without reading its trailer.
    static func streamCases() throws -> [VectorCase] {
        let raw = sixMembersBytes
        let size = UInt32(raw.count)
        let body = Zlib.deflate(raw, format: .raw)
        let wrapped = Zlib.deflate(raw, format: .zlib)
        var cases = [
            dec(
                "stored blocks (level 0)", ["AppDataCompression", "EncoderFreedom"], inflate,
                framed(size, Zlib.deflate(raw, format: .raw, level: 0))),
            dec(
                "compressed at level 1", ["AppDataCompression", "EncoderFreedom"], inflate,
                framed(size, Zlib.deflate(raw, format: .raw, level: 1))),
            dec(
                "compressed at level 9", ["AppDataCompression", "EncoderFreedom"], inflate,
                framed(size, Zlib.deflate(raw, format: .raw, level: 9))),
            dec(
                "two bytes after the end of the stream: the app inflates the declared size and reads no further; "
                    + unwritten, ["AppDataTrailing"], inflate, framed(size, body + [0x00, 0xFF]), also: mayRefuse),
            dec(
                "a zlib stream whose Adler-32 trailer is wrong: the app never reads it; \(unwritten)",
                ["AppDataZlibHeader", "AppDataTrailing"], "\(serialization):220-229",
                framed(size, Array(wrapped.dropLast(4)) + wrapped.suffix(4).map { $0 ^ 0x55 }), also: mayRefuse),
            dec(
                "a zlib stream without its trailer: the app never reads it; \(unwritten)",
                ["AppDataZlibHeader", "AppDataTrailing"], "\(serialization):220-229",
                framed(size, Array(wrapped.dropLast(4))), also: mayRefuse),
            dec(
                "a zlib header with window size 2^16 (CINFO 8, which RFC 1950 does not allow): the app checks only "
                    + "the method and the multiple of 31; \(unwritten)", ["AppDataZlibHeader"],
                "\(serialization):220-229", framed(size, zlibHeader(cmf: 0x88, dictionary: false) + body),
                also: mayRefuse),
            dec(
                "a zlib header asking for a preset dictionary (FDICT): the app skips the two bytes and reads the "
                    + "stream; \(unwritten)", ["AppDataZlibHeader"], "\(serialization):220-229",
                framed(size, zlibHeader(cmf: 0x78, dictionary: true) + body), also: mayRefuse),
            dec(
                "a header with method 9: not zlib, and not raw DEFLATE", ["MalformedAppData", "AppDataZlibHeader"],
                "\(serialization):220-231", framed(size, zlibHeader(cmf: 0x79, dictionary: false) + body),
                code: "MALFORMED_APP_DATA"),
            dec(
                "a gzip stream: neither raw DEFLATE nor a zlib header", ["MalformedAppData"],
                "\(serialization):216-231", framed(size, Zlib.deflate(raw, format: .gzip)), code: "MALFORMED_APP_DATA"),
            dec(
                "a zlib header before a stream that does not inflate", ["MalformedAppData", "AppDataZlibHeader"],
                "\(serialization):220-231", framed(size, [0x78, 0x9C, 0xFF, 0xFF, 0xFF]), code: "MALFORMED_APP_DATA"),
        ]
        // The stream cut short: the app counts it when the declared bytes come out before the cut.
        for dropped in [1, 8] {
            let appData = framed(size, Array(body.dropLast(dropped)))
            let reads = asDeployed(appData).members?.first?.key == "output"
            cases.append(
                dec(
                    "the stream without its last \(dropped) byte\(dropped == 1 ? "" : "s"): "
                        + (reads
                            ? "the declared bytes all come out before the cut, so the app reads it; \(unwritten)"
                            : "the declared bytes do not all come out"),
                    ["AppDataCut"], inflate, appData,
                    code: reads ? nil : "MALFORMED_APP_DATA", also: reads ? mayRefuse : []))
        }
        return cases
    }

    /// A two-byte zlib header with this CMF whose CMF*256+FLG is a multiple of 31.
    static func zlibHeader(cmf: UInt8, dictionary: Bool) -> [UInt8] {
        let base = UInt16(cmf) << 8 | (dictionary ? 0x20 : 0)
        let check = UInt8((31 - Int(base % 31)) % 31)
        return [cmf, UInt8(base & 0xFF) | check]
    }
}
