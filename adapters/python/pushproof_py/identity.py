"""Convos per-conversation identities (docs/identity.md): Keccak-256, the Ethereum address and XMTP
inbox id of a secp256k1 key, the keychain record, the identity store, the push backend's requests,
a conversation's teardown and a push resolved through the store.

Ported from the upstream code, never from PushProof's Swift. Citations name the file and lines read:
  CI  = xmtplabs/convos-ios@f47421a9 (the per-conversation identity era), under
        ConvosCore/Sources/ConvosCore/ unless a path says otherwise
  LX  = xmtp/libxmtp@a53a97ed (LX899 = xmtp/libxmtp@899650a4, the SDK f47421a9 resolves)
  SF  = swiftlang/swift-foundation@767ff1c2, Sources/FoundationEssentials/ (the Foundation code
        the app's JSONDecoder, JSONEncoder, Data(base64Encoded:) and trimmingCharacters run)
"""
import hashlib
import re
import unicodedata

import coincurve
from Crypto.Hash import keccak

from .common import ProtocolError, b64decode_strict, b64encode, strict_loads
from .foundation import (BadBase64, JSONError, JSONScanner, KeyNotFound, TypeMismatch, decode_data,
                         decode_string, keyed_container, member, utf8_representation)

# --- Foundation behaviour the app relies on ---------------------------------------------------


def foundation_whitespace_or_newline(ch):
    """CharacterSet.whitespacesAndNewlines, scalar by scalar (SF String/BuiltInUnicodeScalarSet.swift
    :225-226, 440-446): U+0009, U+0020, U+00A0, U+1680, U+2000-U+200B, U+202F, U+205F, U+3000, and
    the newlines U+000A-U+000D, U+0085, U+2028, U+2029. Python's str.isspace is another set."""
    v = ord(ch)
    return (v in (0x20, 0x09, 0xA0, 0x1680, 0x202F, 0x205F, 0x3000) or 0x2000 <= v <= 0x200B
            or 0x0A <= v <= 0x0D or v in (0x85, 0x2028, 0x2029))


def is_blank(text):
    """`text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty`: trimming goes by Unicode
    scalars (SF String/String+Bridging.swift:320-330), so blank means every scalar is in the set."""
    return all(foundation_whitespace_or_newline(ch) for ch in text)


# --- Keccak-256, secp256k1, address, inbox id -------------------------------------------------

SECP256K1_N = 0xFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEBAAEDCE6AF48A03BBFD25E8CD0364141


def keccak256(data):
    """Keccak-256 with the original 0x01 padding, as alloy's keccak256 (LX
    crates/xmtp_cryptography/src/ethereum.rs:104-113); not FIPS 202 SHA3-256."""
    return keccak.new(digest_bits=256, data=data).digest()


def public_key(private_key):
    """ethereum_generate_public_key (LX bindings/mobile/src/crypto.rs:30-36; LX
    crates/xmtp_cryptography/src/ethereum.rs:31-50, 120-126): a key not 32 bytes is InvalidLength;
    PrivateKeySigner::from_slice refuses 0 and anything at least n (InvalidKey); the answer is the
    65-byte uncompressed point."""
    if len(private_key) != 32:
        raise ProtocolError("INVALID_KEY_LENGTH")
    k = int.from_bytes(private_key, "big")
    if not 1 <= k < SECP256K1_N:
        raise ProtocolError("INVALID_PRIVATE_KEY")
    return coincurve.PrivateKey(private_key).public_key.format(compressed=False)


def address_of(public):
    """address_from_pubkey (LX crates/xmtp_cryptography/src/ethereum.rs:103-113): the last 20
    bytes of Keccak-256 over X||Y, written 0x + lower-case hex; PrivateKey.walletAddress lower-cases
    it again (LX sdks/ios/Sources/XMTPiOS/Messages/PrivateKey.swift:66-78)."""
    return "0x" + keccak256(public[1:])[12:].hex()


def inbox_id_of(address, nonce):
    """Identifier::inbox_id (LX crates/xmtp_id/src/associations/member.rs:171-177, 407-412):
    lower-case hex SHA-256 of the address followed by the decimal nonce."""
    return hashlib.sha256(f"{address}{nonce}".encode()).hexdigest()


