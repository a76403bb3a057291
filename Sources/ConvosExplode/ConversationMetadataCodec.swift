import Foundation
import PushProofCrypto
import SwiftProtobuf

/// `ConversationCustomMetadata` in the group's appData: the protobuf bytes, compressed when
/// longer than 100 bytes and compression shrinks them (`0x1F`, the original size as a big-endian
/// u32, then raw DEFLATE), then base64url without padding. The encoded value is capped at 8 KB.
///
/// Decoding accepts a zlib header in place of raw DEFLATE (the Node CLI writes one), and refuses
/// a declared size over 10 MiB or a declared ratio over 100 *before* inflating anything; the
/// inflated size must then equal the declared one.
public enum ConversationMetadataCodec {
    public static let compressionMarker: UInt8 = 0x1F
    public static let compressionThreshold = 100
    public static let maximumEncodedSize = 8 * 1024
    public static let maximumDeclaredSize = 10 * 1024 * 1024
    public static let maximumRatio = 100

    public static func encode(_ metadata: Convos_ConversationCustomMetadata) throws(ExplodeError) -> String {
        let raw = [UInt8](try! metadata.serializedData())
        var stored = raw
        if raw.count > compressionThreshold {
            let compressed = Zlib.deflate(raw, format: .raw)
            let candidate =
                [compressionMarker] + withUnsafeBytes(of: UInt32(raw.count).bigEndian) { Array($0) } + compressed
            if candidate.count < raw.count { stored = candidate }
        }
        let text = Base64.encode(stored, variant: .urlSafeNoPadding)
        guard text.utf8.count <= maximumEncodedSize else { throw .appDataTooLarge(size: text.utf8.count) }
        return text
    }

    public static func decode(_ text: String) throws(ExplodeError) -> Convos_ConversationCustomMetadata {
        guard let stored = try? Base64.decode(text, variant: .urlSafeNoPadding) else {
            throw .malformedAppData("appData is not base64url without padding")
        }
        var bytes = stored
        if stored.first == compressionMarker {
            guard stored.count >= 5 else { throw .malformedAppData("the compression header is cut short") }
            let declared = Int(stored[1..<5].reduce(UInt32(0)) { $0 << 8 | UInt32($1) })
            let compressed = Array(stored[5...])
            // The app refuses a declared size of zero (AppDataSerialization.swift:208 upstream).
            guard declared > 0 else { throw .malformedAppData("declared size 0") }
            guard declared <= maximumDeclaredSize else {
                throw .decompressionBomb("declared size \(declared) bytes is over \(maximumDeclaredSize)")
            }
            guard !compressed.isEmpty, declared <= compressed.count * maximumRatio else {
                throw .decompressionBomb(
                    "declared size \(declared) is over \(maximumRatio) times the \(compressed.count) compressed bytes")
            }
            let formats: [Zlib.Format] = isZlibHeader(compressed) ? [.zlib, .raw] : [.raw]
            var inflated: [UInt8]? = nil
            for format in formats where inflated == nil {
                // One byte of headroom: a stream longer than declared is caught, not truncated.
                inflated = try? Zlib.inflate(compressed, format: format, limit: declared + 1)
            }
            guard let inflated else {
                throw .malformedAppData("the compressed metadata does not inflate within its declared size")
            }
            guard inflated.count == declared else {
                throw .malformedAppData("inflated to \(inflated.count) bytes, \(declared) declared")
            }
            bytes = inflated
        }
        do {
            return try Convos_ConversationCustomMetadata(serializedBytes: bytes)
        } catch {
            throw .malformedAppData("not a ConversationCustomMetadata protobuf")
        }
    }

    /// A zlib stream starts with CMF 0x?8 (deflate, window <= 32K) and CMF*256+FLG divisible by 31.
    private static func isZlibHeader(_ b: [UInt8]) -> Bool {
        b.count >= 2 && b[0] & 0x0F == 8 && b[0] >> 4 <= 7 && (UInt16(b[0]) << 8 | UInt16(b[1])) % 31 == 0
    }
}
