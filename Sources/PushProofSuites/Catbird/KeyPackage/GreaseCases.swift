import CatbirdMLS
import PushProofConformance

/// Every GREASE value where openmls tells GREASE from an unknown type, and 0xFAFA, which has the
/// pattern but lies in the private-use range (RFC 9420 §13.5 lists 0x0A0A to 0xEAEA; openmls
/// traits/src/grease.rs:11-14): a set written one step off, or with 0xFAFA in it, fails.
extension CatbirdKeyPackageValidateVectors {
    static let greaseValues: [UInt16] = (0..<15).map { 0x0A0A + 0x1010 * UInt16($0) }
    static let greaseList = "openmls/openmls@openmls-v0.8.1:traits/src/grease.rs:11-14"

    /// How openmls 0.8.1 decodes a leaf node's extensions: the type read through `From<u16>`
    /// (GREASE values become `Grease`), the list through `Extensions<LeafNode>`, whose decoder
    /// refuses a type not valid in a leaf node (GREASE, last_resort, ratchet_tree,
    /// required_capabilities, external_pub, external_senders) and a type twice.
    static let leafDecoding =
        openmls("extensions/mod.rs", "118-119,146-158,231-246,346-357,492-514,572-583") + "; "
        + openmls("treesync/node/leaf_node.rs", "561-568")

    /// Deployed: wire.rs decodes the MLSMessage with openmls first (`MlsMessageIn`), which reads a
    /// GREASE type as `ExtensionType::Grease` (not `Unknown`) and refuses it in a leaf node while
    /// decoding (`Extensions<LeafNode>`); wire.rs maps that to Malformed before its own leaf-shape
    /// check. 0xFAFA decodes as unknown, and wire.rs refuses an unlisted leaf extension.
    static func deployedGreaseClass(_ c: UploadForm, base: KeyPackageSpec) -> [VectorCase] {
        greaseValues.map { g in
            c(
                "a GREASE leaf extension \(hex4(g)): openmls refuses GREASE in a leaf node while decoding",
                ["Grease", "Extensions"], wire(W.decode) + "; " + leafDecoding + "; " + greaseList,
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
