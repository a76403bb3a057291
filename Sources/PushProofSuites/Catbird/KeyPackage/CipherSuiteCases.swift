import CatbirdMLS
import PushProofConformance

/// Every cipher suite openmls knows (traits/src/types.rs:376-400), so that a decoder or a hash table
/// that forgets one fails: the clean server decodes each and refuses all but 0x004D, the legacy
/// server decodes each and verifies Ed25519 only, and the reference hash follows the suite.
extension CatbirdKeyPackageValidateVectors {
    static let knownSuites = "openmls/openmls@openmls-v0.8.1:traits/src/types.rs:376-400"

    static func deployedSuiteClass(_ c: UploadForm) -> [VectorCase] {
        [2, 4, 5, 6, 7].map { (suite: UInt16) in
            c(
                "suite \(suite): openmls decodes it, the clean server accepts 0x004D only", ["CipherSuite"],
                knownSuites + "; " + wire(W.suite), KeyPackageSpec.classic(suite, identity: F.deviceIdentity),
                code: "UNSUPPORTED_CIPHERSUITE")
        }
    }

    static func legacySuiteClass(_ c: UploadForm, base: KeyPackageSpec) -> [VectorCase] {
        [4, 6, 7].map { (suite: UInt16) in
            c(
                "suite \(suite): decoded, but libcrux verifies Ed25519 only", ["CipherSuite"],
                knownSuites + "; " + openmls("key_packages/key_package_in.rs", "149-156"),
                base.with { $0.cipherSuite = suite }, code: "INVALID_LEAF_SIGNATURE")
        }
    }
}

extension CatbirdKeyPackageCodecVectors {
    /// Suite 2 (P-256, SHA-256): its reference hash is SHA-256 (RFC 9420 §5.2, §17.1).
    static func suiteTwoCase(_ decode: Decode) -> VectorCase {
        var spec = KeyPackageSpec.classic(2, identity: CatbirdFixtures.did)
        spec.initKey = [0x04] + [UInt8](repeating: 0x69, count: 64)
        spec.encryptionKey = [0x04] + [UInt8](repeating: 0x65, count: 64)
        return decode("suite 2 (P-256, SHA-256): the reference hash is SHA-256", ["RefHash"], spec.message, nil)
    }
}
