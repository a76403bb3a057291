import Foundation
import PushProofCrypto
import PushProofJSON
import SwiftProtobuf

/// The ExplodeSettings content: when the conversation explodes, in whole Unix seconds (UTC).
public struct ExplodeSettings: Equatable, Sendable {
    public var expiresAt: Int64
    public init(expiresAt: Int64) { self.expiresAt = expiresAt }
}

/// How a decoded timestamp was written (vectors say which forms are valid and which acceptable).
public struct DecodedExplodeSettings: Equatable, Sendable {
    public var settings: ExplodeSettings
    public var hadFraction: Bool
    public var hadOffset: Bool
}

/// The `convos.org/explode_settings` 1.0 codec.
///
/// Encoding is what the iOS app writes: content `{"expiresAt":"2025-06-01T12:30:00Z"}` (whole
/// seconds, `Z`), fallback `Conversation expires at 2025-06-01 12:30:00 +0000`, no parameters,
/// no compression; `shouldPush` is true.
///
/// Decoding refuses what the iOS app (xmtplabs/convos-ios@5d1e833e over xmtp/libxmtp@a53a97ed's
/// iOS SDK) refuses: a ContentTypeId other than exactly `convos.org:explode_settings:1.0` (minor
/// version and unknown fields included), DEFLATE content that is not raw DEFLATE, content
/// labelled GZIP (the SDK runs Apple LZFSE there, which PushProof does not decode), content that
/// inflates to nothing. Inflating keeps at most four times the compressed size and cuts the rest,
/// as the SDK's buffer does. Where iOS is more lenient (impossible dates rolled over, trailing
/// characters, an unknown compression method ignored) the reference keeps its strict RFC 3339
/// reading and the vectors allow both answers; `decodeContentAsDeployed` is iOS's reading of the
/// content JSON. docs/audit/explode_codec.md has the upstream lines.
public enum ExplodeSettingsCodec {
    public static let authorityId = "convos.org"
    public static let typeId = "explode_settings"
    public static let versionMajor: UInt32 = 1
    public static let versionMinor: UInt32 = 0
    public static let shouldPush = true
    /// The SDK inflates into a buffer of four times the compressed size and keeps what fits.
    public static let inflateFactor = 4

    /// Whose reading of the content: the app's (`deployed`: Foundation's JSONDecoder and ISO 8601
    /// parser, an unknown compression passed through), or PushProof's (`hardened`: strict JSON,
    /// RFC 3339 and nothing more on the proleptic Gregorian calendar, an unknown compression
    /// refused).
    public enum Reading: String, Equatable, Sendable, CaseIterable {
        case deployed, hardened
    }

    /// 1582-10-15T00:00:00Z, the first day Foundation's Gregorian calendar counts as Gregorian:
    /// before it, iOS writes and reads Julian dates.
    public static let gregorianCutover: Int64 = -12_219_292_800

    public static var contentType: Xmtp_MessageContents_ContentTypeId {
        var id = Xmtp_MessageContents_ContentTypeId()
        id.authorityID = authorityId
        id.typeID = typeId
        id.versionMajor = versionMajor
        id.versionMinor = versionMinor
        return id
    }

    /// The content JSON: one key, compact.
    public static func contentJSON(_ settings: ExplodeSettings) throws(ExplodeError) -> [UInt8] {
        guard let text = RFC3339.format(unixSeconds: settings.expiresAt) else { throw .dateOutOfRange }
        return JSONWriter.compactBytes(["expiresAt": .string(text)])
    }

    public static func fallback(_ settings: ExplodeSettings) throws(ExplodeError) -> String {
        guard let form = RFC3339.fallbackForm(unixSeconds: settings.expiresAt) else { throw .dateOutOfRange }
        return "Conversation expires at \(form)"
    }

    /// The content JSON and fallback the app writes: the reference's for the years 0000 to 9999 on
    /// or after `gregorianCutover`, and Foundation's own text elsewhere (a Julian date before the
    /// cut-over, a year of five or more digits after 9999, a negative year before year 0, the
    /// instant held within Foundation's calendar range), its fallback following the content's text
    /// (by reading ICU's pattern).
    public static func contentAndFallbackAsDeployed(_ settings: ExplodeSettings) throws(ExplodeError) -> (
        content: [UInt8], fallback: String
    ) {
        if settings.expiresAt >= gregorianCutover, let content = try? contentJSON(settings) {
            return (content, try fallback(settings))
        }
        guard let content = contentJSONAsDeployed(unixSeconds: settings.expiresAt),
            let written = fallbackAsDeployed(content: content)
        else { throw .dateOutOfRange }
        return (content, written)
    }

