import PushProofConformance
import PushProofCrypto
import PushProofJSON

/// catbird_registration, legacy (tcIds 3000-): DIDs and device UUIDs in canonically (or only
/// compatibly) equivalent spellings. mls-ds finds a user's devices and Welcomes with SQL on TEXT
/// columns (`WHERE user_did = $1`, `AND device_uuid = $2`, `COUNT(*) ... WHERE user_did = $1`,
/// `recipient_did = $1`) under PostgreSQL's default, deterministic collation, which calls two
/// strings equal only when their bytes are: é precomposed and e + U+0301 are two users, as are
/// U+212A KELVIN SIGN and K. Each spelling pair is asked each way round, on every path that
/// compares: the token update by the most recent device and by deviceUUID, re-registration by
/// deviceUUID and by signature key, the ten-device limit and the Welcomes a re-registration
/// consumes.
extension DeviceRegistrationCases {
    static func spellingCases() -> [VectorCase] {
        let sql =
            rd("148-160, 230-242, 183-200, 263-279, 313-325, 502-533") + " (user_did, device_uuid and recipient_did "
            + "compared in SQL); \(schema) (TEXT columns, the default collation); PostgreSQL 16 docs, "
            + "collation.html (a deterministic collation compares the bytes when the collation finds two strings equal)"
        let pairs: [(String, String, String)] = [
            ("é precomposed (U+00E9) and e + U+0301", "caf\u{E9}", "cafe\u{301}"),
            ("U+212A KELVIN SIGN and K", "\u{212A}elvin", "Kelvin"),
            ("U+2126 OHM SIGN and Ω (U+03A9)", "\u{2126}mega", "\u{3A9}mega"),
            ("Å (U+00C5) and A + U+030A", "\u{C5}ngstr", "A\u{30A}ngstr"),
            ("U+212B ANGSTROM SIGN and Å (U+00C5)", "\u{212B}ngstr", "\u{C5}ngstr"),
            ("the ligature ﬁ (U+FB01, compatibly equivalent only) and fi", "\u{FB01}sh", "fish"),
            ("a fullwidth a (U+FF41, compatibly equivalent only) and a", "\u{FF41}lice", "alice"),
        ]
        func didOf(_ local: String) -> String { "did:plc:" + local }
        // A text's scalars, those beyond ASCII named, so every comment says which spelling it means.
        func shown(_ text: String) -> String {
            text.unicodeScalars.map {
                $0.isASCII ? String($0) : "<U+\(String($0.value, radix: 16, uppercase: true))>"
            }.joined()
        }
        func spelled(_ comment: String, _ flags: [String], auth: String, _ steps: [JSONValue]) -> VectorCase {
            VectorCase(
                comment: comment, flags: ["Registration", "CanonicalEquivalence"] + flags, source: sql,
                input: ["authDid": .string(auth), "now": .integer(Int64(now)), "steps": .array(steps)])
        }
        func packages(_ n: Int, _ user: String) -> [JSONValue] { [upload(keyPackage(n, identity: user))] }
        var cases: [VectorCase] = []
        for (what, first, second) in pairs {
            for (a, b) in [(first, second), (second, first)] {
                let (didA, didB) = (didOf(a), didOf(b))
                let label = "\(what), the device registered as \(shown(didA))"
                cases += [
                    spelled(
                        "\(label): a token update from the other spelling finds no device, 404",
                        ["UpdateToken"], auth: didA,
                        [
                            register("Phone", key: key(1), packages(1, didA)),
                            register("", [], token: "apns-1", auth: didB),
                        ]),
                    spelled(
                        "\(label) with a deviceUUID: a token update from the other spelling naming that UUID, 404",
                        ["UpdateToken"], auth: didA,
                        [
                            register("Phone", uuid: "uuid-1", key: key(1), packages(1, didA)),
                            register("", uuid: "uuid-1", key: key(1), [], token: "apns-1", auth: didB),
                        ]),
                    spelled(
                        "\(label): the other spelling registering the same deviceUUID and key is a new user's new "
                            + "device, not a re-registration", ["ReRegistration"], auth: didA,
                        [
                            register("Phone", uuid: "uuid-1", key: key(1), packages(1, didA)),
                            register("Tablet", uuid: "uuid-1", key: key(1), packages(2, didB), auth: didB),
                        ]),
                ]
            }
        }
        // The other paths, on the first pair each way round.
        for (a, b) in [(pairs[0].1, pairs[0].2), (pairs[0].2, pairs[0].1), (pairs[1].1, pairs[1].2)] {
            let (didA, didB) = (didOf(a), didOf(b))
            let first = shown(didA)
            let ten = (1...10).map {
                register("device \($0)", uuid: "uuid-\($0)", key: key(10 + $0), packages($0, didA))
            }
            cases += [
                spelled(
                    "ten devices under \(first), then a device under \(shown(didB)): its own first device, "
                        + "not the eleventh", ["DeviceLimit"], auth: didA,
                    ten + [register("Tablet", uuid: "uuid-11", key: key(21), packages(11, didB), auth: didB)]),
                spelled(
                    "a device under \(first), then one under \(shown(didB)) with the same signature key: the second is a new device, not the "
                        + "first restored by its key", ["RestoreByKey"], auth: didA,
                    [
                        register("Phone", key: key(1), packages(1, didA)),
                        register("Tablet", key: key(1), packages(2, didB), auth: didB),
                        register("", [], token: "apns-1", auth: didA),
                    ]),
                spelled(
                    "a Welcome for the device under \(first) and one for \(shown(didB))'s, which re-registers: "
                        + "only its own Welcomes are consumed", ["WelcomeInvalidation"], auth: didA,
                    [
                        register("Phone", uuid: "uuid-1", key: key(1), packages(1, didA)),
                        register("Tablet", uuid: "uuid-2", key: key(2), packages(2, didB), auth: didB),
                        welcome(1), welcome(2),
                        register("Tablet", uuid: "uuid-2", key: key(2), packages(3, didB), auth: didB),
                    ]),
            ]
        }
        // Device UUIDs spelled two ways under one DID.
        let uuidPairs: [(String, String, String)] = [
            ("é precomposed and e + U+0301", "caf\u{E9}-1", "cafe\u{301}-1"),
            ("U+212A and K", "\u{212A}-uuid", "K-uuid"),
        ]
        for (what, u1, u2) in uuidPairs {
            for (a, b) in [(u1, u2), (u2, u1)] {
                let order = "\(shown(a)) registered, \(shown(b)) asked"
                cases += [
                    spelled(
                        "deviceUUIDs \(what) (\(order)): a token update naming the other spelling finds no device, "
                            + "404", ["UpdateToken", "ReRegistration"], auth: did,
                        [register(uuid: a), register("", uuid: b, [], token: "apns-1")]),
                    spelled(
                        "deviceUUIDs \(what) (\(order)): a registration under the other spelling with another key "
                            + "is a new device", ["ReRegistration"], auth: did,
                        [register(uuid: a), register("iPad", uuid: b, key: key(2), [upload(keyPackage(2))])]),
                ]
            }
        }
        return cases
    }
}
