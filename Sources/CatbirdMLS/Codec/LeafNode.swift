import PushProofCrypto
import PushProofJSON

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
        let extensions = try MLSExtension.readList(&r, "leaf extensions")
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

    /// The LeafNode as it is written inside a KeyPackage or a ratchet tree.
    public var encoded: [UInt8] {
        var w = TLSWriter()
        write(&w)
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
