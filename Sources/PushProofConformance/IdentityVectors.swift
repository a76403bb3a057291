import ConvosIdentity
import Foundation
import PushProofCrypto
import PushProofJSON

enum IdentityVectors {
    static let notes: [String: VectorNote] = [
        "KnownAnswer": .init(bugType: "BASIC", description: "A published value (Keccak-256 test vectors, well-known Ethereum addresses, the XMTP inbox id of the zero address)."),
        "BlockBoundary": .init(bugType: "EDGE_CASE", description: "Message length around Keccak-256's 136-byte rate: padding in the same block, or in a block of its own."),
        "KeccakNotSha3": .init(bugType: "WRONG_PRIMITIVE", description: "Keccak-256 pads with 0x01, FIPS 202 SHA3-256 with 0x06: an implementation using SHA3-256 gets every digest wrong."),
        "Normal": .init(bugType: "BASIC", description: "An ordinary case every implementation must handle."),
        "ScalarRange": .init(bugType: "EDGE_CASE", description: "A secp256k1 secret key is a 32-byte integer k with 1 <= k < n (n the group order)."),
        "AddressCase": .init(bugType: "EDGE_CASE", description: "The inbox id hashes the lower-cased address: an EIP-55 mixed-case spelling gives the same id."),
        "MalformedAddress": .init(bugType: "MODIFIED_PARAMETER", description: "An address is 0x followed by exactly 40 hex digits."),
        "Nonce": .init(bugType: "EDGE_CASE", description: "The nonce is appended as a decimal number."),
        "RecordShape": .init(bugType: "MODIFIED_PARAMETER", description: "The keychain record is not the format's JSON: not JSON, missing or extra fields, wrong types."),
        "KeyEncoding": .init(bugType: "MODIFIED_PARAMETER", description: "A key is not canonical base64 of exactly 32 bytes."),
        "InvalidPrivateKey": .init(bugType: "MISSING_STEP", description: "privateKeyData is 32 bytes but not a valid secp256k1 scalar (0, or >= n)."),
        "InvalidClientId": .init(bugType: "MISSING_STEP", description: "clientId must be an upper-case UUID v4 (36 characters, version 4, RFC 4122 variant)."),
        "InvalidInboxId": .init(bugType: "MISSING_STEP", description: "inboxId must be 64 lower-case hex digits."),
        "ClientIdMismatch": .init(bugType: "MISSING_STEP", description: "Saving an inbox with a clientId other than its stored one fails with CLIENT_ID_MISMATCH, naming the inbox and both clientIds; nothing changes."),
        "DuplicateClientId": .init(bugType: "MISSING_STEP", description: "Saving a clientId that another inbox holds fails with DUPLICATE_CLIENT_ID; nothing changes."),
        "Idempotent": .init(bugType: "FUNCTIONALITY", description: "Saving the same (inboxId, clientId) again is a no-op."),
        "Deletion": .init(bugType: "FUNCTIONALITY", description: "A deleted identity is gone by both keys, and its clientId may be reused only by a new save."),
        "BackendRequest": .init(bugType: "DEFINED", description: "A push backend request exactly as sent: method, path, header, body."),
        "NoInboxId": .init(bugType: "CONFIDENTIALITY", description: "Nothing the backend receives carries an inbox id, a key or an address."),
        "TeardownOrder": .init(bugType: "DEFINED", description: "ADR 002 section 5: unsubscribe, unregister, delete records, delete the keychain identity, delete the XMTP files."),
        "PushRouting": .init(bugType: "FUNCTIONALITY", description: "A push payload's clientId resolves through the identity store to exactly one inbox, or to none once deleted."),
    ]

    static func files() throws -> [VectorFile] {
        [try derivationFile(), try keychainFile(), try storeFile(), try backendFile()]
    }

