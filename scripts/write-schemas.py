#!/usr/bin/env python3
"""Writes vectors/schemas/*_schema.json: one JSON Schema (draft 2020-12) per vector file format.

The schemas are committed; rerun this after changing a vector format, then
`python3 scripts/check-schemas.py` (CI runs the check). With --check it writes nothing: it
names the committed schemas that differ from what it would write and exits 1 if any do.
"""
import json, os, sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BUG_TYPES = ["BASIC", "EDGE_CASE", "MISSING_STEP", "AUTH_BYPASS", "MALLEABILITY", "MODIFIED_PARAMETER",
             "LENIENCY", "KNOWN_BUG", "DEFINED", "FUNCTIONALITY", "LEGACY", "CONFIDENTIALITY", "WRONG_PRIMITIVE"]

COMMON_DEFS = {
    "note": {"type": "object", "additionalProperties": False, "required": ["bugType", "description"],
             "properties": {"bugType": {"enum": BUG_TYPES}, "description": {"type": "string", "minLength": 1}}},
    "profile": {"enum": ["deployed", "proposal", "legacy", "rfc9420", "strict", "hardened"]},
    "base64": {"type": "string", "pattern": "^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$"},
    "hex": {"type": "string", "pattern": "^(?:[0-9a-f]{2})*$"},
    "hex32": {"type": "string", "pattern": "^[0-9a-f]{64}$"},
    "decimalInt64": {"type": "string", "pattern": "^-?(0|[1-9][0-9]*)$"},
    "errorAnswer": {"type": "object", "additionalProperties": False, "required": ["error"],
                    "properties": {"error": {"type": "string", "pattern": "^[A-Z][A-Z0-9_]*$"}, "message": {"type": "string"}}},
    "testCommon": {
        "type": "object",
        "required": ["tcId", "comment", "flags", "result", "input", "expected"],
        "properties": {
            "tcId": {"type": "integer", "minimum": 1},
            "comment": {"type": "string"},
            "flags": {"type": "array", "items": {"type": "string", "pattern": "^[A-Z][A-Za-z0-9]*$"}, "uniqueItems": True},
            "source": {"type": "string", "minLength": 1},
            "result": {"enum": ["valid", "invalid", "acceptable"]},
            "intermediate": {"type": "object"},
            "alsoAccepted": {"type": "array", "minItems": 1},
            "deployedAnswer": {"type": "object"},
        },
        "allOf": [
            {"if": {"properties": {"result": {"const": "valid"}}},
             "then": {"properties": {"expected": {"required": ["output"]}}, "not": {"required": ["alsoAccepted"]}}},
            {"if": {"properties": {"result": {"const": "invalid"}}},
             "then": {"properties": {"expected": {"$ref": "#/$defs/errorAnswer"}}, "not": {"required": ["alsoAccepted"]}}},
            {"if": {"properties": {"result": {"const": "acceptable"}}}, "then": {"required": ["alsoAccepted"]}},
        ],
    },
}


def schema(title, suite, protocol, groups, defs):
    """A vector file with the given groups ($defs names)."""
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": f"https://pushproof.example/vectors/schemas/{suite}_schema.json",
        "title": title,
        "type": "object",
        "additionalProperties": False,
        "required": ["suite", "schema", "protocol", "formatVersion", "numberOfTests", "header", "notes", "testGroups"],
        "properties": {
            "suite": {"const": suite},
            "schema": {"const": f"{suite}_schema.json"},
            "protocol": {"const": protocol},
            "formatVersion": {"const": 1},
            "numberOfTests": {"type": "integer", "minimum": 1},
            "header": {"type": "array", "items": {"type": "string"}},
            "notes": {"type": "object", "additionalProperties": {"$ref": "#/$defs/note"}},
            "testGroups": {"type": "array", "minItems": 1, "items": {"oneOf": [{"$ref": f"#/$defs/{g}"} for g in groups]}},
        },
        "$defs": {**COMMON_DEFS, **defs},
    }


def group(type_, op, test_def, profiles=("deployed", "proposal")):
    return {"type": "object", "additionalProperties": False,
            "required": ["type", "operation", "profile", "description", "tests"],
            "properties": {"type": {"const": type_}, "operation": {"const": op}, "profile": {"enum": list(profiles)},
                           "description": {"type": "string"},
                           "tests": {"type": "array", "minItems": 1, "items": {"$ref": f"#/$defs/{test_def}"}}}}


def test(input_schema, output_schema):
    answer = {"oneOf": [{"$ref": "#/$defs/errorAnswer"},
                        {"type": "object", "additionalProperties": False, "required": ["output"], "properties": {"output": output_schema}}]}
    return {"allOf": [{"$ref": "#/$defs/testCommon"}], "type": "object", "additionalProperties": False,
            "properties": {"tcId": True, "comment": True, "flags": True, "source": True, "result": True, "intermediate": True,
                           "alsoAccepted": {"type": "array", "items": answer}, "deployedAnswer": True,
                           "input": input_schema, "expected": answer}}


def obj(required, properties, extra=False):
    return {"type": "object", "additionalProperties": extra, "required": required, "properties": properties}


INT, STR, BOOL = {"type": "integer"}, {"type": "string"}, {"type": "boolean"}
REGISTRATION = obj(["token_kind", "token", "timestamp"],
                   {"token_kind": {"enum": ["fcm", "apns"]}, "token": STR, "timestamp": INT,
                    "ios_app_id": {"type": ["string", "null"], "description": "null: no ios_app_id (the client's toJson leaves it out)"}})
