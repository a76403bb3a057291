import CatbirdMLS
import PushProofConformance

/// FuzzDeviceRegistry's steps. Two bytes a step (``FuzzStepLayout``): the opcode and one operand
/// byte, over ``KeyPackageStoreAudit/devices``; at most 16 an input in the fuzz target
/// (``DeviceRegistryHarness/maximumSteps`` says why), more in the store's property test.
enum DeviceRegistryFuzzStep: FuzzStep {
    enum Kind: String, Sendable {
        case publish, claim, reserve, consume, release, expire
        /// One opcode for three steps, by its operand: a revocation (0-23), a registration
        /// (24-87) or a clock move (88-255).
        case revokeOrRegister
        case advance
    }

    /// Append-only: a new step takes opcode 8. Bytes 8-255 read as `byte % 8`.
    static let layout = FuzzStepLayout<Kind>(
        opcodes: [
            .publish,  // 0
            .claim,  // 1
            .reserve,  // 2
            .consume,  // 3
            .release,  // 4
            .expire,  // 5
            .revokeOrRegister,  // 6
            .advance,  // 7
        ], aliasModulus: 8, width: 2, maximumSteps: 16)

    /// An upload's operand byte: the device (`% 3`), how many packages (1 + `(byte >> 2) % 3`), their
    /// lifetime in quarter days (1 + `% 4`), whether the first repeats the last ref published
    /// (bit 7) or each takes the init key of the one before the last (bit 6), and whether the
    /// first declares a ref that is not its own (bits 2-5 all set). The fields share bits: a
    /// publish is written as the first byte that reads as it.
    struct Publish: Equatable {
        var device: Int
        var packages: Int
        var quarterDays: Int
        var repeatsRef: Bool
        var repeatsInitKey: Bool
        var declaresOtherRef: Bool

        init(
            device: Int, packages: Int = 1, quarterDays: Int = 1, repeatsRef: Bool = false,
            repeatsInitKey: Bool = false, declaresOtherRef: Bool = false
        ) {
            (self.device, self.packages, self.quarterDays) = (device, packages, quarterDays)
            (self.repeatsRef, self.repeatsInitKey, self.declaresOtherRef) = (
                repeatsRef, repeatsInitKey, declaresOtherRef
            )
        }

        init(byte: UInt8) {
            device = Int(byte) % 3
            packages = 1 + Int(byte >> 2) % 3
            quarterDays = 1 + Int(byte) % 4
            repeatsRef = byte & 0x80 != 0
            repeatsInitKey = byte & 0x40 != 0
            declaresOtherRef = byte & 0x3C == 0x3C
        }
    }

    /// A registration's operand byte (24-87): the user (``KeyPackageStoreAudit/devices``' first
    /// user when `(byte / 5) % 2 == 0`, else its second), the device id (`(byte / 10) % 3` of
    /// phone, tablet, laptop), the signature key (`1 + byte % 5`, the first three the devices'
    /// own) and its package's lifetime in quarter days (1 + `% 4`).
    struct Registration: Equatable {
        var secondUser: Bool
        var deviceId: Int
        var key: UInt8
        var quarterDays: Int

        static let deviceIds = ["phone", "tablet", "laptop"]
        static let bytes: ClosedRange<UInt8> = 24...87

        init(secondUser: Bool, deviceId: Int, key: UInt8, quarterDays: Int) {
            (self.secondUser, self.deviceId, self.key, self.quarterDays) = (secondUser, deviceId, key, quarterDays)
        }

        init(byte: UInt8) {
            secondUser = (byte / 5) % 2 != 0
            deviceId = Int(byte / 10) % 3
            key = 1 + byte % 5
            quarterDays = 1 + Int(byte) % 4
        }
    }

    case publish(Publish)
    /// Devices are indices into ``KeyPackageStoreAudit/devices``.
    case claim(device: Int)
    /// A ref is an index into the refs published so far, modulo their number (`r0` before any).
    case reserve(ref: UInt8)
    case consume(ref: UInt8)
    case release(ref: UInt8)
    case expire(ref: UInt8)
    case revoke(device: Int)
    case register(Registration)
    /// A clock move of ten-minute units.
    case advance(tenMinutes: UInt8)

