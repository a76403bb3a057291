import CatbirdMLS
import PushProofConformance
import PushProofJSON

/// The KeyPackage inventory traces of catbird_registration.
enum InventoryCases {
    static let now: Int64 = Int64(CatbirdFixtures.now)
    static let alice = CatbirdFixtures.did
    static let bob = "did:plc:q6gjnaw2blty4crticxkmujt"
    static let phone = "3f2c8a4e-9b1d-4c7e-a5f0-6d8e2b1c9a47"
    static let tablet = "7d1e2f3a-4b5c-4d6e-8f70-8192a3b4c5d6"
    static let month: Int64 = 30 * 86_400

    static func kp(_ ref: String, notAfter: Int64 = now + month, notBefore: Int64? = nil, declaredRef: String? = nil)
        -> JSONValue
    {
        var v: JSONValue = ["ref": .string(ref), "initKey": .string("init-\(ref)"), "notAfter": .integer(notAfter)]
        if let notBefore { v = v.setting("notBefore", to: .integer(notBefore)) }
        if let declaredRef { v = v.setting("declaredRef", to: .string(declaredRef)) }
        return v
    }
    static func kps(_ prefix: String, _ range: ClosedRange<Int>) -> [JSONValue] { range.map { kp("\(prefix)\($0)") } }

    static func publish(_ packages: [JSONValue], op: String = "publish", owner: String = alice, device: String = phone)
        -> JSONValue
    {
        ["op": .string(op), "owner": .string(owner), "device": .string(device), "packages": .array(packages)]
    }
    static func enroll(_ packages: [JSONValue], owner: String = alice, device: String = phone) -> JSONValue {
        publish(packages, op: "enroll", owner: owner, device: device)
    }
    static func batch(_ packages: [JSONValue], owner: String = alice, device: String = phone) -> JSONValue {
        publish(packages, op: "publishBatch", owner: owner, device: device)
    }
    /// An upload step sent with an idempotency key.
    static func keyed(_ step: JSONValue, _ key: String) -> JSONValue {
        step.setting("idempotencyKey", to: .string(key))
    }
    static func claim(_ owner: String = alice, device: String? = nil) -> JSONValue {
        var v: JSONValue = ["op": "claim", "owner": .string(owner)]
        if let device { v = v.setting("device", to: .string(device)) }
        return v
    }
    static func on(_ op: String, _ ref: String) -> JSONValue { ["op": .string(op), "ref": .string(ref)] }
    static func advance(_ seconds: Int64) -> JSONValue { ["op": "advance", "seconds": .integer(seconds)] }
    static let sweep: JSONValue = ["op": "sweep"]
    static func revoke(_ device: String = phone) -> JSONValue {
        ["op": "revokeDevice", "owner": .string(alice), "device": .string(device)]
    }

    static func trace(
        _ comment: String, _ flags: [String], _ source: String, _ steps: [JSONValue], deployedAnswer: JSONValue? = nil,
        start: Int64 = now
    ) -> VectorCase {
        // A source read without line numbers says so with a flag (docs/provenance.md counts them).
        let unread = source.contains("lines not read") ? ["SourceLinesNotRead"] : []
        return VectorCase(
            comment: comment, flags: ["Inventory"] + flags + unread, source: source,
            input: ["now": .integer(start), "steps": .array(steps)], deployedAnswer: deployedAnswer)
    }

    /// Why the deployed traces enroll the device before it publishes: the clean server refuses a
    /// replenishment from a device that never enrolled.
    static let enrolledFirst =
        " (the device enrolls first: a replenishment from a device never enrolled is DeviceNotRegistered, 401)"

