import ConvosIdentity
import Foundation
import PushProofConformance
import PushProofCrypto
import PushProofJSON

/// identity_derivation: Keccak-256, the Ethereum address of a key, and the XMTP inbox id.
enum IdentityDerivationVectors: IdentityFixtures {
    /// Spellings of an address libxmtp refuses: exactly `0x` (lower case) and 40 ASCII hex digits
    /// (member.rs:171-190), so every prefix, space, line end, sign, separator or digit from
    /// outside ASCII is refused, also where a reader that strips, anchors with `$` or parses
    /// integers would let it through.
    static func addressSpellings(_ address: String) -> [(String, String)] {
        let digits = String(address.dropFirst(2))
        let rest = String(digits.dropFirst())
        return [
            ("upper-case 0X prefix", "0X" + digits.uppercased()),
            ("upper-case 0X prefix, lower-case digits", "0X" + digits),
            ("a trailing line feed", address + "\n"),
            ("a trailing CR LF", address + "\r\n"),
            ("a leading space", " " + address),
            ("a trailing space", address + " "),
            ("a trailing tab", address + "\t"),
            ("39 digits and a line feed: 42 characters", "0x" + String(digits.dropLast()) + "\n"),
            (
                "a digit-group underscore in place of a digit",
                "0x" + String(digits.prefix(1)) + "_" + String(rest.dropFirst())
            ),
            ("a + sign in place of the first digit", "0x+" + rest),
            ("a space in place of the first digit", "0x " + rest),
            ("a fullwidth digit in place of the first digit", "0x\u{FF11}" + rest),
            ("an Arabic-Indic digit in place of the first digit", "0x\u{0661}" + rest),
            ("0x twice", "0x0x" + String(digits.dropFirst(2))),
            ("a NUL after the address", address + "\u{0}"),
        ]
    }

