import PushProofCrypto

/// identity_keychain: what swift-foundation's JSONScanner checks while it scans (a record cut
/// short, literals, a value's first character, separators, a \u escape's four characters) and
/// what it leaves to the decoding of a member the app reads (surrogates at their ranges' edges,
/// control characters), each in both profiles.
extension KeychainDecodeClassCases {
    static func scanPairs() -> [Pair] {
        let scanner = "\(foundation)JSON/JSONScanner.swift:348-866 (scanned: structure, literals, escapes' length)"
        let strings = "\(foundation)JSON/JSONScanner.swift:893-1036 (a string checked when decoded)"
        let order = Self.order
        func refused(_ comment: String, _ record: String, source: String) -> Pair {
            Pair(
                comment: comment, flags: ["LazyValue"], source: source, record: record, deployed: "MALFORMED_JSON",
                hardened: "MALFORMED_JSON", why: "as the app")
        }
        let full = raw()
        var pairs: [Pair] = []
        // A record cut short at every kind of place.
        for (what, text) in [
            ("after its opening brace", "{"), ("after a member name", "{\"inboxId\""),
            ("after a colon", "{\"inboxId\":"),
            ("after a value", "{\"inboxId\":\"a\""), ("after a comma", "{\"inboxId\":\"a\","),
            ("inside keys", String(full.dropLast(2))), ("before its closing brace", String(full.dropLast())),
            ("after a backslash in a string", "{\"note\":\"a\\"), ("after an escape in a string", "{\"note\":\"a\\n"),
            ("after \\u", "{\"note\":\"\\u"), ("after \\u and one digit", "{\"note\":\"\\u1"),
            ("after \\u and three digits", "{\"note\":\"\\u123"), ("after \\u and four digits", "{\"note\":\"\\u1234"),
            ("after a number", "{\"note\":12"), ("after a literal", "{\"note\":true"),
            ("inside an array", "{\"note\":[1"),
        ] {
            pairs.append(refused("a record cut short \(what) is refused", text, source: scanner))
        }
        // Scanned in any member: literals letter by letter, a value's first character, separators.
        for (what, member) in [
            ("true with an upper-case letter", "\"note\":trUe,"), ("null with an upper-case letter", "\"note\":nulL,"),
            ("false with an upper-case letter", "\"note\":falsE,"), ("a value starting with /", "\"note\":/1,"),
            ("a value starting with :", "\"note\"::1,"), ("a number followed by /", "\"note\":1/,"),
            ("a number followed by :", "\"note\":1:,"), ("no value", "\"note\":,"),
            ("a name opened by a single quote", "'note\":1,"), ("= for the colon", "\"note\"=1,"),
            ("; for the comma", "\"note\":1;"), ("\\u and one digit before the quote", "\"note\":\"\\u1\","),
            ("\\u and three digits before the quote", "\"note\":\"\\u123\","),
            ("\\u, three digits and two quotes", "\"note\":\"\\u123\"\","),
            ("\\u and a, then three backslashes and a quote", "\"note\":\"\\ua\\\\\\\"x\","),
        ] {
            pairs.append(refused("an unknown member with \(what) is refused", raw(extra: member), source: scanner))
        }
        // Numbers the scanner takes in a member never decoded.
        for (what, value) in [
            ("0", "0"), ("9", "9"), ("90", "90"), ("-9.5e+9", "-9.5e+9"),
            ("a \\u escape ending the string", "\"\\u1234\""),
            ("\\u and four characters that are not hex digits", "\"\\u!#!#\""),
        ] {
            pairs.append(
                Pair(
                    comment: "an unknown member holding \(what) is ignored", flags: ["LenientRecord"], source: scanner,
                    record: raw(extra: "\"note\":\(value),"), deployed: nil,
                    hardened: value.contains("!") ? "MALFORMED_JSON" : "UNEXPECTED_FIELD",
                    why: value.contains("!")
                        ? "the app never writes this; a reader that takes it reads what a strict one refuses"
                        : "an unknown member is refused (tcId 301)"))
        }
        // Surrogates and control characters where the app decodes the string: the clientId.
        for (what, text) in [
            ("U+D7FF, below the surrogates", "\"\\ud7ff\""), ("U+E000, above them", "\"\\ue000\""),
            ("the first surrogate pair", "\"\\ud800\\udc00\""), ("the last surrogate pair", "\"\\udbff\\udfff\""),
            ("a space in a string with an escape", "\"x y\\t\""),
        ] {
            pairs.append(
                Pair(
                    comment: "clientId holding \(what) reads as its text", flags: ["EncoderCharacters"],
                    source: strings,
                    record: raw(clientId: text), deployed: nil, hardened: "INVALID_CLIENT_ID",
                    why: "as tcId 305: not an upper-case UUID v4"))
        }
        for (what, text) in [
            ("two low surrogates", "\"\\udc00\\udc00\""), ("a lone U+DFFF", "\"\\udfff\""),
            ("a high surrogate and U+DBFF", "\"\\ud800\\udbff\""),
            ("a high surrogate and U+E000", "\"\\ud800\\ue000\""),
            ("a high surrogate, two letters and a low one", "\"\\ud83dxx\\udc00\""),
            ("a high surrogate, two letters and four hex digits", "\"\\ud83dxxdc00\""),
            ("a raw U+001F", "\"a\u{1F}\""), ("a raw U+001F and an escape", "\"\\ta\u{1F}\""),
        ] {
            pairs.append(refused("clientId holding \(what) is refused", raw(clientId: text), source: strings))
        }
        // Text too short for a byte-order pattern, and UTF-16/32 text that does not convert.
        let utf32 = full.unicodeScalars.map { "\u{0}\u{0}\u{0}\($0)" }.joined()
        for (what, text, code) in [
            ("an empty object", "{}", "MISSING_FIELD"), ("a NUL and [", "\u{0}[", "MALFORMED_JSON"),
            ("U+0001 and a NUL", "\u{1}\u{0}", "MALFORMED_JSON"), ("a 7 and a NUL", "7\u{0}", "MALFORMED_JSON"),
            ("the record in UTF-32BE with its last byte cut", String(utf32.dropLast()), "MALFORMED_JSON"),
        ] {
            pairs.append(
                Pair(
                    comment: "a record of \(what) is refused", flags: ["ByteOrderMark"], source: encodings,
                    record: text, deployed: code, hardened: code, why: "as the app"))
        }
        // Surrogates in what the app never decodes: ignored; PushProof's strict reading reads
        // every string, and a lone surrogate is no Unicode text.
        for (what, value, hardened) in [
            ("U+D7FF", "\"\\ud7ff\"", "UNEXPECTED_FIELD"), ("U+E000", "\"\\ue000\"", "UNEXPECTED_FIELD"),
            ("a lone U+DBFF", "\"\\udbff\"", "MALFORMED_JSON"), ("a lone U+DFFF", "\"\\udfff\"", "MALFORMED_JSON"),
        ] {
            pairs.append(
                Pair(
                    comment: "an unknown member holding \(what) is ignored", flags: ["LazyValue"], source: strings,
                    record: raw(extra: "\"note\":\(value),"), deployed: nil, hardened: hardened,
                    why: hardened == "MALFORMED_JSON"
                        ? "a lone surrogate is no Unicode text, wherever it is"
                        : "an unknown member is refused (tcId 301)"))
        }
        pairs.append(
            refused(
                "a member name holding a lone surrogate is refused: every name is decoded",
                raw(extra: "\"\\ud800\":1,"), source: "\(foundation)JSON/JSONDecoder.swift:1198-1210"))
        // The private key's range at its top: the app's PrivateKey refuses n and above.
        let top = "\"\(Base64.encode([UInt8](repeating: 0xFF, count: 32)))\""
        pairs.append(
            Pair(
                comment: "privateKeyData 2^256 - 1 is refused", flags: ["InvalidPrivateKey"], source: order,
                record: raw(keys: rawKeys(privateKeyData: top)), deployed: "INVALID_PRIVATE_KEY",
                hardened: "INVALID_PRIVATE_KEY", why: "as the app"))
        // Members missing, each in both profiles.
        for (what, text) in [
            ("keys", "{\"inboxId\":\(inboxText),\"clientId\":\(clientText)}"),
            ("keys.privateKeyData", raw(keys: "{\"databaseKey\":\(dk)}")), ("every member", "{\"note\":1}"),
        ] {
            pairs.append(
                Pair(
                    comment: "\(what) missing", flags: ["RecordShape"], source: order, record: text,
                    deployed: "MISSING_FIELD", hardened: what == "every member" ? "UNEXPECTED_FIELD" : "MISSING_FIELD",
                    why: "an unknown member is refused first (tcId 301)"))
        }
        return pairs
    }
}