# A form POST has no null; the vectors carry one only to test a field the request cannot carry.
FORM_STR = {"type": ["string", "null"], "description": "null only in a test of a field the request cannot carry (a form POST has no null)"}
REQUEST = obj(["realm_uuid", "encrypted_push_registration", "bouncer_public_key"],
              {"realm_uuid": STR, "token_id": {"type": ["string", "null"]}, "push_account_id": {"type": ["integer", "null"], "minimum": 0},
               "encrypted_push_registration": FORM_STR, "bouncer_public_key": FORM_STR})
PARAMS = {"type": "object", "additionalProperties": STR}
REALM_URL = {"type": "string", "pattern": "^[Hh][Tt][Tt][Pp][Ss]?://[^/?#]",
             "description": "the app's own realm: an absolute http or https URL with a host"}
ACCOUNT = obj(["realm_url", "realm_name", "user_id"], {"realm_url": REALM_URL, "realm_name": STR, "user_id": INT})
# Dart's DateTime holds +-8.64e15 ms; the app's clock and key times (Unix seconds) must fit.
DART_TIME = {"type": "integer", "minimum": -8640000000000, "maximum": 8640000000000}
DART_SECONDS = {**DART_TIME, "description": "Unix seconds within a Dart DateTime's range"}

schemas = {}

schemas["registration_client"] = schema(
    "PushProof registration client vectors", "registration_client", "zulip-push-registration", ["tokenIdGroup", "sealGroup"], {
        "registration": REGISTRATION,
        "tokenIdGroup": group("TokenIdTest", "registration.tokenId", "tokenIdTest"),
        "sealGroup": group("SealTest", "registration.seal", "sealTest"),
        "tokenIdTest": test(obj(["token"], {"token": STR}),
                            obj(["tokenId", "tokenIdInt64"], {"tokenId": {"allOf": [{"$ref": "#/$defs/base64"}, {"minLength": 12, "maxLength": 12}]},
                                                              "tokenIdInt64": {"$ref": "#/$defs/decimalInt64"}})),
        "sealTest": test(obj(["bouncerPublicKey", "ephemeralSecretKey", "registration"],
                             {"bouncerPublicKey": {"$ref": "#/$defs/base64"}, "ephemeralSecretKey": {"$ref": "#/$defs/hex32"},
                              "registration": {"$ref": "#/$defs/registration"}}),
                         obj(["plaintext", "ephemeralPublicKey", "nonce", "encryptedPushRegistration"],
                             {"plaintext": STR, "ephemeralPublicKey": {"$ref": "#/$defs/hex32"},
                              "nonce": {"type": "string", "pattern": "^[0-9a-f]{48}$"},
                              "encryptedPushRegistration": {"$ref": "#/$defs/base64"}, "tokenId": {"$ref": "#/$defs/base64"}})),
    })

schemas["registration_bouncer"] = schema(
    "PushProof registration bouncer vectors", "registration_bouncer", "zulip-push-registration", ["bouncerGroup"], {
        "registration": REGISTRATION, "request": REQUEST,
        "bouncerGroup": group("BouncerRegistrationTest", "registration.bouncer", "bouncerTest", ["deployed", "proposal", "hardened"]),
        "bouncerTest": test(
            obj(["bouncer", "priorRequests", "request"], {
                "bouncer": obj(["keyRing", "iosAppIds", "now"], {
                    "keyRing": {"type": "array", "items": obj(["publicKey", "secretKey", "status"], {
                        "publicKey": {"$ref": "#/$defs/base64"}, "secretKey": {"$ref": "#/$defs/hex32"},
                        "status": {"enum": ["active", "retired"]}})},
                    "iosAppIds": {"type": "array", "items": STR}, "now": INT}),
                "priorRequests": {"type": "array", "items": {"$ref": "#/$defs/request"}},
                "request": {"$ref": "#/$defs/request"}}),
            obj(["deviceId", "created", "registration"], {"deviceId": {"type": "integer", "minimum": 1}, "created": BOOL,
                                                          "registration": {"$ref": "#/$defs/registration"}})),
    })

STATE = obj(["action", "status"], {
    "action": {"enum": ["accepted", "rejected", "activated", "dropped", "retry", "abandoned", "ignored"]},
    "change": {"enum": ["registration", "keyRotation", "tokenRotation", "none"]},
    "message": STR, "code": STR, "status": {"enum": ["none", "pending", "active", "failed"]},
    "activeTokenId": {"$ref": "#/$defs/base64"}, "bouncerDeviceId": INT, "lastErrorCode": STR})
