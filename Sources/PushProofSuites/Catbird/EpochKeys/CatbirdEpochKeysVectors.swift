import CatbirdMLS
import PushProofConformance
import PushProofCrypto
import PushProofJSON

/// catbird_epoch_keys: the client's epoch-key storage as traces of calls, in three profiles, and
/// the keychain items it writes.
enum CatbirdEpochKeysVectors {
    typealias S = CatbirdSources

    /// What a profile's answer to a trace must be.
    enum Expect {
        case completed, trapped
        case error(String)
        /// The trace is not part of this profile's group.
        case absent
    }

    struct Trace {
        var comment: String
        var flags: [String]
        var steps: [JSONValue]
        var user = CatbirdFixtures.did
        var deployed: Expect = .completed
        var strict: Expect = .completed
        var proposal: Expect = .completed
        /// The upstream lines that decide the deployed answer.
        var source: String
        /// Flags that describe the deployed answer only (its bugs).
        var deployedFlags: [String] = []
        /// Flags that describe the strict answer only.
        var strictFlags: [String] = []
        /// Said after the comment in the deployed profile only.
        var deployedNote: String? = nil
    }

    static let conversation = "3b9f0c7e51a24d68"
    static let other = "a1d2e3f4a5b6c7d8"

    /// 32 bytes standing in for an MLS epoch secret (suite 1's Nh): generated here, not copied.
    static func secret(_ c: String, _ e: Int64, _ version: Int = 0) -> JSONValue {
        .string(Hex.encode(SHA256.hash(Array("pushproof epoch secret \(c) \(e) \(version)".utf8))))
    }

    static func op(_ name: String, _ fields: KeyValuePairs<String, JSONValue> = [:]) -> JSONValue {
        var v: JSONValue = ["op": .string(name)]
        for (k, x) in fields { v = v.setting(k, to: x) }
        return v
    }

    static func save(_ e: Int64, _ c: String = conversation, version: Int = 0, user: String? = nil) -> JSONValue {
        var v = op(
            "saveEpochSecret", ["conversation": .string(c), "epoch": .integer(e), "secret": secret(c, e, version)])
        if let user { v = v.setting("userDid", to: .string(user)) }
        return v
    }
    static func get(_ e: Int64, _ c: String = conversation, user: String? = nil) -> JSONValue {
        var v = op("getEpochSecret", ["conversation": .string(c), "epoch": .integer(e)])
        if let user { v = v.setting("userDid", to: .string(user)) }
        return v
    }
    static func deleteOne(_ e: Int64, _ c: String = conversation) -> JSONValue {
        op("deleteEpochSecret", ["conversation": .string(c), "epoch": .integer(e)])
    }
    static func before(_ e: Int64, _ c: String = conversation, user: String? = nil) -> JSONValue {
        var v = op("deleteEpochsBefore", ["conversation": .string(c), "epoch": .integer(e)])
        if let user { v = v.setting("userDid", to: .string(user)) }
        return v
    }
    static func keepLast(_ k: Int64, _ c: String = conversation, user: String? = nil) -> JSONValue {
        var v = op("deleteOldEpochKeys", ["conversation": .string(c), "keepLast": .integer(k)])
        if let user { v = v.setting("userDid", to: .string(user)) }
        return v
    }
    static func purge(user: String? = nil) -> JSONValue {
        var v = op("deleteMarkedEpochKeys")
        if let user { v = v.setting("userDid", to: .string(user)) }
        return v
    }
    static func dropConversation(_ c: String = conversation, user: String? = nil) -> JSONValue {
        var v = op("deleteConversation", ["conversation": .string(c)])
        if let user { v = v.setting("userDid", to: .string(user)) }
        return v
    }
    static func keyPackage(_ id: String, _ c: String = conversation, user: String? = nil) -> JSONValue {
        var v = op("saveKeyPackage", ["keyPackageId": .string(id), "conversation": .string(c)])
        if let user { v = v.setting("userDid", to: .string(user)) }
        return v
    }
    static func item(
        _ kind: String, _ e: Int64? = nil, _ c: String? = conversation, _ extra: KeyValuePairs<String, JSONValue> = [:]
    ) -> JSONValue {
        var v: JSONValue = ["kind": .string(kind)]
        if let c { v = v.setting("conversation", to: .string(c)) }
        if let e { v = v.setting("epoch", to: .integer(e)) }
        for (k, x) in extra { v = v.setting(k, to: x) }
        return v
    }
    static func store(_ address: JSONValue) -> JSONValue {
        var v = address.setting("op", to: .string("storeKeychainItem"))
        let seed = JSONWriter.compact(address)
        v = v.setting("value", to: .string(Hex.encode(SHA256.hash(Array("pushproof keychain \(seed)".utf8)))))
        return v
    }
    static func read(_ address: JSONValue) -> JSONValue { address.setting("op", to: .string("readKeychainItem")) }
    static func deletePrivateKeys(_ e: Int64, _ c: String = conversation) -> JSONValue {
        op("deletePrivateKeys", ["conversation": .string(c), "beforeEpoch": .integer(e)])
    }
    static func deleteAll(_ c: String = conversation) -> JSONValue {
        op("deleteAllKeys", ["conversation": .string(c)])
    }

