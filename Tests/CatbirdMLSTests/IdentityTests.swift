import CatbirdMLS
import PropertyBased
import PushProofCrypto
import Testing

@Suite struct BareDidTests {
    @Test(arguments: [
        "did:plc:ewvi7nxzyoun6zhxrhs64oiz", "did:plc:aaaaaaaaaaaaaaaaaaaaaaaa", "did:plc:222222222222222222222277",
        "did:web:a.co", "did:web:catbird.blue", "did:web:xn--bcher-kva.example.com", "did:web:a-b.c-d.org",
    ])
    func accepted(_ text: String) throws {
        #expect(try BareDid(parsing: text).text == text)
    }

    @Test(arguments: [
        "did:plc:ewvi7nxzyoun6zhxrhs64oi", "did:plc:ewvi7nxzyoun6zhxrhs64oizz", "did:plc:ewvi7nxzyoun6zhxrhs64oi1",
        "did:plc:EWVI7NXZYOUN6ZHXRHS64OIZ", "did:plc:ewvi7nxzyoun6zhxrhs64oi=", "did:key:z6Mkabc", "did:web:a.c",
        "did:web:localhost", "did:web:a.test", "did:web:a.onion", "did:web:a.co.", "did:web:A.co", "did:web:.a.co",
        "did:web:a..co", "did:web:-a.co", "did:web:a-.co", "did:web:a.1co", "did:web:10.0.0.1", "did:web:a.co%3A80",
        "did:web:a.co:path", "did:web:a_b.co", "did:web:ä.co", "", "did:plc:",
    ])
    func refused(_ text: String) {
        #expect(throws: CatbirdIdentityError.self) { try BareDid(parsing: text) }
    }

    @Test func hostAndLabelLimits() throws {
        let label63 = String(repeating: "a", count: 63)
        #expect(throws: Never.self) { try BareDid(parsing: "did:web:\(label63).co") }
        #expect(throws: CatbirdIdentityError.self) { try BareDid(parsing: "did:web:a\(label63).co") }
        let host253 = [label63, label63, label63, String(repeating: "d", count: 61)].joined(separator: ".")
        #expect(host253.utf8.count == 253)
        #expect(throws: Never.self) { try BareDid(parsing: "did:web:\(host253)") }
        #expect(throws: CatbirdIdentityError.self) { try BareDid(parsing: "did:web:\(host253)d") }
    }

    @Test func everyReservedTopLevelDomainIsRefused() {
        for tld in BareDid.reservedTopLevelDomains {
            #expect(throws: CatbirdIdentityError.self) { try BareDid(parsing: "did:web:catbird.\(tld)") }
        }
    }
}

@Suite struct DeviceIdTests {
    @Test func variantsAndVersions() throws {
        let base = Array("3f2c8a4e-9b1d-4c7e-a5f0-6d8e2b1c9a47")
        for version in "0123456789abcdef" {
            for variant in "0123456789abcdef" {
                var chars = base
                chars[14] = version
                chars[19] = variant
                let ok = version == "4" && "89ab".contains(variant)
                #expect(((try? DeviceId(parsing: String(chars))) != nil) == ok, "\(version) \(variant)")
            }
        }
    }

    @Test func onlyTheCanonicalSpellingIsAccepted() async {
        await propertyCheck(count: 200, input: Gen<UInt8>.value(in: 0...255).array(of: 16)) { bytes in
            var b = bytes
            b[6] = b[6] & 0x0F | 0x40
            b[8] = b[8] & 0x3F | 0x80
            let hex = Hex.encode(b)
            let i = hex.startIndex
            func part(_ a: Int, _ z: Int) -> Substring { hex[hex.index(i, offsetBy: a)..<hex.index(i, offsetBy: z)] }
            let text = [part(0, 8), part(8, 12), part(12, 16), part(16, 20), part(20, 32)].joined(separator: "-")
            #expect((try? DeviceId(parsing: text))?.text == text)
            if text.uppercased() != text {
                #expect(throws: CatbirdIdentityError.self) { try DeviceId(parsing: text.uppercased()) }
            }
        }
    }
}

@Suite struct TimestampTests {
    @Test func knownInstants() throws {
        #expect(try CanonicalTimestamp(parsing: "1970-01-01T00:00:00.000Z").unixMilliseconds == 0)
        #expect(try CanonicalTimestamp(parsing: "2026-08-01T00:00:00.000Z").unixMilliseconds == 1_785_542_400_000)
        #expect(try CanonicalTimestamp(parsing: "2000-02-29T12:34:56.789Z").unixMilliseconds == 951_827_696_789)
        #expect(try CanonicalTimestamp(parsing: "0001-01-01T00:00:00.000Z").unixMilliseconds == -62_135_596_800_000)
    }

