import ConvosExplode
import Foundation
import PushProofConformance
import PushProofCrypto
import PushProofJSON

/// Inputs shared by the ExplodeSettings vector files.
enum ExplodeFixtures {
    static func seconds(_ text: String) -> Int64 { RFC3339.parse(text)!.unixSeconds }

    /// An EncodedContent with the given parts (for decode cases).
    static func encoded(
        _ content: [UInt8], authority: String = "convos.org", type: String = "explode_settings", major: UInt32 = 1,
        minor: UInt32 = 0, hasType: Bool = true, typeUnknownField: Bool = false, compression: Int? = nil
    ) -> String {
        var m = Xmtp_MessageContents_EncodedContent()
        if hasType {
            var t = Xmtp_MessageContents_ContentTypeId()
            t.authorityID = authority
            t.typeID = type
            t.versionMajor = major
            t.versionMinor = minor
            // Field 5 (varint 1), which ContentTypeId does not declare: kept as an unknown field.
            if typeUnknownField { try! t.merge(serializedBytes: [0x28, 0x01]) }
            m.type = t
        }
        if let compression { m.compression = Xmtp_MessageContents_Compression(rawValue: compression) ?? .deflate }
        m.content = Data(content)
        return Hex.encode(try! m.serializedData())
    }

    static func json(_ expiresAt: String) -> [UInt8] { Array("{\"expiresAt\":\"\(expiresAt)\"}".utf8) }
}
