import PushProofConformance
import PushProofJSON

/// The shapes of the Catbird identity operations' vectors (docs/vector-format.md).
enum CatbirdIdentitySchemas {
    typealias S = JSONSchema

    static let bareDid = OperationSchema(
        groupType: "BareDidTest", input: S.object(["did"], ["did": S.string]),
        output: S.object(["did"], ["did": S.string]))

    static let deviceId = OperationSchema(
        groupType: "DeviceIdTest", input: S.object(["deviceId"], ["deviceId": S.string]),
        output: S.object(["deviceId"], ["deviceId": S.string]))

    static let credentialIdentity = OperationSchema(
        groupType: "CredentialIdentityTest",
        input: S.object(["did", "deviceId"], ["did": S.string, "deviceId": S.string]),
        output: S.object(["identity"], ["identity": S.string]))

    static let splitDeviceDid = OperationSchema(
        groupType: "DeviceDidSplitTest", input: S.object(["deviceDid"], ["deviceDid": S.string]),
        output: S.object(["did", "deviceId"], ["did": S.string, "deviceId": S.string]))

    static let keyId = OperationSchema(
        groupType: "KeyIdTest", input: S.object(["publicKey"], ["publicKey": CatbirdSchemas.hexBytes]),
        output: S.object(["keyId"], ["keyId": CatbirdSchemas.keyId]))

    static let deviceKey = OperationSchema(
        groupType: "DeviceKeyTest", input: S.object(["seed"], ["seed": CatbirdSchemas.hexBytes]),
        output: S.object(["publicKey", "keyId"], ["publicKey": S.hex32, "keyId": CatbirdSchemas.keyId]))

    static let signedAt = OperationSchema(
        groupType: "SignedAtTest", input: S.object(["signedAt", "now"], ["signedAt": S.string, "now": S.string]),
        output: S.object(["offsetMilliseconds"], ["offsetMilliseconds": S.integer]))
}
