/// A KeyPackage as openmls 0.8.1 decodes it (`KeyPackageIn`, over tls_codec 0.4.2's `Read` path),
/// which is how both Catbird servers read an upload before their own checks. It differs from RFC
/// 9420 read exactly (`KeyPackage.decode`): any credential type decodes (its content opaque); the
/// data of every extension type openmls knows is decoded again from the extension's bytes (what
/// follows inside them is not looked at) and written back from what was read; leaf extensions of
/// a type not allowed in a leaf, and a repeated type, are decoding errors once the vector is read;
/// an unknown cipher suite or leaf source is a decoding error where it is read. Each fault is
/// reported where openmls reads it, so the first in reading order is the answer.
///
/// Paths: openmls/openmls@47dbedeca (openmls-v0.8.1) under openmls/src/.
public struct OpenMLSKeyPackage: Sendable {
    public struct Leaf: Sendable {
        public var encryptionKey: [UInt8]
        public var signatureKey: [UInt8]
        /// Any u16 (credentials/mod.rs:109-150); the content is one opaque<V> whatever the type.
        public var credentialType: UInt16
        public var credentialContent: [UInt8]
        public var capabilities: Capabilities
        public var source: LeafNode.Source
        /// Each extension's data as openmls writes it again.
        public var extensions: [MLSExtension]
        public var signature: [UInt8]
        /// LeafNodeTBS as openmls writes it again (the signed payload).
        public var tbs: [UInt8]
    }

    public var version: UInt16
    public var cipherSuite: UInt16
    public var initKey: [UInt8]
    public var leafNode: Leaf
    public var extensions: [MLSExtension]
    public var signature: [UInt8]
    /// KeyPackageTBS as openmls writes it again.
    public var tbs: [UInt8]
    /// The whole KeyPackage as openmls writes it again.
    public var encoded: [UInt8]

    /// The extension types openmls 0.8.1 knows (extensions/mod.rs:193-208, without the
    /// extensions-draft-08 feature, which neither server enables).
    public static let knownExtensionTypes: Set<UInt16> = [1, 2, 3, 4, 5, 10]

    /// RFC 9420 §13.5's GREASE values 0x0A0A, 0x1A1A, ... 0xEAEA (openmls traits/src/grease.rs).
    /// 0xFAFA has the pattern but is not one: 0xF000 and above are for private use (§17.3).
    public static func isGrease(_ v: UInt16) -> Bool {
        v & 0x0F0F == 0x0A0A && (v >> 12) == (v >> 4) & 0x0F && v >> 12 != 0xF
    }

    /// An extension type openmls names `Unknown` (neither known nor GREASE).
    public static func isUnknownExtension(_ v: UInt16) -> Bool { !knownExtensionTypes.contains(v) && !isGrease(v) }

    /// `MlsMessageIn::tls_deserialize_exact` for a wire-format-5 message (framing/codec.rs:36-58,
    /// tls_codec lib.rs:186-198): the version, the KeyPackage, then a version other than 1.0 or a
    /// KeyPackage version other than the message's is a decoding error; then nothing may follow.
    public static func decodeMessage(_ bytes: [UInt8]) throws(MLSDecodingError) -> OpenMLSKeyPackage {
        try decodeMessageSized(bytes).keyPackage
    }

    /// `decodeMessage`, with the size openmls computes for the KeyPackage when it writes it again
    /// (`tls_serialized_len`): more than its bytes where an extension's data is exactly 0x3FFF
    /// bytes long (extensions/codec.rs:16-26), and then openmls cannot write it at all
    /// (tls_codec lib.rs:135-154 refuses a count that is not the bytes written).
    public static func decodeMessageSized(_ bytes: [UInt8]) throws(MLSDecodingError)
        -> (keyPackage: OpenMLSKeyPackage, writtenSize: Int)
    {
        var r = TLSCodecReader(bytes)
        let version = try r.uint16("version").value
        let format = try r.uint16("wire_format").value
        guard format == MLSMessage.WireFormat.keyPackage.rawValue else { throw .wrongWireFormat(format) }
        let read = try read(&r)
        let kp = read.value
        guard version == KeyPackage.mls10 else { throw .malformed("MLSMessage version \(version) is not 1.0") }
        guard kp.version == version else {
            throw .malformed("KeyPackage version \(kp.version) is not its MLSMessage's (\(version))")
        }
        guard r.remaining == 0 else { throw .trailingData(count: r.remaining) }
        return (kp, read.size)
    }

    /// `KeyPackageIn::tls_deserialize` on raw KeyPackage bytes: what follows is not read.
    public static func decodeRaw(_ bytes: [UInt8]) throws(MLSDecodingError) -> OpenMLSKeyPackage {
        var r = TLSCodecReader(bytes)
        return try read(&r).value
    }

