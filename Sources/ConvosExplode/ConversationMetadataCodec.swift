import Foundation
import PushProofCrypto
import SwiftProtobuf

/// `ConversationCustomMetadata` in the group's appData: the protobuf bytes, compressed when
/// longer than 100 bytes and compression shrinks them (`0x1F`, the original size as a big-endian
/// u32, then raw DEFLATE), then base64url without padding. The encoded value is capped at 8 KB.
///
/// Encoding is the app's (xmtplabs/convos-ios@5d1e833e:ConvosAppData/Sources/ConvosAppData/
/// AppDataSerialization.swift:19-31, 141-189): Apple's `COMPRESSION_ZLIB`, documented as zlib's raw
/// DEFLATE at level 5 (developer.apple.com/documentation/compression/compression_zlib); the bytes
/// are Apple's encoder's, so vectors judge an encoding by what it decodes to.
///
/// Decoding has two readings. `deployed` is the app's (fromCompactString, :36-51, 116-131,
/// 198-263): Foundation's base64 after mapping the URL alphabet and padding, a ratio checked in
/// integer division, a stream inflated into exactly the declared size whatever follows, a zlib
/// header skipped without reading its trailer. `hardened` is PushProof's: canonical base64url
/// without padding, a ratio of at most 100 exactly, a stream (raw, or zlib with its checksum) that
/// ends exactly at the declared size and at the end of the value.
public enum ConversationMetadataCodec {
    public enum Reading: String, Equatable, Sendable, CaseIterable {
        case deployed, hardened
    }

    public static let compressionMarker: UInt8 = 0x1F
    public static let compressionThreshold = 100
    public static let maximumEncodedSize = 8 * 1024
    public static let maximumDeclaredSize = 10 * 1024 * 1024
    public static let maximumRatio = 100
    /// The zlib level Apple's `COMPRESSION_ZLIB` encoder is documented to match.
    public static let appleZlibLevel = 5

    public static func encode(_ metadata: Convos_ConversationCustomMetadata) throws(ExplodeError) -> String {
        let raw = [UInt8](try! metadata.serializedData())
        var stored = raw
        if raw.count > compressionThreshold {
            let compressed = Zlib.deflate(raw, format: .raw, level: appleZlibLevel)
            let candidate =
                [compressionMarker] + withUnsafeBytes(of: UInt32(raw.count).bigEndian) { Array($0) } + compressed
            if candidate.count < raw.count { stored = candidate }
        }
        let text = Base64.encode(stored, variant: .urlSafeNoPadding)
        guard text.utf8.count <= maximumEncodedSize else { throw .appDataTooLarge(size: text.utf8.count) }
        return text
    }

    public static func decode(_ text: String, reading: Reading = .hardened) throws(ExplodeError)
        -> Convos_ConversationCustomMetadata
    {
        let bytes = try protobufBytes(text, reading: reading)
        do {
            return try Convos_ConversationCustomMetadata(serializedBytes: bytes)
        } catch {
            throw .malformedAppData("not a ConversationCustomMetadata protobuf")
        }
    }

    /// The protobuf bytes an appData value holds, decompressed when it is framed.
    public static func protobufBytes(_ text: String, reading: Reading) throws(ExplodeError) -> [UInt8] {
        let stored: [UInt8]
        switch reading {
        case .deployed:
            stored = try base64URLDecodedAsDeployed(text)
        case .hardened:
            guard let bytes = try? Base64.decode(text, variant: .urlSafeNoPadding) else {
                throw .malformedAppData("appData is not base64url without padding")
            }
            stored = bytes
        }
        guard stored.first == compressionMarker else { return stored }
        // The header: the declared size (big-endian u32), then at least one compressed byte.
        guard stored.count >= 6 else { throw .malformedAppData("the compression header is cut short") }
        let declared = Int(stored[1..<5].reduce(UInt32(0)) { $0 << 8 | UInt32($1) })
        let compressed = Array(stored[5...])
        // The app refuses a declared size of zero (AppDataSerialization.swift:208 upstream).
        guard declared > 0 else { throw .malformedAppData("declared size 0") }
        guard declared <= maximumDeclaredSize else {
            throw .decompressionBomb("declared size \(declared) bytes is over \(maximumDeclaredSize)")
        }
        // The app divides in integers (:213-214), so a ratio up to 100.99 passes; hardened: 100 exactly.
        let withinRatio =
            reading == .deployed
            ? declared / compressed.count <= maximumRatio : declared <= compressed.count * maximumRatio
        guard withinRatio else {
            throw .decompressionBomb(
                "declared size \(declared) is over \(maximumRatio) times the \(compressed.count) compressed bytes")
        }
        let inflated = reading == .deployed ? inflatedAsDeployed(compressed, declared) : inflated(compressed, declared)
        guard let inflated else {
            throw .malformedAppData("the compressed metadata does not inflate to its declared size")
        }
        return inflated
    }

