/// Which system a vector group describes: `deployed` (what the pinned upstream code does),
/// `hardened` (PushProof's stricter rules) and `proposal` (the design documents) are shared; a
/// suite may name more in its own folder
/// (`extension Profile { static let legacy: Profile = "legacy" }`). The profile is read once, at
/// the edge (a vector group, or a request of the adapter protocol), and reaches handlers typed.
public struct Profile: RawRepresentable, Hashable, Comparable, Sendable, ExpressibleByStringLiteral,
    CustomStringConvertible
{
    public let rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { self.rawValue = value }

    public static let deployed: Profile = "deployed"
    public static let proposal: Profile = "proposal"
    /// PushProof's own stricter recommendations, each vector with its reason and bug type, on the
    /// same kinds of inputs as `deployed` (docs/provenance.md).
    public static let hardened: Profile = "hardened"

    public var description: String { rawValue }
    public static func < (a: Profile, b: Profile) -> Bool { a.rawValue < b.rawValue }

    /// The protocol module's profile that runs a request of this profile, where the module has
    /// no `hardened` profile of its own: a hardened request runs the deployed code, and the
    /// handler switches PushProof's stricter rules on. The one place that fallback is written.
    public func moduleProfile<P: RawRepresentable>(_ type: P.Type) throws(InputError) -> P
    where P.RawValue == String {
        try (self == .hardened ? Profile.deployed : self).as(type)
    }

    /// The protocol module's own profile type with the same name, e.g. `RegistrationProfile`.
    public func `as`<P: RawRepresentable>(_ type: P.Type) throws(InputError) -> P where P.RawValue == String {
        guard let p = P(rawValue: rawValue) else { throw InputError("profile `\(rawValue)` is not one of \(P.self)") }
        return p
    }
}
