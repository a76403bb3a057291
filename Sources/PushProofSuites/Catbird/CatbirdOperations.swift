import CatbirdMLS
import PushProofConformance
import PushProofCrypto
import PushProofJSON

extension Profile {
    /// The mls-ds server of early 2026 (`blue.catbird.mlsChat.*`, OpenMLS 0.8, bare-DID credentials).
    public static let legacy: Profile = "legacy"
    /// RFC 9420 itself (§7.3, §10.1) with no group: what any MLS implementation must check.
    public static let rfc9420: Profile = "rfc9420"
}

/// The Catbird suite's operations. Inputs and outputs: docs/vector-format.md, "catbird".
enum CatbirdOperations {
    @Sendable static func bareDid(_ request: OperationRequest) throws -> JSONValue {
        ["did": .string(try BareDid(parsing: try request.reader.string("did")).text)]
    }

    @Sendable static func deviceId(_ request: OperationRequest) throws -> JSONValue {
        ["deviceId": .string(try DeviceId(parsing: try request.reader.string("deviceId")).text)]
    }

    /// The MLS credential identity a device uses: `did#deviceId` in the clean protocol (and in
    /// the seeds), the bare DID on the legacy server.
    @Sendable static func credentialIdentity(_ request: OperationRequest) throws -> JSONValue {
        let r = request.reader
        let did = try BareDid(parsing: try r.string("did"))
        let device = try DeviceId(parsing: try r.string("deviceId"))
        let identity =
            request.profile == .legacy ? did.text : DeviceIdentity.credentialIdentity(did: did, deviceId: device)
        return ["identity": .string(identity)]
    }

    /// The legacy server's reading of `did#deviceId`.
    @Sendable static func splitDeviceDid(_ request: OperationRequest) throws -> JSONValue {
        let parts = try DeviceIdentity.legacySplit(try request.reader.string("deviceDid"))
        return ["did": .string(parts.did), "deviceId": .string(parts.deviceId)]
    }

    @Sendable static func keyId(_ request: OperationRequest) throws -> JSONValue {
        let raw = try request.reader.hex("publicKey")
        guard raw.count == Ed25519.publicKeyByteCount else {
            throw CatbirdIdentityError.invalidSignatureKey("an Ed25519 public key is 32 bytes, not \(raw.count)")
        }
        let key = try Ed25519.PublicKey(rawBytes: raw)
        return ["keyId": .string(DeviceIdentity.keyId(key))]
    }

    /// A device signing key from its 32-byte seed: the public key and its key id.
    @Sendable static func deviceKey(_ request: OperationRequest) throws -> JSONValue {
        let seed = SecretBytes(copying: try request.reader.hex("seed"))
        guard seed.count == Ed25519.seedByteCount else {
            throw CatbirdIdentityError.invalidSignatureKey("an Ed25519 seed is 32 bytes, not \(seed.count)")
        }
        let pair = try Ed25519.KeyPair(seed: seed)
        return [
            "publicKey": .string(Hex.encode(pair.publicKey.rawBytes)),
            "keyId": .string(DeviceIdentity.keyId(pair.publicKey)),
        ]
    }

    @Sendable static func signedAt(_ request: OperationRequest) throws -> JSONValue {
        let r = request.reader
        let signed = try CanonicalTimestamp(parsing: try r.string("signedAt"))
        let now = try CanonicalTimestamp(parsing: try r.string("now"))
        let offset = try SignedAtWindow.check(signedAt: signed, now: now)
        return ["offsetMilliseconds": .integer(offset)]
    }

    /// An MLSMessage holding a KeyPackage, read exactly: its description, its bytes written again,
    /// and its KeyPackageRef when the suite is known.
    @Sendable static func keyPackageDecode(_ request: OperationRequest) throws -> JSONValue {
        let bytes = try request.reader.hex("keyPackage")
        guard bytes.count <= DeployedKeyPackageValidation.sizeLimit else {
            throw MLSDecodingError.inputTooLarge(size: bytes.count, limit: DeployedKeyPackageValidation.sizeLimit)
        }
        guard case .keyPackage(let kp) = try MLSMessage.decode(bytes, expecting: .keyPackage) else {
            throw MLSDecodingError.malformed("not a KeyPackage")
        }
        var out: [JSONValue.Member] = [
            .init("keyPackage", kp.json), .init("encoded", .string(Hex.encode(MLSMessage.keyPackage(kp).encoded))),
        ]
        if let suite = CipherSuite.named(kp.cipherSuite) {
            out.append(
                .init("keyPackageRef", .string(Hex.encode(MLSLabels.keyPackageRef(suite, keyPackage: kp.encoded)))))
        }
        return .object(out)
    }

    /// A KeyPackage upload checked as the profile's server (or RFC 9420) checks it.
    @Sendable static func keyPackageValidate(_ request: OperationRequest) throws -> JSONValue {
        let r = request.reader
        let upload = KeyPackageUpload(
            bytes: try r.hex("keyPackage"), expectedIdentity: try r.optionalString("expectedIdentity"),
            enrolledSignatureKey: r.has("signatureKey") ? try r.hex("signatureKey") : nil, now: try r.uint64("now"),
            declaredRef: r.has("keyPackageRef") ? try r.hex("keyPackageRef") : nil)
        let accepted: ValidatedKeyPackage
        switch request.profile {
        case .deployed: accepted = try DeployedKeyPackageValidation.validate(upload)
        case .legacy: accepted = try LegacyKeyPackageValidation.validate(upload)
        case .rfc9420: accepted = try RFC9420KeyPackageValidation.validate(upload)
        default: throw InputError("no KeyPackage validation for profile `\(request.profile)`")
        }
        return output(accepted)
    }

    /// What an accepted upload answers: the ref, the suite, the leaf's key and its lifetime.
    static func output(_ accepted: ValidatedKeyPackage) -> JSONValue {
        let leaf = accepted.keyPackage.leafNode
        var out: [JSONValue.Member] = [
            .init("keyPackageRef", .string(Hex.encode(accepted.ref))),
            .init("cipherSuite", .integer(accepted.keyPackage.cipherSuite)),
            .init("signatureKey", .string(Hex.encode(leaf.signatureKey))),
        ]
        if case .keyPackage(let l) = leaf.source {
            out += [.init("notBefore", .integer(l.notBefore)), .init("notAfter", .integer(l.notAfter))]
        }
        return .object(out)
    }
}
