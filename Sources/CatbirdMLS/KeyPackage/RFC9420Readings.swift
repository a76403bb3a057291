import PushProofCrypto

/// What else RFC 9420 lets a reader of KeyPackages answer, where the RFC leaves a choice that
/// this implementation makes one way (docs/catbird.md, "Readings RFC 9420 leaves open"). Each
/// reading was met in a real library (mls-rs 0.55.0, `interop/mls-rs/`), and a reader may take
/// any of them together:
///
/// - **where the message ends**: §6 defines `MLSMessage` and nothing about bytes after it; a
///   reader that stops at its end ignores them (the answer is the message's own);
/// - **when the message's version is checked**: §6's `version = mls10` may be left to processing
///   (§10 has the receiver compare it with the KeyPackage's): decoding alone takes any version,
///   and the body's faults come first;
/// - **credential types with no defined body** (§13.3 lets applications add types): read as
///   `opaque<V>` (mls-rs's custom credentials) rather than refused;
/// - **repeated extension types** (§13.4 forbids them, at no fixed step): refused while the list
///   is decoded, before any later fault, as MALFORMED;
/// - **which body a wire format names**: a reader that parses the body the wire format names
///   meets that body's faults first (malformed, cut short, bytes left, a length not minimal);
/// - **the order of the checks** (§7.3, §10.1 give none): the leaf's and the KeyPackage's checks
///   before the version, the suite and the leaf source (a group knows its suite);
/// - **default extension types listed** (§7.2: they "MUST NOT be listed"): a leaf whose
///   capabilities list one may be refused, as UNSUPPORTED_CAPABILITIES;
/// - **an init key that cannot be used** (§10.1 asks no check of it, but the committer encrypts
///   the Welcome's secrets to it, and RFC 9180 §7.1.4 refuses an all-zero X25519 output): an X25519
///   init key that is not 32 bytes or has small order may be refused, as INVALID_INIT_KEY;
/// - **the Ed25519 verification equation** (RFC 8032 §5.1.7: the cofactored check is required,
///   "it's sufficient, but not required" to check without the cofactor) and the small-order
///   checks libsodium adds: a signature only the cofactored equation accepts may be refused.
public enum RFC9420Readings {
    /// The choices a reader of a key_package MLSMessage may make otherwise than this one.
    public struct Choices: OptionSet, Sendable, CaseIterable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }

        public static let stopsAtMessageEnd = Choices(rawValue: 1)
        public static let checksVersionOnProcessing = Choices(rawValue: 2)
        public static let readsUnknownCredentialsAsOpaque = Choices(rawValue: 4)
        public static let refusesRepeatedExtensionsWhileDecoding = Choices(rawValue: 8)

        /// Every combination of the choices.
        public static var allCases: [Choices] { (0..<16).map { Choices(rawValue: $0) } }
    }

    /// What a reader that parses the body of another wire format may answer: that body's faults.
    public static let otherBodyFaults: [MLSDecodingError] = [
        .malformed("the body of another wire format"), .truncated(field: "the body of another wire format"),
        .trailingData(count: 1), .nonMinimalLength(field: "the body of another wire format"),
    ]

    /// A key_package MLSMessage read with `choices`: the KeyPackage, the message's version and the
    /// message's length, or the first fault such a reader meets.
    public static func read(_ bytes: [UInt8], _ choices: Choices) -> Result<
        (keyPackage: KeyPackage, version: UInt16, length: Int), MLSDecodingError
    > {
        var r = TLSReader(bytes)
        r.readsUnknownCredentialsAsOpaque = choices.contains(.readsUnknownCredentialsAsOpaque)
        r.refusesRepeatedExtensionTypes = choices.contains(.refusesRepeatedExtensionsWhileDecoding)
        do throws(MLSDecodingError) {
            let version = try r.uint16("version")
            if !choices.contains(.checksVersionOnProcessing), version != KeyPackage.mls10 {
                throw .unsupportedProtocolVersion(version)
            }
            let format = try r.uint16("wire_format")
            guard format == MLSMessage.WireFormat.keyPackage.rawValue else { throw .wrongWireFormat(format) }
            let kp = try KeyPackage.read(&r)
            if !choices.contains(.stopsAtMessageEnd) { try r.finish() }
            return .success((kp, version, r.position))
        } catch {
            return .failure(error)
        }
    }

    /// The wire format an MLSMessage names, when it names one other than key_package.
    public static func otherWireFormat(_ bytes: [UInt8]) -> UInt16? {
        guard bytes.count >= 4 else { return nil }
        let format = UInt16(bytes[2]) << 8 | UInt16(bytes[3])
        return format == MLSMessage.WireFormat.keyPackage.rawValue ? nil : format
    }

    /// The refusals of a verifier that checks without the cofactor, or refuses small-order
    /// components as libsodium does, for signatures the cofactored equation accepts.
    public static func stricterSignatureFaults(_ kp: KeyPackage) -> [KeyPackageValidationError] {
        let leaf = kp.leafNode
        let key = leaf.signatureKey
        var found: [KeyPackageValidationError] = []
        func stricterRefuses(_ label: String, _ content: [UInt8], _ signature: [UInt8]) -> Bool {
            guard MLSLabels.verifyCofactored(key: key, label: label, content: content, signature: signature) else {
                return false
            }
            guard let publicKey = try? Ed25519.PublicKey(rawBytes: key) else { return true }
            return !MLSLabels.verify(publicKey, label: label, content: content, signature: signature)
        }
        if stricterRefuses("LeafNodeTBS", leaf.tbs(), leaf.signature) { found.append(.invalidLeafSignature) }
        if stricterRefuses("KeyPackageTBS", kp.tbs, kp.signature) { found.append(.invalidKeyPackageSignature) }
        return found
    }

    /// Refusals of a validator stricter than RFC 9420 asks where the RFC allows it: default
    /// extension types listed in the capabilities, and an X25519 init key no DH can use.
    public static func stricterLeafAndKeyFaults(_ kp: KeyPackage) -> [KeyPackageValidationError] {
        var found: [KeyPackageValidationError] = []
        let listed = Set(kp.leafNode.capabilities.extensions)
        if !listed.isDisjoint(with: RFC9420KeyPackageValidation.defaultExtensionTypes) {
            found.append(.unsupportedCapabilities("a default extension type is listed in the capabilities"))
        }
        if [0x0001, 0x0003].contains(kp.cipherSuite) {
            let usable = (try? X25519.PublicKey(rawBytes: kp.initKey)).map { !$0.hasSmallOrder } ?? false
            if !usable { found.append(.invalidInitKey("not an X25519 public key of full order")) }
        }
        return found
    }

    /// Every answer to decoding `bytes` the readings allow besides `MLSMessage.decode`'s: the
    /// KeyPackage with the message as such a reader writes it again (its own version kept), or
    /// the first fault such a reader meets.
    public static func decodingAnswers(_ bytes: [UInt8]) -> [Result<(KeyPackage, encoded: [UInt8]), MLSDecodingError>] {
        guard bytes.count <= DeployedKeyPackageValidation.sizeLimit else { return [] }
        var answers: [Result<(KeyPackage, encoded: [UInt8]), MLSDecodingError>] = []
        if otherWireFormat(bytes) != nil { answers += otherBodyFaults.map { .failure($0) } }
        for choices in Choices.allCases {
            switch read(bytes, choices) {
            case .success(let message):
                let written = MLSMessage.keyPackage(message.keyPackage).encoded
                answers.append(.success((message.keyPackage, Array(bytes[..<2]) + written.dropFirst(2))))
            case .failure(let fault):
                answers.append(.failure(fault))
            }
        }
        return answers
    }

    /// Every answer to `upload` the readings allow besides `RFC9420KeyPackageValidation`'s.
    public static func validationAnswers(
        _ upload: KeyPackageUpload
    ) -> [Result<ValidatedKeyPackage, KeyPackageValidationError>] {
        guard upload.bytes.count <= DeployedKeyPackageValidation.sizeLimit else { return [] }
        var answers: [Result<ValidatedKeyPackage, KeyPackageValidationError>] = []
        if otherWireFormat(upload.bytes) != nil {
            answers += otherBodyFaults.map { .failure(.decoding($0)) }
        }
        for choices in Choices.allCases {
            let message: (keyPackage: KeyPackage, version: UInt16, length: Int)
            switch read(upload.bytes, choices) {
            case .success(let read): message = read
            case .failure(let fault):
                answers.append(.failure(.decoding(fault)))
                continue
            }
            let kp = message.keyPackage
            // The checks in any order: the message's and the KeyPackage's version, the suite and
            // the source among the leaf's and the KeyPackage's own.
            if message.version != KeyPackage.mls10 {
                answers.append(.failure(.decoding(.unsupportedProtocolVersion(message.version))))
            }
            if kp.version != KeyPackage.mls10 {
                answers.append(.failure(.decoding(.unsupportedProtocolVersion(kp.version))))
            }
            if CipherSuite.named(kp.cipherSuite)?.signsWithEd25519 != true {
                answers.append(.failure(.unsupportedCipherSuite(kp.cipherSuite)))
            }
            answers += RFC9420KeyPackageValidation.faults(kp, now: upload.now).map { .failure($0) }
            answers += stricterSignatureFaults(kp).map { .failure($0) }
            answers += stricterLeafAndKeyFaults(kp).map { .failure($0) }
            // A reader that stops at the message's end validates the message alone.
            if message.length < upload.bytes.count && message.version == KeyPackage.mls10 {
                var exact = upload
                exact.bytes = Array(upload.bytes[..<message.length])
                do {
                    answers.append(.success(try RFC9420KeyPackageValidation.validate(exact)))
                } catch {
                    answers.append(.failure(error))
                }
            }
        }
        return answers
    }
}
