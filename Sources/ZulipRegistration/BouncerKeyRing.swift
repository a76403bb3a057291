import PushProofCrypto

/// The bouncer's registration keys: a map from public key (standard base64, compared as the
/// exact string, as the deployed bouncer does) to key pair. Each app release bakes in one
/// public key; older keys stay in the ring so older releases keep working, until an operator
/// retires them. A retired key's secret half is dropped (and so zeroized).
public struct BouncerKeyRing: Sendable {
    public enum Lookup: Sendable {
        case active(X25519.KeyPair)
        case retired
        case unknown
    }

    public enum RingError: Error, Equatable, Sendable {
        case alreadyPresent
        case notActive
    }

    private var active: [String: X25519.KeyPair] = [:]
    private var retired: Set<String> = []

    public init(keyPairs: [X25519.KeyPair] = []) {
        for pair in keyPairs { active[Base64.encode(pair.publicKey.rawBytes)] = pair }
    }

    /// The public keys that registrations may be sealed to, sorted.
    public var activePublicKeys: [String] { active.keys.sorted() }

    /// Adds a key pair. Re-adding a retired key is refused: its releases were cut off on purpose.
    public mutating func add(_ pair: X25519.KeyPair) throws(RingError) {
        let key = Base64.encode(pair.publicKey.rawBytes)
        guard active[key] == nil, !retired.contains(key) else { throw .alreadyPresent }
        active[key] = pair
    }

    /// Retires the key pair with this public key.
    public mutating func retire(publicKey: String) throws(RingError) {
        guard active.removeValue(forKey: publicKey) != nil else { throw .notActive }
        retired.insert(publicKey)
    }

    public func lookup(publicKey: String) -> Lookup {
        if let pair = active[publicKey] { return .active(pair) }
        return retired.contains(publicKey) ? .retired : .unknown
    }
}
