import PushProofConformance
import PushProofCrypto
import PushProofJSON
import ZulipEnvelope

/// envelope_client: every field the client reads from JSON, given each JSON type it is not
/// (deployed). Dart's `as` casts throw on another type, a boolean included: a JSON `true` is never
/// the number 1.
extension EnvelopeClientVectors {
    typealias Wrong = (label: String, value: JSONValue)

    /// Keys 0 and 1, both holding the message's key: a reader that turns `false`, `true`, `[1]` or
    /// `{"id": 1}` into a key id finds a key and decrypts.
    static let keysZeroAndOne = keysJSON([(0, E.key, E.now - 12 * E.day, nil), (1, E.key, E.now - 10 * E.day, nil)])

    /// The JSON values that are not numbers, each around `number` where it can hold one.
    static func notNumbers(_ number: JSONValue) -> [Wrong] {
        [
            ("true", .bool(true)), ("false", .bool(false)), ("null", .null),
            ("the number as a string", .string(numberText(number) ?? "1")), ("an array holding the number", [number]),
            ("an object holding the number", ["id": number]),
        ]
    }

    /// The JSON values that are not strings, each around `text` where it can hold one.
    static func notStrings(_ text: String) -> [Wrong] {
        [
            ("true", .bool(true)), ("null", .null), ("the number 7", 7),
            ("an array holding the string", [.string(text)]),
            ("an object holding the string", ["value": .string(text)]),
        ]
    }

    /// A number's text, as written.
    static func numberText(_ value: JSONValue) -> String? {
        if case .number(let text) = value { return text }
        return nil
    }

