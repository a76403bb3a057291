import PushProofConformance
import PushProofJSON
import ZulipRegistration

/// registration_server: push_key as FL 468 decodes it. check_push_key
/// (zerver/lib/push_registration.py:140-151) calls `base64.b64decode(push_key, validate=True)` and
/// catches `binascii.Error` only. With validate=True the text must match `[A-Za-z0-9+/]*={0,2}`
/// before decoding, so any other character (white space, the URL-safe `-` and `_`, punctuation, NUL,
/// `=` before the end), at the start, inside or at the end, refuses (BAD_REQUEST); `=` after a
/// whole 44-character key is accepted or refused as the server's Python version decodes it. A non-ASCII text fails
/// earlier, in `_bytes_from_decode_data`, with ValueError, which nothing catches: HTTP 500. Each
/// character is asked on a key rotation (device 7, key group alone) and some on a first
/// registration (device 8, both groups).
extension RegistrationServerVectors {
    static let pushKeyCheck =
        "prakhar1144/zulip@495e4623:zerver/lib/push_registration.py:140-151 (check_push_key: "
        + "base64.b64decode(push_key, validate=True), except binascii.Error); CPython Lib/base64.py "
        + "b64decode (validate: re.fullmatch(b'[A-Za-z0-9+/]*={0,2}'), then binascii.a2b_base64) and "
        + "_bytes_from_decode_data (ValueError for a non-ASCII str)"

    static func pushKeyAlphabetTexts() -> (refused: [(String, String)], failing: [(String, String)]) {
        let (key, _) = deployedFields()
        let text = key.first { $0.0 == "push_key" }!.1
        func at(_ c: String, _ position: Int) -> String {
            let i = text.index(text.startIndex, offsetBy: position)
            return String(text[..<i]) + c + String(text[i...])
        }
        let places: [(Int, String)] = [(0, "before the key"), (22, "inside the key"), (text.count, "after the key")]
        let ascii: [(String, String)] = [
            ("\n", "a line feed"), ("\r\n", "CR LF"), ("\r", "a carriage return"), (" ", "a space"), ("\t", "a tab"),
            ("\u{0B}", "a vertical tab"), ("\u{0C}", "a form feed"), ("\u{00}", "NUL"), ("-", "'-' (URL-safe 62)"),
            ("_", "'_' (URL-safe 63)"), (".", "'.'"), ("!", "'!'"), ("%", "'%'"), ("*", "'*'"), ("\\", "a backslash"),
            ("\"", "a quote"), ("~", "'~'"), (":", "':'"), ("\u{7F}", "DEL"),
        ]
        let nonASCII: [(String, String)] = [
            ("\u{E9}", "é"), ("\u{85}", "U+0085"), ("\u{A0}", "a no-break space"), ("\u{2028}", "U+2028"),
            ("\u{FEFF}", "a byte-order mark"), ("\u{FF21}", "a fullwidth A"),
        ]
        var refused: [(String, String)] = []
        for (c, what) in ascii {
            for (p, place) in places { refused.append((at(c, p), "\(what) \(place)")) }
        }
        refused += [
            (at("=", 22), "'=' inside the key"), ("=" + text, "'=' before the key"),
            (at("==", 22), "'==' inside the key"),
            (String(text.map { $0 == "/" ? "_" : $0 }), "the URL-safe alphabet ('_' for '/')"),
            (String(text.dropLast()), "the key less its last character"),
        ]
        var failing: [(String, String)] = []
        for (c, what) in nonASCII {
            for (p, place) in places { failing.append((at(c, p), "\(what) \(place)")) }
        }
        return (refused, failing)
    }

