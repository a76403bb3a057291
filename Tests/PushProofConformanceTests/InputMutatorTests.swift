import Foundation
import PushProofConformance
import PushProofJSON
import Testing

/// The differential fuzzer's mutations, through the public entry point: each kind of change is
/// produced for the input that invites it, and changes what it claims to change.
@Suite struct InputMutatorTests {
    /// `count` mutations of `input` from one seed.
    func mutations(_ input: JSONValue, windows: [Int64] = [], seed: UInt64 = 1, count: Int = 4000) -> [InputMutation] {
        var g = SeededGenerator(seed: seed)
        return (0..<count).compactMap { _ in InputMutator.mutation(of: input, windows: windows, using: &g) }
    }

    @Test func theSameSeedGivesTheSameChanges() {
        let input: JSONValue = ["a": 1_772_600_000, "b": "AAECAwQFBgcICQ==", "c": ["x", true]]
        #expect(mutations(input, seed: 9).map(\.description) == mutations(input, seed: 9).map(\.description))
        #expect(mutations(input, seed: 9).map(\.description) != mutations(input, seed: 10).map(\.description))
    }

    /// A bit flipped in the bytes base64 carries, re-encoded as the original was written.
    @Test func base64BitFlipsChangeOneBitOfTheDecodedBytes() throws {
        let bytes: [UInt8] = Array(0..<32)
        for urlSafe in [false, true] {
            var text = Data(bytes + [0xFB, 0xFF]).base64EncodedString()
            if urlSafe {
                text = text.replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
                    .replacingOccurrences(of: "=", with: "")
            }
            let flips = mutations(["data": .string(text)]).filter { $0.what.hasPrefix("base64: bit") }
            #expect(flips.count > 20)
            for m in flips {
                guard case .string(var changed)? = m.replacement else {
                    Issue.record("not a string")
                    continue
                }
                #expect(changed.contains("=") == !urlSafe)
                if urlSafe {
                    #expect(!changed.contains("+") && !changed.contains("/"))
                    changed = changed.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
                    changed += String(repeating: "=", count: (4 - changed.count % 4) % 4)
                }
                let decoded = try #require(Data(base64Encoded: changed))
                let original = bytes + [0xFB, 0xFF]
                #expect(decoded.count == original.count)
                let differing = zip(decoded, original).map { ($0 ^ $1).nonzeroBitCount }.reduce(0, +)
                #expect(differing == 1, "\(m.what)")
            }
        }
    }

    /// Times set to another time of the input plus or minus a window, exactly or a unit off.
    @Test func timesMoveAcrossTheWindows() throws {
        let now: Int64 = 1_772_600_000
        let input: JSONValue = ["createdAt": .integer(now - 10), "now": .integer(now), "count": 3]
        let moves = mutations(input, windows: [7_777]).filter { $0.what.hasPrefix("set to the input's time") }
        #expect(moves.count > 50)
        var windowsSeen = Set<Int64>()
        for m in moves {
            let value = try #require(m.replacement?.int64Value)
            let anchors = [now - 10, now]
            let distances = anchors.map { abs(value - $0) }
            let window = try #require(
                (InputMutator.commonWindows + [7_777]).first { w in distances.contains { abs($0 - w) <= 1 } },
                "\(m.what) gave \(value)")
            windowsSeen.insert(window)
            #expect(m.path != [.member("count")], "a count is not a time")
        }
        #expect(windowsSeen.contains(7_777), "the suite's own window is used")
        #expect(windowsSeen.isSuperset(of: [60, 300, 86_400]))
        // Milliseconds move by milliseconds.
        let millis = mutations(["at": .integer(now * 1000)], windows: [300]).filter {
            $0.what.hasPrefix("set to the input's time")
        }
        #expect(!millis.isEmpty)
        for m in millis {
            let distance = abs(try #require(m.replacement?.int64Value) - now * 1000)
            #expect(InputMutator.commonWindows.contains { abs(distance - $0 * 1000) <= 1 }, "\(m.what)")
        }
        #expect(mutations(["at": .integer(now)]).contains { $0.what == "seconds written as milliseconds" })
    }

