import PushProofCrypto

/// The legacy server's device registration (`blue.catbird.mlsChat.registerDevice`,
/// mls-ds@5278d0ce `server/src/handlers/mls_chat/register_device.rs`, "RD" below): the devices of
/// each user and the KeyPackages each registration stores, modelled step by step, its bugs
/// included (no transaction, KeyPackages that fail silently, the device limit counted before the
/// insert, a re-registration that consumes the Welcomes waiting for the user's other devices).
public struct LegacyDeviceRegistry: Sendable {
    public static let maximumDevices = 10
    public static let maximumKeyPackages = 200
    public static let deviceNameLimit = 100

    public struct Device: Equatable, Sendable {
        /// The order of creation, from 1: upstream's device id is a random UUID, so vectors name
        /// devices by this index.
        public let index: Int
        public let user: String
        public var name: String
        public var deviceUUID: String?
        public var signatureKey: [UInt8]
        public var pushToken: String?
        /// The registration sequence number of the last (re-)registration (upstream's registered_at).
        public var registeredAt: Int
    }

    /// A Welcome the server holds: a group creator addressed it to one of a device's KeyPackages
    /// (`recipient_did` = the device's user, `key_package_hash` = that KeyPackage;
    /// create_convo.rs:487-540). Numbered from 1 in the order stored.
    public struct PendingWelcome: Equatable, Sendable {
        public let index: Int
        public let deviceIndex: Int
        public let user: String
        public var consumed: Bool
    }

    public struct StoredKeyPackage: Equatable, Sendable {
        public let ref: [UInt8]
        public let deviceIndex: Int
        public let expires: UInt64
    }

    /// One upload in a registration: standard base64 of a raw KeyPackage, the expiry the client
    /// declares (unix seconds; never compared with the KeyPackage's own lifetime), and the
    /// lexicon's `cipherSuite` string (never compared with the KeyPackage's suite: kept only so
    /// that a trace can carry it).
    public struct Upload: Sendable {
        public let base64: String
        public let expires: UInt64
        public let cipherSuite: String?
        public init(base64: String, expires: UInt64, cipherSuite: String? = nil) {
            self.base64 = base64
            self.expires = expires
            self.cipherSuite = cipherSuite
        }
    }

    public struct Registration: Sendable {
        public let deviceName: String
        public let deviceUUID: String?
        public let signatureKey: [UInt8]
        public let keyPackages: [Upload]
        public let pushToken: String?
        public init(
            deviceName: String, deviceUUID: String?, signatureKey: [UInt8], keyPackages: [Upload], pushToken: String?
        ) {
            self.deviceName = deviceName
            self.deviceUUID = deviceUUID
            self.signatureKey = signatureKey
            self.keyPackages = keyPackages
            self.pushToken = pushToken
        }
    }

    /// How the server found the device.
    public enum Path: String, Sendable {
        case new
        /// The same `(user, deviceUUID)` (RD:148-221).
        case deviceUUID
        /// The same `(user, signature key)`: the restore-by-key path (RD:230-297).
        case signatureKey
        /// `updateToken`: no KeyPackages and a push token (RD:45-61, 502-554).
        case tokenUpdate
    }

    public struct Outcome: Equatable, Sendable {
        public let deviceIndex: Int
        public let path: Path
        public let stored: Int
        /// Uploads skipped silently (RD:348-381): their position and why.
        public let skipped: [(index: Int, reason: String)]
        /// On a re-registration (by deviceUUID or signature key), how many Welcomes it marked
        /// consumed (upstream logs this count); nil on the other paths.
        public var welcomesInvalidated: Int? = nil

        public static func == (a: Outcome, b: Outcome) -> Bool {
            a.deviceIndex == b.deviceIndex && a.path == b.path && a.stored == b.stored
                && a.welcomesInvalidated == b.welcomesInvalidated
                && a.skipped.map(\.index) == b.skipped.map(\.index)
                && a.skipped.map(\.reason) == b.skipped.map(\.reason)
        }
    }

