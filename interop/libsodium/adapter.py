#!/usr/bin/env python3
"""PushProof adapter for libsodium, through PyNaCl (`pynacl` on PyPI, which bundles libsodium).

The box steps of Zulip's E2EE push are made by libsodium, called as the real callers call it:

- `registration.seal` (zulip-flutter, lib/model/push_device.dart:284-288 at e989e4f:
  `sodium.crypto.box.seal(publicKey, message)`, i.e. `crypto_box_seal`): PyNaCl's
  `SealedBox(PublicKey(pk)).encrypt(plaintext)`. The vector fixes the ephemeral secret key; it is
  handed to libsodium as its next 32 random bytes through libsodium's custom-RNG hook
  (sodium_random.py), so libsodium itself derives the ephemeral public key and the nonce and
  writes the box. The nonce the answer reports is BLAKE2b-192(epk || pk) by libsodium's
  `crypto_generichash` (PyNaCl's `nacl.hash.blake2b`), the hash `crypto_box_seal` uses inside.
- `registration.bouncer` (zulip/zulip@5bbfa671:zilencer/views.py:609-618):
  `SealedBox(PrivateKey(b64_private_key.encode("utf-8"), encoder=Base64Encoder))` and
  `unseal_box.decrypt(Base64Encoder.decode(encrypted_push_registration.encode("utf-8")))`, the
  view's `except (TypeError, CryptoError)` -> BAD_REQUEST, anything else uncaught -> HTTP 500.
- `envelope.encrypt` (zulip/zulip@48f74227:zerver/lib/push_notifications.py:1485-1496):
  `SecretBox(push_key.secret_bytes).encrypt(orjson.dumps(payload), encoder=Base64Encoder)`, with
  the vector's nonce passed as `nonce=` (upstream lets PyNaCl pick it).
- `envelope.receive` (zulip-flutter lib/model/push_key.dart:287-303 at e989e4f:
  `sodium.crypto.secretBox.openEasy(key, cipherText: data[24:], nonce: data[:24])`, i.e.
  `crypto_secretbox_open_easy`): PyNaCl's `SecretBox(key).decrypt(data[24:], nonce=data[:24])`.
- `envelope.seal` (proposal; the proposal-era server zulip/zulip@99445ce4
  zerver/lib/push_notifications.py `get_encrypted_data`: `SealedBox(PublicKey(...)).encrypt(...)`):
  as `registration.seal`.

Everything else is glue, imported from the project's independent Python port
(adapters/python/pushproof_py/zulip.py and common.py): the registration plaintext and token_id,
the bouncer's pydantic model, token_id match, liveness, key ring and dedup, the notification
payload builder, the delivered payload's reading, key rotation and the notification parser.
README.md has the table of which part decides what.

    python3 interop/libsodium/adapter.py               # serve the adapter protocol on stdin/stdout
    python3 interop/libsodium/adapter.py --self-check  # "libsodium 1.0.20-stable, 2025-12-31 build (pynacl 1.6.2)"
"""

from __future__ import annotations

import base64
import ctypes
import hmac
import re
import sys
from pathlib import Path
from typing import Any, Callable, Dict

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
sys.path.insert(0, str(HERE))  # sodium_random
sys.path.insert(1, str(ROOT / "python"))  # the adapter kit
sys.path.insert(2, str(ROOT / "adapters" / "python"))  # the port, for the glue

# libsodium's documented order: the random source before sodium_init(), which importing
# nacl.bindings runs (the port imports it too).
import sodium_random  # noqa: E402

# PyNaCl's CHANGELOG: which libsodium each release bundles. The bundled build links only what PyNaCl
# binds, and PyNaCl binds no sodium_version_string, so the loaded library cannot say it itself.
BUNDLED_LIBSODIUM = {"1.6.2": "1.0.20-stable, 2025-12-31 build", "1.6.1": "1.0.20-stable, 2025-08-27 build",
                     "1.6.0": "1.0.20-stable, 2025-08-27 build", "1.5.0": "1.0.18-stable"}