    static func deployed() -> [VectorCase] {
        let a = [kp("a1"), kp("a2"), kp("a3")]
        let full = (0..<10).map { b in
            b == 0 ? enroll((1...100).map { kp("f\($0)") }) : publish((1...100).map { kp("f\(b * 100 + $0)") })
        }
        return [
            trace(
                "the device's oldest available package is reserved" + enrolledFirst, ["Normal"], recovery,
                [enroll(a), claim(device: phone)]),
            trace(
                "two claims take two packages; a reserved one is not handed out again" + enrolledFirst,
                ["HandedOutOnce"], recovery,
                [enroll(a), claim(device: phone), claim(device: phone), claim(device: phone), claim(device: phone)]),
            trace(
                "claims skip packages expired or expiring now (the clock moves past their not_after, since the clean "
                    + "server refuses packages already expired or not yet valid at upload; the device enrolls first)",
                ["Lifetime"], recovery + " " + enrollLifetime,
                [
                    enroll([kp("old", notAfter: now + 600), kp("soon", notAfter: now + 1200), kp("ok")]),
                    advance(600), claim(device: phone), advance(600), claim(device: phone), claim(device: phone),
                ]),
            trace(
                "another device's packages are not claimed for this one" + enrolledFirst, ["PerDevice"], recovery,
                [enroll(a), enroll([kp("t1")], device: tablet), claim(device: tablet), claim(device: tablet)]),
            trace(
                "reserved, consumed; consuming again is refused: terminal" + enrolledFirst,
                ["StatusMachine", "Terminal"],
                core, [enroll(a), on("reserve", "a1"), on("consume", "a1"), on("consume", "a1"), on("release", "a1")]),
            trace(
                "a consume without a reservation is refused" + enrolledFirst, ["StatusMachine"], core,
                [enroll(a), on("consume", "a2")]),
            trace(
                "a released package is available again and claimed first" + enrolledFirst, ["StatusMachine"],
                core + " " + recovery, [enroll(a), claim(device: phone), on("release", "a1"), claim(device: phone)]),
            trace(
                "expiry is refused before not_after and allowed at it; terminal afterwards (the package lives 600 s, "
                    + "the least the clean server takes at upload; the device enrolls first)",
                ["StatusMachine", "Terminal", "Lifetime"], core + " " + enrollLifetime,
                [
                    enroll([kp("e1", notAfter: now + 600)]), on("expire", "e1"), advance(600), on("expire", "e1"),
                    on("reserve", "e1"), claim(device: phone),
                ]),
            trace(
                "revoking a device revokes its live packages, not its consumed ones; it can publish no more "
                    + "(the clean server maps a revoked owner to DeviceRevoked, HTTP 401; the device enrolls first)",
                ["Revocation", "Terminal"], core + " " + errorMapping + " " + replenish,
                [
                    enroll(a), on("reserve", "a1"), on("consume", "a1"), on("reserve", "a2"), revoke(),
                    on("release", "a2"), publish([kp("a9")]), claim(device: phone),
                ]),
            trace(
                "a ref already stored: the batch is refused and nothing of it is stored" + enrolledFirst,
                ["Duplicate"], repository, [enroll(a), publish([kp("b1"), kp("a2")])]),
            trace(
                "an init key already stored under another ref: refused" + enrolledFirst,
                ["Duplicate", "InitKeyUnique"],
                core, [enroll(a), publish([["ref": "b1", "initKey": "init-a1", "notAfter": .integer(now + month)]])]),
            trace(
                "the same ref twice in one batch: refused with the body, as INVALID_REQUEST (the signed body's refs "
                    + "must be strictly increasing, which a repeat never is)", ["Duplicate"],
                contractOrder + " " + errorMapping,
                [publish([kp("c1"), kp("c1")])]),
            trace(
                "a consumed package's ref cannot be published again" + enrolledFirst, ["Duplicate", "Terminal"], core,
                [enroll(a), on("reserve", "a1"), on("consume", "a1"), publish([kp("a1")])]),
            trace("an empty batch: refused", ["BatchSize"], lexicon + " " + repository, [publish([])]),
            trace(
                "101 packages in a batch: refused (the bound is the lexicon's, not key_packages.rs')", ["BatchSize"],
                lexicon, [publish(kps("x", 1...101))]),
            trace("1,000 live packages: the limit" + enrolledFirst, ["LiveLimit"], repository + " " + core, full),
            trace(
                "one more than 1,000 live: refused; one consumed makes room (KeyPackageInventoryLimitReached takes "
                    + "the XRPC default status, 400; the device enrolls first)", ["LiveLimit"],
                repository + " " + core + " " + errorMapping,
                full + [publish([kp("over")]), on("reserve", "f1"), on("consume", "f1"), publish([kp("over")])]),
            trace(
                "another device has a limit of its own" + enrolledFirst, ["LiveLimit", "PerDevice"], repository,
                full + [enroll([kp("t1")], device: tablet)]),
            // The deployed enrollment, a new device with its first KeyPackages (tcIds 119-127).
            trace(
                "a new device enrolls with three packages: all available, and claimed oldest first", ["Enrollment"],
                enrollment + " " + errorMapping, [enroll(a), claim(device: phone)]),
            trace(
                "a device enrolled again is refused before its packages are read (they are expired here), and "
                    + "keeps what it had", ["Enrollment"], enrollment + " " + errorMapping,
                [enroll(a), enroll([kp("b1", notAfter: now)]), claim(device: phone)]),
            trace(
                "a publish from a device never enrolled is refused and leaves no device; an enrolled or revoked "
                    + "device's enrollment is refused (a publish creates no device: the clean server answers "
                    + "DeviceNotRegistered, 401)",
                ["Enrollment"], enrollment + " " + errorMapping + " " + replenish,
                [
                    publish(a), enroll([kp("b1")]), enroll([kp("b2")]), enroll([kp("t1")], device: tablet),
                    revoke(tablet),
                    enroll([kp("t2")], device: tablet),
                ]),
            trace(
                "an empty enrollment and one of 101 packages are refused with the body", ["Enrollment", "BatchSize"],
                lexicon + " " + enrollment, [enroll([]), enroll(kps("x", 1...101)), enroll(kps("y", 1...100))]),
            trace(
                "a ref repeated in an enrollment is refused with the body", ["Enrollment", "Duplicate"],
                contractOrder + " " + enrollment, [enroll([kp("c1"), kp("c2"), kp("c1")])]),
            trace(
                "a package expired, not yet valid, with 599 s left, or living 2,595,601 s is refused and no device "
                    + "is left; 600 s left and a span of exactly 2,595,600 s enroll",
                ["Enrollment", "Lifetime"], enrollLifetime + " " + enrollment,
                [
                    enroll([kp("e1"), kp("e2", notAfter: now)]), enroll([kp("e3", notBefore: now)]),
                    enroll([kp("e4", notAfter: now + 599)]),
                    enroll([kp("e5", notAfter: now + 2_595_600 - 3600 + 1)]),
                    enroll([kp("e6", notAfter: now + 600), kp("e7", notAfter: now + 2_595_600 - 3600)]),
                ]),
            trace(
                "an enrollment with a ref another device stored is refused whole: no device, nothing stored",
                ["Enrollment", "Duplicate"], enrollment + " " + repository + " " + errorMapping,
                [enroll(a), enroll([kp("t1"), kp("a2")], device: tablet), claim(device: tablet)]),
            trace(
                "two packages of one enrollment sharing an init key are refused", ["Enrollment", "InitKeyUnique"],
                enrollment + " " + core,
                [
                    enroll(
                        [
                            ["ref": "d1", "initKey": "init-shared", "notAfter": .integer(now + month)],
                            ["ref": "d2", "initKey": "init-shared", "notAfter": .integer(now + month)],
                        ], device: tablet)
                ]),
            trace(
                "an enrolled device publishes up to 1,000 live packages; the enrollment's packages count toward them",
                ["Enrollment", "LiveLimit"], enrollment + " " + repository + " " + errorMapping,
                [enroll(kps("g", 1...100))] + (0..<9).map { b in publish((1...100).map { kp("h\(b * 100 + $0)") }) }
                    + [publish([kp("over")])]),
            // The replenishment's own checks (tcIds 128-130).
            trace(
                "a replenishment from a device never enrolled is refused, also under an id another user enrolled, "
                    + "and creates no device", ["Replenishment"], replenish,
                [
                    enroll(a), publish([kp("b1")], device: tablet), batch([kp("b2")], owner: bob),
                    publish([kp("b3")], owner: bob, device: phone), claim(bob, device: phone),
                ]),
            trace(
                "a replenishment's packages are validated as an enrollment's: expired, not yet valid, 599 s left or "
                    + "living 2,595,601 s are refused, nothing of the batch stored; 600 s left and a span of exactly "
                    + "2,595,600 s are stored", ["Replenishment", "Lifetime"], replenish + " " + enrollLifetime,
                [
                    enroll(a), publish([kp("e1"), kp("e2", notAfter: now)]), publish([kp("e3", notBefore: now)]),
                    publish([kp("e4", notAfter: now + 599)]),
                    publish([kp("e5", notAfter: now + 2_595_600 - 3600 + 1)]),
                    publish([kp("e6", notAfter: now + 600), kp("e7", notAfter: now + 2_595_600 - 3600)]),
                ]),
            trace(
                "a declared keyPackageRef that is not the package's RefHash is refused, in an enrollment and in a "
                    + "replenishment, and nothing of the batch is stored; a declared ref that matches is stored",
                ["Enrollment", "Replenishment", "DeclaredRef"], declaredRef + " " + replenish,
                [
                    enroll([kp("d1", declaredRef: "d9")]), enroll(a),
                    publish([kp("b1"), kp("b2", declaredRef: "b3")]), publish([kp("b1", declaredRef: "b1")]),
                    claim(device: phone),
                ]),
            // Idempotency keys (tcIds 131-134).
            trace(
                "an enrollment sent again under its idempotency key with the same body gets the first answer and "
                    + "changes nothing; the key with another body, or another device's body, is IdempotencyConflict "
                    + "(409); without the key the device exists", ["Enrollment", "Idempotency"], idempotency,
                [
                    keyed(enroll(a), "op-1"), keyed(enroll(a), "op-1"), claim(device: phone), keyed(enroll(a), "op-1"),
                    keyed(enroll([kp("b1")]), "op-1"), keyed(enroll([kp("t1")], device: tablet), "op-1"), enroll(a),
                ]),
            trace(
                "an enrollment replayed after its device was revoked: DeviceRevoked, which enrollDevice does not "
                    + "declare, so InternalServerError (500)", ["Enrollment", "Idempotency", "Revocation"],
                idempotency + " " + replayAfterRevocation,
                [keyed(enroll(a), "op-2"), revoke(), keyed(enroll(a), "op-2")]),
            trace(
                "a refused enrollment keeps no record: the same key with a corrected body enrolls, and a refused "
                    + "body under a used key is refused for its body first", ["Enrollment", "Idempotency"],
                idempotency + " " + enrollLifetime,
                [
                    keyed(enroll([kp("e1", notAfter: now)]), "op-3"), keyed(enroll(a), "op-3"),
                    keyed(enroll([]), "op-3"), keyed(enroll([kp("e1")]), "op-3"),
                ]),
            trace(
                "a replenishment sent again under its key stores nothing again; the key with another body, or on "
                    + "the enrollment endpoint, is IdempotencyConflict; once the device is revoked the device check "
                    + "answers first (DeviceRevoked)", ["Replenishment", "Idempotency"],
                replenishIdempotency + " " + idempotency + " " + replenish,
                [
                    enroll(a), keyed(publish([kp("b1")]), "r-1"), keyed(publish([kp("b1")]), "r-1"),
                    keyed(publish([kp("b2")]), "r-1"), keyed(enroll([kp("t1")], device: tablet), "r-1"),
                    publish([kp("b1")]), revoke(), keyed(publish([kp("b1")]), "r-1"),
                ]),
            // The signed body's declared refs (tcIds 135-139).
            trace(
                "a keyPackageRef declared twice over distinct packages is refused with the body (INVALID_REQUEST), "
                    + "in an enrollment and in a replenishment, also two apart, at both ends of 100 packages and three "
                    + "times, and nothing is stored (the body's declared refs must be strictly increasing)",
                ["Enrollment", "Replenishment", "Duplicate", "DeclaredRef"],
                contractOrder + " " + bodyFirst + " " + enrollment,
                [
                    enroll([kp("d1"), kp("d2", declaredRef: "d1")]),
                    enroll(kps("y", 1...99) + [kp("y100", declaredRef: "y1")]), enroll(a),
                    publish([kp("b1"), kp("b2"), kp("b3", declaredRef: "b1")]),
                    batch([kp("b4", declaredRef: "b6"), kp("b5", declaredRef: "b6"), kp("b6")]),
                    claim(device: phone),
                ]),
            trace(
                "distinct declared refs over one ref repeated, or over refs swapped, pass the body: the package "
                    + "whose declared ref is not its RefHash refuses the batch (INVALID_KEY_PACKAGE), nothing stored",
                ["Enrollment", "Replenishment", "Duplicate", "DeclaredRef"],
                contractOrder + " " + declaredRef,
                [
                    enroll([kp("d1"), kp("d1", declaredRef: "d2")]), enroll(a),
                    publish([kp("b1", declaredRef: "b2"), kp("b2", declaredRef: "b1")]),
                    publish([
                        kp("b1"),
                        [
                            "ref": "b1", "initKey": "init-b1-again", "notAfter": .integer(now + month),
                            "declaredRef": "b3",
                        ],
                    ]),
                    publish([kp("b1"), kp("b2")]), claim(device: phone),
                ]),
            trace(
                "an enrollment's body is read first: a repeated declared ref is INVALID_REQUEST from a device that "
                    + "exists and beside an expired package; a declared ref that is not its package's own is read "
                    + "after the device (DEVICE_ALREADY_EXISTS), with the packages (INVALID_KEY_PACKAGE)",
                ["Enrollment", "DeclaredRef"], contractOrder + " " + bodyFirst + " " + enrollment + " " + declaredRef,
                [
                    enroll(a), enroll([kp("b1"), kp("b2", declaredRef: "b1")]), enroll([kp("b1", declaredRef: "b9")]),
                    enroll([kp("t1", notAfter: now), kp("t2", declaredRef: "t1")], device: tablet),
                    enroll([kp("t1", notAfter: now), kp("t2", declaredRef: "t3")], device: tablet),
                    claim(device: tablet),
                ]),
            trace(
                "a replenishment's body is read before its device: a repeated declared ref is INVALID_REQUEST from "
                    + "a device never enrolled and from a revoked one; a declared ref that is not its package's own "
                    + "meets the device check first (DEVICE_NOT_REGISTERED, DEVICE_REVOKED)",
                ["Replenishment", "Revocation", "DeclaredRef"],
                contractOrder + " " + bodyFirst + " " + replenish + " " + declaredRef,
                [
                    publish([kp("b1"), kp("b2", declaredRef: "b1")]), publish([kp("b1", declaredRef: "b9")]), enroll(a),
                    revoke(), batch([kp("b1"), kp("b2", declaredRef: "b1")]), batch([kp("b1", declaredRef: "b9")]),
                ]),
            trace(
                "under an idempotency key already used, a repeated declared ref is refused with the body "
                    + "(INVALID_REQUEST) before the key is looked at; a body that passes and differs is "
                    + "IdempotencyConflict (409), also when a declared ref is not its package's own; the first body "
                    + "gets the first answer", ["Enrollment", "Replenishment", "Idempotency", "DeclaredRef"],
                contractOrder + " " + bodyFirst + " " + idempotency + " " + replenishIdempotency,
                [
                    keyed(enroll(a), "op-5"), keyed(enroll([kp("a1"), kp("a2", declaredRef: "a1"), kp("a3")]), "op-5"),
                    keyed(enroll([kp("a1"), kp("a2", declaredRef: "a4"), kp("a3")]), "op-5"),
                    keyed(publish([kp("b1"), kp("b2", declaredRef: "b1")]), "op-5"),
                    keyed(publish([kp("b1", declaredRef: "b2")]), "op-5"), keyed(enroll(a), "op-5"),
                ]),
        ] + deployedEdgeCases()
    }

