import CatbirdMLS
import PushProofConformance
import PushProofCrypto
import PushProofJSON

/// catbird_keypackage_codec: MLSMessage-wrapped KeyPackages read exactly and written back byte
/// for byte (RFC 9420 §2.1.2, §6, §7.2, §10).
enum CatbirdKeyPackageCodecVectors {
    static let rfc = "RFC 9420 §2.1.2, §6, §7.2, §10"
    typealias Decode = (_ comment: String, _ flags: [String], _ bytes: [UInt8], _ code: String?) -> VectorCase

    /// keyPackageRef is RefHash with the suite's own hash (§5.2): SHA-512 for suites 4 to 6,
    /// SHA-384 for 7. Each KeyPackage carries keys of its suite's KEM length (X448: 56 bytes;
    /// P-384 and P-521: uncompressed points).
    static func hashCases(_ decode: Decode) -> [VectorCase] {
        func suite(_ n: UInt16, keyLength: Int, point: Bool, _ change: (inout KeyPackageSpec) -> Void = { _ in })
            -> [UInt8]
        {
            var spec = KeyPackageSpec.classic(n, identity: CatbirdFixtures.did)
            let body = { (fill: UInt8) in
                (point ? [0x04] : []) + [UInt8](repeating: fill, count: keyLength - (point ? 1 : 0))
            }
            spec.initKey = body(0x69)
            spec.encryptionKey = body(0x65)
            change(&spec)
            return spec.message
        }
        return [
            decode(
                "suite 4 (X448, SHA-512): the reference hash is SHA-512", ["RefHash"],
                suite(4, keyLength: 56, point: false), nil),
            decode(
                "suite 6 (X448, ChaCha20Poly1305, SHA-512)", ["RefHash"], suite(6, keyLength: 56, point: false), nil),
            decode(
                "suite 7 (P-384, SHA-384): the reference hash is SHA-384", ["RefHash"],
                suite(7, keyLength: 97, point: true), nil),
            decode(
                "suite 5 (P-521, SHA-512) with a GREASE KeyPackage extension", ["RefHash", "Grease"],
                suite(5, keyLength: 133, point: true) {
                    $0.extensions = [MLSExtension(type: 0x2A2A, data: [1, 2, 3])]
                }, nil),
        ]
    }

    /// A length whose first byte has the reserved prefix 0b11 is refused when that byte is read
    /// (§2.1.2), however few bytes follow it: it is no 8-byte length.
    static func reservedPrefixCases(_ small: [UInt8], _ decode: Decode) -> [VectorCase] {
        // The KeyPackage's 64-byte signature ends it, after its length in two bytes (0x40 0x40).
        let signatureLength = small.count - 66
        return [
            decode(
                "the init key's length 0xC0 with six bytes after it", ["ReservedPrefix"],
                Array(small.prefix(8)) + [0xC0, 0, 0, 0, 0, 0, 0], "NON_CANONICAL_ENCODING"),
            decode(
                "the encryption key's length 0xC0 with three bytes after it", ["ReservedPrefix"],
                Array(small.prefix(41)) + [0xC0, 0, 0, 0x20], "NON_CANONICAL_ENCODING"),
            decode(
                "the signature's length 0xC0 as the last byte", ["ReservedPrefix"],
                Array(small.prefix(signatureLength)) + [0xC0], "NON_CANONICAL_ENCODING"),
            decode(
                "the signature's length 0xFF with six bytes after it", ["ReservedPrefix"],
                Array(small.prefix(signatureLength)) + [0xFF, 0, 0, 0, 0, 0, 0x40], "NON_CANONICAL_ENCODING"),
        ]
    }

    /// A basic credential's identity is opaque bytes (§5.3): bytes that are not UTF-8 are read
    /// and written back as they are.
    static func identityBytesCases(_ decode: Decode) -> [VectorCase] {
        func identity(_ bytes: [UInt8], suite: UInt16 = 1) -> [UInt8] {
            KeyPackageSpec.classic(suite, identity: "").with { $0.credential = .basic(identity: bytes) }.message
        }
        let plc = Array("did:plc:".utf8)
        return [
            decode(
                "an identity with a lone continuation byte", ["CredentialIdentityBytes"], identity(plc + [0x80]), nil),
            decode(
                "an identity with an overlong encoding of `/`", ["CredentialIdentityBytes"],
                identity(plc + [0xC0, 0xAF]), nil),
            decode(
                "an identity with an encoded surrogate (U+D800)", ["CredentialIdentityBytes"],
                identity(plc + [0xED, 0xA0, 0x80]), nil),
            decode(
                "the did#deviceId identity ending in a cut three-byte sequence", ["CredentialIdentityBytes"],
                identity(Array(CatbirdFixtures.deviceIdentity.utf8) + [0xE2, 0x82]), nil),
            decode(
                "suite 3, an identity of the byte 0xFF", ["CredentialIdentityBytes"], identity([0xFF], suite: 3), nil),
        ]
    }

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
        let positional: Decode = { decode($0, $1, $2, code: $3) }
        let classCases =
            hashCases(positional) + reservedPrefixCases(small, positional) + identityBytesCases(positional)
            + [suiteTwoCase(positional)]
            // Every reader refuses a leaf node source outside 1-3 (RFC 9420 §7.2 defines no other).
            + [
                decode(
                    "leaf node source 255", ["LeafSource"], replacing(small, at: src, with: [0xFF]), code: "MALFORMED")
            ]
        return VectorFileDeclaration(
            name: "catbird_keypackage_codec", protocolName: "mls-keypackage", notes: CatbirdKeyPackageNotes.catalogue,
            header: [
                "RFC 9420 KeyPackages inside an MLSMessage (version 1, wire format 5): decoded exactly to a JSON description and encoded back byte for byte.",
                "Exact decoding: no trailing bytes, shortest variable-length integers only, 65,536 bytes at most; keyPackageRef is RefHash over the inner KeyPackage.",
                "Where RFC 9420 leaves a reader the choice (bytes after the message, the message's version, unknown credential types, the body of another wire format), the other reader's answer is accepted too (docs/catbird.md, \"Readings RFC 9420 leaves open\").",
            ],
            groups: [
                .init(
                    operation: .catbirdKeyPackageDecode, profile: .rfc9420,
                    description:
                        "MLSMessage(KeyPackage) bytes -> description, the bytes written again, and the KeyPackageRef.",
                    ids: .block(1...200), cases: cases + classCases)
            ])
    }
}
