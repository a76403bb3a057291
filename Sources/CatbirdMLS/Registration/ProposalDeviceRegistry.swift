/// Device registration as the design document has it (seed 003, "Device-Local Keychain"): each
/// device registers its own 32-byte signature key and gets an MLS identity `did#<device uuid>`;
/// the server keeps `user_devices` with PRIMARY KEY (user_did, device_id) and a UNIQUE index on
/// (user_did, signature_public_key); a device that still has its key (a reinstall on the same
/// hardware) does not register again but asks `getDeviceByPublicKey` which device it is.
///
/// The design names no limits, statuses or device-name rules, and uploads KeyPackages after
/// registering: this model has none of them.
public struct ProposalDeviceRegistry: Sendable {
    public struct Device: Equatable, Sendable {
        /// The order of registration, from 1: the design's device id is a generated UUID.
        public let index: Int
        public let user: String
        public let name: String
        public let signatureKey: [UInt8]
    }

    public private(set) var devices: [Device] = []
    /// Known-bad switches for the mutants: a key registered twice makes a second device (the
    /// synced-key design the document corrects), and a lookup searches every user's devices.
    public var refusesKnownKeys = true
    public var lookupScopedToUser = true

    public init() {}

    /// `registerDevice(deviceName:signaturePublicKey:)` for `user`: a new device, or a refusal
    /// when the key is not 32 bytes or the user already registered it (the unique index).
    public mutating func register(user: String, name: String, signatureKey: [UInt8])
        throws(DeviceRegistrationError) -> Int
    {
        guard signatureKey.count == 32 else { throw .invalidSignatureKey(length: signatureKey.count) }
        guard !refusesKnownKeys || !devices.contains(where: { $0.user == user && $0.signatureKey == signatureKey })
        else { throw .signatureKeyTaken }
        devices.append(Device(index: devices.count + 1, user: user, name: name, signatureKey: signatureKey))
        return devices.count
    }

    /// `getDeviceByPublicKey(userDid:publicKey:)`: the user's device with that key.
    public func lookup(user: String, signatureKey: [UInt8]) throws(DeviceRegistrationError) -> Int {
        guard
            let device = devices.first(where: {
                ($0.user == user || !lookupScopedToUser) && $0.signatureKey == signatureKey
            })
        else {
            throw .deviceNotFound
        }
        return device.index
    }
}