HEX = re.compile(r"(?:[0-9a-fA-F]{2})*\Z", re.ASCII)


def hex_input(inp, name):
    """A hex input field (docs/vector-format.md "Encodings"); anything else is the harness's."""
    value = inp[name]
    if not isinstance(value, str) or not HEX.match(value):
        raise ValueError(f"input field `{name}` must be hex")
    return bytes.fromhex(value)


def op_keccak256(inp):
    return {"digest": keccak256(hex_input(inp, "message")).hex()}


def uint64_input(inp, name):
    value = inp[name]
    if type(value) is not int or not 0 <= value < 1 << 64:
        raise ValueError(f"input field `{name}` must be a uint64")
    return value


def op_from_private_key(inp):
    key = hex_input(inp, "privateKey")
    nonce = uint64_input(inp, "nonce")
    try:
        public = public_key(key)
    except ProtocolError:
        # The vectors name both of libxmtp's refusals (InvalidLength, InvalidKey) INVALID_PRIVATE_KEY.
        raise ProtocolError("INVALID_PRIVATE_KEY")
    address = address_of(public)
    return {"publicKey": public.hex(), "address": address, "inboxId": inbox_id_of(address, nonce)}


# --- The keychain record (CI Auth/Keychain/KeychainIdentityStore.swift) ----------------------


def decode_record_deployed(record):
    """`JSONDecoder().decode(KeychainIdentity.self, from: data)` (CI KeychainIdentityStore.swift:252,
    299, 324). KeychainIdentity's synthesized Decodable reads inboxId, clientId, keys in declaration
    order (:82-95); KeychainIdentityKeys.init(from:) reads databaseKey, then privateKeyData, then
    calls PrivateKey(_:) (:38-43). Unknown members are ignored; neither id is checked; databaseKey
    may have any length. The app rethrows the raw errors; they are named here in the vectors'
    words."""
    try:
        data = record.encode("utf-8", "surrogatepass")
        try:
            root = JSONScanner(utf8_representation(data)).scan()
            top = keyed_container(root)
        except TypeMismatch:
            # A top-level value that is not an object (docs/vector-format.md: MALFORMED_JSON).
            raise ProtocolError("MALFORMED_JSON")
        inbox_id = decode_string(member(top, "inboxId"))
        client_id = decode_string(member(top, "clientId"))
        keys = keyed_container(member(top, "keys"))
        decode_data(member(keys, "databaseKey"))
        private_key = decode_data(member(keys, "privateKeyData"))
    except JSONError:
        raise ProtocolError("MALFORMED_JSON")
    except KeyNotFound:
        raise ProtocolError("MISSING_FIELD")
    except TypeMismatch:
        raise ProtocolError("WRONG_TYPE")
    except BadBase64:
        raise ProtocolError("INVALID_BASE64")
    return inbox_id, client_id, address_of(public_key(private_key))


RECORD_MEMBERS = ("inboxId", "clientId", "keys")
KEY_MEMBERS = ("privateKeyData", "databaseKey")
# An upper-case UUID v4, as the app's clientIds are made (CI Utilities/ClientId.swift:9-11).
CLIENT_ID = re.compile(r"[0-9A-F]{8}-[0-9A-F]{4}-4[0-9A-F]{3}-[89AB][0-9A-F]{3}-[0-9A-F]{12}\Z", re.ASCII)
INBOX_ID = re.compile(r"[0-9a-f]{64}\Z", re.ASCII)


STRICT_DEPTH = 64  # PushProof's JSON reader nests at most 64 containers (docs/identity.md)


def strict_text(value, depth):
    """The rest of PushProof's strict JSON: no container nested deeper than STRICT_DEPTH, and no
    string (member name or value) holding a lone surrogate, which is no Unicode text."""
    if isinstance(value, (dict, list)):
        if depth > STRICT_DEPTH:
            return False
        items = value.items() if isinstance(value, dict) else enumerate(value)
        return all((not isinstance(k, str) or strict_text(k, depth)) and strict_text(v, depth + 1) for k, v in items)
    if isinstance(value, str):
        return not any(0xD800 <= ord(ch) <= 0xDFFF for ch in value)
    return True


