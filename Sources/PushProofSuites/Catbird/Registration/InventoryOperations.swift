import CatbirdMLS
import PushProofConformance
import PushProofJSON

/// `catbird.inventoryTrace`: publish, claim, reserve, consume, release, expire, revoke, advance
/// the clock and sweep, then every package and its state. docs/vector-format.md, "catbird".
enum InventoryOperations {
    static let maximumSteps = 500

    static func policy(_ profile: Profile) throws -> KeyPackageInventory.Policy {
        switch profile {
        case .deployed: return .deployed
        case .legacy: return .legacy
        case .strict: return .strict
        default: throw InputError("no KeyPackage inventory for profile `\(profile)`")
        }
    }

    @Sendable static func inventoryTrace(_ request: OperationRequest) throws -> JSONValue {
        try inventoryTrace(request) { _ in }
    }

    /// `configure` changes the inventory before the trace runs (the mutants' switches).
    static func inventoryTrace(_ request: OperationRequest, configure: (inout KeyPackageInventory) -> Void) throws
        -> JSONValue
    {
        let r = request.reader
        let start = try r.int64("now")
        let raw = try r.array("steps")
        guard raw.count <= maximumSteps else { throw InputError("at most \(maximumSteps) steps") }
        let steps = try raw.map { try step(InputReader($0), now: start) }
        var inventory = KeyPackageInventory(policy: try policy(request.profile), now: start)
        configure(&inventory)
        var answers: [JSONValue] = []
        for (name, s) in steps {
            var out: JSONValue = ["op": .string(name)]
            switch inventory.apply(s) {
            case .enrolled(let n):
                out = out.setting("outcome", to: "enrolled").setting("count", to: .integer(Int64(n)))
            case .published(let n):
                out = out.setting("outcome", to: "published").setting("count", to: .integer(Int64(n)))
            case .refused(let code, let status):
                out = out.setting("outcome", to: "refused").setting("error", to: .string(code)).setting(
                    "status", to: .integer(Int64(status)))
            case .claimed(let refs):
                out = out.setting("outcome", to: "claimed").setting("refs", to: .array(refs.map { .string($0) }))
            case .changed: out = out.setting("outcome", to: "changed")
            case .swept(let n): out = out.setting("outcome", to: "removed").setting("count", to: .integer(Int64(n)))
            case .revoked(let n): out = out.setting("outcome", to: "revoked").setting("count", to: .integer(Int64(n)))
            case .advanced(let t): out = out.setting("outcome", to: "advanced").setting("now", to: .integer(t))
            }
            answers.append(out)
        }
        let rows = inventory.packages.map { p -> (String, String, String, String) in
            (p.owner, p.device, p.ref, inventory.state(of: p).rawValue)
        }.sorted { $0 < $1 }
        return [
            "steps": .array(answers),
            "packages": .array(
                rows.map {
                    ["owner": .string($0.0), "device": .string($0.1), "ref": .string($0.2), "state": .string($0.3)]
                }),
        ]
    }

    static func step(_ s: InputReader, now: Int64) throws -> (String, KeyPackageInventory.Step) {
        let op = try s.string("op")
        func uploads() throws -> [KeyPackageInventory.Upload] {
            try s.array("packages").map { v in
                let u = InputReader(v)
                return .init(
                    ref: try u.string("ref"), initKey: try u.string("initKey"),
                    notBefore: try u.optionalInt64("notBefore") ?? (now > Int64.min + 3600 ? now - 3600 : .min),
                    notAfter: try u.int64("notAfter"), declaredRef: try u.optionalString("declaredRef"))
            }
        }
        // An upload with an idempotency key is wrapped in `keyed`.
        func upload(_ step: KeyPackageInventory.Step) throws -> (String, KeyPackageInventory.Step) {
            guard let key = try s.optionalString("idempotencyKey") else { return (op, step) }
            return (op, .keyed(idempotencyKey: key, step))
        }
        switch op {
        case "enroll":
            return try upload(.enroll(owner: try s.string("owner"), device: try s.string("device"), try uploads()))
        case "publish":
            return try upload(.publish(owner: try s.string("owner"), device: try s.string("device"), try uploads()))
        case "publishBatch":
            return try upload(
                .publishBatch(owner: try s.string("owner"), device: try s.string("device"), try uploads()))
        case "claim": return (op, .claim(owner: try s.string("owner"), device: try s.optionalString("device")))
        case "reserve": return (op, .reserve(ref: try s.string("ref")))
        case "consume": return (op, .consume(ref: try s.string("ref")))
        case "release": return (op, .release(ref: try s.string("ref")))
        case "expire": return (op, .expire(ref: try s.string("ref")))
        case "revokeDevice": return (op, .revokeDevice(owner: try s.string("owner"), device: try s.string("device")))
        case "advance": return (op, .advance(seconds: try s.int64("seconds")))
        case "sweep": return (op, .sweep)
        default: throw InputError("no inventory step `\(op)`")
        }
    }
}
