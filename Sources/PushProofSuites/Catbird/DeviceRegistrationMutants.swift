import CatbirdMLS
import PushProofConformance
import PushProofJSON

/// Known-bad registries and inventories the vectors must catch.
enum DeviceRegistrationMutants {
    static let all: [Mutant] = [
        registering(
            "signature-key-shared", "AUTH_BYPASS",
            "registration never restores by signature key: a second device registers with the same key"
        ) { $0.restoresBySignatureKey = false },
        registering(
            "welcomes-kept-on-reregistration", "MISSING_STEP",
            "a re-registration leaves the user's pending Welcomes unconsumed"
        ) { $0.invalidatesWelcomes = false },
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

    /// A registry that answers `catbird.registerDevice` with one of its switches changed.
    static func registering(
        _ id: String, _ bugClass: String, _ summary: String,
        _ change: @escaping @Sendable (inout LegacyDeviceRegistry) -> Void
    ) -> Mutant {
        Mutant(id: id, bugClass: bugClass, summary: summary) { request, _ in
            guard request.operation == .catbirdRegisterDevice else { return nil }
            var registry = LegacyDeviceRegistry()
            change(&registry)
            do { return .output(try DeviceRegistrationOperations.registerDevice(request, registry: registry)) } catch {
                return nil
            }
        }
    }
}
