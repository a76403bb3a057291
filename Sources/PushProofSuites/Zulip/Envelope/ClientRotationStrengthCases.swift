import PushProofConformance
import PushProofCrypto
import PushProofJSON

/// envelope_client: which acknowledgement decides a run's step 3a, with three and four keys. The
/// server acknowledges the key the client last registered, so a run stamps the keys older than the
/// key acknowledged last (push_key.dart:181-190, `ackedPushKeyId` the current acknowledgement): when
/// keys are acknowledged in turn, each acknowledgement supersedes the key acknowledged before it, and
/// an earlier acknowledgement never decides a later run. Each trace is asked for every key, at the
/// deadline where the choice shows.
extension EnvelopeClientVectors {
    static func deployedAcknowledgementOrder() -> [VectorCase] {
        let d = E.day
        let n = E.now
        let a = (id: UInt32(1001), key: oldKey)
        let b = (id: UInt32(1002), key: E.wireKey("middle"))
        let c = (id: E.keyId, key: E.key)
        let k4 = (id: UInt32(1004), key: E.wireKey("fourth"))
        func via(_ k: (id: UInt32, key: [UInt8]), _ label: String) -> JSONValue {
            apnsPayload(
                sealed(built(E.message()).plaintext, key: k.key, nonce: "client-ack-order-\(label)"), id: .integer(k.id)
            )
        }
        let source =
            "\(rotation); \(flutter)lib/model/push_key.dart:181-190 (ackedPushKeyId: the key acknowledged last), "
            + "\(flutter)lib/model/push_device.dart:27-29, 83-86 (a run on each acknowledgement and on loading)"
        // Three keys acknowledged in turn: b 59 days ago (a superseded then), c 45 days ago (b
        // superseded then). A run now deletes a and b.
        let inTurn = keysJSON([
            (a.id, a.key, n - 100 * d, nil), (b.id, b.key, n - 60 * d, n - 59 * d),
            (c.id, c.key, n - 50 * d, n - 45 * d),
        ])
        // The same, and the oldest key acknowledged late, a day after c: the latest acknowledgement
        // names the oldest key, which supersedes nothing; what c's acknowledgement stamped stays.
        let oldestLate = keysJSON([
            (a.id, a.key, n - 100 * d, n - 44 * d), (b.id, b.key, n - 60 * d, n - 59 * d),
            (c.id, c.key, n - 50 * d, n - 45 * d),
        ])
        // Four keys, b, c and d each acknowledged a day after it was made.
        let fourInTurn = keysJSON([
            (a.id, a.key, n - 200 * d, nil), (b.id, b.key, n - 40 * d, n - 39 * d),
            (c.id, c.key, n - 38 * d, n - 37 * d),
            (k4.id, k4.key, n - 36 * d, n - 35 * d),
        ])
        // b acknowledged 69 days ago, c exactly 30 days ago: b is deleted by a run now, not by one
        // a second earlier.
        let atDeadline = keysJSON([
            (a.id, a.key, n - 100 * d, nil), (b.id, b.key, n - 70 * d, n - 69 * d),
            (c.id, c.key, n - 40 * d, n - 30 * d),
        ])
        // c acknowledged first (45 days ago), then the older b (40 days ago): c's acknowledgement
        // had already superseded b.
        let olderLater = keysJSON([
            (a.id, a.key, n - 100 * d, nil), (b.id, b.key, n - 60 * d, n - 40 * d),
            (c.id, c.key, n - 50 * d, n - 45 * d),
        ])
        func drop(
            _ comment: String, _ k: (id: UInt32, key: [UInt8]), _ label: String, _ keys: JSONValue, runs: [Int64] = [n],
            now: Int64 = n
        )
            -> VectorCase
        {
            receiveCase(
                comment, ["ThreeKeyRotation", "AcknowledgedLast", "UnknownKey"], source: source, payload: via(k, label),
                keys: keys, rotationRuns: runs, now: now, outcome: "droppedUnknownKey")
        }
        func keep(
            _ comment: String, _ k: (id: UInt32, key: [UInt8]), _ label: String, _ keys: JSONValue, runs: [Int64] = [n],
            now: Int64 = n
        )
            -> VectorCase
        {
            receiveCase(
                comment, ["ThreeKeyRotation", "AcknowledgedLast"], source: source, payload: via(k, label), keys: keys,
                rotationRuns: runs, now: now, outcome: "delivered")
        }
        let inTurnText = "three keys, the middle acknowledged 59 days ago and the newest 45 days ago, a run now"
        let fourText = "four keys acknowledged in turn 39, 37 and 35 days ago, a run now"
        let deadlineText = "three keys, the middle acknowledged 69 days ago and the newest exactly 30 days ago"
        return [
            drop("\(inTurnText): the oldest is deleted", a, "a-in-turn", inTurn),
            drop(
                "\(inTurnText): the middle one, superseded by the newest's acknowledgement 45 days ago, is deleted",
                b, "b-in-turn", inTurn),
            keep("\(inTurnText): the newest decrypts", c, "c-in-turn", inTurn),
            keep(
                "\(inTurnText), but now is 15 days and a second ago: the middle one, superseded 30 days less a second "
                    + "before, still decrypts", b, "b-in-turn-early", inTurn, runs: [n - 15 * d - 1],
                now: n - 15 * d - 1),
            drop(
                "\(inTurnText), but now is 15 days ago: the middle one, superseded exactly 30 days before, is deleted",
                b, "b-in-turn-deadline", inTurn, runs: [n - 15 * d], now: n - 15 * d),
            drop(
                "\(inTurnText), and the oldest acknowledged late, 44 days ago: the middle one is still deleted",
                b, "b-oldest-late", oldestLate),
            drop(
                "\(inTurnText), and the oldest acknowledged late, 44 days ago: the oldest is deleted", a,
                "a-oldest-late", oldestLate),
            keep(
                "\(inTurnText), and the oldest acknowledged late, 44 days ago: the newest decrypts", c,
                "c-oldest-late", oldestLate),
            drop("\(fourText): the first is deleted", a, "a-four-in-turn", fourInTurn),
            drop(
                "\(fourText): the second, superseded by the third's acknowledgement, is deleted", b, "b-four-in-turn",
                fourInTurn),
            drop(
                "\(fourText): the third, superseded by the fourth's acknowledgement, is deleted", c, "c-four-in-turn",
                fourInTurn),
            keep("\(fourText): the fourth decrypts", k4, "d-four-in-turn", fourInTurn),
            drop("\(deadlineText), a run now: the middle one is deleted", b, "b-deadline", atDeadline),
            keep(
                "\(deadlineText), now a second earlier: the middle one still decrypts", b, "b-deadline-early",
                atDeadline,
                runs: [n - 1], now: n - 1),
            drop(
                "three keys, the newest acknowledged 45 days ago and the middle one after it, 40 days ago, a run now: "
                    + "the middle one, superseded by the newest's acknowledgement, is deleted", b, "b-older-later",
                olderLater),
            keep(
                "three keys, the newest acknowledged 45 days ago and the middle one after it, 40 days ago, a run now: "
                    + "the newest decrypts", c, "c-older-later", olderLater),
        ]
    }
}
