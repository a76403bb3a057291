import CatbirdMLS
import PushProofConformance
import PushProofCrypto
import PushProofJSON

/// catbird_keypackage_validate: the credential's identity against the expected one in canonically
/// equivalent spellings (é precomposed and decomposed, U+212A KELVIN SIGN and K, U+2126 OHM SIGN and
/// Ω, U+212B ANGSTROM SIGN, Å and A + U+030A). Both servers compare bytes (the legacy one Rust
/// Strings, the clean one the identity's bytes), so every other spelling is another identity, each
/// way round; the same spelling on both sides passes.
extension CatbirdKeyPackageValidateVectors {
    /// (what, the credential's text, the expected text), not the same bytes.
    static let identitySpellings: [(String, String, String)] = [
        (
            "é precomposed in the credential, decomposed expected", "did:web:caf\u{E9}.example",
            "did:web:cafe\u{301}.example"
        ),
        (
            "é decomposed in the credential, precomposed expected", "did:web:cafe\u{301}.example",
            "did:web:caf\u{E9}.example"
        ),
        ("U+212A KELVIN SIGN in the credential, K expected", "did:web:\u{212A}elvin.example", "did:web:Kelvin.example"),
        ("K in the credential, U+212A KELVIN SIGN expected", "did:web:Kelvin.example", "did:web:\u{212A}elvin.example"),
        ("U+2126 OHM SIGN in the credential, Ω expected", "did:web:\u{2126}hm.example", "did:web:\u{3A9}hm.example"),
        ("Ω in the credential, U+2126 OHM SIGN expected", "did:web:\u{3A9}hm.example", "did:web:\u{2126}hm.example"),
        (
            "Å (U+00C5) in the credential, A + U+030A expected", "did:web:\u{C5}ngstrom.example",
            "did:web:A\u{30A}ngstrom.example"
        ),
        (
            "A + U+030A in the credential, Å (U+00C5) expected", "did:web:A\u{30A}ngstrom.example",
            "did:web:\u{C5}ngstrom.example"
        ),
        (
            "U+212B ANGSTROM SIGN in the credential, Å (U+00C5) expected", "did:web:\u{212B}ngstrom.example",
            "did:web:\u{C5}ngstrom.example"
        ),
        (
            "Å (U+00C5) in the credential, U+212B ANGSTROM SIGN expected", "did:web:\u{C5}ngstrom.example",
            "did:web:\u{212B}ngstrom.example"
        ),
    ]

    /// Texts whose spelling is the same on both sides.
    static let sameSpellings: [(String, String)] = [
        ("é decomposed on both sides", "did:web:cafe\u{301}.example"),
        ("U+212A KELVIN SIGN on both sides", "did:web:\u{212A}elvin.example"),
        ("A + U+030A on both sides", "did:web:A\u{30A}ngstrom.example"),
    ]

    static func legacySpellingCases() -> [VectorCase] {
        let base = KeyPackageSpec.classic(1, identity: F.did)
        let c = UploadForm.legacy
        let compare = db("861-883") + " (String::from_utf8(identity) != did_owned: Rust Strings, byte for byte)"
        func credential(_ text: String) -> KeyPackageSpec {
            base.with { $0.credential = .basic(identity: Array(text.utf8)) }
        }
        return identitySpellings.map { what, held, expected in
            c(
                "\(what): another identity", ["WrongIdentity", "CanonicalEquivalence"], compare, credential(held),
                code: "WRONG_BASIC_CREDENTIAL", identity: expected)
        }
            + sameSpellings.map { what, text in
                c(
                    "\(what): the same bytes, accepted", ["Normal", "CanonicalEquivalence"], compare, credential(text),
                    identity: text)
            }
    }

    static func deployedSpellingCases() -> [VectorCase] {
        let base = KeyPackageSpec()
        let c = UploadForm.deployed
        let compare = wire(W.credential) + " (the credential's identity bytes against the expected identity's)"
        func device(_ did: String) -> String { "\(did)#\(F.deviceId)" }
        func credential(_ text: String) -> KeyPackageSpec {
            base.with { $0.credential = .basic(identity: Array(text.utf8)) }
        }
        return identitySpellings.map { what, held, expected in
            c(
                "\(what), each with the device id: another identity", ["WrongIdentity", "CanonicalEquivalence"],
                compare, credential(device(held)), code: "WRONG_BASIC_CREDENTIAL", identity: device(expected))
        }
            + sameSpellings.map { what, text in
                c(
                    "\(what), with the device id: the same bytes, accepted", ["Normal", "CanonicalEquivalence"],
                    compare,
                    credential(device(text)), identity: device(text))
            }
    }
}