def decode_record_hardened(record):
    """PushProof's strict reading (docs/identity.md, identity_keychain notes StrictRecord): RFC 8259
    JSON without repeated members; exactly the format's members at both levels (UNEXPECTED_FIELD);
    each field present and of its type; privateKeyData then databaseKey as canonical standard base64
    of 32 bytes; the private key a valid scalar; the clientId an upper-case UUID v4; the inbox id 64
    lower-case hex digits. The order of the checks is PushProof's (the reference's, as asked of it)."""
    try:
        top = strict_loads(record)
    except (ValueError, RecursionError):
        raise ProtocolError("MALFORMED_JSON")
    if not isinstance(top, dict) or not strict_text(top, 1):
        raise ProtocolError("MALFORMED_JSON")
    if any(name not in RECORD_MEMBERS for name in top):
        raise ProtocolError("UNEXPECTED_FIELD")
    for name in ("inboxId", "clientId"):
        if name not in top:
            raise ProtocolError("MISSING_FIELD")
        if not isinstance(top[name], str):
            raise ProtocolError("WRONG_TYPE")
    if "keys" not in top:
        raise ProtocolError("MISSING_FIELD")
    keys = top["keys"]
    if not isinstance(keys, dict):
        raise ProtocolError("WRONG_TYPE")
    if any(name not in KEY_MEMBERS for name in keys):
        raise ProtocolError("UNEXPECTED_FIELD")
    decoded = {}
    for name in KEY_MEMBERS:
        if name not in keys:
            raise ProtocolError("MISSING_FIELD")
        if not isinstance(keys[name], str):
            raise ProtocolError("WRONG_TYPE")
        try:
            decoded[name] = b64decode_strict(keys[name])
        except ValueError:
            raise ProtocolError("INVALID_BASE64")
        if len(decoded[name]) != 32:
            raise ProtocolError("INVALID_KEY_LENGTH")
    public = public_key(decoded["privateKeyData"])
    if not CLIENT_ID.match(top["clientId"]):
        raise ProtocolError("INVALID_CLIENT_ID")
    if not INBOX_ID.match(top["inboxId"]):
        raise ProtocolError("INVALID_INBOX_ID")
    return top["inboxId"], top["clientId"], address_of(public)


def op_keychain_decode(inp):
    record = inp["record"]
    if not isinstance(record, str):
        raise ValueError("input field `record` must be a string")
    read = decode_record_hardened if inp["profile"] == "hardened" else decode_record_deployed
    inbox_id, client_id, address = read(record)
    return {"inboxId": inbox_id, "clientId": client_id, "address": address}


def json_encoder_string(text):
    """A string as JSONEncoder writes it (SF JSON/JSONWriter.swift:118-150): '"' and '\\' escaped,
    '/' written '\\/' (no .withoutEscapingSlashes), \\b \\f \\n \\r \\t, other control characters
    as \\u00XX, everything else as UTF-8."""
    short = {'"': '\\"', "\\": "\\\\", "/": "\\/", "\b": "\\b", "\f": "\\f", "\n": "\\n", "\r": "\\r", "\t": "\\t"}
    return '"' + "".join(short.get(ch) or (f"\\u{ord(ch):04x}" if ord(ch) < 0x20 else ch) for ch in text) + '"'


