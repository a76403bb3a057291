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

    /// An extensions vector; a reader told to (`TLSReader.refusesRepeatedExtensionTypes`) refuses
    /// a type named twice as soon as the second copy is read, before anything after it.
    static func readList(_ r: inout TLSReader, _ field: String) throws(MLSDecodingError) -> [MLSExtension] {
        var seen: Set<UInt16> = []
        let refusing = r.refusesRepeatedExtensionTypes
        return try r.vector(field) { (inner: inout TLSReader) throws(MLSDecodingError) -> MLSExtension in
            let e = try read(&inner)
            if refusing && !seen.insert(e.type).inserted {
                throw .malformed("extension type \(e.type) more than once in the \(field)")
            }
            return e
        }
    }

    func write(_ w: inout TLSWriter) {
        w.uint16(type)
        w.opaque(data)
    }

    var json: JSONValue { ["type": .integer(type), "data": .string(Hex.encode(data))] }
}