    static func legacyTraces() -> [VectorCase] {
        let two = [batch(kps("p", 1...3)), advance(1), batch(kps("t", 1...2), device: tablet)]
        return [
            trace(
                "a claim hands out one package per device, the oldest, and consumes it", ["Normal", "PerDevice"],
                claimSource, two + [claim()]),
            trace(
                "claims until none are left", ["HandedOutOnce"], claimSource,
                two + [claim(), claim(), claim(), claim()]),
            trace(
                "a package whose expiry has passed, or is now, is not handed out (the packages are uploaded "
                    + "before they expire and the clock moves: an upload expiring at or before now is refused)",
                ["Lifetime"], claimSource,
                [
                    batch([kp("w", notAfter: now + 5), kp("x", notAfter: now + 10), kp("y", notAfter: now + 20)]),
                    advance(10), claim(), claim(),
                ]),
            trace(
                "a package reserved 299 s ago is not handed out", ["ReservationWindow"],
                claimSource + " " + reserveSource,
                [batch([kp("r1"), kp("r2")]), on("reserve", "r1"), advance(299), claim()]),
            trace(
                "reserved exactly 300 s ago: still not handed out", ["ReservationWindow"], claimSource,
                [batch([kp("r1"), kp("r2")]), on("reserve", "r1"), advance(300), claim()]),
            trace(
                "reserved 301 s ago: handed out", ["ReservationWindow"], claimSource,
                [batch([kp("r1"), kp("r2")]), on("reserve", "r1"), advance(301), claim()]),
            trace(
                "a reservation again within the window is refused; an expired package can be reserved",
                ["ReservationWindow"], reserveSource,
                [
                    batch([kp("r1"), kp("r2", notAfter: now + 5)]), on("reserve", "r1"), on("reserve", "r1"),
                    advance(10),
                    on("reserve", "r2"),
                ]),
            trace(
                "publish (not publishBatch) stores only the first item", ["PublishFirstOnly"], publishSource,
                [publish(kps("s", 1...3)), claim(), claim()]),
            trace(
                "publishBatch stores a package again: its de-duplication never matches", ["DedupNeverMatches"],
                dedupSource, [batch(kps("d", 1...2)), batch([kp("d1")]), claim(), claim(), claim()]),
            trace(
                "100 unconsumed: one more is refused with 429", ["UnconsumedLimit"], publishSource,
                [batch(kps("u", 1...100)), batch([kp("v")])]),
            trace(
                "a batch that would pass 100 unconsumed is refused", ["UnconsumedLimit"], publishSource,
                [batch(kps("u", 1...60)), batch(kps("w", 1...41))]),
            trace(
                "the unconsumed limit counts the user, not the device", ["UnconsumedLimit", "CapPerOwner"],
                publishSource, [batch(kps("u", 1...60)), batch(kps("w", 1...41), device: tablet)]),
            trace("101 in a batch: 400", ["BatchSize"], publishSource, [batch(kps("u", 1...101))]),
            trace("an empty batch: 400", ["BatchSize"], publishSource, [batch([])]),
            trace(
                "200 uploads in the last hour: the next batch is refused (rate); an hour later the 200 unconsumed refuse it",
                ["RateLimit"],
                publishSource,
                (1...200).map { publish([kp("h\($0)")]) } + [batch([kp("late")]), advance(3600), batch([kp("later")])]),
            trace(
                "the sweep: expired (strictly before now), consumed over 24 h, unconsumed over 7 days", ["Sweep"],
                cleanupSource,
                [
                    batch([kp("c1"), kp("c2"), kp("exp", notAfter: now + 10), kp("young")]), claim(), advance(10),
                    sweep, advance(86_390), sweep, advance(1), sweep, advance(6 * 86_400 - 1), sweep, advance(2), sweep,
                ]),
        ] + bugTraces(.legacy) + expiredUploadTraces() + expiredCountTraces() + legacyEdgeCases()
    }

