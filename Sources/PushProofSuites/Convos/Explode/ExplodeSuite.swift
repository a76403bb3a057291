import ConvosExplode
import PushProofConformance

extension OperationName {
    public static let explodeEncode: OperationName = "explode.encode"
    public static let explodeWrap: OperationName = "explode.wrap"
    public static let explodeDecode: OperationName = "explode.decode"
    public static let explodeMetadataEncode: OperationName = "explode.metadataEncode"
    public static let explodeMetadataDecode: OperationName = "explode.metadataDecode"
    public static let explodeReceiverTrace: OperationName = "explode.receiverTrace"
}

/// Convos' ExplodeSettings: the content type that tells every member to destroy a conversation,
/// its metadata copy and the receiver's rules. Vector files explode_codec, _metadata, _receiver.
public struct ExplodeSuite: ConformanceSuite {
    public init() {}

    public let name = "explode"

    public var operations: [SuiteOperation] {
        [
            SuiteOperation(
                .explodeEncode, schema: ExplodeSchemas.encode, profiles: [.deployed, .hardened],
                output: ExplodeOperations.encode),
            SuiteOperation(
                .explodeWrap, schema: ExplodeSchemas.wrap, profiles: [.deployed], output: ExplodeOperations.wrap),
            SuiteOperation(
                .explodeDecode, schema: ExplodeSchemas.decode, profiles: [.deployed, .hardened],
                output: ExplodeOperations.decode),
            SuiteOperation(
                .explodeMetadataEncode, schema: ExplodeSchemas.metadataEncode, profiles: [.deployed],
                meaning: ExplodeOperations.appDataMeaning, output: ExplodeOperations.metadataEncode),
            SuiteOperation(
                .explodeMetadataDecode, schema: ExplodeSchemas.metadataDecode, profiles: [.deployed, .hardened],
                output: ExplodeOperations.metadataDecode),
            SuiteOperation(
                .explodeReceiverTrace, schema: ExplodeSchemas.receiverTrace, profiles: [.deployed, .hardened],
                output: ExplodeOperations.receiverTrace),
        ]
    }

    public func vectorFiles() throws -> [VectorFileDeclaration] {
        [try ExplodeCodecVectors.file(), try ExplodeMetadataVectors.file(), try ExplodeReceiverVectors.file()]
    }

    /// The receiver's clock-skew tolerance.
    public var timeWindows: [Int64] { [ExplosionReceiver.clockSkewTolerance] }

    public var mutants: [Mutant] { ExplodeMutants.all }

    public func protobufSamples(in files: [VectorFile]) -> [ProtobufSample] {
        ExplodeProtobufSamples.samples(in: files)
    }
}
