import Foundation
import PropertyBased
import PushProofCrypto
import Testing

@testable import ConvosExplode

@Suite struct RFC3339Tests {
    @Test func roundTripAtWholeSeconds() async {
        await propertyCheck(count: 1000, input: Gen.int64(in: RFC3339.earliest...RFC3339.latest)) { t in
            let text = RFC3339.format(unixSeconds: t)!
            #expect(RFC3339.parse(text)?.unixSeconds == t)
            #expect(text.count == 20 && text.hasSuffix("Z"))
        }
    }

    @Test func agreesWithFoundationInsideItsSaneRange() async {
        // Foundation's formatter is right for ordinary dates (it is only lenient on bad input).
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        await propertyCheck(count: 500, input: Gen.int64(in: -2_000_000_000...8_000_000_000)) { t in
            #expect(
                RFC3339.format(unixSeconds: t) == formatter.string(from: Date(timeIntervalSince1970: TimeInterval(t))))
        }
    }

    @Test func strictness() {
        for bad in [
            "2025-02-30T00:00:00Z", "2100-02-29T00:00:00Z", "2025-06-01T24:00:00Z", "2025-06-01T12:30:60Z",
            " 2025-06-01T12:30:00Z",
            "2025-06-01T12:30:00", "2025-06-01T12:30:00.Z", "2025-06-01T12:30:00+2:00", "2025-6-01T12:30:00Z",
            "2025-06-01T12:30:00Zjunk",
        ] {
            #expect(RFC3339.parse(bad) == nil, "\(bad)")
        }
        #expect(RFC3339.parse("2000-02-29T00:00:00Z") != nil)
        #expect(RFC3339.parse("2025-06-01T14:30:00+02:00")?.unixSeconds == 1_748_781_000)
        #expect(
            RFC3339.parse("2025-06-01T12:30:00.999Z")
                == .init(unixSeconds: 1_748_781_000, hadFraction: true, hadOffset: false))
        #expect(RFC3339.format(unixSeconds: RFC3339.latest + 1) == nil)
    }
}

