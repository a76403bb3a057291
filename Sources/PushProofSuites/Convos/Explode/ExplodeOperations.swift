import ConvosExplode
import Foundation
import PushProofConformance
import PushProofCrypto
import PushProofJSON

/// The ExplodeSettings suite's operations. Inputs and outputs: docs/vector-format.md.
enum ExplodeOperations {
    /// Division rounding toward minus infinity, for every Int64 (b > 0), Int64.min included: it
    /// negates nothing, since negating Int64.min traps.
    static func floorDiv(_ a: Int64, _ b: Int64) -> Int64 {
        let (q, r) = a.quotientAndRemainder(dividingBy: b)
        return r < 0 ? q - 1 : q
    }

    @Sendable static func encode(_ request: OperationRequest) throws -> JSONValue {
        let millis = try request.reader.int64("expiresAtUnixMillis")
        let settings = ExplodeSettings(expiresAt: floorDiv(millis, 1000))  // sub-second precision dropped, as iOS does
        // Hardened: RFC 3339's years 0000 to 9999 on the proleptic Gregorian calendar, or DATE_OUT_OF_RANGE.
        guard request.profile != .hardened else {
            return encodeOutput(
                content: try ExplodeSettingsCodec.contentJSON(settings),
                fallback: try ExplodeSettingsCodec.fallback(settings))
        }
        let written = try ExplodeSettingsCodec.contentAndFallbackAsDeployed(settings)
        return encodeOutput(content: written.content, fallback: written.fallback)
    }

    /// The output of explode.encode for a content JSON and fallback text.
    static func encodeOutput(content: [UInt8], fallback: String) -> JSONValue {
        let bytes = [UInt8](try! ExplodeSettingsCodec.encode(content: content, fallback: fallback).serializedData())
        return [
            "contentType": [
                "authorityId": .string(ExplodeSettingsCodec.authorityId),
                "typeId": .string(ExplodeSettingsCodec.typeId),
                "versionMajor": .integer(ExplodeSettingsCodec.versionMajor),
                "versionMinor": .integer(ExplodeSettingsCodec.versionMinor),
            ],
            "content": .string(String(decoding: content, as: UTF8.self)),
            "fallback": .string(fallback),
            "shouldPush": .bool(ExplodeSettingsCodec.shouldPush),
            "encodedContentHex": .string(Hex.encode(bytes)),
        ]
    }

    /// explode.decode's output for an instant in whole seconds.
    static func decodeOutput(_ seconds: Int64) -> JSONValue {
        ["expiresAtUnix": .integer(seconds), "expiresAt": .string(RFC3339.format(unixSeconds: seconds) ?? "")]
    }

    @Sendable static func wrap(_ request: OperationRequest) throws -> JSONValue {
        let r = request.reader
        let wrapped = PlaintextEnvelopeV1.wrap(
            try r.hex("encodedContentHex"), idempotencyKey: try r.string("idempotencyKey"))
        return ["plaintextEnvelopeHex": .string(Hex.encode(wrapped))]
    }

    @Sendable static func decode(_ request: OperationRequest) throws -> JSONValue {
        let reading: ExplodeSettingsCodec.Reading = request.profile == .hardened ? .hardened : .deployed
        return decodeOutput(
            try ExplodeSettingsCodec.decode(try request.reader.hex("encodedContentHex"), reading: reading).settings
                .expiresAt)
    }

    static func metadata(_ r: InputReader) throws -> Convos_ConversationCustomMetadata {
        var m = Convos_ConversationCustomMetadata()
        m.tag = try r.string("tag")
        if let t = try r.optionalInt64("expiresAtUnix") { m.expiresAtUnix = t }
        if let e = try r.optionalString("emoji") { m.emoji = e }
        for p in try r.optionalArray("profiles") {
            let pr = InputReader(p)
            var profile = Convos_ConversationProfile()
            profile.inboxID = Data(try pr.hex("inboxIdHex"))
            if let name = try pr.optionalString("name") { profile.name = name }
            m.profiles.append(profile)
        }
        return m
    }

    static func metadataJSON(_ m: Convos_ConversationCustomMetadata) -> JSONValue {
        var out: [JSONValue.Member] = [.init("tag", .string(m.tag))]
        if m.hasExpiresAtUnix { out.append(.init("expiresAtUnix", .integer(m.expiresAtUnix))) }
        if m.hasEmoji { out.append(.init("emoji", .string(m.emoji))) }
        out.append(
            .init(
                "profiles",
                .array(
                    m.profiles.map { p in
                        p.hasName
                            ? ["inboxIdHex": .string(Hex.encode(p.inboxID)), "name": .string(p.name)]
                            : ["inboxIdHex": .string(Hex.encode(p.inboxID))]
                    })))
        return .object(out)
    }

