import CatbirdMLS
import PushProofConformance
import PushProofCrypto
import PushProofJSON

/// catbird_keypackage_validate: a device's KeyPackage upload checked as the clean server
/// (`deployed`), the early-2026 server (`legacy`) and RFC 9420 (`rfc9420`) check it. The cases
/// of each profile are in DeployedValidationCases, LegacyValidationCases and
/// RFC9420ValidationCases; the byte-level faults they apply in KeyPackageFaults.
enum CatbirdKeyPackageValidateVectors {
    typealias F = CatbirdFixtures

    static func wire(_ lines: String) -> String {
        "joshlacal/mls-ds@\(CatbirdSources.wireCommit):server/src/chat_protocol/wire.rs:\(lines)"
    }

    static func file() throws -> VectorFileDeclaration {
        for fault in XWingFault.allCases where XWingPublicKey.problem(fault.apply(F.xwing(2))) == nil {
            throw GeneratorError("the X-Wing fault `\(fault)` leaves a valid key")
        }
        return VectorFileDeclaration(
            name: "catbird_keypackage_validate", protocolName: "catbird-mls-keypackage",
            notes: CatbirdKeyPackageNotes.catalogue,
            header: [
                "A device's KeyPackage upload: bytes, the credential identity the device must use, its enrolled Ed25519 key (deployed), the time (Unix seconds) and the KeyPackageRef it declared.",
                "deployed: the clean server's checks in its order, the first failing check is the answer; legacy: mls-ds of February 2026 over OpenMLS 0.8.1 (a raw KeyPackage, bare-DID credential); rfc9420: RFC 9420 §7.3 and §10.1 without a group, one fault per case.",
            ],
            groups: [
                .init(
                    operation: .catbirdKeyPackageValidate,
                    description:
                        "The clean protocol (blue.catbird.chat): suite 0x004D, `did#deviceId` credential, the enrolled key.",
                    ids: .block(1...300), cases: try deployed()),
                .init(
                    operation: .catbirdKeyPackageValidate, profile: .legacy,
                    description:
                        "The legacy server (blue.catbird.mlsChat): a raw KeyPackage, OpenMLS 0.8.1's validate, the bare DID.",
                    ids: .block(301...500), cases: legacy()),
                .init(
                    operation: .catbirdKeyPackageValidate, profile: .rfc9420,
                    description: "RFC 9420 without a group (suites 1 and 3).",
                    ids: .block(501...700), cases: rfc9420()),
                .init(
                    operation: .catbirdKeyPackageValidate,
                    description:
                        "The clean protocol: the cases of mls-ds's own wire tests (server/tests/chat_protocol_wire.rs), each sourced to its test.",
                    ids: .block(701...800), cases: upstreamTestCases()),
                .init(
                    operation: .catbirdKeyPackageValidate, profile: .legacy,
                    description:
                        "The legacy server: the credential's identity and the bare DID in canonically equivalent spellings, compared byte for byte.",
                    ids: .block(2000...2099), cases: legacySpellingCases()),
                .init(
                    operation: .catbirdKeyPackageValidate,
                    description:
                        "The clean protocol: the credential's identity and `did#deviceId` in canonically equivalent spellings, compared byte for byte.",
                    ids: .block(2100...2199), cases: deployedSpellingCases()),
            ])
    }

    /// How a profile's server receives an upload, and the one builder of that profile's cases: the
    /// clean server takes the MLSMessage with the device's `did#deviceId`, its enrolled key and a
    /// declared ref (the computed one unless a case declares another, or none); the legacy server
    /// a raw KeyPackage and the bare DID; RFC 9420 the MLSMessage alone.
    struct UploadForm {
        var identity: String?
        var key: [UInt8]?
        var declaresRef: Bool
        var raw: Bool
        /// The source of the cases that name none.
        var source = ""

        static let deployed = UploadForm(
            identity: F.deviceIdentity, key: F.deviceKey.publicKey.rawBytes, declaresRef: true, raw: false)
        static let legacy = UploadForm(identity: F.did, key: nil, declaresRef: false, raw: true)
        static let rfc9420 = UploadForm(
            identity: nil, key: nil, declaresRef: false, raw: false, source: "RFC 9420 §7.3, §10.1")

        /// One case. `identity` and `key` replace the form's; `declaredRef` is the ref declared
        /// (`.some(nil)`: none), by default the computed one where the form declares one.
        func callAsFunction(
            _ comment: String, _ flags: [String], _ source: String, _ spec: KeyPackageSpec, code: String? = nil,
            identity: String? = nil, key: [UInt8]? = nil, now: UInt64 = F.now, declaredRef: [UInt8]?? = .none,
            alsoAccepted: [JSONValue] = []
        ) -> VectorCase {
            VectorCase(
                comment: comment, flags: flags, source: source,
                input: upload(
                    spec, identity: identity ?? self.identity, key: key ?? self.key, now: now,
                    declaredRef: declaresRef ? declaredRef : (declaredRef ?? .some(nil))),
                code: code, alsoAccepted: alsoAccepted)
        }

        /// One case with the form's source.
        func callAsFunction(
            _ comment: String, _ flags: [String], _ spec: KeyPackageSpec, code: String? = nil, now: UInt64 = F.now
        ) -> VectorCase {
            self(comment, flags, source, spec, code: code, now: now)
        }

        /// The upload's input: the KeyPackage (an MLSMessage, or raw), the expected identity and
        /// the enrolled key where the form has them, the time, and the declared ref.
        func upload(_ spec: KeyPackageSpec, identity: String?, key: [UInt8]?, now: UInt64, declaredRef: [UInt8]??)
            -> JSONValue
        {
            let kp = spec.keyPackage
            let bytes = raw ? spec.bytes(kp.encoded) : spec.message
            var members: [JSONValue.Member] = [.init("keyPackage", .string(Hex.encode(bytes)))]
            if let identity { members.append(.init("expectedIdentity", .string(identity))) }
            if let key { members.append(.init("signatureKey", .string(Hex.encode(key)))) }
            members.append(.init("now", .integer(now)))
            let ref: [UInt8]?
            switch declaredRef {
            case .none:
                ref = CipherSuite.named(kp.cipherSuite).map { MLSLabels.keyPackageRef($0, keyPackage: kp.encoded) }
            case .some(let given): ref = given
            }
            if let ref { members.append(.init("keyPackageRef", .string(Hex.encode(ref)))) }
            return .object(members)
        }
    }

    static func db(_ lines: String) -> String {
        "joshlacal/mls-ds@\(CatbirdSources.legacyCommit):server/src/db.rs:\(lines)"
    }

    static func openmls(_ path: String, _ lines: String) -> String {
        "openmls/openmls@openmls-v0.8.1:openmls/src/\(path):\(lines)"
    }

    /// The enroll handler maps a declared ref that is not the computed one to InvalidKeyPackage.
    static var enroll: String { CatbirdSources.enrollDevice }

    /// Line ranges in wire.rs of the checks (docs/catbird.md, "Check order").
    enum W {
        static let size = "803-818"
        static let header = "819-833"
        static let decode = "835-845,881-897"
        static let version = "899-903"
        static let suite = "904-909"
        static let credential = "911-916"
        static let signatureKey = "917-919"
        static let source = "754-766"
        static let lifetime = "734-752"
        static let capabilities = "768-777"
        static let extensions = "778-780,922-924"
        static let xwing = "716-720,781,925"
        static let reused = "926-928"
        static let signatures = "694-714,930-951"
        static let ref = "953-972"
    }
}
