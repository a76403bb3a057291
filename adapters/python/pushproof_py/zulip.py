"""Zulip: sealed push registration (client, bouncer) and the notification envelope, deployed
profile. The envelope follows the pinned upstream code: the server zulip/zulip@48f74227
(zerver/lib/push_notifications.py) and the client zulip/zulip-flutter@e989e4f; the comments cite
the lines (docs/audit/envelope.md)."""
import base64
import binascii
import hashlib
import hmac
import math
import urllib.parse
from typing import Annotated

from nacl import bindings
from nacl.exceptions import CryptoError
from pydantic import BaseModel, StringConstraints, ValidationError, model_validator

from .common import ProtocolError, b64decode_strict, b64encode, compact, is_int, strict_loads

LIVENESS = 86400
MAX_TOKEN = 4096


def token_id(token):
    return hashlib.sha256(token.encode("utf-8")).digest()[:8]


def op_token_id(inp):
    tid = token_id(inp["token"])
    return {"tokenId": b64encode(tid), "tokenIdInt64": str(int.from_bytes(tid, "big", signed=True))}


def registration_plaintext(reg):
    ordered = {"token_kind": reg["token_kind"], "token": reg["token"], "timestamp": reg["timestamp"]}
    if reg.get("ios_app_id") is not None:
        ordered["ios_app_id"] = reg["ios_app_id"]
    return compact(ordered).encode("utf-8")


def sealed_box_nonce(epk, pk):
    return hashlib.blake2b(epk + pk, digest_size=24).digest()


def op_seal(inp):
    pk = b64decode_strict(inp["bouncerPublicKey"])
    esk = bytes.fromhex(inp["ephemeralSecretKey"])
    epk = bindings.crypto_scalarmult_base(esk)
    reg = inp["registration"]
    plaintext = registration_plaintext(reg)
    nonce = sealed_box_nonce(epk, pk)
    box = epk + bindings.crypto_box(plaintext, nonce, pk, esk)
    return {"plaintext": plaintext.decode("utf-8"), "ephemeralPublicKey": epk.hex(), "nonce": nonce.hex(),
            "encryptedPushRegistration": b64encode(box), "tokenId": b64encode(token_id(reg["token"]))}


def bad():
    return ProtocolError("BAD_REQUEST")


# The bouncer's model of the decrypted registration, as upstream declares it
# (zulip/zulip@99445ce4:zilencer/views.py PushRegistration, ApnsAppId from
# zerver/lib/typed_endpoint.py): pydantic in its default lax mode, so unknown keys are ignored,
# the last of duplicate keys is kept, and timestamp may be a numeric string, an integral float or
# a boolean. Validated with pydantic itself: its coercions are the deployed behaviour.
ApnsAppId = Annotated[str, StringConstraints(pattern=r"^[.a-zA-Z0-9-]+$")]


class PushRegistration(BaseModel):
    token: str
    token_kind: str
    ios_app_id: ApnsAppId | None = None
    timestamp: int

    def is_valid_token(self):
        if self.token == "" or len(self.token) > MAX_TOKEN:
            return False
        if self.token_kind == "apns":
            try:
                bytes.fromhex(self.token)  # skips ASCII whitespace between pairs
            except ValueError:
                return False
        return True

    @model_validator(mode="after")
    def validate_terms(self):
        if self.token_kind not in ("apns", "fcm"):
            raise ValueError("Invalid token_kind")
        if self.token_kind == "apns" and self.ios_app_id is None:
            raise ValueError("Missing ios_app_id")
        if self.token_kind == "fcm" and self.ios_app_id is not None:
            raise ValueError("ios_app_id should be null")
        if not self.is_valid_token():
            raise ValueError("Invalid token")
        return self


def validate_plaintext(plaintext):
    try:
        reg = PushRegistration.model_validate_json(plaintext)
    except ValidationError:
        raise bad()
    result = {"token_kind": reg.token_kind, "token": reg.token, "timestamp": reg.timestamp}
    if reg.ios_app_id is not None:
        result["ios_app_id"] = reg.ios_app_id
    return result


