/// Which device a registration reaches, by signature key, as the durable store decides it: the
/// model that ``KeyPackageStoreAudit`` holds beside the inventory's.
///
/// The rules are PushProof's, taken from both designs: a key the user already registered
/// restores that device, its id kept (the design document's restore by public key, seed 003,
/// and the legacy server's signature-key path); a key another user registered is refused, as
/// the clean server's globally unique `key_id` refuses it (chat_protocol_core.sql@7abba596:353-360);
/// a new key under an id the user already has is refused (the clean server's
/// DeviceAlreadyExists). So no two devices ever share a signature key or a credential.
public struct DeviceKeyRegistry: Sendable {
    public struct Device: Equatable, Sendable {
        public let user: String
        public let deviceId: String
        public let signatureKey: [UInt8]
    }

    public enum Decision: Equatable, Sendable {
        case new
        case restore(deviceId: String)
        case refused(code: String)
    }

    public private(set) var devices: [Device] = []

    public init() {}

    /// Where a registration of `signatureKey` under `deviceId` for `user` goes; nothing changes.
    public func decide(user: String, deviceId: String, signatureKey: [UInt8]) -> Decision {
        if let mine = devices.first(where: { $0.signatureKey == signatureKey }) {
            return mine.user == user ? .restore(deviceId: mine.deviceId) : .refused(code: "SIGNATURE_KEY_IN_USE")
        }
        if devices.contains(where: { $0.user == user && $0.deviceId == deviceId }) {
            return .refused(code: "DEVICE_ALREADY_EXISTS")
        }
        return .new
    }

    /// Records a new device (after ``decide(user:deviceId:signatureKey:)`` said `.new` and its
    /// batch was stored).
    public mutating func add(user: String, deviceId: String, signatureKey: [UInt8]) {
        devices.append(Device(user: user, deviceId: deviceId, signatureKey: signatureKey))
    }
}
