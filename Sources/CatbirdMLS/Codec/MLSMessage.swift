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