class Bouncer:
    def __init__(self, config):
        self.active, self.retired = {}, set()
        for entry in config["keyRing"]:
            sk = bytes.fromhex(entry["secretKey"])
            pk = bindings.crypto_scalarmult_base(sk)
            if b64encode(pk) != entry["publicKey"]:
                raise ValueError("keyRing entry does not match")
            self.active[entry["publicKey"]] = (pk, sk)
            if entry["status"] == "retired":
                self.retired.add(entry["publicKey"])
        for key in self.retired:
            del self.active[key]
        self.now = config["now"]
        self.devices = []  # (realm, token_id) -> record, in creation order

    def register(self, request):
        """register_remote_push_device (zilencer/views.py@5bbfa671:558-681), its steps in order."""
        for field in ("realm_uuid", "bouncer_public_key", "encrypted_push_registration", "token_id"):
            if not isinstance(request.get(field), str):  # :663-666, every field a plain str
                raise bad()
        keys = self.active.get(request["bouncer_public_key"])  # :605-606, the exact string
        if keys is None:
            raise ProtocolError("INVALID_BOUNCER_PUBLIC_KEY")
        # PyNaCl's Base64Encoder.decode is the non-validating base64.b64decode: characters outside
        # the alphabet are dropped, unused bits ignored; its binascii.Error is not caught (HTTP 500).
        try:
            box = base64.b64decode(request["encrypted_push_registration"].encode("utf-8"))
        except binascii.Error:
            raise ProtocolError("SERVER_ERROR")
        try:  # SealedBox.decrypt: a box under 48 bytes is a TypeError, a forged one a CryptoError
            plaintext = bindings.crypto_box_seal_open(box, keys[0], keys[1])
        except (TypeError, CryptoError):
            raise bad()
        reg = validate_plaintext(plaintext)
        # :625-628: token_id is the text as sent, against base64 of the token's own id.
        if not hmac.compare_digest(request["token_id"].encode("utf-8"), b64encode(token_id(reg["token"])).encode()):
            raise bad()
        if self.now - reg["timestamp"] > LIVENESS:
            raise ProtocolError("REQUEST_EXPIRED")
        key = (request["realm_uuid"], token_id(reg["token"]))
        for number, (existing_key, existing_reg) in enumerate(self.devices, start=1):
            if existing_key == key:
                return {"deviceId": number, "created": False, "registration": existing_reg}
        self.devices.append((key, reg))
        return {"deviceId": len(self.devices), "created": True, "registration": reg}


def op_bouncer(inp):
    bouncer = Bouncer(inp["bouncer"])
    for prior in inp.get("priorRequests", []):
        bouncer.register(prior)
    return bouncer.register(inp["request"])


# --- the notification envelope ---

def truncate(content):
    # zulip/zulip@48f74227 zerver/lib/push_notifications.py:963-970
    return content if len(content) <= 200 else content[:200] + "\u2026"


def build_notification(raw, distinct_removal_ids=False):
    """The server's payload dict, keys inserted in upstream's order (zulip/zulip@48f74227
    push_notifications.py: base 973-986, message 997-1066 then 1223-1234, removal 1245-1252,
    test 1961-1963); orjson writes that order as it is."""
    n = {"realm_url": raw["realm_url"], "realm_name": raw["realm_name"], "user_id": raw["user_id"]}
    if raw["type"] == "message":
        n["sender_id"] = raw["sender_id"]
        group = raw.get("mentioned_user_group")
        if group:
            n["mentioned_user_group_id"], n["mentioned_user_group_name"] = group["id"], group["name"]
        recipient = raw["recipient"]
        if recipient["type"] == "channel":
            n.update(recipient_type="channel", channel_name=recipient["channel_name"],
                     channel_id=recipient["channel_id"], topic=recipient["topic"])
        else:
            n.update(recipient_type="direct",
                     recipient_user_ids=sorted(set(recipient["user_ids"]) | {raw["sender_id"], raw["user_id"]}))
        n.update(type="message", message_id=raw["message_id"], time=raw["time"], content=truncate(raw["content"]),
                 sender_full_name=raw["sender_full_name"], sender_avatar_url=raw["sender_avatar_url"])
        return n
    if raw["type"] == "remove":
        # push_notifications.py:1320-1321: sorted(message_ids)[-200:], repeats kept.
        ids = set(raw["message_ids"]) if distinct_removal_ids else raw["message_ids"]
        return dict(n, type="remove", message_ids=sorted(ids)[-200:])
    return dict(n, type="test", time=raw["time"])


