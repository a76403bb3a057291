import CatbirdMLS

/// The steps FuzzDeviceRegistry (and the store's property test) drive a ``KeyPackageStoreAudit``
/// with, decoded from bytes.
enum DeviceRegistryFuzzSteps {
    static let devices = KeyPackageStoreAudit.devices
    /// The instant the decoded uploads' lifetimes are counted from: the fixtures' clock.
    static let base = Int64(CatbirdFixtures.now)

    /// Steps from bytes, two a step (the call, its argument) over ``KeyPackageStoreAudit/devices``; refs are numbered
    /// in order, and some uploads repeat an earlier ref or init key, or declare another ref, on
    /// purpose. A registration picks a user, a device id and one of five signature keys (the
    /// first three are ``KeyPackageStoreAudit/devices``' keys), so restores and both refusals come often.
    static func decode(_ data: [UInt8], maximumSteps: Int = 200) -> [KeyPackageStoreAudit.Step] {
        var steps: [KeyPackageStoreAudit.Step] = []
        var next = 0
        var i = 0
        func ref(_ arg: UInt8) -> String { next == 0 ? "r0" : "r\(Int(arg) % next)" }
        func expiry(_ arg: UInt8) -> Int64 { base + Int64(1 + arg % 4) * 21_600 }
        while i + 1 < data.count, steps.count < maximumSteps {
            let (call, arg) = (data[i], data[i + 1])
            i += 2
            let d = devices[Int(arg) % devices.count]
            switch call % 8 {
            case 0:
                var batch: [KeyPackageInventory.Upload] = []
                for k in 0..<(1 + Int(arg >> 2) % 3) {
                    let reuse = arg & 0x80 != 0 && k == 0 && next > 0
                    let n = reuse ? next - 1 : next
                    if !reuse { next += 1 }
                    let initKey = arg & 0x40 != 0 && next > 1 ? "init-r\(next - 2)" : "init-r\(n)"
                    let declared = arg & 0x3C == 0x3C && k == 0 ? "r\(n)-declared" : nil
                    batch.append(
                        .init(
                            ref: "r\(n)", initKey: initKey, notBefore: base - 3600, notAfter: expiry(arg),
                            declaredRef: declared))
                }
                steps.append(.inventory(.publish(owner: d.user, device: d.device, batch)))
            case 1: steps.append(.inventory(.claim(owner: d.user, device: d.device)))
            case 2: steps.append(.inventory(.reserve(ref: ref(arg))))
            case 3: steps.append(.inventory(.consume(ref: ref(arg))))
            case 4: steps.append(.inventory(.release(ref: ref(arg))))
            case 5: steps.append(.inventory(.expire(ref: ref(arg))))
            case 6 where arg < 24: steps.append(.inventory(.revokeDevice(owner: d.user, device: d.device)))
            case 6 where arg < 88:
                let user = devices[Int(arg / 5) % 2 == 0 ? 0 : 2].user
                let deviceId = ["phone", "tablet", "laptop"][Int(arg / 10) % 3]
                let upload = KeyPackageInventory.Upload(
                    ref: "r\(next)", initKey: "init-r\(next)", notBefore: base - 3600, notAfter: expiry(arg))
                next += 1
                steps.append(
                    .register(
                        user: user, deviceId: deviceId, signatureKey: Array(repeating: 1 + arg % 5, count: 32),
                        [upload]))
            default: steps.append(.inventory(.advance(seconds: Int64(arg) * 600)))
            }
        }
        return steps
    }
}
