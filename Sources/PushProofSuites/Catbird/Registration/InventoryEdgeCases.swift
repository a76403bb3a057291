import PushProofConformance
import PushProofJSON

/// catbird_registration's inventory traces at their edges: the trace's own clock at Int64.max, the
/// transitions of a ref no one stored, and the revocation of a device never enrolled.
extension InventoryCases {
    static let clockContract =
        "docs/vector-format.md (catbird.inventoryTrace: advance by 0 or more, the clock at most 2^63 - 1)"

    /// The clock from one second below Int64.max: 0 and a negative step, landing on Int64.max, one
    /// past it, and a step of Int64.max, each refused step leaving the clock where it was.
    static var clockAtItsEnd: VectorCase {
        trace(
            "the clock one second below 2^63 - 1: advanced by 0, -1, 1 (to its end), 1 and 2^63 - 1 (refused), 0",
            ["Clock"], clockContract,
            [advance(0), advance(-1), advance(1), advance(1), advance(.max), advance(0)], start: .max - 1)
    }

    static func deployedEdgeCases() -> [VectorCase] {
        let a = [kp("a1"), kp("a2"), kp("a3")]
        return [
            clockAtItsEnd,
            trace(
                "reserve, consume, release and expire a ref no one stored: not found; refs are compared exactly",
                ["StatusMachine"], core,
                [
                    enroll(a), on("reserve", "nope"), on("consume", "nope"), on("release", "nope"),
                    on("expire", "nope"), on("reserve", "A1"), claim(device: phone),
                ]),
            trace(
                "revoking a device never enrolled, before and after another enrolls, and under another owner",
                ["Revocation"], replenish,
                [
                    revoke(tablet), enroll(a), revoke(tablet),
                    ["op": "revokeDevice", "owner": .string(bob), "device": .string(phone)], revoke(),
                ]),
            trace(
                "a sweep, a step the clean server does not have: that step is refused, the trace goes on",
                ["StatusMachine"], unsupportedStep, [enroll(a), sweep, claim(device: phone)]),
            // A package's lifetime is in its bytes: without notBefore it was made an hour before
            // the trace starts, at every step, so the same upload is the same body after the clock moves.
            trace(
                "an enrollment replayed with its key after the clock moved: the same body, the first answer",
                ["Idempotency"], idempotency, [keyed(enroll(a), "op-1"), advance(10), keyed(enroll(a), "op-1")]),
            trace(
                "after the clock moved, a package's default notBefore is still an hour before the trace's start",
                ["Lifetime"], replenish,
                [enroll([kp("a1")]), advance(1), publish([kp("b1", notAfter: now + 1 + 2_592_000)])]),
            // The default notBefore held at the bottom of Int64 (docs/vector-format.md).
            trace(
                "the trace starting at -2^63: the default notBefore is held there, equal to now, so not before it",
                ["Lifetime", "Clock"], "docs/vector-format.md (notBefore defaults to the start - 3600, held at -2^63)",
                [enroll([kp("a1", notAfter: .min + 2_592_000)])], start: .min),
            trace(
                "the trace starting at -2^63 + 3601: the default notBefore is -2^63 + 1, a lifetime of exactly 2,595,600 s",
                ["Lifetime", "Clock"], "docs/vector-format.md (notBefore defaults to the start - 3600, held at -2^63)",
                [enroll([kp("a1", notAfter: .min + 1 + 2_595_600)])], start: .min + 3601),
        ]
    }

    static let unsupportedStep =
        "docs/vector-format.md (catbird.inventoryTrace: a step the profile does not have is refused as that step, UNSUPPORTED_STEP, 400)"

    /// The legacy flows' edges, in legacy and in strict (the same flows with the bugs fixed).
    static func legacyEdgeCases() -> [VectorCase] {
        [
            clockAtItsEnd,
            trace(
                "an enroll, a step the legacy server does not have: that step is refused, the claim goes on",
                ["StatusMachine"], unsupportedStep, [batch([kp("p1")]), enroll([kp("e1")]), claim()]),
            trace(
                "consume, release, expire and revoke, steps the legacy server does not have: each refused",
                ["StatusMachine"], unsupportedStep,
                [batch([kp("p1")]), on("consume", "p1"), on("release", "p1"), on("expire", "p1"), revoke(), claim()]),
            trace(
                "a publish with an idempotency key (the legacy server keeps no records): refused, nothing stored",
                ["Idempotency"], unsupportedStep, [batch([kp("p1")]), keyed(publish([kp("p2")]), "k1"), claim()]),
        ]
    }
}
