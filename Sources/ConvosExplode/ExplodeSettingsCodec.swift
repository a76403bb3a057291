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
/// no compression; `shouldPush` is true. Decoding accepts what the deployed clients send:
/// whole seconds or a fraction (milliseconds from the CLI, web and Android), `Z` or a numeric
/// offset; it inflates DEFLATE (raw or zlib-wrapped) and GZIP content up to 64 KiB.
public enum ExplodeSettingsCodec {
    public static let authorityId = "convos.org"
    public static let typeId = "explode_settings"
    public static let versionMajor: UInt32 = 1
    public static let versionMinor: UInt32 = 0
    public static let shouldPush = true
    /// The hard cap on inflated content.
    public static let inflateLimit = 64 * 1024

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

    public static func encode(_ settings: ExplodeSettings) throws(ExplodeError) -> Xmtp_MessageContents_EncodedContent {
        var content = Xmtp_MessageContents_EncodedContent()
        content.type = contentType
        content.fallback = try fallback(settings)
        content.content = Data(try contentJSON(settings))
        return content
    }

    public static func encodedBytes(_ settings: ExplodeSettings) throws(ExplodeError) -> [UInt8] {
        let message = try encode(settings)
        // Serialising a message built here cannot fail; SwiftProtobuf writes fields in number order.
        return [UInt8](try! message.serializedData())
    }

    /// Decodes EncodedContent bytes.
    public static func decode(_ bytes: [UInt8]) throws(ExplodeError) -> DecodedExplodeSettings {
        let message: Xmtp_MessageContents_EncodedContent
        do {
            message = try Xmtp_MessageContents_EncodedContent(serializedBytes: bytes)
        } catch {
            throw .malformedProtobuf
        }
        return try decode(message)
    }

    public static func decode(_ message: Xmtp_MessageContents_EncodedContent) throws(ExplodeError)
        -> DecodedExplodeSettings
    {
        guard message.hasType, message.type.authorityID == authorityId, message.type.typeID == typeId else {
            throw .wrongContentType
        }
        // A newer minor version is compatible; another major version is not.
        guard message.type.versionMajor == versionMajor else { throw .unsupportedVersion(message.type.versionMajor) }
        var content = [UInt8](message.content)
        if message.hasCompression {
            content = try inflate(content, message.compression)
        }
        return try decodeContent(content)
    }

    static func inflate(_ content: [UInt8], _ compression: Xmtp_MessageContents_Compression) throws(ExplodeError)
        -> [UInt8]
    {
        let formats: [Zlib.Format]
        switch compression {
        case .deflate:
            // Clients differ on whether DEFLATE carries a zlib header: accept both.
            formats = isZlibHeader(content) ? [.zlib, .raw] : [.raw]
        case .gzip:
            formats = [.gzip]
        case .UNRECOGNIZED:
            throw .badCompression("unknown compression method")
        }
        var lastFailure = Zlib.Failure.badData
        for format in formats {
            do {
                return try Zlib.inflate(content, format: format, limit: inflateLimit)
            } catch .tooLarge {
                throw .contentTooLarge(limit: inflateLimit)
            } catch {
                lastFailure = error
            }
        }
        throw .badCompression("the content does not inflate (\(lastFailure))")
    }

    /// A zlib stream starts with CMF 0x?8 (deflate, window <= 32K) and CMF*256+FLG divisible by 31.
    static func isZlibHeader(_ b: [UInt8]) -> Bool {
        b.count >= 2 && b[0] & 0x0F == 8 && b[0] >> 4 <= 7 && (UInt16(b[0]) << 8 | UInt16(b[1])) % 31 == 0
    }

    /// The content JSON. Unknown keys are ignored (as the iOS Codable decoder does).
    public static func decodeContent(_ content: [UInt8]) throws(ExplodeError) -> DecodedExplodeSettings {
        guard !content.isEmpty else { throw .emptyContent }
        guard let json = try? JSONParser.parse(content), json.members != nil, let text = json["expiresAt"]?.stringValue,
            let parsed = RFC3339.parse(text)
        else { throw .invalidJSON }
        return DecodedExplodeSettings(
            settings: ExplodeSettings(expiresAt: parsed.unixSeconds),
            hadFraction: parsed.hadFraction, hadOffset: parsed.hadOffset)
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