def library_version() -> str:
    """"libsodium X (pynacl Y)". X is what the loaded libsodium reports when it exports
    sodium_version_string (a PyNaCl built against a system libsodium), else the version PyNaCl's
    CHANGELOG names for the bundled build."""
    import nacl

    try:
        library = ctypes.CDLL(sodium_random.sodium_library_path())
        library.sodium_version_string.restype = ctypes.c_char_p
        libsodium = library.sodium_version_string().decode("ascii")
    except AttributeError:
        libsodium = BUNDLED_LIBSODIUM.get(nacl.__version__, "bundled, version not exported")
    return f"{libsodium} (pynacl {nacl.__version__})"


def self_check() -> int:
    try:  # loads PyNaCl's libsodium (nacl/_sodium) and sets the random hook, before sodium_init()
        sodium_random.install()
    except Exception as error:  # ImportError, OSError from the loader, a missing symbol
        print(f"interop/libsodium: cannot import nacl._sodium: {type(error).__name__}: {error}", file=sys.stderr)
        return 1
    for module in ("nacl.bindings", "nacl.public", "nacl.secret", "pydantic"):
        try:
            __import__(module)
        except Exception as error:
            print(f"interop/libsodium: cannot import {module}: {type(error).__name__}: {error}", file=sys.stderr)
            return 1
    print(f"libsodium {library_version()}")
    return 0


if __name__ == "__main__" and "--self-check" in sys.argv[1:]:
    sys.exit(self_check())

sodium_random.install()

import nacl.hash  # noqa: E402
from nacl.encoding import Base64Encoder, RawEncoder  # noqa: E402
from nacl.exceptions import CryptoError  # noqa: E402
from nacl.public import PrivateKey, PublicKey, SealedBox  # noqa: E402
from nacl.secret import SecretBox  # noqa: E402

from pushproof.adapter import Adapter, AdapterError  # noqa: E402
from pushproof_py import zulip  # noqa: E402
from pushproof_py.common import ProtocolError, b64decode_strict, b64encode, compact, strict_loads  # noqa: E402

import nacl.exceptions as nacl_exc  # noqa: E402

# --- the harness's input contract (docs/operations.md): outside it, HARNESS_INPUT_ERROR --------

HEX = re.compile(r"(?:[0-9a-f]{2})*\Z")


def hex_field(value: Any, name: str, size: int = -1) -> bytes:
    if not isinstance(value, str) or not HEX.match(value) or (size >= 0 and len(value) != 2 * size):
        raise ValueError(f"input field `{name}` must be lower-case hex" + (f" of {size} bytes" if size >= 0 else ""))
    return bytes.fromhex(value)


def base64_field(value: Any, name: str) -> bytes:
    try:
        return b64decode_strict(value)
    except ValueError:
        raise ValueError(f"input field `{name}` must be standard base64") from None


# --- registration.seal, envelope.seal: crypto_box_seal under the vector's ephemeral key ---------


def seal(public_key: bytes, ephemeral_secret_key: bytes, plaintext: bytes) -> bytes:
    """libsodium's crypto_box_seal (PyNaCl SealedBox.encrypt), its ephemeral key drawn from the
    vector. A box whose first 32 bytes are not that key's public key never leaves here."""
    with sodium_random.fixed_random(ephemeral_secret_key):
        box = SealedBox(PublicKey(public_key)).encrypt(plaintext)
    if box[:32] != bytes(PrivateKey(ephemeral_secret_key).public_key):
        raise RuntimeError("libsodium sealed under another ephemeral key")
    return box


def registration_seal(inp: Dict[str, Any]) -> Dict[str, Any]:
    bouncer_public_key = base64_field(inp.get("bouncerPublicKey"), "bouncerPublicKey")
    ephemeral_secret_key = hex_field(inp.get("ephemeralSecretKey"), "ephemeralSecretKey", 32)
    registration = inp["registration"]
    plaintext = zulip.registration_plaintext(registration)  # glue: the client's JSON text
    box = seal(bouncer_public_key, ephemeral_secret_key, plaintext)  # libsodium
    ephemeral_public_key = box[:32]
    # The nonce crypto_box_seal used: libsodium's BLAKE2b (crypto_generichash), 24 bytes, unkeyed.
    nonce = nacl.hash.blake2b(ephemeral_public_key + bouncer_public_key, digest_size=24, encoder=RawEncoder)
    out = {
        "plaintext": plaintext.decode("utf-8"),
        "ephemeralPublicKey": ephemeral_public_key.hex(),
        "nonce": nonce.hex(),
        "encryptedPushRegistration": base64.b64encode(box).decode("ascii"),  # zulip-flutter's base64Encode
    }
    if inp["profile"] == "deployed":
        out["tokenId"] = b64encode(zulip.token_id(registration["token"]))  # glue
    return out