@Suite struct CodecTests {
    @Test func encodeDecodeRoundTripKeepsTheContentType() async {
        await propertyCheck(count: 300, input: Gen.int64(in: RFC3339.earliest...RFC3339.latest)) { t in
            let bytes = try! ExplodeSettingsCodec.encodedBytes(ExplodeSettings(expiresAt: t))
            #expect((try? ExplodeSettingsCodec.decode(bytes))?.settings.expiresAt == t)
            let message = try! Xmtp_MessageContents_EncodedContent(serializedBytes: bytes)
            #expect(
                message.type == ExplodeSettingsCodec.contentType && !message.hasCompression
                    && message.parameters.isEmpty)
            // And through the MLS wrapper.
            let wrapped = PlaintextEnvelopeV1.wrap(bytes, idempotencyKey: "k")
            #expect((try? PlaintextEnvelopeV1.unwrap(wrapped))?.encodedContent == bytes)
        }
    }

    @Test func aMutatedByteNeverTrapsAndEitherDecodesOrGivesATypedError() async throws {
        let bytes = try ExplodeSettingsCodec.encodedBytes(ExplodeSettings(expiresAt: 1_748_781_000))
        await propertyCheck(count: 1000, input: Gen.int(in: 0...(bytes.count - 1)), Gen.uint8()) { index, value in
            var mutated = bytes
            mutated[index] = value
            do {
                let decoded = try ExplodeSettingsCodec.decode(mutated)
                #expect(RFC3339.format(unixSeconds: decoded.settings.expiresAt) != nil)
            } catch let error as ExplodeError {
                #expect(
                    [
                        "MALFORMED_PROTOBUF", "WRONG_CONTENT_TYPE", "UNSUPPORTED_VERSION", "BAD_COMPRESSION",
                        "EMPTY_CONTENT", "INVALID_JSON",
                    ].contains(error.code))
            } catch {
                Issue.record("an untyped error: \(error)")
            }
        }
    }

    @Test func inflatingKeepsFourTimesTheCompressedSizeAndCutsTheRest() throws {
        var message = Xmtp_MessageContents_EncodedContent()
        message.type = ExplodeSettingsCodec.contentType
        message.compression = .deflate
        let json = Array("{\"expiresAt\":\"2025-06-01T12:30:00Z\"}".utf8)
        // Trailing spaces that still fit in 4x the compressed size: the JSON reads.
        let fits = Zlib.deflate(json + [UInt8](repeating: 0x20, count: 20), format: .raw)
        #expect(json.count + 20 <= fits.count * 4)
        message.content = Data(fits)
        #expect(try ExplodeSettingsCodec.decode(message).settings.expiresAt == 1_748_781_000)
        // A long tail is cut at 4x the compressed size: the JSON's closing brace is lost, not refused as a bomb.
        let long = Zlib.deflate(json.dropLast() + [UInt8](repeating: 0x20, count: 1 << 20) + [0x7D], format: .raw)
        message.content = Data(long)
        #expect(throws: ExplodeError.invalidJSON) { try ExplodeSettingsCodec.decode(message) }
        let prefix = try Zlib.inflatePrefix(long, format: .raw, capacity: long.count * 4)
        #expect(prefix.count == long.count * 4)
        #expect(Array(prefix.prefix(json.count - 1)) == Array(json.dropLast()))
    }

    @Test func onlyRawDeflateIsReadAndGzipIsNot() throws {
        let json = Array("{\"expiresAt\":\"2025-06-01T12:30:00Z\"}".utf8)
        var message = Xmtp_MessageContents_EncodedContent()
        message.type = ExplodeSettingsCodec.contentType
        message.compression = .deflate
        message.content = Data(Zlib.deflate(json, format: .zlib))
        #expect(throws: ExplodeError.self) { try ExplodeSettingsCodec.decode(message) }
        message.compression = .gzip
        message.content = Data(Zlib.deflate(json, format: .gzip))
        #expect(throws: ExplodeError.self) { try ExplodeSettingsCodec.decode(message) }
        message.compression = .deflate
        message.content = Data()
        #expect(throws: ExplodeError.self) { try ExplodeSettingsCodec.decode(message) }
    }

    @Test func theWholeContentTypeIdMustMatch() throws {
        var message = Xmtp_MessageContents_EncodedContent()
        message.type = ExplodeSettingsCodec.contentType
        message.content = Data("{\"expiresAt\":\"2025-06-01T12:30:00Z\"}".utf8)
        #expect(try ExplodeSettingsCodec.decode(message).settings.expiresAt == 1_748_781_000)
        message.type.versionMinor = 1
        #expect(throws: ExplodeError.unsupportedVersion(major: 1, minor: 1)) {
            try ExplodeSettingsCodec.decode(message)
        }
        message.type = ExplodeSettingsCodec.contentType
        var extra = ExplodeSettingsCodec.contentType
        try extra.merge(serializedBytes: [0x28, 0x01])  // field 5, varint 1: unknown to ContentTypeId
        message.type = extra
        #expect(throws: ExplodeError.wrongContentType) { try ExplodeSettingsCodec.decode(message) }
    }

    @Test func theDeployedReadingIsFoundationsISO8601() {
        func read(_ text: String) -> Double? { ExplodeSettingsCodec.decodeContentAsDeployed(Array(text.utf8)) }
        #expect(read("{\"expiresAt\":\"2025-06-01T12:30:00Z\"}") == 1_748_781_000)
        // Rolled over, where the reference refuses.
        #expect(read("{\"expiresAt\":\"2025-02-30T12:00:00Z\"}") == 1_740_916_800)
        #expect(RFC3339.parse("2025-02-30T12:00:00Z") == nil)
        #expect(read("{\"expiresAt\":\"2025-06-01T12:30:00\"}") == nil)
        #expect(read("") == nil)
        // Nine fraction digits at most, in both readings.
        #expect(read("{\"expiresAt\":\"2025-06-01T12:30:00.1234567891Z\"}") == nil)
        #expect(RFC3339.parse("2025-06-01T12:30:00.1234567891Z") == nil)
        #expect(RFC3339.parse("2025-06-01T12:30:00.123456789Z")?.unixSeconds == 1_748_781_000)
    }

    @Test func metadataRoundTripAndGuards() async {
        await propertyCheck(count: 200, input: Gen.int64(), Gen.int(in: 0...30), Gen.letterOrNumber.string(of: 0...40))
        { expires, profiles, name in
            var m = Convos_ConversationCustomMetadata()
            m.tag = "tag"
            m.expiresAtUnix = expires
            for n in 0..<profiles {
                var p = Convos_ConversationProfile()
                p.inboxID = Data(SHA256.hash([UInt8(n)]))
                p.name = name
                m.profiles.append(p)
            }
            guard let text = try? ConversationMetadataCodec.encode(m) else { return }
            #expect(text.utf8.count <= ConversationMetadataCodec.maximumEncodedSize)
            #expect((try? ConversationMetadataCodec.decode(text)) == m)
            #expect((try? ConversationMetadataCodec.decode(text, reading: .deployed)) == m)
        }
        // The hardened reading is the deployed one narrowed: whatever it reads, the app reads the same.
        await propertyCheck(
            count: 500, input: Gen.int(in: 0...120), Gen.int(in: 0...255).array(of: 0...6), Gen.int(in: 0...3)
        ) { tagLength, flips, cutAt in
            var m = Convos_ConversationCustomMetadata()
            m.tag = String(repeating: "ab", count: tagLength)
            m.expiresAtUnix = 1_748_781_000
            var stored = Array((try? ConversationMetadataCodec.encode(m)) ?? "").map(String.init)
            for (i, f) in flips.enumerated() where !stored.isEmpty {
                stored[(f * 7 + i) % stored.count] = ["A", "-", "_", "=", "z"][f % 5]
            }
            let text = String(stored.joined().dropLast(cutAt))
            if let strict = try? ConversationMetadataCodec.decode(text, reading: .hardened) {
                #expect((try? ConversationMetadataCodec.decode(text, reading: .deployed)) == strict)
            }
        }
        // A bomb is refused before inflating: the declared size alone decides.
        let bomb = Base64.encode(
            [0x1F, 0x7F, 0xFF, 0xFF, 0xFF] + [UInt8](repeating: 0, count: 10), variant: .urlSafeNoPadding)
        #expect(throws: ExplodeError.self) { try ConversationMetadataCodec.decode(bomb) }
    }
}

