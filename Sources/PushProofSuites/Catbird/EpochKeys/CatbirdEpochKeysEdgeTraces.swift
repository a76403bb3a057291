import CatbirdMLS
import PushProofConformance
import PushProofJSON

/// catbird_epoch_keys: each rule at its edge, in every profile: the step limit, the ends of Int64
/// as a keychain epoch, a deletion point equal to the epoch then saved or stored, keep-last over
/// epochs with gaps and beside another conversation, and the deployed wipe's `0...1000` loop.
extension CatbirdEpochKeysVectors {
    static func edgeTraces() -> [Trace] {
        let limit = EpochKeyStep.maximumSteps
        let tooMany = Expect.error("TOO_MANY_STEPS")
        let stepLimit = "docs/vector-format.md (catbird.epochKeyTrace: at most 1000 steps)"
        func purges(_ n: Int) -> [JSONValue] { Array(repeating: purge(), count: n) }
        func privateKey(_ e: Int64) -> JSONValue { store(item("privateKey", e)) }
        func epochSecrets(_ e: Int64) -> JSONValue { store(item("epochSecrets", e)) }
        return [
            Trace(
                comment: "1000 steps, the most a trace holds: run", flags: ["StepLimit"],
                steps: [save(0)] + purges(limit - 2) + [get(0)], source: stepLimit),
            Trace(
                comment: "1001 steps: refused before any runs", flags: ["StepLimit"],
                steps: [save(0)] + purges(limit - 1) + [get(0)], deployed: tooMany, strict: tooMany,
                proposal: tooMany, source: stepLimit),
            Trace(
                comment: "1001 steps, the last no upstream call: the count is checked first", flags: ["StepLimit"],
                steps: [save(0)] + purges(limit - 1) + [op("deleteEverything")], deployed: tooMany, strict: tooMany,
                proposal: tooMany, source: stepLimit),
            Trace(
                comment: "1001 steps, the first a negative epoch: the count is checked first", flags: ["StepLimit"],
                steps: [save(-1), read(item("privateKey"))] + purges(limit - 1), deployed: tooMany, strict: tooMany,
                proposal: tooMany, source: stepLimit),
            Trace(
                comment: "keychain items at epoch 2^63 - 1, the largest Int64: stored and read back",
                flags: ["EpochBoundary"],
                steps: [
                    privateKey(.max), epochSecrets(.max), read(item("privateKey", .max)),
                    read(item("epochMetadata", .max)),
                ], source: S.keychainNames + " " + S.keychainStore, deployedFlags: ["EpochMetadataWritten"]),
            Trace(
                comment: "keychain items at epoch -2^63, the smallest Int64: stored",
                flags: ["EpochBoundary", "NegativeEpoch"],
                steps: [privateKey(.min), store(item("epochMetadata", .min))],
                source: S.keychainNames + " " + S.keychainStore),
            Trace(
                comment:
                    "delete before epoch 0 with nothing saved, then epoch 0 saved: nothing lies below 0, so it is stored",
                flags: ["DeleteBefore", "EpochBoundary"], steps: [before(0), save(0), get(0)],
                source: S.deleteEpochsBefore + " " + S.saveEpochSecret),
            Trace(
                comment: "keep-last 1 with another conversation saved before it: the other conversation's epochs stay",
                flags: ["KeepLast"],
                steps: [save(0), save(1), save(0, other), save(5, other), keepLast(1), get(0, other), get(5, other)],
                source: S.deleteOldEpochKeys + " " + S.getEpochSecret, deployedFlags: ["KeepLastReadable"]),
            Trace(
                comment:
                    "keep-last 1 over epochs 0, 5 and 9, then 5 (deleted) and 7 (a gap below the kept 9) saved again",
                flags: ["KeepLast", "ResaveDeleted"],
                steps: [save(0), save(5), save(9), keepLast(1), save(5), save(7), save(9)],
                source: S.deleteOldEpochKeys + " " + S.saveEpochSecret, deployedFlags: ["KeepLastReadable"]),
            Trace(
                comment: "keep-last 2 over epochs 0, 4, 8 and 12, then 4 (deleted), 6 (a gap) and 8 (kept) saved again",
                flags: ["KeepLast", "ResaveDeleted"],
                steps: [save(0), save(4), save(8), save(12), keepLast(2), save(4), save(6), save(8)],
                source: S.deleteOldEpochKeys + " " + S.saveEpochSecret, deployedFlags: ["KeepLastReadable"]),
            Trace(
                comment: "keychain delete-before 2, then items at epoch 2 (the deletion point) and 1 stored",
                flags: ["KeychainDeleteBefore", "EpochBoundary"],
                steps: [deletePrivateKeys(2), privateKey(2), epochSecrets(2), privateKey(1)],
                source: S.deletePrivateKeys + " " + S.keychainStore),
            Trace(
                comment: "items at epochs -1, 0, 1000 and 1001, then the wipe: the deployed loop covers 0...1000 only",
                flags: ["KeychainWipe", "NegativeEpoch", "EpochBoundary"],
                steps: [
                    privateKey(-1), epochSecrets(-1), privateKey(0), epochSecrets(0), privateKey(1000),
                    epochSecrets(1001),
                    deleteAll(), read(item("privateKey", -1)),
                ], source: S.deleteAllKeys, deployedFlags: ["WipeStopsAt1000"]),
        ]
    }
}
