import PushProofConformance
import PushProofJSON

/// The shapes of the KeyPackage operations' vectors (docs/vector-format.md).
enum CatbirdKeyPackageSchemas {
    typealias S = JSONSchema
    static let hex = CatbirdSchemas.hexBytes

    static let lifetime = S.object(["notBefore", "notAfter"], ["notBefore": S.integer, "notAfter": S.integer])
    static let extensionEntry = S.object(["type", "data"], ["type": S.integer, "data": hex])
    static let capabilities = S.object(
        ["versions", "cipherSuites", "extensions", "proposals", "credentials"],
        [
            "versions": S.array(of: S.integer), "cipherSuites": S.array(of: S.integer),
            "extensions": S.array(of: S.integer), "proposals": S.array(of: S.integer),
            "credentials": S.array(of: S.integer),
        ])
    static let credential = S.oneOf([
        S.object(["type", "identity"], ["type": S.constant("basic"), "identity": S.string]),
        S.object(["type", "identityHex"], ["type": S.constant("basic"), "identityHex": hex]),
        S.object(["type", "certificates"], ["type": S.constant("x509"), "certificates": S.array(of: hex)]),
        // A type RFC 9420 defines no body for, as a reader that takes its body as opaque<V> reads it
        // (an alternative answer only: RFC9420Readings).
        S.object(
            ["type", "credentialType", "dataHex"],
            ["type": S.constant("other"), "credentialType": S.integer, "dataHex": hex]),
    ])
    static let leafNode = S.object(
        ["encryptionKey", "signatureKey", "credential", "capabilities", "source", "extensions", "signature"],
        [
            "encryptionKey": hex, "signatureKey": hex, "credential": credential, "capabilities": capabilities,
            "source": S.oneOf(strings: ["keyPackage", "update", "commit"]), "lifetime": lifetime, "parentHash": hex,
            "extensions": S.array(of: extensionEntry), "signature": hex,
        ])
    static let keyPackage = S.object(
        ["version", "cipherSuite", "initKey", "leafNode", "extensions", "signature"],
        [
            "version": S.integer, "cipherSuite": S.integer, "initKey": hex, "leafNode": leafNode,
            "extensions": S.array(of: extensionEntry), "signature": hex,
        ])

    static let keyPackageDecode = OperationSchema(
        groupType: "KeyPackageCodecTest",
        input: S.object(["keyPackage"], ["keyPackage": hex]),
        output: S.object(
            ["keyPackage", "encoded"], ["keyPackage": keyPackage, "encoded": hex, "keyPackageRef": refHash]))

    /// RefHash is as long as the suite's hash: 32 bytes (SHA-256), 48 (SHA-384) or 64 (SHA-512).
    static let refHash = S.pattern(
        "^([0-9a-f]{64}|[0-9a-f]{96}|[0-9a-f]{128})$", description: "RefHash: the suite's hash, 32, 48 or 64 bytes")

    static let keyPackageValidate = OperationSchema(
        groupType: "KeyPackageValidationTest",
        input: S.object(
            ["keyPackage", "now"],
            [
                "keyPackage": hex, "expectedIdentity": S.string, "signatureKey": hex, "now": S.integer,
                "keyPackageRef": hex,
            ]),
        output: S.object(
            ["keyPackageRef", "cipherSuite", "signatureKey"],
            [
                "keyPackageRef": S.hex32, "cipherSuite": S.integer, "signatureKey": hex, "notBefore": S.integer,
                "notAfter": S.integer,
            ]))
}