@Suite struct ReceiverAndCleanupTests {
    /// Random stores and random interleavings of messages, explosions, metadata and triggers.
    /// After every step: an exploded inbox has nothing left anywhere in the model; every other
    /// inbox has exactly what it had; each cleanup began with the push unsubscription; re-sync of
    /// an exploded conversation is refused.
    @Test func explosionsLeaveNothingAndTouchNothingElse() async {
        let event = Gen.int(in: 0...5)
        await propertyCheck(
            count: 300, input: Gen.int(in: 1...5), event.array(of: 1...40), Gen.int(in: 0...1000).array(of: 40)
        ) { inboxCount, kinds, picks in
            let inboxes = (0..<inboxCount).map { "inbox-\($0)" }
            var store = DeviceStoreModel()
            var receivers: [String: ExplosionReceiver] = [:]
            for inbox in inboxes {
                store.addInbox(inbox, clientId: "client-\(inbox)")
                receivers[inbox] = ExplosionReceiver()
            }
            var clock: Int64 = 1_772_600_000
            var exploded = Set<String>()
            for (n, kind) in kinds.enumerated() {
                let inbox = inboxes[picks[n] % inboxCount]
                let before = Dictionary(uniqueKeysWithValues: inboxes.map { ($0, store.records(of: $0)) })
                var explodedNow: [String] = []
                switch kind {
                case 0:  // an ordinary message (or an invite, a profile)
                    if receivers[inbox]!.handle(.message) == .accepted {
                        let k: DeviceStoreModel.Kind = [.message, .invite, .memberProfile][picks[n] % 3]
                        store.add(k, to: inbox, id: "\(k)-\(n)")
                    }
                case 1:
                    _ = receivers[inbox]!.handle(
                        .explodeMessage(
                            fromSelf: picks[n] % 5 == 0, expiresAt: clock + Int64(picks[n] % 7) * 600 - 1800))
                case 2: _ = receivers[inbox]!.handle(.metadata(expiresAt: clock + Int64(picks[n] % 5) * 900))
                case 3: clock += Int64(picks[n]) * 10
                default:
                    let trigger = ExplosionTrigger.allCases[picks[n] % 3]
                    for i in inboxes where receivers[i]!.handle(.trigger(trigger, now: clock)) == .exploded {
                        store.explode(i)
                        explodedNow.append(i)
                    }
                }
                exploded.formUnion(explodedNow)
                for i in inboxes {
                    if exploded.contains(i) {
                        #expect(store.records(of: i).isEmpty, "something of \(i) survived")
                        #expect(!store.allowsResync(of: i))
                        #expect(receivers[i]!.status == .exploded)
                    } else {
                        #expect(store.allowsResync(of: i))
                        if kind != 0 || i != inbox { #expect(store.records(of: i) == before[i]!, "\(i) was touched") }
                    }
                }
                for i in explodedNow {
                    let steps = store.log.filter { $0.hasSuffix(" \(i)") }
                    #expect(steps.first == "unsubscribe \(i)")
                    #expect(steps.count == 5)
                }
            }
        }
    }

    @Test(arguments: ExplosionReceiver.Rules.allCases) func triggersOnlyExplodeWhatIsDue(
        rules: ExplosionReceiver.Rules
    ) async {
        let allowance: Int64 = rules == .hardened ? 60 : 0
        await propertyCheck(
            count: 500, input: Gen.int64(in: -1_000_000...1_000_000), Gen.int64(in: -1_000_000...1_000_000)
        ) { expires, now in
            var r = ExplosionReceiver(rules: rules)
            _ = r.handle(.explodeMessage(fromSelf: false, expiresAt: expires))
            let outcome = r.handle(.trigger(.appBecameActive, now: now))
            #expect((outcome == .exploded) == (expires <= now + allowance))
        }
        var r = ExplosionReceiver(rules: rules)
        _ = r.handle(.explodeMessage(fromSelf: false, expiresAt: .max))
        #expect(r.handle(.trigger(.appBecameActive, now: .max)) == .exploded)
    }

    /// The stored time after any sequence of explode messages and metadata copies: deployed, the
    /// minimum of the explode times since the last metadata copy, or that copy; hardened, the
    /// minimum of everything (a metadata copy never postpones).
    @Test(arguments: ExplosionReceiver.Rules.allCases) func theStoredTimeFollowsTheRules(
        rules: ExplosionReceiver.Rules
    ) async {
        await propertyCheck(
            count: 400, input: Gen.bool.array(of: 1...12), Gen.int64(in: -5...5).array(of: 12)
        ) { isMetadata, times in
            var r = ExplosionReceiver(rules: rules)
            var expected: Int64?
            for (metadata, t) in zip(isMetadata, times) {
                _ = r.handle(metadata ? .metadata(expiresAt: t) : .explodeMessage(fromSelf: false, expiresAt: t))
                if metadata && rules == .deployed {
                    expected = t
                } else {
                    expected = min(expected ?? t, t)
                }
            }
            #expect(r.expiresAt == expected)
        }
    }
}