    static func traces() -> [Trace] {
        let did = CatbirdFixtures.did
        let shouting = "  " + did.uppercased().replacingOccurrences(of: "DID:PLC:", with: "did:plc:") + "\n"
        let second = "did:plc:q6gjnaw2blty4crticxkmujt"
        let three = [save(0), save(1), save(2)]
        let five = (0...4).map { save(Int64($0)) }
        let epochItems: [JSONValue] = (0...3).flatMap { e -> [JSONValue] in
            [store(item("privateKey", e)), store(item("epochSecrets", e))]
        }
        return [
            Trace(
                comment: "three epochs saved and read back", flags: ["Normal"],
                steps: three + [get(0), get(1), get(2), get(3)], source: S.saveEpochSecret + " " + S.getEpochSecret),
            Trace(
                comment: "delete before epoch 2: epochs 0 and 1 unreadable", flags: ["DeleteBefore"],
                steps: three + [before(2), get(0), get(1), get(2)], source: S.deleteEpochsBefore,
                deployedFlags: ["SoftDelete"], strictFlags: ["ForwardSecrecy"]),
            Trace(
                comment: "delete before, then the hard delete of marked rows", flags: ["DeleteBefore", "HardDelete"],
                steps: three + [before(2), purge()], source: S.deleteEpochsBefore + " " + S.deleteMarkedEpochKeys,
                deployedFlags: ["SoftDelete"]),
            Trace(
                comment: "an epoch saved again after delete-before", flags: ["ResaveDeleted"],
                steps: three + [before(2), save(1, version: 1), get(1)], source: S.saveEpochSecret,
                deployedFlags: ["DeletedEpochReturns"], strictFlags: ["ForwardSecrecy"]),
            Trace(
                comment: "an epoch saved again after delete-before and the hard delete",
                flags: ["ResaveDeleted", "HardDelete"], steps: three + [before(2), purge(), save(0), get(0)],
                source: S.saveEpochSecret + " " + S.deleteMarkedEpochKeys, deployedFlags: ["DeletedEpochReturns"],
                strictFlags: ["ForwardSecrecy"]),
            Trace(
                comment: "delete before epoch 0 deletes nothing", flags: ["DeleteBefore", "EpochBoundary"],
                steps: three + [before(0), get(0)], source: S.deleteEpochsBefore),
            Trace(
                comment: "delete before the largest epoch deletes every epoch below it",
                flags: ["DeleteBefore", "EpochBoundary"], steps: three + [save(.max), before(.max), get(2), get(.max)],
                source: S.deleteEpochsBefore, deployedFlags: ["SoftDelete"]),
            Trace(
                comment: "delete before twice: the second deletes nothing", flags: ["DeleteBefore", "Idempotent"],
                steps: three + [before(2), before(2), before(1)], source: S.deleteEpochsBefore,
                deployedFlags: ["SoftDelete"]),
            Trace(
                comment: "delete before touches one conversation only", flags: ["DeleteBefore"],
                steps: three + [save(0, other), save(1, other), before(2), get(0, other), get(1, other)],
                source: S.deleteEpochsBefore, deployedFlags: ["SoftDelete"]),
            Trace(
                comment: "one epoch deleted, then saved again", flags: ["ResaveDeleted"],
                steps: three + [deleteOne(1), get(1), save(1, version: 1), get(1)],
                source: S.deleteEpochSecret + " " + S.saveEpochSecret,
                deployedFlags: ["SoftDelete", "DeletedEpochReturns"], strictFlags: ["ForwardSecrecy"]),
            Trace(
                comment: "an active epoch saved again with another secret", flags: ["Overwrite"],
                steps: three + [save(2, version: 1), get(2)], source: S.saveEpochSecret),
            Trace(
                comment: "keep the last 2 of 5 epochs", flags: ["KeepLast"],
                steps: five + [keepLast(2), get(0), get(2), get(3), get(4)], source: S.deleteOldEpochKeys,
                deployedFlags: ["KeepLastReadable"], strictFlags: ["ForwardSecrecy"]),
            Trace(
                comment: "keep the last 2 of 5, then the hard delete", flags: ["KeepLast", "HardDelete"],
                steps: five + [keepLast(2), purge(), get(0), get(3)],
                source: S.deleteOldEpochKeys + " " + S.deleteMarkedEpochKeys, deployedFlags: ["KeepLastReadable"]),
            Trace(
                comment: "keep the last 0: every epoch marked", flags: ["KeepLast", "EpochBoundary"],
                steps: three + [keepLast(0), get(0), get(2)], source: S.deleteOldEpochKeys,
                deployedFlags: ["KeepLastReadable"]),
            Trace(
                comment: "keep the last 3 of 3: nothing to delete", flags: ["KeepLast", "EpochBoundary"],
                steps: three + [keepLast(3), keepLast(4)], source: S.deleteOldEpochKeys),
            Trace(
                comment: "keep the last 2 of 3 after a delete-before: inactive rows are not counted",
                flags: ["KeepLast", "DeleteBefore"], steps: five + [before(2), keepLast(2), get(2), get(3)],
                source: S.deleteOldEpochKeys, deployedFlags: ["SoftDelete", "KeepLastReadable"]),
            Trace(
                comment: "a marked epoch saved again is no longer marked", flags: ["KeepLast", "ResaveDeleted"],
                steps: three + [keepLast(1), save(0, version: 1), purge(), get(0), get(1)],
                source: S.deleteOldEpochKeys + " " + S.saveEpochSecret, deployedFlags: ["KeepLastReadable"],
                strictFlags: ["ForwardSecrecy"]),
            Trace(
                comment: "keep the last -1", flags: ["KeepLast", "NegativeCount"],
                steps: three + [keepLast(-1), get(0)], deployed: .trapped, strict: .error("INVALID_KEEP_LAST"),
                proposal: .error("INVALID_KEEP_LAST"), source: S.deleteOldEpochKeys, deployedFlags: ["Trap"]),
            Trace(
                comment: "keep the last -1 of no epochs at all", flags: ["KeepLast", "NegativeCount"],
                steps: [keepLast(-1)], deployed: .trapped, strict: .error("INVALID_KEEP_LAST"),
                proposal: .error("INVALID_KEEP_LAST"), source: S.deleteOldEpochKeys, deployedFlags: ["Trap"]),
            Trace(
                comment: "keep the last Int64.min", flags: ["KeepLast", "NegativeCount"],
                steps: three + [keepLast(.min)], deployed: .trapped, strict: .error("INVALID_KEEP_LAST"),
                proposal: .error("INVALID_KEEP_LAST"), source: S.deleteOldEpochKeys, deployedFlags: ["Trap"]),
            Trace(
                comment: "a DID with upper case and white space: saved and read as its normal form",
                flags: ["DidNormalisation"], steps: [save(0, user: shouting), get(0), get(0, user: shouting)],
                source: S.normalizeDID + " " + S.saveEpochSecret),
            Trace(
                comment: "keep-last with the DID as the app holds it (not normalised)", flags: ["DidNormalisation"],
                steps: three.map { $0.setting("userDid", to: .string(shouting)) } + [keepLast(1, user: shouting)],
                source: S.deleteOldEpochKeys + " " + S.normalizeDID, deployedFlags: ["UnnormalisedDid"]),
            Trace(
                comment: "the hard delete with the DID not normalised", flags: ["DidNormalisation", "HardDelete"],
                steps: three + [before(2), purge(user: shouting)],
                source: S.deleteMarkedEpochKeys + " " + S.normalizeDID,
                deployedFlags: ["UnnormalisedDid", "SoftDelete"]),
            Trace(
                comment:
                    "two accounts on one device, in the same conversation: each account has its own database "
                    + "(mls_messages_<DID>.db), so the second save is a row of its own and each reads its secret",
                flags: ["TwoAccounts"],
                steps: [save(4), save(4, version: 1, user: second), get(4), get(4, user: second)],
                source: S.databasePerAccount + " " + S.epochKeySchema + " " + S.saveEpochSecret,
                deployedFlags: ["DatabasePerAccount"]),
            Trace(
                comment: "conversation ids that end in digits do not collide", flags: ["EdgeCase"],
                steps: [save(12, "team"), save(2, "team-1"), get(12, "team"), get(2, "team-1")],
                source: S.epochKeySchema),
            Trace(
                comment: "the largest epoch", flags: ["EpochBoundary"], steps: [save(.max), get(.max), get(0)],
                source: S.saveEpochSecret),
            Trace(
                comment: "deleting a conversation: its keychain items and KeyPackages",
                flags: ["DeleteConversation"],
                steps: three + [
                    save(0, other), store(item("groupState")), store(item("privateKey", 2)),
                    store(item("epochMetadata", 2)), keyPackage("kp-1"), keyPackage("kp-2", other),
                    dropConversation(), get(2), get(0, other), read(item("privateKey", 2)),
                ], source: S.deleteConversation + " " + S.epochKeySchema + " " + S.keyPackageTable,
                deployedFlags: ["KeychainSurvivesConversation", "KeyPackagesNotCascaded"]),
            Trace(
                comment: "keychain: private keys before epoch 2", flags: ["KeychainDeleteBefore"],
                steps: epochItems + [
                    store(item("epochMetadata", 1)),
                    store(item("archive", 1, conversation, ["archiveType": "signature"])),
                    deletePrivateKeys(2), read(item("privateKey", 1)), read(item("epochSecrets", 1)),
                    read(item("privateKey", 2)),
                ], source: S.deletePrivateKeys, deployedFlags: ["PrivateKeysOnly"], strictFlags: ["ForwardSecrecy"],
                deployedNote: metadataNote),
            Trace(
                comment: "keychain: the test upstream ships (0-4 stored, delete before 3)",
                flags: ["KeychainDeleteBefore"],
                steps: (0...4).map { store(item("privateKey", Int64($0))) } + [deletePrivateKeys(3)]
                    + (0...4).map { read(item("privateKey", Int64($0))) },
                source: S.deletePrivateKeys
                    + " joshlacal/Catbird@054dee78:CatbirdTests/MLSKeychainManagerTests.swift testDeletePrivateKeysBeforeEpoch"
            ),
            Trace(
                comment: "keychain: private keys before epoch 0", flags: ["KeychainDeleteBefore", "EpochBoundary"],
                steps: epochItems + [deletePrivateKeys(0)], source: S.deletePrivateKeys, deployedNote: metadataNote),
            Trace(
                comment: "keychain: private keys before epoch -1", flags: ["KeychainDeleteBefore", "NegativeCount"],
                steps: epochItems + [deletePrivateKeys(-1), read(item("privateKey", 0))], deployed: .trapped,
                source: S.deletePrivateKeys, deployedFlags: ["Trap"], deployedNote: metadataNote),
            Trace(
                comment: "keychain: a private key stored again below the deletion point",
                flags: ["KeychainDeleteBefore", "ResaveDeleted"],
                steps: epochItems + [deletePrivateKeys(2), store(item("privateKey", 1)), read(item("privateKey", 1))],
                source: S.deletePrivateKeys + " " + S.keychainStore, deployedFlags: ["DeletedEpochReturns"],
                strictFlags: ["ForwardSecrecy"], deployedNote: metadataNote),
            Trace(
                comment: "keychain: delete all keys of a conversation", flags: ["KeychainWipe"],
                steps: [
                    store(item("groupState")), store(item("signatureKey")), store(item("encryptionKey")),
                    store(item("currentEpoch")), store(item("privateKey", 0)), store(item("privateKey", 1000)),
                    store(item("privateKey", 1001)), store(item("epochSecrets", 1000)),
                    store(item("epochSecrets", 1001)), store(item("epochMetadata", 3)),
                    store(item("archive", 3, conversation, ["archiveType": "signature"])),
                    store(item("welcomeMessage")), store(item("rejoinPSK", nil, conversation, ["did": .string(did)])),
                    store(item("groupState", nil, other)), deleteAll(),
                ], source: S.deleteAllKeys,
                deployedFlags: ["WipeStopsAt1000", "MetadataAndArchiveSurvive"], deployedNote: metadataNote),
            Trace(
                comment: "keychain: items of another conversation and of no conversation stay",
                flags: ["KeychainWipe"],
                steps: [
                    store(item("privateKey", 1, other)),
                    store(item("hpkePrivateKey", nil, nil, ["keyPackageId": "kp-9"])),
                    store(item("userEncryptionKey", nil, nil, ["did": .string(did)])),
                    store(item("invitePSK", nil, nil, ["inviteId": "inv-1"])), deleteAll(), dropConversation(),
                ], source: S.deleteAllKeys + " " + S.otherItems),
            Trace(
                comment: "keychain: an item stored twice, read, deleted with its conversation",
                flags: ["Overwrite"],
                steps: [
                    store(item("groupState")), store(item("groupState")), read(item("groupState")),
                    deleteAll(), read(item("groupState")),
                ], source: S.keychainStore + " " + S.deleteAllKeys),
            Trace(
                comment: "a trace ends at a trap: later steps do not run", flags: ["NegativeCount"],
                steps: three + [keepLast(-5), before(3), purge()], deployed: .trapped,
                strict: .error("INVALID_KEEP_LAST"), proposal: .error("INVALID_KEEP_LAST"),
                source: S.deleteOldEpochKeys, deployedFlags: ["Trap"]),
            // Inputs no client can send.
            Trace(
                comment: "a negative epoch saved", flags: ["NegativeEpoch"], steps: [save(-1)],
                deployed: .error("INVALID_EPOCH"), strict: .error("INVALID_EPOCH"), proposal: .error("INVALID_EPOCH"),
                source: S.saveEpochSecret),
            Trace(
                comment: "a negative epoch read", flags: ["NegativeEpoch"], steps: three + [get(.min)],
                deployed: .error("INVALID_EPOCH"), strict: .error("INVALID_EPOCH"), proposal: .error("INVALID_EPOCH"),
                source: S.getEpochSecret),
            Trace(
                comment: "a negative cutoff for delete-before", flags: ["NegativeEpoch"], steps: three + [before(-1)],
                deployed: .error("INVALID_EPOCH"), strict: .error("INVALID_EPOCH"), proposal: .error("INVALID_EPOCH"),
                source: S.deleteEpochsBefore),
            Trace(
                comment: "a negative epoch deleted", flags: ["NegativeEpoch"], steps: three + [deleteOne(-2)],
                deployed: .error("INVALID_EPOCH"), strict: .error("INVALID_EPOCH"), proposal: .error("INVALID_EPOCH"),
                source: S.deleteEpochSecret),
            Trace(
                comment: "a step that is no upstream call", flags: ["UnknownStep"], steps: [op("deleteEverything")],
                deployed: .error("UNKNOWN_STEP"), strict: .error("UNKNOWN_STEP"), proposal: .error("UNKNOWN_STEP"),
                source: S.keychainNames),
            Trace(
                comment: "a step name in the wrong case", flags: ["UnknownStep"], steps: [op("SaveEpochSecret")],
                deployed: .error("UNKNOWN_STEP"), strict: .error("UNKNOWN_STEP"), proposal: .error("UNKNOWN_STEP"),
                source: S.saveEpochSecret),
            Trace(
                comment: "an empty step name", flags: ["UnknownStep"], steps: three + [op("")],
                deployed: .error("UNKNOWN_STEP"), strict: .error("UNKNOWN_STEP"), proposal: .error("UNKNOWN_STEP"),
                source: S.keychainNames),
            Trace(
                comment: "a keychain item of no known kind", flags: ["UnknownItem"],
                steps: [store(item("sessionKey", 1))], deployed: .error("UNKNOWN_ITEM_KIND"),
                strict: .error("UNKNOWN_ITEM_KIND"), proposal: .error("UNKNOWN_ITEM_KIND"), source: S.keychainNames),
            Trace(
                comment: "a keychain kind in the wrong case", flags: ["UnknownItem"],
                steps: [read(item("PrivateKey", 1))],
                deployed: .error("UNKNOWN_ITEM_KIND"), strict: .error("UNKNOWN_ITEM_KIND"),
                proposal: .error("UNKNOWN_ITEM_KIND"), source: S.keychainNames),
            Trace(
                comment: "a keychain account name where a kind belongs", flags: ["UnknownItem"],
                steps: [read(item("mls.groupstate.\(conversation)"))], deployed: .error("UNKNOWN_ITEM_KIND"),
                strict: .error("UNKNOWN_ITEM_KIND"), proposal: .error("UNKNOWN_ITEM_KIND"), source: S.keychainNames),
            Trace(
                comment: "a per-epoch item without an epoch", flags: ["MissingAddress"],
                steps: [store(item("privateKey"))], deployed: .error("MISSING_ADDRESS"),
                strict: .error("MISSING_ADDRESS"), proposal: .error("MISSING_ADDRESS"), source: S.keychainNames),
            Trace(
                comment: "a conversation item without a conversation", flags: ["MissingAddress"],
                steps: [read(item("groupState", nil, nil))], deployed: .error("MISSING_ADDRESS"),
                strict: .error("MISSING_ADDRESS"), proposal: .error("MISSING_ADDRESS"), source: S.keychainNames),
            Trace(
                comment: "an archived key without its type", flags: ["MissingAddress"],
                steps: [store(item("archive", 1))], deployed: .error("MISSING_ADDRESS"),
                strict: .error("MISSING_ADDRESS"), proposal: .error("MISSING_ADDRESS"), source: S.archiveItem),
            // Real epoch secrets, from RFC 9420's key schedule.
            Trace(
                comment:
                    "the epoch secrets of five epochs as RFC 9420's key schedule derives them (suite 1; PushProof's own "
                    + "init secret, commit secrets and GroupContexts, see realEpochSecrets; the derivation is checked "
                    + "against the MLS working group's key-schedule.json by `pushproof interop mls`), deleted before "
                    + "epoch 3: epochs 0 to 2 unreadable, 3 and 4 read back byte for byte",
                flags: ["DeleteBefore", "RealEpochSecrets"],
                steps: realEpochSecrets().enumerated().map { e, secret in
                    op(
                        "saveEpochSecret",
                        ["conversation": .string(conversation), "epoch": .integer(e), "secret": .string(secret)])
                } + [before(3)] + (0...4).map { get(Int64($0)) },
                source: S.saveEpochSecret + " " + S.deleteEpochsBefore + " " + S.getEpochSecret,
                deployedFlags: ["SoftDelete"], strictFlags: ["ForwardSecrecy"]),
        ] + accountTraces(second: second, shouting: shouting) + metadataTraces() + readFirstTraces() + classTraces()
            + edgeTraces()
    }