    /// legacy and strict: the unconsumed limit counts live packages only (`consumed_at IS NULL AND
    /// expires_at > now`), so packages that expired but were not swept yet never block a batch.
    static func expiredCountTraces() -> [VectorCase] {
        let soon = now + 600
        return [
            trace(
                "100 unconsumed packages that expire at the clock's time, then a batch of 1: they no longer count",
                ["UnconsumedLimit", "Lifetime"], publishSource,
                [batch((1...100).map { kp("u\($0)", notAfter: soon) }), advance(600), batch([kp("w1")])]),
            trace(
                "60 expired packages of one device and 40 live of another: a batch of 1 fits",
                ["UnconsumedLimit", "CapPerOwner", "Lifetime"], publishSource,
                [
                    batch((1...60).map { kp("u\($0)", notAfter: soon) }), batch(kps("v", 1...40), device: tablet),
                    advance(3600), batch([kp("w1")]),
                ]),
            trace(
                "30 expired and 70 live packages, then a batch of 30 that fits only without the expired ones",
                ["UnconsumedLimit", "Lifetime"], publishSource,
                [
                    batch((1...30).map { kp("u\($0)", notAfter: now + 60) }), batch(kps("v", 1...70)), advance(61),
                    batch(kps("w", 1...30)),
                ]),
            trace(
                "100 packages expired one second ago, not swept, then a batch of 100", ["UnconsumedLimit", "Lifetime"],
                publishSource,
                [batch((1...100).map { kp("u\($0)", notAfter: soon) }), advance(601), batch(kps("w", 1...100))]),
        ]
    }

