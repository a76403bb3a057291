// The sealed registration against libsodium's own one-call sealed box, in one run:
// "client seal": RegistrationClient.seal (the registration's JSON plaintext, a fresh ephemeral
// key, PushProof's composed sealed box) against crypto_box_seal on the same plaintext;
// "bouncer open": SealedBox.open against crypto_box_seal_open on the same box.
import CSodium
import PushProofCrypto
import ZulipRegistration

enum SealedRegistrationBenchmark {
    @MainActor static func run(iterations: Int) {
        let bouncer = X25519.KeyPair.random()
        let client = RegistrationClient(profile: .deployed, bouncerPublicKey: bouncer.publicKey)
        let registration = client.registration(
            tokenKind: .apns, token: String(repeating: "ab12", count: 16), timestamp: 1_772_513_819,
            iosAppId: "org.zulip.Zulip")
        let plaintext = registration.plaintext
        let box = try! client.seal(registration).box
        let rawBox = try! SealedBox.Libsodium.seal(plaintext, to: bouncer.publicKey)

        let seal = secondsPerOperation(iterations: iterations) { _ in (try? client.seal(registration))?.box.count ?? 0 }
        let rawSeal = secondsPerOperation(iterations: iterations) { _ in
            (try? SealedBox.Libsodium.seal(plaintext, to: bouncer.publicKey))?.count ?? 0
        }
        let open = secondsPerOperation(iterations: iterations) { _ in
            (try? SealedBox.open(box, recipient: bouncer))?.count ?? 0
        }
        let rawOpen = secondsPerOperation(iterations: iterations) { _ in
            (try? SealedBox.Libsodium.open(rawBox, recipient: bouncer))?.count ?? 0
        }
        print("sealed registration: \(plaintext.count)-byte plaintext; \(iterations) iterations x 7 batches, median")
        print(row("client seal (RegistrationClient.seal)", seal, unit: "seals/s"))
        print(row("libsodium crypto_box_seal", rawSeal, unit: "seals/s"))
        print(row("bouncer open (SealedBox.open)", open, unit: "opens/s"))
        print(row("libsodium crypto_box_seal_open", rawOpen, unit: "opens/s"))
        print(
            "ratio seal / crypto_box_seal: \(ratio(seal, rawSeal))x   open / crypto_box_seal_open: \(ratio(open, rawOpen))x"
        )
    }
}
