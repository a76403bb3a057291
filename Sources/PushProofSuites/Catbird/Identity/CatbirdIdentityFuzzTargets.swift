import CatbirdMLS
import PushProofConformance
import PushProofCrypto

// The identity suite's fuzz target (docs/fuzzing.md).

/// The identifier parsers: the first byte picks one (bare DID, device id, timestamp, legacy
/// split); what a parser accepts prints back identically.
enum IdentifierHarness {
    static func run(_ data: [UInt8]) {
        guard let first = data.first, let text = String(validating: data.dropFirst(), as: UTF8.self) else { return }
        switch first % 4 {
        case 0:
            guard let did = try? BareDid(parsing: text) else { return }
            fuzzInvariant(
                did.text == text && text.utf8.allSatisfy { $0 < 0x80 && !(0x41...0x5A).contains($0) }, "bare DID")
        case 1:
            guard let id = try? DeviceId(parsing: text) else { return }
            fuzzInvariant(id.text == text && text == text.lowercased() && text.utf8.count == 36, "device id")
        case 2:
            guard let t = try? CanonicalTimestamp(parsing: text) else { return }
            fuzzInvariant(t.text == text, "a timestamp does not print back as itself")
        default:
            guard let parts = try? DeviceIdentity.legacySplit(text) else { return }
            fuzzInvariant(
                parts.deviceId.isEmpty ? parts.did == text : "\(parts.did)#\(parts.deviceId)" == text, "legacy split")
            fuzzInvariant(!parts.did.contains("#"), "split after the first #")
        }
    }
}

extension CatbirdIdentitySuite {
    public var fuzzTargets: [FuzzTarget] {
        [FuzzTarget("FuzzCatbirdIdentifiers", seeds: Self.identifiers, run: IdentifierHarness.run)]
    }

    /// The identifiers of the identity vectors, each behind the byte that picks its parser.
    static func identifiers(_ files: [VectorFile]) -> [[UInt8]] {
        let parsers: [(selector: UInt8, key: String)] = [
            (0, "did"), (1, "deviceId"), (2, "signedAt"), (2, "now"), (3, "deviceDid"),
        ]
        return files.tests(of: "catbird_identity").flatMap { _, test in
            parsers.compactMap { parser in SeedBytes.text(test.input[parser.key]).map { [parser.selector] + $0 } }
        }
    }
}
