import PushProofCrypto
import PushProofJSON

/// `Credential` (RFC 9420 §5.3). Other credential types have no defined body: this reader refuses
/// them, unless told to read them as `opaque<V>` (`TLSReader.readsUnknownCredentialsAsOpaque`).
public enum Credential: Equatable, Sendable {
    case basic(identity: [UInt8])
    case x509(certificates: [[UInt8]])
    /// A type with no body RFC 9420 defines (§13.3 lets applications add types), read as `opaque<V>`.
    case other(type: UInt16, data: [UInt8])

    public static let basicType: UInt16 = 1
    public static let x509Type: UInt16 = 2

    public var type: UInt16 {
        switch self {
        case .basic: return Self.basicType
        case .x509: return Self.x509Type
        case .other(let type, _): return type
        }
    }

    static func read(_ r: inout TLSReader) throws(MLSDecodingError) -> Credential {
        switch try r.uint16("credential_type") {
        case basicType: return .basic(identity: try r.opaque("identity"))
        case x509Type:
            return .x509(
                certificates: try r.vector("certificates") { (c: inout TLSReader) throws(MLSDecodingError) in
                    try c.opaque("cert_data")
                })
        case let other:
            guard r.readsUnknownCredentialsAsOpaque else {
                throw .malformed("credential type \(other) has no defined encoding")
            }
            return .other(type: other, data: try r.opaque("credential_data"))
        }
    }

    func write(_ w: inout TLSWriter) {
        w.uint16(type)
        switch self {
        case .basic(let identity): w.opaque(identity)
        case .x509(let certificates): w.vector { for c in certificates { $0.opaque(c) } }
        case .other(_, let data): w.opaque(data)
        }
    }

    var json: JSONValue {
        switch self {
        case .basic(let identity):
            let text = String(validating: identity, as: UTF8.self)
            return text.map { ["type": "basic", "identity": .string($0)] } ?? [
                "type": "basic", "identityHex": .string(Hex.encode(identity)),
            ]
        case .x509(let certificates):
            return ["type": "x509", "certificates": .array(certificates.map { .string(Hex.encode($0)) })]
        case .other(let type, let data):
            return ["type": "other", "credentialType": .integer(type), "dataHex": .string(Hex.encode(data))]
        }
    }
}