schemas["registration_server"] = schema(
    "PushProof registration server vectors", "registration_server", "zulip-push-registration", ["parametersGroup", "lifecycleGroup"], {
        "params": PARAMS,
        "parametersGroup": group("ServerParametersTest", "registration.serverParameters", "parametersTest",
                                 ["deployed", "hardened", "proposal"]),
        "lifecycleGroup": group("ServerLifecycleTest", "registration.serverLifecycle", "lifecycleTest",
                                ["deployed", "hardened", "proposal"]),
        "parametersTest": test(
            obj(["params", "inProgress"], {"params": {"$ref": "#/$defs/params"}, "knownDeviceIds": {"type": "array", "items": INT},
                                           "registeredDeviceIds": {"type": "array", "items": INT},
                                           "inProgress": {"type": "array", "items": INT}}),
            obj([], {"deviceId": INT, "pushAccountId": {"type": "integer", "minimum": 0},
                     "pushKeyId": {"type": "integer", "minimum": 0, "maximum": 4294967295}, "pushKey": {"$ref": "#/$defs/base64"},
                     "tokenKind": {"enum": ["fcm", "apns"]}, "tokenIdInt64": {"$ref": "#/$defs/decimalInt64"},
                     "bouncerPublicKey": STR, "encryptedPushRegistration": STR, "pushPublicKey": {"$ref": "#/$defs/base64"},
                     "change": {"enum": ["registration", "keyRotation", "tokenRotation"]}})),
        "lifecycleTest": test(
            obj(["realmUUID", "steps"], {
                "realmUUID": STR, "knownDeviceIds": {"type": "array", "items": INT},
                "steps": {"type": "array", "minItems": 1, "items": {"oneOf": [
                    obj(["register"], {"register": {"$ref": "#/$defs/params"}}),
                    obj(["bouncerAnswer", "for"], {
                        "bouncerAnswer": obj(["answer"], {"answer": {"enum": ["registered", "refused", "serverError", "networkFailure"]},
                                                          "deviceId": INT, "code": STR, "status": INT}),
                        "for": {"type": "object", "minProperties": 1, "maxProperties": 1, "additionalProperties": False,
                                "properties": {"deviceId": INT, "pushAccountId": INT}}})]}}}),
            obj(["states"], {"states": {"type": "array", "items": STATE}})),
    })

NOTIFICATION_IN = obj(["type", "realm_url", "realm_name", "user_id"], {
    "type": {"enum": ["message", "remove", "test"]}, "realm_url": STR, "realm_name": STR, "user_id": INT,
    "sender_id": INT, "sender_full_name": STR, "sender_avatar_url": STR, "message_id": INT, "time": INT, "content": STR,
    "recipient": {"oneOf": [obj(["type", "channel_id", "channel_name", "topic"], {"type": {"const": "channel"}, "channel_id": INT, "channel_name": STR, "topic": STR}),
                            obj(["type", "user_ids"], {"type": {"const": "direct"}, "user_ids": {"type": "array", "items": INT}})]},
    "mentioned_user_group": obj(["id", "name"], {"id": INT, "name": STR}),
    "message_ids": {"type": "array", "items": INT}})
NOTIFICATION_OUT = obj(["type", "realm_url", "user_id"], {
    "type": {"enum": ["message", "remove", "test"]}, "realm_url": STR, "realm_name": STR, "user_id": INT}, extra=True)
schemas["envelope_server"] = schema(
    "PushProof notification envelope server and bouncer vectors", "envelope_server", "zulip-push-envelope",
    ["encryptGroup", "sealGroup", "payloadGroup"], {
        "notification": NOTIFICATION_IN,
        "encryptGroup": group("EnvelopeEncryptTest", "envelope.encrypt", "encryptTest", ["deployed", "hardened"]),
        "sealGroup": group("EnvelopeSealTest", "envelope.seal", "sealTest", ["proposal"]),
        "payloadGroup": group("BouncerPayloadTest", "envelope.bouncerPayload", "payloadTest", ["deployed", "hardened", "proposal"]),
        "encryptTest": test(obj(["notification", "pushKeyId", "pushKey", "nonce"], {
                                "notification": {"$ref": "#/$defs/notification"}, "pushKeyId": {"type": "integer", "minimum": 0, "maximum": 4294967295},
                                "pushKey": {"$ref": "#/$defs/hex"}, "nonce": {"type": "string", "pattern": "^[0-9a-f]{48}$"}}),
                            # Judged by meaning (docs/vector-format.md): the nonce and the decrypted notification.
                            obj(["nonce", "notification"], {"nonce": {"type": "string", "pattern": "^[0-9a-f]{48}$"},
                                                            "notification": NOTIFICATION_OUT})),
        "sealTest": test(obj(["notification", "devicePublicKey", "ephemeralSecretKey"], {
                             "notification": {"$ref": "#/$defs/notification"}, "devicePublicKey": {"$ref": "#/$defs/base64"},
                             "ephemeralSecretKey": {"$ref": "#/$defs/hex32"}}),
                         # Judged by meaning: the ephemeral public key the box starts with, and the notification.
                         obj(["nonce", "notification"], {"nonce": {"$ref": "#/$defs/hex32"}, "notification": NOTIFICATION_OUT})),
        "payloadTest": test(obj(["service", "priority"], {
                                "service": {"enum": ["apns", "fcm"]}, "priority": {"enum": ["high", "normal"]},
                                "pushKeyId": {"type": "integer", "minimum": 0, "maximum": 4294967295}, "encryptedData": STR,
                                "pushAccountId": {"type": "integer", "minimum": 0}, "encryptedContent": STR}),
                            {"oneOf": [
                                obj(["headers", "body"], {
                                    "headers": obj(["apns-priority", "apns-push-type"], {"apns-priority": {"enum": ["10", "5"]},
                                                                                         "apns-push-type": {"enum": ["alert", "background"]}}),
                                    "body": obj(["aps"], {"push_key_id": {"type": "integer", "minimum": 0}, "encrypted_data": STR,
                                                          "push_account_id": {"type": "integer", "minimum": 0}, "encrypted_content": STR,
                                                          "aps": {"const": {"mutable-content": 1, "alert": {"title": "New notification"}}}})}),
                                obj(["priority", "data"], {
                                    "priority": {"enum": ["high", "normal"]},
                                    "data": {"type": "object", "additionalProperties": STR,
                                             "propertyNames": {"enum": ["push_key_id", "encrypted_data", "push_account_id", "encrypted_content"]}}})]}),
    })

