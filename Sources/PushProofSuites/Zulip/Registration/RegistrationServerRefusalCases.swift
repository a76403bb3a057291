import PushProofConformance
import PushProofCrypto
import PushProofJSON
import ZulipRegistration

/// registration_server, deployed (tcIds 3000-): the state a refused request leaves behind. Upstream
/// sets the fields on the Device object and saves them in one UPDATE (do_register_push_device,
/// do_rotate_token, do_rotate_push_key), every check before it; a request that is refused, or
/// whose save fails (a token_id past the 64-bit column: HTTP 500), changes no stored field and
/// queues nothing, and the next request reads the row as it was. Each trace refuses one request
/// and then asks for each field it might have left: the push key and its id (the key group alone
/// again: no change), the token kind and error code (the whole registration again: no change),
/// the pending token and the queue (a bouncer answer: ignored), the registration's existence (a
/// group alone on a fresh device: nothing to rotate).
extension RegistrationServerVectors {
    static func refusedStateCases() -> [LifecycleCase] {
        let register = lifecycleCases(profile: .deployed)[0].steps[0]["register"]!
        let forKey: JSONValue = ["deviceId": .integer(deviceId)]
        func answer(_ a: JSONValue) -> JSONValue { ["bouncerAnswer": a, "for": forKey] }
        let ok = answer(["answer": "registered"])
        let step: JSONValue = ["register": register]
        func without(_ names: [String]) -> JSONValue {
            guard case .object(let members) = register else { return register }
            return .object(members.filter { !names.contains($0.key) })
        }
        let keyOnly: JSONValue = [
            "register": without([
                "token_kind", "token_id", "bouncer_public_key",
                "encrypted_push_registration",
            ])
        ]
        let tokenGroup = without(["push_key_id", "push_key"])
        let otherKey = Base64.encode([PushKey.typeByte] + SHA256.hash(Array("pushproof/push-key/3".utf8)))
        // token_ids the 64-bit column cannot hold: 2^63, below -2^63, 16 bytes.
        let unstorable: [(String, [UInt8])] = [
            ("2^63 (9 bytes, 00 80 00...)", [0, 0x80] + [UInt8](repeating: 0, count: 7)),
            ("below -2^63 (9 bytes, FF 7F FF...)", [0xFF, 0x7F] + [UInt8](repeating: 0xFF, count: 7)),
            ("of 16 bytes", [UInt8](repeating: 0x11, count: 16)),
        ]
        let past64 = Base64.encode(unstorable[0].1)
        func registration(_ changes: [(String, String)], tokenId: String = past64) -> JSONValue {
            var r = register.setting("token_id", to: .string(tokenId))
            for (name, value) in changes { r = r.setting(name, to: .string(value)) }
            return ["register": r]
        }
        let tokenRotation: JSONValue = ["register": tokenGroup.setting("token_id", to: .string(past64))]
        let save =
            "zulip/zulip@981c5698:zerver/actions/push_notifications.py:9-35, 48-78 (the fields set on the Device "
            + "object, then one save(update_fields=...); a save that fails writes none of them, and the next "
            + "request reads the row again); \(devices):26-32; \(deviceColumns); \(internalError)"
        let checks = "\(view):349-405 (every check before the save); \(save)"
        var cases = unstorable.map { what, bytes in
            LifecycleCase(
                comment: "active, then a registration with another push key and a token_id \(what): HTTP 500, "
                    + "nothing stored; the first key group again changes nothing",
                flags: ["Lifecycle", "RefusedState", "StorageFailure", "ExactMessage"],
                steps: [
                    step, ok,
                    registration(
                        [("push_key_id", "7"), ("push_key", otherKey)], tokenId: Base64.encode(bytes)),
                    keyOnly,
                ], finalStatus: "active", source: save)
        }
        cases += [
            LifecycleCase(
                comment: "active, then a registration with another push_key_id (the same key) and a token_id past "
                    + "64 bits: HTTP 500; the first key group again changes nothing",
                flags: ["Lifecycle", "RefusedState", "StorageFailure", "ExactMessage"],
                steps: [step, ok, registration([("push_key_id", "7")]), keyOnly], finalStatus: "active",
                source: save),
            LifecycleCase(
                comment: "active, then a registration with another push_key (the same id) and a token_id past "
                    + "64 bits: HTTP 500; the first key group again changes nothing",
                flags: ["Lifecycle", "RefusedState", "StorageFailure", "ExactMessage"],
                steps: [step, ok, registration([("push_key", otherKey)]), keyOnly], finalStatus: "active",
                source: save),
            LifecycleCase(
                comment: "active, then a registration with token_kind apns and a token_id past 64 bits: HTTP 500, "
                    + "the kind not stored; the first registration again changes nothing",
                flags: ["Lifecycle", "RefusedState", "StorageFailure", "ExactMessage"],
                steps: [step, ok, registration([("token_kind", "apns")]), step], finalStatus: "active",
                source: save),
            LifecycleCase(
                comment: "active, then another key and a token_id past 64 bits (HTTP 500): nothing queued, so a "
                    + "bouncer answer is ignored, and the first registration again changes nothing",
                flags: ["Lifecycle", "RefusedState", "StorageFailure", "ExactMessage"],
                steps: [step, ok, registration([("push_key", otherKey)]), ok, step], finalStatus: "active",
                source: "\(save); \(worker):53-54 (an answer belongs to a queued item)"),
            LifecycleCase(
                comment: "the first request a registration with a token_id past 64 bits (HTTP 500): no key is "
                    + "stored, so the key group alone and the token group alone find no registration to rotate",
                flags: ["Lifecycle", "RefusedState", "StorageFailure", "ExactMessage"],
                steps: [registration([]), keyOnly, ["register": tokenGroup], ok], finalStatus: "none",
                source: "\(view):349-378; \(save)"),
            LifecycleCase(
                comment: "REQUEST_EXPIRED recorded, then the same registration with a token_id past 64 bits (HTTP "
                    + "500): the error code is not cleared and nothing is queued; the bouncer's late answer is "
                    + "ignored",
                flags: ["Lifecycle", "RefusedState", "StorageFailure", "TerminalError", "ExactMessage"],
                steps: [
                    step, answer(["answer": "refused", "code": "REQUEST_EXPIRED"]), registration([]), ok,
                ], finalStatus: "failed", source: "\(save); \(workerStep)"),
            LifecycleCase(
                comment: "INVALID_BOUNCER_PUBLIC_KEY recorded, then the token group alone with a token_id past 64 "
                    + "bits (HTTP 500): the error code stays, the pending token stays the first one",
                flags: ["Lifecycle", "RefusedState", "StorageFailure", "TerminalError", "ExactMessage"],
                steps: [
                    step, answer(["answer": "refused", "code": "INVALID_BOUNCER_PUBLIC_KEY"]), tokenRotation, ok,
                ], finalStatus: "failed", source: "\(save); \(workerStep)"),
            LifecycleCase(
                comment: "active, then the token group alone with a token_id past 64 bits (HTTP 500): no pending "
                    + "token, nothing queued; the bouncer's answer is ignored and the first registration again "
                    + "changes nothing",
                flags: ["Lifecycle", "RefusedState", "StorageFailure", "ExactMessage"],
                steps: [step, ok, tokenRotation, ok, step], finalStatus: "active", source: save),
            LifecycleCase(
                comment: "a registration pending, then another key and token refused as in progress: the pending "
                    + "registration activates with its own key, which the first key group then matches",
                flags: ["Lifecycle", "RefusedState", "ExactMessage"],
                steps: [
                    step,
                    registration(
                        [("push_key_id", "7"), ("push_key", otherKey)], tokenId: TokenId(token: F.apnsToken).base64),
                    ok, keyOnly, step,
                ], finalStatus: "active", source: "\(view):358-361; \(checks)"),
            LifecycleCase(
                comment: "active, then a registration with push_key_id 7 and a push_key of 32 bytes (no type "
                    + "byte): refused, nothing stored; the first key group again changes nothing",
                flags: ["Lifecycle", "RefusedState", "ExactMessage"],
                steps: [
                    step, ok,
                    registration(
                        [("push_key_id", "7"), ("push_key", Base64.encode([UInt8](repeating: 0x31, count: 32)))],
                        tokenId: TokenId(token: F.apnsToken).base64),
                    keyOnly,
                ], finalStatus: "active", source: checks),
            LifecycleCase(
                comment: "active, then the key group alone with push_key_id 7 and a push_key of 32 bytes: "
                    + "refused, nothing stored; the first key group again changes nothing",
                flags: ["Lifecycle", "RefusedState", "ExactMessage"],
                steps: [
                    step, ok,
                    [
                        "register": keyOnly["register"]!.setting("push_key_id", to: "7")
                            .setting("push_key", to: .string(Base64.encode([UInt8](repeating: 0x31, count: 32))))
                    ],
                    keyOnly,
                ], finalStatus: "active", source: checks),
        ]
        return cases
    }
}
