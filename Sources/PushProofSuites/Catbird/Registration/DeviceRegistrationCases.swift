import CatbirdMLS
import PushProofConformance
import PushProofCrypto
import PushProofJSON

/// The legacy registration traces of catbird_registration.
enum DeviceRegistrationCases {
    static let commit = CatbirdSources.legacyCommit
    static func rd(_ lines: String) -> String {
        "joshlacal/mls-ds@\(commit):server/src/handlers/mls_chat/register_device.rs:\(lines)"
    }
    static let schema = "joshlacal/mls-ds@\(commit):server/migrations/20250101000000_greenfield_schema.sql:559-577"
    static let store = "joshlacal/mls-ds@\(commit):server/src/db.rs:805-938"

    static let did = CatbirdFixtures.did
    static let other = "did:plc:q6gjnaw2blty4crticxkmujt"
    static let now = CatbirdFixtures.now
    static let month: UInt64 = 30 * 86_400

    static func key(_ n: Int) -> [UInt8] {
        (try! Ed25519.KeyPair(seed: CatbirdFixtures.seed("registration-key/\(n)"))).publicKey.rawBytes
    }

    /// The n-th raw KeyPackage of `identity` (suite 1, the bare DID the legacy server expects).
    static func keyPackage(_ n: Int, identity: String = did) -> String {
        var spec = KeyPackageSpec.classic(1, identity: identity)
        spec.initKey = CatbirdFixtures.x25519(200 + 2 * n)
        spec.encryptionKey = CatbirdFixtures.x25519(201 + 2 * n)
        return Base64.encode(spec.keyPackage.encoded)
    }

    static func upload(_ b64: String, expires: UInt64 = now + month, cipherSuite: String? = nil) -> JSONValue {
        let v: JSONValue = ["keyPackage": .string(b64), "expires": .integer(Int64(expires))]
        return cipherSuite.map { v.setting("cipherSuite", to: .string($0)) } ?? v
    }

    static func register(
        _ name: String = "iPhone", uuid: String? = nil, key k: [UInt8] = key(1), _ packages: [JSONValue]? = nil,
        token: String? = nil, auth: String? = nil
    ) -> JSONValue {
        var v: JSONValue = [
            "op": "register", "deviceName": .string(name), "signatureKey": .string(Hex.encode(k)),
            "keyPackages": .array(packages ?? [upload(keyPackage(1)), upload(keyPackage(2))]),
        ]
        if let uuid { v = v.setting("deviceUUID", to: .string(uuid)) }
        if let token { v = v.setting("pushToken", to: .string(token)) }
        if let auth { v = v.setting("authDid", to: .string(auth)) }
        return v
    }

    static func register(
        _ packages: [JSONValue], uuid: String? = nil, key k: [UInt8] = key(1), token: String? = nil
    ) -> JSONValue {
        register("iPhone", uuid: uuid, key: k, packages, token: token)
    }

    static func advance(_ seconds: Int64) -> JSONValue { ["op": "advance", "seconds": .integer(seconds)] }
    /// A Welcome stored for device `n` (by order of creation), as a group creator's createConvo
    /// stores it.
    static func welcome(_ n: Int) -> JSONValue { ["op": "welcome", "deviceIndex": .integer(Int64(n))] }
    static let welcomes = "joshlacal/mls-ds@\(commit):server/src/handlers/mls_chat/create_convo.rs:487-540"

    static func trace(
        _ comment: String, _ flags: [String], _ source: String, _ steps: [JSONValue], now clock: UInt64 = now
    ) -> VectorCase {
        VectorCase(
            comment: comment, flags: ["Registration"] + flags, source: source,
            input: ["authDid": .string(did), "now": .integer(Int64(clock)), "steps": .array(steps)])
    }

