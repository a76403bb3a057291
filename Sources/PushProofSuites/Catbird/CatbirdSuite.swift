import PushProofConformance

/// Catbird's per-device MLS identity and KeyPackages (RFC 9420). So far: the RFC 9420 codec and
/// labelled crypto, checked against the MLS working group's interoperability vectors
/// (`pushproof interop mls DIR`); the validation vectors in three profiles are still to come
/// (docs/catbird.md).
public struct CatbirdSuite: ConformanceSuite {
    public init() {}

    public let name = "catbird"

    public var operations: [SuiteOperation] { [] }

    public func vectorFiles() throws -> [VectorFileDeclaration] { [] }

    public var interopSets: [InteropSet] { [MLSInteropVectors.set] }
}