def push_key(raw):
    if len(raw) != 33 or raw[0] != 0x31:
        raise ProtocolError("INVALID_PUSH_KEY")
    return raw[1:]


def op_encrypt(inp):
    key = push_key(bytes.fromhex(inp["pushKey"]))
    plaintext = compact(build_notification(inp["notification"])).encode("utf-8")  # orjson.dumps: compact, UTF-8
    nonce = bytes.fromhex(inp["nonce"])
    return {"plaintext": plaintext.decode("utf-8"), "encryptedData": b64encode(nonce + bindings.crypto_secretbox(plaintext, nonce, key))}


def op_bouncer_payload(inp):
    """What Zulip's bouncer hands to APNs / FCM (zulip/zulip@00f1fd8f): the server picks priority
    and push type, a removal 5 / background / "normal", anything else 10 / alert / "high"
    (zerver/lib/push_notifications.py:1510-1517); APNs gets the dataclass as a dict with the one
    `aps` default (1439-1465), FCM string values (zilencer/lib/push_notifications.py:216-229).
    There is no size check: the service refuses an oversized payload and the bouncer logs it."""
    key_id, data = inp["pushKeyId"], inp["encryptedData"]
    if inp["service"] == "apns":
        body = {"push_key_id": key_id, "encrypted_data": data, "aps": {"mutable-content": 1, "alert": {"title": "New notification"}}}
        headers = {"apns-priority": "10", "apns-push-type": "alert"} if inp["priority"] == "high" else \
            {"apns-priority": "5", "apns-push-type": "background"}
        return {"headers": headers, "body": body}
    return {"priority": inp["priority"], "data": {"push_key_id": str(key_id), "encrypted_data": data}}


UNRESERVED = set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~")
HEX = set("0123456789abcdefABCDEF")


def is_ipv6(text):
    """Dart's Uri.parseIPv6Address: up to eight groups of 1-4 hex digits, one `::`, a dotted
    quad as the last two groups."""
    def groups(part, last):
        if not part:
            return 0
        count, pieces = 0, part.split(":")
        for n, piece in enumerate(pieces):
            if last and n == len(pieces) - 1 and "." in piece:
                octets = piece.split(".")
                if len(octets) != 4 or not all(o and len(o) <= 3 and o.isascii() and o.isdigit() and int(o) <= 255
                                               for o in octets):
                    return None
                count += 2
            elif 1 <= len(piece) <= 4 and set(piece) <= HEX:
                count += 1
            else:
                return None
        return count
    halves = text.split("::")
    if not text or len(halves) > 2:
        return False
    if len(halves) == 1:
        return groups(text, True) == 8
    a, b = groups(halves[0], False), groups(halves[1], True)
    return a is not None and b is not None and a + b <= 7


