/// The upstream lines each Catbird vector's answer rests on (docs/provenance.md).
enum CatbirdSources {
    static let cleanCommit = "10b0febca5fc74fde45e8d64e03b806eaead968c"
    static let legacyCommit = "5278d0ce66460ab184954d5a34113915799ebb64"

    static func validation(_ lines: String) -> String {
        "joshlacal/mls-ds@\(cleanCommit):server/src/chat_protocol/validation.rs:\(lines)"
    }

    static let bareDid = validation("30-49")
    static let didWebHost = validation("14-24,154-188")
    static let deviceId = validation("197-213")
    static let credentialIdentity = validation("146-152")
    static let timestamp = validation("237-271")
    static let keyId = validation("376-381")
    static let signedAt = validation("433-450")
    static let legacySplit = "joshlacal/mls-ds@\(legacyCommit):server/src/device_utils.rs:19-33"
}

extension CatbirdSources {
    static let wireCommit = "31cff9f619ab29939673a6507961f099c2e37a03"
    static let enrollDevice =
        "joshlacal/mls-ds@20bfa48c7342df2be38d04f30bd95a4d7c936e91:server/src/handlers/chat/enroll_device.rs:186-214"
    static let xwingCheck =
        "joshlacal/mls-ds@c7b34b7b002458ff81285f6d997c1a9e9c254217:server/src/chat_protocol/mod.rs:7-69"
}
