import PushProofConformance
import PushProofCrypto
import PushProofJSON
import ZulipEnvelope
import ZulipRegistration

/// envelope_client: the client's handling of a delivered notification.
enum EnvelopeClientVectors {
    typealias E = EnvelopeFixtures

    /// encrypted_data of a notification (or raw plaintext) under a key, with a labelled nonce.
    static func sealed(_ plaintext: [UInt8], key: [UInt8] = E.key, nonce label: String) -> [UInt8] {
        let pushKey = PushKey(id: 1, wireBytes: key)!
        let e = try! NotificationCipher.encrypt(plaintext, key: pushKey, nonce: E.nonce(label))
        return e.nonce + e.box
    }

    static func built(_ raw: JSONValue) -> ZulipNotification { try! EnvelopeOperations.notification(raw) }

    static func keysJSON(_ entries: [(id: UInt32, key: [UInt8], createdAt: Int64, ack: Int64?)]) -> JSONValue {
        .array(
            entries.map { e in
                var v: JSONValue = [
                    "id": .integer(e.id), "pushKey": .string(Hex.encode(e.key)), "createdAt": .integer(e.createdAt),
                ]
                if let ack = e.ack { v = v.setting("acknowledgedAt", to: .integer(ack)) }
                return v
            })
    }

    static let standardKeys = keysJSON([(E.keyId, E.key, E.now - 10 * E.day, nil)])

    static func receiveCase(
        _ comment: String, _ flags: [String], source: String? = nil, service: String = "apns", payload: JSONValue,
        keys: JSONValue = standardKeys, rotationRuns: [Int64] = [], now: Int64 = E.now, outcome: String? = nil,
        code: String? = nil, also: [JSONValue] = [], account: JSONValue = E.account
    ) -> VectorCase {
        var input: JSONValue = [
            "service": .string(service), "account": account, "keys": keys, "now": .integer(now), "payload": payload,
        ]
        if !rotationRuns.isEmpty {
            input = input.setting("rotationRuns", to: .array(rotationRuns.map { .integer($0) }))
        }
        return VectorCase(
            comment: comment, flags: flags, source: source, input: input, code: code, outcome: outcome,
            alsoAccepted: also)
    }

    // zulip/zulip-flutter@e989e4f (docs/audit/envelope.md, part 3).
    static let flutter = "zulip/zulip-flutter@e989e4f:"
    static let apnsRead = "\(flutter)lib/api/notifications.g.dart:24-29 ((push_key_id as num).toInt(), base64Decode)"
    static let fcmRead =
        "\(flutter)lib/api/notifications.g.dart:11-15, lib/api/notifications.dart:526-536 (int.parse(push_key_id, radix: 10), base64Decode)"
    static let lookup = "\(flutter)lib/notifications/receive.dart:283-290 (no key with this id: return null)"
    static let decrypt =
        "\(flutter)lib/model/push_key.dart:287-303 (nonce = first 24 bytes, secretBox.openEasy; throws)"
    static let types =
        "\(flutter)lib/api/notifications.dart:72-78, lib/notifications/receive.dart:296-300 (only message and remove are parsed; UnexpectedNotifPayload: return null)"
    static let accountCheck = "\(flutter)lib/notifications/receive.dart:302-306 (realmUrl.origin and userId must match)"
    static let rotation =
        "\(flutter)lib/model/push_key.dart:152-216 (a run stamps superseded the keys older than the acknowledged key or the newest 15-day-old key; a run deletes keys stamped >= 30 days before it)"
    static let legacy =
        "\(flutter)lib/notifications/receive.dart:221-228, 237-270 (an FCM message that does not read as E2EE goes to the legacy path, which ignores it at feature level 468+)"
    static let base64Doc =
        "Dart API documentation, dart:convert base64 (\"decodes using both the base64 and base64url alphabets, does not allow invalid characters and requires padding\")"
    static let fields =
        "\(flutter)lib/api/notifications.g.dart:38-54, 79-95 (each field cast with `as`; a wrong type throws)"

    static func apnsPayload(_ data: [UInt8], id: JSONValue = .integer(E.keyId)) -> JSONValue {
        [
            "push_key_id": id, "encrypted_data": .string(Base64.encode(data)),
            "aps": ["mutable-content": 1, "alert": ["title": "New notification"]],
        ]
    }

    /// URL-safe base64 with its padding: what Dart's decoder also takes.
    /// Standard base64 whose `=` padding is written URL-encoded, `%3D`.
    static func percentPadded(_ data: [UInt8]) -> String {
        let canonical = Base64.encode(data)
        precondition(canonical.hasSuffix("="), "the message's base64 must be padded")
        return String(canonical.prefix { $0 != "=" })
            + String(repeating: "%3D", count: canonical.filter { $0 == "=" }.count)
    }

    static func urlSafePadded(_ data: [UInt8]) -> String {
        String(Base64.encode(data).map { $0 == "+" ? "-" : $0 == "/" ? "_" : $0 })
    }

    static func fcmPayload(_ data: [UInt8], id: JSONValue = .string(String(E.keyId))) -> JSONValue {
        ["push_key_id": id, "encrypted_data": .string(Base64.encode(data))]
    }