    static func deployedPushKeyAlphabetCases() -> [ParameterCase] {
        let (key, token) = deployedFields()
        let text = key.first { $0.0 == "push_key" }!.1
        let device: [(String, String)] = [("device_id", String(deviceId))]
        let fresh: [(String, String)] = [("device_id", String(freshDeviceId))]
        let (refused, failing) = pushKeyAlphabetTexts()
        var cases: [ParameterCase] = []
        for (value, what) in refused {
            cases.append(
                ParameterCase(
                    comment: "key rotation, push_key with \(what): validate=True refuses it",
                    flags: ["PushKeyBase64", "PushKeyFormat", "ExactMessage"],
                    params: device + replacing(key, "push_key", value), message: ServerMessages.invalidPushKey,
                    source: pushKeyCheck))
        }
        for (value, what) in failing {
            cases.append(
                ParameterCase(
                    comment:
                        "key rotation, push_key with \(what): a non-ASCII text raises ValueError, uncaught: HTTP 500",
                    flags: ["PushKeyBase64", "StorageFailure", "ExactMessage"],
                    params: device + replacing(key, "push_key", value), message: ServerError.storageFailure.message,
                    source: "\(pushKeyCheck); \(internalError)"))
        }
        // `=` after a whole key: the answer depends on the server's Python. 3.10 matches
        // `[A-Za-z0-9+/]*={0,2}` and then decodes leniently (one or two accepted, three refused);
        // 3.11 to 3.12.3 decode with strict_mode and read past padding after a whole quantum (all
        // accepted); 3.12.4 and later refuse it ("Excess padding not allowed"). Zulip 12 runs on
        // each, so both answers pass.
        for (value, what) in [
            (text + "=", "one '=' after the key"), (text + "==", "two '=' after the key"),
            (text + "===", "three '=' after the key"),
        ] {
            let acceptedAnswer: JSONValue = [
                "output": [
                    "deviceId": .integer(deviceId), "pushKeyId": 3_735_928_559, "pushKey": .string(text),
                    "change": "keyRotation",
                ]
            ]
            let refusedAnswer: JSONValue = ["error": "BAD_REQUEST", "message": .string(ServerMessages.invalidPushKey)]
            let threePads = value.hasSuffix("===")
            cases.append(
                ParameterCase(
                    comment: "key rotation, push_key with \(what): accepted or refused, as the server's Python "
                        + "version decodes it (3.10, 3.11-3.12.3, 3.12.4+ differ; hardened refuses it)",
                    flags: ["PushKeyBase64", "PythonVersionPadding"],
                    params: device + replacing(key, "push_key", value),
                    message: threePads ? ServerMessages.invalidPushKey : nil,
                    source: "\(pushKeyCheck); CPython 3.12.4 binascii.a2b_base64 strict_mode (Excess padding not "
                        + "allowed)",
                    alsoAccepted: [threePads ? acceptedAnswer : refusedAnswer]))
        }
        // A first registration reads the key the same way (push_notifications.py: check_push_key
        // after the token id is decoded).
        for (value, what, message) in [
            (
                String(text.prefix(22)) + "\n" + String(text.dropFirst(22)), "a line feed inside the key",
                ServerMessages.invalidPushKey
            ),
            (
                String(text.prefix(22)) + " " + String(text.dropFirst(22)), "a space inside the key",
                ServerMessages.invalidPushKey
            ),
            (text + "\n", "a line feed after the key", ServerMessages.invalidPushKey),
            (
                String(text.prefix(22)) + "\u{E9}" + String(text.dropFirst(22)), "é inside the key",
                ServerError.storageFailure.message
            ),
        ] as [(String, String, String?)] {
            cases.append(
                ParameterCase(
                    comment: "first registration, push_key with \(what)",
                    flags: ["PushKeyBase64"] + (message == nil ? [] : ["ExactMessage"]),
                    params: fresh + replacing(key, "push_key", value) + token, message: message,
                    source: pushKeyCheck))
        }
        return cases
    }

    /// PushProof's server takes canonical base64 only, and refuses rather than fails.
    static func hardenedPushKeyAlphabetCases() -> [ParameterCase] {
        let (key, _) = deployedFields()
        let text = key.first { $0.0 == "push_key" }!.1
        let device: [(String, String)] = [("device_id", String(deviceId))]
        let (_, failing) = pushKeyAlphabetTexts()
        let texts =
            failing + [
                (text + "=", "one '=' after the key"), (text + "==", "two '=' after the key"),
                (text + "===", "three '=' after the key"),
            ]
        return texts.map { value, what in
            ParameterCase(
                comment: "key rotation, push_key with \(what): refused. Why: canonical base64 only, and a client's "
                    + "bad key is its fault (BAD_REQUEST), not the server's (deployed: HTTP 500 or accepted)",
                flags: ["PushKeyBase64", "PushKeyFormat", "ExactMessage"],
                params: device + replacing(key, "push_key", value), message: ServerMessages.invalidPushKey)
        }
    }
}