def op_keychain_encode(inp):
    """`JSONEncoder().encode(identity)` (CI KeychainIdentityStore.swift:387): compact, Data as
    padded standard base64; KeychainIdentityKeys.encode writes databaseKey, then privateKeyData
    (:45-49). JSONEncoder does not fix the member order (it varies per process on iOS), so this
    writes the order of the encode calls. The private key is a PrivateKey, only ever made by
    PrivateKey(_:) (LX sdks/ios/Sources/XMTPiOS/Messages/PrivateKey.swift:53-64), so a key that
    PrivateKey refuses can never be written: it is refused here with the decoder's words. Any
    clientId and inboxId string is written: the app's own tests store "test-client-123" and
    "coding-test-client" (xmtplabs/convos-ios@f47421a9:
    KeychainIdentityStoreTests/KeychainIdentityStoreTests.swift:35, 394)."""
    inbox_id, client_id = inp["inboxId"], inp["clientId"]
    if not isinstance(inbox_id, str) or not isinstance(client_id, str):
        raise ValueError("inboxId and clientId must be strings")
    private_key, database_key = hex_input(inp, "privateKey"), hex_input(inp, "databaseKey")
    public_key(private_key)
    record = ('{"inboxId":' + json_encoder_string(inbox_id) + ',"clientId":' + json_encoder_string(client_id)
              + ',"keys":{"databaseKey":' + json_encoder_string(b64encode(database_key))
              + ',"privateKeyData":' + json_encoder_string(b64encode(private_key)) + "}}")
    return {"record": record}


# --- The identity store -----------------------------------------------------------------------


class InboxStore:
    """The app database's `inbox` table (CI Storage/SharedDatabaseMigrator.swift:24-34: inboxId the
    primary key, clientId NOT NULL UNIQUE) written by InboxWriter and read by InboxesRepository."""

    def __init__(self):
        self.rows = {}  # inboxId -> clientId

    def save(self, inbox_id, client_id):
        """InboxWriter.save (CI Storage/Writers/InboxWriter.swift:31-62): an existing inbox with
        another clientId is clientIdMismatch(inboxId, existing, new); with the same clientId the row
        is returned unchanged; otherwise inserted, which the UNIQUE constraint refuses when another
        inbox holds the clientId (named as the keychain store names it, duplicateClientId: CI
        Auth/Keychain/KeychainIdentityStore.swift:371-381). A refusal writes nothing."""
        if inbox_id in self.rows:
            existing = self.rows[inbox_id]
            # InboxWriter.swift:38 compares the two clientIds as Swift Strings, by canonical
            # equivalence (the row lookups and the UNIQUE constraint compare the bytes): another
            # spelling of the stored clientId returns the row unchanged.
            if unicodedata.normalize("NFD", existing) != unicodedata.normalize("NFD", client_id):
                return {"error": "CLIENT_ID_MISMATCH", "inboxId": inbox_id,
                        "existingClientId": existing, "newClientId": client_id}
            return {"result": "unchanged"}
        if client_id in self.rows.values():
            return {"error": "DUPLICATE_CLIENT_ID", "clientId": client_id}
        self.rows[inbox_id] = client_id
        return {"result": "saved"}

    def by_client_id(self, client_id):
        """InboxesRepository.inbox(byClientId:) (CI Storage/Repositories/InboxesRepository.swift:
        31-38): SQLite `=` on TEXT, the BINARY collation, so an exact comparison."""
        for inbox_id, held in self.rows.items():
            if held == client_id:
                return inbox_id
        return None

    def delete(self, inbox_id):
        """InboxWriter.delete (CI Storage/Writers/InboxWriter.swift:64-68) calls DBInbox.deleteOne,
        whose Bool says whether a row went; the app discards it, this reports it."""
        return {"result": "deleted" if self.rows.pop(inbox_id, None) is not None else "notFound"}


def text_field(step, name):
    value = step[name]
    if not isinstance(value, str):
        raise ValueError(f"input field `{name}` must be a string")
    return value


def op_store_trace(inp):
    store, results = InboxStore(), []
    steps = inp["steps"]
    if not isinstance(steps, list):
        raise ValueError("input field `steps` must be an array")
    for step in steps:
        if not isinstance(step, dict):
            raise ValueError("a step must be an object")
        op = step.get("op")
        if op == "save":
            results.append(store.save(text_field(step, "inboxId"), text_field(step, "clientId")))
        elif op == "lookupByClientId":
            client_id = text_field(step, "clientId")
            inbox_id = store.by_client_id(client_id)
            results.append({"result": "notFound"} if inbox_id is None
                           else {"result": "found", "inboxId": inbox_id, "clientId": client_id})
        elif op == "lookupByInboxId":
            inbox_id = text_field(step, "inboxId")
            client_id = store.rows.get(inbox_id)
            results.append({"result": "notFound"} if client_id is None
                           else {"result": "found", "inboxId": inbox_id, "clientId": client_id})
        elif op == "delete":
            results.append(store.delete(text_field(step, "inboxId")))
        else:
            raise ValueError("unknown store operation")
    return {"results": results}