    // Inputs and sources the groups share.
    static let message = sealed(built(E.message()).plaintext, nonce: "client-message")
    static let remove = sealed(built(E.remove([7, 8])).plaintext, nonce: "client-remove")
    static let otherRealm: JSONValue = ["realm_url": "https://other.example.com", "realm_name": "Other", "user_id": 10]
    static let otherUser: JSONValue = [
        "realm_url": "https://chat.example.com", "realm_name": "Example Chat", "user_id": 99,
    ]
    // A message whose integer fields are written as fractions (deployed tcId 82, hardened 614).
    static let fractionalIds = JSONWriter.compactBytes(
        built(E.message()).json.setting("user_id", to: .number("10.0")).setting("sender_id", to: .number("11.5"))
            .setting("message_id", to: .number("4242.9")))
    static let httpAccount: JSONValue = [
        "realm_url": "http://chat.example.com", "realm_name": "Example Chat", "user_id": 10,
    ]
    static let spelled: JSONValue = [
        "realm_url": "HTTPS://Chat.Example.com:443/", "realm_name": "Example Chat", "user_id": 10,
    ]
    static func flip(_ bytes: [UInt8], _ index: Int) -> [UInt8] {
        var b = bytes
        b[index] ^= 0x01
        return b
    }
    static let oldId: UInt32 = 1001
    static let oldKey = E.wireKey("old")
    static let viaOld = sealed(built(E.message()).plaintext, key: oldKey, nonce: "client-old-key")
    static let created = E.now - 60 * E.day
    static func plaintextCase(
        _ comment: String, _ flags: [String], _ plaintext: [UInt8], source: String? = nil, outcome: String? = nil,
        code: String? = nil, also: [JSONValue] = [], nonceLabel: String? = nil
    ) -> VectorCase {
        // The nonce's label is the comment unless the test names its own label: a test whose label
        // differs from its comment keeps its input whatever its comment says.
        receiveCase(
            comment, flags, source: source,
            payload: apnsPayload(sealed(plaintext, nonce: "client-\(nonceLabel ?? comment)")), outcome: outcome,
            code: code, also: also)
    }
    static let delivered = "\(lookup); \(decrypt); \(types); \(accountCheck)"
    static let recipientRule =
        "\(flutter)lib/api/notifications.dart:187-196 (channel_id present: a channel; otherwise a DM; recipient_type unread)"
    static let refusedPayload: [JSONValue] = [["error": "MALFORMED_PAYLOAD"]]
    static let refusedNotification: [JSONValue] = [["error": "MALFORMED_NOTIFICATION"]]

    static func file() throws -> VectorFileDeclaration {
        let deployed =
            deployedReading() + deployedAudit() + deployedTypeConfusion() + deployedNumericEdges()
            + deployedKeyIdText() + deployedCheckOrder() + deployedRotationState()
        let hardened = hardenedCases() + hardenedEdges()
        let proposal = proposalCases()
        return VectorFileDeclaration(
            name: "envelope_client", protocolName: "zulip-push-envelope", notes: EnvelopeNotes.catalogue,
            header: [
                "The client's handling of a delivered notification: every outcome is distinct.",
                "Outputs: delivered (with the notification), droppedUnknownKey, droppedOtherAccount, droppedUnexpectedType (deployed: a type other than message or remove), droppedAsLegacy (deployed, FCM: the data does not read as E2EE and the legacy path ignores it). Errors: MALFORMED_PAYLOAD, AUTHENTICATION_FAILED, MALFORMED_NOTIFICATION.",
                "deployed follows zulip-flutter@e989e4f, its leniencies included: where PushProof recommends refusing what it accepts, the test is acceptable and refusing passes too; the hardened group states PushProof's stricter reading.",
                "keys: the device's push keys with createdAt and, when the server acknowledged them, acknowledgedAt (Unix seconds); the order is the order of creation.",
                "Key rotation runs when a key is made, when an acknowledgement arrives, and at the moments rotationRuns lists (the account's store loading); runs after now do not count. A run stamps superseded the keys created before the acknowledged key or before the newest key at least 15 days old, and deletes the keys stamped at least 30 days before it: a key decrypts until a run deletes it.",
            ],
            groups: [
                .init(
                    operation: .envelopeReceive,
                    description:
                        "Client (zulip-flutter@e989e4f): read the APNs body or FCM data, pick the key by push_key_id (rotation rules against `now`), decrypt, parse, check the account.",
                    ids: .block(1...500), cases: deployed),
                .init(
                    operation: .envelopeReceive, profile: .hardened,
                    description:
                        "Client, PushProof's hardened reading: a canonical uint32 key id of the service's JSON type, standard base64, every malformed payload and unknown type an error.",
                    ids: .block(601...700), cases: hardened),
                .init(
                    operation: .envelopeReceive, profile: .proposal,
                    description: "Proposal client: pick the device key by push_account_id, open the sealed box.",
                    ids: .block(501...600), cases: proposal),
                .init(
                    operation: .envelopeReceive,
                    description:
                        "Client (zulip-flutter@e989e4f): the cases of the app's own tests (notifications_test.dart, display_test.dart, push_key_test.dart), each sourced to its test.",
                    ids: .block(701...800), cases: try upstreamTestCases()),
                .init(
                    operation: .envelopeReceive,
                    description:
                        "Client (zulip-flutter@e989e4f): key rotation with keys acknowledged in turn, each key asked at the deadline where the deciding acknowledgement shows.",
                    ids: .block(2000...2099), cases: deployedAcknowledgementOrder()),
                .init(
                    operation: .envelopeReceive,
                    description:
                        "Client (zulip-flutter@e989e4f): realm_url and sender_avatar_url as Dart's Uri.parse and Uri.origin read them; where either throws, the notification is not read.",
                    ids: .block(2100...2199), cases: deployedDartURLs()),
            ])
    }
}