RECEIVE_OUT = {"oneOf": [obj(["outcome", "notification"], {"outcome": {"const": "delivered"}, "notification": NOTIFICATION_OUT}),
                         obj(["outcome"], {"outcome": {"enum": ["droppedUnknownKey", "droppedOtherAccount",
                                                                "droppedUnexpectedType", "droppedAsLegacy"]}})]}
schemas["envelope_client"] = schema(
    "PushProof notification envelope client vectors", "envelope_client", "zulip-push-envelope", ["receiveGroup"], {
        "receiveGroup": group("EnvelopeReceiveTest", "envelope.receive", "receiveTest", ["deployed", "hardened", "proposal"]),
        "receiveTest": test(obj(["service", "account", "payload"], {
                                "service": {"enum": ["apns", "fcm"]}, "account": ACCOUNT, "payload": True, "now": DART_TIME,
                                "keys": {"type": "array", "items": obj(["id", "pushKey", "createdAt"], {
                                    "id": {"type": "integer", "minimum": 0, "maximum": 4294967295}, "pushKey": {"$ref": "#/$defs/hex"},
                                    "createdAt": DART_SECONDS, "acknowledgedAt": DART_SECONDS})},
                                "devices": {"type": "array", "items": obj(["pushAccountId", "secretKey"], {
                                    "pushAccountId": {"type": "integer", "minimum": 0}, "secretKey": {"$ref": "#/$defs/hex32"}})}}),
                            RECEIVE_OUT),
    })

schemas["convos_push"] = schema(
    "PushProof Convos push payload vectors", "convos_push", "convos-push-payload", ["routeGroup"], {
        "routeGroup": group("ConvosPushRouteTest", "convos.pushRoute", "routeTest", ["deployed", "hardened"]),
        "routeTest": test(obj(["identities", "payload"], {
                              "identities": {"type": "array", "items": obj(["clientId", "inboxId"], {
                                  "clientId": STR, "inboxId": STR,
                                  "groupIds": {"type": "array", "items": {"$ref": "#/$defs/hex"}}})},
                              "payload": True}),
                          {"oneOf": [obj(["outcome", "inboxId", "kind"], {
                                         "outcome": {"const": "routed"}, "inboxId": STR, "kind": {"enum": ["groupMessage", "welcome"]},
                                         "groupId": {"$ref": "#/$defs/hex"}, "installationId": {"$ref": "#/$defs/hex"},
                                         "encryptedMessageHex": {"$ref": "#/$defs/hex"}, "messageType": STR}),
                                     obj(["outcome"], {"outcome": {"const": "unknownClientId"}}),
                                     obj(["outcome", "inboxId"], {"outcome": {"const": "unknownConversation"}, "inboxId": STR})]}),
    })

HEX64 = {"type": "string", "pattern": "^[0-9a-f]{64}$"}
# A clientId is any string, as the app holds it (its own tests store "test-client-123" and emoji ids:
# docs/identity.md); an upper-case UUID v4 is what it generates and what the hardened reading asks.
CLIENT_ID = STR
ADDRESS = {"type": "string", "pattern": "^0x[0-9a-f]{40}$"}
UINT64 = {"type": "integer", "minimum": 0, "maximum": 18446744073709551615}
schemas["identity_derivation"] = schema(
    "PushProof identity derivation vectors", "identity_derivation", "convos-client-id", ["keccakGroup", "keyGroup", "inboxGroup"], {
        "keccakGroup": group("Keccak256Test", "identity.keccak256", "keccakTest", ["deployed"]),
        "keyGroup": group("PrivateKeyTest", "identity.fromPrivateKey", "keyTest", ["deployed"]),
        "inboxGroup": group("InboxIdTest", "identity.inboxId", "inboxTest", ["deployed"]),
        "keccakTest": test(obj(["message"], {"message": {"$ref": "#/$defs/hex"}}), obj(["digest"], {"digest": HEX64})),
        "keyTest": test(obj(["privateKey", "nonce"], {"privateKey": {"$ref": "#/$defs/hex"}, "nonce": UINT64}),
                        obj(["publicKey", "address", "inboxId"], {"publicKey": {"type": "string", "pattern": "^04[0-9a-f]{128}$"},
                                                                  "address": ADDRESS, "inboxId": HEX64})),
        "inboxTest": test(obj(["address", "nonce"], {"address": STR, "nonce": UINT64}), obj(["inboxId"], {"inboxId": HEX64})),
    })
schemas["identity_keychain"] = schema(
    "PushProof keychain record vectors", "identity_keychain", "convos-client-id", ["encodeGroup", "decodeGroup"], {
        "encodeGroup": group("KeychainEncodeTest", "identity.keychainEncode", "encodeTest", ["deployed"]),
        "decodeGroup": group("KeychainDecodeTest", "identity.keychainDecode", "decodeTest", ["deployed", "hardened"]),
        "encodeTest": test(obj(["inboxId", "clientId", "privateKey", "databaseKey"], {"inboxId": STR, "clientId": CLIENT_ID,
                                                                                      "privateKey": {"$ref": "#/$defs/hex"},
                                                                                      "databaseKey": {"$ref": "#/$defs/hex"}}),
                           # Judged by meaning (docs/vector-format.md): the ids and the key bytes.
                           obj(["inboxId", "clientId", "keys"], {"inboxId": STR, "clientId": STR,
                                                                 "keys": obj(["privateKeyHex", "databaseKeyHex"],
                                                                             {"privateKeyHex": HEX64, "databaseKeyHex": {"$ref": "#/$defs/hex"}})})),
        # Deployed: the app reads any id strings.
        "decodeTest": test(obj(["record"], {"record": STR}), obj(["inboxId", "clientId", "address"], {"inboxId": STR, "clientId": STR, "address": ADDRESS})),
    })
