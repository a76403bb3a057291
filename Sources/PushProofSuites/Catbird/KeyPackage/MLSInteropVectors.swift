import CatbirdMLS
import PushProofConformance
import PushProofCrypto
import PushProofJSON

/// The RFC 9420 interoperability vectors of the MLS working group, checked against CatbirdMLS:
/// `pushproof interop mls DIR`. PushProof does not ship them (no licence file upstream).
enum MLSInteropVectors {
    static let set = InteropSet(
        name: "mls",
        source:
            "github.com/mlswg/mls-implementations, folder test-vectors/ (checked at commit cfd450286d1bfd9cd2519b95c80f9771f94a5b1a)",
        files: [
            .init("deserialization.json", check: deserialization),
            .init("crypto-basics.json", check: cryptoBasics),
            .init("messages.json", check: messages),
            .init("welcome.json", check: welcome),
            .init("key-schedule.json", check: keySchedule),
        ])

    struct Malformed: Error, CustomStringConvertible {
        let description: String
    }

    static func hex(_ v: JSONValue?, _ field: String) throws -> [UInt8] {
        guard let text = v?.stringValue, let bytes = Hex.decode(text) else {
            throw Malformed(description: "`\(field)` is not hex")
        }
        return bytes
    }

    static func list(_ json: JSONValue) throws -> [JSONValue] {
        guard let a = json.arrayValue else { throw Malformed(description: "the file is not a JSON array") }
        return a
    }

    /// The length each variable-length header encodes (§2.1.2), read exactly.
    @Sendable static func deserialization(_ json: JSONValue) throws -> [InteropCase] {
        try list(json).enumerated().map { i, entry in
            let header = try hex(entry["vlbytes_header"], "vlbytes_header")
            guard let length = entry["length"]?.int64Value else {
                throw Malformed(description: "`length` is not an integer")
            }
            var r = TLSReader(header)
            let name = "header \(i) (\(Hex.encode(header)))"
            do {
                let decoded = try r.varint("header")
                try r.finish()
                var w = TLSWriter()
                w.varint(decoded)
                return InteropCase(
                    name, decoded == length && w.bytes == header,
                    "decoded \(decoded), re-encoded \(Hex.encode(w.bytes))")
            } catch {
                return InteropCase(name, .failed("\(error)"))
            }
        }
    }

    /// RefHash, and SignWithLabel / VerifyWithLabel where the suite signs with Ed25519.
    @Sendable static func cryptoBasics(_ json: JSONValue) throws -> [InteropCase] {
        var cases: [InteropCase] = []
        for entry in try list(json) {
            guard let value = entry["cipher_suite"]?.int64Value, let suiteId = UInt16(exactly: value) else {
                throw Malformed(description: "`cipher_suite` is not a uint16")
            }
            guard let suite = CipherSuite.named(suiteId) else {
                cases.append(InteropCase("suite \(suiteId)", .skipped("unknown cipher suite")))
                continue
            }
            let ref = entry["ref_hash"]
            let out = MLSLabels.refHash(
                suite, label: ref?["label"]?.stringValue ?? "", value: try hex(ref?["value"], "ref_hash.value"))
            cases.append(
                InteropCase(
                    "ref_hash, suite \(suiteId)", out == (try hex(ref?["out"], "ref_hash.out")), "RefHash differs"))

            let s = entry["sign_with_label"]
            let name = "sign_with_label, suite \(suiteId)"
            guard suite.signsWithEd25519 else {
                cases.append(InteropCase(name, .skipped("\(suite.name): only Ed25519 signatures are implemented")))
                continue
            }
            let label = s?["label"]?.stringValue ?? ""
            let content = try hex(s?["content"], "content")
            let pair = try Ed25519.KeyPair(seed: try hex(s?["priv"], "priv"))
            let publicKey = try Ed25519.PublicKey(rawBytes: try hex(s?["pub"], "pub"))
            let given = try hex(s?["signature"], "signature")
            let ours = MLSLabels.sign(pair, label: label, content: content)
            cases.append(
                InteropCase(
                    name,
                    pair.publicKey == publicKey
                        && MLSLabels.verify(publicKey, label: label, content: content, signature: given)
                        && MLSLabels.verify(publicKey, label: label, content: content, signature: ours)
                        // Ed25519 is deterministic: our signature is the vector's.
                        && ours == given, "VerifyWithLabel or SignWithLabel disagrees"))
        }
        return cases
    }

    /// A KeyPackage decoded exactly, re-encoded to the same bytes, and, for Ed25519 suites, with
    /// both its signatures verified.
    static func keyPackageCase(_ name: String, _ bytes: [UInt8]) -> (InteropCase, KeyPackage?) {
        do {
            guard case .keyPackage(let kp) = try MLSMessage.decode(bytes, expecting: .keyPackage) else {
                return (InteropCase(name, .failed("not a KeyPackage")), nil)
            }
            guard MLSMessage.keyPackage(kp).encoded == bytes else {
                return (InteropCase(name, .failed("re-encodes differently")), kp)
            }
            guard let suite = CipherSuite.named(kp.cipherSuite), suite.signsWithEd25519 else {
                return (InteropCase(name, .passed), kp)
            }
            let key = try Ed25519.PublicKey(rawBytes: kp.leafNode.signatureKey)
            let leafOK = MLSLabels.verify(
                key, label: "LeafNodeTBS", content: kp.leafNode.tbs(), signature: kp.leafNode.signature)
            let packageOK = MLSLabels.verify(key, label: "KeyPackageTBS", content: kp.tbs, signature: kp.signature)
            return (InteropCase(name, leafOK && packageOK, "signature: leaf \(leafOK), package \(packageOK)"), kp)
        } catch {
            return (InteropCase(name, .failed("\(error)")), nil)
        }
    }