    /// key_packages/key_package_in.rs:79-114: KeyPackageTbsIn (the version as any u16, the
    /// suite as openmls's `Ciphersuite` enum, init key, LeafNodeIn, `Extensions<AnyObject>`)
    /// and the signature.
    static func read(_ r: inout TLSCodecReader) throws(MLSDecodingError) -> TLSCodecValue<OpenMLSKeyPackage> {
        let version = try r.uint16("version")
        let suite = try r.uint16("cipher_suite")
        guard CipherSuite.named(suite.value) != nil else {
            throw .malformed("cipher suite \(suite.value) is not one openmls knows")
        }
        let initKey = try r.opaque("init_key")
        let leaf = try readLeaf(&r)
        let extensions = try readExtensions(&r, "extensions") { _ in true }
        let payload = TLSCodecReader.composite(
            (), [version.part, suite.part, initKey.part, leaf.part, extensions.part])
        let signature = try r.opaque("signature")
        let kp = OpenMLSKeyPackage(
            version: version.value, cipherSuite: suite.value, initKey: initKey.value, leafNode: leaf.value,
            extensions: extensions.value, signature: signature.value, tbs: payload.encoded,
            encoded: payload.encoded + signature.encoded)
        return TLSCodecReader.composite(kp, [payload.part, signature.part])
    }

    /// treesync/node/leaf_node.rs:549-562 (LeafNodePayload) and :715-730 (LeafNodeIn).
    static func readLeaf(_ r: inout TLSCodecReader) throws(MLSDecodingError) -> TLSCodecValue<Leaf> {
        let encryptionKey = try r.opaque("encryption_key")
        let signatureKey = try r.opaque("signature_key")
        let credentialType = try r.uint16("credential_type")
        let credentialContent = try r.opaque("credential")
        let lists = try (0..<5).map { (_: Int) throws(MLSDecodingError) in
            try r.vector("capabilities") { (e: inout TLSCodecReader) throws(MLSDecodingError) in
                try e.uint16("capability")
            }
        }
        let source = try readSource(&r)
        // Extensions<LeafNode>: application_id and unknown types only (extensions/mod.rs:146-158).
        let extensions = try readExtensions(&r, "leaf extensions") { $0 == 1 || isUnknownExtension($0) }
        let payload = TLSCodecReader.composite(
            (),
            [encryptionKey.part, signatureKey.part, credentialType.part, credentialContent.part] + lists.map(\.part)
                + [source.part, extensions.part])
        let signature = try r.opaque("leaf signature")
        let values = lists.map { $0.value.map(\.value) }
        let leaf = Leaf(
            encryptionKey: encryptionKey.value, signatureKey: signatureKey.value, credentialType: credentialType.value,
            credentialContent: credentialContent.value,
            capabilities: Capabilities(
                versions: values[0], cipherSuites: values[1], extensions: values[2], proposals: values[3],
                credentials: values[4]),
            source: source.value, extensions: extensions.value, signature: signature.value, tbs: payload.encoded)
        return TLSCodecReader.composite(leaf, [payload.part, signature.part])
    }

    /// treesync/node/leaf_node.rs:571-590: 1 key_package(Lifetime), 2 update, 3 commit(parent
    /// hash); another value is tls_codec's UnknownValue.
    static func readSource(_ r: inout TLSCodecReader) throws(MLSDecodingError) -> TLSCodecValue<LeafNode.Source> {
        let tag = try r.uint(1, "leaf_node_source")
        switch tag.value {
        case 1:
            let notBefore = try r.uint(8, "not_before")
            let notAfter = try r.uint(8, "not_after")
            return TLSCodecReader.composite(
                .keyPackage(Lifetime(notBefore: notBefore.value, notAfter: notAfter.value)),
                [tag.part, notBefore.part, notAfter.part])
        case 2: return TLSCodecReader.composite(.update, [tag.part])
        case 3:
            let parentHash = try r.opaque("parent_hash")
            return TLSCodecReader.composite(.commit(parentHash: parentHash.value), [tag.part, parentHash.part])
        default: throw .malformed("leaf node source \(tag.value)")
        }
    }

    /// extensions/mod.rs:346-357 and :492-514: the vector, then each type checked for the
    /// object and no type twice; either fault is a decoding error.
    static func readExtensions(
        _ r: inout TLSCodecReader, _ field: String, allowed: (UInt16) -> Bool
    ) throws(MLSDecodingError) -> TLSCodecValue<[MLSExtension]> {
        let vector = try r.vector(field, readExtension)
        var seen = Set<UInt16>()
        for item in vector.value {
            guard allowed(item.value.type) else { throw .malformed("extension type \(item.value.type) in \(field)") }
            guard seen.insert(item.value.type).inserted else {
                throw .malformed("extension type \(item.value.type) twice in \(field)")
            }
        }
        return TLSCodecValue(vector.value.map(\.value), vector.encoded, size: vector.size)
    }

