import CatbirdMLS
import PushProofConformance
import PushProofCrypto
import PushProofJSON

/// FuzzEpochKeyStore's steps. Three bytes a step (``FuzzStepLayout``): the opcode, then
/// `conversation | user << 2 | item << 4` (four conversations, three DID spellings, sixteen
/// keychain-item selectors), then a number (an epoch or a count through ``number(_:)``, or a
/// KeyPackage). At most 24 an input: a deletion point, an epoch saved below it, a conversation
/// deleted under another's name are each a few steps away; a longer input only slows the run
/// (docs/fuzzing.md).
enum EpochKeyFuzzStep: FuzzStep {
    /// The calls, named as the vectors' `op`s.
    enum Kind: String, Sendable {
        case saveEpochSecret, getEpochSecret, deleteEpochSecret, deleteEpochsBefore, deleteOldEpochKeys
        case deleteMarkedEpochKeys, deleteConversation, saveKeyPackage, storeKeychainItem, readKeychainItem
        case deletePrivateKeys, deleteAllKeys
    }

    /// Append-only: a new call takes opcode 12. Bytes 12-255 read as `byte % 12`, so 11, 23, ...
    /// are `deleteAllKeys` as much as 0, 12, ... are `saveEpochSecret`.
    static let layout = FuzzStepLayout<Kind>(
        opcodes: [
            .saveEpochSecret,  // 0
            .getEpochSecret,  // 1
            .deleteEpochSecret,  // 2
            .deleteEpochsBefore,  // 3
            .deleteOldEpochKeys,  // 4
            .deleteMarkedEpochKeys,  // 5
            .deleteConversation,  // 6
            .saveKeyPackage,  // 7
            .storeKeychainItem,  // 8
            .readKeychainItem,  // 9
            .deletePrivateKeys,  // 10
            .deleteAllKeys,  // 11
        ], aliasModulus: 12, width: 3, maximumSteps: 24)

    static let conversations = ["3b9f0c7e51a24d68", "a1d2e3f4a5b6c7d8", "team", "team-1"]
    static let users = [
        "did:plc:ewvi7nxzyoun6zhxrhs64oiz", "did:plc:q6gjnaw2blty4crticxkmujt", " DID:PLC:EWVI7NXZYOUN6ZHXRHS64OIZ",
    ]

    /// Conversations and users are indices into the tables above; `item` selects a keychain item's
    /// kind (`item % 13`) and qualifier (`q` and `item % 3`); epochs and counts are values
    /// ``number(_:)`` reads. A saved secret or keychain value is the step's own three bytes as
    /// read (so each input saves its own secrets).
    case saveEpochSecret(user: Int, conversation: Int, epoch: Int64, secret: [UInt8])
    case getEpochSecret(user: Int, conversation: Int, epoch: Int64)
    case deleteEpochSecret(user: Int, conversation: Int, epoch: Int64)
    case deleteEpochsBefore(user: Int, conversation: Int, epoch: Int64)
    case deleteOldEpochKeys(user: Int, conversation: Int, keepLast: Int64)
    case deleteMarkedEpochKeys(user: Int)
    case deleteConversation(user: Int, conversation: Int)
    /// KeyPackage `kp0` to `kp3`.
    case saveKeyPackage(user: Int, package: Int, conversation: Int)
    case storeKeychainItem(item: Int, conversation: Int, epoch: Int64, value: [UInt8])
    case readKeychainItem(item: Int, conversation: Int, epoch: Int64)
    case deletePrivateKeys(conversation: Int, beforeEpoch: Int64)
    case deleteAllKeys(conversation: Int)

    /// The number byte's value: 0-250 as themselves, then the edges.
    static func number(_ byte: UInt8) -> Int64 {
        switch byte {
        case 251: return .max
        case 252: return .min
        case 253: return -1
        case 254: return 1000
        case 255: return 1001
        default: return Int64(byte)
        }
    }

    /// The byte `number` reads back as `value` where it can (the special values, 0-250), else the
    /// nearest of 0 and 250.
    static func byte(_ value: Int64) -> UInt8 {
        switch value {
        case .max: return 251
        case .min: return 252
        case -1: return 253
        case 1000: return 254
        case 1001: return 255
        default: return UInt8(min(max(value, 0), 250))
        }
    }

