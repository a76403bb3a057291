import CatbirdMLS
import PushProofConformance
import PushProofCrypto
import PushProofJSON

/// catbird_registration: device registration and the KeyPackage inventory.
enum CatbirdRegistrationVectors {
    static func file() -> VectorFileDeclaration {
        VectorFileDeclaration(
            name: "catbird_registration", protocolName: "catbird-mls-registration",
            notes: CatbirdRegistrationNotes.catalogue,
            header: [
                "Device registration on the legacy Catbird server (blue.catbird.mlsChat.registerDevice, mls-ds@5278d0ce) as traces with a clock: each step's status (200, 400, 429, 404, 500) and what the server did, then every device and how many KeyPackages it holds.",
                "KeyPackages are raw (no MLSMessage header), suite 1, with the bare DID as credential, as the legacy server expects them; standard base64.",
                "The design document's registration (seed 003) as the proposal group of catbird.registerDevice: a device registers its own key, and finds its device again by that key.",
                "The KeyPackage inventory (catbird.inventoryTrace) as traces too: deployed = the clean protocol, legacy = mls-ds@5278d0ce, strict = the legacy flows with their bugs fixed. Packages are named by ref and init key.",
            ],
            groups: [
                .init(
                    operation: .catbirdRegisterDevice, profile: .legacy,
                    description: "registerDevice as mls-ds@5278d0ce answers it, its bugs included (each flagged).",
                    ids: .block(1...100), cases: DeviceRegistrationCases.cases()),
                .init(
                    operation: .catbirdInventoryTrace, profile: .deployed,
                    description:
                        "The clean protocol's inventory: status machine, uniqueness, the live limit, the recovery claim.",
                    ids: .block(101...200), cases: InventoryCases.deployed()),
                .init(
                    operation: .catbirdInventoryTrace, profile: .legacy,
                    description:
                        "mls-ds@5278d0ce: getKeyPackages, publishKeyPackages and the cleanup job, bugs included.",
                    ids: .block(201...300), cases: InventoryCases.legacyTraces()),
                .init(
                    operation: .catbirdInventoryTrace, profile: .strict,
                    description:
                        "The legacy flows with their bugs fixed; each test's deployedAnswer is the legacy answer.",
                    ids: .block(301...350),
                    cases: InventoryCases.bugTraces(.strict) + InventoryCases.expiredCountTraces()
                        + InventoryCases.legacyEdgeCases()),
                .init(
                    operation: .catbirdRegisterDevice, profile: .proposal,
                    description:
                        "The design document (seed 003): registerDevice and getDeviceByPublicKey (step `lookup`); no clock, limits, statuses or KeyPackages.",
                    ids: .block(401...450), cases: ProposalRegistrationCases.cases()),
                .init(
                    operation: .catbirdInventoryTrace, profile: .deployed,
                    description: "The clean server: the cases of mls-ds's own KeyPackage repository tests.",
                    ids: .block(451...500), cases: upstreamTestCases()),
                .init(
                    operation: .catbirdRegisterDevice, profile: .legacy,
                    description:
                        "registerDevice as mls-ds@5278d0ce answers it: the device name at the 100-scalar cut, and blank names.",
                    ids: .block(2000...2099), cases: DeviceRegistrationCases.nameCutCases()),
                .init(
                    operation: .catbirdRegisterDevice, profile: .legacy,
                    description:
                        "registerDevice as mls-ds@5278d0ce answers it: DIDs and device UUIDs in canonically (or compatibly) equivalent spellings, compared byte for byte in SQL.",
                    ids: .block(3000...3099), cases: DeviceRegistrationCases.spellingCases()),
                .init(
                    operation: .catbirdInventoryTrace, profile: .legacy,
                    description:
                        "mls-ds@5278d0ce: both ends of every time window (the five-minute reservation, the expiry, the hourly upload rate, the sweep's 24 hours and 7 days), each at the exact second and one either side.",
                    ids: .block(3100...3199), cases: InventoryCases.legacyWindowCases()),
                .init(
                    operation: .catbirdInventoryTrace, profile: .deployed,
                    description:
                        "The clean protocol: the claim's and expire's not_after and the upload's 600 s left, each at the exact second and one either side.",
                    ids: .block(3200...3299), cases: InventoryCases.deployedWindowCases()),
            ])
    }
}