STEP = {"oneOf": [obj(["op", "inboxId", "clientId"], {"op": {"const": "save"}, "inboxId": STR, "clientId": CLIENT_ID}),
                  obj(["op", "clientId"], {"op": {"const": "lookupByClientId"}, "clientId": STR}),
                  obj(["op", "inboxId"], {"op": {"enum": ["lookupByInboxId", "delete"]}, "inboxId": STR})]}
RESULT = {"oneOf": [obj(["result"], {"result": {"enum": ["saved", "unchanged", "deleted", "notFound"]}}),
                    obj(["result", "inboxId", "clientId"], {"result": {"const": "found"}, "inboxId": STR, "clientId": STR}),
                    obj(["error", "inboxId", "existingClientId", "newClientId"], {"error": {"const": "CLIENT_ID_MISMATCH"}, "inboxId": STR,
                                                                                "existingClientId": STR, "newClientId": STR}),
                    obj(["error", "clientId"], {"error": {"const": "DUPLICATE_CLIENT_ID"}, "clientId": STR})]}
schemas["identity_store"] = schema(
    "PushProof identity store trace vectors", "identity_store", "convos-client-id", ["traceGroup"], {
        "traceGroup": group("StoreTraceTest", "identity.storeTrace", "traceTest", ["deployed"]),
        "traceTest": test(obj(["steps"], {"steps": {"type": "array", "minItems": 1, "items": STEP}}),
                          obj(["results"], {"results": {"type": "array", "items": RESULT}})),
    })
REQ = obj(["method", "path", "headers"], {"method": {"enum": ["POST", "DELETE"]}, "path": {"type": "string", "pattern": "^v2/"},
                                          "headers": {"oneOf": [obj(["X-Convos-AuthToken"], {"X-Convos-AuthToken": STR}),
                                                                obj(["X-Firebase-AppCheck"], {"X-Firebase-AppCheck": STR})]},
                                          "body": {"type": "object"}})
schemas["identity_backend"] = schema(
    "PushProof push backend vectors", "identity_backend", "convos-client-id", ["requestGroup", "teardownGroup", "resolveGroup"], {
        "request": REQ,
        "requestGroup": group("BackendRequestTest", "identity.backendRequest", "requestTest", ["deployed"]),
        "teardownGroup": group("TeardownTest", "identity.teardown", "teardownTest", ["deployed", "hardened"]),
        "resolveGroup": group("ResolvePushTest", "identity.resolvePush", "resolveTest", ["deployed"]),
        "requestTest": test(obj(["request"], {"request": {"enum": ["registerDevice", "subscribe", "unsubscribe", "unregister"]},
                                                     "jwt": STR, "appCheckToken": STR, "deviceId": STR, "pushToken": STR, "apnsEnv": {"enum": ["sandbox", "production"]},
                                                     "clientId": CLIENT_ID, "topics": {"type": "array", "items": STR}}),
                            {"$ref": "#/$defs/request"}),
        "teardownTest": test(obj(["inboxId", "clientId", "topics", "welcomeTopic", "environment", "jwt"], {"inboxId": STR, "clientId": CLIENT_ID,
                                  "topics": {"type": "array", "items": STR}, "welcomeTopic": STR,
                                  "environment": {"enum": ["production", "dev", "local"]}, "jwt": STR}),
                             obj(["steps"], {"steps": {"type": "array", "items": obj(["step"], {
                                 "step": {"enum": ["unsubscribe", "unregister", "deleteDatabaseRecords", "deleteKeychainIdentity", "deleteXMTPDatabaseFiles"]},
                                 "request": {"$ref": "#/$defs/request"}, "inboxId": STR, "files": {"type": "array", "items": STR}})}})),
        "resolveTest": test(obj(["saved", "deletedInboxIds", "payload"], {
                                "saved": {"type": "array", "items": obj(["inboxId", "clientId"], {"inboxId": STR, "clientId": CLIENT_ID})},
                                "deletedInboxIds": {"type": "array", "items": STR}, "payload": True}),
                            {"oneOf": [obj(["outcome", "inboxId"], {"outcome": {"const": "routed"}, "inboxId": STR}),
                                       obj(["outcome"], {"outcome": {"const": "unknownClientId"}})]}),
    })

schemas["explode_codec"] = schema(
    "PushProof ExplodeSettings codec vectors", "explode_codec", "convos-explode-settings", ["encodeGroup", "wrapGroup", "decodeGroup"], {
        "encodeGroup": group("ExplodeEncodeTest", "explode.encode", "encodeTest", ["deployed"]),
        "wrapGroup": group("PlaintextEnvelopeTest", "explode.wrap", "wrapTest", ["deployed"]),
        "decodeGroup": group("ExplodeDecodeTest", "explode.decode", "decodeTest", ["deployed", "hardened"]),
        "encodeTest": test(obj(["expiresAtUnixMillis"], {"expiresAtUnixMillis": INT}),
                           obj(["contentType", "content", "fallback", "shouldPush", "encodedContentHex"], {
                               "contentType": {"const": {"authorityId": "convos.org", "typeId": "explode_settings", "versionMajor": 1, "versionMinor": 0}},
                               "content": {"type": "string", "pattern": '^\\{"expiresAt":"[0-9]{4,}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}Z"\\}$'},
                               "fallback": {"type": "string", "pattern": "^Conversation expires at [0-9]{4,}-[0-9]{2}-[0-9]{2} [0-9]{2}:[0-9]{2}:[0-9]{2} \\+0000$"},
                               "shouldPush": {"const": True}, "encodedContentHex": {"$ref": "#/$defs/hex"}})),
        "wrapTest": test(obj(["encodedContentHex", "idempotencyKey"], {"encodedContentHex": {"$ref": "#/$defs/hex"}, "idempotencyKey": STR}),
                         obj(["plaintextEnvelopeHex"], {"plaintextEnvelopeHex": {"$ref": "#/$defs/hex"}})),
        "decodeTest": test(obj(["encodedContentHex"], {"encodedContentHex": {"$ref": "#/$defs/hex"}}),
                           obj(["expiresAtUnix", "expiresAt"], {"expiresAtUnix": INT, "expiresAt": STR})),
    })
