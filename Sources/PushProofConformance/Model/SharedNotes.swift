/// The flags every suite's notes share, written once.
extension VectorNote {
    /// `UpstreamTest`: a case of upstream's own test suite.
    public static let upstreamTest = VectorNote(
        bugType: .basic,
        description:
            "A case of upstream's own test suite, translated into PushProof's input: the source names the test (repo@commit:path:lines and the test's name)."
    )

    /// `Normal`: an ordinary case.
    public static let normal = VectorNote(
        bugType: .basic, description: "An ordinary case every implementation must handle.")
}
