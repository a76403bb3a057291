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
            let before = store
            // The inbox whose records an accepted message may add to.
            var messaged: String?
            switch step {
            case .message(let i, let record):
                // An accepted message brings a record of any kind the cleanup must remove.
                if receivers[inboxes[i]]!.handle(.message) == .accepted {
                    store.add(Step.recordKinds[record], to: inboxes[i], id: "r\(index * 3)")
                }
                messaged = inboxes[i]
            case .explodeMessage(let i, let sender, let minutes):
                let inbox = inboxes[i]
                let was = receivers[inbox]!.status
                let outcome = receivers[inbox]!.handle(
                    .explodeMessage(fromSelf: step.fromSelf, expiresAt: clock + Int64(minutes) * 60, sender: sender))
                if !sender.mayExplode {
                    fuzzInvariant(
                        receivers[inbox]!.status == was, "an explode from a sender who may not changed the state")
                    fuzzInvariant(outcome != .stored && outcome != .lowered, "an unauthorized explode was applied")
                }
            case .metadata(let i, let minutes):
                _ = receivers[inboxes[i]]!.handle(.metadata(expiresAt: clock + Int64(minutes) * 60))
            case .advanceClock(let halfMinutes): clock += Int64(halfMinutes) * 30
            case .resync(let i):
                let inbox = inboxes[i]
                fuzzInvariant(
                    receivers[inbox]!.handle(.resync) == (exploded.contains(inbox) ? .resyncRefused : .resyncAllowed),
                    "re-sync rule")
            case .trigger(let trigger):
                for x in inboxes {
                    let was = receivers[x]!.status
                    if receivers[x]!.handle(.trigger(trigger, now: clock)) == .exploded {
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
                } else if x != messaged {
                    fuzzInvariant(store.records(of: x) == before.records(of: x), "another inbox was touched")
                }
            }
        }
    }

    /// One event: three bytes (``FuzzStepLayout``), the opcode, a selector and an argument; at
    /// most 200 an input. Inboxes are indices into `a`, `b`, `c` (the selector `% 3`).
    enum Step: FuzzStep {
        enum Kind: String, Sendable {
            case message, explodeMessage, metadata, advanceClock, resync, trigger
        }

        /// Append-only: a new event takes opcode 6. Bytes 6-255 read as `byte % 6`.
        static let layout = FuzzStepLayout<Kind>(
            opcodes: [
                .message,  // 0
                .explodeMessage,  // 1
                .metadata,  // 2
                .advanceClock,  // 3
                .resync,  // 4
                .trigger,  // 5
            ], aliasModulus: 6, width: 3, maximumSteps: 200)

        /// What an accepted message adds to its inbox (its argument `% 7`).
        static let recordKinds: [DeviceStoreModel.Kind] = [
            .message, .member, .invite, .memberProfile, .localState, .pushSubscription, .databaseFile,
        ]

        /// A message to an inbox, bringing a record of `recordKinds[record]`.
        case message(inbox: Int, record: Int)
        /// An explode from `sender` (the selector's high half `% 5`) expiring `minutes` (the
        /// argument, signed) from now; it comes from this device when `minutes` is odd.
        case explodeMessage(inbox: Int, sender: ExplosionReceiver.Sender, minutes: Int8)
        /// A metadata copy expiring `minutes` from now.
        case metadata(inbox: Int, minutes: Int8)
        /// The clock moved by `halfMinutes` half-minutes.
        case advanceClock(halfMinutes: Int8)
        case resync(inbox: Int)
        /// A trigger (the selector `% 3`), run on every inbox.
        case trigger(ExplosionTrigger)

        var fromSelf: Bool {
            if case .explodeMessage(_, _, let minutes) = self { return minutes & 1 == 1 }
            return false
        }

        init(kind: Kind, operands reader: inout FuzzStepReader) {
            let selector = reader.byte()
            let argument = reader.byte()
            let inbox = Int(selector) % 3
            switch kind {
            case .message: self = .message(inbox: inbox, record: Int(argument) % Self.recordKinds.count)
            case .explodeMessage:
                let senders = ExplosionReceiver.Sender.allCases
                self = .explodeMessage(
                    inbox: inbox, sender: senders[Int(selector >> 4) % senders.count],
                    minutes: Int8(bitPattern: argument))
            case .metadata: self = .metadata(inbox: inbox, minutes: Int8(bitPattern: argument))
            case .advanceClock: self = .advanceClock(halfMinutes: Int8(bitPattern: argument))
            case .resync: self = .resync(inbox: inbox)
            case .trigger: self = .trigger(ExplosionTrigger.allCases[Int(selector) % 3])
            }
        }

        func write(to writer: inout FuzzStepWriter) -> Kind {
            switch self {
            case .message(let inbox, let record):
                writer.index(inbox, below: 3)
                writer.index(record, below: Self.recordKinds.count)
                return .message
            case .explodeMessage(let inbox, let sender, let minutes):
                let senders = ExplosionReceiver.Sender.allCases
                writer.first { Int($0) % 3 == inbox && senders[Int($0 >> 4) % senders.count] == sender }
                writer.signed(minutes)
                return .explodeMessage
            case .metadata(let inbox, let minutes):
                writer.index(inbox, below: 3)
                writer.signed(minutes)
                return .metadata
            case .advanceClock(let halfMinutes):
                writer.byte(0)
                writer.signed(halfMinutes)
                return .advanceClock
            case .resync(let inbox):
                writer.index(inbox, below: 3)
                writer.byte(0)
                return .resync
            case .trigger(let trigger):
                writer.index(ExplosionTrigger.allCases.firstIndex(of: trigger)!, below: 3)
                writer.byte(0)
                return .trigger
            }
        }

        /// A receiver trace of explode_receiver's vectors as steps, on the first inbox.
        static func steps(of events: [JSONValue]) -> [Step] {
            events.compactMap { event in
                switch event["event"]?.stringValue {
                case "message": return .message(inbox: 0, record: 0)
                case "explodeMessage":
                    let sender = ExplosionReceiver.Sender.allCases.first { "\($0)" == event["sender"]?.stringValue }
                    return .explodeMessage(
                        inbox: 0, sender: sender ?? .creator, minutes: event["fromSelf"]?.boolValue == true ? 1 : 0)
                case "metadata": return .metadata(inbox: 0, minutes: 0)
                case "resync": return .resync(inbox: 0)
                case "trigger":
                    let trigger = ExplosionTrigger.allCases.first { "\($0)" == event["trigger"]?.stringValue }
                    return .trigger(trigger ?? .appBecameActive)
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

    /// The receiver traces, as typed steps written through the target's layout.
    static func receiverTraces(_ files: [VectorFile]) -> [[UInt8]] {
        files.tests(of: "explode_receiver").compactMap { _, test in
            test.input["events"]?.arrayValue.map {
                ExplosionReceiverHarness.Step.encode(ExplosionReceiverHarness.Step.steps(of: $0))
            }
        }
    }
}
