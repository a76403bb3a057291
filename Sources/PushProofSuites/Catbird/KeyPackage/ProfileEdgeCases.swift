import CatbirdMLS
import PushProofConformance

/// Each profile's rules at their edges: the MLSMessage header read before anything past it, the
/// first non-default extension type, an X.509 credential, the clock at the ends of u64, and the
/// largest input.
extension CatbirdKeyPackageValidateVectors {
    /// Deployed: wire.rs reads the version and the wire format as two u16s before any length
    /// (`preflight_exact_message`), so four bytes are enough to refuse either.
    static func deployedHeaderEdges(_ c: UploadForm, base: KeyPackageSpec) -> [VectorCase] {
        [
            c(
                "exactly 4 bytes, MLSMessage version 2: the version is read before any length", ["ProtocolVersion"],
                wire(W.header), base.with { $0.bytes = { _ in [0, 2, 0, 5] } }, code: "UNSUPPORTED_PROTOCOL_VERSION"),
            c(
                "exactly 4 bytes, wire format 4: the wire format is read before any length", ["WireFormat"],
                wire(W.header), base.with { $0.bytes = { _ in [0, 1, 0, 4] } }, code: "WRONG_WIRE_FORMAT"),
            c(
                "wire format 0x0105: both bytes of the u16 are read", ["WireFormat"], wire(W.header),
                base.with {
                    $0.bytes = { b in
                        var b = b
                        b[2] = 1
                        return b
                    }
                }, code: "WRONG_WIRE_FORMAT"),
        ]
    }

    /// Legacy: only types 1-5 need no listing (openmls leaf_node.rs:447-454); 6 is the first that does.
    static func legacyExtensionSixCase(_ c: UploadForm, base: KeyPackageSpec) -> [VectorCase] {
        let rule =
            openmls("key_packages/key_package_in.rs", "184-193") + "; "
            + openmls("treesync/node/leaf_node.rs", "447-454")
        return [
            c(
                "a KeyPackage extension of type 6 not in the capabilities: only types 1-5 need no listing",
                ["Extensions"], rule, base.with { $0.extensions = [MLSExtension(type: 6, data: [])] },
                code: "UNSUPPORTED_EXTENSIONS")
        ]
    }

    static func rfc9420Edges(_ c: UploadForm) -> [VectorCase] {
        let base = KeyPackageSpec.classic(1, identity: "alice")
        let forever = base.living(0, .max)
        return [
            c(
                "suite 1: a leaf extension of type 6 not in the capabilities: only types 1-5 are default",
                ["Extensions"], base.with { $0.leafExtensions = [MLSExtension(type: 6, data: [])] },
                code: "UNSUPPORTED_EXTENSIONS"),
            c(
                "suite 1: an X.509 credential, its type listed", ["Capabilities"],
                base.with {
                    $0.credential = .x509(certificates: [[0x30, 0x00]])
                    $0.capabilities.credentials = [2]
                }),
            c(
                "suite 1: lifetime [0, 2^64 - 1] at now = 0: the lifetime includes its ends", ["LifetimeBoundary"],
                forever, now: 0),
            c("suite 1: lifetime [0, 2^64 - 1] at now = 2^63", ["LifetimeBoundary"], forever, now: 1 << 63),
            c("suite 1: lifetime [0, 2^64 - 1] at now = 2^64 - 1", ["LifetimeBoundary"], forever, now: .max),
            c("suite 1: exactly 65,536 bytes: not too large", ["SizeLimit"], sized(base, to: 65_536, keyId: true)),
        ]
    }
}