    /// Every step is read before any runs: a step no client can make is refused even after one
    /// that would trap.
    static func readFirstTraces() -> [Trace] {
        let three = [save(0), save(1), save(2)]
        let invalid = Expect.error("INVALID_EPOCH")
        return [
            Trace(
                comment: "a negative epoch read after a keep-last that traps: the trace is refused before it runs",
                flags: ["NegativeEpoch", "NegativeCount"], steps: three + [keepLast(-1), get(-1)], deployed: invalid,
                strict: .error("INVALID_KEEP_LAST"), proposal: .error("INVALID_KEEP_LAST"),
                source: S.deleteOldEpochKeys + " " + S.getEpochSecret),
            Trace(
                comment: "a negative cutoff after a keychain delete-before that traps",
                flags: ["NegativeEpoch", "NegativeCount"],
                steps: three + [deletePrivateKeys(-1), before(-1)], deployed: invalid, strict: invalid,
                proposal: invalid, source: S.deletePrivateKeys + " " + S.deleteEpochsBefore),
            Trace(
                comment: "the smallest epoch deleted, then saved, after a trap", flags: ["NegativeEpoch"],
                steps: three + [keepLast(.min), deletePrivateKeys(-5), deleteOne(.min), save(-1)], deployed: invalid,
                strict: .error("INVALID_KEEP_LAST"), proposal: .error("INVALID_KEEP_LAST"),
                source: S.deleteEpochSecret + " " + S.saveEpochSecret),
            Trace(
                comment: "a step that is no upstream call after a trap", flags: ["UnknownStep", "NegativeCount"],
                steps: three + [keepLast(-1), op("deleteEverything")], deployed: .error("UNKNOWN_STEP"),
                strict: .error("UNKNOWN_STEP"), proposal: .error("UNKNOWN_STEP"), source: S.keychainNames),
        ]
    }