    @Test func rfc3339TimesAreMovedAndRespelled() throws {
        let input: JSONValue = ["signedAt": "2026-11-24T08:00:00Z"]
        let changes = mutations(input)
        let moved = changes.filter { $0.what.hasPrefix("set to the input's time") }
        #expect(!moved.isEmpty)
        let formatter = ISO8601DateFormatter()
        let base = try #require(formatter.date(from: "2026-11-24T08:00:00Z"))
        for m in moved {
            let text = try #require(m.replacement?.stringValue)
            let date = try #require(formatter.date(from: text), "\(text) is not RFC 3339")
            let distance = Int64(abs(date.timeIntervalSince(base)))
            #expect(InputMutator.commonWindows.contains { abs(distance - $0) <= 1 }, "\(text)")
        }
        let spellings = Set(changes.map(\.what).filter { $0.hasPrefix("RFC 3339:") })
        #expect(spellings.contains("RFC 3339: Z written as +00:00"))
        #expect(spellings.contains("RFC 3339: a leap second (23:59:60)"))
        #expect(changes.contains { $0.replacement?.stringValue == "2026-11-24T08:00:00+00:00" })
    }

    @Test func typesAreSwapped() {
        let changes = mutations(["id": 42, "name": "17", "flag": true, "list": [1]])
        let whats = Set(changes.map(\.what))
        #expect(whats.contains("number written as a string"))
        #expect(whats.contains("string written as a number"))
        #expect(whats.contains("boolean as 1"))
        #expect(whats.contains("array as its JSON text"))
        #expect(
            whats.contains("written as 42.0") && whats.contains("written as 42.5") && whats.contains("written as 42e0"))
        #expect(changes.contains { $0.path == [.member("id")] && $0.replacement == .string("42") })
    }

    @Test func membersAreAddedRespelledAndReordered() throws {
        let input: JSONValue = ["payload": ["push_key": "k", "realmUrl": "u"]]
        let changes = mutations(input)
        let respelled = changes.filter { $0.what.hasPrefix("member push_key repeated as pushKey") }
        let m = try #require(respelled.first)
        let object = try #require(m.apply(to: input)?["payload"]?.members)
        #expect(object.map(\.key) == ["push_key", "realmUrl", "pushKey"])
        #expect(object[2].value != object[0].value, "the other spelling carries another value")
        #expect(changes.contains { $0.what.hasPrefix("member realmUrl repeated as realm_url") })
        #expect(changes.contains { $0.what.hasPrefix("unknown member") })
        #expect(changes.contains { $0.what == "members reversed" })
    }

    /// JSON inside a string is mutated as JSON, including a key written twice, which the
    /// adapter protocol's own JSON never carries.
    @Test func jsonTextIsMutatedAsJSON() throws {
        let input: JSONValue = ["record": .string(#"{"inboxId":"abc","clientId":"def"}"#)]
        let changes = mutations(input)
        let twice = try #require(changes.first { $0.what.hasPrefix("JSON text: member") })
        let text = try #require(twice.replacement?.stringValue)
        #expect(throws: JSONParser.Error.self) { try JSONParser.parse(text) }
        let kept = try JSONParser.parse(text, options: .init(duplicateKeys: .keepAll))
        #expect(kept.members?.count == 3)
        #expect(changes.contains { $0.what.hasPrefix("JSON text: .") })
        // No key is ever written twice at the adapter level.
        for m in changes {
            guard let changed = m.apply(to: input) else { continue }
            #expect((try? JSONParser.parse(JSONWriter.compact(changed))) != nil, "\(m.what)")
        }
    }

    @Test func traceStepsAreDroppedRepeatedSwappedAndMoved() {
        let input: JSONValue = ["steps": [["op": "a"], ["op": "b"], ["op": "c"]]]
        let whats = mutations(input).map(\.what)
        for kind in ["dropped", "repeated", "swapped", "moved to"] {
            #expect(whats.contains { $0.hasPrefix("element") && $0.contains(kind) }, "\(kind)")
        }
    }
}