    /// Every `mls_key_package` (and `mls_welcome`) decodes and re-encodes identically.
    @Sendable static func messages(_ json: JSONValue) throws -> [InteropCase] {
        var cases: [InteropCase] = []
        for (i, entry) in try list(json).enumerated() {
            cases.append(
                keyPackageCase("set \(i): mls_key_package", try hex(entry["mls_key_package"], "mls_key_package")).0)
            let welcome = try hex(entry["mls_welcome"], "mls_welcome")
            let decoded = Result { try MLSMessage.decode(welcome, expecting: .welcome) }
            cases.append(
                InteropCase(
                    "set \(i): mls_welcome", (try? decoded.get())?.encoded == welcome,
                    "does not decode and re-encode identically"))
        }
        return cases
    }

    /// The KeyPackage decodes, its signatures verify, and its reference is the Welcome's
    /// `new_member`.
    @Sendable static func welcome(_ json: JSONValue) throws -> [InteropCase] {
        var cases: [InteropCase] = []
        for entry in try list(json) {
            let suiteId = entry["cipher_suite"]?.int64Value ?? -1
            let (kpCase, kp) = keyPackageCase(
                "suite \(suiteId): key_package", try hex(entry["key_package"], "key_package"))
            cases.append(kpCase)
            let name = "suite \(suiteId): KeyPackageRef is the Welcome's new_member"
            guard let kp, let suite = CipherSuite.named(kp.cipherSuite) else {
                cases.append(InteropCase(name, .failed("no KeyPackage or unknown suite")))
                continue
            }
            let ref = MLSLabels.keyPackageRef(suite, keyPackage: kp.encoded)
            do {
                guard
                    case .welcome(let w) = try MLSMessage.decode(
                        try hex(entry["welcome"], "welcome"), expecting: .welcome)
                else { continue }
                cases.append(
                    InteropCase(
                        name, w.secrets.contains { $0.newMember == ref }, "no EncryptedGroupSecrets names the reference"
                    ))
            } catch {
                cases.append(InteropCase(name, .failed("\(error)")))
            }
        }
        return cases
    }

    /// Each suite's chain of epochs through RFC 9420's key schedule (KeySchedule.epoch), from
    /// the vector's initial init_secret: every secret the file gives, and the exporter's output.
    /// `external_pub` (an HPKE key pair derived from the external secret) is not checked. The
    /// exporter's label is the string as given (test-vectors.md: a string, here of hex digits).
    @Sendable static func keySchedule(_ json: JSONValue) throws -> [InteropCase] {
        var cases: [InteropCase] = []
        for entry in try list(json) {
            guard let value = entry["cipher_suite"]?.int64Value, let suiteId = UInt16(exactly: value),
                let suite = CipherSuite.named(suiteId)
            else { throw Malformed(description: "`cipher_suite` is not a known uint16") }
            var initSecret = SecretBytes(copying: try hex(entry["initial_init_secret"], "initial_init_secret"))
            for (n, epoch) in (entry["epochs"]?.arrayValue ?? []).enumerated() {
                let secrets = try KeySchedule.epoch(
                    suite, initSecret: initSecret,
                    commitSecret: SecretBytes(copying: try hex(epoch["commit_secret"], "commit_secret")),
                    pskSecret: SecretBytes(copying: try hex(epoch["psk_secret"], "psk_secret")),
                    groupContext: try hex(epoch["group_context"], "group_context"))
                let expected: [(String, SecretBytes)] = [
                    ("joiner_secret", secrets.joinerSecret), ("welcome_secret", secrets.welcomeSecret),
                    ("init_secret", secrets.initSecret), ("sender_data_secret", secrets.senderDataSecret),
                    ("encryption_secret", secrets.encryptionSecret), ("exporter_secret", secrets.exporterSecret),
                    ("epoch_authenticator", secrets.epochAuthenticator), ("external_secret", secrets.externalSecret),
                    ("confirmation_key", secrets.confirmationKey), ("membership_key", secrets.membershipKey),
                    ("resumption_psk", secrets.resumptionPSK),
                ]
                var wrong = try expected.filter { name, ours in
                    !ours.constantTimeEquals(SecretBytes(copying: try hex(epoch[name], name)))
                }.map(\.0)
                let exporter = epoch["exporter"]
                let exported = try KeySchedule.export(
                    suite, exporterSecret: secrets.exporterSecret,
                    label: Array((exporter?["label"]?.stringValue ?? "").utf8),
                    context: try hex(exporter?["context"], "exporter.context"),
                    length: Int(exporter?["length"]?.int64Value ?? 0))
                if !exported.constantTimeEquals(SecretBytes(copying: try hex(exporter?["secret"], "exporter.secret"))) {
                    wrong.append("exporter.secret")
                }
                cases.append(
                    InteropCase(
                        "key schedule, suite \(suiteId), epoch \(n)", wrong.isEmpty,
                        "differs: \(wrong.joined(separator: ", "))"))
                initSecret = secrets.initSecret
            }
        }
        return cases
    }
}
