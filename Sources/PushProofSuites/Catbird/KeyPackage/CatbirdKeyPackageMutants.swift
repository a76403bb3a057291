import CatbirdMLS
import PushProofConformance
import PushProofCrypto
import PushProofJSON

/// Known-bad KeyPackage decoders and validators the vectors must catch.
enum CatbirdKeyPackageMutants {
    /// The deployed KeyPackage in a validation request, if it decodes.
    static func keyPackage(_ request: OperationRequest) -> KeyPackage? {
        guard request.operation == .catbirdKeyPackageValidate, let bytes = try? request.reader.hex("keyPackage"),
            case .keyPackage(let kp)? = try? MLSMessage.decode(bytes, expecting: .keyPackage)
        else { return nil }
        return kp
    }

    static func errorCode(_ outcome: OperationOutcome) -> String? {
        if case .error(let code, _) = outcome { return code }
        return nil
    }

    static let all: [Mutant] = [
        Mutant(
            id: "lifetime-not-before-inclusive", bugClass: .edgeCase,
            summary: "the clean server's lifetime check takes not_before <= now"
        ) { request, reference in
            guard request.profile == .deployed, let kp = keyPackage(request),
                case .keyPackage(let lifetime) = kp.leafNode.source, let now = try? request.reader.uint64("now"),
                lifetime.notBefore == now
            else { return nil }
            // As if the clock were a second later: only the lower bound moves.
            return reference.perform(
                OperationRequest(
                    operation: request.operation, profile: request.profile,
                    input: request.input.setting("now", to: .integer(now + 1))))
        },
        Mutant(
            id: "bare-did-accepted", bugClass: .authBypass,
            summary: "the clean server accepts the bare DID where `did#deviceId` is expected"
        ) { request, reference in
            guard request.profile == .deployed, let kp = keyPackage(request),
                case .basic(let identity) = kp.leafNode.credential,
                let expected = request.input["expectedIdentity"]?.stringValue,
                let did = expected.split(separator: "#").first, identity == Array(did.utf8)
            else { return nil }
            return reference.perform(
                OperationRequest(
                    operation: request.operation, profile: request.profile,
                    input: request.input.setting("expectedIdentity", to: .string(String(did)))))
        },
        Mutant(
            id: "outer-signature-only", bugClass: .missingStep,
            summary: "only the KeyPackage signature is verified, not the leaf node's"
        ) { request, reference in
            let answer = reference.perform(request)
            guard errorCode(answer) == "INVALID_LEAF_SIGNATURE", let kp = keyPackage(request),
                let suite = CipherSuite.named(kp.cipherSuite),
                let key = try? Ed25519.PublicKey(rawBytes: kp.leafNode.signatureKey),
                MLSLabels.verify(key, label: "KeyPackageTBS", content: kp.tbs, signature: kp.signature)
            else { return nil }
            return .output(
                CatbirdKeyPackageOperations.output(
                    ValidatedKeyPackage(keyPackage: kp, ref: MLSLabels.keyPackageRef(suite, keyPackage: kp.encoded))))
        },
        Mutant(
            id: "ref-over-wrapper", bugClass: .wrongPrimitive,
            summary: "KeyPackageRef hashed over the MLSMessage bytes instead of the KeyPackage"
        ) { request, reference in
            guard request.operation == .catbirdKeyPackageValidate, request.profile == .deployed,
                case .output(let out) = reference.perform(request), let bytes = try? request.reader.hex("keyPackage")
            else { return nil }
            let ref = MLSLabels.keyPackageRef(CipherSuite.named(0x004D)!, keyPackage: bytes)
            if let declared = request.input["keyPackageRef"]?.stringValue, declared != Hex.encode(ref) {
                return .error(code: "KEY_PACKAGE_REF_MISMATCH", message: nil)
            }
            return .output(out.setting("keyPackageRef", to: .string(Hex.encode(ref))))
        },
        Mutant(
            id: "grease-ignored-when-deployed", bugClass: .leniency,
            summary: "the clean server ignores GREASE extension types as RFC 9420 does"
        ) { request, reference in
            guard request.profile == .deployed, let kp = keyPackage(request) else { return nil }
            var clean = kp
            clean.extensions.removeAll { LegacyKeyPackageValidation.isGrease($0.type) }
            clean.leafNode.capabilities.extensions.removeAll { LegacyKeyPackageValidation.isGrease($0) }
            guard clean != kp else { return nil }
            // Judge the KeyPackage without its GREASE values (the signatures are not re-checked).
            guard clean.extensions.isEmpty, clean.leafNode.capabilities == DeployedKeyPackageValidation.capabilities
            else { return nil }
            return .output(
                CatbirdKeyPackageOperations.output(
                    ValidatedKeyPackage(
                        keyPackage: kp, ref: MLSLabels.keyPackageRef(CipherSuite.named(0x004D)!, keyPackage: kp.encoded)
                    )))
        },
        Mutant(
            id: "legacy-exact-decoding", bugClass: .legacy,
            summary: "the legacy profile refuses bytes after the KeyPackage, which the old server ignored"
        ) { request, reference in
            guard request.operation == .catbirdKeyPackageValidate, request.profile == .legacy,
                case .output = reference.perform(request), let bytes = try? request.reader.hex("keyPackage"),
                (try? KeyPackage.decode(bytes)) == nil
            else { return nil }
            return .error(code: "TRAILING_DATA", message: nil)
        },
        Mutant(
            id: "x25519-small-order-accepted", bugClass: .missingStep,
            summary: "the X25519 half of an X-Wing key is not checked for small order"
        ) { request, reference in
            guard request.profile == .deployed, let kp = keyPackage(request),
                errorCode(reference.perform(request)) == "INVALID_XWING_PUBLIC_KEY"
            else { return nil }
            // Only small-order X25519 halves are wrong: this implementation accepts the package.
            let problems = [XWingPublicKey.problem(kp.initKey), XWingPublicKey.problem(kp.leafNode.encryptionKey)]
            guard problems.allSatisfy({ $0 == nil || $0 == .x25519LowOrder }) else { return nil }
            return .output(
                CatbirdKeyPackageOperations.output(
                    ValidatedKeyPackage(
                        keyPackage: kp, ref: MLSLabels.keyPackageRef(CipherSuite.named(0x004D)!, keyPackage: kp.encoded)
                    )))
        },
        Mutant(
            id: "legacy-signatures-by-libsodium", bugClass: .wrongPrimitive,
            summary:
                "the legacy profile verifies with libsodium, which refuses the small-order keys and R that HACL* accepts"
        ) { request, reference in
            guard request.operation == .catbirdKeyPackageValidate, request.profile == .legacy,
                case .output = reference.perform(request), let bytes = try? request.reader.hex("keyPackage"),
                let kp = try? OpenMLSKeyPackage.decodeRaw(bytes),
                let key = try? Ed25519.PublicKey(rawBytes: kp.leafNode.signatureKey)
            else { return nil }
            if !MLSLabels.verify(key, label: "LeafNodeTBS", content: kp.leafNode.tbs, signature: kp.leafNode.signature)
            {
                return .error(code: "INVALID_LEAF_SIGNATURE", message: nil)
            }
            if !MLSLabels.verify(key, label: "KeyPackageTBS", content: kp.tbs, signature: kp.signature) {
                return .error(code: "INVALID_KEY_PACKAGE_SIGNATURE", message: nil)
            }
            return nil
        },
    ]
}
