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
        let store =
            "xmtplabs/convos-ios@f47421a9:ConvosCore/Sources/ConvosCore/Auth/Keychain/KeychainIdentityStore.swift"
        let decoding =
            "\(store):82-95, 38-43, 252 (JSONDecoder: the members in declaration order, unknown ones ignored)"
        let privateKeyCheck =
            "\(store):42; xmtp/libxmtp@a53a97ed:sdks/ios/Sources/XMTPiOS/Messages/PrivateKey.swift:53-64 (InvalidLength, InvalidKey)"
        let encode =
            [
                VectorCase(
                    comment: "a conversation's identity as a keychain record (judged by meaning: iOS's JSONEncoder "
                        + "writes the members in an order that varies per process and escapes / as \\/)",
                    flags: ["Normal"],
                    source: "\(store):45-49, 82-95, 387 (JSONEncoder().encode(identity))",
                    input: [
                        "inboxId": .string(inboxIdOfKey), "clientId": .string(clientId),
                        "privateKey": .string(Hex.encode(privateKey)), "databaseKey": .string(Hex.encode(databaseKey)),
                    ])
            ] + KeychainEncodeCases.cases()
        func recordCase(
            _ comment: String, _ flags: [String], _ text: String, code: String? = nil, source: String? = nil
        )
            -> VectorCase
        {
            VectorCase(
                comment: comment, flags: flags, source: source ?? decoding, input: ["record": .string(text)], code: code
            )
        }
        let pk = JSONValue.string(Base64.encode(privateKey))
        let dk = JSONValue.string(Base64.encode(databaseKey))
        let extraField = JSONWriter.compact((try! JSONParser.parse(record())).setting("createdAt", to: 1))
        let extraKeyField = record(keys: ["privateKeyData": pk, "databaseKey": dk, "publicKey": pk])
        let longDatabaseKey = record(keys: keys(pk, .string(Base64.encode(databaseKey + [0]))))
        let emptyDatabaseKey = record(keys: keys(pk, ""))
        let oddIds = [
            record(clientId: .string(clientId.lowercased())), record(clientId: "8F2D9C1E-4B7A-1E3F-9D2C-1A0B3C4D5E6F"),
            record(clientId: .string(clientId.replacingOccurrences(of: "-", with: ""))),
            record(clientId: "conversation-1"), record(inboxId: .string(inboxIdOfKey.uppercased())),
            record(inboxId: .string("0x" + inboxIdOfKey.dropFirst(2))),
        ]
        // The member order of one of iOS's runs and its escaped slashes (docs/audit/identity.md).
        let iosRecord =
            "{\"clientId\":\"\(clientId)\",\"keys\":{\"databaseKey\":\"\(Base64.encode(databaseKey).replacingOccurrences(of: "/", with: "\\/"))\",\"privateKeyData\":\"\(Base64.encode(privateKey).replacingOccurrences(of: "/", with: "\\/"))\"},\"inboxId\":\"\(inboxIdOfKey)\"}"
        func hardened(_ comment: String, _ flags: [String], _ text: String, _ code: String) -> VectorCase {
            VectorCase(comment: comment, flags: flags, input: ["record": .string(text)], code: code)
        }
        let strict = [
            hardened(
                "an extra field is refused. Why: the record is the app's own; a field it never writes means another "
                    + "writer or a corrupted item (deployed tcId 108)", ["RecordShape", "StrictRecord"], extraField,
                "UNEXPECTED_FIELD"),
            hardened(
                "an extra key field is refused. Why: as tcId 301 (deployed tcId 109)", ["RecordShape", "StrictRecord"],
                extraKeyField, "UNEXPECTED_FIELD"),
            hardened(
                "databaseKey of 33 bytes is refused. Why: SQLCipher's key is 32 bytes; reading the record should fail "
                    + "where the fault is, not at client creation (deployed tcId 115)",
                ["KeyEncoding", "StrictRecord"],
                longDatabaseKey, "INVALID_KEY_LENGTH"),
            hardened(
                "databaseKey empty is refused. Why: as tcId 303 (deployed tcId 116)", ["KeyEncoding", "StrictRecord"],
                emptyDatabaseKey, "INVALID_KEY_LENGTH"),
            hardened(
                "clientId in lower case is refused. Why: clientIds are upper-case UUID v4 strings and compare "
                    + "exactly, so a record with another spelling can never be routed to (deployed tcId 119)",
                ["InvalidClientId", "StrictRecord"], oddIds[0], "INVALID_CLIENT_ID"),
            hardened(
                "clientId of version 1 is refused. Why: as tcId 305 (deployed tcId 120)",
                ["InvalidClientId", "StrictRecord"], oddIds[1], "INVALID_CLIENT_ID"),
            hardened(
                "clientId without dashes is refused. Why: as tcId 305 (deployed tcId 121)",
                ["InvalidClientId", "StrictRecord"], oddIds[2], "INVALID_CLIENT_ID"),
            hardened(
                "clientId that is not a UUID is refused. Why: as tcId 305 (deployed tcId 122)",
                ["InvalidClientId", "StrictRecord"], oddIds[3], "INVALID_CLIENT_ID"),
            hardened(
                "inboxId in upper case is refused. Why: an inbox id is 64 lower-case hex digits, and the item's "
                    + "account must match it exactly (deployed tcId 123)", ["InvalidInboxId", "StrictRecord"],
                oddIds[4],
                "INVALID_INBOX_ID"),
            hardened(
                "inboxId with 0x is refused. Why: as tcId 309 (deployed tcId 124)", ["InvalidInboxId", "StrictRecord"],
                oddIds[5], "INVALID_INBOX_ID"),
            hardened(
                "privateKeyData of 31 bytes is refused, as the app refuses it", ["KeyEncoding"],
                record(keys: keys(.string(Base64.encode(Array(privateKey.prefix(31)))), dk)), "INVALID_KEY_LENGTH"),
            hardened(
                "inboxId of 63 hex digits is refused. Why: as tcId 309", ["InvalidInboxId", "StrictRecord"],
                record(inboxId: .string(String(inboxIdOfKey.dropLast()))), "INVALID_INBOX_ID"),
            hardened(
                "an extra field whose value is null is refused. Why: as tcId 301", ["RecordShape", "StrictRecord"],
                JSONWriter.compact((try! JSONParser.parse(record())).setting("note", to: .null)), "UNEXPECTED_FIELD"),
            hardened(
                "privateKeyData zero is refused, as the app refuses it (deployed tcId 117)", ["InvalidPrivateKey"],
                record(keys: keys(.string(Base64.encode([UInt8](repeating: 0, count: 32))), dk)), "INVALID_PRIVATE_KEY"),
            hardened(
                "privateKeyData the group order n is refused, as the app refuses it (deployed tcId 118)",
                ["InvalidPrivateKey"], record(keys: keys(.string(Base64.encode(Hex.decode(order)!)), dk)),
                "INVALID_PRIVATE_KEY"),
        ]
        let decode = [
            recordCase("a valid record", ["Normal"], record()),
            recordCase(
                "the same record with its keys in the other order", ["Normal"],
                record(keys: ["databaseKey": dk, "privateKeyData": pk])),
            recordCase("not JSON", ["RecordShape"], "inboxId=...", code: "MALFORMED_JSON"),
            recordCase("a JSON array", ["RecordShape"], "[]", code: "MALFORMED_JSON"),
            recordCase(
                "inboxId missing", ["RecordShape"],
                JSONWriter.compact((try! JSONParser.parse(record())).removing("inboxId")), code: "MISSING_FIELD"),
            recordCase("clientId missing", ["RecordShape"], record(clientId: nil), code: "MISSING_FIELD"),
            recordCase(
                "keys.databaseKey missing", ["RecordShape"], record(keys: ["privateKeyData": pk]), code: "MISSING_FIELD"
            ),
            recordCase(
                "an extra field is ignored (refusing it is hardened tcId 301)", ["RecordShape", "LenientRecord"],
                extraField),
            recordCase(
                "an extra key field is ignored (as tcId 108; hardened tcId 302)",
                ["RecordShape", "LenientRecord"], extraKeyField),
            recordCase("clientId is a number", ["RecordShape"], record(clientId: 7), code: "WRONG_TYPE"),
            recordCase("keys is a string", ["RecordShape"], record(keys: "keys"), code: "WRONG_TYPE"),
            recordCase(
                "privateKeyData in URL-safe base64 without padding", ["KeyEncoding"],
                record(keys: keys(.string(Base64.encode(privateKey, variant: .urlSafeNoPadding)), dk)),
                code: "INVALID_BASE64"),
            recordCase(
                "databaseKey with a newline", ["KeyEncoding"],
                record(keys: keys(pk, .string(Base64.encode(databaseKey) + "\n"))), code: "INVALID_BASE64"),
            recordCase(
                "privateKeyData of 31 bytes", ["KeyEncoding"],
                record(keys: keys(.string(Base64.encode(Array(privateKey.prefix(31)))), dk)),
                code: "INVALID_KEY_LENGTH",
                source: privateKeyCheck),
            recordCase(
                "databaseKey of 33 bytes decodes: the record has no length check, the XMTP client refuses the key "
                    + "later (hardened tcId 303)",
                ["KeyEncoding", "LenientRecord"], longDatabaseKey,
                source:
                    "\(store):40; xmtp/libxmtp@a53a97ed:bindings/mobile/src/mls.rs:456-471 (checked at client creation)"
            ),
            recordCase(
                "databaseKey empty decodes (as tcId 115; hardened tcId 304)",
                ["KeyEncoding", "LenientRecord"],
                emptyDatabaseKey, source: "\(store):40"),
            recordCase(
                "privateKeyData is zero", ["InvalidPrivateKey"],
                record(keys: keys(.string(Base64.encode([UInt8](repeating: 0, count: 32))), dk)),
                code: "INVALID_PRIVATE_KEY", source: privateKeyCheck),
            recordCase(
                "privateKeyData is the group order", ["InvalidPrivateKey"],
                record(keys: keys(.string(Base64.encode(Hex.decode(order)!)), dk)), code: "INVALID_PRIVATE_KEY",
                source: privateKeyCheck),
            recordCase(
                "clientId in lower case decodes: no id is checked (hardened tcId 305)",
                ["InvalidClientId", "LenientRecord"], oddIds[0],
                source:
                    "\(decoding); the app's own tests store ids such as \"coding-test-client\" (KeychainIdentityStoreTests.swift:218-267, 389-405)"
            ),
            recordCase(
                "clientId of version 1 decodes (as tcId 119; hardened tcId 306)",
                ["InvalidClientId", "LenientRecord"], oddIds[1]),
            recordCase(
                "clientId without dashes decodes (as tcId 119; hardened tcId 307)",
                ["InvalidClientId", "LenientRecord"], oddIds[2]),
            recordCase(
                "clientId that is not a UUID decodes (as tcId 119; hardened tcId 308)",
                ["InvalidClientId", "LenientRecord"], oddIds[3]),
            recordCase(
                "inboxId in upper case decodes (as tcId 119; hardened tcId 309)",
                ["InvalidInboxId", "LenientRecord"], oddIds[4]),
            recordCase(
                "inboxId with 0x decodes (as tcId 119; hardened tcId 310)",
                ["InvalidInboxId", "LenientRecord"],
                oddIds[5]),
            // The bytes iOS writes (tcId 125).
            recordCase(
                "a record as iOS's JSONEncoder writes it: another member order, / escaped as \\/", ["Normal"],
                iosRecord),
            recordCase(
                "privateKeyData of 33 bytes", ["KeyEncoding"],
                record(keys: keys(.string(Base64.encode(privateKey + [1])), dk)), code: "INVALID_KEY_LENGTH",
                source: privateKeyCheck),
            recordCase(
                "privateKeyData empty", ["KeyEncoding"], record(keys: keys("", dk)), code: "INVALID_KEY_LENGTH",
                source: privateKeyCheck),
        ]
        let classes = KeychainDecodeClassCases.cases(firstDeployedId: 701)
        let names = KeychainMemberNameCases.cases()
        return VectorFileDeclaration(
            name: "identity_keychain", protocolName: "convos-client-id", notes: IdentityNotes.catalogue,
            header: [
                "The keychain record of the per-conversation era (service org.convos.ios.KeychainIdentityStore.v2, account = inbox id, generic attribute = clientId).",
                "Value: compact JSON {\"inboxId\",\"clientId\",\"keys\":{\"privateKeyData\",\"databaseKey\"}}, keys as standard base64; written by iOS's JSONEncoder, whose member order varies per process and which escapes / as \\/.",
                "identity.keychainEncode is judged by meaning: the answer's record must be a JSON object with exactly those members, the keys canonical standard base64; `expected.output` is {inboxId, clientId, keys: {privateKeyHex, databaseKeyHex}}; the reference's bytes are the test's `intermediate`.",
            ],
            groups: [
                .init(
                    operation: .identityKeychainEncode,
                    description: "Identity -> the record (judged by meaning).", ids: .block(1...100), cases: encode),
                .init(
                    operation: .identityKeychainDecode,
                    description:
                        "Decoding as the per-conversation-era app (xmtplabs/convos-ios@f47421a9): unknown members ignored, no id checked, databaseKey of any length; the output names the address of the decoded key.",
                    ids: .block(101...300), cases: decode),
                .init(
                    operation: .identityKeychainDecode, profile: .hardened,
                    description: "PushProof's strict reading of the record, where it differs from the app's.",
                    ids: .block(301...400), cases: strict),
                .init(
                    operation: .identityKeychainDecode, profile: .hardened,
                    description:
                        "PushProof's strict reading of the classes of record the app's JSONDecoder and base64 decoder read their own way (deployed tcIds 701 on, in the same order).",
                    ids: .block(401...700), cases: classes.hardened),
                .init(
                    operation: .identityKeychainDecode,
                    description:
                        "Decoding as the app, by class: what its JSONDecoder (swift-foundation) and Data(base64Encoded:) read and refuse, every member given every JSON type, and records failing two checks (hardened tcIds 401 on, in the same order).",
                    ids: .block(701...1000), cases: classes.deployed),
                .init(
                    operation: .identityKeychainDecode,
                    description:
                        "Decoding as the per-conversation-era app: the records of Convos iOS's own KeychainIdentityStoreTests.",
                    ids: .block(1001...1100), cases: try upstreamTestCases()),
                .init(
                    operation: .identityKeychainDecode,
                    description:
                        "Decoding as the app: member names spelled otherwise, canonically equivalent (the same member to its JSONDecoder) or not (hardened tcIds 2100 on, in the same order).",
                    ids: .block(2000...2099), cases: names.deployed),
                .init(
                    operation: .identityKeychainDecode, profile: .hardened,
                    description:
                        "PushProof's strict reading of the same member names, compared scalar by scalar (deployed tcIds 2000 on, in the same order).",
                    ids: .block(2100...2199), cases: names.hardened),
            ])
    }
}
