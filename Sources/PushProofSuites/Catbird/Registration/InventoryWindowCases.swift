import PushProofConformance
import PushProofJSON

/// catbird_registration's inventory traces at both ends of every time window, each asked at the
/// exact second and one second either side (blind bug B6-072: a reservation exactly five minutes
/// old taken for lapsed). mls-ds@5278d0ce (legacy) compares:
/// - the reservation: `reserved_at < NOW() - INTERVAL '5 minutes'` when claiming
///   (get_key_packages.rs:61-62) and `reserved_at < now - 5 min` when reserving (db.rs:1489, 1498),
///   so a reservation exactly 300 s old still holds;
/// - the expiry: `expires_at > NOW()` when claiming (get_key_packages.rs:61) and counting the
///   unconsumed (publish_key_packages.rs:204), `expires <= now` refusing an upload
///   (publish_key_packages.rs:107, 250), `expires_at < now` when sweeping (db.rs:1264);
/// - the upload rate: `created_at > now - 1 hour` (publish_key_packages.rs:181-183);
/// - the sweep's ages: `consumed_at < now - 24 h` (db.rs:1278) and unconsumed `created_at < now -
///   7 days` (db.rs:1295).
/// The package's state in the output follows the same windows (reserved while the reservation
/// holds, expired from its not_after on).
extension InventoryCases {
    static let reserveLines = "\(legacy)/db.rs:1489,1498 (reserved_at < now - 5 minutes)"
    static let claimLines =
        "\(legacy)/handlers/mls_chat/get_key_packages.rs:61-62 (expires_at > NOW(), reserved_at < NOW() - INTERVAL '5 minutes')"
    static let uploadExpiryLines =
        "\(legacy)/handlers/mls_chat/publish_key_packages.rs:107,250 (expires <= now: refused)"
    static let unconsumedLines = "\(legacy)/handlers/mls_chat/publish_key_packages.rs:203-204 (expires_at > now)"
    static let rateLines = "\(legacy)/handlers/mls_chat/publish_key_packages.rs:181-183 (created_at > now - 1 hour)"
    static let sweepLines =
        "\(legacy)/db.rs:1264 (expires_at < now), :1278 (consumed_at < now - 24 h), :1295 (created_at < now - 7 days)"