    /// extensions/codec.rs:101-128 (decode), :61-92 (encode: the type, then the data written
    /// again as a vector of bytes) and :16-51 (Size, which counts a data length of 0x3FFF as
    /// four bytes).
    static func readExtension(_ r: inout TLSCodecReader) throws(MLSDecodingError) -> TLSCodecValue<MLSExtension> {
        let type = try r.uint16("extension_type")
        let data = try r.opaque("extension_data")
        let body = try extensionBody(type.value, data.value)
        let lengthSize: Int
        switch body.size {
        case ..<0x40: lengthSize = 1
        case ..<0x3FFF: lengthSize = 2
        case ..<0x3FFF_FFFF: lengthSize = 4
        default: lengthSize = 8
        }
        return TLSCodecValue(
            MLSExtension(type: type.value, data: body.encoded),
            type.encoded + (try TLSCodecReader.lengthPrefix(body.encoded.count)) + body.encoded,
            size: 2 + lengthSize + body.size)
    }

    /// The data of the types openmls knows, read from the extension's bytes with
    /// `tls_deserialize` (not `_exact`); the others kept as they came.
    static func extensionBody(_ type: UInt16, _ data: [UInt8]) throws(MLSDecodingError) -> TLSCodecValue<Void> {
        var r = TLSCodecReader(data)
        func erased<T>(_ v: TLSCodecValue<T>) -> TLSCodecValue<Void> { TLSCodecValue((), v.encoded, size: v.size) }
        func u16s(_ r: inout TLSCodecReader) throws(MLSDecodingError) -> TLSCodecValue<[TLSCodecValue<UInt16>]> {
            try r.vector("extension data") { (e: inout TLSCodecReader) throws(MLSDecodingError) in
                try e.uint16("extension data")
            }
        }
        switch type {
        case 1: return erased(try r.opaque("application_id key_id"))  // application_id_extension.rs
        case 2: return erased(try r.vector("ratchet_tree", readOptionalNode))  // RatchetTreeIn, treesync/mod.rs:227
        case 3:  // required_capabilities.rs:43-47
            let parts = [try u16s(&r), try u16s(&r), try u16s(&r)]
            return TLSCodecReader.composite((), parts.map(\.part))
        case 4: return erased(try r.opaque("external_pub public_key"))  // external_pub_extension.rs:24-26
        case 5: return erased(try r.vector("external_senders", readExternalSender))  // external_sender_extension.rs:56
        case 10: return TLSCodecValue((), [])  // last_resort.rs:22: an empty struct
        default: return TLSCodecValue((), data)
        }
    }

    /// extensions/external_sender_extension.rs:15-30: signature key, then credential.
    static func readExternalSender(_ r: inout TLSCodecReader) throws(MLSDecodingError) -> TLSCodecValue<Void> {
        let key = try r.opaque("external sender key")
        let type = try r.uint16("credential_type")
        let content = try r.opaque("credential")
        return TLSCodecReader.composite((), [key.part, type.part, content.part])
    }

    /// tls_codec's `Option<T>` (primitives.rs:79-92: 0, 1, else a decoding error) over NodeIn.
    static func readOptionalNode(_ r: inout TLSCodecReader) throws(MLSDecodingError) -> TLSCodecValue<Void> {
        let flag = try r.uint(1, "optional node")
        switch flag.value {
        case 0: return TLSCodecReader.composite((), [flag.part])
        case 1:
            let node = try readNode(&r)
            return TLSCodecReader.composite((), [flag.part, node.part])
        default: throw .malformed("optional node flag \(flag.value)")
        }
    }

    /// treesync/node.rs:49-68 (NodeIn: 1 leaf, 2 parent) and node/parent_node.rs:28-41; the
    /// unmerged leaves must be strictly increasing (treesync/node/codec.rs:20-32).
    static func readNode(_ r: inout TLSCodecReader) throws(MLSDecodingError) -> TLSCodecValue<Void> {
        let tag = try r.uint(1, "node_type")
        switch tag.value {
        case 1:
            let leaf = try readLeaf(&r)
            return TLSCodecReader.composite((), [tag.part, leaf.part])
        case 2:
            let key = try r.opaque("parent encryption_key")
            let parentHash = try r.opaque("parent_hash")
            let unmerged = try r.vector("unmerged_leaves") { (e: inout TLSCodecReader) throws(MLSDecodingError) in
                try e.uint(4, "unmerged leaf")
            }
            let leaves = unmerged.value.map(\.value)
            guard zip(leaves, leaves.dropFirst()).allSatisfy({ $0 < $1 }) else {
                throw .malformed("unmerged leaves not strictly increasing")
            }
            return TLSCodecReader.composite((), [tag.part, key.part, parentHash.part, unmerged.part])
        default: throw .malformed("node type \(tag.value)")
        }
    }

    /// The KeyPackage as RFC 9420's structures hold it, for an accepted upload (whose credential
    /// is a BasicCredential).
    public var keyPackage: KeyPackage {
        KeyPackage(
            version: version, cipherSuite: cipherSuite, initKey: initKey,
            leafNode: LeafNode(
                encryptionKey: leafNode.encryptionKey, signatureKey: leafNode.signatureKey,
                credential: .basic(identity: leafNode.credentialContent), capabilities: leafNode.capabilities,
                source: leafNode.source, extensions: leafNode.extensions, signature: leafNode.signature),
            extensions: extensions, signature: signature)
    }
}
