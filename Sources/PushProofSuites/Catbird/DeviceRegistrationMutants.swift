import CatbirdMLS
import PushProofConformance
import PushProofJSON

/// Known-bad registries and inventories the vectors must catch.
enum DeviceRegistrationMutants {
    static let all: [Mutant] = [
        Mutant(
            id: "signature-key-shared", bugClass: "AUTH_BYPASS",
            summary: "registration never restores by signature key: a second device registers with the same key"
        ) { request, _ in
            guard request.operation == .catbirdRegisterDevice else { return nil }
            var registry = LegacyDeviceRegistry()
            registry.restoresBySignatureKey = false
            do { return .output(try DeviceRegistrationOperations.registerDevice(request, registry: registry)) } catch {
                return nil
            }
        },
        Mutant(
            id: "claims-a-package-twice", bugClass: "MISSING_STEP",
            summary: "a claim does not look at whether the package was already handed out"
        ) { request, _ in
            guard request.operation == .catbirdInventoryTrace else { return nil }
            return try? .output(InventoryOperations.inventoryTrace(request) { $0.claimChecksConsumed = false })
        },
        Mutant(
            id: "reservation-window-forgotten", bugClass: "MISSING_STEP",
            summary: "a claim hands out packages reserved in the last five minutes"
        ) { request, _ in
            guard request.operation == .catbirdInventoryTrace else { return nil }
            return try? .output(InventoryOperations.inventoryTrace(request) { $0.reservationWindow = -1 })
        },
    ]
}
