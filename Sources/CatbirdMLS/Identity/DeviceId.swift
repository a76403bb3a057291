/// A device id (`validation.rs` `CanonicalUuidV4::parse`): a UUID version 4 with the RFC 4122 variant, in its canonical lower-case form
/// `xxxxxxxx-xxxx-4xxx-[89ab]xxx-xxxxxxxxxxxx`.
public struct DeviceId: Equatable, Sendable {
    public let text: String

    public init(parsing text: String) throws(CatbirdIdentityError) {
        let b = Array(text.utf8)
        guard b.count == 36 else { throw .invalidDeviceId("a device id is 36 characters") }
        for (i, c) in b.enumerated() {
            if [8, 13, 18, 23].contains(i) {
                guard c == UInt8(ascii: "-") else { throw .invalidDeviceId("hyphens at 8, 13, 18 and 23") }
            } else {
                guard
                    (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(c)
                        || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(c)
                else {
                    throw .invalidDeviceId("lower-case hex digits only")
                }
            }
        }
        guard b[14] == UInt8(ascii: "4") else { throw .invalidDeviceId("not version 4") }
        guard [UInt8(ascii: "8"), UInt8(ascii: "9"), UInt8(ascii: "a"), UInt8(ascii: "b")].contains(b[19]) else {
            throw .invalidDeviceId("not the RFC 4122 variant")
        }
        self.text = text
    }
}
