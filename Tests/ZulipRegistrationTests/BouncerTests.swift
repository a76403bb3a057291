import PropertyBased
import PushProofCrypto
import PushProofJSON
import Testing

@testable import ZulipRegistration

/// A deployed-profile world: a bouncer key ring, a client and a clock.
struct World {
    static let t: Int64 = 1_772_513_819
    let current = X25519.KeyPair.random()
    let previous = X25519.KeyPair.random()

    func bouncer(
        now: Int64 = World.t + 60, profile: RegistrationProfile = .deployed,
        strictness: BouncerStrictness = .strict
    ) -> PushBouncer {
        PushBouncer(
            profile: profile, keyRing: BouncerKeyRing(keyPairs: [current, previous]),
            clock: FixedUnixClock(now), strictness: strictness)
    }

    func request(
        _ registration: PushRegistration, to key: X25519.KeyPair? = nil, realm: String = "realm-1",
        profile: RegistrationProfile = .deployed, account: UInt64 = 99
    ) -> BouncerRequest {
        let key = key ?? current
        let sealed = try! RegistrationClient(profile: profile, bouncerPublicKey: key.publicKey).seal(registration)
        return BouncerRequest(
            realmUUID: realm, bouncerPublicKey: Base64.encode(key.publicKey.rawBytes),
            encryptedPushRegistration: sealed.base64,
            tokenId: profile == .deployed ? TokenId(token: registration.token).base64 : nil,
            pushAccountId: profile == .proposal ? account : nil)
    }
}

// Printable scalars below the surrogate block (the generator library cannot skip a gap).
let tokenGen = Gen.unicodeScalar(in: "!"..."\u{D7FF}").map { String(Character($0)) }.array(of: 1...64).map {
    $0.joined()
}

@Suite struct TokenIdTests {
    @Test func publishedExample() {
        let id = TokenId(token: "c0ffee")
        #expect(id.base64 == "+wKIhyAx/Eg=")
        #expect(id.int64 == -359_574_906_294_109_112)
        #expect(TokenId(int64: -359_574_906_294_109_112) == id)
    }

    @Test func deterministicAndCaseSensitive() async {
        await propertyCheck(count: 200, input: tokenGen) { token in
            #expect(TokenId(token: token) == TokenId(token: token))
            #expect((try? TokenId(base64: TokenId(token: token).base64)) == TokenId(token: token))
            #expect(TokenId(int64: TokenId(token: token).int64) == TokenId(token: token))
            #expect(TokenId(token: token).bytes == Array(SHA256.hash(Array(token.utf8)).prefix(8)))
        }
        #expect(TokenId(token: "abcdef") != TokenId(token: "ABCDEF"))
    }

    /// Python's `int.from_bytes(b, "big", signed=True)`, kept when it fits in 64 bits (values
    /// computed with CPython).
    @Test func signedBigEndianOfAnyLength() {
        let cases: [([UInt8], Int64?)] = [
            ([], 0), ([0x01, 0x02], 258), ([0x80], -128), ([0xFF, 0xFF], -1),
            ([0x00] + [0x7F] + [UInt8](repeating: 0xFF, count: 7), Int64.max),
            ([0xFF, 0x80] + [UInt8](repeating: 0, count: 7), Int64.min),
            ([0x00, 0x80] + [UInt8](repeating: 0, count: 7), nil),
            ([0xFF, 0x7F] + [UInt8](repeating: 0xFF, count: 7), nil),
            ([0x01] + [UInt8](repeating: 0, count: 8), nil),
            ([UInt8](repeating: 0xFF, count: 16), -1),
            ([UInt8](repeating: 0, count: 15) + [5], 5),
        ]
        for (bytes, value) in cases {
            #expect(TokenId(signedBigEndian: bytes)?.int64 == value, "\(bytes)")
            #expect(TokenId(signedBigEndian: bytes)?.bytes.count ?? 8 == 8)
        }
    }
}

@Suite struct BouncerTests {
    let world = World()

    @Test func roundTripForGeneratedRegistrations() async {
        await propertyCheck(count: 100, input: tokenGen, Gen.int64(in: -86_400...3_600)) { token, age in
            var bouncer = world.bouncer(now: World.t + age)
            let registration = PushRegistration(tokenKind: .fcm, token: token, timestamp: World.t)
            let result = try bouncer.register(world.request(registration))
            #expect(result.device.registration == registration)
            #expect(result.created)
        }
    }

