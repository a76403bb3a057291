import CatbirdMLS
import Testing

/// The legacy inventory as mls-ds@5278d0ce answers, and strict's fixes of it.
@Suite struct KeyPackageInventoryLegacyTests {
    static let now: Int64 = 1_800_000_000

    static func upload(_ ref: String, expires: Int64 = now + 86_400) -> KeyPackageInventory.Upload {
        .init(ref: ref, initKey: "init-\(ref)", notBefore: now - 60, notAfter: expires)
    }

    @Test func anUploadExpiringNowIsRefusedAloneAndFailsItsBatchWhole() {
        for policy in [KeyPackageInventory.Policy.legacy, .strict] {
            var inventory = KeyPackageInventory(policy: policy, now: Self.now)
            #expect(
                inventory.apply(.publish(owner: "a", device: "d", [Self.upload("x", expires: Self.now)]))
                    == .refused(code: "INVALID_REQUEST", status: 400))
            #expect(
                inventory.apply(
                    .publishBatch(owner: "a", device: "d", [Self.upload("y"), Self.upload("z", expires: Self.now)]))
                    == .published(0))
            #expect(inventory.packages.isEmpty)
            #expect(
                inventory.apply(.publishBatch(owner: "a", device: "d", [Self.upload("y", expires: Self.now + 1)]))
                    == .published(1))
        }
    }

    @Test func aRepeatedRefIsStoredWholeInLegacyAndOncePerOwnerInStrict() {
        for policy in [KeyPackageInventory.Policy.legacy, .strict] {
            var inventory = KeyPackageInventory(policy: policy, now: Self.now)
            let stored = inventory.apply(.publishBatch(owner: "a", device: "d", [Self.upload("r"), Self.upload("r")]))
            #expect(stored == .published(policy == .legacy ? 2 : 1))
            #expect(inventory.apply(.publishBatch(owner: "b", device: "d", [Self.upload("r")])) == .published(1))
        }
    }

    @Test func aReservationTakesEveryFreeRowOfTheRef() {
        var inventory = KeyPackageInventory(policy: .legacy, now: Self.now)
        _ = inventory.apply(.publishBatch(owner: "a", device: "d", [Self.upload("r")]))
        _ = inventory.apply(.advance(seconds: 1))
        _ = inventory.apply(.publishBatch(owner: "a", device: "d", [Self.upload("r")]))
        #expect(inventory.apply(.claim(owner: "a", device: nil)) == .claimed(["r"]))
        #expect(inventory.apply(.reserve(ref: "r")) == .changed)
        #expect(inventory.packages.map { inventory.state(of: $0) } == [.consumed, .reserved])
        #expect(inventory.apply(.reserve(ref: "r")) == .refused(code: "NOT_AVAILABLE", status: 409))
        #expect(inventory.apply(.reserve(ref: "s")) == .refused(code: "KEY_PACKAGE_NOT_FOUND", status: 404))
    }
}
