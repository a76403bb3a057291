import PushProofConformance
import PushProofCrypto
import PushProofJSON
import ZulipEnvelope

/// envelope_client: every integer the client reads, at the edges of the types an implementation
/// might hold it in (32 bits signed and unsigned, a double's 53 bits, 64 bits), and the text forms
/// of an FCM key id (deployed).
extension EnvelopeClientVectors {
    /// Keys whose ids are what a narrowed or wrapped reading of an out-of-range id lands on: 0, 1,
    /// 2^31 and 2^32 - 1, all holding the message's key, none superseded.
    static let decoyKeys = keysJSON([
        (0, E.key, E.now - 13 * E.day, nil), (1, E.key, E.now - 12 * E.day, nil),
        (2_147_483_648, E.key, E.now - 11 * E.day, nil), (4_294_967_295, E.key, E.now - 10 * E.day, nil),
    ])

    static func deployedNumericEdges() -> [VectorCase] {
        let g = "\(flutter)lib/api/notifications.g.dart"
        var cases: [VectorCase] = []
        // APNs: a JSON integer literal within 64 bits is a Dart int and looked up whole; a larger one
        // is read as a double, whose toInt() saturates at 2^63 - 1 (dart-lang/sdk's VM; no uint32
        // key has it either way).
        let apnsIds: [(text: String, what: String, delivered: Bool)] = [
            ("2147483648", "2^31", true), ("0", "0", true), ("4294967296", "2^32 (low 32 bits: key 0)", false),
            ("4294967297", "2^32 + 1 (low 32 bits: key 1)", false),
            ("9007199254740992", "2^53 (low 32 bits: key 0)", false),
            ("9007199254740993", "2^53 + 1 (low 32 bits: key 1)", false),
            ("9223372036854775807", "2^63 - 1 (low 32 bits: key 4294967295)", false),
            ("9223372036854775808", "2^63, a double in Dart (low 32 bits: key 0)", false),
            ("18446744073709551616", "2^64, a double in Dart", false),
            ("18446744073709551617", "2^64 + 1, a double in Dart (low bits: key 1)", false),
            ("-1", "-1 (as uint32: key 4294967295)", false), ("-2147483648", "-2^31 (as uint32: key 2^31)", false),
            ("-4294967295", "-(2^32 - 1) (low 32 bits: key 1)", false),
        ]
        for id in apnsIds {
            cases.append(
                receiveCase(
                    "APNs push_key_id \(id.what): "
                        + (id.delivered ? "a key has it, delivered" : "no key has the whole integer, dropped"),
                    id.delivered ? ["KeyIdWidth"] : ["KeyIdWidth", "UnknownKey"],
                    source: id.delivered ? "\(apnsRead); \(delivered)" : "\(apnsRead); \(lookup)",
                    payload: apnsPayload(message, id: .number(id.text)), keys: decoyKeys,
                    outcome: id.delivered ? "delivered" : "droppedUnknownKey",
                    also: id.delivered ? [] : refusedPayload))
        }
        // Numbers Dart reads as doubles: toInt() truncates toward zero.
        let apnsDoubles: [(text: String, what: String, delivered: Bool)] = [
            ("2147483648.0", "2147483648.0: key 2^31", true), ("-0.0", "-0.0: key 0", true),
            ("-0.5", "-0.5, truncated toward zero: key 0", true), ("1e0", "1e0: key 1", true),
            ("4294967297.0", "4294967297.0: 2^32 + 1, no key", false),
            ("4.294967297e9", "4.294967297e9: 2^32 + 1, no key", false),
            ("1.8446744073709552e19", "1.8446744073709552e19: saturates at 2^63 - 1, no key", false),
        ]
        for id in apnsDoubles {
            cases.append(
                receiveCase(
                    "APNs push_key_id \(id.what)"
                        + (id.delivered ? ", delivered (PushProof recommends refusing it, as hardened tcId 603)" : ""),
                    id.delivered ? ["KeyIdWidth", "LenientKeyId"] : ["KeyIdWidth", "LenientKeyId", "UnknownKey"],
                    source: id.delivered ? "\(apnsRead); \(delivered)" : "\(apnsRead); \(lookup)",
                    payload: apnsPayload(message, id: .number(id.text)), keys: decoyKeys,
                    outcome: id.delivered ? "delivered" : "droppedUnknownKey", also: refusedPayload))
        }
        // FCM: int.parse reads 64 bits and throws past them (the legacy path then ignores the data).
        let fcmIds: [(text: String, what: String, outcome: String)] = [
            ("2147483648", "2^31: a key has it", "delivered"), ("-0", "-0: key 0", "delivered"),
            ("4294967296", "2^32 (low 32 bits: key 0): no key", "droppedUnknownKey"),
            ("4294967297", "2^32 + 1 (low 32 bits: key 1): no key", "droppedUnknownKey"),
            ("9007199254740993", "2^53 + 1 (low 32 bits: key 1): no key", "droppedUnknownKey"),
            ("9223372036854775807", "2^63 - 1 (low 32 bits: key 4294967295): no key", "droppedUnknownKey"),
            ("9223372036854775808", "2^63 (low 64 bits: key 0): int.parse throws", "droppedAsLegacy"),
            ("18446744073709551617", "2^64 + 1 (low 64 bits: key 1): int.parse throws", "droppedAsLegacy"),
            ("-1", "-1 (as uint32: key 4294967295): no key", "droppedUnknownKey"),
            ("-4294967295", "-(2^32 - 1) (low 32 bits: key 1): no key", "droppedUnknownKey"),
        ]
        for id in fcmIds {
            let source =
                id.outcome == "delivered"
                ? "\(fcmRead); \(delivered)"
                : id.outcome == "droppedUnknownKey" ? "\(fcmRead); \(lookup)" : "\(fcmRead); \(legacy)"
            cases.append(
                receiveCase(
                    "FCM push_key_id \"\(id.text)\", \(id.what)",
                    id.outcome == "delivered"
                        ? ["KeyIdWidth"]
                        : ["KeyIdWidth", id.outcome == "droppedUnknownKey" ? "UnknownKey" : "LegacyFallback"],
                    source: source, service: "fcm", payload: fcmPayload(message, id: .string(id.text)),
                    keys: decoyKeys, outcome: id.outcome,
                    also: id.text == "2147483648" ? [] : refusedPayload))
        }
        // The notification's integers: Dart ints are 64 bits; a literal past them is a double, whose
        // toInt() saturates (2^63 - 1 or -2^63), and toInt() of infinity throws.
        let channel = built(E.message()).json
        let removal = built(E.remove([4242])).json
        let exact: [(name: String, text: String, what: String)] = [
            ("sender_id", "2147483648", "2^31"), ("message_id", "4294967297", "2^32 + 1"),
            ("message_id", "9007199254740993", "2^53 + 1 (a double holds 2^53)"),
            ("time", "9223372036854775807", "2^63 - 1"), ("channel_id", "4294967296", "2^32"),
            ("sender_id", "-1", "-1"), ("channel_id", "0", "0"),
        ]
        for field in exact {
            cases.append(
                plaintextCase(
                    "a message whose \(field.name) is \(field.what): read exactly, delivered", ["IntegerRange"],
                    JSONWriter.compactBytes(channel.setting(field.name, to: .number(field.text))),
                    source: "\(g):43-53, 74 ((json[...] as num).toInt())", outcome: "delivered"))
        }
        cases += [
            plaintextCase(
                "a removal of messages 2^31, 2^32 + 1, 2^53 + 1 and 2^63 - 1: read exactly, delivered",
                ["IntegerRange"],
                JSONWriter.compactBytes(
                    removal.setting(
                        "message_ids",
                        to: [
                            .number("2147483648"), .number("4294967297"), .number("9007199254740993"),
                            .number("9223372036854775807"),
                        ])), source: "\(g):92-94 ((e as num).toInt())", outcome: "delivered"),
            plaintextCase(
                "a DM whose recipient_user_ids hold 2^32 + 11: read exactly, delivered", ["IntegerRange"],
                JSONWriter.compactBytes(
                    built(E.message(recipient: ["type": "direct", "user_ids": [12]])).json.setting(
                        "recipient_user_ids", to: [10, 11, .number("4294967307")])),
                source: "\(g):82-84 ((e as num).toInt())", outcome: "delivered"),
            plaintextCase(
                "user_id 4294967306 (2^32 + 10; its low 32 bits are this account's 10): another user, dropped",
                ["IntegerRange", "OtherAccount"],
                JSONWriter.compactBytes(channel.setting("user_id", to: .number("4294967306"))),
                source: "\(g):43; \(accountCheck)", outcome: "droppedOtherAccount"),
            plaintextCase(
                "message_id 9007199254740993.0: a double, which holds 2^53, delivered as message 9007199254740992 "
                    + "(PushProof recommends refusing it, as hardened tcId 614)", ["IntegerRange", "FractionalId"],
                JSONWriter.compactBytes(channel.setting("message_id", to: .number("9007199254740993.0"))),
                source: "\(g):51 ((json['message_id'] as num).toInt())", outcome: "delivered",
                also: refusedNotification),
            plaintextCase(
                "message_id 2^63: Dart reads a double and toInt() saturates, delivered as message 2^63 - 1 "
                    + "(PushProof recommends refusing it: hardened)", ["SaturatedInteger"],
                JSONWriter.compactBytes(channel.setting("message_id", to: .number("9223372036854775808"))),
                source: "\(g):51 ((json['message_id'] as num).toInt()); dart-lang/sdk double.toInt on the VM",
                outcome: "delivered", also: refusedNotification),
            plaintextCase(
                "message_id 2^64 + 1: a double, saturated, delivered as message 2^63 - 1 (PushProof recommends "
                    + "refusing it: hardened)", ["SaturatedInteger"],
                JSONWriter.compactBytes(channel.setting("message_id", to: .number("18446744073709551617"))),
                source: "\(g):51 ((json['message_id'] as num).toInt()); dart-lang/sdk double.toInt on the VM",
                outcome: "delivered", also: refusedNotification),
            plaintextCase(
                "a removal of message -2^63 - 1: a double, saturated, delivered as message -2^63 (PushProof recommends "
                    + "refusing it: hardened)", ["SaturatedInteger"],
                JSONWriter.compactBytes(removal.setting("message_ids", to: [.number("-9223372036854775809")])),
                source: "\(g):92-94 ((e as num).toInt()); dart-lang/sdk double.toInt on the VM",
                outcome: "delivered", also: refusedNotification),
            plaintextCase(
                "user_id 2^64 + 10: a double, saturated to 2^63 - 1, another user, dropped",
                ["SaturatedInteger", "OtherAccount"],
                JSONWriter.compactBytes(channel.setting("user_id", to: .number("18446744073709551626"))),
                source: "\(g):43; \(accountCheck); dart-lang/sdk double.toInt on the VM",
                outcome: "droppedOtherAccount", also: refusedNotification),
            plaintextCase(
                "time 1e400: Dart reads infinity, whose toInt() throws", ["IntegerRange", "MalformedNotification"],
                JSONWriter.compactBytes(channel.setting("time", to: .number("1e400"))),
                source: "\(g):53 ((json['time'] as num).toInt() throws UnsupportedError)",
                code: "MALFORMED_NOTIFICATION"),
        ]
        return cases
    }

