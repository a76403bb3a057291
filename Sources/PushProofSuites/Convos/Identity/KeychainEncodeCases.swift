import PushProofConformance
import PushProofCrypto
import PushProofJSON

/// identity_keychain: what `identity.keychainEncode` writes, by class: the ids as any string
/// (the app's own tests), the characters an encoder spells its own way, every private key the
/// app cannot hold, and database keys of any length.
enum KeychainEncodeCases: IdentityFixtures {
    static let tests = "xmtplabs/convos-ios@f47421a9:KeychainIdentityStoreTests/KeychainIdentityStoreTests.swift"
    static let store =
        "xmtplabs/convos-ios@f47421a9:ConvosCore/Sources/ConvosCore/Auth/Keychain/KeychainIdentityStore.swift"
    static let encode = "\(store):45-49, 82-95, 387 (JSONEncoder().encode(identity))"
    static let privateKeyType =
        "\(store):14-16, 46-49 (the key is held as XMTP's PrivateKey); xmtp/libxmtp@a53a97ed:sdks/ios/Sources/XMTPiOS/Messages/PrivateKey.swift:53-64 (InvalidLength, InvalidKey)"

    static func input(
        inboxId: String? = nil, clientId: String? = nil, privateKey: String? = nil, databaseKey: String? = nil
    ) -> JSONValue {
        [
            "inboxId": .string(inboxId ?? inboxIdOfKey), "clientId": .string(clientId ?? Self.clientId),
            "privateKey": .string(privateKey ?? Hex.encode(Self.privateKey)),
            "databaseKey": .string(databaseKey ?? Hex.encode(Self.databaseKey)),
        ]
    }

    static func cases() -> [VectorCase] {
        var cases: [VectorCase] = []
        // The app's own tests save these ids through KeychainIdentityStore.save, which encodes
        // the record (:387), and read them back.
        let upstream: [(String, String, String, String)] = [
            ("testSaveAndLoadIdentity", "32-51", "test-inbox-123", "test-client-123"),
            (
                "testVeryLongInboxId", "218-233", String(repeating: "a", count: 1000),
                String(repeating: "b", count: 1000)
            ),
            (
                "testSpecialCharactersInInboxId", "235-250", "test-inbox!@#$%^&*()_+-=[]{}|;':\",./<>?",
                "test-client!@#$%^&*()_+-=[]{}|;':\",./<>?"
            ),
            (
                "testUnicodeCharactersInInboxId", "252-267", "inbox-\u{1F680}-\u{1F389}-\u{1F31F}",
                "client-\u{1F680}-\u{1F389}-\u{1F31F}"
            ),
            ("testKeychainIdentityCoding", "389-405", "coding-test-inbox", "coding-test-client"),
        ]
        for (test, lines, inbox, client) in upstream {
            cases.append(
                VectorCase(
                    comment: "the ids of the app's test \(test): any string is written",
                    flags: ["UpstreamTest", "AnyClientId"],
                    source: "\(tests):\(lines) (\(test)); \(encode)", input: input(inboxId: inbox, clientId: client)))
        }
        // Characters JSON encoders write differently, in both ids.
        let characters: [(String, String)] = [
            ("a slash, which iOS writes \\/", "a/b"), ("< > &", "<a>&"), ("U+2028 and U+2029", "a\u{2028}b\u{2029}"),
            ("a quote and a backslash", "a\"b\\c"), ("the control characters with short escapes", "\u{8}\u{C}\n\r\t"),
            ("other control characters and DEL", "\u{0}\u{1}\u{1F}\u{7F}"),
            ("non-ASCII and an emoji", "\u{E9}\u{1F680}"),
            ("nothing: the empty string", ""), ("white space around", " id "),
        ]
        for (what, text) in characters {
            cases.append(
                VectorCase(
                    comment: "clientId and inboxId with \(what)", flags: ["EncoderCharacters", "AnyClientId"],
                    source: encode, input: input(inboxId: "inbox-" + text, clientId: text)))
        }
        // Key bytes whose base64 holds '+' and '/' (written \/ by iOS) and every padding length.
        let plusSlash: [UInt8] = [0xFB, 0xEF, 0xBE, 0xFF, 0xFF, 0xFF] + [UInt8](repeating: 0x3F, count: 26)
        cases.append(
            VectorCase(
                comment: "key bytes whose base64 holds + and /", flags: ["EncoderCharacters"], source: encode,
                input: input(
                    privateKey: Hex.encode(plusSlash), databaseKey: Hex.encode([UInt8](repeating: 0xFF, count: 32)))))
        for length in [0, 1, 2, 3, 31, 33, 64] {
            cases.append(
                VectorCase(
                    comment: "a databaseKey of \(length) bytes is written: the app never checks its length",
                    flags: ["KeyEncoding", "LenientRecord"], source: "\(store):14-16, 33-36, 45-49",
                    input: input(databaseKey: Hex.encode((0..<length).map { UInt8($0 & 0xFF) ^ 0xA5 }))))
        }
        // A private key the app cannot hold: PrivateKey(_:) refuses it, so no record has it.
        let why =
            "the app holds its key only as XMTP's PrivateKey, which refuses it, so the app can never write such a record: refused in the decoder's words, in every profile"
        for length in [0, 1, 31, 33, 64] {
            cases.append(
                VectorCase(
                    comment: "a private key of \(length) bytes: \(why)", flags: ["KeyEncoding", "CannotExist"],
                    source: privateKeyType,
                    input: input(privateKey: Hex.encode([UInt8](repeating: 0x11, count: length))),
                    code: "INVALID_KEY_LENGTH"))
        }
        let n = Hex.decode(order)!
        func plus(_ k: [UInt8], _ d: Int) -> [UInt8] {
            var out = k
            var carry = d
            for i in out.indices.reversed() where carry != 0 {
                let v = Int(out[i]) + carry
                out[i] = UInt8((v % 256 + 256) % 256)
                carry = v < 0 ? -1 : v >> 8
            }
            return out
        }
        for (what, key) in [
            ("zero", [UInt8](repeating: 0, count: 32)), ("the group order n", n), ("n + 1", plus(n, 1)),
            ("2^256 - 1", [UInt8](repeating: 0xFF, count: 32)),
        ] {
            cases.append(
                VectorCase(
                    comment: "a private key of \(what): \(why)", flags: ["InvalidPrivateKey", "CannotExist"],
                    source: privateKeyType, input: input(privateKey: Hex.encode(key)), code: "INVALID_PRIVATE_KEY"))
        }
        for (what, key) in [("1", plus([UInt8](repeating: 0, count: 32), 1)), ("n - 1", plus(n, -1))] {
            cases.append(
                VectorCase(
                    comment: "a private key of \(what), the range's end, is written", flags: ["ScalarRange"],
                    source: privateKeyType, input: input(privateKey: Hex.encode(key))))
        }
        return cases
    }
}
