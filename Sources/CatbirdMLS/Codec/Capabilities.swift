import PushProofJSON

/// `Capabilities` (RFC 9420 §7.2).
public struct Capabilities: Equatable, Sendable {
    public var versions: [UInt16]
    public var cipherSuites: [UInt16]
    public var extensions: [UInt16]
    public var proposals: [UInt16]
    public var credentials: [UInt16]

    public init(
        versions: [UInt16], cipherSuites: [UInt16], extensions: [UInt16], proposals: [UInt16], credentials: [UInt16]
    ) {
        self.versions = versions
        self.cipherSuites = cipherSuites
        self.extensions = extensions
        self.proposals = proposals
        self.credentials = credentials
    }

    static func read(_ r: inout TLSReader) throws(MLSDecodingError) -> Capabilities {
        func list(_ field: String) throws(MLSDecodingError) -> [UInt16] {
            try r.vector(field) { (e: inout TLSReader) throws(MLSDecodingError) in try e.uint16(field) }
        }
        return Capabilities(
            versions: try list("versions"), cipherSuites: try list("cipher_suites"), extensions: try list("extensions"),
            proposals: try list("proposals"), credentials: try list("credentials"))
    }

    func write(_ w: inout TLSWriter) {
        for list in [versions, cipherSuites, extensions, proposals, credentials] {
            w.vector { for v in list { $0.uint16(v) } }
        }
    }

    var json: JSONValue {
        func a(_ l: [UInt16]) -> JSONValue { .array(l.map { .integer($0) }) }
        return [
            "versions": a(versions), "cipherSuites": a(cipherSuites), "extensions": a(extensions),
            "proposals": a(proposals),
            "credentials": a(credentials),
        ]
    }
}
