import PushProofConformance
import PushProofCrypto
import PushProofJSON

/// envelope_server: removals sealed under the proposal profile with repeated ids, below and across
/// the cap of 200: the sealed plaintext keeps repeats, as the deployed server's sorted()[-200:] does.
extension EnvelopeServerVectors {
    static func sealRemovalCases() -> [VectorCase] {
        typealias E = EnvelopeFixtures
        func sealedRemoval(_ comment: String, _ ids: [Int64], _ label: String) -> VectorCase {
            VectorCase(
                comment: "proposal: removal sealed to the device key, \(comment)",
                flags: ["ProposalProfile", "RemovalCap"],
                input: [
                    "notification": E.remove(ids),
                    "devicePublicKey": .string(Base64.encode(E.deviceKey.publicKey.rawBytes)),
                    "ephemeralSecretKey": .string(Hex.encode(SHA256.hash(Array("pushproof/ephemeral/\(label)".utf8)))),
                ])
        }
        return [
            sealedRemoval("repeated ids kept, sorted", [9, 3, 9, 3, 1], "seal-repeats"),
            sealedRemoval("one id three times", [5, 5, 5], "seal-one-id"),
            sealedRemoval(
                "250 ids with the newest repeated: the newest 200 kept, repeats counted among them",
                (1...250).reversed().map { Int64($0) } + [250, 249, 248], "seal-250-repeats"),
            sealedRemoval(
                "201 ids, one repeat below the cap: the smallest dropped", [1, 1] + (2...200).map { Int64($0) },
                "seal-201"),
        ]
    }
}