    @Sendable static func metadataEncode(_ request: OperationRequest) throws -> JSONValue {
        let text = try ConversationMetadataCodec.encode(try metadata(request.reader))
        let stored = try Base64.decode(text, variant: .urlSafeNoPadding)
        return [
            "appData": .string(text), "compressed": .bool(stored.first == ConversationMetadataCodec.compressionMarker),
        ]
    }

    /// `explode.metadataEncode` judged by meaning: Apple's `COMPRESSION_ZLIB` encoder is documented
    /// as equivalent to zlib's raw DEFLATE at level 5, not as byte-identical, so a compressed value's
    /// bytes are free. The meaning is the `compressed` flag, whether the value is framed (starts with
    /// the marker), and the protobuf bytes it holds (`ConversationMetadataCodec.heldProtobuf`:
    /// canonical base64url without padding; a framed body inflated to exactly its declared size, with
    /// no limit on the ratio: a long repetitive value the app writes is judged by what it holds).
    /// A framed body must be raw DEFLATE, as the app writes it: the app's readers before convos-ios
    /// c687b8d7 take nothing else, and read a zlib stream as empty metadata
    /// (`ConversationMetadataCodec.holdsRawDeflate`).
    @Sendable static func appDataMeaning(_ input: JSONValue, _ output: JSONValue) -> JSONValue {
        guard let text = output["appData"]?.stringValue, case .bool(let compressed)? = output["compressed"] else {
            return ["appData": "not a string appData and a boolean compressed"]
        }
        guard let stored = try? Base64.decode(text, variant: .urlSafeNoPadding) else {
            return ["appData": "not base64url without padding"]
        }
        guard let protobuf = ConversationMetadataCodec.heldProtobuf(stored) else {
            return [
                "appData":
                    "a framed body that is not raw DEFLATE of its declared size (a zlib or gzip stream, bytes after it, another size)"
            ]
        }
        return [
            "compressed": .bool(compressed),
            "framed": .bool(stored.first == ConversationMetadataCodec.compressionMarker),
            "protobufHex": .string(Hex.encode(protobuf)),
        ]
    }

    @Sendable static func metadataDecode(_ request: OperationRequest) throws -> JSONValue {
        let reading = try request.profile.as(ConversationMetadataCodec.Reading.self)
        return metadataJSON(
            try ConversationMetadataCodec.decode(try request.reader.string("appData"), reading: reading))
    }

    static func event(_ json: JSONValue) throws(InputError) -> ExplosionReceiver.Event {
        let r = InputReader(json)
        switch try r.string("event") {
        case "explodeMessage":
            var sender = ExplosionReceiver.Sender.creator
            if json["sender"] != nil {
                guard let named = ExplosionReceiver.Sender(rawValue: try r.string("sender")) else {
                    throw InputError("unknown sender: creator, admin, superAdmin, member or nonMember")
                }
                sender = named
            }
            return .explodeMessage(
                fromSelf: try r.bool("fromSelf"), expiresAt: try r.int64("expiresAt"), sender: sender)
        case "metadata": return .metadata(expiresAt: try r.int64("expiresAt"))
        case "trigger":
            guard let trigger = ExplosionTrigger(rawValue: try r.string("trigger")) else {
                throw InputError("unknown trigger")
            }
            return .trigger(trigger, now: try r.int64("now"))
        case "message": return .message
        case "resync": return .resync
        default: throw InputError("unknown event")
        }
    }

    @Sendable static func receiverTrace(_ request: OperationRequest) throws -> JSONValue {
        var receiver = ExplosionReceiver(rules: try request.profile.as(ExplosionReceiver.Rules.self))
        var steps: [JSONValue] = []
        for e in try request.reader.array("events") {
            let outcome = receiver.handle(try event(e))
            var step: [JSONValue.Member] = [.init("outcome", .string(outcome.rawValue))]
            switch receiver.status {
            case .active: step.append(.init("status", "active"))
            case .scheduled(let t): step += [.init("status", "scheduled"), .init("expiresAt", .integer(t))]
            case .exploded: step.append(.init("status", "exploded"))
            }
            steps.append(.object(step))
        }
        return ["steps": .array(steps)]
    }
}