    @Test func everySingleBitFlipIsRejected() async throws {
        let request = world.request(PushRegistration(tokenKind: .fcm, token: "c0ffee", timestamp: World.t))
        let box = try Base64.decode(request.encryptedPushRegistration)
        let bouncer = world.bouncer()
        await propertyCheck(count: 300, input: Gen.int(in: 0...(box.count * 8 - 1))) { bit in
            var flipped = box
            flipped[bit / 8] ^= UInt8(1 << (bit % 8))
            var r = request
            r.encryptedPushRegistration = Base64.encode(flipped)
            #expect(throws: BouncerError(.badRequest, .boxDoesNotOpen)) { try bouncer.open(r) }
        }
    }

    @Test func livenessIsMonotonicInTheClock() async {
        let request = world.request(PushRegistration(tokenKind: .fcm, token: "t", timestamp: World.t))
        await propertyCheck(count: 300, input: Gen.int64(in: -200_000...200_000), Gen.int64(in: 0...200_000)) {
            offset, later in
            let early = (try? world.bouncer(now: World.t + offset).open(request)) != nil
            let late = (try? world.bouncer(now: World.t + offset + later).open(request)) != nil
            // Once expired, never live again as time goes on.
            #expect(!(!early && late && offset > 0))
            #expect(early == (offset <= PushBouncer.livenessTimeout))
        }
    }