    /// Whether a registration with a known signature key restores that device (upstream: yes).
    /// Off, two devices end up sharing one key: a known-bad registry for the mutants.
    public var restoresBySignatureKey = true
    /// Whether a re-registration marks the user's unconsumed Welcomes consumed (upstream: yes,
    /// all of them). Off: a known-bad registry for the mutants.
    public var invalidatesWelcomes = true

    public private(set) var devices: [Device] = []
    public private(set) var keyPackages: [StoredKeyPackage] = []
    public private(set) var welcomes: [PendingWelcome] = []
    private var sequence = 0

    public init() {}

    /// The device name as stored (RD:93-104): control characters (Unicode Cc), U+FEFF and U+200B
    /// removed, the first 100 scalars kept; refused when nothing but white space is left.
    public static func cleanName(_ name: String) throws(DeviceRegistrationError) -> String {
        let kept = name.unicodeScalars.filter {
            $0.properties.generalCategory != .control && $0.value != 0xFEFF && $0.value != 0x200B
        }.prefix(deviceNameLimit)
        guard kept.contains(where: { !$0.properties.isWhitespace }) else {
            throw .invalidDeviceName("the device name is blank once control characters are removed")
        }
        return String(String.UnicodeScalarView(kept))
    }

    /// Registers (or re-registers) a device of the user in `authDid` (a bare DID, or
    /// `did#device`), at `now`.
    public mutating func register(authDid: String, _ r: Registration, now: UInt64) throws(DeviceRegistrationError)
        -> Outcome
    {
        if r.keyPackages.isEmpty, let token = r.pushToken {
            return try updateToken(authDid: authDid, name: r.deviceName, deviceUUID: r.deviceUUID, token: token)
        }
        let user: String
        do { user = try DeviceIdentity.legacySplit(authDid).did } catch {
            throw .invalidDeviceDid("the caller's DID has an empty part around `#`")
        }
        let name = try Self.cleanName(r.deviceName)
        guard r.signatureKey.count == 32 else { throw .invalidSignatureKey(length: r.signatureKey.count) }
        guard (1...Self.maximumKeyPackages).contains(r.keyPackages.count) else {
            throw .invalidKeyPackageCount(r.keyPackages.count)
        }
        sequence += 1
        let index: Int
        let path: Path
        var invalidated: Int?
        if let uuid = r.deviceUUID,
            let i = devices.firstIndex(where: { same($0.user, user) && same($0.deviceUUID, uuid) })
        {
            // Old KeyPackages go first, with no transaction (RD:171-181), then the user's
            // pending Welcomes (RD:183-200); then the row update can fail on
            // UNIQUE(user_did, signature_public_key) (GF:575), answered 500.
            dropKeyPackages(of: devices[i].index)
            invalidated = invalidateWelcomes(of: user)
            if devices.contains(where: {
                same($0.user, user) && $0.index != devices[i].index && $0.signatureKey == r.signatureKey
            }) {
                throw .signatureKeyTaken
            }
            devices[i].name = name
            devices[i].signatureKey = r.signatureKey
            devices[i].registeredAt = sequence
            (index, path) = (devices[i].index, .deviceUUID)
        } else if restoresBySignatureKey,
            let i = devices.firstIndex(where: { same($0.user, user) && $0.signatureKey == r.signatureKey })
        {
            dropKeyPackages(of: devices[i].index)
            invalidated = invalidateWelcomes(of: user)  // RD:263-279
            devices[i].name = name
            devices[i].deviceUUID = r.deviceUUID  // NULL when absent (RD:281-297)
            devices[i].registeredAt = sequence
            (index, path) = (devices[i].index, .signatureKey)
        } else {
            let count = devices.filter { same($0.user, user) }.count
            guard count < Self.maximumDevices else { throw .tooManyDevices(count) }
            let next = (devices.map(\.index).max() ?? 0) + 1
            devices.append(
                Device(
                    index: next, user: user, name: name, deviceUUID: r.deviceUUID, signatureKey: r.signatureKey,
                    pushToken: nil, registeredAt: sequence))
            (index, path) = (next, .new)
        }
        var stored = 0
        var skipped: [(index: Int, reason: String)] = []
        for (position, upload) in r.keyPackages.enumerated() {
            guard let bytes = try? Base64.decode(upload.base64) else {
                skipped.append((position, "BAD_BASE64"))
                continue
            }
            guard !bytes.isEmpty else {
                skipped.append((position, "EMPTY"))
                continue
            }
            guard upload.expires > now else {
                skipped.append((position, "EXPIRED"))
                continue
            }
            do {
                let accepted = try LegacyKeyPackageValidation.validate(
                    KeyPackageUpload(bytes: bytes, expectedIdentity: user, now: now))
                keyPackages.append(StoredKeyPackage(ref: accepted.ref, deviceIndex: index, expires: upload.expires))
                stored += 1
            } catch {
                skipped.append((position, error.code))
            }
        }
        if let token = r.pushToken, let i = devices.firstIndex(where: { $0.index == index }) {
            devices[i].pushToken = token
        }
        var outcome = Outcome(deviceIndex: index, path: path, stored: stored, skipped: skipped)
        outcome.welcomesInvalidated = invalidated
        return outcome
    }

