import ConvosIdentity
import Foundation
import PushProofConformance
import PushProofCrypto
import PushProofJSON

/// identity_store: operation traces on the identity store.
enum IdentityStoreVectors: IdentityFixtures {
    static func save(_ inbox: String, _ client: String) -> JSONValue {
        ["op": "save", "inboxId": .string(inbox), "clientId": .string(client)]
    }
    static func byClient(_ client: String) -> JSONValue { ["op": "lookupByClientId", "clientId": .string(client)] }
    static func byInbox(_ inbox: String) -> JSONValue { ["op": "lookupByInboxId", "inboxId": .string(inbox)] }
    static func delete(_ inbox: String) -> JSONValue { ["op": "delete", "inboxId": .string(inbox)] }

    static func file() throws -> VectorFileDeclaration {
        let (i1, i2, i3) = (inbox(1), inbox(2), inbox(3))
        // docs/audit/identity.md: xmtplabs/convos-ios@f47421a9's two stores, the inbox table
        // (InboxWriter) and the keychain (KeychainIdentityStore).
        let core = "xmtplabs/convos-ios@f47421a9:ConvosCore/Sources/ConvosCore/"
        let writer = core + "Storage/Writers/InboxWriter.swift"
        let keychain = core + "Auth/Keychain/KeychainIdentityStore.swift"
        let repository = core + "Storage/Repositories/InboxesRepository.swift:31-38"
        let found = "\(writer):54-60; \(repository); \(keychain):245-300"
        let deletion = "\(keychain):334-342, 452-457; \(writer):64-68"
        /// The reference's answer with the results at `steps` replaced: an alternative upstream gives.
        func answer(_ steps: [JSONValue], replacing changes: [Int: JSONValue]) throws -> JSONValue {
            let out = try IdentityOperations.storeTrace(
                OperationRequest(operation: .identityStoreTrace, profile: .deployed, input: ["steps": .array(steps)]))
            guard var results = out["results"]?.arrayValue else { throw GeneratorError("identity_store: no results") }
            for (i, v) in changes { results[i] = v }
            return ["output": ["results": .array(results)]]
        }
        func trace(
            _ comment: String, _ flags: [String], _ source: String, _ steps: [JSONValue], also: [Int: JSONValue] = [:]
        ) throws -> VectorCase {
            VectorCase(
                comment: comment, flags: flags, source: source, input: ["steps": .array(steps)],
                alsoAccepted: also.isEmpty ? [] : [try answer(steps, replacing: also)])
        }
        let traces = [
            try trace(
                "save, then find by clientId and by inboxId", ["Normal"], found,
                [save(i1, clientA), byClient(clientA), byInbox(i1), byClient(clientB)]),
            try trace(
                "saving the same pair again is a no-op", ["Idempotent"], "\(writer):35-51; \(keychain):413-427",
                [save(i1, clientA), save(i1, clientA), byInbox(i1)]),
            try trace(
                "another clientId for a stored inbox is a mismatch; the stored one stays", ["ClientIdMismatch"],
                "\(writer):35-50", [save(i1, clientA), save(i1, clientB), byInbox(i1), byClient(clientB)]),
            try trace(
                "a clientId held by another inbox is a duplicate; nothing is stored", ["DuplicateClientId"],
                "\(keychain):371-381; \(core)Storage/SharedDatabaseMigrator.swift:29-31",
                [save(i1, clientA), save(i2, clientA), byInbox(i2), byClient(clientA)]),
            try trace(
                "two conversations, two identities", ["Normal"], found,
                [save(i1, clientA), save(i2, clientB), byClient(clientA), byClient(clientB)]),
            try trace(
                "delete removes the identity by both keys; deleting again finds nothing (or, as the app cannot tell, "
                    + "reports deleted)",
                ["Deletion", "DeleteReportsNothing"], deletion,
                [save(i1, clientA), delete(i1), byClient(clientA), byInbox(i1), delete(i1)],
                also: [4: ["result": "deleted"]]),
            try trace(
                "after deletion the clientId can be saved with a new inbox", ["Deletion"],
                "\(writer):54-60; \(keychain):371-385",
                [save(i1, clientA), delete(i1), save(i3, clientA), byClient(clientA)]),
            try trace(
                "deleting one conversation leaves the other", ["Deletion"], deletion,
                [save(i1, clientA), save(i2, clientB), delete(i1), byClient(clientB), byClient(clientA)]),
            try trace(
                "a mismatch after a duplicate: each refusal changes nothing (step 3: the keychain store's "
                    + "DUPLICATE_CLIENT_ID is the alternative)",
                ["ClientIdMismatch", "DuplicateClientId", "InboxWriterOrder"],
                "\(writer):35-50; \(keychain):371-381",
                [
                    save(i1, clientA), save(i2, clientB), save(i2, clientA), save(i1, clientC), byInbox(i1),
                    byInbox(i2), byClient(clientC),
                ], also: [2: ["error": "DUPLICATE_CLIENT_ID", "clientId": .string(clientA)]]),
            try trace(
                "deleting an unknown inbox finds nothing (or reports deleted, as the app cannot tell)",
                ["Deletion", "DeleteReportsNothing"], deletion,
                [delete(i1)], also: [0: ["result": "deleted"]]),
        ]
        let (i4, clientD) = (inbox(4), "3E4F5A6B-7C8D-4E9F-A0B1-C2D3E4F5A6B7")
        let unique = "\(keychain):371-381; \(core)Storage/SharedDatabaseMigrator.swift:24-34"
        let classTraces = [
            try trace(
                "three inboxes stored: a fourth inbox is refused the first's, the second's and the third's clientId "
                    + "(uniqueness is checked against every row, not the last one saved)",
                ["DuplicateClientId", "ManyRows"], unique,
                [
                    save(i1, clientA), save(i2, clientB), save(i3, clientC), save(i4, clientA), save(i4, clientB),
                    save(i4, clientC), byInbox(i4), byClient(clientA), byClient(clientB),
                ]),
            try trace(
                "three inboxes stored: the middle one re-saved with a fresh clientId is a mismatch naming its own "
                    + "clientId; each saved again with its own is unchanged",
                ["ClientIdMismatch", "Idempotent", "ManyRows"], "\(writer):35-51",
                [
                    save(i1, clientA), save(i2, clientB), save(i3, clientC), save(i2, clientD), save(i1, clientA),
                    save(i2, clientB), byInbox(i2), byClient(clientD),
                ]),
            try trace(
                "three inboxes stored: each found by its clientId and its inboxId, the first and the middle ones "
                    + "included", ["Normal", "ManyRows"], found,
                [
                    save(i1, clientA), save(i2, clientB), save(i3, clientC), byClient(clientB), byClient(clientA),
                    byInbox(i2), byInbox(i1), byClient(clientD),
                ]),
            try trace(
                "the middle of three deleted: only its row goes; its clientId is free for a new inbox",
                ["Deletion", "ManyRows"], "\(deletion); \(unique)",
                [
                    save(i1, clientA), save(i2, clientB), save(i3, clientC), delete(i2), byClient(clientB),
                    byClient(clientA), byClient(clientC), byInbox(i3), save(i4, clientB), byClient(clientB),
                ]),
            try trace(
                "a clientId looked up in lower case, and in lower case with surrounding spaces, is not found: the "
                    + "comparison is exact", ["ExactText"], "\(repository) (SQLite `=` on TEXT, BINARY collation)",
                [
                    save(i1, clientA), save(i2, clientB), byClient(clientA.lowercased()),
                    byClient(String(clientB.prefix(1)) + clientB.dropFirst().lowercased()), byClient(" \(clientA)"),
                    byClient(clientA + "\n"), byClient(""), byClient(clientA),
                ]),
            try trace(
                "inbox ids that differ only in case are three inboxes, each with its own clientId, looked up and "
                    + "deleted apart", ["ExactText"],
                "\(writer):31-68; \(core)Storage/SharedDatabaseMigrator.swift:24-34",
                [
                    save(i1.uppercased(), clientA), save(i1, clientB),
                    save(String(i1.prefix(1)).uppercased() + i1.dropFirst(), clientC), byInbox(i1),
                    byInbox(i1.uppercased()), byClient(clientC), delete(i1.uppercased()), byInbox(i1),
                    byClient(clientA), save(i1, clientA),
                ]),
            try trace(
                "the empty inbox id is an inbox like any other: saved, found by both keys, deleted",
                ["ExactText"], "\(writer):31-68; \(core)Storage/SharedDatabaseMigrator.swift:24-34",
                [
                    save("", clientA), save(i1, clientB), byInbox(""), byClient(clientA), save("", clientC),
                    save(" ", clientC), delete(""), byInbox(""), byInbox(" "),
                ]),
        ]
        // The app's own tests of the keychain store save any string as a clientId and an inbox
        // id (KeychainIdentityStoreTests), and so does its inbox table (a TEXT column).
        let tests = "xmtplabs/convos-ios@f47421a9:KeychainIdentityStoreTests/KeychainIdentityStoreTests.swift"
        let special = "test-client!@#$%^&*()_+-=[]{}|;':\",./<>?"
        let emoji = "client-\u{1F680}-\u{1F389}-\u{1F31F}"
        let long = String(repeating: "b", count: 1000)
        let upstreamTraces = [
            try trace(
                "testSaveAndLoadIdentity: \"test-client-123\" saved and found by both keys",
                ["UpstreamTest", "AnyClientId", "Normal"], "\(tests):32-51 (testSaveAndLoadIdentity); \(found)",
                [save("test-inbox-123", "test-client-123"), byInbox("test-inbox-123"), byClient("test-client-123")]),
            try trace(
                "testLoadAllIdentities: three inboxes with clientIds client1..3, each found",
                ["UpstreamTest", "AnyClientId", "ManyRows"], "\(tests):67-87 (testLoadAllIdentities); \(found)",
                [
                    save("inbox1", "client1"), save("inbox2", "client2"), save("inbox3", "client3"),
                    byClient("client2"),
                    byClient("client1"), byClient("client3"), byInbox("inbox2"),
                ]),
            try trace(
                "testDeleteIdentity: \"test-client-to-delete\" is gone once its inbox is deleted",
                ["UpstreamTest", "AnyClientId", "Deletion"], "\(tests):99-124 (testDeleteIdentity); \(deletion)",
                [
                    save("test-inbox-to-delete", "test-client-to-delete"), delete("test-inbox-to-delete"),
                    byClient("test-client-to-delete"), byInbox("test-inbox-to-delete"),
                ]),
            try trace(
                "testVeryLongInboxId: a 1,000-character inbox id and clientId", ["UpstreamTest", "AnyClientId"],
                "\(tests):218-233 (testVeryLongInboxId); \(found)",
                [save(String(repeating: "a", count: 1000), long), byClient(long), byClient(String(long.dropLast()))]),
            try trace(
                "testSpecialCharactersInInboxId: punctuation, quotes and slashes in both ids",
                ["UpstreamTest", "AnyClientId"],
                "\(tests):235-250 (testSpecialCharactersInInboxId); \(found)",
                [save("test-inbox!@#$%^&*()_+-=[]{}|;':\",./<>?", special), byClient(special), save(i1, special)]),
            try trace(
                "testUnicodeCharactersInInboxId: emoji in both ids", ["UpstreamTest", "AnyClientId"],
                "\(tests):252-267 (testUnicodeCharactersInInboxId); \(found)",
                [
                    save("inbox-\u{1F680}-\u{1F389}-\u{1F31F}", emoji), byClient(emoji),
                    byInbox("inbox-\u{1F680}-\u{1F389}-\u{1F31F}"),
                ]),
            try trace(
                "the empty clientId is a clientId like any other: saved once, refused to a second inbox",
                ["AnyClientId", "ExactText"], unique, [save(i1, ""), save(i2, ""), byClient(""), byClient(" ")]),
        ]
        return VectorFileDeclaration(
            name: "identity_store", protocolName: "convos-client-id", notes: IdentityNotes.catalogue,
            header: [
                "Operation traces on the identity store: save / lookupByClientId / lookupByInboxId / delete, one result per step.",
                "Refusals are results in the trace (CLIENT_ID_MISMATCH names the inbox and both clientIds; DUPLICATE_CLIENT_ID the clientId).",
            ],
            groups: [
                .init(
                    operation: .identityStoreTrace,
                    description: "Each trace starts from an empty store.", ids: .block(1...200),
                    cases: traces + classTraces + upstreamTraces),
                .init(
                    operation: .identityStoreTrace,
                    description:
                        "Each trace starts from an empty store: the cases of Convos iOS's own identity store tests.",
                    ids: .block(201...300), cases: try upstreamTestCases()),
                .init(
                    operation: .identityStoreTrace,
                    description:
                        "Each trace starts from an empty store: ids in canonically equivalent spellings, compared as the inbox table compares them (bytes) and as InboxWriter compares an inbox's clientId (Swift Strings).",
                    ids: .block(2000...2099), cases: spellingTraces()),
            ])
    }
}
