import PushProofJSON

/// The `PushRegistration` a device seals to the bouncer: which push service, the token, and
/// when it was made (integer Unix seconds). Deployed profile only: `ios_app_id` for APNs.
public struct PushRegistration: Equatable, Sendable {
    public static let maximumTokenLength = 4096

    public var tokenKind: TokenKind
    public var token: String
    public var timestamp: Int64
    public var iosAppId: String?

    public init(tokenKind: TokenKind, token: String, timestamp: Int64, iosAppId: String? = nil) {
        self.tokenKind = tokenKind
        self.token = token
        self.timestamp = timestamp
        self.iosAppId = iosAppId
    }

    /// The JSON object, keys in the order the client writes them:
    /// `token_kind`, `token`, `timestamp`, then `ios_app_id` when there is one.
    public var json: JSONValue {
        var members: [JSONValue.Member] = [
            .init("token_kind", .string(tokenKind.rawValue)),
            .init("token", .string(token)),
            .init("timestamp", .integer(timestamp)),
        ]
        if let iosAppId { members.append(.init("ios_app_id", .string(iosAppId))) }
        return .object(members)
    }

    /// The exact bytes that get sealed: compact JSON, e.g.
    /// `{"token_kind":"fcm","token":"c0ffee","timestamp":1772513819}`.
    public var plaintext: [UInt8] { JSONWriter.compactBytes(json) }

    /// Token length as the deployed bouncer counts it: Unicode code points (Python's `len`).
    public static func tokenLength(_ token: String) -> Int { token.unicodeScalars.count }
}

/// The bouncer's reading of a decrypted `PushRegistration`.
public struct RegistrationValidator: Sendable {
    public var profile: RegistrationProfile
    public var strictness: BouncerStrictness
    /// The iOS app ids this bouncer serves; an APNs registration must name one of them.
    public var iosAppIds: Set<String>

    public init(profile: RegistrationProfile, strictness: BouncerStrictness = .strict, iosAppIds: Set<String>) {
        self.profile = profile
        self.strictness = strictness
        self.iosAppIds = iosAppIds
    }

    private var allowedKeys: Set<String> {
        profile == .deployed
            ? ["token_kind", "token", "timestamp", "ios_app_id"] : ["token_kind", "token", "timestamp"]
    }

    /// Parses and validates; every failure is `BAD_REQUEST` with the check that failed.
    public func parse(_ plaintext: [UInt8]) throws(BouncerError) -> PushRegistration {
        let lenient = strictness == .deployedCompatible
        let options = JSONParser.Options(duplicateKeys: lenient ? .keepAll : .reject)
        let value: JSONValue
        do {
            value = try JSONParser.parse(plaintext, options: options)
        } catch {
            throw .badRequest(.plaintextNotJSON)
        }
        guard var members = value.members else { throw .badRequest(.plaintextNotObject) }
        if lenient {
            // Python's json module keeps the last of duplicate keys; lax pydantic ignores extras.
            var seen = Set<String>()
            members = members.reversed().filter { seen.insert($0.key).inserted }.reversed()
            members = members.filter { allowedKeys.contains($0.key) }
            // An explicit null for the optional field is the same as leaving it out.
            members = members.filter { !($0.key == "ios_app_id" && $0.value == .null) }
        } else if members.contains(where: { !allowedKeys.contains($0.key) }) {
            throw .badRequest(.unexpectedField)
        }
        func field(_ name: String) -> JSONValue? { members.first { $0.key == name }?.value }

        guard let kindValue = field("token_kind") else { throw .badRequest(.missingField("token_kind")) }
        guard let tokenValue = field("token") else { throw .badRequest(.missingField("token")) }
        guard let timestampValue = field("timestamp") else { throw .badRequest(.missingField("timestamp")) }

        guard let kindText = kindValue.stringValue else { throw .badRequest(.wrongType("token_kind")) }
        guard let token = tokenValue.stringValue else { throw .badRequest(.wrongType("token")) }
        guard let timestamp = lenient ? Self.laxInteger(timestampValue) : timestampValue.int64Value else {
            throw .badRequest(.wrongType("timestamp"))
        }
        guard let kind = TokenKind(rawValue: kindText) else { throw .badRequest(.unknownTokenKind) }

        let length = PushRegistration.tokenLength(token)
        guard (1...PushRegistration.maximumTokenLength).contains(length) else {
            throw .badRequest(.tokenLength(length))
        }
        if kind == .apns {
            // Hex digit pairs (the bytes of the device token). The deployed bouncer reads the
            // token with Python's bytes.fromhex, which also skips ASCII whitespace between pairs.
            let hex =
                lenient
                ? Self.readsAsPythonFromHex(token)
                : token.utf8.count % 2 == 0
                    && token.unicodeScalars.allSatisfy({ $0.isASCII && $0.properties.isASCIIHexDigit })
            guard hex else { throw .badRequest(.apnsTokenNotHex) }
        }

        var iosAppId: String? = nil
        if profile == .deployed {
            // `"ios_app_id": null` is the field left out (the deployed model's `ApnsAppId | None =
            // None`; upstream's own tests send it so).
            if let appValue = field("ios_app_id"), appValue != .null {
                guard let app = appValue.stringValue else { throw .badRequest(.wrongType("ios_app_id")) }
                guard kind == .apns else { throw .badRequest(.iosAppIdForbidden) }
                // The deployed bouncer checks only the pattern ^[.a-zA-Z0-9-]+$ (its ApnsAppId
                // type), not a list of the apps it serves.
                let known =
                    lenient
                    ? !app.isEmpty && app.utf8.allSatisfy(Self.isAppIdByte) : iosAppIds.contains(app)
                guard known else { throw .badRequest(.iosAppIdUnknown) }
                iosAppId = app
            } else if kind == .apns {
                throw .badRequest(.iosAppIdMissing)
            }
        }
        return PushRegistration(tokenKind: kind, token: token, timestamp: timestamp, iosAppId: iosAppId)
    }