    /// Stores a Welcome for device `deviceIndex` (as a group creator's createConvo does); its
    /// number, or nil when there is no such device.
    public mutating func storeWelcome(for deviceIndex: Int) -> Int? {
        guard let device = devices.first(where: { $0.index == deviceIndex }) else { return nil }
        welcomes.append(
            PendingWelcome(index: welcomes.count + 1, deviceIndex: deviceIndex, user: device.user, consumed: false))
        return welcomes.count
    }

    /// RD:183-200 and 263-279: `UPDATE welcome_messages SET consumed = true WHERE recipient_did =
    /// user AND consumed = false`. The Welcomes are the user's, not the device's: those waiting
    /// for the user's other devices (whose KeyPackages are still good) are consumed too.
    private mutating func invalidateWelcomes(of user: String) -> Int {
        guard invalidatesWelcomes else { return 0 }
        var count = 0
        for i in welcomes.indices where same(welcomes[i].user, user) && !welcomes[i].consumed {
            welcomes[i].consumed = true
            count += 1
        }
        return count
    }

    /// `updateToken` (RD:502-554): the raw caller DID (not split), the device by UUID or else the
    /// most recently registered one; a non-empty name is written as given.
    private mutating func updateToken(authDid: String, name: String, deviceUUID: String?, token: String)
        throws(DeviceRegistrationError) -> Outcome
    {
        let mine = devices.indices.filter { same(devices[$0].user, authDid) }
        let found =
            deviceUUID.map { uuid in mine.first { same(devices[$0].deviceUUID, uuid) } }
            ?? mine.max { devices[$0].registeredAt < devices[$1].registeredAt }
        guard let i = found else { throw .deviceNotFound }
        devices[i].pushToken = token
        if !name.isEmpty { devices[i].name = name }
        return Outcome(deviceIndex: devices[i].index, path: .tokenUpdate, stored: 0, skipped: [])
    }

    /// PostgreSQL's `=` on TEXT under a deterministic collation (mls-ds's columns use the
    /// default): equal only when the bytes are, so canonically equivalent spellings of a DID or a
    /// device UUID (é precomposed and decomposed, U+212A and K) are different rows, where Swift's
    /// `String ==` would take them for one.
    private func same(_ stored: String?, _ given: String) -> Bool {
        stored.map { $0.utf8.elementsEqual(given.utf8) } ?? false
    }

    private mutating func dropKeyPackages(of device: Int) {
        keyPackages.removeAll { $0.deviceIndex == device }
    }
}
