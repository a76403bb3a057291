import ConvosExplode
import ConvosIdentity
import Foundation
import PushProofConformance
import PushProofCrypto
import PushProofJSON

/// Cases translated from Convos iOS's (KeychainIdentityStoreTests, InboxWriterTests) and
/// libxmtp's own tests of identities, the clientId mapping and inbox ids, each in its vector
/// file's group of upstream tests, sourced to its test. Where a test asserts a value the
/// reference computes, the case's `check` compares the two.
extension IdentityStoreVectors {
    static let upstreamKeychainTests =
        "xmtplabs/convos-ios@f47421a9:KeychainIdentityStoreTests/KeychainIdentityStoreTests.swift"
    static let upstreamKeychainStore =
        "xmtplabs/convos-ios@f47421a9:ConvosCore/Sources/ConvosCore/Auth/Keychain/KeychainIdentityStore.swift"

    /// A check that step `i` of a trace found (inboxId, clientId), or found nothing.
    static func upstreamFound(_ expected: [Int: (String, String)?]) -> @Sendable (OperationOutcome) throws -> Void {
        { answer in
            guard case .output(let out) = answer, let results = out["results"]?.arrayValue else {
                throw GeneratorError("identity_store: no results")
            }
            for (i, want) in expected {
                let r = results[i]
                let ok =
                    want.map {
                        r["result"]?.stringValue == "found" && r["inboxId"]?.stringValue == $0.0
                            && r["clientId"]?.stringValue == $0.1
                    } ?? (r["result"]?.stringValue == "notFound")
                guard ok else {
                    throw GeneratorError("identity_store: step \(i) is not what the upstream test asserts")
                }
            }
        }
    }

    /// identity.storeTrace (deployed): the keychain store's tests no existing trace answers.
    static func upstreamTestCases() throws -> [VectorCase] {
        let concurrent = (0..<10).map { ("concurrent-inbox-\($0)", "concurrent-client-\($0)") }
        var found: [Int: (String, String)?] = [:]
        for (i, pair) in concurrent.enumerated() { found[10 + i] = pair }
        return [
            VectorCase(
                comment: "testLoadNonExistentIdentity: an inbox never saved is not found",
                flags: ["UpstreamTest", "AnyClientId"],
                source:
                    "\(upstreamKeychainTests):53-65 (testLoadNonExistentIdentity); \(upstreamKeychainStore):245-253, "
                    + "437-443 (identityNotFound)",
                input: ["steps": [byInbox("non-existent-inbox")]], check: upstreamFound([0: nil])),
            VectorCase(
                comment: "testConcurrentIdentityOperations, one save after another: ten inboxes with ten clientIds, "
                    + "each saved and found (the test runs the saves concurrently; as every pair is distinct, no "
                    + "order changes a result)",
                flags: ["UpstreamTest", "AnyClientId", "ManyRows"],
                source: "\(upstreamKeychainTests):181-214 (testConcurrentIdentityOperations); \(upstreamKeychainStore):"
                    + "235-253, 368-411",
                input: ["steps": .array(concurrent.map { save($0.0, $0.1) } + concurrent.map { byInbox($0.0) })],
                check: upstreamFound(found)),
            VectorCase(
                comment: "testCompleteCleanup: two identities saved, both deleted by inbox id, neither found after",
                flags: ["UpstreamTest", "AnyClientId", "Deletion"],
                source: "\(upstreamKeychainTests):271-305 (testCompleteCleanup); \(upstreamKeychainStore):334-342, "
                    + "452-457",
                input: [
                    "steps": [
                        save("cleanup-inbox1", "cleanup-client1"), save("cleanup-inbox2", "cleanup-client2"),
                        delete("cleanup-inbox1"), delete("cleanup-inbox2"), byInbox("cleanup-inbox1"),
                        byInbox("cleanup-inbox2"),
                    ]
                ], check: upstreamFound([4: nil, 5: nil])),
        ]
    }
}

// MARK: - identity_keychain

