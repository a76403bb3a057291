import PropertyBased
import PushProofCrypto
import Testing

@testable import ZulipRegistration

@Suite struct ServerLifecycleTests {
    static let params: [String: String] = [
        "device_id": "7", "token_kind": "fcm", "token_id": TokenId(token: "t").base64,
        "bouncer_public_key": "k", "encrypted_push_registration": "e",
    ]

    /// Random interleavings of registrations and bouncer answers. The server never loses a
    /// registration the bouncer accepted (it stays active until a newer one is accepted), never
    /// keeps one that got a terminal error, and keeps retrying transient failures.
    @Test func neverLosesAnAcceptedRegistrationNorKeepsARefusedOne() async {
        await propertyCheck(count: 300, input: Gen.int(in: 0...5).array(of: 1...30)) { events in
            var server = RegistrationServer(profile: .deployed, realmUUID: "r", knownDeviceIds: [7])
            var rng = SystemRandomNumberGenerator()
            var modelActive: Int64? = nil
            var modelPending = false
            for e in events {
                let key = RegistrationKey.device(7)
                switch e {
                case 0:
                    let accepted = (try? server.register(Self.params)) != nil
                    #expect(accepted == !modelPending)
                    modelPending = true
                case 1:
                    let action = server.bouncerAnswered(.registered(deviceId: 41), for: key, using: &rng)
                    #expect(action == (modelPending ? .activated : .ignored))
                    if modelPending {
                        modelActive = 41
                        modelPending = false
                    }
                case 2, 3:
                    let code = e == 2 ? "INVALID_BOUNCER_PUBLIC_KEY" : "REQUEST_EXPIRED"
                    let action = server.bouncerAnswered(.refused(code: code), for: key, using: &rng)
                    #expect(action == (modelPending ? .dropped(code: code) : .ignored))
                    if modelPending { modelPending = false }
                default:
                    let answer: BouncerAnswer = e == 4 ? .serverError(status: 503) : .networkFailure
                    let action = server.bouncerAnswered(answer, for: key, using: &rng)
                    if modelPending {
                        guard case .retry = action else {
                            Issue.record("no retry after \(answer)")
                            return
                        }
                    } else {
                        #expect(action == .ignored)
                    }
                }
                let state = server.registrations[key]
                #expect(state?.bouncerDeviceId == modelActive)
                #expect((state?.pending != nil) == modelPending)
            }
        }
    }

    @Test func backoffStaysWithinItsBounds() async {
        let backoff = ExponentialBackoff(baseSeconds: 1, capSeconds: 600)
        await propertyCheck(count: 500, input: Gen.int(in: 1...2000)) { attempt in
            var rng = SystemRandomNumberGenerator()
            let ceiling = backoff.ceiling(attempt: attempt)
            let delay = backoff.delay(attempt: attempt, using: &rng)
            #expect(delay >= ceiling / 2 && delay <= ceiling && ceiling <= 600)
            #expect(backoff.ceiling(attempt: attempt + 1) >= ceiling)
        }
        #expect(backoff.ceiling(attempt: 1) == 1)
        #expect(backoff.ceiling(attempt: 4) == 8)
        #expect(backoff.ceiling(attempt: 100) == 600)
    }

    @Test func proposalStatusMap() throws {
        var server = RegistrationServer(profile: .proposal, realmUUID: "r")
        let pk = Base64.encode([UInt8](repeating: 1, count: 32))
        let p = [
            "push_account_id": "5", "token_kind": "apns", "bouncer_public_key": pk,
            "encrypted_push_registration": "e", "push_public_key": pk,
        ]
        let outgoing = try server.register(p)
        #expect(outgoing?.pushAccountId == 5 && outgoing?.tokenId == nil)
        #expect(server.registrations[.pushAccount(5)]?.status == "pending")
        var rng = SystemRandomNumberGenerator()
        #expect(
            server.bouncerAnswered(.refused(code: "INVALID_BOUNCER_PUBLIC_KEY"), for: .pushAccount(5), using: &rng)
                == .dropped(code: "INVALID_BOUNCER_PUBLIC_KEY"))
        #expect(server.registrations[.pushAccount(5)]?.status == "failed")
        #expect(server.registrations[.pushAccount(5)]?.lastErrorCode == "INVALID_BOUNCER_PUBLIC_KEY")
    }
}
