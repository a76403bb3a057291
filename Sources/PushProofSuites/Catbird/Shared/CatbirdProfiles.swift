import PushProofConformance

/// The profiles the Catbird suites add to `deployed` and `proposal`.
extension Profile {
    /// The mls-ds server of early 2026 (`blue.catbird.mlsChat.*`, OpenMLS 0.8, bare-DID credentials).
    public static let legacy: Profile = "legacy"
    /// RFC 9420 itself (§7.3, §10.1) with no group: what any MLS implementation must check.
    public static let rfc9420: Profile = "rfc9420"
    /// RFC 9420 §9.2's deletion schedule: what a forward-secret store keeps (epoch keys only).
    public static let strict: Profile = "strict"
}
