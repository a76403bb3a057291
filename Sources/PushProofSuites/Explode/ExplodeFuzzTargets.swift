import ConvosExplode
import Foundation
import PushProofConformance
import PushProofCrypto

// The ExplodeSettings suite's fuzz targets (docs/fuzzing.md).

/// EncodedContent decoding (protobuf, content type, decompression with its cap, JSON, dates):
/// whatever decodes re-encodes to bytes that decode to the same instant, both bare and inside
/// the MLS PlaintextEnvelope.V1 wrapper.
enum EncodedContentHarness {
    static func run(_ data: [UInt8]) {
        _ = try? PlaintextEnvelopeV1.unwrap(data)
        guard let decoded = try? ExplodeSettingsCodec.decode(data) else { return }
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
        var i = 0
        while i + 2 < data.count, i < 600 {
            let inbox = inboxes[Int(data[i + 1]) % 3]
            let arg = Int64(Int8(bitPattern: data[i + 2]))
            let before = store
            switch data[i] % 6 {
            case 0:
                // An accepted message brings a record of any kind the cleanup must remove.
                if receivers[inbox]!.handle(.message) == .accepted {
                    let kinds: [DeviceStoreModel.Kind] = [
                        .message, .member, .invite, .memberProfile, .localState, .pushSubscription, .databaseFile,
                    ]
                    store.add(kinds[Int(UInt8(bitPattern: Int8(arg))) % kinds.count], to: inbox, id: "r\(i)")
                }
            case 1:
                let sender = ExplosionReceiver.Sender.allCases[
                    Int(data[i + 1] >> 4) % ExplosionReceiver.Sender.allCases.count]
                let was = receivers[inbox]!.status
                let outcome = receivers[inbox]!.handle(
                    .explodeMessage(fromSelf: arg & 1 == 1, expiresAt: clock + arg * 60, sender: sender))
                if !sender.mayExplode {
                    fuzzInvariant(
                        receivers[inbox]!.status == was, "an explode from a sender who may not changed the state")
                    fuzzInvariant(outcome != .stored && outcome != .lowered, "an unauthorized explode was applied")
                }
            case 2: _ = receivers[inbox]!.handle(.metadata(expiresAt: clock + arg * 60))
            case 3: clock += arg * 30
            case 4:
                fuzzInvariant(
                    receivers[inbox]!.handle(.resync) == (exploded.contains(inbox) ? .resyncRefused : .resyncAllowed),
                    "re-sync rule")
            default:
                for x in inboxes {
                    let was = receivers[x]!.status
                    if receivers[x]!.handle(.trigger(.allCases[Int(data[i + 1]) % 3], now: clock)) == .exploded {
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
                } else if data[i] % 6 != 0 || x != inbox {
                    fuzzInvariant(store.records(of: x) == before.records(of: x), "another inbox was touched")
                }
            }
            i += 3
        }
    }
}

extension ExplodeSuite {
    public var fuzzTargets: [FuzzTarget] {
        [
            FuzzTarget("FuzzEncodedContent", run: EncodedContentHarness.run),
            FuzzTarget("FuzzExplodeJSON", run: ExplodeJSONHarness.run),
            FuzzTarget("FuzzAppData", run: AppDataHarness.run),
            FuzzTarget("FuzzExplosionReceiver", run: ExplosionReceiverHarness.run),
        ]
    }
}