    static func isAppIdByte(_ b: UInt8) -> Bool {
        switch b {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "-"):
            return true
        default:
            return false
        }
    }

    /// Whether Python's `bytes.fromhex` reads the text: pairs of hex digits, with ASCII
    /// whitespace (space, tab, newline, carriage return, vertical tab, form feed) allowed
    /// between pairs, not inside one.
    static func readsAsPythonFromHex(_ text: String) -> Bool {
        var pending = false
        for b in text.utf8 {
            let isHex =
                (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(b)
                || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(b)
                || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(b)
            if isHex {
                pending.toggle()
            } else if !pending, [0x20, 0x09, 0x0A, 0x0D, 0x0B, 0x0C].contains(b) {
                continue
            } else {
                return false
            }
        }
        return !pending
    }

    /// pydantic's lax integer: an integer literal, a float literal with no fractional part,
    /// a string holding a decimal integer, or a boolean (true is 1).
    static func laxInteger(_ value: JSONValue) -> Int64? {
        switch value {
        case .bool(let flag):
            return flag ? 1 : 0
        case .number(let text):
            if let i = value.int64Value { return i }
            guard let d = Double(text), d.isFinite, d.rounded() == d, let i = Int64(exactly: d) else { return nil }
            return i
        case .string(let text):
            return pydanticStringInteger(text)
        default:
            return nil
        }
    }

    /// pydantic-core's reading of a string as an integer (lax mode): surrounding Unicode
    /// whitespace trimmed, an optional sign, decimal digits in groups joined by single
    /// underscores, and optionally a point followed only by zeros ("1_000.0" is 1000). Nil for
    /// anything else, and for values outside Int64, which pydantic would take as Python ints.
    static func pydanticStringInteger(_ text: String) -> Int64? {
        var body = Substring(text)
        while let f = body.first, f.isWhitespace { body = body.dropFirst() }
        while let l = body.last, l.isWhitespace { body = body.dropLast() }
        var negative = false
        if let sign = body.first, sign == "+" || sign == "-" {
            negative = sign == "-"
            body = body.dropFirst()
        }
        if let point = body.firstIndex(of: ".") {
            let fraction = body[body.index(after: point)...]
            guard !fraction.isEmpty, fraction.allSatisfy({ $0 == "0" }) else { return nil }
            body = body[..<point]
        }
        let groups = body.split(separator: "_", omittingEmptySubsequences: false)
        guard groups.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } }) else { return nil }
        let digits = groups.joined()
        guard let magnitude = UInt64(digits) else { return nil }
        return negative
            ? (magnitude <= UInt64(Int64.max) + 1 ? Int64(truncatingIfNeeded: 0 &- magnitude) : nil)
            : Int64(exactly: magnitude)
    }
}
