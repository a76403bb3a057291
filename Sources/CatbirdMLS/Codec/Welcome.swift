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