def dart_uri(text):
    """Dart's Uri.parse (dart-lang/sdk sdk/lib/core/uri.dart) as far as an origin depends on it:
    (scheme, host or None, port or None), None where it throws FormatException (a port that is not
    digits, an unclosed or invalid IPv6 literal, an empty or invalid scheme). A reg-name host is
    lower-cased, unreserved escapes decoded, a stray `%` written `%25`; a default port dropped."""
    scheme, rest = "", text
    first = next((i for i, c in enumerate(text) if c in ":/?#"), None)
    if first is not None and text[first] == ":":
        cand = text[:first]
        if not cand or not (cand[0].isascii() and cand[0].isalpha()) or \
                any(not (c.isascii() and (c.isalnum() or c in "+-.")) for c in cand):
            return None
        scheme, rest = cand.lower(), text[first + 1:]
    if not rest.startswith("//"):
        return scheme, None, None
    rest = rest[2:]
    end = next((i for i, c in enumerate(rest) if c in "/?#"), len(rest))
    authority = rest[:end].rpartition("@")[2]
    port_text = ""
    if authority.startswith("["):
        close = authority.find("]")
        if close < 0 or not is_ipv6(authority[1:close]):
            return None
        host, after = authority[:close + 1].lower(), authority[close + 1:]
        if after:
            if after[0] != ":":
                return None
            port_text = after[1:]
    else:
        host, colon, port_text = authority.rpartition(":")
        if not colon:
            host, port_text = authority, ""
        out, i = [], 0
        while i < len(host):
            if host[i] == "%":
                pair = host[i + 1:i + 3]
                if len(pair) == 2 and set(pair) <= HEX:
                    c = chr(int(pair, 16))
                    out.append(c.lower() if c in UNRESERVED else "%" + pair.upper())
                    i += 3
                    continue
                out.append("%25")
            else:
                out.append(host[i].lower())
            i += 1
        host = "".join(out)
    port = None
    if port_text:
        if not all(c in "0123456789" for c in port_text):
            return None
        port = int(port_text)
    if port == {"http": 80, "https": 443}.get(scheme):
        port = None
    return scheme, host, port


def origin(url):
    """Dart's Uri.parse(url).origin; None where either throws (no scheme, a scheme other than http
    and https, no or an empty host)."""
    uri = dart_uri(url)
    if uri is None or uri[0] not in ("http", "https") or not uri[1]:
        return None
    return (uri[0], uri[1], uri[2])


def surviving_keys(keys, runs, now):
    """The indices of the keys still stored at `now`, replaying zulip-flutter@e989e4f's
    maybeRotatePushKeys (lib/model/push_key.dart:152-216) at every run up to `now`: a run happens
    when a key is made (step 1), when an acknowledgement arrives (lib/model/push_device.dart:83-86)
    and at the input's rotationRuns (the store loading, push_device.dart:27-29). Step 3a stamps with
    the run's time the unstamped keys created before the key the server acknowledges (the one
    acknowledged last); 3b those created before the newest key at least 15 days old; step 4 removes
    the keys stamped at least 30 days before the run. Older is `createdTimestamp <` (181-207), so
    keys of the same second never supersede one another. Times are within a Dart DateTime's
    range (the input contract)."""
    moments = {k["createdAt"] for k in keys} | {k["acknowledgedAt"] for k in keys if "acknowledgedAt" in k}
    stamps, removed = {}, set()
    for run in sorted(t for t in moments | set(runs) if t <= now):
        stored = [i for i, k in enumerate(keys) if k["createdAt"] <= run and i not in removed]

        def stamp_older_than(deciding):
            for i in stored:
                if keys[i]["createdAt"] < keys[deciding]["createdAt"] and i not in stamps:
                    stamps[i] = run
        acks = [(k["acknowledgedAt"], i) for i, k in enumerate(keys) if k.get("acknowledgedAt", run + 1) <= run]
        if acks and max(acks)[1] in stored:  # 3a: the acknowledged key, while the store holds it
            stamp_older_than(max(acks)[1])
        old = [i for i in stored if run - keys[i]["createdAt"] >= 15 * 86400]
        if old:  # 3b
            stamp_older_than(max(old, key=lambda i: keys[i]["createdAt"]))
        removed |= {i for i in stored if i in stamps and run - stamps[i] >= 30 * 86400}  # 4
    return set(range(len(keys))) - removed