def envelope_seal(inp: Dict[str, Any]) -> Dict[str, Any]:
    device_public_key = base64_field(inp.get("devicePublicKey"), "devicePublicKey")
    ephemeral_secret_key = hex_field(inp.get("ephemeralSecretKey"), "ephemeralSecretKey", 32)
    plaintext = compact(zulip.build_notification(inp["notification"])).encode("utf-8")  # glue
    box = seal(device_public_key, ephemeral_secret_key, plaintext)  # libsodium
    return {"plaintext": plaintext.decode("utf-8"), "encryptedContent": base64.b64encode(box).decode("ascii")}


# --- registration.bouncer: SealedBox.decrypt as zilencer/views.py calls it ---------------------


class Bouncer(zulip.Bouncer):
    """The port's bouncer (key ring with retired keys, clock, device records), its box step
    replaced by PyNaCl's as the deployed view makes it. The checks, in the view's order
    (zulip/zulip@5bbfa671:zilencer/views.py:558-681)."""

    def open(self, private_key: bytes, encrypted_push_registration: str) -> bytes:
        # :609-611: settings.PUSH_REGISTRATION_ENCRYPTION_KEYS holds base64 private keys.
        b64_private_key = b64encode(private_key)
        unseal_box = SealedBox(PrivateKey(b64_private_key.encode("utf-8"), encoder=Base64Encoder))
        try:  # :613-618
            return unseal_box.decrypt(Base64Encoder.decode(encrypted_push_registration.encode("utf-8")))
        except (TypeError, CryptoError):
            raise ProtocolError("BAD_REQUEST")
        except Exception:  # not caught by the view (binascii.Error on bad padding): HTTP 500
            raise ProtocolError("SERVER_ERROR")

    def register(self, request: Dict[str, Any]) -> Dict[str, Any]:
        for field in ("realm_uuid", "bouncer_public_key", "encrypted_push_registration", "token_id"):
            if not isinstance(request.get(field), str):  # :663-666, every field a plain str
                raise ProtocolError("BAD_REQUEST")
        keys = self.active.get(request["bouncer_public_key"])  # :605-606, the exact string
        if keys is None:
            raise ProtocolError("INVALID_BOUNCER_PUBLIC_KEY")
        plaintext = self.open(keys[1], request["encrypted_push_registration"])  # libsodium
        registration = zulip.validate_plaintext(plaintext)  # glue: the view's pydantic model
        token_id = zulip.token_id(registration["token"])
        # :625-628: token_id as sent, against base64 of the decrypted token's id.
        if not hmac.compare_digest(request["token_id"].encode("utf-8"), b64encode(token_id).encode()):
            raise ProtocolError("BAD_REQUEST")
        if self.now - registration["timestamp"] > zulip.LIVENESS:  # :630-634
            raise ProtocolError("REQUEST_EXPIRED")
        key = (request["realm_uuid"], token_id)  # :636-655, unique on (token_id, realm)
        for number, (existing_key, existing) in enumerate(self.devices, start=1):
            if existing_key == key:
                return {"deviceId": number, "created": False, "registration": existing}
        self.devices.append((key, registration))
        return {"deviceId": len(self.devices), "created": True, "registration": registration}


def registration_bouncer(inp: Dict[str, Any]) -> Dict[str, Any]:
    bouncer = Bouncer(inp["bouncer"])
    for prior in inp.get("priorRequests", []):
        try:
            bouncer.register(prior)
        except ProtocolError as error:
            raise ValueError(f"a prior request was refused ({error.code})") from None
    return bouncer.register(inp["request"])


# --- envelope.encrypt: SecretBox.encrypt as the server calls it --------------------------------


def envelope_encrypt(inp: Dict[str, Any]) -> Dict[str, Any]:
    push_key = hex_field(inp.get("pushKey"), "pushKey")
    nonce = hex_field(inp.get("nonce"), "nonce", 24)
    # Glue: 48f74227:1489 `assert push_key.algorithm_type_byte == bytes([0x31])`.
    if push_key[:1] != b"\x31":
        raise ProtocolError("INVALID_PUSH_KEY")
    try:  # libsodium's key size, through PyNaCl: anything but 32 bytes after the type byte
        box = SecretBox(push_key[1:])
    except CryptoError:
        raise ProtocolError("INVALID_PUSH_KEY")
    payload = zulip.build_notification(inp["notification"])  # glue: upstream's dict, its order
    plaintext = compact(payload).encode("utf-8")  # orjson.dumps: compact UTF-8
    encrypted = box.encrypt(plaintext, nonce, encoder=Base64Encoder)  # 1491-1494
    return {"plaintext": plaintext.decode("utf-8"), "encryptedData": bytes(encrypted).decode("ascii")}


