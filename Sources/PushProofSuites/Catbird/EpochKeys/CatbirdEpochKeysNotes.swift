import PushProofConformance

/// The flags of catbird_epoch_keys and what each means.
enum CatbirdEpochKeysNotes {
    static let catalogue: [String: VectorNote] = CatbirdNotes.shared.merging(own) { a, _ in a }

    static let own: [String: VectorNote] = [
        "DeleteBefore": .init(
            bugType: .basic, description: "Epochs below a cutoff deleted; the cutoff itself and later epochs stay."),
        "RealEpochSecrets": .init(
            bugType: .basic,
            description:
                "The secrets stored are epoch secrets as RFC 9420's key schedule derives them (§8), not stand-in bytes: what a forward-secret store must delete."
        ),
        "SoftDelete": .init(
            bugType: .confidentiality,
            description:
                "The deployed client marks rows inactive (deletedAt, isActive = 0) and keeps the key material until a later hard delete: a deleted epoch's secret is still on disk."
        ),
        "ForwardSecrecy": .init(
            bugType: .basic,
            description:
                "RFC 9420 §9.2: a deleted epoch's secret is gone, and a store that has deleted it does not take it back."
        ),
        "HardDelete": .init(
            bugType: .basic, description: "deleteMarkedEpochKeys removes every row whose deletedAt is set."),
        "ResaveDeleted": .init(
            bugType: .edgeCase, description: "An epoch saved again after it was deleted or marked for deletion."),
        "DeletedEpochReturns": .init(
            bugType: .confidentiality,
            description:
                "The deployed save is an upsert that sets isActive and clears deletedAt: a deleted epoch becomes readable again (or, in the keychain, is simply stored again)."
        ),
        "EpochBoundary": .init(
            bugType: .edgeCase, description: "Epoch 0, the largest epoch, a count equal to the number of rows."),
        "DigitBoundary": .init(
            bugType: .edgeCase,
            description:
                "Epochs whose decimal texts sort otherwise than their numbers (9 and 10, 99 and 100): rows are ordered by the number."
        ),
        "CheckOrder": .init(
            bugType: .edgeCase,
            description:
                "Two faulty steps in one trace: the first in the trace decides, whatever the later one's fault."),
        "Idempotent": .init(bugType: .basic, description: "Deleting again deletes nothing more."),
        "Overwrite": .init(bugType: .basic, description: "Saving an existing epoch or item replaces its value."),
        "KeepLast": .init(
            bugType: .basic, description: "deleteOldEpochKeys keeps the newest k active epochs and deletes the rest."),
        "KeepLastReadable": .init(
            bugType: .confidentiality,
            description:
                "The deployed keep-last sets deletedAt but leaves isActive: the epochs it 'deletes' stay readable until the hard delete."
        ),
        "NegativeCount": .init(
            bugType: .edgeCase, description: "A negative count or epoch bound where upstream takes an Int."),
        "Trap": .init(
            bugType: .knownBug,
            description:
                "The deployed client stops the process here (dropFirst or 0..<e with a negative bound); the trace answers `trapped` and nothing of the step is written."
        ),
        "DidNormalisation": .init(
            bugType: .edgeCase,
            description: "Rows hold the user's DID trimmed and lower-cased (MLSStorageHelpers.normalizeDID)."),
        "DidWhiteSpace": .init(
            bugType: .edgeCase,
            description:
                "normalizeDID trims Foundation's whitespacesAndNewlines: U+0009-U+000D, U+0020, U+0085, U+00A0, U+1680, U+2000-U+200B, U+2028, U+2029, U+202F, U+205F and U+3000, at both ends. Characters other trims hold and it does not (U+001C-U+001F for Python's str.strip, U+180E, U+FEFF) stay, and make another account."
        ),
        "HighestCutoff": .init(
            bugType: .edgeCase,
            description:
                "strict: after several deletion points for one account and conversation (delete-before, keep-last, the keychain's deletePrivateKeys), the highest stands, whichever came last; an epoch deleted one by one stays deleted beside the others."
        ),
        "UnnormalisedDid": .init(
            bugType: .knownBug,
            description:
                "deleteOldEpochKeys and deleteMarkedEpochKeys compare the DID as given with the normalised one stored: an upper-case or padded DID deletes nothing."
        ),
        "TwoAccounts": .init(
            bugType: .edgeCase, description: "Two signed-in accounts on one device in the same conversation."),
        "DatabasePerAccount": .init(
            bugType: .edgeCase,
            description:
                "The library keeps one database file per account (mls_messages_<DID>.db): the row key \"<conversation>-<epoch>\" is not scoped to the user, but another account's calls reach another database."
        ),
        "KeychainMetadata": .init(
            bugType: .basic, description: "The epoch metadata item beside an epoch's secrets in the keychain."),
        "EpochMetadataWritten": .init(
            bugType: .edgeCase,
            description:
                "The deployed storeEpochSecrets also stores the epoch's metadata item (written AfterFirstUnlock; its content, JSON with the time of the call, is left empty in the traces)."
        ),
        "DeleteConversation": .init(
            bugType: .basic, description: "What deleting a conversation leaves stored under its id."),
        "KeychainSurvivesConversation": .init(
            bugType: .confidentiality,
            description:
                "Deleting the conversation's rows leaves its keychain items (group state, private keys, metadata)."),
        "KeyPackagesNotCascaded": .init(
            bugType: .legacy,
            description:
                "The shipped KeyPackage table has no conversation column: the design's cascade from a conversation to its KeyPackages does not exist."
        ),
        "KeychainDeleteBefore": .init(
            bugType: .basic, description: "deletePrivateKeys(beforeEpoch:) on the conversation's keychain items."),
        "PrivateKeysOnly": .init(
            bugType: .confidentiality,
            description:
                "The deployed delete-before removes private keys only: epoch secrets, metadata and archived keys of those epochs stay."
        ),
        "KeychainWipe": .init(bugType: .basic, description: "deleteAllKeys(forConversationID:)."),
        "StepLimit": .init(
            bugType: .edgeCase,
            description:
                "A trace holds at most 1000 steps (PushProof's input contract): 1000 run, 1001 are refused as TOO_MANY_STEPS before any step is read."
        ),
        "WipeStopsAt1000": .init(
            bugType: .confidentiality,
            description: "The deployed wipe deletes per-epoch items for epochs 0...1000 only; later epochs stay."),
        "MetadataAndArchiveSurvive": .init(
            bugType: .confidentiality,
            description:
                "The deployed wipe leaves epoch metadata, archived keys, the welcome message and rejoin PSKs."),
        "NegativeEpoch": .init(
            bugType: .modifiedParameter,
            description: "A negative epoch where upstream takes a UInt64: no client can send it; refused."),
        "UnknownStep": .init(bugType: .modifiedParameter, description: "A step that names no upstream call."),
        "UnknownItem": .init(
            bugType: .modifiedParameter, description: "A keychain item kind the profile does not know."),
        "MissingAddress": .init(
            bugType: .modifiedParameter,
            description: "A keychain item without the conversation, epoch or id its kind is stored under."),
        "LooseAccessibility": .init(
            bugType: .confidentiality,
            description:
                "Written kSecAttrAccessibleAfterFirstUnlock, not ThisDeviceOnly: an encrypted backup carries it to another device."
        ),
        "AmbiguousName": .init(
            bugType: .edgeCase,
            description: "Account names join ids with dots: a conversation id with dots can spell another item's name."),
    ]
}
