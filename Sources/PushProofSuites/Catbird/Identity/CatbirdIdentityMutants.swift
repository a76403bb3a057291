import CatbirdMLS
import PushProofConformance
import PushProofCrypto
import PushProofJSON

/// Known-bad parsers of Catbird identifiers the vectors (or differential fuzzing) must catch.
enum CatbirdIdentityMutants {
    static let all: [Mutant] = [
        Mutant(
            id: "device-id-any-case", bugClass: .modifiedParameter,
            summary: "device ids are accepted in upper case"
        ) { request, reference in
            guard request.operation == .catbirdDeviceId, let text = request.input["deviceId"]?.stringValue,
                (try? DeviceId(parsing: text.lowercased())) != nil
            else { return nil }
            return .output(["deviceId": .string(text)])
        },
        Mutant(
            id: "signed-at-window-exclusive", bugClass: .edgeCase,
            summary: "the signedAt window leaves out its ends"
        ) { request, reference in
            guard request.operation == .catbirdSignedAt, case .output(let out) = reference.perform(request),
                let offset = out["offsetMilliseconds"]?.int64Value, offset == -300_000 || offset == 60_000
            else { return nil }
            return .error(code: "SIGNED_AT_OUT_OF_WINDOW", message: nil)
        },
        Mutant(
            id: "key-id-padded", bugClass: .functionality,
            summary: "the key id keeps base64's `=` padding"
        ) { request, reference in
            guard request.operation == .catbirdKeyId || request.operation == .catbirdDeviceKey,
                case .output(let out) = reference.perform(request), let id = out["keyId"]?.stringValue
            else { return nil }
            return .output(out.setting("keyId", to: .string(id + "=")))
        },
        Mutant(
            id: "did-web-any-host", bugClass: .leniency,
            summary: "did:web takes any host after the prefix"
        ) { request, reference in
            guard request.operation == .catbirdBareDid, let did = request.input["did"]?.stringValue,
                did.hasPrefix("did:web:"), did.count > 8
            else { return nil }
            return .output(["did": .string(did)])
        },
        Mutant(
            id: "did-plc-accepts-digit-one", bugClass: .leniency,
            summary: "did:plc identifiers take `1` as if it were base32 (an l/1 confusion)"
        ) { request, reference in
            guard request.operation == .catbirdBareDid, let did = request.input["did"]?.stringValue,
                did.hasPrefix("did:plc:"), did.contains("1"),
                (try? BareDid(parsing: did.replacingOccurrences(of: "1", with: "l"))) != nil
            else { return nil }
            return .output(["did": .string(did)])
        },
        // Bugs the vectors miss on purpose: differential fuzzing must find them
        // (`pushproof fuzz --all-mutants`).
        Mutant(
            id: "did-plc-upper-case-tail", bugClass: .modifiedParameter,
            summary: "did:plc identifiers are lower-cased from the 16th character on before the check",
            detection: .fuzzing
        ) { request, reference in
            guard request.operation == .catbirdBareDid, let did = request.input["did"]?.stringValue,
                did.hasPrefix("did:plc:"), did.count == 32
            else { return nil }
            let folded = did.prefix(23) + did.dropFirst(23).lowercased()
            guard folded != did, (try? BareDid(parsing: String(folded))) != nil else { return nil }
            return .output(["did": .string(did)])
        },
        Mutant(
            id: "device-id-upper-case-tail", bugClass: .modifiedParameter,
            summary: "device ids are lower-cased from the 20th character on before the check", detection: .fuzzing
        ) { request, reference in
            guard request.operation == .catbirdDeviceId, let text = request.input["deviceId"]?.stringValue,
                text.count == 36
            else { return nil }
            let head = text.prefix(19)
            let folded = head + text.dropFirst(19).lowercased()
            guard folded != text, (try? DeviceId(parsing: String(folded))) != nil else { return nil }
            return .output(["deviceId": .string(text)])
        },
    ]
}