    static let expirySource = "\(legacy)/handlers/mls_chat/publish_key_packages.rs:106-110,239-268"

    /// legacy: an upload whose expiry is at or before now. `publish` refuses it with 400; a batch
    /// holding one answers 200 and stores nothing.
    static func expiredUploadTraces() -> [VectorCase] {
        [
            trace(
                "publish of a package expiring now, then one second ago: 400 each", ["ExpiredUpload"], expirySource,
                [publish([kp("e", notAfter: now)]), publish([kp("f", notAfter: now - 1)]), claim()]),
            trace(
                "publish of a package expiring in one second is stored", ["ExpiredUpload", "Lifetime"],
                expirySource, [publish([kp("e", notAfter: now + 1)]), claim()]),
            trace(
                "publish with three items, the first expiring now: 400", ["PublishFirstOnly", "ExpiredUpload"],
                publishSource + " " + expirySource, [publish([kp("s1", notAfter: now), kp("s2"), kp("s3")]), claim()]),
            trace(
                "a batch with one package expiring now: 200, nothing stored", ["ExpiredUpload", "BatchFailsWhole"],
                expirySource, [batch([kp("b1"), kp("b2", notAfter: now), kp("b3")]), claim()]),
            trace(
                "a batch whose last package expired long ago: nothing stored, and the rate still counts nothing",
                ["ExpiredUpload", "BatchFailsWhole"], expirySource,
                [batch(kps("b", 1...99) + [kp("old", notAfter: .min)]), batch(kps("c", 1...100)), claim()]),
            trace(
                "an expired upload is checked after the unconsumed limit: 429 first",
                ["ExpiredUpload", "UnconsumedLimit"],
                expirySource, [batch(kps("u", 1...100)), batch([kp("late", notAfter: now)])]),
            trace(
                "a package stored twice is reserved in both rows", ["ReserveEveryRow", "DedupNeverMatches"],
                reserveSource, [batch([kp("d1")]), batch([kp("d1")]), on("reserve", "d1"), claim()]),
            trace(
                "one of two rows of a package handed out: a reservation takes the other", ["ReserveEveryRow"],
                reserveSource,
                [batch([kp("d1")]), advance(1), batch([kp("d1")]), claim(), on("reserve", "d1"), on("reserve", "d1")]),
            trace(
                "both rows of a package handed out: a reservation is refused, an unknown ref not found",
                ["ReserveEveryRow"], reserveSource,
                [
                    batch([kp("d1")]), batch([kp("d1")], device: tablet), claim(), on("reserve", "d1"),
                    on("reserve", "nope"),
                ]),
        ]
    }