    /// The `epoch_secret`s of epochs 0 to 4 of one group through RFC 9420's key schedule
    /// (KeySchedule.epoch, suite 1): PushProof's own inputs (an initial init secret, a commit
    /// secret per epoch, no PSK, each epoch's GroupContext with the conversation as group id),
    /// not values copied from key-schedule.json; the same code passes that file's 35 epochs.
    static func realEpochSecrets() -> [String] {
        let suite = CipherSuite.named(0x0001)!
        var initSecret = SecretBytes(copying: SHA256.hash(Array("pushproof key schedule: initial init secret".utf8)))
        return (0..<5).map { (n: UInt64) -> String in
            var context = TLSWriter()
            context.uint16(1)  // ProtocolVersion mls10
            context.uint16(suite.value)
            context.opaque(Array(conversation.utf8))
            context.uint64(n)
            context.opaque(SHA256.hash(Array("pushproof tree hash \(n)".utf8)))
            context.opaque(SHA256.hash(Array("pushproof confirmed transcript hash \(n)".utf8)))
            context.opaque([])  // extensions
            let secrets = try! KeySchedule.epoch(
                suite, initSecret: initSecret,
                commitSecret: SecretBytes(copying: SHA256.hash(Array("pushproof commit secret \(n)".utf8))),
                pskSecret: SecretBytes(copying: [UInt8](repeating: 0, count: 32)), groupContext: context.bytes)
            initSecret = secrets.initSecret
            return Hex.encode(secrets.epochSecret.revealedBytes())
        }
    }