    init(kind: Kind, operands reader: inout FuzzStepReader) {
        let place = reader.byte()
        let n = reader.byte()
        let (c, u, item, e) = (Int(place & 3), Int((place >> 2) % 3), Int(place >> 4), Self.number(n))
        switch kind {
        case .saveEpochSecret: self = .saveEpochSecret(user: u, conversation: c, epoch: e, secret: reader.step)
        case .getEpochSecret: self = .getEpochSecret(user: u, conversation: c, epoch: e)
        case .deleteEpochSecret: self = .deleteEpochSecret(user: u, conversation: c, epoch: e)
        case .deleteEpochsBefore: self = .deleteEpochsBefore(user: u, conversation: c, epoch: e)
        case .deleteOldEpochKeys: self = .deleteOldEpochKeys(user: u, conversation: c, keepLast: e)
        case .deleteMarkedEpochKeys: self = .deleteMarkedEpochKeys(user: u)
        case .deleteConversation: self = .deleteConversation(user: u, conversation: c)
        case .saveKeyPackage: self = .saveKeyPackage(user: u, package: Int(n % 4), conversation: c)
        case .storeKeychainItem: self = .storeKeychainItem(item: item, conversation: c, epoch: e, value: reader.step)
        case .readKeychainItem: self = .readKeychainItem(item: item, conversation: c, epoch: e)
        case .deletePrivateKeys: self = .deletePrivateKeys(conversation: c, beforeEpoch: e)
        case .deleteAllKeys: self = .deleteAllKeys(conversation: c)
        }
    }

    func write(to writer: inout FuzzStepWriter) -> Kind {
        func place(_ user: Int = 0, _ conversation: Int = 0, item: Int = 0) {
            precondition(user < 3 && conversation < 4 && item < 16, "no byte places \(self)")
            writer.byte(UInt8(conversation | user << 2 | item << 4))
        }
        switch self {
        case .saveEpochSecret(let u, let c, let e, _):
            place(u, c)
            writer.byte(Self.byte(e))
            return .saveEpochSecret
        case .getEpochSecret(let u, let c, let e):
            place(u, c)
            writer.byte(Self.byte(e))
            return .getEpochSecret
        case .deleteEpochSecret(let u, let c, let e):
            place(u, c)
            writer.byte(Self.byte(e))
            return .deleteEpochSecret
        case .deleteEpochsBefore(let u, let c, let e):
            place(u, c)
            writer.byte(Self.byte(e))
            return .deleteEpochsBefore
        case .deleteOldEpochKeys(let u, let c, let keep):
            place(u, c)
            writer.byte(Self.byte(keep))
            return .deleteOldEpochKeys
        case .deleteMarkedEpochKeys(let u):
            place(u)
            writer.byte(0)
            return .deleteMarkedEpochKeys
        case .deleteConversation(let u, let c):
            place(u, c)
            writer.byte(0)
            return .deleteConversation
        case .saveKeyPackage(let u, let package, let c):
            place(u, c)
            writer.index(package, below: 4)
            return .saveKeyPackage
        case .storeKeychainItem(let item, let c, let e, _):
            place(0, c, item: item)
            writer.byte(Self.byte(e))
            return .storeKeychainItem
        case .readKeychainItem(let item, let c, let e):
            place(0, c, item: item)
            writer.byte(Self.byte(e))
            return .readKeychainItem
        case .deletePrivateKeys(let c, let e):
            place(0, c)
            writer.byte(Self.byte(e))
            return .deletePrivateKeys
        case .deleteAllKeys(let c):
            place(0, c)
            writer.byte(0)
            return .deleteAllKeys
        }
    }

    /// The step with its secret (or keychain value) set to its own bytes, as decoding it gives.
    var withItsOwnSecret: Self {
        switch self {
        case .saveEpochSecret(let u, let c, let e, _):
            .saveEpochSecret(user: u, conversation: c, epoch: e, secret: bytes)
        case .storeKeychainItem(let i, let c, let e, _):
            .storeKeychainItem(item: i, conversation: c, epoch: e, value: bytes)
        default: self
        }
    }

    static func keychainItem(_ selector: Int, conversation: String, epoch: Int64) -> KeychainItem {
        let kinds = KeychainItem.Kind.allCases
        return try! KeychainItem(
            kind: kinds[selector % kinds.count], conversation: conversation, epoch: epoch, qualifier: "q\(selector % 3)"
        )
    }