    /// The fallback iOS writes beside a content JSON it wrote: Darwin's `Date.description`
    /// (`yyyy-MM-dd HH:mm:ss +0000`, by reading ICU's pattern) of the same date. Nil for a content
    /// that is not Foundation's `{"expiresAt":"...Z"}`.
    public static func fallbackAsDeployed(content: [UInt8]) -> String? {
        guard let text = (try? JSONParser.parse(content))?["expiresAt"]?.stringValue, text.hasSuffix("Z"),
            let t = text.firstIndex(of: "T")
        else { return nil }
        return "Conversation expires at \(text[..<t]) \(text[text.index(after: t)...].dropLast()) +0000"
    }

    public static func encode(_ settings: ExplodeSettings) throws(ExplodeError) -> Xmtp_MessageContents_EncodedContent {
        encode(content: try contentJSON(settings), fallback: try fallback(settings))
    }

    /// The message the SDK builds from the codec's content and fallback.
    public static func encode(content: [UInt8], fallback: String) -> Xmtp_MessageContents_EncodedContent {
        var message = Xmtp_MessageContents_EncodedContent()
        message.type = contentType
        message.fallback = fallback
        message.content = Data(content)
        return message
    }

    public static func encodedBytes(_ settings: ExplodeSettings) throws(ExplodeError) -> [UInt8] {
        let message = try encode(settings)
        // Serialising a message built here cannot fail; SwiftProtobuf writes fields in number order.
        return [UInt8](try! message.serializedData())
    }

    /// Decodes EncodedContent bytes.
    public static func decode(_ bytes: [UInt8], reading: Reading = .hardened) throws(ExplodeError)
        -> DecodedExplodeSettings
    {
        let message: Xmtp_MessageContents_EncodedContent
        do {
            message = try Xmtp_MessageContents_EncodedContent(serializedBytes: bytes)
        } catch {
            throw .malformedProtobuf
        }
        return try decode(message, reading: reading)
    }

    public static func decode(_ message: Xmtp_MessageContents_EncodedContent, reading: Reading = .hardened)
        throws(ExplodeError) -> DecodedExplodeSettings
    {
        guard message.hasType, message.type.authorityID == authorityId, message.type.typeID == typeId else {
            throw .wrongContentType
        }
        // The SDK's codec registry key and SwiftProtobuf's == both include the minor version.
        guard message.type.versionMajor == versionMajor, message.type.versionMinor == versionMinor else {
            throw .unsupportedVersion(major: message.type.versionMajor, minor: message.type.versionMinor)
        }
        // SwiftProtobuf's == compares unknown fields too: a ContentTypeId with one is another type.
        guard message.type == contentType else { throw .wrongContentType }
        var content = [UInt8](message.content)
        if message.hasCompression {
            content = try inflate(content, message.compression, reading: reading)
        }
        return try decodeContent(content, reading: reading)
    }

    /// The SDK's `decompressContent`: DEFLATE through Apple's COMPRESSION_ZLIB (raw DEFLATE only)
    /// into `inflateFactor` times the compressed size, what does not fit cut off; an empty result
    /// is a failure. Another method is passed through as it is (`deployed`) or refused.
    static func inflate(_ content: [UInt8], _ compression: Xmtp_MessageContents_Compression, reading: Reading)
        throws(ExplodeError) -> [UInt8]
    {
        switch compression {
        case .deflate:
            let inflated: [UInt8]
            do {
                inflated = try Zlib.inflatePrefix(content, format: .raw, capacity: content.count * inflateFactor)
            } catch {
                throw .badCompression("the content does not inflate as raw DEFLATE (\(error))")
            }
            guard !inflated.isEmpty else { throw .badCompression("the content inflates to nothing") }
            return inflated
        case .gzip:
            throw .badCompression(
                "content labelled GZIP is Apple LZFSE in the iOS SDK, which PushProof does not decode")
        case .UNRECOGNIZED:
            // The SDK's `default: return copy` (ContentCodec.swift:72-73): the content as it is.
            guard reading == .deployed else { throw .badCompression("unknown compression method") }
            return content
        }
    }

