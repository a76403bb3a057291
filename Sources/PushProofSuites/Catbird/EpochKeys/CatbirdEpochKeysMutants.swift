import CatbirdMLS
import PushProofConformance
import PushProofJSON

/// Known-bad epoch-key stores the vectors must catch. Each changes what the reference sees:
/// the steps of a trace, or the profile it answers in.
enum CatbirdEpochKeysMutants {
    /// The trace with every step named `op` changed by `change` (nil: not a trace, or no such step).
    static func rewriting(_ request: OperationRequest, op: String, _ change: (JSONValue) -> JSONValue?)
        -> OperationRequest?
    {
        guard request.operation == .catbirdEpochKeyTrace, let steps = request.input["steps"]?.arrayValue else {
            return nil
        }
        var touched = false
        let changed = steps.map { step -> JSONValue in
            guard step["op"]?.stringValue == op, let new = change(step) else { return step }
            touched = true
            return new
        }
        guard touched else { return nil }
        return OperationRequest(
            operation: request.operation, profile: request.profile,
            input: request.input.setting("steps", to: .array(changed)))
    }

    /// `field` moved by `delta` where that stays in range and changes something.
    static func shift(_ field: String, by delta: Int64, when allowed: @escaping (Int64) -> Bool) -> (JSONValue) ->
        JSONValue?
    {
        { step in
            guard let v = step[field]?.int64Value, allowed(v) else { return nil }
            return step.setting(field, to: .integer(v + delta))
        }
    }

    static let all: [Mutant] = [
        Mutant(
            id: "delete-before-off-by-one", bugClass: .edgeCase,
            summary: "deleteEpochsBefore(e) deletes only the epochs below e - 1"
        ) { request, reference in
            rewriting(request, op: "deleteEpochsBefore", shift("epoch", by: -1, when: { $0 > 0 }))
                .map { reference.perform($0) }
        },
        Mutant(
            id: "keychain-delete-before-inclusive", bugClass: .edgeCase,
            summary: "deletePrivateKeys(beforeEpoch: e) deletes epoch e too"
        ) { request, reference in
            rewriting(request, op: "deletePrivateKeys", shift("beforeEpoch", by: 1, when: { $0 >= 0 && $0 < .max }))
                .map { reference.perform($0) }
        },
        Mutant(
            id: "keep-last-keeps-one-more", bugClass: .edgeCase,
            summary: "deleteOldEpochKeys(keepLast: k) keeps k + 1 epochs"
        ) { request, reference in
            rewriting(request, op: "deleteOldEpochKeys", shift("keepLast", by: 1, when: { $0 >= 0 && $0 < .max }))
                .map { reference.perform($0) }
        },
        .answering(
            .catbirdEpochKeyTrace, in: .strict, as: .proposal, id: "strict-takes-deleted-epoch-back",
            bugClass: .confidentiality,
            summary:
                "a strict store saves an epoch below its deletion point again (answers as the design document's store)"),
        .answering(
            .catbirdEpochKeyTrace, in: .strict, as: .deployed, id: "strict-soft-delete", bugClass: .confidentiality,
            summary: "a strict store only marks deleted epochs (answers as the deployed client)"),
        Mutant(
            id: "did-not-normalised", bugClass: .knownBug,
            summary: "the user's DID is used as given when saving and reading (no trim, no lower case)"
        ) { request, reference in
            guard request.operation == .catbirdEpochKeyTrace, let user = request.input["userDid"]?.stringValue
            else { return nil }
            // A DID spelled otherwise than its normal form stays a user of its own: as if it
            // were stored and looked up as given.
            let steps = request.input["steps"]?.arrayValue ?? []
            guard
                steps.contains(where: { step in
                    let spelled = step["userDid"]?.stringValue ?? user
                    return EpochKeyStore.normalizeDID(spelled) != spelled
                })
            else { return nil }
            let renamed = steps.map { step -> JSONValue in
                let spelled = step["userDid"]?.stringValue ?? user
                guard EpochKeyStore.normalizeDID(spelled) != spelled else {
                    return step.setting("userDid", to: .string(spelled))
                }
                return step.setting("userDid", to: .string("did:plc:as-given-\(spelled.unicodeScalars.count)"))
            }
            return reference.perform(
                OperationRequest(
                    operation: request.operation, profile: request.profile,
                    input: request.input.setting("steps", to: .array(renamed))))
        },
        Mutant(
            id: "keychain-loose-accessibility", bugClass: .confidentiality,
            summary: "every keychain item written kSecAttrAccessibleAfterFirstUnlock"
        ) { request, reference in
            guard request.operation == .catbirdKeychainItem, case .output(let out) = reference.perform(request) else {
                return nil
            }
            return .output(
                out.setting("accessible", to: .string("kSecAttrAccessibleAfterFirstUnlock")).setting(
                    "migratesToNewDevice", to: .bool(true)))
        },
    ]
}
