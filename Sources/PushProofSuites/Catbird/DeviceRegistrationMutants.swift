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
        }
    ]
}