    /// The legacy bugs that strict corrects: the same traces in both groups.
    static func bugTraces(_ profile: Profile) -> [VectorCase] {
        let cap =
            (1...150).map { publish([kp("a\($0)")]) } + [advance(1)]
            + (1...150).map { publish([kp("b\($0)")], device: tablet) } + [sweep]
        let traces: [(String, [String], String, [JSONValue])] = [
            (
                "publish with three items", ["PublishFirstOnly"], publishSource,
                [publish(kps("s", 1...3)), claim(), claim(), claim()]
            ),
            (
                "a batch with an already stored package", ["DedupNeverMatches"], dedupSource,
                [batch(kps("d", 1...2)), batch([kp("d1"), kp("d3")])]
            ),
            (
                "the sweep's cap with two devices of 150 each", ["CapPerOwner"], cleanupSource, cap
            ),
            (
                "a batch that repeats a package", ["DedupNeverMatches", "Duplicate"], dedupSource,
                [batch([kp("d1"), kp("d2"), kp("d1")]), claim(), claim(), claim()]
            ),
            (
                "a batch that repeats a package stored before, and one repeated three times",
                ["DedupNeverMatches", "Duplicate"], dedupSource,
                [batch([kp("d1")]), batch([kp("d1"), kp("d2"), kp("d2"), kp("d2")])]
            ),
            (
                "another user's package with the same ref is that user's own; the user's own again is a repeat",
                ["DedupNeverMatches", "PerOwner"], dedupSource,
                [
                    batch([kp("d1")]), batch([kp("d1"), kp("d2")], owner: bob), batch([kp("d1")]), claim(bob),
                    claim(bob), claim(), claim(),
                ]
            ),
            (
                "publish with three items, the second expiring now", ["PublishFirstOnly", "ExpiredUpload"],
                publishSource + " " + expirySource,
                [publish([kp("s1"), kp("s2", notAfter: now), kp("s3")]), claim()]
            ),
        ]
        return traces.map { comment, flags, source, steps in
            guard profile == .strict else { return trace(comment, flags, source, steps) }
            let legacyAnswer = try? InventoryOperations.inventoryTrace(
                OperationRequest(
                    operation: .catbirdInventoryTrace, profile: .legacy,
                    input: ["now": .integer(now), "steps": .array(steps)]))
            return trace(
                comment, flags + ["LegacyBugFixed"], source, steps,
                deployedAnswer: legacyAnswer.map { ["output": $0] })
        }
    }
}