    /// base64URLDecoded (:116-131): `-` and `_` mapped to `+` and `/`, `=` appended up to a
    /// multiple of four characters, then Foundation's `Data(base64Encoded:)`, default options.
    static func base64URLDecodedAsDeployed(_ text: String) throws(ExplodeError) -> [UInt8] {
        // Character by character, as NSString's replacement matches whole composed characters
        // (and Foundation's decoder refuses anything beyond ASCII, which either way is left).
        var base64 = String(text.map { $0 == "-" ? "+" : $0 == "_" ? "/" : $0 })
        let padding = 4 - base64.count % 4
        if padding < 4 { base64 += String(repeating: "=", count: padding) }
        guard let data = Data(base64Encoded: base64) else {
            throw .malformedAppData("appData is not base64 as Foundation reads it")
        }
        return [UInt8](data)
    }

    /// decompressedWithSize (:216-231): the body inflated as raw DEFLATE into exactly the declared
    /// size; when that fails and the body starts with a zlib header (method 8, CMF/FLG a multiple of
    /// 31), the raw stream after those two bytes; the Adler-32 trailer is never read.
    static func inflatedAsDeployed(_ body: [UInt8], _ declared: Int) -> [UInt8]? {
        if let out = filled(body[...], declared) { return out }
        guard body.count >= 2, body[0] & 0x0F == 8, (UInt16(body[0]) << 8 | UInt16(body[1])) % 31 == 0 else {
            return nil
        }
        return filled(body.dropFirst(2), declared)
    }

    /// rawInflate (:235-263): `compression_decode_buffer` into exactly `size` bytes, which counts
    /// only when it fills them; whatever the stream holds after them is not read.
    static func filled(_ source: ArraySlice<UInt8>, _ size: Int) -> [UInt8]? {
        guard !source.isEmpty, let out = try? Zlib.inflatePrefix(Array(source), format: .raw, capacity: size),
            out.count == size
        else { return nil }
        return out
    }

    /// PushProof's reading: raw DEFLATE, or a well-formed zlib stream with its checksum, that ends
    /// exactly at the end of the value and inflates to exactly the declared size (one byte of
    /// headroom: a longer stream is caught, not truncated).
    static func inflated(_ body: [UInt8], _ declared: Int) -> [UInt8]? {
        let formats: [Zlib.Format] = isZlibHeader(body) ? [.zlib, .raw] : [.raw]
        for format in formats {
            if let out = try? Zlib.inflate(body, format: format, limit: declared + 1), out.count == declared {
                return out
            }
        }
        return nil
    }

    /// Whether a framed value's body is raw DEFLATE, ending at the end of the value and inflating to
    /// exactly its declared size: what the app writes (`COMPRESSION_ZLIB`, :151-189) and the one form
    /// every version of its reader takes. Its reader skipped a zlib header only from convos-ios
    /// c687b8d7 (July 2026, "accept zlib-wrapped compressed appData from CLI/herald"); the readers
    /// before it (f47421a9, :191-236) inflate raw DEFLATE alone and read a zlib stream as empty
    /// metadata (the fixture's comment in EdgeCaseTests.swift:64-82: "without the zlib fallback it
    /// decodes to empty metadata").
    public static func holdsRawDeflate(_ stored: [UInt8]) -> Bool {
        guard stored.first == compressionMarker, stored.count >= 6 else { return false }
        let declared = Int(stored[1..<5].reduce(UInt32(0)) { $0 << 8 | UInt32($1) })
        guard declared > 0, let out = try? Zlib.inflate(Array(stored[5...]), format: .raw, limit: declared + 1)
        else { return false }
        return out.count == declared
    }

    /// The protobuf bytes a stored value holds as the app writes it: an unframed value's own bytes,
    /// or a framed value's raw DEFLATE body inflated to its declared size (at most
    /// `maximumDeclaredSize`), with no limit on the ratio: what an encoder wrote, whether or not a
    /// reader's limits would take it back. `nil` when a framed body is not raw DEFLATE of its size.
    public static func heldProtobuf(_ stored: [UInt8]) -> [UInt8]? {
        guard stored.first == compressionMarker else { return stored }
        guard stored.count >= 6 else { return nil }
        let declared = Int(stored[1..<5].reduce(UInt32(0)) { $0 << 8 | UInt32($1) })
        guard declared > 0, declared <= maximumDeclaredSize,
            let out = try? Zlib.inflate(Array(stored[5...]), format: .raw, limit: declared + 1), out.count == declared
        else { return nil }
        return out
    }

    /// A zlib stream starts with CMF 0x?8 (deflate, window <= 32K) and CMF*256+FLG divisible by 31.
    private static func isZlibHeader(_ b: [UInt8]) -> Bool {
        b.count >= 2 && b[0] & 0x0F == 8 && b[0] >> 4 <= 7 && (UInt16(b[0]) << 8 | UInt16(b[1])) % 31 == 0
    }
}