    static func cases(_ profile: Profile) -> [VectorCase] {
        traces().compactMap { t in
            let expect: Expect
            var flags = t.flags
            var comment = t.comment
            let source: String
            switch profile {
            case .deployed:
                expect = t.deployed
                flags += t.deployedFlags
                source = t.source
                comment += t.deployedNote.map { "; " + $0 } ?? ""
            case .strict:
                expect = t.strict
                flags += t.strictFlags
                source = S.rfcDeletion
            default:
                expect = t.proposal
                source = S.seedStorage
            }
            let input: JSONValue = ["userDid": .string(t.user), "steps": .array(t.steps)]
            switch expect {
            case .absent: return nil
            case .completed:
                return VectorCase(comment: comment, flags: flags, source: source, input: input, outcome: "completed")
            case .trapped:
                return VectorCase(comment: comment, flags: flags, source: source, input: input, outcome: "trapped")
            case .error(let code):
                return VectorCase(comment: comment, flags: flags, source: source, input: input, code: code)
            }
        }
    }

    static func keychainCases(_ profile: Profile) -> [VectorCase] {
        let did = CatbirdFixtures.did
        let c = conversation
        func keychainAddress(
            _ comment: String, _ flags: [String], _ address: JSONValue, code: String? = nil, source: String
        )
            -> VectorCase
        {
            VectorCase(
                comment: comment, flags: flags, source: profile == .deployed ? source : S.seedStorage,
                input: address, code: code)
        }
        let named: [VectorCase] = [
            keychainAddress("group state", ["Normal"], item("groupState"), source: S.keychainNames),
            keychainAddress("an epoch's private key", ["Normal"], item("privateKey", 7), source: S.keychainNames),
            keychainAddress(
                "the conversation's signature key", ["Normal"], item("signatureKey"), source: S.keychainNames),
            keychainAddress(
                "the conversation's encryption key", ["Normal"], item("encryptionKey"), source: S.keychainNames),
            keychainAddress("an epoch's secrets", ["Normal"], item("epochSecrets", 7), source: S.keychainNames),
            keychainAddress(
                "a KeyPackage's HPKE private key", ["Normal"],
                item("hpkePrivateKey", nil, nil, ["keyPackageId": "kp-1"]),
                source: S.keychainNames),
        ]
        guard profile == .deployed else {
            return named + [
                keychainAddress(
                    "the current epoch: not in the design", ["UnknownItem"], item("currentEpoch"),
                    code: "UNKNOWN_ITEM_KIND",
                    source: ""),
                keychainAddress(
                    "epoch metadata: not in the design", ["UnknownItem"], item("epochMetadata", 1),
                    code: "UNKNOWN_ITEM_KIND", source: ""),
                keychainAddress(
                    "an archived key: not in the design", ["UnknownItem"],
                    item("archive", 1, c, ["archiveType": "signature"]), code: "UNKNOWN_ITEM_KIND", source: ""),
            ]
        }
        return named + [
            keychainAddress(
                "the current epoch", ["LooseAccessibility"], item("currentEpoch"), source: S.currentEpochItem),
            keychainAddress("a welcome message", ["Normal"], item("welcomeMessage"), source: S.keychainNames),
            keychainAddress(
                "the user's local encryption key", ["Normal"],
                item("userEncryptionKey", nil, nil, ["did": .string(did)]),
                source: S.otherItems),
            keychainAddress(
                "an invite PSK", ["Normal"], item("invitePSK", nil, nil, ["inviteId": "inv-1"]), source: S.otherItems),
            keychainAddress(
                "a rejoin PSK", ["Normal"], item("rejoinPSK", nil, c, ["did": .string(did)]), source: S.otherItems),
            keychainAddress(
                "epoch metadata", ["LooseAccessibility"], item("epochMetadata", 7), source: S.epochMetadataItem),
            keychainAddress(
                "an archived signature key", ["LooseAccessibility"],
                item("archive", 7, c, ["archiveType": "signature"]),
                source: S.archiveItem),
            keychainAddress(
                "a negative epoch is written as it is", ["EdgeCase"], item("privateKey", -1), source: S.keychainNames),
            keychainAddress(
                "a conversation id with dots: names are not unique", ["AmbiguousName"],
                item("privateKey", 1, "a.epoch.1"),
                source: S.keychainNames),
            keychainAddress(
                "an unknown kind", ["UnknownItem"], item("deviceKey"), code: "UNKNOWN_ITEM_KIND",
                source: S.keychainNames),
            keychainAddress(
                "a kind in the wrong case", ["UnknownItem"], item("groupstate"), code: "UNKNOWN_ITEM_KIND",
                source: S.keychainNames),
            keychainAddress(
                "an empty kind", ["UnknownItem"], item(""), code: "UNKNOWN_ITEM_KIND", source: S.keychainNames),
            keychainAddress(
                "a private key without an epoch", ["MissingAddress"], item("privateKey"), code: "MISSING_ADDRESS",
                source: S.keychainNames),
            keychainAddress(
                "an HPKE key without a KeyPackage id", ["MissingAddress"], item("hpkePrivateKey", nil, nil),
                code: "MISSING_ADDRESS", source: S.keychainNames),
            keychainAddress(
                "a rejoin PSK without a DID", ["MissingAddress"], item("rejoinPSK"), code: "MISSING_ADDRESS",
                source: S.otherItems),
        ]
    }

