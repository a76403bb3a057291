import PushProofConformance
import PushProofJSON

/// catbird_epoch_keys: classes of traces where the deciding row is not the adjacent one, where
/// epochs cross a digit-count boundary or sit below zero, and where two faulty steps meet.
extension CatbirdEpochKeysVectors {
    static func classTraces() -> [Trace] {
        let five = (0...4).map { save(Int64($0)) }
        func privateKey(_ e: Int64) -> JSONValue { store(item("privateKey", e)) }
        return keepLastTraces(five) + [
            // deleteOldEpochKeys sorts by the epoch column, an INTEGER (MLSStorage.swift:1359-1367):
            // the rows it marks are the oldest by number, whatever their decimal text.
            Trace(
                comment: "keep-last 1 over epochs 8, 9 and 10: 8 and 9 are marked, 10 (two digits) is kept",
                flags: ["KeepLast", "DigitBoundary"], steps: [save(8), save(9), save(10), keepLast(1)],
                strict: .absent, proposal: .absent, source: S.deleteOldEpochKeys, deployedFlags: ["KeepLastReadable"]),
            Trace(
                comment: "keep-last 1 over epochs 99 and 100, then the hard delete: 99 is gone, 100 read back",
                flags: ["KeepLast", "DigitBoundary", "HardDelete"],
                steps: [save(99), save(100), keepLast(1), purge(), get(99), get(100)], strict: .absent,
                proposal: .absent, source: S.deleteOldEpochKeys + " " + S.deleteMarkedEpochKeys),
            Trace(
                comment: "keep-last 3 over epochs 2, 10, 11 and 12: only 2 is marked",
                flags: ["KeepLast", "DigitBoundary"], steps: [save(2), save(10), save(11), save(12), keepLast(3)],
                strict: .absent, proposal: .absent, source: S.deleteOldEpochKeys, deployedFlags: ["KeepLastReadable"]),
            Trace(
                comment: "keep-last 1 over epochs 9 and 10 marks 9; the same epochs of another conversation stay",
                flags: ["KeepLast", "DigitBoundary"],
                steps: [save(9), save(10), keepLast(1), save(9, other), save(10, other)], strict: .absent,
                proposal: .absent, source: S.deleteOldEpochKeys, deployedFlags: ["KeepLastReadable"]),
            // deletePrivateKeys loops `for oldEpoch in 0..<epoch` (MLSKeychainManager.swift:444-454):
            // an item stored under a negative epoch is never among those deleted.
            Trace(
                comment: "a private key at epoch -1, then delete-before 0: the empty range deletes nothing",
                flags: ["NegativeEpoch", "KeychainDeleteBefore"], steps: [privateKey(-1), deletePrivateKeys(0)],
                strict: .absent, proposal: .absent, source: S.deletePrivateKeys, deployedFlags: ["PrivateKeysOnly"]),
            Trace(
                comment: "private keys at the smallest epoch, 0 and 1, then delete-before 1: only epoch 0 goes",
                flags: ["NegativeEpoch", "KeychainDeleteBefore"],
                steps: [
                    privateKey(.min), privateKey(0), privateKey(1), deletePrivateKeys(1),
                    read(item("privateKey", .min)), read(item("privateKey", 0)),
                ], strict: .absent, proposal: .absent, source: S.deletePrivateKeys, deployedFlags: ["PrivateKeysOnly"]),
            Trace(
                comment: "private keys at -5, -1 and 3, then delete-before 5: the negative ones stay",
                flags: ["NegativeEpoch", "KeychainDeleteBefore"],
                steps: [
                    privateKey(-5), privateKey(-1), privateKey(3), deletePrivateKeys(5), read(item("privateKey", -5)),
                ],
                strict: .absent, proposal: .absent, source: S.deletePrivateKeys, deployedFlags: ["PrivateKeysOnly"]),
            Trace(
                comment: "a private key and epoch secrets at -1 and a private key at 2, then delete-before 3",
                flags: ["NegativeEpoch", "KeychainDeleteBefore"],
                steps: [privateKey(-1), store(item("epochSecrets", -1)), privateKey(2), deletePrivateKeys(3)],
                strict: .absent, proposal: .absent, source: S.deletePrivateKeys, deployedFlags: ["PrivateKeysOnly"]),
            // Two faulty steps: the first decides, whatever kind of fault the later one is.
            Trace(
                comment: "an unknown item kind, then a step that is no upstream call: the item is refused first",
                flags: ["UnknownItem", "UnknownStep", "CheckOrder"],
                steps: [store(item("sessionKey", 1)), op("deleteEverything")],
                deployed: .error("UNKNOWN_ITEM_KIND"), strict: .error("UNKNOWN_ITEM_KIND"),
                proposal: .error("UNKNOWN_ITEM_KIND"), source: S.keychainNames),
            Trace(
                comment: "a conversation item without its address, then a mis-cased step two steps later",
                flags: ["MissingAddress", "UnknownStep", "CheckOrder"],
                steps: [
                    save(0), read(item("groupState", nil, nil)), save(1),
                    op("SaveEpochSecret", ["conversation": .string(conversation), "epoch": 2]),
                ], deployed: .error("MISSING_ADDRESS"), strict: .error("MISSING_ADDRESS"),
                proposal: .error("MISSING_ADDRESS"), source: S.keychainNames),
            Trace(
                comment: "an archived key without its type, a save, then a step that is no upstream call",
                flags: ["MissingAddress", "UnknownStep", "CheckOrder"],
                steps: [
                    store(item("archive", 1)), save(0), op("rotateEpoch", ["conversation": .string(conversation)]),
                ],
                deployed: .error("MISSING_ADDRESS"), strict: .error("MISSING_ADDRESS"),
                proposal: .error("MISSING_ADDRESS"), source: S.archiveItem),
            Trace(
                comment: "a mis-cased item kind, then an empty step name: the item is refused first",
                flags: ["UnknownItem", "UnknownStep", "CheckOrder"], steps: [read(item("PrivateKey", 1)), op("")],
                deployed: .error("UNKNOWN_ITEM_KIND"), strict: .error("UNKNOWN_ITEM_KIND"),
                proposal: .error("UNKNOWN_ITEM_KIND"), source: S.keychainNames),
        ]
    }

