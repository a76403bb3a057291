import PushProofJSON

/// One operation a suite offers: its name, the shape of its vectors (`OperationSchema`), the
/// profiles it answers in, and the reference's handler. A handler may throw: a `CodedError` becomes that error's answer, an `InputError` (or
/// anything else) a harness error; it never needs to map errors by hand.
public struct SuiteOperation: Sendable {
    public typealias Handler = @Sendable (OperationRequest) throws -> OperationOutcome

    public let name: OperationName
    public let schema: OperationSchema
    public let profiles: Set<Profile>
    let handler: Handler
    /// Where the protocol leaves an output's bytes free: what the output means (see
    /// `AnswerMeanings`). Nil: outputs are compared as JSON values.
    public let meaning: AnswerMeanings.Meaning?
    /// Answers the profile allows besides the handler's, for any request (see
    /// `ConformanceImplementation.alternatives`). Nil: none.
    public let alternatives: (@Sendable (OperationRequest) -> [OperationOutcome])?
    /// The code the deployed server puts on the wire for a refusal of this request with
    /// PushProof's code, where the wire's differs: coarser (one `InvalidKeyPackage` for every
    /// KeyPackage fault) or finer (Zulip's `REQUEST_VARIABLE_MISSING` for an absent parameter,
    /// which only the input tells). Each such test carries it as `wireError`. Nil, or nil for a
    /// code: the wire says what PushProof says, or the operation has no wire.
    public let wireError: (@Sendable (OperationRequest, String) -> String?)?

    public init(
        _ name: OperationName, schema: OperationSchema, profiles: Set<Profile> = [.deployed, .proposal],
        meaning: AnswerMeanings.Meaning? = nil,
        alternatives: (@Sendable (OperationRequest) -> [OperationOutcome])? = nil,
        wireError: (@Sendable (OperationRequest, String) -> String?)? = nil, handler: @escaping Handler
    ) {
        self.name = name
        self.schema = schema
        self.profiles = profiles
        self.meaning = meaning
        self.alternatives = alternatives
        self.wireError = wireError
        self.handler = handler
    }

    /// An operation whose handler returns an output or throws.
    public init(
        _ name: OperationName, schema: OperationSchema, profiles: Set<Profile> = [.deployed, .proposal],
        meaning: AnswerMeanings.Meaning? = nil,
        alternatives: (@Sendable (OperationRequest) -> [OperationOutcome])? = nil,
        wireError: (@Sendable (OperationRequest, String) -> String?)? = nil,
        output: @escaping @Sendable (OperationRequest) throws -> JSONValue
    ) {
        self.init(
            name, schema: schema, profiles: profiles, meaning: meaning, alternatives: alternatives,
            wireError: wireError
        ) { .output(try output($0)) }
    }
}

/// A suite: one protocol piece's operations, the vector files it ships (declared, then run
/// through the reference by the kit), the known-bad implementations its vectors must catch, and
/// its fuzz targets.
/// Each lives in its own folder of `PushProofSuites`; `Suites.all` lists them.
public protocol ConformanceSuite: Sendable {
    /// A short name for listings (`registration`).
    var name: String { get }
    var operations: [SuiteOperation] { get }
    /// Every vector file of the suite, declared case by case.
    func vectorFiles() throws -> [VectorFileDeclaration]
    var mutants: [Mutant] { get }
    var fuzzTargets: [FuzzTarget] { get }
    /// Published vector sets the suite can run from a folder the user provides.
    var interopSets: [InteropSet] { get }
    /// The protocol's time windows in seconds (a liveness timeout, a reservation, a key's
    /// lifetime): differential fuzzing moves the times in its operations' inputs across them,
    /// besides `InputMutator.commonWindows`.
    var timeWindows: [Int64] { get }
    /// The protobuf bytes its vector files' outputs carry, for protoc to decode.
    func protobufSamples(in files: [VectorFile]) -> [ProtobufSample]
    /// The profiles whose tests expect what the pinned upstream code answers (`deployed`, and a
    /// suite's own such as `legacy`): generation holds their tests to the flags' `upstream` word.
    var upstreamProfiles: Set<Profile> { get }
}

extension ConformanceSuite {
    public var mutants: [Mutant] { [] }
    public var fuzzTargets: [FuzzTarget] { [] }
    public var interopSets: [InteropSet] { [] }
    public var timeWindows: [Int64] { [] }
    public func protobufSamples(in files: [VectorFile]) -> [ProtobufSample] { [] }
    public var upstreamProfiles: Set<Profile> { [.deployed] }
}
