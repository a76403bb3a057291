import PushProofConformance

/// The flags of catbird_registration and what each means.
enum CatbirdRegistrationNotes {
    static let catalogue: [String: VectorNote] = CatbirdNotes.shared.merging(own) { a, _ in a }

    static let own: [String: VectorNote] = inventory.merging(registration) { a, _ in a }

    static let inventory: [String: VectorNote] = [
        "Inventory": .init(
            bugType: .basic,
            description:
                "The server's KeyPackage inventory as a trace with a clock; packages are named by their ref and init key (validation is the KeyPackage vectors' job)."
        ),
        "SourceLinesNotRead": .init(
            bugType: .basic,
            description:
                "The upstream file was read through the search index, which gives no line numbers: the source names the file, commit and item, not its lines."
        ),
        "HandedOutOnce": .init(bugType: .basic, description: "A KeyPackage is handed out at most once."),
        "Lifetime": .init(
            bugType: .edgeCase,
            description:
                "A package is claimable only inside its lifetime: not at or after its expiry, not before not_before."),
        "PerDevice": .init(
            bugType: .basic, description: "Each device's packages are its own: one per device per claim."),
        "StatusMachine": .init(
            bugType: .basic,
            description:
                "available -> reserved -> consumed, reserved -> available (release), available | reserved -> expired | revoked."
        ),
        "Terminal": .init(
            bugType: .basic, description: "consumed, expired and revoked are terminal: no transition leaves them."),
        "Revocation": .init(
            bugType: .basic,
            description: "Revoking a device revokes its live packages; a revoked device publishes no more."),
        "Duplicate": .init(
            bugType: .modifiedParameter,
            description: "A ref or init key that is already stored (or twice in a batch): the whole batch is refused."),
        "InitKeyUnique": .init(
            bugType: .confidentiality,
            description: "init_key is UNIQUE: the same HPKE init key under two refs would let two joiners share it."),
        "BatchSize": .init(bugType: .edgeCase, description: "1 to 100 packages per upload."),
        "Enrollment": .init(
            bugType: .functionality,
            description:
                "Deployed enrollDevice: the signed body's bounds and ref order (InvalidRequest), then a device that already exists (DeviceAlreadyExists, before any package is read), then each package's validation (InvalidKeyPackage), then the inventory's rules; all or nothing."
        ),
        "LiveLimit": .init(
            bugType: .edgeCase, description: "At most 1,000 available or reserved packages per device."),
        "Replenishment": .init(
            bugType: .authBypass,
            description:
                "Deployed replenishKeyPackages: only an enrolled device may publish (never enrolled: DeviceNotRegistered, revoked: DeviceRevoked, both 401), and each package is validated as an enrollment's (InvalidKeyPackage)."
        ),
        "Idempotency": .init(
            bugType: .functionality,
            description:
                "Deployed idempotency keys: global, kept with the endpoint and the exact body; the same body gets the first answer and changes nothing, any other body IdempotencyConflict (409); a refused operation keeps no record."
        ),
        "DeclaredRef": .init(
            bugType: .modifiedParameter,
            description:
                "The keyPackageRef a signed body declares must be the RefHash of the package it names, or the package is refused (InvalidKeyPackage): otherwise a claim could hand out a package under another's ref."
        ),
        "ReservationWindow": .init(
            bugType: .edgeCase,
            description: "A package reserved less than 5 minutes ago (at 300 s still) is not handed out by a claim."),
        "PublishFirstOnly": .init(
            bugType: .knownBug,
            description: "The legacy `publish` action stores only the first item and reports success."),
        "DedupNeverMatches": .init(
            bugType: .knownBug,
            description:
                "The legacy batch de-duplication compares SHA-256 of the bytes with stored RefHashes: it never matches, so the same package is stored again."
        ),
        "ExpiredUpload": .init(
            bugType: .edgeCase,
            description:
                "An upload whose expiry is at or before now: the legacy `publish` refuses it (400), a `publishBatch` holding one answers 200 and stores nothing."
        ),
        "BatchFailsWhole": .init(
            bugType: .knownBug,
            description:
                "The legacy batch validates every item first: one bad item fails the whole batch, answered HTTP 200 with succeeded 0 (a client reading the status alone believes it published)."
        ),
        "ReserveEveryRow": .init(
            bugType: .edgeCase,
            description:
                "The legacy reservation is an UPDATE of every free row with the hash: a package stored twice is reserved in each row; no row changed is a refusal."
        ),
        "PerOwner": .init(
            bugType: .edgeCase,
            description: "The legacy de-duplication looks among the uploading user's rows only (owner_did)."),
        "UnconsumedLimit": .init(
            bugType: .edgeCase, description: "The legacy server refuses (429) past 100 unconsumed packages per user."),
        "CapPerOwner": .init(
            bugType: .knownBug,
            description:
                "The legacy limits count the user, not the device: the sweep keeps the newest 200 per owner DID, so one device's uploads evict another's."
        ),
        "RateLimit": .init(bugType: .edgeCase, description: "At most 200 uploads per user per hour (429)."),
        "Sweep": .init(
            bugType: .edgeCase,
            description: "The cleanup: expired strictly before now, consumed over 24 h, unconsumed over 7 days."),
        "LegacyBugFixed": .init(
            bugType: .knownBug,
            description:
                "What the legacy flow should answer with its bug fixed; `deployedAnswer` holds what mls-ds@5278d0ce answers."
        ),
    ]

