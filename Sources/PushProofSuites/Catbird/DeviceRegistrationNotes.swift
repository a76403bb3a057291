import PushProofConformance

/// The flags of catbird_registration and what each means.
enum DeviceRegistrationNotes {
    static let catalogue: [String: VectorNote] = CatbirdNotes.catalogue.merging(own) { a, _ in a }

    static let own: [String: VectorNote] = [
        "Registration": .init(
            bugType: "BASIC",
            description:
                "The legacy server's registerDevice as a trace; devices are named by their order of creation (upstream's device ids are random)."
        ),
        "ReRegistration": .init(
            bugType: "BASIC",
            description: "The same (user, deviceUUID) registers again: the device id is kept, its KeyPackages replaced."
        ),
        "RestoreByKey": .init(
            bugType: "BASIC",
            description:
                "No device with that deviceUUID, but one with the same signature key: the restore path; the stored deviceUUID becomes the new one, or none."
        ),
        "NoTransaction": .init(
            bugType: "KNOWN_BUG",
            description:
                "The legacy server deletes the device's KeyPackages before anything else can fail and without a transaction: a failing or empty re-registration leaves the device with none."
        ),
        "DeviceLimit": .init(
            bugType: "EDGE_CASE",
            description:
                "Ten devices per user; the eleventh new one is refused with 429; re-registrations are not counted."),
        "KeyLength": .init(bugType: "MODIFIED_PARAMETER", description: "The signature key is exactly 32 bytes (400)."),
        "KeyPackageCount": .init(bugType: "EDGE_CASE", description: "1 to 200 KeyPackages per registration (400)."),
        "SilentSkip": .init(
            bugType: "KNOWN_BUG",
            description:
                "A KeyPackage that does not decode, is empty, expired or fails validation is skipped and only logged; the registration still answers 200, possibly with none stored."
        ),
        "NoDuplicateCheck": .init(
            bugType: "KNOWN_BUG", description: "Nothing stops the same KeyPackage from being stored twice."),
        "DeviceName": .init(
            bugType: "EDGE_CASE",
            description:
                "Control characters, U+FEFF and U+200B removed, 100 Unicode scalars kept, blank names refused (400)."),
        "Clock": .init(bugType: "EDGE_CASE", description: "A KeyPackage's declared expiry must be after now."),
        "PushToken": .init(bugType: "BASIC", description: "A push token sent with the registration is stored."),
        "UpdateToken": .init(
            bugType: "LEGACY",
            description:
                "No KeyPackages and a push token: updateToken, by deviceUUID or else the most recently registered device, under the caller's DID as given (not split); a missing device is 404."
        ),
    ]
}
