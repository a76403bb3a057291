import PushProofCrypto
import PushProofJSON

/// `Extension` (RFC 9420 §13): a type and opaque data.
public struct MLSExtension: Equatable, Sendable {
    public var type: UInt16
    public var data: [UInt8]

    public init(type: UInt16, data: [UInt8]) {
        self.type = type
        self.data = data
    }

    static func read(_ r: inout TLSReader) throws(MLSDecodingError) -> MLSExtension {
        MLSExtension(type: try r.uint16("extension_type"), data: try r.opaque("extension_data"))
    }

    func write(_ w: inout TLSWriter) {
        w.uint16(type)
        w.opaque(data)
    }

    var json: JSONValue { ["type": .integer(type), "data": .string(Hex.encode(data))] }
}