    static let registration: [String: VectorNote] = [
        "WelcomeInvalidation": .init(
            bugType: .edgeCase,
            description:
                "A re-registration (by deviceUUID or by signature key) marks the user's unconsumed Welcomes consumed, before the device row is updated; a new device or a token update does not."
        ),
        "OtherDevicesWelcomes": .init(
            bugType: .knownBug,
            description:
                "The Welcomes are consumed by recipient DID, the user: those waiting for the user's other devices, whose KeyPackages are still good, are lost too, so those devices never join."
        ),
        "Registration": .init(
            bugType: .basic,
            description:
                "The legacy server's registerDevice as a trace; devices are named by their order of creation (upstream's device ids are random)."
        ),
        "ReRegistration": .init(
            bugType: .basic,
            description: "The same (user, deviceUUID) registers again: the device id is kept, its KeyPackages replaced."
        ),
        "RestoreByKey": .init(
            bugType: .basic,
            description:
                "No device with that deviceUUID, but one with the same signature key: the restore path; the stored deviceUUID becomes the new one, or none."
        ),
        "NoTransaction": .init(
            bugType: .knownBug,
            description:
                "The legacy server deletes the device's KeyPackages before anything else can fail and without a transaction: a failing or empty re-registration leaves the device with none."
        ),
        "DeviceLimit": .init(
            bugType: .edgeCase,
            description:
                "Ten devices per user; the eleventh new one is refused with 429; re-registrations are not counted."),
        "Proposal": .init(
            bugType: .functionality,
            description:
                "The design document's registration (seed 003): a device registers its own key once, and a device that still has its key asks getDeviceByPublicKey which device it is."
        ),
        "KeyUniquePerUser": .init(
            bugType: .legacy,
            description:
                "The design's unique index is (user_did, signature_public_key): another user may register the same key. The clean server's key_id is unique across users, and PushProof's durable store refuses it (SIGNATURE_KEY_IN_USE)."
        ),
        "Unchecked": .init(
            bugType: .leniency,
            description:
                "The legacy server never compares an upload's cipherSuite string with the KeyPackage's suite, its expires with the leaf's lifetime, or the leaf's signature key with the key the device registers: all are stored."
        ),
        "KeyLength": .init(
            bugType: .modifiedParameter, description: "The signature key is exactly 32 bytes (legacy: 400)."),
        "KeyPackageCount": .init(bugType: .edgeCase, description: "1 to 200 KeyPackages per registration (400)."),
        "SilentSkip": .init(
            bugType: .knownBug,
            description:
                "A KeyPackage that does not decode, is empty, expired or fails validation is skipped and only logged; the registration still answers 200, possibly with none stored."
        ),
        "NoDuplicateCheck": .init(
            bugType: .knownBug, description: "Nothing stops the same KeyPackage from being stored twice."),
        "DeviceName": .init(
            bugType: .edgeCase,
            description:
                "Control characters, U+FEFF and U+200B removed, 100 Unicode scalars kept, blank names refused (400)."),
        "NameCutAfterFilter": .init(
            bugType: .edgeCase,
            description:
                "The name is filtered before it is cut, and judged blank after: removed characters never count toward the 100 scalars, kept invisible ones (U+200C, U+00AD, U+180E) do, and a name whose first 100 kept scalars are white space is refused."
        ),
        "Clock": .init(
            bugType: .edgeCase,
            description:
                "A KeyPackage's declared expiry must be after now; the clock and an expiry hold every value up to 2^63 - 1 seconds."
        ),
        "PushToken": .init(bugType: .basic, description: "A push token sent with the registration is stored."),
        "CanonicalEquivalence": .init(
            bugType: .edgeCase,
            description:
                "DIDs or device UUIDs in canonically (or compatibly) equivalent spellings (é precomposed and decomposed, U+212A KELVIN SIGN and K, U+2126 OHM SIGN and Ω, U+212B ANGSTROM SIGN, Å and A + U+030A, the ligature ﬁ and fi, fullwidth letters): the server compares them in SQL on TEXT under PostgreSQL's deterministic default collation, byte for byte, so another spelling is another user or device, where Swift's String == or a normalising comparison would take them for one."
        ),
        "UpdateToken": .init(
            bugType: .legacy,
            description:
                "No KeyPackages and a push token: updateToken, by deviceUUID or else the most recently registered device, under the caller's DID as given (not split); a missing device is 404."
        ),
    ]
}