    static func file() throws -> VectorFileDeclaration {
        // Published answers, asserted before anything is written.
        func address(_ k: UInt8) -> String {
            try! EthereumAddress(privateKey: SecretBytes(copying: Hex.decode(scalar(k))!)).text
        }
        let zero = try EthereumAddress(text: "0x" + String(repeating: "0", count: 40))
        guard address(1) == "0x7e5f4552091a69125d5dfcb7b8c2659029395bdf",
            address(2) == "0x2b5ad5c4795c026514f8317c7a215e218dccd6cf",
            address(3) == "0x6813eb9362372eef6200f3b1dbc3f819671cba69",
            InboxId.derive(address: zero, nonce: 0)
                == "b1a9cc92f03b922b65e5f8bbd8c41f0ccaa57c6ce10fdb2b099845fa8658c950"
        else {
            throw GeneratorError("the reference disagrees with published Ethereum address or inbox id answers")
        }
        // docs/audit/identity.md, section 5: xmtp/libxmtp@a53a97ed.
        let lx = "xmtp/libxmtp@a53a97ed:"
        let keccakSource = "\(lx)crates/xmtp_cryptography/src/ethereum.rs:104-113 (alloy's keccak256)"
        let keySource =
            "\(lx)bindings/mobile/src/crypto.rs:32-36; \(lx)crates/xmtp_cryptography/src/ethereum.rs:31-50, 104-113, 121-126; "
            + "\(lx)crates/xmtp_id/src/associations/member.rs:171-177, 408-412"
        let inboxSource =
            "\(lx)bindings/mobile/src/identity.rs:20-23, 38-43, 60-69; \(lx)crates/xmtp_cryptography/src/signature.rs:87-96, "
            + "108-128; \(lx)crates/xmtp_id/src/associations/member.rs:171-190, 408-412"
        func keccakCase(_ comment: String, _ flags: [String], _ message: [UInt8]) -> VectorCase {
            VectorCase(
                comment: comment, flags: flags, source: keccakSource, input: ["message": .string(Hex.encode(message))])
        }
        let keccak = [
            keccakCase("empty message", ["KnownAnswer", "KeccakNotSha3"], []),
            keccakCase("\"abc\"", ["KnownAnswer", "KeccakNotSha3"], Array("abc".utf8)),
            keccakCase(
                "\"The quick brown fox jumps over the lazy dog\"", ["KnownAnswer"],
                Array("The quick brown fox jumps over the lazy dog".utf8)),
            keccakCase(
                "\"Transfer(address,address,uint256)\", the ERC-20 event topic", ["KnownAnswer"],
                Array("Transfer(address,address,uint256)".utf8)),
            keccakCase(
                "135 bytes: padding fills the last byte of the block", ["BlockBoundary"],
                [UInt8](repeating: 0x61, count: 135)),
            keccakCase(
                "136 bytes: padding takes a block of its own", ["BlockBoundary"], [UInt8](repeating: 0x61, count: 136)),
            keccakCase("137 bytes", ["BlockBoundary"], [UInt8](repeating: 0x61, count: 137)),
            keccakCase("64 bytes, the size of a public key", ["Normal"], Array(0..<64)),
        ]
        func key(_ comment: String, _ flags: [String], _ hex: String, nonce: UInt64 = 0, code: String? = nil)
            -> VectorCase
        {
            VectorCase(
                comment: comment, flags: flags, source: keySource,
                input: ["privateKey": .string(hex), "nonce": .integer(nonce)], code: code)
        }
        let seeded = Hex.encode(SHA256.hash(Array("pushproof/secp256k1/1".utf8)))
        let keys = [
            key("secret key 1 (the generator)", ["KnownAnswer"], scalar(1)),
            key("secret key 2", ["KnownAnswer"], scalar(2)),
            key("secret key 3", ["KnownAnswer"], scalar(3)),
            key("secret key n-1", ["ScalarRange"], String(order.dropLast(2)) + "40"),
            key("a random key", ["Normal"], seeded),
            key("a random key, nonce 1", ["Normal", "Nonce"], seeded, nonce: 1),
            key("secret key 0", ["ScalarRange"], String(repeating: "0", count: 64), code: "INVALID_PRIVATE_KEY"),
            key("secret key n", ["ScalarRange"], order, code: "INVALID_PRIVATE_KEY"),
            key("secret key 2^256-1", ["ScalarRange"], String(repeating: "f", count: 64), code: "INVALID_PRIVATE_KEY"),
            key("31-byte key", ["ScalarRange"], String(seeded.dropFirst(2)), code: "INVALID_PRIVATE_KEY"),
            key("33-byte key", ["ScalarRange"], seeded + "01", code: "INVALID_PRIVATE_KEY"),
        ]
        // The nonce is a u64 written in decimal: each width an implementation might hold it in (Int32,
        // UInt32, a double's exact integers, Int64) is crossed.
        let wideNonces: [(String, UInt64)] = [
            ("2^31", 1 << 31), ("2^32", 1 << 32), ("2^53", 1 << 53), ("2^53+1", (1 << 53) + 1), ("2^63", 1 << 63),
            ("2^63+1", (1 << 63) + 1), ("2^64-1", .max),
        ]
        let nonceKeys = wideNonces.map { name, nonce in
            key("a random key, nonce \(name) (written in decimal as a u64)", ["Nonce"], seeded, nonce: nonce)
        }
        func inbox(_ comment: String, _ flags: [String], _ address: String, nonce: UInt64 = 0, code: String? = nil)
            -> VectorCase
        {
            VectorCase(
                comment: comment, flags: flags, source: inboxSource,
                input: ["address": .string(address), "nonce": .integer(nonce)], code: code)
        }
        let inboxes =
            [
                inbox("the zero address, nonce 0", ["KnownAnswer"], "0x" + String(repeating: "0", count: 40)),
                inbox("the zero address, nonce 1", ["Nonce"], "0x" + String(repeating: "0", count: 40), nonce: 1),
                inbox("nonce 2^64-1", ["Nonce"], address(1), nonce: .max),
                inbox("address of key 1, lower case", ["Normal"], address(1)),
                inbox(
                    "address of key 1, EIP-55 mixed case", ["AddressCase"], "0x7E5F4552091A69125d5DfCb7b8C2659029395Bdf"
                ),
                inbox(
                    "address without 0x", ["MalformedAddress"], String(address(1).dropFirst(2)), code: "INVALID_ADDRESS"
                ),
                inbox("39 hex digits", ["MalformedAddress"], String(address(1).dropLast()), code: "INVALID_ADDRESS"),
                inbox("41 hex digits", ["MalformedAddress"], address(1) + "0", code: "INVALID_ADDRESS"),
                inbox(
                    "a non-hex digit", ["MalformedAddress"], "0x" + String(repeating: "g", count: 40),
                    code: "INVALID_ADDRESS"),
                inbox("empty", ["MalformedAddress"], "", code: "INVALID_ADDRESS"),
            ]
            + addressSpellings(address(1)).map { comment, text in
                inbox(comment, ["AddressSpelling"], text, code: "INVALID_ADDRESS")
            }
            + wideNonces.dropLast().map { name, nonce in
                inbox(
                    "address of key 1, nonce \(name) (written in decimal as a u64)", ["Nonce"], address(1), nonce: nonce
                )
            }
        return VectorFileDeclaration(
            name: "identity_derivation", protocolName: "convos-client-id", notes: IdentityNotes.catalogue,
            header: [
                "Per-conversation identities: Keccak-256, the Ethereum address of a secp256k1 key, and the XMTP inbox id.",
                "inboxId = lower-case hex of SHA-256(UTF-8 of the lower-case 0x address followed by the decimal nonce).",
            ],
            groups: [
                .init(
                    operation: .identityKeccak256,
                    description: "Keccak-256 (original padding 0x01), hex in and out.", ids: .block(1...100),
                    cases: keccak),
                .init(
                    operation: .identityFromPrivateKey,
                    description:
                        "secp256k1 secret key -> uncompressed public key -> address (last 20 bytes of Keccak-256 of the 64 key bytes) -> inbox id.",
                    ids: .block(101...200), cases: keys + nonceKeys),
                .init(
                    operation: .identityInboxId, description: "address + nonce -> inbox id.",
                    ids: .block(201...300), cases: inboxes),
                .init(
                    operation: .identityFromPrivateKey,
                    description: "secp256k1 secret key -> address -> inbox id: the cases of libxmtp's own tests.",
                    ids: .block(301...400), cases: try upstreamPrivateKeyTestCases()),
                .init(
                    operation: .identityInboxId,
                    description: "address + nonce -> inbox id: the cases of libxmtp's own tests.",
                    ids: .block(401...500), cases: try upstreamTestCases()),
            ])
    }
}
