import ConvosExplode
import Foundation
import PushProofConformance
import PushProofCrypto
import PushProofJSON

/// explode_metadata: PushProof's advice on reading appData (explode.metadataDecode, hardened):
/// one spelling per value, the ratio guard exact, and a stream that ends where it says.
extension ExplodeMetadataVectors {
    static func hardenedCases() throws -> [VectorCase] {
        let raw = sixMembersBytes
        let size = UInt32(raw.count)
        let body = Zlib.deflate(raw, format: .raw)
        let wrapped = Zlib.deflate(raw, format: .zlib)
        let small = "CgZhMWIyYzMZyEc8aAAAAAA"
        let oneSpelling =
            "Why: base64url without padding is the only spelling deployed writers produce; a reader that takes "
            + "others reads values no writer made, and two readers disagree on which values are valid"
        let exactStream =
            "Why: a stream must end where its frame says; bytes nobody reads can carry anything, and a value read "
            + "short silently loses the fields after the cut (expiresAtUnix is written last)"
        let checksum =
            "Why: the zlib trailer is the stream's integrity check; a stream that fails it, or lacks it, is corrupt"
        let header =
            "Why: not a zlib header a zlib decoder reads (RFC 1950: window at most 2^15, no preset dictionary the "
            + "value does not carry)"
        let ratio =
            "Why: the bomb guard says 100 times; integer division lets 100.99 through, and a guard should mean "
            + "what it says"
        func strict(_ comment: String, _ flags: [String], _ source: String, _ appData: String, code: String)
            -> VectorCase
        {
            dec(comment, flags, source, appData, code: code, deployed: asDeployed(appData))
        }
        let malformed = "MALFORMED_APP_DATA"
        let cut = framed(UInt32(raw.count - 9), body)
        var cases = [
            dec("uncompressed: read", ["AppDataCompression"], fromCompact, small),
            dec("compressed, raw DEFLATE: read", ["AppDataCompression"], inflate, framed(size, body)),
            dec(
                "a zlib stream with its checksum: read", ["AppDataZlibHeader"], "\(serialization):194-229",
                framed(size, wrapped)),
            dec("the empty value: the empty metadata", ["AppDataCompression"], fromCompact, ""),
            dec(
                "ratio exactly 100 (declared 400 over 4 bytes that are not DEFLATE): passes, inflating fails",
                ["MalformedAppData"], "\(serialization):213-214", framed(400, [0xFF, 0xFF, 0xFF, 0xFF]),
                code: malformed),
            strict(
                "standard base64 with padding: MALFORMED_APP_DATA. \(oneSpelling)", ["AppDataBase64Lenient"],
                fromCompact, Base64.encode(raw), code: malformed),
            strict(
                "non-zero unused bits in the last character: MALFORMED_APP_DATA. \(oneSpelling)",
                ["AppDataBase64Lenient"], fromCompact, String(small.dropLast()) + "B", code: malformed),
            strict(
                "base64url with its padding: MALFORMED_APP_DATA. \(oneSpelling)", ["AppDataBase64Lenient"],
                fromCompact, small + "=", code: malformed),
            strict(
                "both alphabets in one value: MALFORMED_APP_DATA. \(oneSpelling)", ["AppDataBase64Lenient"],
                fromCompact,
                Base64.encode(raw).replacingOccurrences(of: "=", with: "").replacingOccurrences(of: "/", with: "_"),
                code: malformed),
            strict(
                "a declared ratio just over 100: DECOMPRESSION_BOMB. \(ratio)", ["RatioIntegerDivision"],
                "\(serialization):213-214", try ratioJustOver100().text, code: "DECOMPRESSION_BOMB"),
            strict(
                "declared 403 over 4 bytes (ratio 100.75): DECOMPRESSION_BOMB before inflating. \(ratio)",
                ["RatioIntegerDivision"], "\(serialization):213-214", framed(403, [0xFF, 0xFF, 0xFF, 0xFF]),
                code: "DECOMPRESSION_BOMB"),
            strict(
                "declared size 9 bytes short, cutting the stream just before expiresAtUnix: MALFORMED_APP_DATA. "
                    + exactStream, ["AppDataCut"], inflate, cut, code: malformed),
            strict(
                "two bytes after the end of the stream: MALFORMED_APP_DATA. \(exactStream)", ["AppDataTrailing"],
                inflate, framed(size, body + [0x00, 0xFF]), code: malformed),
            strict(
                "a zlib stream whose Adler-32 trailer is wrong: MALFORMED_APP_DATA. \(checksum)", ["AppDataTrailing"],
                "\(serialization):220-229",
                framed(size, Array(wrapped.dropLast(4)) + wrapped.suffix(4).map { $0 ^ 0x55 }), code: malformed),
            strict(
                "a zlib stream without its trailer: MALFORMED_APP_DATA. \(checksum)", ["AppDataTrailing"],
                "\(serialization):220-229", framed(size, Array(wrapped.dropLast(4))), code: malformed),
            strict(
                "a zlib header with window size 2^16 (CINFO 8): MALFORMED_APP_DATA. \(header)", ["AppDataZlibHeader"],
                "\(serialization):220-229", framed(size, zlibHeader(cmf: 0x88, dictionary: false) + body),
                code: malformed),
            strict(
                "a zlib header asking for a preset dictionary: MALFORMED_APP_DATA. \(header)", ["AppDataZlibHeader"],
                "\(serialization):220-229", framed(size, zlibHeader(cmf: 0x78, dictionary: true) + body),
                code: malformed),
        ]
        for dropped in [1, 8] {
            let appData = framed(size, Array(body.dropLast(dropped)))
            if asDeployed(appData).members?.first?.key == "output" {
                cases.append(
                    strict(
                        "the stream without its last \(dropped) byte\(dropped == 1 ? "" : "s"), the declared bytes "
                            + "all out before the cut: MALFORMED_APP_DATA. \(exactStream)", ["AppDataCut"], inflate,
                        appData, code: malformed))
            }
        }
        // The guards the app already has, at their other edges: the size cap and a whole ratio over 100.
        cases += [
            dec(
                "declared size 10 MiB + 1: DECOMPRESSION_BOMB, as the app", ["DecompressionBomb"],
                "\(serialization):9, 42-44, 208", framed(10 * 1024 * 1024 + 1, body), code: "DECOMPRESSION_BOMB"),
            dec(
                "declared 101 over one byte (ratio 101): DECOMPRESSION_BOMB before inflating, as the app",
                ["DecompressionBomb"], "\(serialization):199-214", framed(101, [0x78]), code: "DECOMPRESSION_BOMB"),
        ]
        return cases
    }
}