PROFILE = obj(["inboxIdHex"], {"inboxIdHex": {"$ref": "#/$defs/hex"}, "name": STR})
METADATA = obj(["tag"], {"tag": STR, "expiresAtUnix": INT, "emoji": STR, "profiles": {"type": "array", "items": PROFILE}})
schemas["explode_metadata"] = schema(
    "PushProof conversation metadata (appData) vectors", "explode_metadata", "convos-explode-settings", ["encodeGroup", "decodeGroup"], {
        "metadata": METADATA,
        "encodeGroup": group("MetadataEncodeTest", "explode.metadataEncode", "encodeTest", ["deployed"]),
        "decodeGroup": group("MetadataDecodeTest", "explode.metadataDecode", "decodeTest", ["deployed"]),
        "encodeTest": test({"$ref": "#/$defs/metadata"},
                           obj(["appData", "compressed"], {"appData": {"type": "string", "pattern": "^[A-Za-z0-9_-]*$", "maxLength": 8192},
                                                           "compressed": BOOL})),
        "decodeTest": test(obj(["appData"], {"appData": STR}), {"$ref": "#/$defs/metadata"}),
    })
EVENT = {"oneOf": [obj(["event", "fromSelf", "expiresAt"], {"event": {"const": "explodeMessage"}, "fromSelf": BOOL, "expiresAt": INT,
                                                            "sender": {"enum": ["creator", "admin", "superAdmin", "member", "nonMember"]}}),
                   obj(["event", "expiresAt"], {"event": {"const": "metadata"}, "expiresAt": INT}),
                   obj(["event", "trigger", "now"], {"event": {"const": "trigger"},
                                                     "trigger": {"enum": ["appBecameActive", "conversationExpired", "explosionNotificationTapped"]}, "now": INT}),
                   obj(["event"], {"event": {"enum": ["message", "resync"]}})]}
schemas["explode_receiver"] = schema(
    "PushProof explosion receiver vectors", "explode_receiver", "convos-explode-settings", ["traceGroup"], {
        "traceGroup": group("ReceiverTraceTest", "explode.receiverTrace", "traceTest", ["deployed", "hardened"]),
        "traceTest": test(obj(["events"], {"events": {"type": "array", "minItems": 1, "items": EVENT}}),
                          obj(["steps"], {"steps": {"type": "array", "items": obj(["outcome", "status"], {
                              "outcome": {"enum": ["ignoredFromSelf", "ignoredUnauthorized", "ignoredDuplicate", "stored", "lowered", "raised", "ignoredLater", "exploded", "notDue",
                                                   "nothingScheduled", "accepted", "dropped", "resyncAllowed", "resyncRefused"]},
                              "status": {"enum": ["active", "scheduled", "exploded"]}, "expiresAt": INT})}})),
    })
HEXKEY = {"type": "string", "pattern": "^(?:[0-9a-f]{2})*$"}
TIMESTAMP = STR
KEY_ID = {"type": "string", "pattern": "^[A-Za-z0-9_-]{43}$"}
schemas["catbird_identity"] = schema(
    "PushProof Catbird device identity vectors", "catbird_identity", "catbird-mls-identity",
    ["didGroup", "deviceGroup", "credentialGroup", "splitGroup", "keyIdGroup", "deviceKeyGroup", "signedAtGroup"], {
        "didGroup": group("BareDidTest", "catbird.bareDid", "didTest", ["deployed"]),
        "deviceGroup": group("DeviceIdTest", "catbird.deviceId", "deviceTest", ["deployed"]),
        "credentialGroup": group("CredentialIdentityTest", "catbird.credentialIdentity", "credentialTest", ["deployed", "legacy", "proposal"]),
        "splitGroup": group("DeviceDidSplitTest", "catbird.splitDeviceDid", "splitTest", ["legacy"]),
        "keyIdGroup": group("KeyIdTest", "catbird.keyId", "keyIdTest", ["deployed"]),
        "deviceKeyGroup": group("DeviceKeyTest", "catbird.deviceKey", "deviceKeyTest", ["deployed"]),
        "signedAtGroup": group("SignedAtTest", "catbird.signedAt", "signedAtTest", ["deployed"]),
        "didTest": test(obj(["did"], {"did": STR}), obj(["did"], {"did": STR})),
        "deviceTest": test(obj(["deviceId"], {"deviceId": STR}), obj(["deviceId"], {"deviceId": STR})),
        "credentialTest": test(obj(["did", "deviceId"], {"did": STR, "deviceId": STR}), obj(["identity"], {"identity": STR})),
        "splitTest": test(obj(["deviceDid"], {"deviceDid": STR}), obj(["did", "deviceId"], {"did": STR, "deviceId": STR})),
        "keyIdTest": test(obj(["publicKey"], {"publicKey": HEXKEY}), obj(["keyId"], {"keyId": KEY_ID})),
        "deviceKeyTest": test(obj(["seed"], {"seed": HEXKEY}), obj(["publicKey", "keyId"], {"publicKey": {"$ref": "#/$defs/hex32"}, "keyId": KEY_ID})),
        "signedAtTest": test(obj(["signedAt", "now"], {"signedAt": TIMESTAMP, "now": TIMESTAMP}),
                             obj(["offsetMilliseconds"], {"offsetMilliseconds": INT})),
    })
