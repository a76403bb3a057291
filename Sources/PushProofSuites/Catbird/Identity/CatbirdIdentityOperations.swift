import CatbirdMLS
import PushProofConformance
import PushProofCrypto
import PushProofJSON

/// The Catbird identity operations. Inputs and outputs: docs/vector-format.md, "catbird".
enum CatbirdIdentityOperations {
    @Sendable static func bareDid(_ request: OperationRequest) throws -> JSONValue {
        ["did": .string(try BareDid(parsing: try request.reader.string("did")).text)]
    }

    @Sendable static func deviceId(_ request: OperationRequest) throws -> JSONValue {
        ["deviceId": .string(try DeviceId(parsing: try request.reader.string("deviceId")).text)]
    }

    /// The MLS credential identity a device uses: `did#deviceId` over the clean protocol's bare
    /// DID and device id (`deployed`; and `proposal` and `hardened`, where the design names no
    /// grammar and PushProof reads the clean protocol's); the owner's DID as it is, the device not
    /// read (`legacy`). docs/catbird.md, "Device identity".
    @Sendable static func credentialIdentity(_ request: OperationRequest) throws -> JSONValue {
        let r = request.reader
        let did = try r.string("did")
        let device = try r.string("deviceId")
        guard request.profile != .legacy else {
            return ["identity": .string(DeviceIdentity.legacyCredentialIdentity(ownerDid: did))]
        }
        let identity = DeviceIdentity.credentialIdentity(
            did: try BareDid(parsing: did), deviceId: try DeviceId(parsing: device))
        return ["identity": .string(identity)]
    }

    /// `proposal`: where PushProof's reading refuses a DID or a device id the design gives no
    /// grammar for, the design's `did#deviceId`, joined as given, passes too.
    @Sendable static func credentialIdentityAlternatives(_ request: OperationRequest) -> [OperationOutcome] {
        guard request.profile == .proposal, let did = try? request.reader.string("did"),
            let device = try? request.reader.string("deviceId"),
            (try? BareDid(parsing: did)) == nil || (try? DeviceId(parsing: device)) == nil
        else { return [] }
        return [.output(["identity": .string(DeviceIdentity.designCredentialIdentity(did: did, deviceId: device))])]
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

    /// The clean server answers every identity refusal (a DID, a device id, a key, a timestamp
    /// or its window) as `InvalidRequest` with a reason string (validation.rs@10b0febc;
    /// docs/catbird.md, "Identity"). PushProof's codes say which check failed.
    @Sendable static func wireError(_ request: OperationRequest, _ code: String) -> String? {
        request.profile == .deployed && code != harnessInputErrorCode ? "InvalidRequest" : nil
    }
}
