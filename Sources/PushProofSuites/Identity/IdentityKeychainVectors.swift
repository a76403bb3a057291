import ConvosIdentity
import Foundation
import PushProofConformance
import PushProofCrypto
import PushProofJSON

/// identity_keychain: the keychain record of a per-conversation identity.
enum IdentityKeychainVectors: IdentityFixtures {
    static func record(inboxId: JSONValue? = nil, clientId: JSONValue? = .string(clientId), keys: JSONValue? = nil)
        -> String
    {
        var members: [JSONValue.Member] = [.init("inboxId", inboxId ?? .string(inboxIdOfKey))]
        if let clientId { members.append(.init("clientId", clientId)) }
        if let keys {
            members.append(.init("keys", keys))
        } else {
            members.append(
                .init(
                    "keys",
                    [
                        "privateKeyData": .string(Base64.encode(privateKey)),
                        "databaseKey": .string(Base64.encode(databaseKey)),
                    ]))
        }
        return JSONWriter.compact(.object(members))
    }

    static func keys(_ privateKey: JSONValue, _ databaseKey: JSONValue) -> JSONValue {
        ["privateKeyData": privateKey, "databaseKey": databaseKey]
    }

    static func file() throws -> VectorFileDeclaration {
        let encode = [
            VectorCase(
                comment: "a conversation's identity as a keychain record", flags: ["Normal"],
                input: [
                    "inboxId": .string(inboxIdOfKey), "clientId": .string(clientId),
                    "privateKey": .string(Hex.encode(privateKey)), "databaseKey": .string(Hex.encode(databaseKey)),
                ])
        ]
        func d(_ comment: String, _ flags: [String], _ text: String, code: String? = nil) -> VectorCase {
            VectorCase(comment: comment, flags: flags, input: ["record": .string(text)], code: code)
        }
        let pk = JSONValue.string(Base64.encode(privateKey))
        let dk = JSONValue.string(Base64.encode(databaseKey))
        let decode = [
            d("a valid record", ["Normal"], record()),
            d(
                "the same record with its keys in the other order", ["Normal"],
                record(keys: ["databaseKey": dk, "privateKeyData": pk])),
            d("not JSON", ["RecordShape"], "inboxId=...", code: "MALFORMED_JSON"),
            d("a JSON array", ["RecordShape"], "[]", code: "MALFORMED_JSON"),
            d(
                "inboxId missing", ["RecordShape"],
                JSONWriter.compact((try! JSONParser.parse(record())).removing("inboxId")), code: "MISSING_FIELD"),
            d("clientId missing", ["RecordShape"], record(clientId: nil), code: "MISSING_FIELD"),
            d("keys.databaseKey missing", ["RecordShape"], record(keys: ["privateKeyData": pk]), code: "MISSING_FIELD"),
            d(
                "an extra field", ["RecordShape"],
                JSONWriter.compact((try! JSONParser.parse(record())).setting("createdAt", to: 1)),
                code: "UNEXPECTED_FIELD"),
            d(
                "an extra key field", ["RecordShape"],
                record(keys: ["privateKeyData": pk, "databaseKey": dk, "publicKey": pk]), code: "UNEXPECTED_FIELD"),
            d("clientId is a number", ["RecordShape"], record(clientId: 7), code: "WRONG_TYPE"),
            d("keys is a string", ["RecordShape"], record(keys: "keys"), code: "WRONG_TYPE"),
            d(
                "privateKeyData in URL-safe base64 without padding", ["KeyEncoding"],
                record(keys: keys(.string(Base64.encode(privateKey, variant: .urlSafeNoPadding)), dk)),
                code: "INVALID_BASE64"),
            d(
                "databaseKey with a newline", ["KeyEncoding"],
                record(keys: keys(pk, .string(Base64.encode(databaseKey) + "\n"))), code: "INVALID_BASE64"),
            d(
                "privateKeyData of 31 bytes", ["KeyEncoding"],
                record(keys: keys(.string(Base64.encode(Array(privateKey.prefix(31)))), dk)), code: "INVALID_KEY_LENGTH"
            ),
            d(
                "databaseKey of 33 bytes", ["KeyEncoding"],
                record(keys: keys(pk, .string(Base64.encode(databaseKey + [0])))), code: "INVALID_KEY_LENGTH"),
            d("databaseKey empty", ["KeyEncoding"], record(keys: keys(pk, "")), code: "INVALID_KEY_LENGTH"),
            d(
                "privateKeyData is zero", ["InvalidPrivateKey"],
                record(keys: keys(.string(Base64.encode([UInt8](repeating: 0, count: 32))), dk)),
                code: "INVALID_PRIVATE_KEY"),
            d(
                "privateKeyData is the group order", ["InvalidPrivateKey"],
                record(keys: keys(.string(Base64.encode(Hex.decode(order)!)), dk)), code: "INVALID_PRIVATE_KEY"),
            d(
                "clientId in lower case", ["InvalidClientId"], record(clientId: .string(clientId.lowercased())),
                code: "INVALID_CLIENT_ID"),
            d(
                "clientId of version 1", ["InvalidClientId"], record(clientId: "8F2D9C1E-4B7A-1E3F-9D2C-1A0B3C4D5E6F"),
                code: "INVALID_CLIENT_ID"),
            d(
                "clientId without dashes", ["InvalidClientId"],
                record(clientId: .string(clientId.replacingOccurrences(of: "-", with: ""))), code: "INVALID_CLIENT_ID"),
            d(
                "clientId that is not a UUID", ["InvalidClientId"], record(clientId: "conversation-1"),
                code: "INVALID_CLIENT_ID"),
            d(
                "inboxId in upper case", ["InvalidInboxId"], record(inboxId: .string(inboxIdOfKey.uppercased())),
                code: "INVALID_INBOX_ID"),
            d(
                "inboxId with 0x", ["InvalidInboxId"], record(inboxId: .string("0x" + inboxIdOfKey.dropFirst(2))),
                code: "INVALID_INBOX_ID"),
        ]
        return VectorFileDeclaration(
            suite: "identity_keychain", protocolName: "convos-client-id", notes: IdentityNotes.catalogue,
            header: [
                "The keychain record of the per-conversation era (service org.convos.ios.KeychainIdentityStore.v2, account = inbox id, generic attribute = clientId).",
                "Value: compact JSON {\"inboxId\",\"clientId\",\"keys\":{\"privateKeyData\",\"databaseKey\"}}, keys as standard base64 of 32 bytes.",
            ],
            groups: [
                .init(
                    type: "KeychainEncodeTest", operation: .identityKeychainEncode,
                    description: "Identity -> the record's exact bytes.", ids: .block(1...100), cases: encode),
                .init(
                    type: "KeychainDecodeTest", operation: .identityKeychainDecode,
                    description: "Strict decoding; the output names the address of the decoded key.",
                    ids: .block(101...300), cases: decode),
            ])
    }
}
