import CatbirdMLS
import PushProofConformance
import PushProofCrypto
import PushProofJSON

/// catbird_identity: bare DIDs, device ids, credential identities, key ids, device keys and the
/// signedAt window.
enum CatbirdIdentityVectors {
    typealias S = CatbirdSources

    static func file() throws -> VectorFileDeclaration {
        let plc = CatbirdFixtures.did
        func did(
            _ comment: String, _ flags: [String], _ text: String, invalid: Bool = false, source: String = S.bareDid
        )
            -> VectorCase
        {
            VectorCase(
                comment: comment, flags: flags, source: source, input: ["did": .string(text)],
                code: invalid ? "INVALID_DID" : nil)
        }
        let longHost = [
            String(repeating: "a", count: 63), String(repeating: "b", count: 63),
            String(repeating: "c", count: 63), String(repeating: "d", count: 61),
        ].joined(separator: ".")
        let dids =
            [
                did("did:plc", ["Normal"], plc),
                did("did:web, two labels", ["DidWeb"], "did:web:catbird.blue", source: S.didWebHost),
                did(
                    "did:web, the shortest (12 bytes)", ["DidWeb", "LengthBoundary"], "did:web:a.co",
                    source: S.didWebHost),
                did("did:web, an IDNA A-label", ["DidWeb"], "did:web:xn--bcher-kva.example.com", source: S.didWebHost),
                did(
                    "did:web, a 63-byte label", ["DidWeb", "LengthBoundary"],
                    "did:web:\(String(repeating: "a", count: 63)).com", source: S.didWebHost),
                did(
                    "did:web, a 253-byte host (261 bytes in all)", ["DidWeb", "LengthBoundary"], "did:web:\(longHost)",
                    source: S.didWebHost),
                did(
                    "did:plc in upper case", ["NonCanonical"],
                    plc.uppercased().replacingOccurrences(of: "DID:PLC:", with: "did:plc:"), invalid: true),
                did("did:plc, 23 characters", ["LengthBoundary"], String(plc.dropLast()), invalid: true),
                did("did:plc, 25 characters", ["LengthBoundary"], plc + "a", invalid: true),
                did("did:plc with `0` (not base32)", ["Alphabet"], String(plc.dropLast()) + "0", invalid: true),
                did("did:plc with `8` (not base32)", ["Alphabet"], String(plc.dropLast()) + "8", invalid: true),
                did("`DID:plc:` prefix", ["NonCanonical"], "DID:plc:" + plc.dropFirst(8), invalid: true),
                did(
                    "did:key", ["OtherMethod"], "did:key:z6MkhaXgBZDvotDkL5257faiztiGiC2QtKLGpbnnEGta2doK",
                    invalid: true),
                did(
                    "a device DID `did#uuid` where a bare DID is expected", ["DeviceDidForBareDid"],
                    CatbirdFixtures.deviceIdentity, invalid: true),
                did("empty", ["LengthBoundary"], "", invalid: true),
                did("did:web:a.c (11 bytes)", ["DidWeb", "LengthBoundary"], "did:web:a.c", invalid: true),
                did("did:web, a 254-byte host", ["DidWeb", "LengthBoundary"], "did:web:\(longHost)d", invalid: true),
                did(
                    "did:web, a 64-byte label", ["DidWeb", "LengthBoundary"],
                    "did:web:\(String(repeating: "a", count: 64)).com", invalid: true, source: S.didWebHost),
                did(
                    "did:web:localhost (one label)", ["DidWeb"], "did:web:localhost", invalid: true,
                    source: S.didWebHost),
                did(
                    "did:web, reserved TLD .test", ["DidWeb"], "did:web:catbird.test", invalid: true,
                    source: S.didWebHost),
                did(
                    "did:web, reserved TLD .local", ["DidWeb"], "did:web:phone.local", invalid: true,
                    source: S.didWebHost),
                did(
                    "did:web, reserved TLD .onion", ["DidWeb"], "did:web:catbirdchatxyz.onion", invalid: true,
                    source: S.didWebHost),
                did(
                    "did:web, a trailing dot", ["DidWeb"], "did:web:catbird.blue.", invalid: true, source: S.didWebHost),
                did(
                    "did:web, upper case", ["DidWeb", "NonCanonical"], "did:web:Catbird.blue", invalid: true,
                    source: S.didWebHost),
                did(
                    "did:web, a port (%3A)", ["DidWeb"], "did:web:catbird.blue%3A8443", invalid: true,
                    source: S.didWebHost),
                did(
                    "did:web, a path", ["DidWeb"], "did:web:catbird.blue:users:alice", invalid: true,
                    source: S.didWebHost),
                did(
                    "did:web, an IPv4 literal", ["DidWeb"], "did:web:192.168.1.10", invalid: true, source: S.didWebHost),
                did(
                    "did:web, a label starting with a hyphen", ["DidWeb"], "did:web:-catbird.blue", invalid: true,
                    source: S.didWebHost),
                did(
                    "did:web, a label ending with a hyphen", ["DidWeb"], "did:web:catbird-.blue", invalid: true,
                    source: S.didWebHost),
                did(
                    "did:web, an empty label", ["DidWeb"], "did:web:catbird..blue", invalid: true, source: S.didWebHost),
                did("did:web, an underscore", ["DidWeb"], "did:web:cat_bird.blue", invalid: true, source: S.didWebHost),
                did("did:web, a Unicode host", ["DidWeb"], "did:web:bücher.example.com", invalid: true),
                // The reserved list is matched against the whole top-level label, never a suffix of it.
                did(
                    "did:web, a top-level label ending in the reserved `test` (.contest)", ["DidWeb"],
                    "did:web:catbird.contest", source: S.didWebHost),
                did(
                    "did:web, a top-level label ending in the reserved `alt` (.cobalt)", ["DidWeb"],
                    "did:web:catbird.cobalt", source: S.didWebHost),
                did(
                    "did:web, three labels, a top-level label ending in `test` (.latest)", ["DidWeb"],
                    "did:web:pds.sandbox.latest", source: S.didWebHost),
                did(
                    "did:web, a top-level label ending in the reserved `local` (.unlocal)", ["DidWeb"],
                    "did:web:x.unlocal", source: S.didWebHost),
            ] + alphabetEdges(plc: plc) { did($0, $1, $2, invalid: $3, source: $4) }
        func device(_ comment: String, _ flags: [String], _ text: String, invalid: Bool = false) -> VectorCase {
            VectorCase(
                comment: comment, flags: flags, source: S.deviceId, input: ["deviceId": .string(text)],
                code: invalid ? "INVALID_DEVICE_ID" : nil)
        }
        let id = CatbirdFixtures.deviceId
        func variant(_ c: Character) -> String {
            var chars = Array(id)
            chars[19] = c
            return String(chars)
        }
        let devices = [
            device("canonical UUIDv4", ["Normal"], id),
            device("variant nibble 8", ["UuidVariant"], variant("8")),
            device("variant nibble 9", ["UuidVariant"], variant("9")),
            device("variant nibble b", ["UuidVariant"], variant("b")),
            device(
                "upper case (what iOS `UUID().uuidString` writes)", ["NonCanonical"], id.uppercased(), invalid: true),
            device("version 1", ["UuidVersion"], id.replacingOccurrences(of: "-4c7e-", with: "-1c7e-"), invalid: true),
            device("version 7", ["UuidVersion"], id.replacingOccurrences(of: "-4c7e-", with: "-7c7e-"), invalid: true),
            device("variant nibble c (Microsoft)", ["UuidVariant"], variant("c"), invalid: true),
            device("variant nibble 7 (NCS)", ["UuidVariant"], variant("7"), invalid: true),
            device("the nil UUID", ["UuidVersion"], "00000000-0000-0000-0000-000000000000", invalid: true),
            device("no hyphens", ["NonCanonical"], id.replacingOccurrences(of: "-", with: ""), invalid: true),
            device("in braces", ["NonCanonical"], "{\(id)}", invalid: true),
            device("urn:uuid: prefix", ["NonCanonical"], "urn:uuid:\(id)", invalid: true),
            device("35 characters", ["LengthBoundary"], String(id.dropLast()), invalid: true),
            device("37 characters", ["LengthBoundary"], id + "0", invalid: true),
            device("a non-hex digit", ["NonCanonical"], String(id.dropLast()) + "g", invalid: true),
        ]
        func credential(
            _ comment: String, _ flags: [String], _ d: String, _ dev: String, code: String? = nil, source: String?
        )
            -> VectorCase
        {
            VectorCase(
                comment: comment, flags: flags, source: source, input: ["did": .string(d), "deviceId": .string(dev)],
                code: code)
        }
        let credentials = [
            credential("did:plc and a device id: `did#deviceId`", ["Normal"], plc, id, source: S.credentialIdentity),
            credential("did:web and a device id", ["DidWeb"], "did:web:catbird.blue", id, source: S.credentialIdentity),
            credential(
                "an upper-case device id", ["NonCanonical"], plc, id.uppercased(), code: "INVALID_DEVICE_ID",
                source: S.deviceId),
            credential(
                "a device DID where the bare DID goes", ["DeviceDidForBareDid"], CatbirdFixtures.deviceIdentity, id,
                code: "INVALID_DID", source: S.bareDid),
            credential(
                "a version-1 device id", ["UuidVersion"], plc, id.replacingOccurrences(of: "-4c7e-", with: "-1c7e-"),
                code: "INVALID_DEVICE_ID", source: S.deviceId),
            credential(
                "a device id without hyphens", ["NonCanonical"], plc, id.replacingOccurrences(of: "-", with: ""),
                code: "INVALID_DEVICE_ID", source: S.deviceId),
            credential(
                "a did:key", ["OtherMethod"], "did:key:z6MkhaXgBZDvotDkL5257faiztiGiC2QtKLGpbnnEGta2doK", id,
                code: "INVALID_DID", source: S.bareDid),
            credential(
                "did:web:localhost", ["DidWeb"], "did:web:localhost", id, code: "INVALID_DID", source: S.didWebHost),
        ]
        func split(_ comment: String, _ flags: [String], _ text: String, invalid: Bool = false) -> VectorCase {
            VectorCase(
                comment: comment, flags: flags, source: S.legacySplit, input: ["deviceDid": .string(text)],
                code: invalid ? "INVALID_DEVICE_DID" : nil)
        }
        let splits = [
            split("did#deviceId", ["Normal"], CatbirdFixtures.deviceIdentity),
            split("no `#`: the whole text is the DID, the device id is empty", ["LegacySingleDevice"], plc),
            split("two `#`: split at the first", ["LegacySplit"], "\(plc)#a#b"),
            split("no DID syntax check", ["Leniency"], "not a did#x"),
            split("the empty string (no `#`)", ["Leniency", "LegacySingleDevice"], ""),
            split("nothing before `#`", ["LegacySplit"], "#\(id)", invalid: true),
            split("nothing after `#`", ["LegacySplit"], "\(plc)#", invalid: true),
            split("only `#`", ["LegacySplit"], "#", invalid: true),
            // Rust's split_once('#') finds the first `#` scalar, whatever clusters it with its
            // neighbours: a split on grapheme clusters misses a `#` a prepended mark or a
            // combining mark joins.
            split(
                "a prepended concatenation mark (U+0601) before `#`: split at the `#` all the same",
                ["LegacySplit", "GraphemeCluster"], "\(plc)\u{601}#\(id)"),
            split(
                "a combining acute accent after `#`: split at the `#`, the accent starts the device id",
                ["LegacySplit", "GraphemeCluster"], "\(plc)#\u{301}\(id)"),
            split(
                "only a prepended mark before `#`: split, the DID is the mark",
                ["LegacySplit", "GraphemeCluster"], "\u{601}#\(id)"),
            split(
                "a combining mark after a lone `#`: nothing before it", ["LegacySplit", "GraphemeCluster"],
                "#\u{301}", invalid: true),
        ]
        let rfc8032 = try Ed25519.KeyPair(
            seed: Hex.decode("9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60")!)
        guard
            Hex.encode(rfc8032.publicKey.rawBytes) == "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a"
        else {
            throw GeneratorError("libsodium disagrees with RFC 8032's first test key")
        }
        func keyIdCase(_ comment: String, _ flags: [String], _ key: [UInt8], invalid: Bool = false) -> VectorCase {
            let expected = invalid ? nil : Base64.encode(SHA256.hash(key), variant: .urlSafeNoPadding)
            return VectorCase(
                comment: comment, flags: flags, source: S.keyId, input: ["publicKey": .string(Hex.encode(key))],
                code: invalid ? "INVALID_SIGNATURE_KEY" : nil,
                check: { answer in
                    guard let expected else { return }
                    guard case .output(let out) = answer, out["keyId"]?.stringValue == expected,
                        expected.utf8.count == 43
                    else {
                        throw GeneratorError("the key id is not 43 characters of base64url(SHA-256(key))")
                    }
                })
        }
        let device = CatbirdFixtures.deviceKey.publicKey.rawBytes
        let keyIds = [
            keyIdCase("the vectors' device key", ["Normal"], device),
            keyIdCase("RFC 8032 test 1 public key", ["KnownAnswer"], rfc8032.publicKey.rawBytes),
            keyIdCase(
                "32 zero bytes (the key id checks the length only)", ["EdgeCase"], [UInt8](repeating: 0, count: 32)),
            keyIdCase("31 bytes", ["LengthBoundary"], Array(device.dropLast()), invalid: true),
            keyIdCase("33 bytes", ["LengthBoundary"], device + [0], invalid: true),
            keyIdCase("empty", ["LengthBoundary"], [], invalid: true),
        ]
        func seedCase(_ comment: String, _ flags: [String], _ seed: [UInt8], invalid: Bool = false) -> VectorCase {
            VectorCase(
                comment: comment, flags: flags, source: S.keyId, input: ["seed": .string(Hex.encode(seed))],
                code: invalid ? "INVALID_SIGNATURE_KEY" : nil)
        }
        let seeds = [
            seedCase(
                "RFC 8032 test 1 seed", ["KnownAnswer"],
                Hex.decode("9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60")!),
            seedCase("the vectors' device seed", ["Normal"], CatbirdFixtures.seed("device-key/1")),
            seedCase(
                "31-byte seed", ["LengthBoundary"], Array(CatbirdFixtures.seed("device-key/1").dropLast()),
                invalid: true),
            seedCase("33-byte seed", ["LengthBoundary"], CatbirdFixtures.seed("device-key/1") + [0], invalid: true),
            seedCase(
                "64 bytes (a libsodium secret key, not a seed)", ["LengthBoundary"],
                CatbirdFixtures.seed("device-key/1") + CatbirdFixtures.deviceKey.publicKey.rawBytes, invalid: true),
        ]
        let now = "2026-08-01T12:00:00.000Z"
        func signed(
            _ comment: String, _ flags: [String], _ at: String, now n: String = now, code: String? = nil,
            source: String = S.signedAt
        ) -> VectorCase {
            VectorCase(
                comment: comment, flags: flags, source: source, input: ["signedAt": .string(at), "now": .string(n)],
                code: code)
        }
        let window =
            [
                signed("signedAt = now", ["Normal"], now),
                signed("300 s before now (the lower end, included)", ["WindowBoundary"], "2026-08-01T11:55:00.000Z"),
                signed(
                    "300.001 s before now", ["WindowBoundary"], "2026-08-01T11:54:59.999Z",
                    code: "SIGNED_AT_OUT_OF_WINDOW"),
                signed("60 s after now (the upper end, included)", ["WindowBoundary"], "2026-08-01T12:01:00.000Z"),
                signed(
                    "60.001 s after now", ["WindowBoundary"], "2026-08-01T12:01:00.001Z",
                    code: "SIGNED_AT_OUT_OF_WINDOW"),
                signed("a day old", ["WindowBoundary"], "2026-07-31T12:00:00.000Z", code: "SIGNED_AT_OUT_OF_WINDOW"),
                signed("across a leap day", ["Calendar"], "2028-02-29T23:59:30.000Z", now: "2028-03-01T00:00:00.000Z"),
                signed("across a year end", ["Calendar"], "2026-12-31T23:58:00.000Z", now: "2027-01-01T00:00:00.000Z"),
                signed(
                    "no milliseconds", ["TimestampSpelling"], "2026-08-01T12:00:00Z", code: "INVALID_TIMESTAMP",
                    source: S.timestamp),
                signed(
                    "two fraction digits", ["TimestampSpelling"], "2026-08-01T12:00:00.00Z", code: "INVALID_TIMESTAMP",
                    source: S.timestamp),
                signed(
                    "microseconds", ["TimestampSpelling"], "2026-08-01T12:00:00.000000Z", code: "INVALID_TIMESTAMP",
                    source: S.timestamp),
                signed(
                    "lower-case z", ["TimestampSpelling"], "2026-08-01T12:00:00.000z", code: "INVALID_TIMESTAMP",
                    source: S.timestamp),
                signed(
                    "lower-case t", ["TimestampSpelling"], "2026-08-01t12:00:00.000Z", code: "INVALID_TIMESTAMP",
                    source: S.timestamp),
                signed(
                    "an offset +00:00", ["TimestampSpelling"], "2026-08-01T12:00:00.000+00:00",
                    code: "INVALID_TIMESTAMP",
                    source: S.timestamp),
                signed(
                    "a space for T", ["TimestampSpelling"], "2026-08-01 12:00:00.000Z", code: "INVALID_TIMESTAMP",
                    source: S.timestamp),
                signed(
                    "29 February of a common year", ["Calendar"], "2026-02-29T12:00:00.000Z",
                    now: "2026-03-01T00:00:00.000Z", code: "INVALID_TIMESTAMP", source: S.timestamp),
                signed(
                    "29 February 2100 (not a leap year)", ["Calendar"], "2100-02-29T00:00:00.000Z",
                    now: "2100-03-01T00:00:00.000Z", code: "INVALID_TIMESTAMP", source: S.timestamp),
                signed(
                    "31 April", ["Calendar"], "2026-04-31T00:00:00.000Z", code: "INVALID_TIMESTAMP", source: S.timestamp
                ),
                signed(
                    "a leap second :60", ["Calendar"], "2026-12-31T23:59:60.000Z", code: "INVALID_TIMESTAMP",
                    source: S.timestamp),
                signed(
                    "hour 24", ["Calendar"], "2026-08-01T24:00:00.000Z", code: "INVALID_TIMESTAMP", source: S.timestamp),
                signed(
                    "month 13", ["Calendar"], "2026-13-01T00:00:00.000Z", code: "INVALID_TIMESTAMP", source: S.timestamp
                ),
                signed(
                    "year 0000", ["Calendar"], "0000-01-01T00:00:00.000Z", code: "INVALID_TIMESTAMP",
                    source: S.timestamp),
                signed(
                    "a bad `now` is refused too", ["TimestampSpelling"], now, now: "2026-08-01T12:00:00Z",
                    code: "INVALID_TIMESTAMP", source: S.timestamp),
            ] + calendarEdges { signed($0, $1, $2, now: $3, code: $4, source: $5) }
        let proposalCredentials = CredentialIdentityCases.proposal()
        return VectorFileDeclaration(
            name: "catbird_identity", protocolName: "catbird-mls-identity", notes: CatbirdIdentityNotes.catalogue,
            header: [
                "Catbird device identity: bare DIDs, canonical UUIDv4 device ids, the MLS credential identity, Ed25519 key ids and device keys, and the signedAt window.",
                "deployed: the clean protocol (blue.catbird.chat, validation.rs); legacy: the early-2026 server; proposal: the design document (seed 003).",
            ],
            groups: [
                .init(
                    operation: .catbirdBareDid,
                    description: "A user's bare DID: did:plc or restricted did:web.", ids: .block(1...100), cases: dids),
                .init(
                    operation: .catbirdDeviceId,
                    description: "A device id: canonical lower-case UUIDv4, RFC 4122 variant.", ids: .block(101...200),
                    cases: devices),
                .init(
                    operation: .catbirdCredentialIdentity,
                    description: "The MLS BasicCredential identity of a device: `did#deviceId`.",
                    ids: .block(201...250), cases: credentials),
                .init(
                    operation: .catbirdCredentialIdentity, profile: .legacy,
                    description:
                        "The legacy server's credential identity: the owner's DID as it is; the device id is not read.",
                    ids: .block(251...270), cases: CredentialIdentityCases.legacy()),
                .init(
                    operation: .catbirdCredentialIdentity, profile: .proposal,
                    description:
                        "The seed's credential identity, `did#deviceId`. The design names no grammar for either part: PushProof reads the clean protocol's, and where it refuses, the design's join passes too.",
                    ids: .block(271...300), cases: proposalCredentials),
                .init(
                    operation: .catbirdSplitDeviceDid, profile: .legacy,
                    description: "The legacy server's reading of a device DID: split at the first `#`.",
                    ids: .block(301...400), cases: splits),
                .init(
                    operation: .catbirdKeyId,
                    description: "keyId: base64url without padding of SHA-256 of the 32-byte Ed25519 public key.",
                    ids: .block(401...450), cases: keyIds),
                .init(
                    operation: .catbirdDeviceKey,
                    description: "A device's Ed25519 key from its 32-byte seed, and its key id.",
                    ids: .block(451...500), cases: seeds),
                .init(
                    operation: .catbirdSignedAt,
                    description:
                        "signedAt within [now - 300 s, now + 60 s], both canonical timestamps; the answer is the offset in ms.",
                    ids: .block(501...600), cases: window),
                .init(
                    operation: .catbirdCredentialIdentity, profile: .hardened,
                    description:
                        "PushProof's advice to an implementation of the design: the clean protocol's bare DID and device id, each test with its reason.",
                    ids: .block(601...650),
                    cases: CredentialIdentityCases.hardened(
                        firstProposalId: 271 + proposalCredentials.count - CredentialIdentityCases.silent.count)),
                .init(
                    operation: .catbirdBareDid,
                    description: "A user's bare DID: the cases of mls-ds's own identity tests.",
                    ids: .block(701...720),
                    cases: upstreamTestCases(for: .catbirdBareDid)),
                .init(
                    operation: .catbirdCredentialIdentity,
                    description: "`did#deviceId`: the cases of mls-ds's own identity tests.",
                    ids: .block(721...740),
                    cases: upstreamTestCases(for: .catbirdCredentialIdentity)),
                .init(
                    operation: .catbirdSignedAt,
                    description: "signedAt against the server's clock: the cases of mls-ds's own identity tests.",
                    ids: .block(741...760), cases: upstreamTestCases(for: .catbirdSignedAt)),
                .init(
                    operation: .catbirdCredentialIdentity, profile: .legacy,
                    description:
                        "The legacy server's credential identity, by class: the owner's DID text as given, whatever `#`, delimiter or white space it holds.",
                    ids: .block(2000...2099), cases: CredentialIdentityCases.legacyText()),
            ])
    }
}