    init(kind: Kind, operands reader: inout FuzzStepReader) {
        let arg = reader.byte()
        let device = Int(arg) % KeyPackageStoreAudit.devices.count
        switch kind {
        case .publish: self = .publish(Publish(byte: arg))
        case .claim: self = .claim(device: device)
        case .reserve: self = .reserve(ref: arg)
        case .consume: self = .consume(ref: arg)
        case .release: self = .release(ref: arg)
        case .expire: self = .expire(ref: arg)
        case .revokeOrRegister where arg < Registration.bytes.lowerBound: self = .revoke(device: device)
        case .revokeOrRegister where Registration.bytes.contains(arg): self = .register(Registration(byte: arg))
        case .revokeOrRegister, .advance: self = .advance(tenMinutes: arg)
        }
    }

    func write(to writer: inout FuzzStepWriter) -> Kind {
        let devices = KeyPackageStoreAudit.devices.count
        switch self {
        case .publish(let p):
            writer.first { Publish(byte: $0) == p }
            return .publish
        case .claim(let d):
            writer.index(d, below: devices)
            return .claim
        case .reserve(let ref):
            writer.byte(ref)
            return .reserve
        case .consume(let ref):
            writer.byte(ref)
            return .consume
        case .release(let ref):
            writer.byte(ref)
            return .release
        case .expire(let ref):
            writer.byte(ref)
            return .expire
        case .revoke(let d):
            writer.index(d, below: devices)
            return .revokeOrRegister
        case .register(let r):
            writer.first(in: Registration.bytes) { Registration(byte: $0) == r }
            return .revokeOrRegister
        case .advance(let t):
            writer.byte(t)
            return .advance
        }
    }
}

/// The steps FuzzDeviceRegistry (and the store's property test) drive a ``KeyPackageStoreAudit``
/// with.
enum DeviceRegistryFuzzSteps {
    static let devices = KeyPackageStoreAudit.devices
    /// The instant the decoded uploads' lifetimes are counted from: the fixtures' clock.
    static let base = Int64(CatbirdFixtures.now)

    /// The audit's steps from bytes (``DeviceRegistryFuzzStep``), at most `maximumSteps`.
    static func decode(_ data: [UInt8], maximumSteps: Int = 200) -> [KeyPackageStoreAudit.Step] {
        auditSteps(DeviceRegistryFuzzStep.decode(data, maximumSteps: maximumSteps))
    }

    /// The audit's steps: refs are numbered in the order they are published (`r0`, `r1`, ...);
    /// some uploads repeat an earlier ref or init key, or declare another ref, on purpose. A
    /// registration uploads one new package.
    static func auditSteps(_ steps: [DeviceRegistryFuzzStep]) -> [KeyPackageStoreAudit.Step] {
        var next = 0
        func ref(_ arg: UInt8) -> String { next == 0 ? "r0" : "r\(Int(arg) % next)" }
        func expiry(_ quarterDays: Int) -> Int64 { base + Int64(quarterDays) * 21_600 }
        return steps.map { step in
            switch step {
            case .publish(let p):
                let d = devices[p.device]
                var batch: [KeyPackageInventory.Upload] = []
                for k in 0..<p.packages {
                    let reuse = p.repeatsRef && k == 0 && next > 0
                    let n = reuse ? next - 1 : next
                    if !reuse { next += 1 }
                    let initKey = p.repeatsInitKey && next > 1 ? "init-r\(next - 2)" : "init-r\(n)"
                    let declared = p.declaresOtherRef && k == 0 ? "r\(n)-declared" : nil
                    batch.append(
                        .init(
                            ref: "r\(n)", initKey: initKey, notBefore: base - 3600, notAfter: expiry(p.quarterDays),
                            declaredRef: declared))
                }
                return .inventory(.publish(owner: d.user, device: d.device, batch))
            case .claim(let d): return .inventory(.claim(owner: devices[d].user, device: devices[d].device))
            case .reserve(let r): return .inventory(.reserve(ref: ref(r)))
            case .consume(let r): return .inventory(.consume(ref: ref(r)))
            case .release(let r): return .inventory(.release(ref: ref(r)))
            case .expire(let r): return .inventory(.expire(ref: ref(r)))
            case .revoke(let d): return .inventory(.revokeDevice(owner: devices[d].user, device: devices[d].device))
            case .register(let r):
                let upload = KeyPackageInventory.Upload(
                    ref: "r\(next)", initKey: "init-r\(next)", notBefore: base - 3600, notAfter: expiry(r.quarterDays))
                next += 1
                return .register(
                    user: devices[r.secondUser ? 2 : 0].user,
                    deviceId: DeviceRegistryFuzzStep.Registration.deviceIds[r.deviceId],
                    signatureKey: Array(repeating: r.key, count: 32), [upload])
            case .advance(let t): return .inventory(.advance(seconds: Int64(t) * 600))
            }
        }
    }
}