    static func deployedTypeConfusion() -> [VectorCase] {
        let g = "\(flutter)lib/api/notifications.g.dart"
        var cases: [VectorCase] = []
        // The payload: APNs push_key_id `as num` and encrypted_data `as String` throw; FCM's
        // `as String` throws inside the try that hands the data to the legacy path.
        for wrong in notNumbers(1) where wrong.label != "the number as a string" {
            cases.append(
                receiveCase(
                    "APNs push_key_id \(wrong.label): `as num` throws (keys 0 and 1 are held)",
                    ["JsonTypeConfusion", "MalformedPayload"], source: "\(g):24-29 ((json['push_key_id'] as num))",
                    payload: apnsPayload(message, id: wrong.value), keys: keysZeroAndOne, code: "MALFORMED_PAYLOAD"))
        }
        for wrong in notStrings("1") + [("the number 1.0", JSONValue.number("1.0"))] {
            cases.append(
                receiveCase(
                    "FCM push_key_id \(wrong.label): `as String` throws, so not read as E2EE (keys 0 and 1 are held)",
                    ["JsonTypeConfusion", "LegacyFallback"], source: "\(fcmRead); \(legacy)", service: "fcm",
                    payload: fcmPayload(message, id: wrong.value), keys: keysZeroAndOne, outcome: "droppedAsLegacy",
                    also: refusedPayload))
        }
        for wrong in notStrings(Base64.encode(message)) where wrong.label != "the number 7" {
            cases.append(
                receiveCase(
                    "APNs encrypted_data \(wrong.label): `as String` throws",
                    ["JsonTypeConfusion", "MalformedPayload"],
                    source: "\(g):24-29 (base64Decode(json['encrypted_data'] as String))",
                    payload: apnsPayload(message).setting("encrypted_data", to: wrong.value), code: "MALFORMED_PAYLOAD")
            )
            cases.append(
                receiveCase(
                    "FCM encrypted_data \(wrong.label): `as String` throws, so not read as E2EE",
                    ["JsonTypeConfusion", "LegacyFallback"], source: "\(fcmRead); \(legacy)", service: "fcm",
                    payload: fcmPayload(message).setting("encrypted_data", to: wrong.value),
                    outcome: "droppedAsLegacy", also: refusedPayload))
        }
        // The plaintext: integer fields `(x as num).toInt()`, strings `as String`, lists `as List`.
        let channel = built(E.message()).json
        let direct = built(E.message(recipient: ["type": "direct", "user_ids": [12]])).json
        let removal = built(E.remove([4242])).json
        let numbers: [(name: String, base: JSONValue, lines: String)] = [
            ("user_id", channel, "\(g):43"), ("sender_id", channel, "\(g):44"), ("message_id", channel, "\(g):51"),
            ("time", channel, "\(g):53"), ("channel_id", channel, "\(g):74 (channel_id present: a channel)"),
            ("user_id", removal, "\(g):91"),
        ]
        for field in numbers {
            let kind = field.base["type"]?.stringValue ?? ""
            for wrong in notNumbers(field.base[field.name]!) {
                cases.append(
                    plaintextCase(
                        "a \(kind) whose \(field.name) is \(wrong.label): `as num` throws",
                        ["JsonTypeConfusion", "MalformedNotification"],
                        JSONWriter.compactBytes(field.base.setting(field.name, to: wrong.value)),
                        source: "\(field.lines) ((json['\(field.name)'] as num).toInt())",
                        code: "MALFORMED_NOTIFICATION"))
            }
        }
        cases += [
            plaintextCase(
                "a message whose time is 1772599990.5: toInt() truncates it, delivered (PushProof recommends refusing "
                    + "it, as hardened tcId 614)", ["FractionalId"],
                JSONWriter.compactBytes(channel.setting("time", to: .number("1772599990.5"))),
                source: "\(g):53 ((json['time'] as num).toInt())", outcome: "delivered", also: refusedNotification),
            plaintextCase(
                "a channel message whose channel_id is 3.9: toInt() truncates it to 3, delivered (PushProof "
                    + "recommends refusing it, as hardened tcId 614)", ["FractionalId"],
                JSONWriter.compactBytes(channel.setting("channel_id", to: .number("3.9"))),
                source: "\(g):74 ((json['channel_id'] as num).toInt())", outcome: "delivered",
                also: refusedNotification),
        ]
        let strings: [(name: String, base: JSONValue, lines: String)] = [
            ("realm_url", channel, "\(g):41 (Uri.parse(json['realm_url'] as String))"),
            ("sender_avatar_url", channel, "\(g):45 (Uri.parse(json['sender_avatar_url'] as String))"),
            ("sender_full_name", channel, "\(g):46"), ("content", channel, "\(g):52"),
            ("topic", channel, "\(g):76 (TopicName.fromJson(json['topic'] as String))"),
            ("realm_url", removal, "\(g):89 (Uri.parse(json['realm_url'] as String))"),
        ]
        for field in strings {
            let kind = field.base["type"]?.stringValue ?? ""
            for wrong in notStrings(field.base[field.name]?.stringValue ?? "") {
                cases.append(
                    plaintextCase(
                        "a \(kind) whose \(field.name) is \(wrong.label): `as String` throws",
                        ["JsonTypeConfusion", "MalformedNotification"],
                        JSONWriter.compactBytes(field.base.setting(field.name, to: wrong.value)), source: field.lines,
                        code: "MALFORMED_NOTIFICATION"))
            }
        }
        // realm_name and channel_name are `as String?`: null reads as absent, any other type throws.
        let optionals: [(name: String, base: JSONValue, lines: String)] = [
            ("realm_name", channel, "\(g):42"), ("channel_name", channel, "\(g):75"),
            ("realm_name", removal, "\(g):90"),
        ]
        for field in optionals {
            let kind = field.base["type"]?.stringValue ?? ""
            for wrong in notStrings(field.base[field.name]?.stringValue ?? "") where wrong.label != "null" {
                cases.append(
                    plaintextCase(
                        "a \(kind) whose \(field.name) is \(wrong.label): `as String?` throws",
                        ["JsonTypeConfusion", "MalformedNotification"],
                        JSONWriter.compactBytes(field.base.setting(field.name, to: wrong.value)),
                        source: "\(field.lines) (json['\(field.name)'] as String?)", code: "MALFORMED_NOTIFICATION"))
            }
        }
        cases.append(
            plaintextCase(
                "a channel message whose channel_name is null: read as absent", ["JsonTypeConfusion", "OptionalName"],
                JSONWriter.compactBytes(channel.setting("channel_name", to: .null)),
                source: "\(g):75 (json['channel_name'] as String?)", outcome: "delivered"))
        // The lists, and what they hold.
        let lists: [(name: String, base: JSONValue, lines: String)] = [
            ("recipient_user_ids", direct, "\(g):82-84"), ("message_ids", removal, "\(g):92-94"),
        ]
        for field in lists {
            let kind = field.base["type"]?.stringValue ?? ""
            let first = field.base[field.name]?.arrayValue?.first ?? 1
            let notLists: [Wrong] = [
                ("true", .bool(true)), ("null", .null), ("a number", first),
                ("the ids as a comma-separated string", .string(numberText(first) ?? "1")),
                ("an object", ["0": first]),
            ]
            for wrong in notLists {
                cases.append(
                    plaintextCase(
                        "a \(kind) whose \(field.name) is \(wrong.label): `as List<dynamic>` throws",
                        ["JsonTypeConfusion", "MalformedNotification"],
                        JSONWriter.compactBytes(field.base.setting(field.name, to: wrong.value)),
                        source: "\(field.lines) (json['\(field.name)'] as List<dynamic>)",
                        code: "MALFORMED_NOTIFICATION")
                )
            }
            for wrong in notNumbers(first) where wrong.label != "the number as a string" {
                cases.append(
                    plaintextCase(
                        "a \(kind) whose \(field.name) holds \(wrong.label): `e as num` throws",
                        ["JsonTypeConfusion", "MalformedNotification"],
                        JSONWriter.compactBytes(field.base.setting(field.name, to: [first, wrong.value])),
                        source: "\(field.lines) ((e as num).toInt())", code: "MALFORMED_NOTIFICATION"))
            }
        }
        // type is compared with the strings 'message' and 'remove': any other value, of any type,
        // is an UnexpectedNotifPayload, dropped before a field is read.
        let typeValues: [Wrong] = [
            ("true", .bool(true)), ("null", .null), ("an array holding \"message\"", ["message"]),
            ("an object holding \"message\"", ["message": "message"]), ("\"Message\"", "Message"),
            ("\"message \" with a trailing space", "message "),
        ]
        for wrong in typeValues {
            cases.append(
                plaintextCase(
                    "a message whose type is \(wrong.label): not 'message' or 'remove', dropped (refusing it is "
                        + "acceptable)", ["JsonTypeConfusion", "UnexpectedType"],
                    JSONWriter.compactBytes(channel.setting("type", to: wrong.value)), source: types,
                    outcome: "droppedUnexpectedType", also: refusedNotification))
        }
        return cases
    }
}