    static func legacyWindowCases() -> [VectorCase] {
        var cases: [VectorCase] = []
        let ends: [(Int64, String)] = [(-1, "one second before"), (0, "exactly at"), (1, "one second after")]
        // The reservation, 300 s: reserving again, claiming, and the state reported.
        for (d, at) in ends {
            cases.append(
                trace(
                    "reserved, then reserved again \(at) the five minutes' end (\(300 + d) s): "
                        + (d > 0 ? "the reservation has lapsed, reserved anew" : "it still holds, refused"),
                    ["ReservationWindow"], reserveLines,
                    [batch([kp("r1"), kp("r2")]), on("reserve", "r1"), advance(300 + d), on("reserve", "r1"), claim()]))
            cases.append(
                trace(
                    "reserved, then claimed \(at) the five minutes' end (\(300 + d) s), the reserved package the only one: "
                        + (d > 0 ? "handed out" : "not handed out"),
                    ["ReservationWindow"], claimLines,
                    [batch([kp("r1")]), on("reserve", "r1"), advance(300 + d), claim()]))
            cases.append(
                trace(
                    "reserved, and the state reported \(at) the five minutes' end (\(300 + d) s)",
                    ["ReservationWindow"],
                    "\(reserveLines); \(claimLines)", [batch([kp("r1")]), on("reserve", "r1"), advance(300 + d)]))
        }
        // The expiry: claiming, counting the unconsumed, uploading, sweeping, the state reported.
        for (d, at) in ends {
            cases.append(
                trace(
                    "claimed \(at) the oldest package's not_after: " + (d < 0 ? "it is handed out" : "the next one is"),
                    ["Lifetime"], claimLines,
                    [batch([kp("e1", notAfter: now + 600), kp("e2")]), advance(600 + d), claim()]))
            cases.append(
                trace(
                    "100 unconsumed packages, a batch of one \(at) their not_after: "
                        + (d < 0 ? "they still count, 429" : "they no longer count, stored"),
                    ["UnconsumedLimit", "Lifetime"], unconsumedLines,
                    [batch((1...100).map { kp("u\($0)", notAfter: now + 600) }), advance(600 + d), batch([kp("w1")])]))
            cases.append(
                trace(
                    "publish and publishBatch of a package whose not_after is \(at) now: "
                        + (d > 0 ? "stored" : "publish refused, the batch stores nothing"),
                    ["ExpiredUpload", "BatchFailsWhole"], uploadExpiryLines,
                    [
                        advance(100), publish([kp("p1", notAfter: now + 100 + d)]),
                        batch([kp("b1", notAfter: now + 100 + d)]), claim(),
                    ]))
            cases.append(
                trace(
                    "swept \(at) a package's not_after: " + (d > 0 ? "deleted" : "kept (strictly before now)"),
                    ["Sweep", "Lifetime"], sweepLines,
                    [batch([kp("x1", notAfter: now + 600), kp("x2")]), advance(600 + d), sweep]))
            cases.append(
                trace(
                    "the state reported \(at) a package's not_after", ["Lifetime"], claimLines,
                    [batch([kp("x1", notAfter: now + 600)]), advance(600 + d)]))
        }
        // The upload rate: 200 uploads in the hour before. They expire a second after upload, so
        // the unconsumed limit does not decide.
        for (d, at) in ends {
            cases.append(
                trace(
                    "200 uploads, then a batch \(at) an hour after them (\(3600 + d) s): "
                        + (d < 0 ? "still in the window, 429" : "out of the window, stored"),
                    ["RateLimit"], rateLines,
                    (1...200).map { publish([kp("h\($0)", notAfter: now + 1)]) } + [
                        advance(3600 + d), batch([kp("late", notAfter: now + 3600 + d + month)]),
                    ]))
        }
        // The sweep's ages: consumed 24 h, unconsumed 7 days.
        for (d, at) in ends {
            cases.append(
                trace(
                    "a package consumed, swept \(at) 24 hours later (\(86_400 + d) s): "
                        + (d > 0 ? "deleted" : "kept"),
                    ["Sweep"], sweepLines, [batch([kp("c1")]), claim(), advance(86_400 + d), sweep]))
            cases.append(
                trace(
                    "a package never consumed, swept \(at) 7 days after its upload (\(7 * 86_400 + d) s): "
                        + (d > 0 ? "deleted" : "kept"),
                    ["Sweep"], sweepLines, [batch([kp("y1")]), advance(7 * 86_400 + d), sweep]))
        }
        return cases
    }

    /// The clean protocol (deployed): the claim takes `not_before < now < not_after` (RC02:536-568),
    /// `expire` waits for `now >= not_after` (SQL7 key_packages_terminal_shape_check), an upload needs
    /// 600 s left (WR31:734-752). Each at the exact second and one either side.
    static func deployedWindowCases() -> [VectorCase] {
        var cases: [VectorCase] = []
        let ends: [(Int64, String)] = [(-1, "one second before"), (0, "exactly at"), (1, "one second after")]
        for (d, at) in ends {
            cases.append(
                trace(
                    "claimed \(at) the oldest package's not_after: " + (d < 0 ? "it is reserved" : "the next one is"),
                    ["Lifetime"], recovery + " " + enrollLifetime,
                    [enroll([kp("e1", notAfter: now + 600), kp("e2")]), advance(600 + d), claim(device: phone)]))
            cases.append(
                trace(
                    "expired \(at) its not_after: " + (d < 0 ? "refused, not yet" : "changed"),
                    ["StatusMachine", "Lifetime"], core + " " + enrollLifetime,
                    [enroll([kp("e1", notAfter: now + 700)]), advance(700 + d), on("expire", "e1")]))
            cases.append(
                trace(
                    "a replenishment whose package has \(600 + d) s left: " + (d < 0 ? "refused" : "stored"),
                    ["Replenishment", "Lifetime"], replenish + " " + enrollLifetime,
                    [enroll([kp("a1")]), publish([kp("p1", notAfter: now + 600 + d)])]))
        }
        return cases
    }
}