def parse_notification(n):
    """A message or remove notification as zulip-flutter@e989e4f reads it
    (lib/api/notifications.dart:93-260, notifications.g.dart:39-101): `realm_name` and
    `channel_name` optional (`as String?`); the recipient a channel when `channel_id` is present,
    a DM otherwise (`recipient_type` is not read); mentioned user groups are not read. Written
    back as the reference writes it (recipient_type from the recipient found). `n` is the decrypted
    plaintext, already read as a JSON object (receive.dart:295)."""
    def fail():
        return ProtocolError("MALFORMED_NOTIFICATION")

    def dart_int(value):
        """(value as num).toInt(): any JSON number, a fraction truncated toward zero. An integer
        literal past 64 bits is a double to Dart's jsonDecode, and the Dart VM's double.toInt()
        saturates at the ends of the 64-bit range; infinity (1e400) throws."""
        if type(value) is float and math.isfinite(value):
            value = math.trunc(value)
        if not is_int(value):
            raise fail()
        return max(-2**63, min(value, 2**63 - 1))

    def need(name, kind):
        value = n.get(name)
        if kind is int:
            return dart_int(value)
        if not isinstance(value, str):
            raise fail()
        return value

    def optional(name):
        value = n.get(name)
        if value is not None and not isinstance(value, str):
            raise fail()
        return value
    def uri(name):  # notifications.g.dart:41, 45, 89: Uri.parse throws FormatException
        value = need(name, str)
        if dart_uri(value) is None:
            raise fail()
        return value
    out = {"type": need("type", str), "realm_url": uri("realm_url")}
    realm_name = optional("realm_name")
    if realm_name is not None:
        out["realm_name"] = realm_name
    out["user_id"] = need("user_id", int)
    if out["type"] == "message":
        for name, kind in (("sender_id", int), ("sender_full_name", str), ("sender_avatar_url", str), ("message_id", int),
                           ("time", int), ("content", str)):
            out[name] = uri(name) if name == "sender_avatar_url" else need(name, kind)
        if "channel_id" in n:  # notifications.dart:190-196
            out.update(recipient_type="channel", channel_id=need("channel_id", int), topic=need("topic", str))
            channel_name = optional("channel_name")
            if channel_name is not None:
                out["channel_name"] = channel_name
        else:
            ids = n.get("recipient_user_ids")
            if not isinstance(ids, list):
                raise fail()
            out.update(recipient_type="direct", recipient_user_ids=[dart_int(i) for i in ids])
    else:  # "remove": the caller has dropped every other type (receive.dart:296-300)
        ids = n.get("message_ids")
        if not isinstance(ids, list):
            raise fail()
        out["message_ids"] = [dart_int(i) for i in ids]
    return out


# zulip-flutter@e989e4f reads a delivered payload (lib/api/notifications.g.dart:11-29):
# APNs `(push_key_id as num).toInt()` and `base64Decode(encrypted_data as String)`, a failure
# thrown; FCM `int.parse(push_key_id, radix: 10)` and the same decoding, a failure caught and
# handed to the legacy path, which ignores it (lib/notifications/receive.dart:221-228, 237-270).
DART_WHITESPACE = "\t\n\v\f\r \x85\xa0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a" \
    "\u2028\u2029\u202f\u205f\u3000\ufeff"


def dart_int_parse(text):
    """int.parse(text, radix: 10): whitespace around, an optional sign, ASCII digits, 64 bits."""
    body = text.strip(DART_WHITESPACE)
    sign = 1
    if body[:1] in ("+", "-"):
        sign, body = (-1 if body[0] == "-" else 1), body[1:]
    if not body or any(c not in "0123456789" for c in body):
        return None
    value = sign * int(body)
    return value if -2**63 <= value < 2**63 else None


