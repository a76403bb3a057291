import PushProofCrypto
import PushProofJSON

/// `KeyPackage` (RFC 9420 §10).
public struct KeyPackage: Equatable, Sendable {
    public static let mls10: UInt16 = 1

    public var version: UInt16
    public var cipherSuite: UInt16
    public var initKey: [UInt8]
    public var leafNode: LeafNode
    public var extensions: [MLSExtension]
    public var signature: [UInt8]

    public init(
        version: UInt16 = KeyPackage.mls10, cipherSuite: UInt16, initKey: [UInt8], leafNode: LeafNode,
        extensions: [MLSExtension],
        signature: [UInt8]
    ) {
        self.version = version
        self.cipherSuite = cipherSuite
        self.initKey = initKey
        self.leafNode = leafNode
        self.extensions = extensions
        self.signature = signature
    }

    static func read(_ r: inout TLSReader) throws(MLSDecodingError) -> KeyPackage {
        KeyPackage(
            version: try r.uint16("version"), cipherSuite: try r.uint16("cipher_suite"),
            initKey: try r.opaque("init_key"),
            leafNode: try LeafNode.read(&r), extensions: try MLSExtension.readList(&r, "extensions"),
            signature: try r.opaque("signature"))
    }

    /// Exactly one KeyPackage, nothing after it.
    public static func decode(_ bytes: [UInt8]) throws(MLSDecodingError) -> KeyPackage {
        var r = TLSReader(bytes)
        let kp = try read(&r)
        try r.finish()
        return kp
    }

    /// KeyPackageTBS (RFC 9420 §10), signed under the label "KeyPackageTBS".
    public var tbs: [UInt8] {
        var w = TLSWriter()
        writeContent(&w)
        return w.bytes
    }

    func writeContent(_ w: inout TLSWriter) {
        w.uint16(version)
        w.uint16(cipherSuite)
        w.opaque(initKey)
        leafNode.write(&w)
        w.vector { for e in extensions { e.write(&$0) } }
    }

    public var encoded: [UInt8] {
        var w = TLSWriter()
        writeContent(&w)
        w.opaque(signature)
        return w.bytes
    }

    public var json: JSONValue {
        [
            "version": .integer(version), "cipherSuite": .integer(cipherSuite), "initKey": .string(Hex.encode(initKey)),
            "leafNode": leafNode.json,
            "extensions": .array(extensions.map(\.json)), "signature": .string(Hex.encode(signature)),
        ]
    }
}
