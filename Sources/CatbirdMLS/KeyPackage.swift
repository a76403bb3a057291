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

/// `Credential` (RFC 9420 §5.3). Other credential types have no defined body and cannot be read.
public enum Credential: Equatable, Sendable {
    case basic(identity: [UInt8])
    case x509(certificates: [[UInt8]])

    public static let basicType: UInt16 = 1
    public static let x509Type: UInt16 = 2

    public var type: UInt16 {
        switch self {
        case .basic: return Self.basicType
        case .x509: return Self.x509Type
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
        case let other: throw .malformed("credential type \(other) has no defined encoding")
        }
    }

    func write(_ w: inout TLSWriter) {
        w.uint16(type)
        switch self {
        case .basic(let identity): w.opaque(identity)
        case .x509(let certificates): w.vector { for c in certificates { $0.opaque(c) } }
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
        }
    }
}

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

/// `Lifetime` (RFC 9420 §7.2): seconds since the Unix epoch.
public struct Lifetime: Equatable, Sendable {
    public var notBefore: UInt64
    public var notAfter: UInt64

    public init(notBefore: UInt64, notAfter: UInt64) {
        self.notBefore = notBefore
        self.notAfter = notAfter
    }
}

/// `LeafNode` (RFC 9420 §7.2).
public struct LeafNode: Equatable, Sendable {
    public enum Source: Equatable, Sendable {
        case keyPackage(Lifetime)
        case update
        case commit(parentHash: [UInt8])

        var rawValue: UInt8 {
            switch self {
            case .keyPackage: return 1
            case .update: return 2
            case .commit: return 3
            }
        }
    }

    public var encryptionKey: [UInt8]
    public var signatureKey: [UInt8]
    public var credential: Credential
    public var capabilities: Capabilities
    public var source: Source
    public var extensions: [MLSExtension]
    public var signature: [UInt8]

    public init(
        encryptionKey: [UInt8], signatureKey: [UInt8], credential: Credential, capabilities: Capabilities,
        source: Source,
        extensions: [MLSExtension], signature: [UInt8]
    ) {
        self.encryptionKey = encryptionKey
        self.signatureKey = signatureKey
        self.credential = credential
        self.capabilities = capabilities
        self.source = source
        self.extensions = extensions
        self.signature = signature
    }

    static func read(_ r: inout TLSReader) throws(MLSDecodingError) -> LeafNode {
        let encryptionKey = try r.opaque("encryption_key")
        let signatureKey = try r.opaque("signature_key")
        let credential = try Credential.read(&r)
        let capabilities = try Capabilities.read(&r)
        let source: Source
        switch try r.uint8("leaf_node_source") {
        case 1:
            source = .keyPackage(Lifetime(notBefore: try r.uint64("not_before"), notAfter: try r.uint64("not_after")))
        case 2: source = .update
        case 3: source = .commit(parentHash: try r.opaque("parent_hash"))
        case let other: throw .malformed("leaf node source \(other)")
        }
        let extensions = try r.vector("leaf extensions", MLSExtension.read)
        return LeafNode(
            encryptionKey: encryptionKey, signatureKey: signatureKey, credential: credential,
            capabilities: capabilities,
            source: source, extensions: extensions, signature: try r.opaque("leaf signature"))
    }

    /// The signed part (everything but the signature). For the update and commit sources
    /// LeafNodeTBS also binds the group id and leaf index.
    func writeContent(_ w: inout TLSWriter) {
        w.opaque(encryptionKey)
        w.opaque(signatureKey)
        credential.write(&w)
        capabilities.write(&w)
        w.uint8(source.rawValue)
        switch source {
        case .keyPackage(let lifetime):
            w.uint64(lifetime.notBefore)
            w.uint64(lifetime.notAfter)
        case .update: break
        case .commit(let parentHash): w.opaque(parentHash)
        }
        w.vector { for e in extensions { e.write(&$0) } }
    }

    /// LeafNodeTBS (RFC 9420 §7.2), signed under the label "LeafNodeTBS".
    public func tbs(groupId: [UInt8] = [], leafIndex: UInt32 = 0) -> [UInt8] {
        var w = TLSWriter()
        writeContent(&w)
        if case .keyPackage = source {
        } else {
            w.opaque(groupId)
            w.uint32(leafIndex)
        }
        return w.bytes
    }

    func write(_ w: inout TLSWriter) {
        writeContent(&w)
        w.opaque(signature)
    }

    var json: JSONValue {
        var members: [JSONValue.Member] = [
            .init("encryptionKey", .string(Hex.encode(encryptionKey))),
            .init("signatureKey", .string(Hex.encode(signatureKey))),
            .init("credential", credential.json), .init("capabilities", capabilities.json),
        ]
        switch source {
        case .keyPackage(let l):
            members += [
                .init("source", "keyPackage"),
                .init("lifetime", ["notBefore": .integer(l.notBefore), "notAfter": .integer(l.notAfter)]),
            ]
        case .update: members.append(.init("source", "update"))
        case .commit(let p): members += [.init("source", "commit"), .init("parentHash", .string(Hex.encode(p)))]
        }
        members += [
            .init("extensions", .array(extensions.map(\.json))), .init("signature", .string(Hex.encode(signature))),
        ]
        return .object(members)
    }
}

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
            leafNode: try LeafNode.read(&r), extensions: try r.vector("extensions", MLSExtension.read),
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
