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
        func t(
            _ comment: String, _ flags: [String], _ source: String, _ steps: [JSONValue], also: [Int: JSONValue] = [:]
        ) throws -> VectorCase {
            VectorCase(
                comment: comment, flags: flags, source: source, input: ["steps": .array(steps)],
                alsoAccepted: also.isEmpty ? [] : [try answer(steps, replacing: also)])
        }
        let traces = [
            try t(
                "save, then find by clientId and by inboxId", ["Normal"], found,
                [save(i1, clientA), byClient(clientA), byInbox(i1), byClient(clientB)]),
            try t(
                "saving the same pair again is a no-op", ["Idempotent"], "\(writer):35-51; \(keychain):413-427",
                [save(i1, clientA), save(i1, clientA), byInbox(i1)]),
            try t(
                "another clientId for a stored inbox is a mismatch; the stored one stays", ["ClientIdMismatch"],
                "\(writer):35-50", [save(i1, clientA), save(i1, clientB), byInbox(i1), byClient(clientB)]),
            try t(
                "a clientId held by another inbox is a duplicate; nothing is stored", ["DuplicateClientId"],
                "\(keychain):371-381; \(core)Storage/SharedDatabaseMigrator.swift:29-31",
                [save(i1, clientA), save(i2, clientA), byInbox(i2), byClient(clientA)]),
            try t(
                "two conversations, two identities", ["Normal"], found,
                [save(i1, clientA), save(i2, clientB), byClient(clientA), byClient(clientB)]),
            try t(
                "delete removes the identity by both keys; deleting again finds nothing (or, as the app cannot tell, "
                    + "reports deleted)",
                ["Deletion", "DeleteReportsNothing"], deletion,
                [save(i1, clientA), delete(i1), byClient(clientA), byInbox(i1), delete(i1)],
                also: [4: ["result": "deleted"]]),
            try t(
                "after deletion the clientId can be saved with a new inbox", ["Deletion"],
                "\(writer):54-60; \(keychain):371-385",
                [save(i1, clientA), delete(i1), save(i3, clientA), byClient(clientA)]),
            try t(
                "deleting one conversation leaves the other", ["Deletion"], deletion,
                [save(i1, clientA), save(i2, clientB), delete(i1), byClient(clientB), byClient(clientA)]),
            try t(
                "a mismatch after a duplicate: each refusal changes nothing (step 3: the keychain store's "
                    + "DUPLICATE_CLIENT_ID is the alternative)",
                ["ClientIdMismatch", "DuplicateClientId", "InboxWriterOrder"],
                "\(writer):35-50; \(keychain):371-381",
                [
                    save(i1, clientA), save(i2, clientB), save(i2, clientA), save(i1, clientC), byInbox(i1),
                    byInbox(i2), byClient(clientC),
                ], also: [2: ["error": "DUPLICATE_CLIENT_ID", "clientId": .string(clientA)]]),
            try t(
                "deleting an unknown inbox finds nothing (or reports deleted, as the app cannot tell)",
                ["Deletion", "DeleteReportsNothing"], deletion,
                [delete(i1)], also: [0: ["result": "deleted"]]),
        ]
        return VectorFileDeclaration(
            suite: "identity_store", protocolName: "convos-client-id", notes: IdentityNotes.catalogue,
            header: [
                "Operation traces on the identity store: save / lookupByClientId / lookupByInboxId / delete, one result per step.",
                "Refusals are results in the trace (CLIENT_ID_MISMATCH names the inbox and both clientIds; DUPLICATE_CLIENT_ID the clientId).",
            ],
            groups: [
                .init(
                    type: "StoreTraceTest", operation: .identityStoreTrace,
                    description: "Each trace starts from an empty store.", ids: .block(1...200), cases: traces)
            ])
    }
}