# --- The push backend (CI API/ConvosAPIClient.swift, API/ConvosAPIClient+Models.swift) ---------


def authenticated(method, path, jwt, body=None):
    """authenticatedRequest (CI API/ConvosAPIClient.swift:273-300): the JWT in X-Convos-AuthToken
    (the Content-Type the POSTs also carry is not listed: docs/vector-format.md)."""
    request = {"method": method, "path": path, "headers": {"X-Convos-AuthToken": jwt}}
    if body is not None:
        request["body"] = body
    return request


def unsubscribe_request(client_id, topics, jwt):
    """unsubscribeFromTopics (CI API/ConvosAPIClient.swift:511-519; UnsubscribeRequest, Models
    :116-124)."""
    return authenticated("POST", "v2/notifications/unsubscribe", jwt, {"clientId": client_id, "topics": topics})


def unregister_request(client_id, jwt):
    """unregisterInstallation (CI API/ConvosAPIClient.swift:521-525): the clientId in the path as
    the app builds the string, no body."""
    return authenticated("DELETE", f"v2/notifications/unregister/{client_id}", jwt)


def string_list(inp, name):
    value = inp[name]
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ValueError(f"input field `{name}` must be an array of strings")
    return value


def op_backend_request(inp):
    kind = inp["request"]
    if kind == "registerDevice":
        # registerDevice (CI API/ConvosAPIClient.swift:122-149): App Check, not the JWT; the token
        # type and APNs environment only with a token that is not blank (:135-141), the environment
        # being "sandbox" for the sandbox and "production" otherwise (:136); RegisterDeviceRequest's
        # optionals are left out when nil (Models :60-72, synthesized encodeIfPresent).
        device_id, app_check = text_field(inp, "deviceId"), text_field(inp, "appCheckToken")
        body = {"deviceId": device_id}
        token = inp.get("pushToken")
        if token is not None:
            if not isinstance(token, str):
                raise ValueError("input field `pushToken` must be a string")
            body["pushToken"] = token
            if not is_blank(token):
                body["pushTokenType"] = "apns"
                env = inp.get("apnsEnv")
                if env is not None:
                    if env not in ("sandbox", "production"):
                        raise ValueError("apnsEnv must be sandbox or production")
                    body["apnsEnv"] = env
        return {"method": "POST", "path": "v2/device/register", "headers": {"X-Firebase-AppCheck": app_check}, "body": body}
    jwt = text_field(inp, "jwt")
    if kind == "subscribe":
        # subscribeToTopics (CI API/ConvosAPIClient.swift:493-509): each topic with no hmac keys.
        topics = [{"topic": t, "hmacKeys": []} for t in string_list(inp, "topics")]
        body = {"deviceId": text_field(inp, "deviceId"), "clientId": text_field(inp, "clientId"), "topics": topics}
        return authenticated("POST", "v2/notifications/subscribe", jwt, body)
    if kind == "unsubscribe":
        return unsubscribe_request(text_field(inp, "clientId"), string_list(inp, "topics"), jwt)
    if kind == "unregister":
        return unregister_request(text_field(inp, "clientId"), jwt)
    raise ValueError("unknown backend request")


# XMTPEnvironment's raw values, which name the SDK's database file (LX899
# sdks/ios/Sources/XMTPiOS/XMTPEnvironment.swift:19-22; Client.swift:382).
SDK_ENVIRONMENT = {"production": "grpc.production.xmtp.network", "dev": "grpc.dev.xmtp.network", "local": "localhost"}