    @Test func livenessBoundaryIsInclusive() throws {
        let request = world.request(PushRegistration(tokenKind: .fcm, token: "t", timestamp: World.t))
        _ = try world.bouncer(now: World.t + 86_400).open(request)
        #expect(throws: BouncerError(.requestExpired, .expired(ageSeconds: 86_401))) {
            try world.bouncer(now: World.t + 86_401).open(request)
        }
    }

    @Test func rotationKeepsOldKeysUntilRetired() async throws {
        // Random add / retire sequences over five keys: a registration opens iff its key is active.
        let keys = (0..<5).map { _ in X25519.KeyPair.random() }
        let requests = keys.map {
            world.request(PushRegistration(tokenKind: .fcm, token: "t", timestamp: World.t), to: $0)
        }
        await propertyCheck(count: 100, input: Gen.int(in: 0...9).array(of: 0...20)) { ops in
            var ring = BouncerKeyRing()
            var active = Set<Int>()
            var retired = Set<Int>()
            for op in ops {
                let k = op % 5
                if op < 5 {
                    let added = (try? ring.add(keys[k])) != nil
                    #expect(added == (!active.contains(k) && !retired.contains(k)))
                    if added { active.insert(k) }
                } else {
                    let done = (try? ring.retire(publicKey: Base64.encode(keys[k].publicKey.rawBytes))) != nil
                    #expect(done == active.contains(k))
                    if done {
                        active.remove(k)
                        retired.insert(k)
                    }
                }
            }
            let bouncer = PushBouncer(profile: .deployed, keyRing: ring, clock: FixedUnixClock(World.t))
            for k in 0..<5 {
                do {
                    _ = try bouncer.open(requests[k])
                    #expect(active.contains(k))
                } catch let error as BouncerError {
                    #expect(!active.contains(k))
                    #expect(error.kind == .invalidBouncerPublicKey)
                    #expect(error.reason == (retired.contains(k) ? .retiredBouncerKey : .unknownBouncerKey))
                } catch {
                    Issue.record("unexpected error \(error)")
                }
            }
        }
    }

    @Test func dedupIsIdempotent() async {
        await propertyCheck(count: 40, input: Gen.int(in: 1...6), Gen.int(in: 1...3)) { repeats, tokens in
            var bouncer = world.bouncer()
            var ids: [String: Int64] = [:]
            for round in 0..<repeats {
                for t in 0..<tokens {
                    let token = "token-\(t)"
                    let result = try bouncer.register(
                        world.request(
                            PushRegistration(tokenKind: .fcm, token: token, timestamp: World.t + Int64(round))))
                    #expect(result.created == (round == 0))
                    if let id = ids[token] {
                        #expect(result.device.deviceId == id)
                    } else {
                        ids[token] = result.device.deviceId
                    }
                }
            }
            #expect(bouncer.devices.count == tokens)
        }
    }

    @Test func proposalDedupsOnTokenAndAccount() throws {
        var bouncer = world.bouncer(profile: .proposal)
        let reg = PushRegistration(tokenKind: .fcm, token: "tok", timestamp: World.t)
        let a = try bouncer.register(world.request(reg, profile: .proposal, account: 1))
        let b = try bouncer.register(world.request(reg, profile: .proposal, account: 1))
        let c = try bouncer.register(world.request(reg, profile: .proposal, account: 2))
        #expect(a.device.deviceId == b.device.deviceId && !b.created)
        #expect(c.created && c.device.deviceId != a.device.deviceId)
    }

    @Test func refusalsChangeNothingAndNeverEchoTheToken() throws {
        var bouncer = world.bouncer()
        _ = try bouncer.register(world.request(PushRegistration(tokenKind: .fcm, token: "first", timestamp: World.t)))
        let before = bouncer.devices
        let secret = "SECRET-TOKEN-0123456789"
        var mismatch = world.request(PushRegistration(tokenKind: .fcm, token: secret, timestamp: World.t))
        mismatch.tokenId = TokenId(token: "other").base64
        let expired = world.request(PushRegistration(tokenKind: .fcm, token: secret, timestamp: World.t - 100_000))
        let apnsNotHex = world.request(
            PushRegistration(tokenKind: .apns, token: secret, timestamp: World.t, iosAppId: "org.zulip.Zulip"))
        for r in [mismatch, expired, apnsNotHex] {
            do {
                _ = try bouncer.register(r)
                Issue.record("accepted a bad registration")
            } catch {
                #expect(!error.description.contains(secret))
                #expect(!error.description.contains(r.encryptedPushRegistration))
            }
        }
        #expect(bouncer.devices == before)
    }

    @Test func strictAndDeployedModesDifferOnlyWhereDocumented() throws {
        let reg = PushRegistration(tokenKind: .fcm, token: "tok", timestamp: World.t)
        var request = world.request(reg)
        request.encryptedPushRegistration = " " + request.encryptedPushRegistration
        #expect(throws: BouncerError(.badRequest, .registrationNotBase64)) { try world.bouncer().open(request) }
        #expect(try world.bouncer(strictness: .deployedCompatible).open(request) == reg)
        // One symbol short: Python raises "Incorrect padding", which the deployed bouncer does not catch.
        request.encryptedPushRegistration = String(request.encryptedPushRegistration.dropLast())
        #expect(throws: BouncerError(.serverError, .uncaughtBase64Error)) {
            try world.bouncer(strictness: .deployedCompatible).open(request)
        }
        #expect(throws: BouncerError(.badRequest, .registrationNotBase64)) { try world.bouncer().open(request) }
    }
}

@Suite struct PythonBase64ModelTests {
    // Each expectation is what CPython 3.11's base64.b64decode (validate=False) returns.
    @Test func matchesCPython() throws {
        #expect(try PythonBase64.decode("aGVsbG8=").get() == Array("hello".utf8))
        #expect(try PythonBase64.decode(" aG\nVs bG8= ").get() == Array("hello".utf8))
        #expect(try PythonBase64.decode("aGVsbG8=trailing").get() == Array("hello".utf8))
        #expect(try PythonBase64.decode("aG-Vs_bG8=").get() == Array("hello".utf8))
        #expect(try PythonBase64.decode("aGVs=bG8=").get() == Array("hello".utf8))
        #expect(try PythonBase64.decode("").get() == [])
        #expect(PythonBase64.decode("aGVsbG8") == .failure(.incorrectPadding))
        #expect(PythonBase64.decode("aGVsb") == .failure(.oneMoreThanMultipleOfFour))
        // The bouncer decodes the field's UTF-8 bytes: a non-ASCII character's bytes are skipped.
        #expect(try PythonBase64.decode("aGVsbG8é=").get() == Array("hello".utf8))
        #expect(try PythonBase64.decode("aGVsbG9=").get() == Array("hello".utf8))
    }
}