    static func file(_ suite: String, _ header: [String], _ groups: [(type: String, op: String, description: String, firstId: Int, cases: [DeclaredCase])]) throws -> VectorFile {
        try DeclaredCases.file(suite: suite, protocolName: "convos-client-id", notes: notes, header: header,
                               groups: groups.map { .init(type: $0.type, operation: $0.op, description: $0.description, firstId: $0.firstId, cases: $0.cases) })
    }

    static let order = "fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141"
    /// A small scalar (below 256) as 32 big-endian bytes of hex.
    static func scalar(_ n: UInt8) -> String { Hex.encode([UInt8](repeating: 0, count: 31) + [n]) }

    // MARK: identity_derivation

    static func derivationFile() throws -> VectorFile {
        // Published answers, asserted before anything is written.
        func address(_ k: UInt8) -> String { try! EthereumAddress(privateKey: SecretBytes(copying: Hex.decode(scalar(k))!)).text }
        let zero = try EthereumAddress(text: "0x" + String(repeating: "0", count: 40))
        guard address(1) == "0x7e5f4552091a69125d5dfcb7b8c2659029395bdf", address(2) == "0x2b5ad5c4795c026514f8317c7a215e218dccd6cf",
              address(3) == "0x6813eb9362372eef6200f3b1dbc3f819671cba69",
              InboxId.derive(address: zero, nonce: 0) == "b1a9cc92f03b922b65e5f8bbd8c41f0ccaa57c6ce10fdb2b099845fa8658c950" else {
            throw GeneratorError("the reference disagrees with published Ethereum address or inbox id answers")
        }
        func k(_ comment: String, _ flags: [String], _ message: [UInt8]) -> DeclaredCase {
            DeclaredCase(comment: comment, flags: flags, input: ["message": .string(Hex.encode(message))])
        }
        let keccak = [
            k("empty message", ["KnownAnswer", "KeccakNotSha3"], []),
            k("\"abc\"", ["KnownAnswer", "KeccakNotSha3"], Array("abc".utf8)),
            k("\"The quick brown fox jumps over the lazy dog\"", ["KnownAnswer"], Array("The quick brown fox jumps over the lazy dog".utf8)),
            k("\"Transfer(address,address,uint256)\", the ERC-20 event topic", ["KnownAnswer"], Array("Transfer(address,address,uint256)".utf8)),
            k("135 bytes: padding fills the last byte of the block", ["BlockBoundary"], [UInt8](repeating: 0x61, count: 135)),
            k("136 bytes: padding takes a block of its own", ["BlockBoundary"], [UInt8](repeating: 0x61, count: 136)),
            k("137 bytes", ["BlockBoundary"], [UInt8](repeating: 0x61, count: 137)),
            k("64 bytes, the size of a public key", ["Normal"], Array(0..<64)),
        ]
        func key(_ comment: String, _ flags: [String], _ hex: String, nonce: UInt64 = 0, code: String? = nil) -> DeclaredCase {
            DeclaredCase(comment: comment, flags: flags, input: ["privateKey": .string(hex), "nonce": .integer(nonce)], code: code)
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
        func inbox(_ comment: String, _ flags: [String], _ address: String, nonce: UInt64 = 0, code: String? = nil) -> DeclaredCase {
            DeclaredCase(comment: comment, flags: flags, input: ["address": .string(address), "nonce": .integer(nonce)], code: code)
        }
        let inboxes = [
            inbox("the zero address, nonce 0", ["KnownAnswer"], "0x" + String(repeating: "0", count: 40)),
            inbox("the zero address, nonce 1", ["Nonce"], "0x" + String(repeating: "0", count: 40), nonce: 1),
            inbox("nonce 2^64-1", ["Nonce"], address(1), nonce: .max),
            inbox("address of key 1, lower case", ["Normal"], address(1)),
            inbox("address of key 1, EIP-55 mixed case", ["AddressCase"], "0x7E5F4552091A69125d5DfCb7b8C2659029395Bdf"),
            inbox("address without 0x", ["MalformedAddress"], String(address(1).dropFirst(2)), code: "INVALID_ADDRESS"),
            inbox("39 hex digits", ["MalformedAddress"], String(address(1).dropLast()), code: "INVALID_ADDRESS"),
            inbox("41 hex digits", ["MalformedAddress"], address(1) + "0", code: "INVALID_ADDRESS"),
            inbox("a non-hex digit", ["MalformedAddress"], "0x" + String(repeating: "g", count: 40), code: "INVALID_ADDRESS"),
            inbox("empty", ["MalformedAddress"], "", code: "INVALID_ADDRESS"),
        ]
        return try file("identity_derivation",
                        ["Per-conversation identities: Keccak-256, the Ethereum address of a secp256k1 key, and the XMTP inbox id.",
                         "inboxId = lower-case hex of SHA-256(UTF-8 of the lower-case 0x address followed by the decimal nonce)."],
                        [("Keccak256Test", "identity.keccak256", "Keccak-256 (original padding 0x01), hex in and out. tcIds 1-100.", 1, keccak),
                         ("PrivateKeyTest", "identity.fromPrivateKey", "secp256k1 secret key -> uncompressed public key -> address (last 20 bytes of Keccak-256 of the 64 key bytes) -> inbox id. tcIds 101-200.", 101, keys),
                         ("InboxIdTest", "identity.inboxId", "address + nonce -> inbox id. tcIds 201-300.", 201, inboxes)])
    }

    // MARK: identity_keychain

    static let clientId = "8F2D9C1E-4B7A-4E3F-9D2C-1A0B3C4D5E6F"
    static let privateKey = SHA256.hash(Array("pushproof/secp256k1/1".utf8))
    static let databaseKey = SHA256.hash(Array("pushproof/database-key/1".utf8))
    static var inboxIdOfKey: String { InboxId.derive(address: try! EthereumAddress(privateKey: SecretBytes(copying: privateKey))) }

    static func record(inboxId: JSONValue? = nil, clientId: JSONValue? = .string(clientId), keys: JSONValue? = nil) -> String {
        var members: [JSONValue.Member] = [.init("inboxId", inboxId ?? .string(inboxIdOfKey))]
        if let clientId { members.append(.init("clientId", clientId)) }
        if let keys { members.append(.init("keys", keys)) } else {
            members.append(.init("keys", ["privateKeyData": .string(Base64.encode(privateKey)), "databaseKey": .string(Base64.encode(databaseKey))]))
        }
        return JSONWriter.compact(.object(members))
    }

    static func keys(_ privateKey: JSONValue, _ databaseKey: JSONValue) -> JSONValue { ["privateKeyData": privateKey, "databaseKey": databaseKey] }

    static func keychainFile() throws -> VectorFile {
        let encode = [
            DeclaredCase(comment: "a conversation's identity as a keychain record", flags: ["Normal"],
                         input: ["inboxId": .string(inboxIdOfKey), "clientId": .string(clientId),
                                 "privateKey": .string(Hex.encode(privateKey)), "databaseKey": .string(Hex.encode(databaseKey))]),
        ]
        func d(_ comment: String, _ flags: [String], _ text: String, code: String? = nil) -> DeclaredCase {
            DeclaredCase(comment: comment, flags: flags, input: ["record": .string(text)], code: code)
        }
        let pk = JSONValue.string(Base64.encode(privateKey)), dk = JSONValue.string(Base64.encode(databaseKey))
        let decode = [
            d("a valid record", ["Normal"], record()),
            d("the same record with its keys in the other order", ["Normal"], record(keys: ["databaseKey": dk, "privateKeyData": pk])),
            d("not JSON", ["RecordShape"], "inboxId=...", code: "MALFORMED_JSON"),
            d("a JSON array", ["RecordShape"], "[]", code: "MALFORMED_JSON"),
            d("inboxId missing", ["RecordShape"], JSONWriter.compact((try! JSONParser.parse(record())).removing("inboxId")), code: "MISSING_FIELD"),
            d("clientId missing", ["RecordShape"], record(clientId: nil), code: "MISSING_FIELD"),
            d("keys.databaseKey missing", ["RecordShape"], record(keys: ["privateKeyData": pk]), code: "MISSING_FIELD"),
            d("an extra field", ["RecordShape"], JSONWriter.compact((try! JSONParser.parse(record())).setting("createdAt", to: 1)), code: "UNEXPECTED_FIELD"),
            d("an extra key field", ["RecordShape"], record(keys: ["privateKeyData": pk, "databaseKey": dk, "publicKey": pk]), code: "UNEXPECTED_FIELD"),
            d("clientId is a number", ["RecordShape"], record(clientId: 7), code: "WRONG_TYPE"),
            d("keys is a string", ["RecordShape"], record(keys: "keys"), code: "WRONG_TYPE"),
            d("privateKeyData in URL-safe base64 without padding", ["KeyEncoding"],
              record(keys: keys(.string(Base64.encode(privateKey, variant: .urlSafeNoPadding)), dk)), code: "INVALID_BASE64"),
            d("databaseKey with a newline", ["KeyEncoding"], record(keys: keys(pk, .string(Base64.encode(databaseKey) + "\n"))), code: "INVALID_BASE64"),
            d("privateKeyData of 31 bytes", ["KeyEncoding"], record(keys: keys(.string(Base64.encode(Array(privateKey.prefix(31)))), dk)), code: "INVALID_KEY_LENGTH"),
            d("databaseKey of 33 bytes", ["KeyEncoding"], record(keys: keys(pk, .string(Base64.encode(databaseKey + [0])))), code: "INVALID_KEY_LENGTH"),
            d("databaseKey empty", ["KeyEncoding"], record(keys: keys(pk, "")), code: "INVALID_KEY_LENGTH"),
            d("privateKeyData is zero", ["InvalidPrivateKey"], record(keys: keys(.string(Base64.encode([UInt8](repeating: 0, count: 32))), dk)), code: "INVALID_PRIVATE_KEY"),
            d("privateKeyData is the group order", ["InvalidPrivateKey"], record(keys: keys(.string(Base64.encode(Hex.decode(order)!)), dk)), code: "INVALID_PRIVATE_KEY"),
            d("clientId in lower case", ["InvalidClientId"], record(clientId: .string(clientId.lowercased())), code: "INVALID_CLIENT_ID"),
            d("clientId of version 1", ["InvalidClientId"], record(clientId: "8F2D9C1E-4B7A-1E3F-9D2C-1A0B3C4D5E6F"), code: "INVALID_CLIENT_ID"),
            d("clientId without dashes", ["InvalidClientId"], record(clientId: .string(clientId.replacingOccurrences(of: "-", with: ""))), code: "INVALID_CLIENT_ID"),
            d("clientId that is not a UUID", ["InvalidClientId"], record(clientId: "conversation-1"), code: "INVALID_CLIENT_ID"),
            d("inboxId in upper case", ["InvalidInboxId"], record(inboxId: .string(inboxIdOfKey.uppercased())), code: "INVALID_INBOX_ID"),
            d("inboxId with 0x", ["InvalidInboxId"], record(inboxId: .string("0x" + inboxIdOfKey.dropFirst(2))), code: "INVALID_INBOX_ID"),
        ]
        return try file("identity_keychain",
                        ["The keychain record of the per-conversation era (service org.convos.ios.KeychainIdentityStore.v2, account = inbox id, generic attribute = clientId).",
                         "Value: compact JSON {\"inboxId\",\"clientId\",\"keys\":{\"privateKeyData\",\"databaseKey\"}}, keys as standard base64 of 32 bytes."],
                        [("KeychainEncodeTest", "identity.keychainEncode", "Identity -> the record's exact bytes. tcIds 1-100.", 1, encode),
                         ("KeychainDecodeTest", "identity.keychainDecode", "Strict decoding; the output names the address of the decoded key. tcIds 101-300.", 101, decode)])
    }
}
