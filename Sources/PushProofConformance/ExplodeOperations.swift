import ConvosExplode
import Foundation
import PushProofCrypto
import PushProofJSON

/// The ExplodeSettings suites' operations. Inputs and outputs: docs/vector-format.md.
enum ExplodeOperations {
    static let handlers: [String: ReferenceImplementation.Handler] = [
        "explode.encode": encode,
        "explode.wrap": wrap,
        "explode.decode": decode,
        "explode.metadataEncode": metadataEncode,
        "explode.metadataDecode": metadataDecode,
        "explode.receiverTrace": receiverTrace,
    ]

    static func floorDiv(_ a: Int64, _ b: Int64) -> Int64 { a >= 0 ? a / b : -((-a + b - 1) / b) }

    @Sendable static func encode(_ json: JSONValue) throws -> OperationOutcome {
        guard let millis = try InputReader(json).field("expiresAtUnixMillis").int64Value else { throw InputError("expiresAtUnixMillis must be an integer") }
        let settings = ExplodeSettings(expiresAt: floorDiv(millis, 1000))  // sub-second precision dropped, as iOS does
        do {
            let bytes = try ExplodeSettingsCodec.encodedBytes(settings)
            return .output([
                "contentType": ["authorityId": .string(ExplodeSettingsCodec.authorityId), "typeId": .string(ExplodeSettingsCodec.typeId),
                                "versionMajor": .integer(ExplodeSettingsCodec.versionMajor), "versionMinor": .integer(ExplodeSettingsCodec.versionMinor)],
                "content": .string(String(decoding: try ExplodeSettingsCodec.contentJSON(settings), as: UTF8.self)),
                "fallback": .string(try ExplodeSettingsCodec.fallback(settings)),
                "shouldPush": .bool(ExplodeSettingsCodec.shouldPush),
                "encodedContentHex": .string(Hex.encode(bytes)),
            ])
        } catch {
            return .error(code: error.code, message: nil)
        }
    }

    @Sendable static func wrap(_ json: JSONValue) throws -> OperationOutcome {
        let r = InputReader(json)
        return .output(["plaintextEnvelopeHex": .string(Hex.encode(PlaintextEnvelopeV1.wrap(try r.hex("encodedContentHex"),
                                                                                          idempotencyKey: try r.string("idempotencyKey"))))])
    }

    @Sendable static func decode(_ json: JSONValue) throws -> OperationOutcome {
        do {
            let decoded = try ExplodeSettingsCodec.decode(try InputReader(json).hex("encodedContentHex"))
            return .output(["expiresAtUnix": .integer(decoded.settings.expiresAt),
                            "expiresAt": .string(RFC3339.format(unixSeconds: decoded.settings.expiresAt) ?? "")])
        } catch let error as ExplodeError {
            return .error(code: error.code, message: nil)
        }
    }

    static func metadata(_ r: InputReader) throws -> Convos_ConversationCustomMetadata {
        var m = Convos_ConversationCustomMetadata()
        m.tag = try r.string("tag")
        if let t = r.value["expiresAtUnix"] {
            guard let v = t.int64Value else { throw InputError("expiresAtUnix must be an integer") }
            m.expiresAtUnix = v
        }
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
        out.append(.init("profiles", .array(m.profiles.map { p in
            p.hasName ? ["inboxIdHex": .string(Hex.encode(p.inboxID)), "name": .string(p.name)] : ["inboxIdHex": .string(Hex.encode(p.inboxID))]
        })))
        return .object(out)
    }

    @Sendable static func metadataEncode(_ json: JSONValue) throws -> OperationOutcome {
        do {
            let text = try ConversationMetadataCodec.encode(try metadata(InputReader(json)))
            let stored = try Base64.decode(text, variant: .urlSafeNoPadding)
            return .output(["appData": .string(text), "compressed": .bool(stored.first == ConversationMetadataCodec.compressionMarker)])
        } catch let error as ExplodeError {
            return .error(code: error.code, message: nil)
        }
    }

    @Sendable static func metadataDecode(_ json: JSONValue) throws -> OperationOutcome {
        do {
            return .output(metadataJSON(try ConversationMetadataCodec.decode(try InputReader(json).string("appData"))))
        } catch let error as ExplodeError {
            return .error(code: error.code, message: nil)
        }
    }

    static func event(_ json: JSONValue) throws -> ExplosionReceiver.Event {
        let r = InputReader(json)
        switch try r.string("event") {
        case "explodeMessage":
            guard let fromSelf = try r.field("fromSelf").boolValue else { throw InputError("fromSelf must be a boolean") }
            return .explodeMessage(fromSelf: fromSelf, expiresAt: try r.int64("expiresAt"))
        case "metadata": return .metadata(expiresAt: try r.int64("expiresAt"))
        case "trigger":
            guard let trigger = ExplosionTrigger(rawValue: try r.string("trigger")) else { throw InputError("unknown trigger") }
            return .trigger(trigger, now: try r.int64("now"))
        case "message": return .message
        case "resync": return .resync
        default: throw InputError("unknown event")
        }
    }

    @Sendable static func receiverTrace(_ json: JSONValue) throws -> OperationOutcome {
        var receiver = ExplosionReceiver()
        var steps: [JSONValue] = []
        for e in try InputReader(json).array("events") {
            let outcome = receiver.handle(try event(e))
            var step: [JSONValue.Member] = [.init("outcome", .string(outcome.rawValue))]
            switch receiver.status {
            case .active: step.append(.init("status", "active"))
            case let .scheduled(t): step += [.init("status", "scheduled"), .init("expiresAt", .integer(t))]
            case .exploded: step.append(.init("status", "exploded"))
            }
            steps.append(.object(step))
        }
        return .output(["steps": .array(steps)])
    }
}
