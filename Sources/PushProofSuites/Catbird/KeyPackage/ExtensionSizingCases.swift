import CatbirdMLS
import PushProofConformance

/// Deployed: an extension's data of exactly 0x3FFF bytes, with the list lengths written as
/// openmls counts them (two more than the bytes). openmls reads such a KeyPackage, but cannot write
/// it again (tls_codec refuses a count that is not the bytes written), and wire.rs answers
/// Malformed there, before it compares and before any named check: whatever the list lengths say.
extension CatbirdKeyPackageValidateVectors {
    static func deployedExtensionSizingLengths(_ c: UploadForm, base: KeyPackageSpec) -> [VectorCase] {
        let source =
            wire("847-853,891") + "; " + openmls("extensions/codec.rs", "16-51")
            + "; RustCrypto/formats@tls_codec/v0.4.2:tls_codec/src/lib.rs:135-154, tls_codec/src/quic_vec.rs:495-523"
        let big = [UInt8](repeating: 0x61, count: 0x3FFF)
        let keyId = [0x7F, 0xFD] + [UInt8](repeating: 0x62, count: 0x3FFD)
        /// Each four-byte list length `old` (a 0x4000-0x7FFF varint) written as openmls counts it.
        func counted(_ old: [UInt8], suite: UInt16? = nil) -> ([UInt8]) -> [UInt8] {
            { bytes in
                var b = bytes
                var i = 0
                while i + 4 <= b.count {
                    if Array(b[i..<i + 4]) == old {
                        b[i + 3] += 2
                        i += 4
                    } else {
                        i += 1
                    }
                }
                if let suite {
                    b[6] = UInt8(suite >> 8)
                    b[7] = UInt8(suite & 0xFF)
                }
                return b
            }
        }
        let leaf = base.with { $0.leafExtensions = [MLSExtension(type: 0xF000, data: big)] }
        let both = base.with {
            $0.leafExtensions = [MLSExtension(type: 0xF000, data: big)]
            $0.extensions = [MLSExtension(type: 0xF001, data: big)]
        }
        let sizing = ["ExtensionSizing", "Extensions"]
        let why = ", the list's length as openmls counts it: openmls still cannot write it again"
        return [
            c(
                "an unknown leaf extension of exactly 0x3FFF bytes of data" + why, sizing, source,
                leaf.with { $0.bytes = counted([0x80, 0x00, 0x40, 0x03]) }, code: "MALFORMED",
                declaredRef: .some(nil)),
            c(
                "a KeyPackage application_id of exactly 0x3FFF bytes of data" + why, sizing, source,
                base.with {
                    $0.extensions = [MLSExtension(type: 1, data: keyId)]
                    $0.bytes = counted([0x80, 0x00, 0x40, 0x03])
                }, code: "MALFORMED", declaredRef: .some(nil)),
            c(
                "a GREASE KeyPackage extension of exactly 0x3FFF bytes after a small unknown one" + why, sizing,
                source,
                base.with {
                    $0.extensions = [MLSExtension(type: 0xF001, data: [1]), MLSExtension(type: 0x0A0A, data: big)]
                    $0.bytes = counted([0x80, 0x00, 0x40, 0x07])
                }, code: "MALFORMED", declaredRef: .some(nil)),
            c(
                "a leaf and a KeyPackage extension of exactly 0x3FFF bytes each" + why, sizing, source,
                both.with { $0.bytes = counted([0x80, 0x00, 0x40, 0x03]) }, code: "MALFORMED", declaredRef: .some(nil)),
            c(
                "suite 1 and an unknown leaf extension of exactly 0x3FFF bytes" + why
                    + ", so Malformed comes before the suite check", sizing, source,
                leaf.with { $0.bytes = counted([0x80, 0x00, 0x40, 0x03], suite: 1) }, code: "MALFORMED",
                declaredRef: .some(nil)),
        ]
    }
}
