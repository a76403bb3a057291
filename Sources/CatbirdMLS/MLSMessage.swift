/// `MLSMessage` (RFC 9420 §6) for the two wire formats PushProof reads: a KeyPackage and a
/// Welcome. Other wire formats are refused as such.
public enum MLSMessage: Equatable, Sendable {
    case keyPackage(KeyPackage)
    case welcome(Welcome)

    public enum WireFormat: UInt16, Sendable {
        case publicMessage = 1
        case privateMessage = 2
        case welcome = 3
        case groupInfo = 4
        case keyPackage = 5
    }

    /// Exactly one MLSMessage of `expected` wire format, nothing after it.
    public static func decode(_ bytes: [UInt8], expecting expected: WireFormat) throws(MLSDecodingError) -> MLSMessage {
        var r = TLSReader(bytes)
        let version = try r.uint16("version")
        guard version == KeyPackage.mls10 else { throw .unsupportedProtocolVersion(version) }
        let format = try r.uint16("wire_format")
        guard format == expected.rawValue else { throw .wrongWireFormat(format) }
        let message: MLSMessage
        switch expected {
        case .keyPackage: message = .keyPackage(try KeyPackage.read(&r))
        case .welcome: message = .welcome(try Welcome.read(&r))
        default: throw .wrongWireFormat(format)
        }
        try r.finish()
        return message
    }

    public var encoded: [UInt8] {
        var w = TLSWriter()
        w.uint16(KeyPackage.mls10)
        switch self {
        case .keyPackage(let kp):
            w.uint16(WireFormat.keyPackage.rawValue)
            kp.writeContent(&w)
            w.opaque(kp.signature)
        case .welcome(let welcome):
            w.uint16(WireFormat.welcome.rawValue)
            welcome.write(&w)
        }
        return w.bytes
    }
}

/// `Welcome` (RFC 9420 §12.4.3.1), read as far as its clear parts: the cipher suite, each new
/// member's KeyPackageRef with its HPKE ciphertext, and the encrypted GroupInfo.
public struct Welcome: Equatable, Sendable {
    public struct EncryptedGroupSecrets: Equatable, Sendable {
        public var newMember: [UInt8]
        public var kemOutput: [UInt8]
        public var ciphertext: [UInt8]
    }

    public var cipherSuite: UInt16
    public var secrets: [EncryptedGroupSecrets]
    public var encryptedGroupInfo: [UInt8]

    static func read(_ r: inout TLSReader) throws(MLSDecodingError) -> Welcome {
        let suite = try r.uint16("cipher_suite")
        let secrets = try r.vector("secrets") { (s: inout TLSReader) throws(MLSDecodingError) in
            EncryptedGroupSecrets(
                newMember: try s.opaque("new_member"), kemOutput: try s.opaque("kem_output"),
                ciphertext: try s.opaque("ciphertext"))
        }
        return Welcome(cipherSuite: suite, secrets: secrets, encryptedGroupInfo: try r.opaque("encrypted_group_info"))
    }

    func write(_ w: inout TLSWriter) {
        w.uint16(cipherSuite)
        w.vector {
            for s in secrets {
                $0.opaque(s.newMember)
                $0.opaque(s.kemOutput)
                $0.opaque(s.ciphertext)
            }
        }
        w.opaque(encryptedGroupInfo)
    }
}
