"""Catbird device identity (docs/catbird.md "Device identity", docs/vector-format.md
`catbird.bareDid` ... `catbird.signedAt`; vector file catbird_identity).

deployed: the clean protocol's primitives, VR = joshlacal/mls-ds@10b0febc:server/src/chat_protocol/validation.rs
(read file by file; the identifiers are the crates' own: uuid 1.x `Uuid::parse_str`, chrono's
`NaiveDateTime::parse_from_str`, base64's `URL_SAFE_NO_PAD`).
legacy: LG = joshlacal/mls-ds@5278d0ce:server/src/ (device_utils.rs, db.rs).
proposal: the design document (seed 003): the MLS identity `did:plc:josh#<device-uuid>` (003:66, 223).
The device key: CORE = joshlacal/CatbirdMLSCore@3071f3ad:Sources/CatbirdMLSCore/Service/MLSDeviceManager.swift.
"""
import base64
import datetime
import hashlib
import re

from nacl.signing import SigningKey

from .common import ProtocolError

HEX = re.compile(r"(?:[0-9a-fA-F]{2})*", re.ASCII)

# VR:14-24: the reserved top-level names of a did:web host.
RESERVED_TLDS = ("alt", "arpa", "example", "internal", "invalid", "local", "localhost", "onion", "test")


def text(inp, name):
    value = inp[name]
    if not isinstance(value, str):
        raise ValueError(f"{name}: a string")
    return value


def hex_bytes(inp, name):
    value = text(inp, name)
    if not HEX.fullmatch(value):
        raise ValueError(f"{name}: hex")
    return bytes.fromhex(value)


def is_ascii_lower(b):
    return 0x61 <= b <= 0x7A


def is_ascii_digit(b):
    return 0x30 <= b <= 0x39


def is_ascii_alnum(b):
    return is_ascii_lower(b) or is_ascii_digit(b) or 0x41 <= b <= 0x5A


def valid_handle_hostname(host):
    """validate_handle_hostname (VR:154-188)."""
    raw = host.encode("utf-8", "surrogatepass")
    # VR:155-162: non-empty, at most 253 bytes, ASCII, no trailing dot, no upper-case letter.
    if not raw or len(raw) > 253 or not host.isascii() or host.endswith(".") or any(0x41 <= b <= 0x5A for b in raw):
        return False
    labels = raw.split(b".")
    # VR:163-168: at least two labels.
    if len(labels) < 2:
        return False
    for label in labels:
        # VR:169-180: 1-63 bytes of [a-z0-9-], first and last alphanumeric.
        if (not label or len(label) > 63
                or not all(is_ascii_lower(b) or is_ascii_digit(b) or b == 0x2D for b in label)
                or not is_ascii_alnum(label[0]) or not is_ascii_alnum(label[-1])):
            return False
    tld = labels[-1]
    # VR:181-186: the TLD starts with a letter and is not reserved.
    return is_ascii_lower(tld[0]) and tld.decode() not in RESERVED_TLDS


def parse_bare_did(value):
    """BareDid::parse (VR:30-49); INVALID_DID for every refusal (InvalidRequest upstream)."""
    raw = value.encode("utf-8", "surrogatepass")
    # VR:31-33: 12-261 bytes, ASCII.
    if not 12 <= len(raw) <= 261 or not value.isascii():
        raise ProtocolError("INVALID_DID")
    # VR:34-43: did:plc: and exactly 24 of [a-z2-7].
    if value.startswith("did:plc:"):
        ident = raw[8:]
        if len(ident) == 24 and all(is_ascii_lower(b) or 0x32 <= b <= 0x37 for b in ident):
            return value
        raise ProtocolError("INVALID_DID")
    # VR:44-47: otherwise did:web: and a handle hostname.
    if not value.startswith("did:web:") or not valid_handle_hostname(value[8:]):
        raise ProtocolError("INVALID_DID")
    return value


UUID_V4 = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}", re.ASCII)


def parse_device_id(value):
    """CanonicalUuidV4::parse (VR:197-213): 36 ASCII bytes, `Uuid::parse_str` (at 36 bytes only the
    hyphenated form, hex of either case), version 4 (VR:203), the RFC 4122 variant 10xx (VR:204),
    and equal to its lower-case hyphenated printing (VR:205): the pattern above, exactly."""
    if not UUID_V4.fullmatch(value):
        raise ProtocolError("INVALID_DEVICE_ID")
    return value


def days_in_month(year, month):
    if month == 2:
        return 29 if (year % 4 == 0 and (year % 100 != 0 or year % 400 == 0)) else 28
    return 30 if month in (4, 6, 9, 11) else 31


EPOCH = datetime.datetime(1970, 1, 1)


