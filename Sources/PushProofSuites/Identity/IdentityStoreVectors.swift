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
        func t(_ comment: String, _ flags: [String], _ steps: [JSONValue]) -> VectorCase {
            VectorCase(comment: comment, flags: flags, input: ["steps": .array(steps)])
        }
        let traces = [
            t(
                "save, then find by clientId and by inboxId", ["Normal"],
                [save(i1, clientA), byClient(clientA), byInbox(i1), byClient(clientB)]),
            t(
                "saving the same pair again is a no-op", ["Idempotent"],
                [save(i1, clientA), save(i1, clientA), byInbox(i1)]),
            t(
                "another clientId for a stored inbox is a mismatch; the stored one stays", ["ClientIdMismatch"],
                [save(i1, clientA), save(i1, clientB), byInbox(i1), byClient(clientB)]),
            t(
                "a clientId held by another inbox is a duplicate; nothing is stored", ["DuplicateClientId"],
                [save(i1, clientA), save(i2, clientA), byInbox(i2), byClient(clientA)]),
            t(
                "two conversations, two identities", ["Normal"],
                [save(i1, clientA), save(i2, clientB), byClient(clientA), byClient(clientB)]),
            t(
                "delete removes the identity by both keys", ["Deletion"],
                [save(i1, clientA), delete(i1), byClient(clientA), byInbox(i1), delete(i1)]),
            t(
                "after deletion the clientId can be saved with a new inbox", ["Deletion"],
                [save(i1, clientA), delete(i1), save(i3, clientA), byClient(clientA)]),
            t(
                "deleting one conversation leaves the other", ["Deletion"],
                [save(i1, clientA), save(i2, clientB), delete(i1), byClient(clientB), byClient(clientA)]),
            t(
                "a mismatch after a duplicate: each refusal changes nothing",
                ["ClientIdMismatch", "DuplicateClientId"],
                [
                    save(i1, clientA), save(i2, clientB), save(i2, clientA), save(i1, clientC), byInbox(i1),
                    byInbox(i2), byClient(clientC),
                ]),
            t("deleting an unknown inbox finds nothing", ["Deletion"], [delete(i1)]),
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
