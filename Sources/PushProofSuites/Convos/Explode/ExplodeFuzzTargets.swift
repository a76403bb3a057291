import ConvosExplode
import Foundation
import PushProofConformance
import PushProofCrypto
import PushProofJSON

// The ExplodeSettings suite's fuzz targets (docs/fuzzing.md).

/// EncodedContent decoding (protobuf, content type, decompression with its cap, JSON, dates):
/// whatever decodes re-encodes to bytes that decode to the same instant, both bare and inside
/// the MLS PlaintextEnvelope.V1 wrapper, unless the instant lies outside the years 0000 to 9999
/// (an offset can move it there), which the encoder refuses.
enum EncodedContentHarness {
    static func run(_ data: [UInt8]) {
        _ = try? PlaintextEnvelopeV1.unwrap(data)
        guard let decoded = try? ExplodeSettingsCodec.decode(data) else { return }
        guard RFC3339.format(unixSeconds: decoded.settings.expiresAt) != nil else {
            fuzzInvariant(
                (try? ExplodeSettingsCodec.encodedBytes(decoded.settings)) == nil,
                "an instant no four-digit year writes was encoded")
            return
        }
        let again = try? ExplodeSettingsCodec.encodedBytes(decoded.settings)
        fuzzInvariant(
            again.flatMap { try? ExplodeSettingsCodec.decode($0) }?.settings == decoded.settings,
            "re-encoding round trip")
        let wrapped = PlaintextEnvelopeV1.wrap(again ?? [], idempotencyKey: "fuzz")
        fuzzInvariant((try? PlaintextEnvelopeV1.unwrap(wrapped))?.encodedContent == again, "envelope round trip")
    }
}

/// The content JSON and the RFC 3339 parser: an accepted timestamp re-formats and re-parses to
/// itself, and lies in years 0000 to 9999.
enum ExplodeJSONHarness {
    static func run(_ data: [UInt8]) {
        guard let decoded = try? ExplodeSettingsCodec.decodeContent(data) else { return }
        let t = decoded.settings.expiresAt
        // An offset can move an instant just past either end of the writable range.
        guard let text = RFC3339.format(unixSeconds: t) else {
            fuzzInvariant(decoded.hadOffset, "an accepted Z timestamp that cannot be written back")
            return
        }
        fuzzInvariant(RFC3339.parse(text)?.unixSeconds == t, "RFC 3339 round trip")
        fuzzInvariant(
            (try? ExplodeSettingsCodec.decodeContent(ExplodeSettingsCodec.contentJSON(decoded.settings)))?.settings
                == decoded.settings,
            "content round trip")
    }
}

/// appData decoding with its decompression guards: anything accepted re-encodes (when it fits
/// 8 KB) to a value that decodes to the same metadata.
enum AppDataHarness {
    static func run(_ data: [UInt8]) {
        let text = String(decoding: data, as: UTF8.self)
        guard let metadata = try? ConversationMetadataCodec.decode(text) else { return }
        if let again = try? ConversationMetadataCodec.encode(metadata) {
            fuzzInvariant(again.utf8.count <= ConversationMetadataCodec.maximumEncodedSize, "8 KB limit")
            fuzzInvariant((try? ConversationMetadataCodec.decode(again)) == metadata, "appData round trip")
        }
    }
}

/// The receiver state machine and the device-store cleanup driven by fuzz-chosen events, with
/// the invariants checked after each step.
enum ExplosionReceiverHarness {
    static func run(_ data: [UInt8]) {
        let inboxes = ["a", "b", "c"]
        var store = DeviceStoreModel()
        var receivers: [String: ExplosionReceiver] = [:]
        for i in inboxes {
            store.addInbox(i, clientId: "client-\(i)")
            // Two inboxes under the deployed rules, one under the hardened ones.
            receivers[i] = ExplosionReceiver(rules: i == "c" ? .hardened : .deployed)
        }
        var clock: Int64 = 1_772_600_000
        var exploded = Set<String>()
        for (index, step) in Step.decode(data).enumerated() {
            let inbox = inboxes[Int(step.selector) % 3]
            let arg = Int64(Int8(bitPattern: step.argument))
            let before = store
            switch step.event {
            case .message:
                // An accepted message brings a record of any kind the cleanup must remove.
                if receivers[inbox]!.handle(.message) == .accepted {
                    let kinds: [DeviceStoreModel.Kind] = [
                        .message, .member, .invite, .memberProfile, .localState, .pushSubscription, .databaseFile,
                    ]
                    store.add(kinds[Int(step.argument) % kinds.count], to: inbox, id: "r\(index * 3)")
                }
            case .explodeMessage:
                let sender = ExplosionReceiver.Sender.allCases[
                    Int(step.selector >> 4) % ExplosionReceiver.Sender.allCases.count]
                let was = receivers[inbox]!.status
                let outcome = receivers[inbox]!.handle(
                    .explodeMessage(fromSelf: arg & 1 == 1, expiresAt: clock + arg * 60, sender: sender))
                if !sender.mayExplode {
                    fuzzInvariant(
                        receivers[inbox]!.status == was, "an explode from a sender who may not changed the state")
                    fuzzInvariant(outcome != .stored && outcome != .lowered, "an unauthorized explode was applied")
                }
            case .metadata: _ = receivers[inbox]!.handle(.metadata(expiresAt: clock + arg * 60))
            case .advanceClock: clock += arg * 30
            case .resync:
                fuzzInvariant(
                    receivers[inbox]!.handle(.resync) == (exploded.contains(inbox) ? .resyncRefused : .resyncAllowed),
                    "re-sync rule")
            case .trigger:
                for x in inboxes {
                    let was = receivers[x]!.status
                    if receivers[x]!.handle(.trigger(.allCases[Int(step.selector) % 3], now: clock)) == .exploded {
                        if case .scheduled(let t) = was {
                            fuzzInvariant(t <= clock + receivers[x]!.tolerance, "exploded before due")
                        }
                        store.explode(x)
                        exploded.insert(x)
                        fuzzInvariant(
                            store.log.last(where: { $0.hasPrefix("unsubscribe") }) == "unsubscribe \(x)", "push first")
                        fuzzInvariant(
                            Array(store.log.suffix(5)) == [
                                "unsubscribe \(x)", "unregister \(x)", "deleteDatabaseRecords \(x)",
                                "deleteKeychainIdentity \(x)", "deleteDatabaseFiles \(x)",
                            ], "cleanup order")
                        fuzzInvariant(!store.allowsResync(of: x), "consent not denied after an explosion")
                    }
                }
            }
            for x in inboxes {
                fuzzInvariant(store.allowsResync(of: x) == !exploded.contains(x), "re-sync allowed iff not exploded")
                if exploded.contains(x) {
                    fuzzInvariant(
                        store.records(of: x).isEmpty && receivers[x]!.status == .exploded,
                        "something survived an explosion")
                } else if step.event != .message || x != inbox {
                    fuzzInvariant(store.records(of: x) == before.records(of: x), "another inbox was touched")
                }
            }
        }
    }

