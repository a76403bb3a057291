import CatbirdMLS
import PushProofConformance

/// Every GREASE value where openmls tells GREASE from an unknown type, and 0xFAFA, which has the
/// pattern but lies in the private-use range (RFC 9420 §13.5 lists 0x0A0A to 0xEAEA; openmls
/// traits/src/grease.rs:11-14): a set written one step off, or with 0xFAFA in it, fails.
extension CatbirdKeyPackageValidateVectors {
    static let greaseValues: [UInt16] = (0..<15).map { 0x0A0A + 0x1010 * UInt16($0) }
    static let greaseList = "openmls/openmls@openmls-v0.8.1:traits/src/grease.rs:11-14"

    /// Deployed: openmls refuses a GREASE type in a leaf node while decoding (extensions/mod.rs:
    /// 146-158); 0xFAFA decodes as unknown, and wire.rs refuses an unlisted leaf extension.
    static func deployedGreaseClass(_ c: UploadForm, base: KeyPackageSpec) -> [VectorCase] {
        greaseValues.map { g in
            c(
                "a GREASE leaf extension \(hex4(g)): openmls refuses GREASE in a leaf node while decoding",
                ["Grease", "Extensions"], openmls("extensions/mod.rs", "146-158") + "; " + greaseList,
                base.with { $0.leafExtensions = [MLSExtension(type: g, data: [])] }, code: "MALFORMED")
        } + [
            c(
                "a leaf extension 0xFAFA: not GREASE (private use), an unknown type not in the capabilities",
                ["Grease", "Extensions"], wire(W.extensions) + "; " + greaseList,
                base.with { $0.leafExtensions = [MLSExtension(type: 0xFAFA, data: [])] },
                code: "UNSUPPORTED_EXTENSIONS")
        ]
    }

    /// Legacy: a KeyPackage extension listed in the capabilities must be last_resort or unknown
    /// (key_package_in.rs:174, extensions/mod.rs:555-570): GREASE is neither, 0xFAFA is unknown.
    static func legacyGreaseClass(_ c: UploadForm, base: KeyPackageSpec) -> [VectorCase] {
        let rule = openmls("key_packages/key_package_in.rs", "174") + "; " + openmls("extensions/mod.rs", "555-570")
        func listed(_ t: UInt16) -> KeyPackageSpec {
            base.with {
                $0.capabilities.extensions = [t]
                $0.extensions = [MLSExtension(type: t, data: [])]
            }
        }
        return greaseValues.dropFirst().map { g in
            c(
                "a GREASE KeyPackage extension \(hex4(g)), listed: refused", ["Grease", "Extensions"],
                rule + "; " + greaseList, listed(g), code: "UNSUPPORTED_EXTENSIONS")
        } + [
            c(
                "a KeyPackage extension 0xFAFA, listed: not GREASE (private use), an unknown type, accepted",
                ["Grease", "Extensions"], rule + "; " + greaseList, listed(0xFAFA))
        ]
    }

    static func hex4(_ v: UInt16) -> String {
        let digits = String(v, radix: 16, uppercase: true)
        return "0x" + String(repeating: "0", count: 4 - digits.count) + digits
    }
}