def parse_timestamp(value):
    """CanonicalTimestamp::parse (VR:237-271): milliseconds since 1970. INVALID_TIMESTAMP."""
    raw = value.encode("utf-8", "surrogatepass")
    # VR:239-254: exactly 24 bytes, `-` `-` `T` `:` `:` `.` `Z` in place, ASCII digits elsewhere.
    punct = {4: 0x2D, 7: 0x2D, 10: 0x54, 13: 0x3A, 16: 0x3A, 19: 0x2E, 23: 0x5A}
    if len(raw) != 24 or any(raw[i] != c for i, c in punct.items()) or not all(
            is_ascii_digit(b) for i, b in enumerate(raw) if i not in punct):
        raise ProtocolError("INVALID_TIMESTAMP")
    # VR:255-260: no leap second.
    if int(value[17:19]) > 59:
        raise ProtocolError("INVALID_TIMESTAMP")
    year, month, day = int(value[0:4]), int(value[5:7]), int(value[8:10])
    hour, minute, millis = int(value[11:13]), int(value[14:16]), int(value[20:23])
    # VR:261-262: chrono's fields (month 1-12, a real day, hour 0-23, minute 0-59);
    # VR:264: year at least 1 (the re-printing then equals the input: %Y is four digits here).
    if year < 1 or not 1 <= month <= 12 or not 1 <= day <= days_in_month(year, month) or hour > 23 or minute > 59:
        raise ProtocolError("INVALID_TIMESTAMP")
    instant = datetime.datetime(year, month, day, hour, minute, int(value[17:19]))
    delta = instant - EPOCH
    return (delta.days * 86400 + delta.seconds) * 1000 + millis


def key_id(public_key):
    """ed25519_key_id (VR:376-381): a 32-byte key, base64url without padding of its SHA-256."""
    if len(public_key) != 32:
        raise ProtocolError("INVALID_SIGNATURE_KEY")
    return base64.urlsafe_b64encode(hashlib.sha256(public_key).digest()).rstrip(b"=").decode()


def op_bare_did(inp):
    return {"did": parse_bare_did(text(inp, "did"))}


def op_device_id(inp):
    return {"deviceId": parse_device_id(text(inp, "deviceId"))}


def op_credential_identity(inp):
    did, device = text(inp, "did"), text(inp, "deviceId")
    profile = inp.get("profile")
    if profile == "legacy":
        # LG db.rs:874-883: the credential identity must equal the owner's DID, compared as text; the
        # owner's DID is the caller's text before its first `#` (LG handlers/mls_chat/register_device.rs:87,
        # 367-369). Neither its syntax nor the device id is read.
        return {"identity": did}
    if profile == "proposal":
        # Seed 003:66, 131, 223: did:plc:josh#<device-uuid>; the design names no grammar for either part
        # (its own examples: did:plc:josh, iphone-uuid), so both are joined as given.
        return {"identity": did + "#" + device}
    # VR:146-152 over BareDid (VR:30-49) and CanonicalUuidV4 (VR:197-213), parsed in that order.
    parse_bare_did(did)
    parse_device_id(device)
    return {"identity": did + "#" + device}


def op_split_device_did(inp):
    """parse_device_did (LG device_utils.rs:19-33): split at the first `#`; an empty half is refused;
    no `#` is the single-device form (text, "")."""
    value = text(inp, "deviceDid")
    if "#" in value:
        user, device = value.split("#", 1)
        if not user or not device:
            raise ProtocolError("INVALID_DEVICE_DID")
        return {"did": user, "deviceId": device}
    return {"did": value, "deviceId": ""}


def op_key_id(inp):
    return {"keyId": key_id(hex_bytes(inp, "publicKey"))}


def op_device_key(inp):
    """CORE:73, 354-366: `Curve25519.Signing.PrivateKey(rawRepresentation:)` takes exactly 32
    bytes (the seed) and the public key is its `rawRepresentation`; the key id as VR:376-381."""
    seed = hex_bytes(inp, "seed")
    if len(seed) != 32:
        raise ProtocolError("INVALID_SIGNATURE_KEY")
    public = bytes(SigningKey(seed).verify_key)
    return {"publicKey": public.hex(), "keyId": key_id(public)}


def op_signed_at(inp):
    """validate_first_execution_signed_at (VR:433-450): signedAt (the body's CanonicalTimestamp)
    within [now - 300,000 ms, now + 60,000 ms], both ends included (a RangeInclusive)."""
    signed = parse_timestamp(text(inp, "signedAt"))
    now = parse_timestamp(text(inp, "now"))
    offset = signed - now
    if not -300_000 <= offset <= 60_000:
        raise ProtocolError("SIGNED_AT_OUT_OF_WINDOW")
    return {"offsetMilliseconds": offset}


OPERATIONS = {
    "catbird.bareDid": op_bare_did,
    "catbird.deviceId": op_device_id,
    "catbird.credentialIdentity": op_credential_identity,
    "catbird.splitDeviceDid": op_split_device_did,
    "catbird.keyId": op_key_id,
    "catbird.deviceKey": op_device_key,
    "catbird.signedAt": op_signed_at,
}

PROFILES = {
    "catbird.credentialIdentity": ["deployed", "legacy", "proposal"],
    "catbird.splitDeviceDid": ["legacy"],
}