    static func cases() -> [VectorCase] {
        let u1 = "5b0e8c2a-1f4d-4a9b-8c7e-2d3f4a5b6c7d"
        let u2 = "9a8b7c6d-5e4f-4a3b-9c2d-1e0f2a3b4c5d"
        let ten = (1...10).map { register("device \($0)", uuid: "uuid-\($0)", key: key(10 + $0)) }
        return [
            trace("a new device with two KeyPackages", ["Normal"], rd("129-131,304-345,348-381"), [register(uuid: u1)]),
            trace(
                "the same device id again: its KeyPackages replaced", ["ReRegistration"], rd("148-221"),
                [register(uuid: u1), register("iPhone 2", uuid: u1, [upload(keyPackage(3))])]),
            trace(
                "the same signature key with a new device id: restored by key, the new id kept", ["RestoreByKey"],
                rd("230-297"), [register(uuid: u1), register(uuid: u2, [upload(keyPackage(4))])]),
            trace(
                "restored by key without a device id: the stored id is cleared", ["RestoreByKey"], rd("281-297"),
                [register(uuid: u1), register([upload(keyPackage(4))])]),
            trace(
                "a device id known and a new key: the key is replaced", ["ReRegistration"], rd("203-219"),
                [register(uuid: u1), register(uuid: u1, key: key(2))]),
            trace(
                "the device id of another device with that device's key: refused with 500 after its KeyPackages are gone",
                ["NoTransaction", "ReRegistration"], rd("171-181,203-219") + " " + schema,
                [register(uuid: u1), register("iPad", uuid: u2, key: key(2)), register(uuid: u1, key: key(2))]),
            trace("ten devices", ["DeviceLimit"], rd("312-325"), ten),
            trace(
                "an eleventh device: 429", ["DeviceLimit"], rd("312-325"), ten + [register("eleventh", key: key(99))]),
            trace(
                "a re-registration at ten devices is allowed", ["DeviceLimit", "ReRegistration"], rd("312"),
                ten + [register("device 3 again", uuid: "uuid-3", key: key(13))]),
            trace(
                "a restore by key at ten devices is allowed", ["DeviceLimit", "RestoreByKey"], rd("312"),
                ten + [register("device 4 restored", uuid: "uuid-new", key: key(14))]),
            trace(
                "another user's devices do not count", ["DeviceLimit"], rd("313-325"),
                ten + [register("theirs", key: key(11), [upload(keyPackage(1, identity: other))], auth: other)]),
            trace("an empty signature key: 400", ["KeyLength"], rd("108-114"), [register(key: [])]),
            trace(
                "a 31-byte signature key: 400", ["KeyLength"], rd("108-114"), [register(key: Array(key(1).dropLast()))]),
            trace("a 33-byte signature key: 400", ["KeyLength"], rd("108-114"), [register(key: key(1) + [0])]),
            trace("no KeyPackages and no push token: 400", ["KeyPackageCount"], rd("117-120"), [register([])]),
            trace(
                "201 KeyPackages: 400", ["KeyPackageCount"], rd("121-127"),
                [register(Array(repeating: upload("AA=="), count: 201))]),
            trace(
                "200 uploads: accepted, 199 of them skipped", ["KeyPackageCount", "SilentSkip"], rd("121-127,348-381"),
                [register([upload(keyPackage(1))] + Array(repeating: upload("AA=="), count: 199))]),
            trace(
                "the same KeyPackage twice: both stored", ["NoDuplicateCheck"], rd("348-381") + " " + store,
                [register([upload(keyPackage(1)), upload(keyPackage(1))])]),
            trace(
                "a name of control characters, U+FEFF and U+200B only: 400", ["DeviceName"], rd("93-104"),
                [register("\u{200B}\u{FEFF}\t\u{7}")]),
            trace("a name of spaces: 400", ["DeviceName"], rd("93-104"), [register("   ")]),
            trace(
                "a name of 150 characters: the first 100 kept", ["DeviceName"], rd("93-104"),
                [register(String(repeating: "é", count: 150))]),
            trace(
                "control characters inside a name are removed, U+200C is kept", ["DeviceName"], rd("93-104"),
                [register("Jo\u{0}sh's\u{200C} iPhone\n")]),
            trace(
                "KeyPackages that fail: skipped, and the call still succeeds", ["SilentSkip"],
                rd("348-381") + " " + store,
                [
                    register([
                        upload("not base64!"), upload(""), upload(keyPackage(1), expires: now),
                        upload(keyPackage(2, identity: CatbirdFixtures.deviceIdentity)), upload(keyPackage(3)),
                    ])
                ]),
            trace(
                "every KeyPackage fails: a device with none", ["SilentSkip"], rd("348-381"),
                [register([upload(keyPackage(1, identity: other)), upload("AA==")])]),
            trace(
                "a re-registration whose KeyPackages all fail leaves the device with none",
                ["SilentSkip", "NoTransaction"], rd("171-181,348-381"),
                [register(uuid: u1), register(uuid: u1, [upload("AA==")])]),
            trace(
                "an expiry one second ahead is stored; the clock then passes it", ["Clock"], rd("362-365"),
                [
                    register([upload(keyPackage(1), expires: now + 1)]), advance(1),
                    register(uuid: u1, [upload(keyPackage(2), expires: now + 1)]),
                ]),
            trace(
                "a push token with the registration", ["PushToken"], rd("385-401"),
                [register(uuid: u1, token: "apns-1")]),
            trace(
                "no KeyPackages and a push token: the token of the most recent device updated", ["UpdateToken"],
                rd("45-61,502-554"),
                [register(uuid: u1), register("iPad", uuid: u2, key: key(2)), register("", [], token: "apns-2")]),
            trace(
                "updateToken by device id, with a new name as given", ["UpdateToken"], rd("502-554"),
                [
                    register(uuid: u1), register("iPad", uuid: u2, key: key(2)),
                    register("Phone\t", uuid: u1, [], token: "t"),
                ]),
            trace(
                "updateToken for an unknown device id: 404", ["UpdateToken"], rd("502-554"),
                [register(uuid: u1), register("x", uuid: u2, [], token: "t")]),
            trace(
                "updateToken from a device DID: it is not split, no device found", ["UpdateToken", "LegacySplit"],
                rd("502-525"),
                [register(uuid: u1), register("x", [], token: "t", auth: "\(did)#\(CatbirdFixtures.deviceId)")]),
            trace(
                "a registration from a device DID is filed under its user", ["LegacySplit"], rd("87-90"),
                [register(uuid: u1, auth: "\(did)#\(CatbirdFixtures.deviceId)")]),
            trace(
                "a caller DID with an empty device part: 400", ["LegacySplit"], rd("87-90"),
                [register(auth: "\(did)#")]),
            trace("a caller DID with an empty user part: 400", ["LegacySplit"], rd("87-90"), [register(auth: "#dev")]),
            trace(
                "a re-registration by device id marks the device's pending Welcomes consumed", ["WelcomeInvalidation"],
                rd("183-200") + " " + welcomes,
                [register(uuid: u1), welcome(1), welcome(1), register(uuid: u1, [upload(keyPackage(3))])]),
            trace(
                "a restore by signature key marks it consumed too", ["WelcomeInvalidation", "RestoreByKey"],
                rd("263-279") + " " + welcomes,
                [register(uuid: u1), welcome(1), register(uuid: u2, [upload(keyPackage(4))])]),
            trace(
                "one device's re-registration consumes the Welcome waiting for the user's other device",
                ["WelcomeInvalidation", "OtherDevicesWelcomes"], rd("183-200") + " " + welcomes,
                [
                    register(uuid: u1), register("iPad", uuid: u2, key: key(2), [upload(keyPackage(5))]), welcome(2),
                    register(uuid: u1, [upload(keyPackage(3))]),
                ]),
            trace(
                "a new device and a token update leave pending Welcomes alone", ["WelcomeInvalidation", "UpdateToken"],
                rd("45-61,304-345") + " " + welcomes,
                [
                    register(uuid: u1), welcome(1), register("iPad", uuid: u2, key: key(2), [upload(keyPackage(5))]),
                    register("", uuid: u1, [], token: "apns-3"),
                ]),
            trace(
                "another user's Welcomes are not touched", ["WelcomeInvalidation"], rd("183-200") + " " + welcomes,
                [
                    register(uuid: u1),
                    register("theirs", uuid: u2, key: key(3), [upload(keyPackage(6, identity: other))], auth: other),
                    welcome(2), welcome(1), register(uuid: u1, [upload(keyPackage(3))]),
                ]),
            trace(
                "a re-registration refused with 500 has consumed the Welcomes first",
                ["WelcomeInvalidation", "NoTransaction", "ReRegistration"],
                rd("171-200,203-219") + " " + schema,
                [
                    register(uuid: u1), register("iPad", uuid: u2, key: key(2)), welcome(1), welcome(2),
                    register(uuid: u1, key: key(2)),
                ]),
            // What the legacy server never compares (tcIds 41-42).
            trace(
                "a cipherSuite string naming another suite than the KeyPackage's (suite 1): stored, never compared",
                ["Unchecked"], rd("348-381") + " " + store,
                [
                    register([
                        upload(keyPackage(1), cipherSuite: "MLS_256_XWING_CHACHA20POLY1305_SHA256_Ed25519"),
                        upload(keyPackage(2), cipherSuite: "not a suite"),
                    ])
                ]),
            trace(
                "KeyPackages whose leaf signature key is the registered key, and KeyPackages whose leaf key is not: "
                    + "both stored, the leaf key is never compared with the device's", ["Unchecked"],
                rd("348-381") + " " + store,
                [
                    register(key: CatbirdFixtures.deviceKey.publicKey.rawBytes),
                    register("iPad", uuid: u2, key: key(2), [upload(keyPackage(3)), upload(keyPackage(4))]),
                ]),
        ] + splitAndRecencyCases(u1: u1, u2: u2) + clockEdgeCases()
    }

