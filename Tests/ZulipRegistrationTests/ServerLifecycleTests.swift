import PropertyBased
import PushProofCrypto
import Testing

@testable import ZulipRegistration

@Suite struct ServerLifecycleTests {
    /// A first registration: both groups.
    static let params: [String: String] = [
        "device_id": "7", "push_key_id": "1", "push_key": Base64.encode([0x31] + [UInt8](repeating: 2, count: 32)),
        "token_kind": "fcm", "token_id": TokenId(token: "t").base64, "bouncer_public_key": "k",
        "encrypted_push_registration": "e",
    ]

    /// Random interleavings of the same registration and bouncer answers, against a model of
    /// the FL 468 server: a registration in progress refuses another; the same registration
    /// again, once active, changes nothing; success activates it; a refusal records its code and
    /// keeps an active token; a transient failure is re-queued at once three times, then the
    /// worker gives up and the registration stays pending; an answer for nothing queued is
    /// ignored.
    @Test func deployedServerFollowsTheModel() async {
        await propertyCheck(count: 300, input: Gen.int(in: 0...5).array(of: 1...30)) { events in
            var server = RegistrationServer(profile: .deployed, realmUUID: "r", knownDeviceIds: [7])
            var rng = SystemRandomNumberGenerator()
            var active = false
            var pending = false
            var queued = false
            var failures = 0
            var errorCode: String? = nil
            let key = RegistrationKey.device(7)
            for e in events {
                switch e {
                case 0:
                    let inProgress = pending && errorCode == nil
                    let accepted = try? server.register(Self.params)
                    #expect((accepted != nil) == !inProgress)
                    if !inProgress {
                        if active && errorCode == nil {
                            #expect(accepted?.change == nil && accepted?.outgoing == nil)
                        } else {
                            #expect(accepted?.change == .registration && accepted?.outgoing != nil)
                            pending = true
                            queued = true
                            failures = 0
                            errorCode = nil
                        }
                    }
                case 1:
                    let action = server.bouncerAnswered(.registered(deviceId: nil), for: key, using: &rng)
                    #expect(action == (queued ? .activated : .ignored))
                    if queued { (active, pending, queued, errorCode) = (true, false, false, nil) }
                case 2, 3:
                    let code = e == 2 ? "INVALID_BOUNCER_PUBLIC_KEY" : "REQUEST_EXPIRED"
                    let action = server.bouncerAnswered(.refused(code: code), for: key, using: &rng)
                    #expect(action == (queued ? .dropped(code: code) : .ignored))
                    if queued { (pending, queued, errorCode) = (false, false, code) }
                default:
                    let answer: BouncerAnswer = e == 4 ? .serverError(status: 503) : .networkFailure
                    let action = server.bouncerAnswered(answer, for: key, using: &rng)
                    if queued {
                        failures += 1
                        if failures > RegistrationServer.maximumRetries {
                            #expect(action == .abandoned)
                            queued = false
                        } else {
                            #expect(action == .retry(afterSeconds: 0))
                        }
                    } else {
                        #expect(action == .ignored)
                    }
                }
                let state = server.registrations[key]
                #expect((state?.activeTokenId != nil) == active)
                #expect(state?.lastErrorCode == errorCode)
                #expect(
                    state?.status(.deployed) ?? "none"
                        == (pending && errorCode == nil
                            ? "pending" : active ? "active" : errorCode != nil ? "failed" : "none"))
            }
        }
    }

    /// The hardened server never gives up on transient failures.
    @Test func hardenedServerRetriesWithoutLimit() throws {
        var server = RegistrationServer(profile: .deployed, rules: .hardened, realmUUID: "r", knownDeviceIds: [7])
        _ = try server.register(Self.params)
        var rng = SystemRandomNumberGenerator()
        for _ in 0..<50 {
            guard case .retry = server.bouncerAnswered(.networkFailure, for: .device(7), using: &rng) else {
                Issue.record("not a retry")
                return
            }
        }
        #expect(server.bouncerAnswered(.registered(deviceId: nil), for: .device(7), using: &rng) == .activated)
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
        let outgoing = try server.register(p).outgoing
        #expect(outgoing?.pushAccountId == 5 && outgoing?.tokenId == nil)
        #expect(server.registrations[.pushAccount(5)]?.status(.proposal) == "pending")
        var rng = SystemRandomNumberGenerator()
        #expect(
            server.bouncerAnswered(.refused(code: "INVALID_BOUNCER_PUBLIC_KEY"), for: .pushAccount(5), using: &rng)
                == .dropped(code: "INVALID_BOUNCER_PUBLIC_KEY"))
        #expect(server.registrations[.pushAccount(5)]?.status(.proposal) == "failed")
        #expect(server.registrations[.pushAccount(5)]?.lastErrorCode == "INVALID_BOUNCER_PUBLIC_KEY")
    }
}