extension IdentityKeychainVectors {
    /// identity.keychainDecode (deployed): the load half of the keychain store's tests. Each test saves
    /// an identity and reads it back through `identity(for:)`, which decodes the stored record with
    /// JSONDecoder; the record is the one the app wrote (its JSONEncoder escapes / as \/). The tests
    /// also compare the database key, which is not part of the operation's output.
    static func upstreamTestCases() throws -> [VectorCase] {
        let tests = "xmtplabs/convos-ios@f47421a9:KeychainIdentityStoreTests/KeychainIdentityStoreTests.swift"
        let store =
            "xmtplabs/convos-ios@f47421a9:ConvosCore/Sources/ConvosCore/Auth/Keychain/KeychainIdentityStore.swift"
        let load = "\(store):38-43, 82-95, 245-253 (JSONDecoder; no id is checked)"
        func loaded(_ test: String, _ lines: String, _ inboxId: String, _ clientId: String) -> VectorCase {
            // As iOS's JSONEncoder writes it: every / escaped (the ids and the base64 of the keys).
            let text = record(inboxId: .string(inboxId), clientId: .string(clientId))
                .replacingOccurrences(of: "/", with: "\\/")
            return VectorCase(
                comment: "the record the app's test \(test) saves reads back with its ids",
                flags: ["UpstreamTest", "AnyClientId", "LenientRecord"], source: "\(tests):\(lines) (\(test)); \(load)",
                input: ["record": .string(text)],
                check: { answer in
                    guard case .output(let out) = answer, out["inboxId"]?.stringValue == inboxId,
                        out["clientId"]?.stringValue == clientId
                    else { throw GeneratorError("identity_keychain: \(test)'s ids do not read back") }
                })
        }
        return [
            loaded("testSaveAndLoadIdentity", "32-51", "test-inbox-123", "test-client-123"),
            loaded(
                "testVeryLongInboxId", "218-233", String(repeating: "a", count: 1000),
                String(repeating: "b", count: 1000)),
            loaded(
                "testSpecialCharactersInInboxId", "235-250", "test-inbox!@#$%^&*()_+-=[]{}|;':\",./<>?",
                "test-client!@#$%^&*()_+-=[]{}|;':\",./<>?"),
            loaded(
                "testUnicodeCharactersInInboxId", "252-267", "inbox-\u{1F680}-\u{1F389}-\u{1F31F}",
                "client-\u{1F680}-\u{1F389}-\u{1F31F}"),
            loaded("testKeychainIdentityCoding", "389-405", "coding-test-inbox", "coding-test-client"),
        ]
    }
}

// MARK: - identity_derivation

extension IdentityDerivationVectors {
    static let upstreamLibxmtp = "xmtp/libxmtp@a53a97ed:"

    /// identity.fromPrivateKey: libxmtp's known-answer test of the address of a key.
    static func upstreamPrivateKeyTestCases() throws -> [VectorCase] {
        let lx = upstreamLibxmtp
        let expected = "0x34dd95109b587ca90778cde5e2dd87e022453699"
        return [
            VectorCase(
                comment: "libxmtp's test_public_key_generation_and_address: the key 90b7...76fb has the address "
                    + "0x34dd...3699 (the test asserts the address; the public key and inbox id follow from it)",
                flags: ["UpstreamTest", "KnownAnswer"],
                source:
                    "\(lx)crates/xmtp_cryptography/src/ethereum.rs:144-179 (test_public_key_generation_and_address); "
                    + "\(lx)crates/xmtp_cryptography/src/ethereum.rs:31-50, 104-113",
                input: ["privateKey": "90b7388a7427358cb7fc7e9042805b1942eae47ee783e627a989719da35e76fb", "nonce": 0],
                check: { answer in
                    guard case .output(let out) = answer, out["address"]?.stringValue == expected else {
                        throw GeneratorError("the address of libxmtp's test key is not 0x34dd...3699")
                    }
                })
        ]
    }

    /// identity.inboxId: libxmtp's tests of which address texts are addresses.
    static func upstreamTestCases() throws -> [VectorCase] {
        let lx = upstreamLibxmtp
        let reading =
            "\(lx)crates/xmtp_cryptography/src/signature.rs:87-96, 108-128; \(lx)crates/xmtp_id/src/associations/"
            + "member.rs:171-190"
        let mixed = "0x7e57Aed10441c8879ce08E45805EC01Ee9689c9f"
        // The inbox id libxmtp derives: the lower-cased address, then the nonce 0 the iOS SDK passes.
        let inboxId = Hex.encode(SHA256.hash(Array((mixed.lowercased() + "0").utf8)))
        return [
            VectorCase(
                comment: "libxmtp's test_eth_address: a mixed-case address is an address; its inbox id is that of "
                    + "the lower-cased text (nonce 0, as the iOS SDK creates inboxes)",
                flags: ["UpstreamTest", "AddressCase"],
                source: "\(lx)crates/xmtp_cryptography/src/signature.rs:143-150 (test_eth_address); \(reading); "
                    + "\(lx)sdks/ios/Sources/XMTPiOS/Client.swift:606-611",
                input: ["address": .string(mixed), "nonce": 0],
                check: { answer in
                    guard case .output(let out) = answer, out["inboxId"]?.stringValue == inboxId else {
                        throw GeneratorError("the inbox id is not that of the lower-cased address")
                    }
                }),
            VectorCase(
                comment: "libxmtp's test_eth_address: \"123\" is not an address",
                flags: ["UpstreamTest", "MalformedAddress"],
                source: "\(lx)crates/xmtp_cryptography/src/signature.rs:143-150 (test_eth_address); \(reading)",
                input: ["address": "123", "nonce": 0], code: "INVALID_ADDRESS"),
            VectorCase(
                comment: "the Node binding's test of generateInboxId: \"invalid-address\" is refused (the binding's "
                    + "nonce when none is given is 1)",
                flags: ["UpstreamTest", "MalformedAddress"],
                source: "\(lx)bindings/node/test/inboxId.test.ts:25-32; \(lx)bindings/node/src/inbox_id.rs:33-51; "
                    + reading,
                input: ["address": "invalid-address", "nonce": 1], code: "INVALID_ADDRESS"),
        ]
    }
}