    /// The iOS app's content JSON for an instant: Foundation's `JSONEncoder` with `.iso8601`
    /// (swift-foundation's `date.formatted(.iso8601)`, which iOS 26 runs too): whole seconds, a
    /// Julian date before 1582-10-15, a year of five digits after 9999, a signed year before year 0,
    /// the instant held within `Date.validCalendarRange` (-4712-01-01T12:00:00Z to
    /// 506713-02-07T00:00:00Z).
    public static func contentJSONAsDeployed(unixSeconds: Int64) -> [UInt8]? {
        struct Content: Encodable { var expiresAt: Date }
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        return try? [UInt8](encoder.encode(Content(expiresAt: Date(timeIntervalSince1970: Double(unixSeconds)))))
    }

    /// The iOS app's reading of the content JSON: Foundation's `JSONDecoder` with the `.iso8601`
    /// date strategy (ExplodeSettingsCodec.swift:44-57 upstream). On iOS 26 that is
    /// swift-foundation's `Date.ISO8601FormatStyle`, the code this platform's Foundation runs too:
    /// it rolls impossible dates over, reads a Julian calendar before 1582-10-15, ignores
    /// characters after the zone, takes the first of a repeated key. Nil where the app's decoder
    /// throws. The `deployed` reading of `decodeContent`.
    public static func decodeContentAsDeployed(_ content: [UInt8]) -> Double? {
        struct Content: Decodable { var expiresAt: Date }
        guard !content.isEmpty else { return nil }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return try? decoder.decode(Content.self, from: Data(content)).expiresAt.timeIntervalSince1970
    }

    /// The content JSON. `deployed`: as the app reads it (`decodeContentAsDeployed`), the instant
    /// floored to whole seconds. `hardened`: strict JSON with an `expiresAt` member (other keys
    /// ignored, as the Codable decoder does) that RFC 3339 allows, on the proleptic Gregorian
    /// calendar.
    public static func decodeContent(_ content: [UInt8], reading: Reading = .hardened) throws(ExplodeError)
        -> DecodedExplodeSettings
    {
        guard !content.isEmpty else { throw .emptyContent }
        let parsed = (try? JSONParser.parse(content)).flatMap { json in
            json.members != nil ? json["expiresAt"]?.stringValue.flatMap(RFC3339.parse) : nil
        }
        if reading == .deployed {
            guard let app = decodeContentAsDeployed(content), let seconds = Int64(exactly: app.rounded(.down)) else {
                throw .invalidJSON
            }
            return DecodedExplodeSettings(
                settings: ExplodeSettings(expiresAt: seconds), hadFraction: parsed?.hadFraction ?? false,
                hadOffset: parsed?.hadOffset ?? false)
        }
        guard let parsed else { throw .invalidJSON }
        return DecodedExplodeSettings(
            settings: ExplodeSettings(expiresAt: parsed.unixSeconds), hadFraction: parsed.hadFraction,
            hadOffset: parsed.hadOffset)
    }
}

/// The MLS group wrapper: `PlaintextEnvelope { V1 { content = EncodedContent bytes; idempotency_key } }`.
public enum PlaintextEnvelopeV1 {
    public static func wrap(_ encodedContent: [UInt8], idempotencyKey: String) -> [UInt8] {
        var v1 = Xmtp_Mls_MessageContents_PlaintextEnvelope.V1()
        v1.content = Data(encodedContent)
        v1.idempotencyKey = idempotencyKey
        var envelope = Xmtp_Mls_MessageContents_PlaintextEnvelope()
        envelope.content = .v1(v1)
        return [UInt8](try! envelope.serializedData())
    }

    public static func unwrap(_ bytes: [UInt8]) throws(ExplodeError) -> (
        encodedContent: [UInt8], idempotencyKey: String
    ) {
        guard let envelope = try? Xmtp_Mls_MessageContents_PlaintextEnvelope(serializedBytes: bytes),
            case .v1(let v1)? = envelope.content
        else { throw .malformedProtobuf }
        return ([UInt8](v1.content), v1.idempotencyKey)
    }
}