LIFETIME = obj(["notBefore", "notAfter"], {"notBefore": INT, "notAfter": INT})
EXTENSION = obj(["type", "data"], {"type": INT, "data": HEXKEY})
CAPABILITIES = obj(["versions", "cipherSuites", "extensions", "proposals", "credentials"],
                   {k: {"type": "array", "items": INT} for k in ["versions", "cipherSuites", "extensions", "proposals", "credentials"]})
CREDENTIAL = {"oneOf": [obj(["type", "identity"], {"type": {"const": "basic"}, "identity": STR}),
                        obj(["type", "identityHex"], {"type": {"const": "basic"}, "identityHex": HEXKEY}),
                        obj(["type", "certificates"], {"type": {"const": "x509"}, "certificates": {"type": "array", "items": HEXKEY}})]}
LEAF = obj(["encryptionKey", "signatureKey", "credential", "capabilities", "source", "extensions", "signature"], {
    "encryptionKey": HEXKEY, "signatureKey": HEXKEY, "credential": CREDENTIAL, "capabilities": CAPABILITIES,
    "source": {"enum": ["keyPackage", "update", "commit"]}, "lifetime": LIFETIME, "parentHash": HEXKEY,
    "extensions": {"type": "array", "items": EXTENSION}, "signature": HEXKEY})
KEY_PACKAGE = obj(["version", "cipherSuite", "initKey", "leafNode", "extensions", "signature"], {
    "version": INT, "cipherSuite": INT, "initKey": HEXKEY, "leafNode": LEAF, "extensions": {"type": "array", "items": EXTENSION},
    "signature": HEXKEY})
schemas["catbird_keypackage_codec"] = schema(
    "PushProof MLS KeyPackage codec vectors", "catbird_keypackage_codec", "mls-keypackage", ["codecGroup"], {
        "codecGroup": group("KeyPackageCodecTest", "catbird.keyPackageDecode", "codecTest", ["rfc9420"]),
        "codecTest": test(obj(["keyPackage"], {"keyPackage": HEXKEY}),
                          obj(["keyPackage", "encoded"], {"keyPackage": KEY_PACKAGE, "encoded": HEXKEY, "keyPackageRef": {"$ref": "#/$defs/hex32"}})),
    })
schemas["catbird_keypackage_validate"] = schema(
    "PushProof Catbird KeyPackage validation vectors", "catbird_keypackage_validate", "catbird-mls-keypackage", ["validateGroup"], {
        "validateGroup": group("KeyPackageValidationTest", "catbird.keyPackageValidate", "validateTest", ["deployed", "legacy", "rfc9420"]),
        "validateTest": test(obj(["keyPackage", "now"], {"keyPackage": HEXKEY, "expectedIdentity": STR, "signatureKey": HEXKEY,
                                                         "now": INT, "keyPackageRef": HEXKEY}),
                             obj(["keyPackageRef", "cipherSuite", "signatureKey"], {
                                 "keyPackageRef": {"$ref": "#/$defs/hex32"}, "cipherSuite": INT, "signatureKey": HEXKEY,
                                 "notBefore": INT, "notAfter": INT})),
    })

EPOCH_STEP = {"type": "object", "required": ["op"], "additionalProperties": False, "properties": {
    "op": STR, "userDid": STR, "conversation": STR, "epoch": INT, "secret": HEXKEY, "keepLast": INT, "beforeEpoch": INT,
    "keyPackageId": STR, "kind": STR, "inviteId": STR, "did": STR, "archiveType": STR, "value": HEXKEY}}
ITEM_ADDRESS = obj(["kind"], {"kind": STR, "conversation": STR, "epoch": INT, "keyPackageId": STR, "inviteId": STR,
                              "did": STR, "archiveType": STR})
ACCESSIBLE = {"enum": ["kSecAttrAccessibleAfterFirstUnlock", "kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly",
                       "kSecAttrAccessibleWhenUnlockedThisDeviceOnly"]}
schemas["catbird_epoch_keys"] = schema(
    "PushProof Catbird epoch-key storage vectors", "catbird_epoch_keys", "catbird-mls-storage", ["traceGroup", "keychainGroup"], {
        "traceGroup": group("EpochKeyTraceTest", "catbird.epochKeyTrace", "traceTest", ["deployed", "strict", "proposal"]),
        "keychainGroup": group("KeychainItemTest", "catbird.keychainItem", "keychainTest", ["deployed", "proposal"]),
        "traceTest": test(
            obj(["userDid", "steps"], {"userDid": STR, "steps": {"type": "array", "items": EPOCH_STEP}}),
            obj(["outcome", "steps", "epochKeys", "keychain", "keyPackages"], {
                "outcome": {"enum": ["completed", "trapped"]},
                "steps": {"type": "array", "items": obj(["op", "outcome"], {
                    "op": STR,
                    "outcome": {"enum": ["stored", "replaced", "restored", "refused", "found", "notFound", "deleted", "marked",
                                         "deactivated", "trap"]},
                    "value": HEXKEY, "count": {"type": "integer", "minimum": 0}, "error": STR, "reason": STR})},
                "epochKeys": {"type": "array", "items": obj(["conversation", "epoch", "userDid", "state"], {
                    "conversation": STR, "epoch": {"type": "integer", "minimum": 0}, "userDid": STR,
                    "state": {"enum": ["active", "marked", "inactive"]}})},
                "keychain": {"type": "array", "items": STR},
                "keyPackages": {"type": "array", "items": STR}})),
        "keychainTest": test(ITEM_ADDRESS, obj(["accessible", "synchronizable", "migratesToNewDevice"], {
            "service": STR, "account": STR, "accessible": ACCESSIBLE, "synchronizable": BOOL, "migratesToNewDevice": BOOL})),
    })