    @Test(arguments: [
        "2026-02-29T00:00:00.000Z", "2100-02-29T00:00:00.000Z", "2026-04-31T00:00:00.000Z", "2026-12-31T23:59:60.000Z",
        "2026-01-01T24:00:00.000Z", "2026-01-01T00:60:00.000Z", "2026-00-01T00:00:00.000Z", "2026-01-00T00:00:00.000Z",
        "0000-01-01T00:00:00.000Z", "2026-01-01T00:00:00Z", "2026-01-01T00:00:00.000z", "2026-01-01 00:00:00.000Z",
        "2026-01-01T00:00:00.000+00:00", "+2026-01-01T00:00:00.000Z", "2026-1-01T00:00:00.000Z",
    ])
    func refused(_ text: String) {
        #expect(throws: CatbirdIdentityError.self) { try CanonicalTimestamp(parsing: text) }
    }

    /// Every instant of years 1 to 9999 prints to one spelling that parses back to it.
    @Test func printsAndParsesBack() async {
        let first: Int64 = -62_135_596_800_000
        let last: Int64 = 253_402_300_799_999
        await propertyCheck(count: 1000, input: Gen<Int64>.int64(in: first...last)) { ms in
            let t = CanonicalTimestamp(unixMilliseconds: ms)
            guard let text = t.text else {
                Issue.record("no spelling for \(ms)")
                return
            }
            #expect((try? CanonicalTimestamp(parsing: text)) == t, "\(text)")
        }
        #expect(CanonicalTimestamp(unixMilliseconds: first - 1).text == nil)
        #expect(CanonicalTimestamp(unixMilliseconds: last + 1).text == nil)
    }

    @Test func signedAtWindowEndsAreIncluded() throws {
        let now = try CanonicalTimestamp(parsing: "2026-08-01T12:00:00.000Z")
        for (offset, ok) in [(-300_001, false), (-300_000, true), (0, true), (60_000, true), (60_001, false)]
            as [(Int64, Bool)]
        {
            let at = CanonicalTimestamp(unixMilliseconds: now.unixMilliseconds + offset)
            #expect(((try? SignedAtWindow.check(signedAt: at, now: now)) == offset) == ok, "\(offset)")
        }
    }
}

@Suite struct DeviceIdentityTests {
    @Test func credentialIdentityAndKeyId() throws {
        let did = try BareDid(parsing: "did:plc:ewvi7nxzyoun6zhxrhs64oiz")
        let device = try DeviceId(parsing: "3f2c8a4e-9b1d-4c7e-a5f0-6d8e2b1c9a47")
        #expect(
            DeviceIdentity.credentialIdentity(did: did, deviceId: device)
                == "did:plc:ewvi7nxzyoun6zhxrhs64oiz#3f2c8a4e-9b1d-4c7e-a5f0-6d8e2b1c9a47")
        let key = try Ed25519.PublicKey(rawBytes: [UInt8](repeating: 0, count: 32))
        // SHA-256 of 32 zero bytes, base64url without padding.
        #expect(DeviceIdentity.keyId(key) == "Zmh6rfhivXdsj8GLjp-OIAiXFIVu4jOzkCpZHQ1fKSU")
    }

    /// The legacy identity is the owner's DID as it is; the design's is `did#deviceId` joined as
    /// given; the clean protocol's reads back, at its first `#`, as the DID and device id it was
    /// made of, which the design's join does not always do.
    @Test func legacyAndDesignIdentities() throws {
        #expect(DeviceIdentity.legacyCredentialIdentity(ownerDid: "did:plc:JOSH") == "did:plc:JOSH")
        #expect(
            DeviceIdentity.designCredentialIdentity(did: "did:plc:josh", deviceId: "iphone-uuid")
                == "did:plc:josh#iphone-uuid")
        let did = try BareDid(parsing: "did:plc:ewvi7nxzyoun6zhxrhs64oiz")
        let device = try DeviceId(parsing: "3f2c8a4e-9b1d-4c7e-a5f0-6d8e2b1c9a47")
        let clean = DeviceIdentity.credentialIdentity(did: did, deviceId: device)
        #expect(try DeviceIdentity.legacySplit(clean) == (did.text, device.text))
        let joined = DeviceIdentity.designCredentialIdentity(did: "did:plc:josh#admin", deviceId: device.text)
        #expect(try DeviceIdentity.legacySplit(joined) == ("did:plc:josh", "admin#\(device.text)"))
        #expect(throws: CatbirdIdentityError.self) { try BareDid(parsing: "did:plc:josh#admin") }
    }

    @Test func legacySplit() throws {
        #expect(try DeviceIdentity.legacySplit("did:plc:x#a#b") == ("did:plc:x", "a#b"))
        #expect(try DeviceIdentity.legacySplit("did:plc:x") == ("did:plc:x", ""))
        #expect(try DeviceIdentity.legacySplit("") == ("", ""))
        for bad in ["#a", "did#", "#"] {
            #expect(throws: CatbirdIdentityError.invalidDeviceDid("an empty half around `#`")) {
                try DeviceIdentity.legacySplit(bad)
            }
        }
    }
}