def op_teardown(inp):
    """performInboxCleanup (CI Inboxes/InboxStateMachine.swift:921-987), in ADR 002 section 5's
    order (xmtplabs/convos-ios@f47421a9:docs/adr/002-per-conversation-identity-model.md:164-172):
    unsubscribe, unregister, the database records, the keychain identity, the XMTP files.
    deployed: the unsubscribe names the inbox's welcome topic only (:933-944); the files go through
    the SDK's deleteLocalDatabase(), which removes dbPath alone (:976-984; LX899
    sdks/ios/Sources/XMTPiOS/Client.swift:382, 847-851).
    hardened (identity_backend tcId 151): every topic of the conversation and the welcome topic,
    and the SDK's file with its -shm, -wal and .sqlcipher_salt companions."""
    inbox_id, client_id, jwt = text_field(inp, "inboxId"), text_field(inp, "clientId"), text_field(inp, "jwt")
    topics, welcome = string_list(inp, "topics"), text_field(inp, "welcomeTopic")
    environment = inp["environment"]
    if environment not in SDK_ENVIRONMENT:
        raise ValueError("environment must be production, dev or local")
    database = f"xmtp-{SDK_ENVIRONMENT[environment]}-{inbox_id}.db3"
    if inp["profile"] == "hardened":
        unsubscribed = topics + [welcome]
        files = [database, database + ".sqlcipher_salt", database + "-shm", database + "-wal"]
    else:
        unsubscribed, files = [welcome], [database]
    return {"steps": [
        {"step": "unsubscribe", "request": unsubscribe_request(client_id, unsubscribed, jwt)},
        {"step": "unregister", "request": unregister_request(client_id, jwt)},
        {"step": "deleteDatabaseRecords", "inboxId": inbox_id},
        {"step": "deleteKeychainIdentity", "inboxId": inbox_id},
        {"step": "deleteXMTPDatabaseFiles", "files": files},
    ]}


def payload_client_id(payload):
    """The app's first look at a push (CI Notifications/PushNotificationPayload.swift:50-57,
    143-148; Inboxes/CachedPushNotificationHandler.swift:88-96): `clientId as? String`, a wrong type
    read as absent; blank after trimming whitespace and newlines is dropped. The legacy `inboxId`
    key is never read: its presence only names the refusal."""
    if not isinstance(payload, dict):
        raise ProtocolError("MALFORMED_PAYLOAD")  # APNs always hands the app a dictionary
    client_id = payload.get("clientId")
    if not isinstance(client_id, str):
        raise ProtocolError("LEGACY_INBOX_ID_PAYLOAD" if "inboxId" in payload else "MISSING_CLIENT_ID")
    if is_blank(client_id):
        raise ProtocolError("MISSING_CLIENT_ID")
    return client_id


def op_resolve_push(inp):
    """Identities saved and deleted through the store, then the push's clientId looked up as the
    notification extension does (CI Inboxes/CachedPushNotificationHandler.swift:99-111), before
    anything else of the payload is read. A refused save changes nothing (InboxWriter)."""
    store = InboxStore()
    for saved in inp["saved"]:
        store.save(text_field(saved, "inboxId"), text_field(saved, "clientId"))
    for inbox_id in inp["deletedInboxIds"]:
        if not isinstance(inbox_id, str):
            raise ValueError("deletedInboxIds must be strings")
        store.delete(inbox_id)
    inbox_id = store.by_client_id(payload_client_id(inp["payload"]))
    if inbox_id is None:
        return {"outcome": "unknownClientId"}
    return {"outcome": "routed", "inboxId": inbox_id}


OPERATIONS = {
    "identity.keccak256": op_keccak256,
    "identity.fromPrivateKey": op_from_private_key,
    "identity.keychainEncode": op_keychain_encode,
    "identity.keychainDecode": op_keychain_decode,
    "identity.storeTrace": op_store_trace,
    "identity.backendRequest": op_backend_request,
    "identity.teardown": op_teardown,
    "identity.resolvePush": op_resolve_push,
}
PROFILES = {
    "identity.keychainDecode": ["deployed", "hardened"],
    "identity.teardown": ["deployed", "hardened"],
}

# Every operation is offered (adapters/python/README.md "Pending operations").
PENDING = {}
