import CatbirdMLS
import PushProofConformance
import PushProofCrypto
import PushProofJSON

/// The design document's registration traces (seed 003, proposal).
enum ProposalRegistrationCases {
    static func seed(_ lines: String, _ what: String) -> String { "seed 003_bab1dd7d64b84271.txt:\(lines) (\(what))" }
    static let create = seed("46-67", "getOrCreateDeviceIdentity: a new key, registerDevice")
    static let restore = seed("70-86", "restoreDeviceIdentity: getDeviceByPublicKey(userDid, publicKey)")
    static let schema = seed(
        "219-234", "user_devices, PRIMARY KEY (user_did, device_id), UNIQUE (user_did, signature_public_key)")
    static let shared = seed("12-30", "one key on every device breaks multi-device")
    static let keyLength =
        seed("54", "a fresh Ed25519 key per device") + " RFC 8032 §5.1.5 (an Ed25519 public key is 32 bytes)"

    static let did = DeviceRegistrationCases.did
    static let other = DeviceRegistrationCases.other
    static func key(_ n: Int) -> [UInt8] { DeviceRegistrationCases.key(n) }

    static func register(_ name: String, _ k: [UInt8], auth: String? = nil) -> JSONValue {
        var v: JSONValue = ["op": "register", "deviceName": .string(name), "signatureKey": .string(Hex.encode(k))]
        if let auth { v = v.setting("authDid", to: .string(auth)) }
        return v
    }
    static func lookup(_ k: [UInt8], auth: String? = nil) -> JSONValue {
        var v: JSONValue = ["op": "lookup", "signatureKey": .string(Hex.encode(k))]
        if let auth { v = v.setting("authDid", to: .string(auth)) }
        return v
    }

    static func trace(
        _ comment: String, _ flags: [String], _ source: String, _ steps: [JSONValue],
        now: UInt64 = DeviceRegistrationCases.now
    ) -> VectorCase {
        DeviceRegistrationCases.trace(comment, ["Proposal"] + flags, source, steps, now: now)
    }

    static func cases() -> [VectorCase] {
        [
            trace(
                "a new device registers its own key", ["Normal"], create + " " + seed("118-150", "scenario B"),
                [register("Josh's iPhone", key(1))]),
            trace(
                "three devices of one user, each with its own key, are three devices", ["Normal"],
                seed("154-174", "scenario C") + " " + schema,
                [register("iPhone", key(1)), register("iPad", key(2)), register("Mac", key(3))]),
            trace(
                "a reinstall on the same device keeps its key, and getDeviceByPublicKey finds that device",
                ["RestoreByKey"], restore + " " + seed("94-117", "scenario A"),
                [register("iPhone", key(1)), register("iPad", key(2)), lookup(key(1)), lookup(key(2))]),
            trace(
                "a new phone has no key the server knows: the lookup finds nothing and it registers as a new device",
                ["RestoreByKey"], restore + " " + seed("203-211", "a new device restore is a fresh device"),
                [register("old iPhone", key(1)), lookup(key(2)), register("new iPhone", key(2))]),
            trace(
                "a key the user registered already is refused: one key, one device", ["KeyUniquePerUser"],
                schema + " " + shared, [register("iPhone", key(1)), register("iPad", key(1)), lookup(key(1))]),
            trace(
                "another user may register the same key: the unique index is per user, and each finds their own",
                ["KeyUniquePerUser"], schema + " " + restore,
                [
                    register("mine", key(1)), register("theirs", key(1), auth: other), lookup(key(1)),
                    lookup(key(1), auth: other),
                ]),
            trace(
                "getDeviceByPublicKey looks among the caller's devices only", ["RestoreByKey"], restore,
                [register("theirs", key(1), auth: other), lookup(key(1))]),
            trace("an empty signature key is refused", ["KeyLength"], keyLength, [register("iPhone", [])]),
            trace(
                "a 31-byte signature key is refused", ["KeyLength"], keyLength,
                [register("iPhone", Array(key(1).dropLast()))]),
            trace(
                "a 33-byte signature key is refused, and nothing is registered", ["KeyLength"], keyLength,
                [register("iPhone", key(1) + [0]), lookup(key(1))]),
            // The design keeps no clock: `now` is read within its range and used nowhere.
            trace(
                "the clock at 0: read, not used", ["Clock"], create + " docs/vector-format.md (now)",
                [register("iPhone", key(1)), lookup(key(1))], now: 0),
            trace(
                "the clock at 2^63 - 1 s: read, not used", ["Clock"], create + " docs/vector-format.md (now)",
                [register("iPhone", key(1)), lookup(key(1))], now: UInt64(Int64.max)),
        ]
    }
}