    /// One event: three bytes, the event (`byte % 6`), a selector (the inbox, `% 3`; an explode's
    /// sender in its high half; a trigger, `% 3`) and an argument (signed: minutes to an expiry,
    /// half-minutes of clock, a record kind, an explode's fromSelf in its low bit). At most 200.
    struct Step: Equatable {
        enum Event: UInt8, CaseIterable {
            case message, explodeMessage, metadata, advanceClock, resync, trigger
        }
        var event: Event
        var selector: UInt8
        var argument: UInt8

        var bytes: [UInt8] { [event.rawValue, selector, argument] }

        static func decode(_ data: [UInt8]) -> [Step] {
            var steps: [Step] = []
            var i = 0
            while i + 2 < data.count, i < 600 {
                steps.append(
                    Step(event: Event.allCases[Int(data[i] % 6)], selector: data[i + 1], argument: data[i + 2]))
                i += 3
            }
            return steps
        }

        /// A receiver trace of explode_receiver's vectors as steps, on the first inbox.
        static func steps(of events: [JSONValue]) -> [Step] {
            events.compactMap { event in
                switch event["event"]?.stringValue {
                case "message": return Step(event: .message, selector: 0, argument: 0)
                case "explodeMessage":
                    let sender = ExplosionReceiver.Sender.allCases.firstIndex {
                        "\($0)" == event["sender"]?.stringValue
                    }
                    return Step(
                        event: .explodeMessage, selector: UInt8(sender ?? 0) << 4,
                        argument: event["fromSelf"]?.boolValue == true ? 1 : 0)
                case "metadata": return Step(event: .metadata, selector: 0, argument: 0)
                case "resync": return Step(event: .resync, selector: 0, argument: 0)
                case "trigger":
                    let trigger = ExplosionTrigger.allCases.firstIndex { "\($0)" == event["trigger"]?.stringValue }
                    return Step(event: .trigger, selector: UInt8(trigger ?? 0), argument: 0)
                default: return nil
                }
            }
        }
    }
}

extension ExplodeSuite {
    public var fuzzTargets: [FuzzTarget] {
        [
            FuzzTarget("FuzzEncodedContent", seeds: Self.encodedContents, run: EncodedContentHarness.run),
            FuzzTarget("FuzzExplodeJSON", seeds: Self.contentJSON, run: ExplodeJSONHarness.run),
            FuzzTarget("FuzzAppData", seeds: Self.appData, run: AppDataHarness.run),
            FuzzTarget("FuzzExplosionReceiver", seeds: Self.receiverTraces, run: ExplosionReceiverHarness.run),
        ]
    }

    /// The EncodedContent and PlaintextEnvelope bytes of the codec vectors.
    static func encodedContents(_ files: [VectorFile]) -> [[UInt8]] {
        files.tests(of: "explode_codec").flatMap { _, test in
            [
                SeedBytes.hex(test.input["encodedContentHex"]),
                SeedBytes.hex(test.expectedOutput?["encodedContentHex"]),
                SeedBytes.hex(test.expectedOutput?["plaintextEnvelopeHex"]),
            ].compactMap { $0 }
        }
    }

    /// The content JSON of the codec vectors, and the date forms clients write.
    static func contentJSON(_ files: [VectorFile]) -> [[UInt8]] {
        let forms = [
            "2025-06-01T12:30:00.000Z", "2025-06-01T14:30:00+02:00", "2025-06-01T12:30:00.123456Z",
            "2024-02-29T23:59:59Z", "0000-01-01T00:00:00Z", "9999-12-31T23:59:59-23:59",
        ]
        return files.tests(of: "explode_codec").compactMap { _, test in SeedBytes.text(test.expectedOutput?["content"])
        }
            + forms.map { SeedBytes.json(["expiresAt": .string($0)]) }
    }

    /// The appData strings of the metadata vectors.
    static func appData(_ files: [VectorFile]) -> [[UInt8]] {
        files.tests(of: "explode_metadata").flatMap { _, test in
            [SeedBytes.text(test.input["appData"]), SeedBytes.text(test.expectedOutput?["appData"])].compactMap { $0 }
        }
    }

    /// The receiver traces, in the harness's steps.
    static func receiverTraces(_ files: [VectorFile]) -> [[UInt8]] {
        files.tests(of: "explode_receiver").compactMap { _, test in
            test.input["events"]?.arrayValue.map { ExplosionReceiverHarness.Step.steps(of: $0).flatMap(\.bytes) }
        }
    }
}
