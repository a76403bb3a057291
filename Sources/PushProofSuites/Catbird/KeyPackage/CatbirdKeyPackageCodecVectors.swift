import CatbirdMLS
import PushProofConformance
import PushProofCrypto
import PushProofJSON

/// catbird_keypackage_codec: MLSMessage-wrapped KeyPackages read exactly and written back byte
/// for byte (RFC 9420 §2.1.2, §6, §7.2, §10).
enum CatbirdKeyPackageCodecVectors {
    static let rfc = "RFC 9420 §2.1.2, §6, §7.2, §10"

    static func file() throws -> VectorFileDeclaration {
        let base = KeyPackageSpec()
        let classic = KeyPackageSpec.classic(1, identity: CatbirdFixtures.did)
        let good = base.message
        let small = classic.message
        func decode(_ comment: String, _ flags: [String], _ bytes: [UInt8], code: String? = nil) -> VectorCase {
            VectorCase(
                comment: comment, flags: flags, source: rfc, input: ["keyPackage": .string(Hex.encode(bytes))],
                code: code,
                check: { answer in
                    guard code == nil else { return }
                    guard case .output(let out) = answer, out["encoded"]?.stringValue == Hex.encode(bytes) else {
                        throw GeneratorError("an accepted KeyPackage does not re-encode to its own bytes")
                    }
                })
        }
        /// The offset of the leaf node source byte: just before the 8-byte not_before.
        func sourceOffset(_ bytes: [UInt8], _ lifetime: Lifetime) -> Int {
            let nb = withUnsafeBytes(of: lifetime.notBefore.bigEndian) { Array($0) }
            for i in 0..<(bytes.count - 8) where Array(bytes[i..<(i + 8)]) == nb { return i - 1 }
            fatalError("no lifetime in the KeyPackage")
        }
        func replacing(_ bytes: [UInt8], at offset: Int, with new: [UInt8], removing count: Int = 1) -> [UInt8] {
            Array(bytes[..<offset]) + new + Array(bytes[(offset + count)...])
        }
        // In a suite-1 KeyPackage the init key's 1-byte length (32) sits at offset 8, and the
        // credential type at 8 + 3 × 33 = 107.
        guard small[8] == 32, small[107] == 0, small[108] == 1 else {
            throw GeneratorError("the suite-1 KeyPackage layout is not the one the malformed cases assume")
        }
        let src = sourceOffset(small, CatbirdFixtures.lifetime)
        let cases = [
            decode("X-Wing suite 0x004D, did#deviceId credential", ["Normal", "XWing"], good),
            decode("suite 1 (X25519), bare DID credential", ["Normal"], small),
            decode("suite 3", ["Normal"], KeyPackageSpec.classic(3, identity: CatbirdFixtures.did).message),
            decode(
                "an X.509 credential with two certificates", ["CredentialType"],
                classic.with { $0.credential = .x509(certificates: [[0x30, 0x03, 0x02, 0x01, 0x01], [0x30, 0x00]]) }
                    .message),
            decode(
                "leaf and KeyPackage extensions, GREASE capabilities", ["Grease"],
                classic.with {
                    $0.capabilities.extensions = [0x0A0A]
                    $0.capabilities.proposals = [0x1A1A]
                    $0.leafExtensions = [MLSExtension(type: 0x0A0A, data: [])]
                    $0.extensions = [MLSExtension(type: 0x2A2A, data: [1, 2, 3])]
                }.message),
            decode(
                "a 64-byte identity: its length still takes one byte", ["VarintBoundary"],
                classic.with { $0.credential = .basic(identity: [UInt8](repeating: 0x61, count: 63)) }.message),
            decode(
                "a 64-byte identity: its length takes two bytes", ["VarintBoundary"],
                classic.with { $0.credential = .basic(identity: [UInt8](repeating: 0x61, count: 64)) }.message),
            decode("empty", ["Truncated"], [], code: "TRUNCATED"),
            decode("the last byte missing", ["Truncated"], Array(good.dropLast()), code: "TRUNCATED"),
            decode("only the MLSMessage header", ["Truncated"], Array(good.prefix(4)), code: "TRUNCATED"),
            decode("one byte after the KeyPackage", ["TrailingData"], good + [0], code: "TRAILING_DATA"),
            decode(
                "a second KeyPackage after the first", ["TrailingData"], small + Array(small.dropFirst(4)),
                code: "TRAILING_DATA"),
            decode(
                "the init key's length in two bytes (0x4020 for 32)", ["NonMinimalVarint"],
                replacing(small, at: 8, with: [0x40, 0x20]), code: "NON_CANONICAL_ENCODING"),
            decode(
                "the init key's length in four bytes", ["NonMinimalVarint"],
                replacing(small, at: 8, with: [0x80, 0, 0, 0x20]), code: "NON_CANONICAL_ENCODING"),
            decode(
                "a length with the reserved prefix 0b11", ["ReservedPrefix"],
                replacing(small, at: 8, with: [0xC0, 0, 0, 0, 0, 0, 0, 0x20]), code: "NON_CANONICAL_ENCODING"),
            decode(
                "MLSMessage version 2", ["ProtocolVersion"], replacing(small, at: 1, with: [2]),
                code: "UNSUPPORTED_PROTOCOL_VERSION"),
            decode(
                "MLSMessage version 0", ["ProtocolVersion"], replacing(small, at: 1, with: [0]),
                code: "UNSUPPORTED_PROTOCOL_VERSION"),
            decode(
                "wire format 3 (a Welcome)", ["WireFormat"], replacing(small, at: 3, with: [3]),
                code: "WRONG_WIRE_FORMAT"),
            decode(
                "wire format 1 (a PublicMessage)", ["WireFormat"], replacing(small, at: 3, with: [1]),
                code: "WRONG_WIRE_FORMAT"),
            decode(
                "credential type 3 (no defined encoding)", ["CredentialType"], replacing(small, at: 108, with: [3]),
                code: "MALFORMED"),
            decode(
                "credential type 0 (reserved)", ["CredentialType"], replacing(small, at: 108, with: [0]),
                code: "MALFORMED"),
            decode("leaf node source 0", ["LeafSource"], replacing(small, at: src, with: [0]), code: "MALFORMED"),
            decode("leaf node source 4", ["LeafSource"], replacing(small, at: src, with: [4]), code: "MALFORMED"),
            decode(
                "65,537 bytes", ["SizeLimit"], good + [UInt8](repeating: 0, count: 65_537 - good.count),
                code: "INPUT_TOO_LARGE"),
            decode(
                "65,537 bytes of 0xFF: the size is checked first", ["SizeLimit"],
                [UInt8](repeating: 0xFF, count: 65_537), code: "INPUT_TOO_LARGE"),
            decode(
                "70,000 bytes", ["SizeLimit"], good + [UInt8](repeating: 0, count: 70_000 - good.count),
                code: "INPUT_TOO_LARGE"),
            decode(
                "16 bytes after the KeyPackage", ["TrailingData"], small + [UInt8](repeating: 0, count: 16),
                code: "TRAILING_DATA"),
            decode(
                "MLSMessage version 0xFFFF", ["ProtocolVersion"],
                replacing(small, at: 0, with: [0xFF, 0xFF], removing: 2), code: "UNSUPPORTED_PROTOCOL_VERSION"),
            decode(
                "wire format 4 (a GroupInfo)", ["WireFormat"], replacing(small, at: 3, with: [4]),
                code: "WRONG_WIRE_FORMAT"),
            decode(
                "wire format 0 (reserved)", ["WireFormat"], replacing(small, at: 3, with: [0]),
                code: "WRONG_WIRE_FORMAT"),
        ]
        return VectorFileDeclaration(
            suite: "catbird_keypackage_codec", protocolName: "mls-keypackage", notes: CatbirdKeyPackageNotes.catalogue,
            header: [
                "RFC 9420 KeyPackages inside an MLSMessage (version 1, wire format 5): decoded exactly to a JSON description and encoded back byte for byte.",
                "Exact decoding: no trailing bytes, shortest variable-length integers only, 65,536 bytes at most; keyPackageRef is RefHash over the inner KeyPackage.",
            ],
            groups: [
                .init(
                    type: "KeyPackageCodecTest", operation: .catbirdKeyPackageDecode, profile: .rfc9420,
                    description:
                        "MLSMessage(KeyPackage) bytes -> description, the bytes written again, and the KeyPackageRef.",
                    ids: .block(1...200), cases: cases)
            ])
    }
}
