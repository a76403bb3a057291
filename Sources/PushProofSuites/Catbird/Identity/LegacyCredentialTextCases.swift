import CatbirdMLS
import PushProofConformance
import PushProofJSON

/// catbird_identity, legacy: the credential identity is the owner's DID text as given. The server
/// compares the credential with that text and cuts nothing, so a `#` in it (a device suffix, an
/// empty or repeated one, one a combining mark joins, a lookalike), other DID URL delimiters and
/// white space all stay; the device id is never read.
extension CredentialIdentityCases {
    static func legacyText() -> [VectorCase] {
        let device = "0f8fad5b-d9cb-469f-a165-70867728950e"
        let texts: [(String, String)] = [
            ("a device suffix after `#`", "\(plc)#phone"),
            ("the device DID, `did#deviceId`", CatbirdFixtures.deviceIdentity),
            ("a trailing `#`", "\(plc)#"),
            ("a leading `#`", "#\(plc)"),
            ("two `#` suffixes", "\(plc)#phone#2"),
            ("`##`", "\(plc)##"),
            ("a did:web DID with a fragment", "did:web:catbird.blue#atproto"),
            ("a `#` before a combining acute accent (U+0301)", "\(plc)#\u{301}phone"),
            ("a percent-encoded `#` (%23)", "\(plc)%23phone"),
            ("a full-width number sign (U+FF03)", "\(plc)\u{FF03}phone"),
            ("a query, `?service=chat`", "\(plc)?service=chat"),
            ("a path, `/phone`", "\(plc)/phone"),
            ("a leading space and a trailing line feed", " \(plc)\n"),
            ("a `#` alone", "#"),
        ]
        return texts.map { what, text in
            credential(
                "an owner DID with \(what): the identity is the text as given, nothing cut",
                ["BareDidCredential", "DidAsGiven"], text, device, source: legacySource)
        }
            + [
                credential(
                    "a device id holding `#` beside the bare DID: not read, the identity is the DID",
                    ["BareDidCredential", "DidAsGiven"], plc, "#\(device)", source: legacySource),
                credential(
                    "a device DID as the device id: not read, the identity is the DID",
                    ["BareDidCredential", "DidAsGiven"], plc, CatbirdFixtures.deviceIdentity, source: legacySource),
            ]
    }
}
