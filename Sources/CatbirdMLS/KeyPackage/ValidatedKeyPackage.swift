/// An accepted KeyPackage and its KeyPackageRef (RFC 9420 §5.2).
public struct ValidatedKeyPackage: Equatable, Sendable {
    public var keyPackage: KeyPackage
    public var ref: [UInt8]

    public init(keyPackage: KeyPackage, ref: [UInt8]) {
        self.keyPackage = keyPackage
        self.ref = ref
    }
}