    static func file() -> VectorFileDeclaration {
        VectorFileDeclaration(
            name: "catbird_epoch_keys", protocolName: "catbird-mls-storage", notes: CatbirdEpochKeysNotes.catalogue,
            header: [
                "A Catbird client's epoch keys: the MLSEpochKeyModel table, keychain items and KeyPackage rows, driven by traces of the client library's own calls (CatbirdMLSCore@3071f3ad).",
                "Each step answers an outcome (stored, replaced, restored, refused, found, notFound, deleted, marked, deactivated, trap); the output ends with every stored row and its state (active, marked = readable and due for the hard delete, inactive = unreadable but its key still stored), the keychain accounts and the KeyPackage ids.",
                "deployed: the client as shipped. strict: RFC 9420 §9.2, nothing below a deletion point stays stored or comes back. proposal: the design document (seed 004).",
                "Secrets are 32 bytes generated from a label with SHA-256 (none copied from elsewhere); a trace checks what is stored where, not the bytes.",
            ],
            groups: [
                .init(
                    operation: .catbirdEpochKeyTrace, profile: .deployed,
                    description: "The Catbird client as shipped, its bugs included (each flagged).",
                    ids: .block(1...100), cases: cases(.deployed)),
                .init(
                    operation: .catbirdEpochKeyTrace, profile: .strict,
                    description: "RFC 9420 §9.2: what a forward-secret store answers to the same traces.",
                    ids: .block(101...200), cases: cases(.strict)),
                .init(
                    operation: .catbirdEpochKeyTrace, profile: .proposal,
                    description: "The design document: immediate deletes, KeyPackages cascade with their conversation.",
                    ids: .block(201...300), cases: cases(.proposal)),
                .init(
                    operation: .catbirdKeychainItem, profile: .deployed,
                    description: "The account name and attributes the client writes each item with.",
                    ids: .block(301...350), cases: keychainCases(.deployed)),
                .init(
                    operation: .catbirdKeychainItem, profile: .proposal,
                    description: "The design document's accessibility classes (it names six kinds of item).",
                    ids: .block(351...380), cases: keychainCases(.proposal)),
                .init(
                    operation: .catbirdEpochKeyTrace, profile: .deployed,
                    description:
                        "The Catbird client as shipped: a DID's white space, character by character, in a step's DID and in the trace's.",
                    ids: .block(2000...2099),
                    cases: trimCases(.deployed, topLevel: false) + trimCases(.deployed, topLevel: true)),
                .init(
                    operation: .catbirdEpochKeyTrace, profile: .strict,
                    description:
                        "RFC 9420 §9.2: which of several deletion points stands, and a DID's white space, character by character.",
                    ids: .block(2100...2199), cases: cutoffOrderCases() + trimCases(.strict, topLevel: false)),
                .init(
                    operation: .catbirdEpochKeyTrace, profile: .proposal,
                    description: "The design document: a DID's white space, character by character.",
                    ids: .block(2200...2299), cases: trimCases(.proposal, topLevel: false)),
            ])
    }
}
