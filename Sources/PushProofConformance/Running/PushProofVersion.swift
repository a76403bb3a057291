/// The version of the PushProof tool and of its vectors' format, as `pushproof --version` prints it
/// and the release artefacts are named (`scripts/release.sh`).
public enum PushProofVersion {
    public static let string = "0.1.0"
}