# --- envelope.receive: crypto_secretbox_open_easy as zulip-flutter calls it --------------------


def envelope_receive(inp: Dict[str, Any]) -> Dict[str, Any]:
    """The port's op_receive (zulip.py), its decryption made by libsodium. Glue: reading the
    payload (notifications.g.dart), the key lookup and rotation (push_key.dart), the stored key's
    tag (push_key.dart:276-285), the JSON and the notification's fields, the account check
    (receive.dart:278-309)."""
    try:
        key_id, data = zulip.read_payload(inp["service"], inp["payload"])
    except zulip.Legacy:
        return {"outcome": "droppedAsLegacy"}
    keys = inp["keys"]
    index = next((i for i, k in enumerate(keys) if k["id"] == key_id), None) if key_id is not None else None
    if index is None or index not in zulip.surviving_keys(keys, inp.get("rotationRuns", []), inp["now"]):
        return {"outcome": "droppedUnknownKey"}
    key = zulip.push_key(hex_field(keys[index]["pushKey"], "keys[].pushKey"))
    # push_key.dart:291-303: nonce = data[0:24], cipherText = data[24:], then openEasy. Lengths the
    # call cannot take (a nonce under 24 bytes, a cipherText under the 16-byte tag) are refused
    # before any decryption: Dart's sublistView / the binding's checks, PyNaCl's here.
    try:
        plaintext = SecretBox(key).decrypt(data[24:], nonce=data[:24])
    except (nacl_exc.ValueError, nacl_exc.TypeError):
        raise ProtocolError("MALFORMED_PAYLOAD")
    except CryptoError:
        raise ProtocolError("AUTHENTICATION_FAILED")
    try:  # receive.dart:295: the plaintext must be a JSON object
        value = strict_loads(plaintext)
    except (ValueError, UnicodeDecodeError):
        raise ProtocolError("MALFORMED_NOTIFICATION")
    if not isinstance(value, dict):
        raise ProtocolError("MALFORMED_NOTIFICATION")
    if value.get("type") not in ("message", "remove"):  # receive.dart:296-300
        return {"outcome": "droppedUnexpectedType"}
    notification = zulip.parse_notification(value)
    account = inp["account"]
    # receive.dart:302-306: the notification's origin first (Dart's .origin throws where it has no
    # http(s) origin, and a throw is no drop: the notification is not read), then the account.
    theirs = zulip.origin(notification["realm_url"])
    if theirs is None:
        raise ProtocolError("MALFORMED_NOTIFICATION")
    if notification["user_id"] != account["user_id"] or theirs != zulip.origin(account["realm_url"]):
        return {"outcome": "droppedOtherAccount"}
    return {"outcome": "delivered", "notification": notification}


# --- the adapter ----------------------------------------------------------------------------------


def coded(handler: Callable[[Dict[str, Any]], Any]) -> Callable[[Dict[str, Any]], Any]:
    """The port's coded errors as the kit's."""

    def call(inp: Dict[str, Any]) -> Any:
        try:
            return handler(inp)
        except ProtocolError as error:
            raise AdapterError(error.code, error.message) from None

    return call


OPERATIONS = {
    "registration.seal": (registration_seal, ["deployed", "proposal"]),
    "registration.bouncer": (registration_bouncer, ["deployed"]),
    "envelope.encrypt": (envelope_encrypt, ["deployed"]),
    "envelope.receive": (envelope_receive, ["deployed"]),
    "envelope.seal": (envelope_seal, ["proposal"]),
}


def build_adapter() -> Adapter:
    adapter = Adapter(name="libsodium (pynacl)", version=library_version(), profiles=["deployed"])
    for name, (handler, profiles) in OPERATIONS.items():
        adapter.add(name, coded(handler), profiles)
    return adapter


if __name__ == "__main__":
    build_adapter().serve()
