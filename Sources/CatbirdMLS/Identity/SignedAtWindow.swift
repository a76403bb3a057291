/// The clean protocol's window for a request's `signedAt`: from 300 s before the server's clock
/// to 60 s after it, both ends included, in milliseconds (`validation.rs`
/// `validate_first_execution_signed_at`).
public enum SignedAtWindow {
    public static let maximumAgeMilliseconds: Int64 = 300_000
    public static let maximumLeadMilliseconds: Int64 = 60_000

    /// The offset of `signedAt` from `now` in milliseconds, if inside the window.
    public static func check(signedAt: CanonicalTimestamp, now: CanonicalTimestamp) throws(CatbirdIdentityError)
        -> Int64
    {
        let offset = signedAt.unixMilliseconds - now.unixMilliseconds
        guard offset >= -maximumAgeMilliseconds, offset <= maximumLeadMilliseconds else {
            throw .signedAtOutOfWindow(offsetMilliseconds: offset)
        }
        return offset
    }
}
