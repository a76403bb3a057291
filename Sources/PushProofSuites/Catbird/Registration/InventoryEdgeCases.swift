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
        ]
    }

    static func legacyEdgeCases() -> [VectorCase] {
        [clockAtItsEnd]
    }
}
