import PushProofConformance
import ZulipEnvelope

extension OperationName {
    public static let envelopeEncrypt: OperationName = "envelope.encrypt"
    public static let envelopeSeal: OperationName = "envelope.seal"
    public static let envelopeBouncerPayload: OperationName = "envelope.bouncerPayload"
    public static let envelopeReceive: OperationName = "envelope.receive"
}

/// Zulip's notification envelope: the server encrypts each notification for the device; only a
/// key id and the ciphertext pass through the bouncer and Apple / Google. Vector files
/// envelope_server and envelope_client.
public struct EnvelopeSuite: ConformanceSuite {
    public init() {}

    public let name = "envelope"

    public var operations: [SuiteOperation] {
        [
            SuiteOperation(
                .envelopeEncrypt, schema: EnvelopeSchemas.encrypt, profiles: [.deployed, .hardened],
                meaning: EnvelopeOperations.encryptedMeaning,
                output: EnvelopeOperations.encrypt),
            SuiteOperation(
                .envelopeSeal, schema: EnvelopeSchemas.seal, profiles: [.proposal],
                meaning: EnvelopeOperations.sealedMeaning,
                output: EnvelopeOperations.seal),
            SuiteOperation(
                .envelopeBouncerPayload, schema: EnvelopeSchemas.bouncerPayload,
                profiles: [.deployed, .hardened, .proposal],
                output: EnvelopeOperations.bouncerPayload),
            SuiteOperation(
                .envelopeReceive, schema: EnvelopeSchemas.receive, profiles: [.deployed, .hardened, .proposal],
                output: EnvelopeOperations.receive),
        ]
    }

    public func vectorFiles() throws -> [VectorFileDeclaration] {
        [EnvelopeServerVectors.file(), try EnvelopeClientVectors.file()]
    }

    /// The client's push keys: rotated after 30 days, superseded after 15, deleted after 30.
    public var timeWindows: [Int64] {
        [PushKeyStore.rotationInterval, PushKeyStore.supersedeAfter, PushKeyStore.deleteAfter]
    }

    public var mutants: [Mutant] { EnvelopeMutants.all }
}
