import CatbirdMLS
import PushProofConformance
import PushProofCrypto
import PushProofJSON

/// `catbird.registerDevice`: the legacy server's registrations as a trace with a clock, or the
/// design document's (`proposal`). Inputs and outputs: docs/vector-format.md, "catbird".
enum DeviceRegistrationOperations {
    static let maximumSteps = 100

    @Sendable static func registerDevice(_ request: OperationRequest) throws -> JSONValue {
        switch request.profile {
        case .legacy: return try registerDevice(request, registry: LegacyDeviceRegistry())
        case .proposal: return try proposal(request, registry: ProposalDeviceRegistry())
        default: throw InputError("no device registration for profile `\(request.profile)`")
        }
    }

    /// The design document's registry: `register` (a new device) and `lookup`
    /// (getDeviceByPublicKey); no clock, no KeyPackages, no statuses.
    static func proposal(_ request: OperationRequest, registry start: ProposalDeviceRegistry) throws -> JSONValue {
        let (authDid, _, steps) = try trace(request)
        var registry = start
        var answers: [JSONValue] = []
        for value in steps {
            let s = InputReader(value)
            let op = try s.string("op")
            let caller = try s.optionalString("authDid") ?? authDid
            let key = try s.hex("signatureKey")
            let answer: Result<Int, DeviceRegistrationError>
            let (outcome, path): (String, String)
            switch op {
            case "register":
                guard !s.has("keyPackages") else {
                    throw InputError("the design uploads KeyPackages after registering: no `keyPackages` here")
                }
                let name = try s.string("deviceName")
                answer = Result { () throws(DeviceRegistrationError) in
                    try registry.register(user: caller, name: name, signatureKey: key)
                }
                (outcome, path) = ("registered", "new")
            case "lookup":
                answer = Result { () throws(DeviceRegistrationError) in
                    try registry.lookup(user: caller, signatureKey: key)
                }
                (outcome, path) = ("found", "signatureKey")
            default: throw InputError("no design registration step `\(op)` (register, lookup)")
            }
            switch answer {
            case .success(let index):
                answers.append([
                    "op": .string(op), "outcome": .string(outcome), "deviceIndex": .integer(Int64(index)),
                    "path": .string(path),
                ])
            case .failure(let error):
                answers.append(["op": .string(op), "outcome": "rejected", "error": .string(error.code)])
            }
        }
        return [
            "steps": .array(answers),
            "devices": .array(
                registry.devices.map { d in
                    [
                        "deviceIndex": .integer(Int64(d.index)), "userDid": .string(d.user), "name": .string(d.name),
                        "signatureKey": .string(Hex.encode(d.signatureKey)),
                    ]
                }),
            "welcomes": [],
        ]
    }

    /// The input both profiles share: the caller, the clock and the steps (at most `maximumSteps`).
    static func trace(_ request: OperationRequest) throws -> (authDid: String, now: UInt64, steps: [JSONValue]) {
        let r = request.reader
        let authDid = try r.string("authDid")
        let now = try r.uint64("now")
        guard now <= UInt64(Int64.max) else { throw InputError("`now` is at most \(Int64.max)") }
        let steps = try r.array("steps")
        guard steps.count <= maximumSteps else { throw InputError("at most \(maximumSteps) steps") }
        return (authDid, now, steps)
    }

    static func registerDevice(_ request: OperationRequest, registry start: LegacyDeviceRegistry) throws -> JSONValue {
        let (authDid, clock, steps) = try trace(request)
        var now = clock
        var registry = start
        var answers: [JSONValue] = []
        for value in steps {
            let s = InputReader(value)
            switch try s.string("op") {
            case "advance":
                let seconds = try s.uint64("seconds")
                guard seconds <= UInt64(Int64.max) - now else { throw InputError("the clock would overflow") }
                now += seconds
                answers.append(["op": "advance", "outcome": "advanced", "now": .integer(Int64(now))])
            case "register":
                let uploads = try s.array("keyPackages").map { v -> LegacyDeviceRegistry.Upload in
                    let u = InputReader(v)
                    let expires = try u.uint64("expires")
                    guard expires <= UInt64(Int64.max) else { throw InputError("`expires` is at most \(Int64.max)") }
                    return .init(
                        base64: try u.string("keyPackage"), expires: expires,
                        cipherSuite: try u.optionalString("cipherSuite"))
                }
                let registration = LegacyDeviceRegistry.Registration(
                    deviceName: try s.string("deviceName"), deviceUUID: try s.optionalString("deviceUUID"),
                    signatureKey: try s.hex("signatureKey"), keyPackages: uploads,
                    pushToken: try s.optionalString("pushToken"))
                let caller = try s.optionalString("authDid") ?? authDid
                do throws(DeviceRegistrationError) {
                    answers.append(json(try registry.register(authDid: caller, registration, now: now)))
                } catch {
                    answers.append([
                        "op": "register", "outcome": "rejected", "status": .integer(Int64(error.httpStatus)),
                        "error": .string(error.code),
                    ])
                }
            case "welcome":
                let device = Int(try s.int64("deviceIndex"))
                guard let number = registry.storeWelcome(for: device) else {
                    throw InputError("a Welcome for device \(device), which the trace has not registered")
                }
                answers.append(["op": "welcome", "outcome": "welcomeStored", "welcomeIndex": .integer(Int64(number))])
            case let other: throw InputError("no registration step `\(other)`")
            }
        }
        return [
            "steps": .array(answers),
            "devices": .array(
                registry.devices.sorted { $0.index < $1.index }.map { d in
                    var out: JSONValue = [
                        "deviceIndex": .integer(Int64(d.index)), "userDid": .string(d.user), "name": .string(d.name),
                        "signatureKey": .string(Hex.encode(d.signatureKey)),
                        "keyPackages": .integer(Int64(registry.keyPackages.filter { $0.deviceIndex == d.index }.count)),
                    ]
                    if let uuid = d.deviceUUID { out = out.setting("deviceUUID", to: .string(uuid)) }
                    if let token = d.pushToken { out = out.setting("pushToken", to: .string(token)) }
                    return out
                }),
            "welcomes": .array(
                registry.welcomes.map { w in
                    [
                        "welcomeIndex": .integer(Int64(w.index)), "deviceIndex": .integer(Int64(w.deviceIndex)),
                        "userDid": .string(w.user), "consumed": .bool(w.consumed),
                    ]
                }),
        ]
    }

    static func json(_ o: LegacyDeviceRegistry.Outcome) -> JSONValue {
        var out: JSONValue = [
            "op": "register", "outcome": .string(o.path == .tokenUpdate ? "tokenUpdated" : "registered"),
            "status": 200, "deviceIndex": .integer(Int64(o.deviceIndex)), "path": .string(o.path.rawValue),
            "storedKeyPackages": .integer(Int64(o.stored)),
        ]
        if let n = o.welcomesInvalidated { out = out.setting("welcomesInvalidated", to: .integer(Int64(n))) }
        if !o.skipped.isEmpty {
            out = out.setting(
                "skipped",
                to: .array(o.skipped.map { ["index": .integer(Int64($0.index)), "reason": .string($0.reason)] }))
        }
        return out
    }
}