    /// The caller DID split at its first `#` whatever follows (device_utils.rs:19-33, `split_once`),
    /// and a re-registration that makes its device the most recent (`registered_at = NOW()` on both
    /// paths), which a token update without a device id then picks.
    static func splitAndRecencyCases(u1: String, u2: String) -> [VectorCase] {
        let split = "joshlacal/mls-ds@\(commit):server/src/device_utils.rs:19-33; " + rd("87-90")
        let mostRecent = rd("502-530")
        return [
            trace(
                "a caller DID with a second '#' (did#dev#x): split at the first, filed under the user", ["LegacySplit"],
                split, [register(uuid: u1, auth: "\(did)#dev#x")]),
            trace(
                "a caller DID whose device part is '#' (did##): filed under the user", ["LegacySplit"], split,
                [register(uuid: u1, auth: "\(did)##")]),
            trace(
                "a caller DID with a trailing '#' after the device part (did#a#): filed under the user",
                ["LegacySplit"], split, [register(uuid: u1, auth: "\(did)#a#")]),
            trace(
                "a caller DID of an empty user part and two '#' (#a#b): 400", ["LegacySplit"], split,
                [register(auth: "#a#b")]),
            trace(
                "re-registered by device id, then a token update without one: the re-registered device is the most "
                    + "recent", ["UpdateToken", "ReRegistration"], rd("204-219") + " " + mostRecent,
                [
                    register(uuid: u1), register("iPad", uuid: u2, key: key(2)), register(uuid: u1),
                    register("", [], token: "apns-3"),
                ]),
            trace(
                "restored by key, then a token update without a device id: the restored device is the most recent",
                ["UpdateToken", "RestoreByKey"], rd("282-297") + " " + mostRecent,
                [register(), register("iPad", key: key(2)), register(), register("", [], token: "apns-3")]),
        ]
    }

    /// The clock and an upload's expiry at the top of the input's range (2^63 - 1 seconds): an
    /// expiry is compared with `<=` only (register_device.rs:362-365), so the largest expiry is
    /// stored and one equal to the clock is skipped as expired.
    static func clockEdgeCases() -> [VectorCase] {
        let top = UInt64(Int64.max)
        return [
            trace(
                "an expiry of 2^63 - 1 s is after the clock: stored", ["Clock"], rd("362-365"),
                [register([upload(keyPackage(1), expires: top)])]),
            trace(
                "the clock at 2^63 - 1 s: an upload expiring then is expired (expires <= now)", ["Clock"],
                rd("362-365"), [register([upload(keyPackage(1), expires: top)])], now: top),
            trace(
                "from 0, the clock advanced 2^63 - 1 s: at its bound", ["Clock"], "docs/vector-format.md (advance)",
                [advance(Int64.max)], now: 0),
        ]
    }
}
