import CatbirdMLS
import ConvosExplode
import PushProofCrypto

@testable import PushProofSuites

/// A stable, compact text for what each stateful fuzz target's decoder makes of an input: the
/// steps its harness runs, written from the values the harness uses (DIDs and devices as short
/// names from the tables below, which are fixed here and not read from the harnesses). Two
/// decoders that give the same text for an input drive the harness the same way.
enum CorpusStepDescriptions {
    static let dids = [
        "did:plc:ewvi7nxzyoun6zhxrhs64oiz": "u0", "did:plc:q6gjnaw2blty4crticxkmujt": "u1",
        " DID:PLC:EWVI7NXZYOUN6ZHXRHS64OIZ": "u2",
    ]
    static let conversations = ["3b9f0c7e51a24d68": "c0", "a1d2e3f4a5b6c7d8": "c1", "team": "c2", "team-1": "c3"]

    static func did(_ s: String) -> String { dids[s] ?? "'\(s)'" }
    static func conversation(_ s: String?) -> String { s.map { conversations[$0] ?? "'\($0)'" } ?? "-" }
    static func secret(_ s: SecretBytes) -> String { s.withUnsafeBytes { Hex.encode(Array($0)) } }
    static func item(_ i: KeychainItem) -> String {
        "\(i.kind.rawValue):\(conversation(i.conversation)):\(i.epoch.map { "\($0)" } ?? "-"):\(i.qualifier ?? "-")"
    }

    static func epochKeyStep(_ step: EpochKeyStep) -> String {
        switch step {
        case .saveEpochSecret(let u, let c, let e, let s): "save \(did(u)) \(conversation(c)) \(e) \(secret(s))"
        case .getEpochSecret(let u, let c, let e): "get \(did(u)) \(conversation(c)) \(e)"
        case .deleteEpochSecret(let u, let c, let e): "delete \(did(u)) \(conversation(c)) \(e)"
        case .deleteEpochsBefore(let u, let c, let e): "before \(did(u)) \(conversation(c)) \(e)"
        case .deleteOldEpochKeys(let u, let c, let k): "old \(did(u)) \(conversation(c)) \(k)"
        case .deleteMarkedEpochKeys(let u): "marked \(did(u))"
        case .deleteConversation(let u, let c): "conversation \(did(u)) \(conversation(c))"
        case .saveKeyPackage(let u, let id, let c): "keyPackage \(did(u)) \(id) \(conversation(c))"
        case .storeKeychainItem(let i, let v): "store \(item(i)) \(secret(v))"
        case .readKeychainItem(let i): "read \(item(i))"
        case .deletePrivateKeys(let c, let e): "private \(conversation(c)) \(e)"
        case .deleteAllKeys(let c): "all \(conversation(c))"
        }
    }

    static let base = Int64(CatbirdFixtures.now)
    static func device(_ owner: String, _ device: String?) -> String { "\(did(owner))/\(device ?? "-")" }
    static func uploads(_ batch: [KeyPackageInventory.Upload]) -> String {
        batch.map { u in
            "\(u.ref):\(u.initKey):\(u.notBefore - base):\(u.notAfter - base):\(u.declaredRef ?? "-")"
        }.joined(separator: ",")
    }
    static func key(_ k: [UInt8]) -> String {
        k.count == 32 && Set(k).count == 1 ? "key\(k[0])" : "key:\(Hex.encode(k))"
    }

    static func inventoryStep(_ step: KeyPackageInventory.Step) -> String {
        switch step {
        case .publish(let o, let d, let batch): "publish \(device(o, d)) \(uploads(batch))"
        case .claim(let o, let d): "claim \(device(o, d))"
        case .reserve(let ref): "reserve \(ref)"
        case .consume(let ref): "consume \(ref)"
        case .release(let ref): "release \(ref)"
        case .expire(let ref): "expire \(ref)"
        case .revokeDevice(let o, let d): "revoke \(device(o, d))"
        case .advance(let s): "advance \(s)"
        default: "other \(step)"
        }
    }

    static func deviceRegistryStep(_ step: KeyPackageStoreAudit.Step) -> String {
        switch step {
        case .inventory(let s): inventoryStep(s)
        case .register(let u, let d, let k, let batch): "register \(device(u, d)) \(key(k)) \(uploads(batch))"
        }
    }

    static let inboxNames = ["a", "b", "c"]
    static let recordKinds = [
        "message", "member", "invite", "memberProfile", "localState", "pushSubscription", "databaseFile",
    ]
}