REG_STEP = {"type": "object", "required": ["op"], "additionalProperties": False, "properties": {
    "op": {"enum": ["register", "lookup", "advance", "welcome"]}, "deviceName": STR, "deviceUUID": STR, "signatureKey": HEXKEY,
    "pushToken": STR, "authDid": STR, "seconds": INT, "deviceIndex": {"type": "integer", "minimum": 1},
    "keyPackages": {"type": "array", "items": obj(["keyPackage", "expires"], {"keyPackage": STR, "expires": INT,
                                                                             "cipherSuite": STR})}}}
INV_PACKAGE = obj(["ref", "initKey", "notAfter"], {"ref": STR, "initKey": STR, "notBefore": INT, "notAfter": INT,
                                                   "declaredRef": STR})
INV_STEP = {"type": "object", "required": ["op"], "additionalProperties": False, "properties": {
    "op": {"enum": ["enroll", "publish", "publishBatch", "claim", "reserve", "consume", "release", "expire", "revokeDevice", "advance", "sweep"]},
    "owner": STR, "device": STR, "ref": STR, "seconds": INT, "idempotencyKey": STR, "packages": {"type": "array", "items": INV_PACKAGE}}}
INV_STATES = ["available", "reserved", "consumed", "expired", "revoked"]
schemas["catbird_registration"] = schema(
    "PushProof Catbird device registration vectors", "catbird_registration", "catbird-mls-registration", ["registerGroup", "inventoryGroup"], {
        "registerGroup": group("DeviceRegistrationTest", "catbird.registerDevice", "registerTest", ["legacy", "proposal"]),
        "inventoryGroup": group("InventoryTraceTest", "catbird.inventoryTrace", "inventoryTest", ["deployed", "legacy", "strict"]),
        "inventoryTest": test(
            obj(["now", "steps"], {"now": INT, "steps": {"type": "array", "items": INV_STEP}}),
            obj(["steps", "packages"], {
                "steps": {"type": "array", "items": obj(["op", "outcome"], {
                    "op": STR, "outcome": {"enum": ["enrolled", "published", "refused", "claimed", "changed", "removed", "revoked", "advanced"]},
                    "count": {"type": "integer", "minimum": 0}, "error": STR, "status": INT, "now": INT,
                    "refs": {"type": "array", "items": STR}})},
                "packages": {"type": "array", "items": obj(["owner", "device", "ref", "state"], {
                    "owner": STR, "device": STR, "ref": STR, "state": {"enum": INV_STATES}})}})),
        "registerTest": test(
            obj(["authDid", "now", "steps"], {"authDid": STR, "now": INT, "steps": {"type": "array", "items": REG_STEP}}),
            obj(["steps", "devices", "welcomes"], {
                "steps": {"type": "array", "items": obj(["op", "outcome"], {
                    "op": STR, "outcome": {"enum": ["registered", "found", "tokenUpdated", "rejected", "advanced", "welcomeStored"]},
                    "welcomeIndex": {"type": "integer", "minimum": 1}, "welcomesInvalidated": {"type": "integer", "minimum": 0},
                    "status": {"enum": [200, 400, 404, 429, 500]}, "error": STR, "now": INT,
                    "deviceIndex": {"type": "integer", "minimum": 1},
                    "path": {"enum": ["new", "deviceUUID", "signatureKey", "tokenUpdate"]},
                    "storedKeyPackages": {"type": "integer", "minimum": 0},
                    "skipped": {"type": "array", "items": obj(["index", "reason"], {"index": INT, "reason": STR})}})},
                "devices": {"type": "array", "items": obj(["deviceIndex", "userDid", "name", "signatureKey"], {
                    "deviceIndex": INT, "userDid": STR, "name": STR, "signatureKey": HEXKEY, "keyPackages": INT,
                    "deviceUUID": STR, "pushToken": STR})},
                "welcomes": {"type": "array", "items": obj(["welcomeIndex", "deviceIndex", "userDid", "consumed"], {
                    "welcomeIndex": INT, "deviceIndex": INT, "userDid": STR, "consumed": BOOL})}})),
    })

check = "--check" in sys.argv[1:]
differ = []
for name, s in schemas.items():
    path = os.path.join(ROOT, "vectors", "schemas", f"{name}_schema.json")
    text = json.dumps(s, indent=2) + "\n"
    if check:
        try:
            with open(path) as f:
                same = f.read() == text
        except FileNotFoundError:
            same = False
        if not same:
            differ.append(os.path.relpath(path, ROOT))
        continue
    with open(path, "w") as f:
        f.write(text)
if check:
    for path in differ:
        print(f"{path}: differs from what this script writes")
    print(f"{len(differ)} of {len(schemas)} schemas differ" if differ else f"all {len(schemas)} schemas up to date")
    sys.exit(1 if differ else 0)
print(f"wrote {len(schemas)} schemas")