    /// FCM key ids as text: int.parse trims Dart's whitespace set (not Python's, not Unicode's) and
    /// reads ASCII digits after an optional sign.
    static func deployedKeyIdText() -> [VectorCase] {
        let id = String(E.keyId)
        let read: [(text: String, what: String)] = [
            ("\n\(id)\r\n", "between a newline and a CR LF"), ("\t\(id)\t", "between tabs"),
            (" \(id)", "after a space"), ("\(id) ", "before a space"), ("\u{A0}\(id)\u{A0}", "between U+00A0"),
            ("\u{85}\(id)", "after U+0085"), ("\u{FEFF}\(id)", "after U+FEFF"), ("\u{3000}\(id)", "after U+3000"),
            ("\(id)\u{2028}", "before U+2028"), ("\u{0B}\u{0C}\(id)", "after U+000B and U+000C"),
            ("+\(id)", "with a plus sign"), ("0000\(id)", "with four leading zeros"),
        ]
        let unread: [(text: String, what: String)] = [
            ("\u{1C}\(id)", "after U+001C"), ("\u{1D}\(id)", "after U+001D"), ("\u{1E}\(id)", "after U+001E"),
            ("\u{1F}\(id)", "after U+001F"), ("\(id)\u{1F}", "before U+001F"), ("\u{200B}\(id)", "after U+200B"),
            ("\u{180E}\(id)", "after U+180E"), ("\u{0}\(id)", "after U+0000"),
            ("٢٧١٨٢٨١٨٢٨", "in Arabic-Indic digits"), ("２７１８２８１８２８", "in fullwidth digits"),
            ("271828182\u{0668}", "with its last digit Arabic-Indic"), ("+ \(id)", "with a space after the sign"),
            ("\(id)+", "with a sign after it"), ("2_718_281_828", "with underscores"), ("\(id).0", "with .0"),
            ("2.718281828e9", "in exponent form"), ("--\(id)", "with two signs"), ("+", "a sign alone"),
        ]
        var cases: [VectorCase] = []
        for form in read {
            cases.append(
                receiveCase(
                    "FCM push_key_id \(form.what): int.parse reads it, delivered (PushProof recommends refusing it, as "
                        + "hardened tcId 604)", ["KeyIdText", "LenientKeyId"], source: "\(fcmRead); \(delivered)",
                    service: "fcm", payload: fcmPayload(message, id: .string(form.text)), outcome: "delivered",
                    also: refusedPayload))
        }
        for form in unread {
            cases.append(
                receiveCase(
                    "FCM push_key_id \(form.what): int.parse throws, so not read as E2EE",
                    ["KeyIdText", "LegacyFallback"],
                    source:
                        "\(fcmRead); dart-lang/sdk int.parse (whitespace: the String.trim set; digits: ASCII); \(legacy)",
                    service: "fcm", payload: fcmPayload(message, id: .string(form.text)), outcome: "droppedAsLegacy",
                    also: refusedPayload))
        }
        return cases
    }
}