    /// Strict: every epoch keep-last deletes stays deleted, the newest of them included (at the
    /// top of the Int64 range too, where no floor can pass it).
    static func keepLastTraces(_ five: [JSONValue]) -> [Trace] {
        [
            Trace(
                comment: "keep-last 0 over epochs 0 to 2, then the newest deleted (2) saved again and read",
                flags: ["KeepLast", "ResaveDeleted"], steps: [save(0), save(1), save(2), keepLast(0), save(2), get(2)],
                deployed: .absent, proposal: .absent, source: S.deleteOldEpochKeys, strictFlags: ["ForwardSecrecy"]),
            Trace(
                comment: "keep-last 0 over one epoch, then that epoch saved again",
                flags: ["KeepLast", "ResaveDeleted"], steps: [save(0), keepLast(0), save(0)], deployed: .absent,
                proposal: .absent, source: S.deleteOldEpochKeys, strictFlags: ["ForwardSecrecy"]),
            Trace(
                comment:
                    "epochs saved out of order (5, 2, 7, 3), keep-last 0: 7 and 6 are refused again, 8 is stored",
                flags: ["KeepLast", "ResaveDeleted"],
                steps: [save(5), save(2), save(7), save(3), keepLast(0), save(7), save(6), save(8)], deployed: .absent,
                proposal: .absent, source: S.deleteOldEpochKeys, strictFlags: ["ForwardSecrecy"]),
            Trace(
                comment: "delete-before 2, then keep-last 0: the later, higher point decides, so 4 is refused",
                flags: ["KeepLast", "DeleteBefore", "ResaveDeleted"], steps: five + [before(2), keepLast(0), save(4)],
                deployed: .absent, proposal: .absent, source: S.deleteOldEpochKeys, strictFlags: ["ForwardSecrecy"]),
            Trace(
                comment: "keep-last 0 over the largest epoch (Int64.max), then that epoch saved again",
                flags: ["KeepLast", "ResaveDeleted", "EpochBoundary"], steps: [save(.max), keepLast(0), save(.max)],
                deployed: .absent, proposal: .absent, source: S.deleteOldEpochKeys, strictFlags: ["ForwardSecrecy"]),
        ]
    }
}
