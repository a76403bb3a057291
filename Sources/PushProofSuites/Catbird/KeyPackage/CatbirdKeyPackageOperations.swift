import CatbirdMLS
import PushProofConformance
import PushProofCrypto
import PushProofJSON

/// The KeyPackage operations: the codec and the three validations. Inputs and outputs:
/// docs/vector-format.md, "catbird".
enum CatbirdKeyPackageOperations {
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
        return decoded(kp, encoded: MLSMessage.keyPackage(kp).encoded)
    }

    /// What a decoded KeyPackage answers: its description, the message written again, its ref.
    static func decoded(_ kp: KeyPackage, encoded: [UInt8]) -> JSONValue {
        var out: [JSONValue.Member] = [.init("keyPackage", kp.json), .init("encoded", .string(Hex.encode(encoded)))]
        if let suite = CipherSuite.named(kp.cipherSuite) {
            out.append(
                .init("keyPackageRef", .string(Hex.encode(MLSLabels.keyPackageRef(suite, keyPackage: kp.encoded)))))
        }
        return .object(out)
    }

    /// The answers of readers that take the choices RFC 9420 leaves open otherwise (RFC9420Readings).
    @Sendable static func keyPackageDecodeAlternatives(_ request: OperationRequest) -> [OperationOutcome] {
        guard let bytes = try? request.reader.hex("keyPackage") else { return [] }
        return RFC9420Readings.decodingAnswers(bytes).map { answer in
            switch answer {
            case .success(let read): return .output(decoded(read.0, encoded: read.encoded))
            case .failure(let error): return OperationOutcome(error)
            }
        }
    }

    /// A KeyPackage upload checked as the profile's server (or RFC 9420) checks it.
    @Sendable static func keyPackageValidate(_ request: OperationRequest) throws -> JSONValue {
        let upload = try upload(request)
        let accepted: ValidatedKeyPackage
        switch request.profile {
        case .deployed: accepted = try DeployedKeyPackageValidation.validate(upload)
        case .legacy: accepted = try LegacyKeyPackageValidation.validate(upload)
        case .rfc9420: accepted = try RFC9420KeyPackageValidation.validate(upload)
        default: throw InputError("no KeyPackage validation for profile `\(request.profile)`")
        }
        return output(accepted)
    }

    /// rfc9420: RFC 9420 fixes no order between its checks of a decoded KeyPackage, so the answer
    /// of every check the upload fails is allowed (RFC9420KeyPackageValidation.faults). The servers
    /// have one order: none there.
    @Sendable static func keyPackageValidateAlternatives(_ request: OperationRequest) -> [OperationOutcome] {
        guard request.profile == .rfc9420, let upload = try? upload(request) else { return [] }
        let readings: [OperationOutcome] = RFC9420Readings.validationAnswers(upload).map { answer in
            switch answer {
            case .success(let accepted): return .output(output(accepted))
            case .failure(let error): return OperationOutcome(error)
            }
        }
        return RFC9420KeyPackageValidation.faults(upload).map { OperationOutcome($0) } + readings
    }

    static func upload(_ request: OperationRequest) throws -> KeyPackageUpload {
        let r = request.reader
        // The servers always know whom they expect: the caller's identity (both) and enrolled key
        // (deployed) come from its authentication, never from the upload.
        if request.profile != .rfc9420, !r.has("expectedIdentity") {
            throw InputError("expectedIdentity is required in the \(request.profile.rawValue) profile")
        }
        if request.profile == .deployed, !r.has("signatureKey") {
            throw InputError("signatureKey is required in the deployed profile")
        }
        return KeyPackageUpload(
            bytes: try r.hex("keyPackage"), expectedIdentity: try r.optionalString("expectedIdentity"),
            enrolledSignatureKey: r.has("signatureKey") ? try r.hex("signatureKey") : nil, now: try r.uint64("now"),
            declaredRef: r.has("keyPackageRef") ? try r.hex("keyPackageRef") : nil)
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

    /// The clean server's enrollDevice answers every refusal of the upload as `InvalidKeyPackage`,
    /// the validation's variant only in its log (enroll_device.rs@20bfa48c; docs/catbird.md,
    /// "Decoding"). The legacy server refuses nothing: it skips the KeyPackage with HTTP 200.
    @Sendable static func keyPackageValidateWireError(_ request: OperationRequest, _ code: String) -> String? {
        request.profile == .deployed && code != harnessInputErrorCode ? "InvalidKeyPackage" : nil
    }
}
