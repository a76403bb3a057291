import CatbirdMLS
import PushProofConformance

/// Extension data whose decoding openmls does itself, at its edges: every node form of a ratchet
/// tree (a blank node, a parent with no unmerged leaves and with increasing ones, a leaf, and
/// equal unmerged leaves, which are refused), and data lengths on each side of the varint's
/// one- and two-byte forms (63, 64 and 0x3FFE bytes through openmls's own sizing; 0x3FFF and
/// 0x4000 through RFC 9420's).
extension CatbirdKeyPackageValidateVectors {
    static func extensionDataEdges(_ c: UploadForm, base: KeyPackageSpec, deployed: Bool) -> [VectorCase] {
        let tree =
            openmls("treesync/node.rs", "49-68") + "; " + openmls("treesync/node/parent_node.rs", "28-41") + "; "
            + openmls("treesync/node/codec.rs", "20-32") + "; " + openmls("extensions/codec.rs", "101-128")
        let validate = deployed ? wire(W.extensions) : openmls("key_packages/key_package_in.rs", "164-193")
        let noRef: [UInt8]?? = deployed ? .some(nil) : .none
        func vector(_ content: [UInt8]) -> [UInt8] {
            var w = TLSWriter()
            w.opaque(content)
            return w.bytes
        }
        let leaf = vector([0x01, 0x01] + base.keyPackage.leafNode.encoded)
        let forms: [(String, [UInt8])] = [
            ("one blank node", [0x01, 0x00]),
            ("a parent node with no unmerged leaves", [0x05, 0x01, 0x02, 0x00, 0x00, 0x00]),
            (
                "a parent node with unmerged leaves 3 and 5",
                [0x0D, 0x01, 0x02, 0x00, 0x00, 0x08, 0, 0, 0, 3, 0, 0, 0, 5]
            ),
            ("one leaf node", leaf),
        ]
        var cases = forms.map { what, data in
            c(
                "a well-formed ratchet_tree KeyPackage extension, \(what): decoded, then refused as a KeyPackage "
                    + "extension", ["ExtensionData", "Extensions"], tree + "; " + validate,
                base.with { $0.extensions = [MLSExtension(type: 2, data: data)] }, code: "UNSUPPORTED_EXTENSIONS",
                declaredRef: noRef)
        }
        cases.append(
            c(
                "a ratchet_tree KeyPackage extension whose parent's unmerged leaves are 5 and 5: not increasing, "
                    + "refused as it is read", ["ExtensionData", "Extensions"], tree,
                base.with {
                    $0.extensions = [
                        MLSExtension(type: 2, data: [0x0D, 0x01, 0x02, 0x00, 0x00, 0x08, 0, 0, 0, 5, 0, 0, 0, 5])
                    ]
                }, code: "MALFORMED", declaredRef: noRef))
        let sizing = openmls("extensions/codec.rs", "16-51") + "; " + validate
        for length in [63, 64, 0x3FFE] {
            let data = [UInt8](repeating: 0x61, count: length)
            if deployed {
                cases.append(
                    c(
                        "an unknown KeyPackage extension with \(length) bytes of data: sized as openmls sizes it, then "
                            + "refused", ["ExtensionData", "Extensions"], sizing,
                        base.with { $0.extensions = [MLSExtension(type: 0xF000, data: data)] },
                        code: "UNSUPPORTED_EXTENSIONS", declaredRef: noRef))
            } else {
                cases.append(
                    c(
                        "an unknown KeyPackage extension, listed, with \(length) bytes of data: sized as openmls sizes "
                            + "it, its signature over the same bytes", ["ExtensionData", "Extensions"], sizing,
                        base.with {
                            $0.capabilities.extensions = [0xF000]
                            $0.extensions = [MLSExtension(type: 0xF000, data: data)]
                        }))
            }
        }
        return cases
    }

    /// rfc9420: the last two-byte varint length (0x3FFF) and the first four-byte one (0x4000).
    static func rfc9420VarintEdges(_ c: UploadForm) -> [VectorCase] {
        let base = KeyPackageSpec.classic(1, identity: "alice")
        return [0x3FFF, 0x4000].map { length in
            c(
                "suite 1: an unknown KeyPackage extension with \(length) bytes of data (RFC 9420 §2.1.2: the "
                    + "\(length == 0x3FFF ? "last two-byte" : "first four-byte") length)",
                ["ExtensionData", "Extensions"],
                base.with {
                    $0.extensions = [MLSExtension(type: 0xF000, data: [UInt8](repeating: 0x61, count: length))]
                })
        }
    }
}
