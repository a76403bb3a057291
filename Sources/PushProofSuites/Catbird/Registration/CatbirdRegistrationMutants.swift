import CatbirdMLS
import PushProofConformance
import PushProofJSON

/// Known-bad registries and inventories the vectors must catch.
enum CatbirdRegistrationMutants {
    static let all: [Mutant] = [
        registering(
            "signature-key-shared", .authBypass,
            "registration never restores by signature key: a second device registers with the same key"
        ) { $0.restoresBySignatureKey = false },
        registering(
            "welcomes-kept-on-reregistration", .missingStep,
            "a re-registration leaves the user's pending Welcomes unconsumed"
        ) { $0.invalidatesWelcomes = false },
        designing(
            "design-key-registered-twice", .authBypass,
            "the design's registry lets a user register one key for two devices (the synced key it corrects)"
        ) { $0.refusesKnownKeys = false },
        designing(
            "design-lookup-any-user", .authBypass,
            "getDeviceByPublicKey finds another user's device with that key"
        ) { $0.lookupScopedToUser = false },
        inventory(
            "claims-a-package-twice", .missingStep,
            "a claim does not look at whether the package was already handed out"
        ) {
            $0.claimChecksConsumed = false
        },
        inventory(
            "reservation-window-forgotten", .missingStep,
            "a claim hands out packages reserved in the last five minutes"
        ) {
            $0.reservationWindow = -1
        },
        inventory(
            "replenish-without-enrollment", .authBypass,
            "a device never enrolled replenishes KeyPackages, and so comes to exist"
        ) { $0.replenishRequiresEnrollment = false },
        inventory(
            "declared-ref-unchecked", .modifiedParameter,
            "the keyPackageRef a body declares is not compared with the package's RefHash"
        ) { $0.checksDeclaredRef = false },
        inventory(
            "body-repeat-among-own-refs", .modifiedParameter,
            "the signed body's repeat is looked for among the packages' own refs, not the refs the body declares"
        ) { $0.bodyChecksDeclaredRefs = false },
        inventory(
            "idempotency-key-ignored", .functionality,
            "an upload sent again under its idempotency key is processed again as a new one"
        ) { $0.honoursIdempotencyKeys = false },
    ]

    /// An inventory that answers `catbird.inventoryTrace` with one of its switches changed.
    static func inventory(
        _ id: String, _ bugClass: BugType, _ summary: String,
        _ change: @escaping @Sendable (inout KeyPackageInventory) -> Void
    ) -> Mutant {
        Mutant(id: id, bugClass: bugClass, summary: summary) { request, _ in
            guard request.operation == .catbirdInventoryTrace else { return nil }
            return try? .output(InventoryOperations.inventoryTrace(request, configure: change))
        }
    }

    /// The design document's registry with one of its switches changed.
    static func designing(
        _ id: String, _ bugClass: BugType, _ summary: String,
        _ change: @escaping @Sendable (inout ProposalDeviceRegistry) -> Void
    ) -> Mutant {
        Mutant(id: id, bugClass: bugClass, summary: summary) { request, _ in
            guard request.operation == .catbirdRegisterDevice, request.profile == .proposal else { return nil }
            var registry = ProposalDeviceRegistry()
            change(&registry)
            return try? .output(DeviceRegistrationOperations.proposal(request, registry: registry))
        }
    }

    /// A registry that answers `catbird.registerDevice` with one of its switches changed.
    static func registering(
        _ id: String, _ bugClass: BugType, _ summary: String,
        _ change: @escaping @Sendable (inout LegacyDeviceRegistry) -> Void
    ) -> Mutant {
        Mutant(id: id, bugClass: bugClass, summary: summary) { request, _ in
            guard request.operation == .catbirdRegisterDevice, request.profile == .legacy else { return nil }
            var registry = LegacyDeviceRegistry()
            change(&registry)
            do { return .output(try DeviceRegistrationOperations.registerDevice(request, registry: registry)) } catch {
                return nil
            }
        }
    }
}