    /// The store call this step makes.
    var call: EpochKeyStep {
        func user(_ n: Int) -> String { Self.users[n] }
        func conversation(_ n: Int) -> String { Self.conversations[n] }
        switch self {
        case .saveEpochSecret(let u, let c, let e, let s):
            return .saveEpochSecret(
                user: user(u), conversation: conversation(c), epoch: e, secret: SecretBytes(copying: s))
        case .getEpochSecret(let u, let c, let e):
            return .getEpochSecret(user: user(u), conversation: conversation(c), epoch: e)
        case .deleteEpochSecret(let u, let c, let e):
            return .deleteEpochSecret(user: user(u), conversation: conversation(c), epoch: e)
        case .deleteEpochsBefore(let u, let c, let e):
            return .deleteEpochsBefore(user: user(u), conversation: conversation(c), epoch: e)
        case .deleteOldEpochKeys(let u, let c, let keep):
            return .deleteOldEpochKeys(user: user(u), conversation: conversation(c), keepLast: keep)
        case .deleteMarkedEpochKeys(let u): return .deleteMarkedEpochKeys(user: user(u))
        case .deleteConversation(let u, let c): return .deleteConversation(user: user(u), conversation: conversation(c))
        case .saveKeyPackage(let u, let package, let c):
            return .saveKeyPackage(user: user(u), id: "kp\(package)", conversation: conversation(c))
        case .storeKeychainItem(let i, let c, let e, let v):
            return .storeKeychainItem(
                Self.keychainItem(i, conversation: conversation(c), epoch: e), value: SecretBytes(copying: v))
        case .readKeychainItem(let i, let c, let e):
            return .readKeychainItem(Self.keychainItem(i, conversation: conversation(c), epoch: e))
        case .deletePrivateKeys(let c, let e): return .deletePrivateKeys(conversation: conversation(c), beforeEpoch: e)
        case .deleteAllKeys(let c): return .deleteAllKeys(conversation: conversation(c))
        }
    }

    /// A trace of catbird_epoch_keys' vectors as steps, conversations and users numbered in order
    /// of first appearance (modulo the tables' sizes), numbers as ``number(_:)`` can read them
    /// (others clamped to 0-250). Steps that are no call of the target are left out.
    static func steps(of trace: [JSONValue], userDid: String) -> [Self] {
        var conversations: [String: Int] = [:]
        var users: [String: Int] = [:]
        return trace.compactMap { step -> Self? in
            guard let op = step["op"]?.stringValue, let kind = Kind(rawValue: op) else { return nil }
            let conversation = step["conversation"]?.stringValue ?? ""
            let user = step["userDid"]?.stringValue ?? userDid
            if conversations[conversation] == nil { conversations[conversation] = conversations.count % 4 }
            if users[user] == nil { users[user] = users.count % 3 }
            let (c, u) = (conversations[conversation]!, users[user]!)
            let item = KeychainItem.Kind.allCases.firstIndex { $0.rawValue == step["kind"]?.stringValue } ?? 0
            let value = (step["epoch"] ?? step["keepLast"] ?? step["beforeEpoch"])?.int64Value ?? 0
            let e = number(byte(value))
            let typed: Self =
                switch kind {
                case .saveEpochSecret: .saveEpochSecret(user: u, conversation: c, epoch: e, secret: [])
                case .getEpochSecret: .getEpochSecret(user: u, conversation: c, epoch: e)
                case .deleteEpochSecret: .deleteEpochSecret(user: u, conversation: c, epoch: e)
                case .deleteEpochsBefore: .deleteEpochsBefore(user: u, conversation: c, epoch: e)
                case .deleteOldEpochKeys: .deleteOldEpochKeys(user: u, conversation: c, keepLast: e)
                case .deleteMarkedEpochKeys: .deleteMarkedEpochKeys(user: u)
                case .deleteConversation: .deleteConversation(user: u, conversation: c)
                case .saveKeyPackage: .saveKeyPackage(user: u, package: Int(byte(value) % 4), conversation: c)
                case .storeKeychainItem: .storeKeychainItem(item: item % 16, conversation: c, epoch: e, value: [])
                case .readKeychainItem: .readKeychainItem(item: item % 16, conversation: c, epoch: e)
                case .deletePrivateKeys: .deletePrivateKeys(conversation: c, beforeEpoch: e)
                case .deleteAllKeys: .deleteAllKeys(conversation: c)
                }
            return typed.withItsOwnSecret
        }
    }
}
