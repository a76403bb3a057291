import CatbirdMLS
import PushProofConformance
import PushProofJSON

/// The credential identity's `legacy`, `proposal` and `hardened` cases of catbird_identity.
enum CredentialIdentityCases {
    typealias S = CatbirdSources

    /// The legacy server compares the KeyPackage's credential with the owner's DID, byte for byte;
    /// the owner's DID is the caller's text before its first `#`.
    static let legacySource =
        "joshlacal/mls-ds@\(S.legacyCommit):server/src/db.rs:874-883 (the credential identity must equal the owner's "
        + "DID, compared as text) joshlacal/mls-ds@\(S.legacyCommit):server/src/handlers/mls_chat/register_device.rs:87,"
        + "367-369 (the owner's DID: the caller's text before its first `#`, passed as it is)"
    static func seed(_ lines: String, _ what: String) -> String { "seed 003_bab1dd7d64b84271.txt:\(lines) (\(what))" }
    static let designIdentity = seed("66,131,223", "the MLS identity did:plc:josh#<device-uuid>")
    /// Where the design is silent, PushProof's choice: the clean protocol's grammar, the design's
    /// join passing too.
    static let designSilent =
        seed("66,129,222-223", "did#device-uuid, the DID from ATProto auth, the device id uuid-generated; no grammar")
        + "; PushProof's choice, the clean protocol's grammar (docs/catbird.md \"Device identity\")"

    static let plc = CatbirdFixtures.did
    static let id = CatbirdFixtures.deviceId

    static func credential(
        _ comment: String, _ flags: [String], _ did: String, _ device: String, code: String? = nil,
        source: String?, alsoAccepted: [JSONValue] = []
    ) -> VectorCase {
        VectorCase(
            comment: comment, flags: flags, source: source, input: ["did": .string(did), "deviceId": .string(device)],
            code: code, alsoAccepted: alsoAccepted)
    }

    static func identity(_ text: String) -> JSONValue { OperationOutcome.output(["identity": .string(text)]).json }

    static func legacy() -> [VectorCase] {
        [
            credential(
                "the legacy credential is the bare DID, whatever the device", ["BareDidCredential"], plc, id,
                source: legacySource),
            credential(
                "a did:key: the identity is the owner's DID as it is (the legacy server reads no DID syntax)",
                ["BareDidCredential", "Leniency"], "did:key:z6MkhaXgBZDvotDkL5257faiztiGiC2QtKLGpbnnEGta2doK", id,
                source: legacySource),
            credential(
                "did:web:localhost, which the clean protocol refuses: the identity as it is",
                ["BareDidCredential", "Leniency"], "did:web:localhost", id, source: legacySource),
            credential(
                "did:plc in upper case: the identity as it is, not normalised", ["BareDidCredential", "NonCanonical"],
                plc.uppercased().replacingOccurrences(of: "DID:PLC:", with: "did:plc:"), id, source: legacySource),
            credential(
                "an upper-case device id: not read, the identity is the DID", ["BareDidCredential", "Leniency"], plc,
                id.uppercased(), source: legacySource),
            credential(
                "an empty device id (a caller's DID without `#`): not read, the identity is the DID",
                ["BareDidCredential", "LegacySingleDevice"], plc, "", source: legacySource),
        ]
    }

    /// A DID or a device id the design gives no grammar for and the clean protocol refuses: in
    /// `proposal`, PushProof refuses it and the design's join passes too (`acceptable`); in
    /// `hardened`, it is refused, with the reason.
    struct Silent {
        let comment: String
        let flags: [String]
        let did: String
        let device: String
        let code: String
        let why: String
    }

    static let silent = [
        Silent(
            comment: "the design's placeholder DID, did:plc:josh", flags: ["DesignNoGrammar"], did: "did:plc:josh",
            device: id, code: "INVALID_DID",
            why: "a did:plc identifier is 24 base32 characters; a DID no resolver knows names no user"),
        Silent(
            comment: "a did:key", flags: ["DesignNoGrammar", "OtherMethod"],
            did: "did:key:z6MkhaXgBZDvotDkL5257faiztiGiC2QtKLGpbnnEGta2doK", device: id, code: "INVALID_DID",
            why: "the design takes the DID from ATProto auth (003:129), whose accounts are did:plc or did:web"),
        Silent(
            comment: "an empty DID", flags: ["DesignNoGrammar", "AmbiguousIdentity"], did: "", device: id,
            code: "INVALID_DID", why: "`#deviceId` names no user"),
        Silent(
            comment: "a device DID where the DID goes", flags: ["DesignNoGrammar", "AmbiguousIdentity"],
            did: CatbirdFixtures.deviceIdentity, device: id, code: "INVALID_DID",
            why: "read back at its first `#`, the identity names the device `\(id)#\(id)`, not the one given"),
        Silent(
            comment: "a `#` inside the DID", flags: ["DesignNoGrammar", "AmbiguousIdentity"],
            did: "did:plc:josh#admin", device: id, code: "INVALID_DID",
            why: "read back at its first `#`, the identity names the device `admin#\(id)` of did:plc:josh"),
        Silent(
            comment: "an upper-case device id (what iOS `UUID().uuidString` writes)",
            flags: ["DesignNoGrammar", "NonCanonical"], did: plc, device: id.uppercased(), code: "INVALID_DEVICE_ID",
            why: "one device in two spellings is two identities, and members are compared by identity bytes"),
        Silent(
            comment: "a version-1 UUID as the device id", flags: ["DesignNoGrammar", "UuidVersion"], did: plc,
            device: id.replacingOccurrences(of: "-4c7e-", with: "-1c7e-"), code: "INVALID_DEVICE_ID",
            why: "a version-1 UUID carries the time and a node id of the machine that made it, for every group to read"),
        Silent(
            comment: "a device id that is no UUID", flags: ["DesignNoGrammar"], did: plc, device: "iphone-uuid",
            code: "INVALID_DEVICE_ID",
            why: "the design's device id is uuid-generated (003:222): any other text is not one"),
        Silent(
            comment: "an empty device id", flags: ["DesignNoGrammar", "AmbiguousIdentity"], did: plc, device: "",
            code: "INVALID_DEVICE_ID", why: "`did#` names no device: every device of the user would share it"),
    ]

    static func proposal() -> [VectorCase] {
        [
            credential("the seed's `did#device-uuid`", ["Normal"], plc, id, source: designIdentity),
            credential(
                "a did:web user and a device id: `did#deviceId`", ["DidWeb"], "did:web:catbird.blue", id,
                source: designIdentity),
        ]
            + silent.map { s in
                let joined = DeviceIdentity.designCredentialIdentity(did: s.did, deviceId: s.device)
                return credential(
                    "\(s.comment): PushProof refuses it (\(s.code)); the design, which names no grammar, joins it "
                        + "(`\(joined)`), which passes too. Why: \(s.why)", s.flags, s.did, s.device, code: s.code,
                    source: designSilent, alsoAccepted: [identity(joined)])
            }
    }

    /// The proposal cases PushProof refuses, refused only; `firstProposalId` is the tcId of the
    /// first of them in the proposal group, which the comments name.
    static func hardened(firstProposalId: Int) -> [VectorCase] {
        silent.enumerated().map { i, s in
            let joined = DeviceIdentity.designCredentialIdentity(did: s.did, deviceId: s.device)
            return credential(
                "\(s.comment); the design joins it, `\(joined)`; PushProof: refused, \(s.code). Why: \(s.why) "
                    + "(proposal tcId \(firstProposalId + i))", s.flags, s.did, s.device, code: s.code,
                source: designSilent)
        }
    }
}