def dart_to_int_key(number):
    """num.toInt() of what jsonDecode gave, as a key id; None when no key can have it."""
    if type(number) is int:
        return number if 0 <= number <= 0xFFFFFFFF else None
    if not math.isfinite(number):
        return None
    whole = math.trunc(number)
    return whole if 0 <= whole <= 0xFFFFFFFF else None


def dart_base64(text):
    """base64Decode (dart-lang/sdk sdk/lib/convert/base64.dart, _Base64Decoder): either alphabet,
    padding required, `=` or URL-encoded `%3D`, zero unused bits."""
    if not isinstance(text, str):
        raise ValueError("not base64")
    text = text.replace("%3D", "=").replace("%3d", "=")
    if len(text) % 4:
        raise ValueError("not base64")
    return b64decode_strict(text.replace("-", "+").replace("_", "/"))


class Legacy(Exception):
    """FCM data that does not read as an E2EE message."""


def read_payload(service, payload):
    malformed = ProtocolError("MALFORMED_PAYLOAD")
    if not isinstance(payload, dict):
        raise malformed
    if service == "apns":
        raw_id = payload.get("push_key_id")
        if type(raw_id) not in (int, float):
            raise malformed
        try:
            return dart_to_int_key(raw_id), dart_base64(payload.get("encrypted_data"))
        except ValueError:
            raise malformed
    raw_id = payload.get("push_key_id")
    key_id = dart_int_parse(raw_id) if isinstance(raw_id, str) else None
    if key_id is None:
        raise Legacy()
    try:
        data = dart_base64(payload.get("encrypted_data"))
    except ValueError:
        raise Legacy()
    return (key_id if 0 <= key_id <= 0xFFFFFFFF else None), data


def op_receive(inp):
    try:
        key_id, data = read_payload(inp["service"], inp["payload"])
    except Legacy:
        return {"outcome": "droppedAsLegacy"}
    keys = inp["keys"]
    index = next((i for i, k in enumerate(keys) if k["id"] == key_id), None) if key_id is not None else None
    if index is None or index not in surviving_keys(keys, inp.get("rotationRuns", []), inp["now"]):  # receive.dart:283-290
        return {"outcome": "droppedUnknownKey"}
    if len(data) < 40:
        raise ProtocolError("MALFORMED_PAYLOAD")
    key = push_key(bytes.fromhex(keys[index]["pushKey"]))
    try:  # lib/model/push_key.dart:287-303
        plaintext = bindings.crypto_secretbox_open(data[24:], data[:24], key)
    except CryptoError:
        raise ProtocolError("AUTHENTICATION_FAILED")
    try:  # receive.dart:295: the plaintext must be a JSON object
        value = strict_loads(plaintext)
    except (ValueError, UnicodeDecodeError):
        raise ProtocolError("MALFORMED_NOTIFICATION")
    if not isinstance(value, dict):
        raise ProtocolError("MALFORMED_NOTIFICATION")
    if value.get("type") not in ("message", "remove"):  # notifications.dart:72-78, receive.dart:296-300
        return {"outcome": "droppedUnexpectedType"}
    n = parse_notification(value)
    account = inp["account"]
    # receive.dart:302-306. The account's own realm_url is an http(s) URL (the input contract). The
    # notification's origin is taken first: Dart's .origin throws for one without an http(s) origin,
    # and a throw is no drop (the notification is not read).
    theirs = origin(n["realm_url"])
    if theirs is None:
        raise ProtocolError("MALFORMED_NOTIFICATION")
    if n["user_id"] != account["user_id"] or theirs != origin(account["realm_url"]):
        return {"outcome": "droppedOtherAccount"}
    return {"outcome": "delivered", "notification": n}


OPERATIONS = {
    "registration.tokenId": op_token_id,
    "registration.seal": op_seal,
    "registration.bouncer": op_bouncer,
    "envelope.encrypt": op_encrypt,
    "envelope.bouncerPayload": op_bouncer_payload,
    "envelope.receive": op_receive,
}
