"""The other direction: boxes libsodium makes (through PyNaCl, as Zulip and zulip-flutter call it)
are opened by the reference, which must read the same plaintext and give the answers this
adapter gives.

    PUSHPROOF=/tmp/pp/pushproof .build/interop/libsodium-venv/bin/python -m unittest interop/libsodium/test_reverse.py

- registration.seal: libsodium's crypto_box_seal under the reference's ephemeral key is the
  reference's box, byte for byte, and libsodium opens the reference's box;
- registration.bouncer: registrations sealed by `SealedBox(PublicKey).encrypt` (libsodium's own
  random ephemeral key), tokens of 1 to 4096 characters, to the active key or an older one of the
  ring, are opened and read back; empty and non-JSON plaintexts, and tampered boxes, are refused;
- envelope.receive (deployed): notifications encrypted by `SecretBox(key).encrypt` (a libsodium
  random nonce, as Zulip's server does), contents from empty to 60,000 characters, removals of up
  to 5,000 ids, APNs and FCM, are delivered with the same fields; an empty plaintext opens
  (MALFORMED_NOTIFICATION), a tampered one does not (AUTHENTICATION_FAILED);
- envelope.receive (proposal): the same notifications sealed by `SealedBox.encrypt` to the device.

Inputs come from a fixed seed; the ephemeral keys and nonces are libsodium's own random ones, so
the boxes differ from run to run while every answer is fixed (a failure prints its input).
"""

from __future__ import annotations

import base64
import hashlib
import importlib.util
import json
import random
import sys
import unittest
import uuid
from pathlib import Path
from typing import Any, Dict, List

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))  # interop/reference.py

# The adapter first: it sets libsodium's random hook before PyNaCl initialises libsodium.
_spec = importlib.util.spec_from_file_location("libsodium_adapter", HERE / "adapter.py")
adapter = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(adapter)

import sodium_random  # noqa: E402  (on sys.path through the adapter)
from nacl.encoding import Base64Encoder  # noqa: E402
from nacl.public import PrivateKey, SealedBox  # noqa: E402
from nacl.secret import SecretBox  # noqa: E402
from reference import Reference  # noqa: E402

SEED = 20261202
NOW = 1772600000
APS = {"mutable-content": 1, "alert": {"title": "New notification"}}
# Token and content characters: ASCII, JSON's escapes, two-, three- and four-byte UTF-8.
CHARS = "abcXYZ019:-_./+= \"\\\t\u00e9\u00f6\u63a8\u9001\u2603\U0001d11e\U0001f600"
TOKEN_LENGTHS = [1, 2, 3, 7, 16, 63, 64, 100, 152, 255, 256, 1000, 2048, 4095, 4096]
CONTENT_LENGTHS = [0, 1, 2, 199, 200, 201, 1000, 5000, 20000, 60000]
REMOVAL_LENGTHS = [0, 1, 200, 201, 5000]


def b64(data: bytes) -> str:
    return base64.b64encode(data).decode("ascii")


def compact(value: Any) -> bytes:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False).encode("utf-8")


def flip(text: str, rng: random.Random) -> str:
    """The base64 box with one bit flipped somewhere in it."""
    box = bytearray(base64.b64decode(text))
    position = rng.randrange(len(box))
    box[position] ^= 1 << rng.randrange(8)
    return b64(bytes(box))


class Reverse(unittest.TestCase):
    ref: Reference

    @classmethod
    def setUpClass(cls) -> None:
        cls.ref = Reference().__enter__()

    @classmethod
    def tearDownClass(cls) -> None:
        cls.ref.__exit__(None, None, None)

    def setUp(self) -> None:
        self.rng = random.Random(f"{SEED}:{self.id()}")

    def ask(self, operation: str, inp: Dict[str, Any], profile: str = "deployed") -> Dict[str, Any]:
        return self.ref.ask(operation, inp, profile)

    def ours(self, handler, inp: Dict[str, Any], profile: str = "deployed") -> Dict[str, Any]:
        """This adapter's answer to the same input, in the reference's form."""
        try:
            return {"output": handler({**inp, "profile": profile})}
        except adapter.ProtocolError as error:
            return {"error": {"code": error.code}}

    def assertCode(self, answer: Dict[str, Any], code: str, context: Any) -> None:
        self.assertIn("error", answer, context)
        self.assertEqual(answer["error"]["code"], code, context)

    # --- registration -------------------------------------------------------------------------

    def random_registration(self, kind: str, length: int) -> Dict[str, Any]:
        rng = self.rng
        if kind == "apns":  # hex digits, whole bytes (bytes.fromhex reads it)
            token = rng.randbytes(max(2, length - length % 2) // 2).hex()
            registration = {"token_kind": "apns", "token": token, "timestamp": NOW - rng.randrange(86401),
                            "ios_app_id": "com.zulip.flutter"}
        else:
            registration = {"token_kind": "fcm", "token": "".join(rng.choice(CHARS) for _ in range(length)),
                            "timestamp": NOW - rng.randrange(86401)}
        return registration

    def bouncer_input(self, ring: List[PrivateKey], sealed_to: PrivateKey, box: str, token: str) -> Dict[str, Any]:
        return {
            "bouncer": {
                "keyRing": [{"publicKey": b64(bytes(k.public_key)), "secretKey": bytes(k).hex(), "status": "active"} for k in ring],
                "iosAppIds": ["com.zulip.flutter"],
                "now": NOW,
            },
            "priorRequests": [],
            "request": {
                "realm_uuid": str(uuid.UUID(bytes=self.rng.randbytes(16), version=4)),
                "token_id": b64(hashlib.sha256(token.encode("utf-8")).digest()[:8]),
                "bouncer_public_key": b64(bytes(sealed_to.public_key)),
                "encrypted_push_registration": box,
            },
        }

    def test_seal_is_the_references_box(self) -> None:
        """crypto_box_seal under the reference's ephemeral key writes the reference's bytes."""
        for case in range(40):
            bouncer = PrivateKey(self.rng.randbytes(32))
            esk = self.rng.randbytes(32)
            kind = self.rng.choice(["fcm", "apns"])
            registration = self.random_registration(kind, self.rng.choice(TOKEN_LENGTHS))
            if kind == "fcm":  # the plaintext's JSON text is the reference's either way; keep it unambiguous
                registration["token"] = "".join(c for c in registration["token"] if c.isalnum()) or "t"
            inp = {"bouncerPublicKey": b64(bytes(bouncer.public_key)), "ephemeralSecretKey": esk.hex(), "registration": registration}
            answer = self.ask("registration.seal", inp)
            self.assertIn("output", answer, inp)
            out = answer["output"]
            plaintext = out["plaintext"].encode("utf-8")
            with sodium_random.fixed_random(esk):
                box = SealedBox(bouncer.public_key).encrypt(plaintext)
            self.assertEqual(b64(box), out["encryptedPushRegistration"], inp)
            self.assertEqual(box[:32].hex(), out["ephemeralPublicKey"], inp)
            self.assertEqual(SealedBox(bouncer).decrypt(base64.b64decode(out["encryptedPushRegistration"])), plaintext)
            self.assertEqual(self.ours(adapter.registration_seal, inp), answer, inp)

    def test_bouncer_opens_libsodium_sealed_registrations(self) -> None:
        for kind in ("fcm", "apns"):
            for length in TOKEN_LENGTHS:
                ring = [PrivateKey(self.rng.randbytes(32)) for _ in range(self.rng.choice([1, 2, 3]))]
                sealed_to = self.rng.choice(ring)  # the newest key, or an older one still in the ring
                registration = self.random_registration(kind, length)
                box = SealedBox(sealed_to.public_key).encrypt(compact(registration), encoder=Base64Encoder).decode("ascii")
                inp = self.bouncer_input(ring, sealed_to, box, registration["token"])
                answer = self.ask("registration.bouncer", inp)
                self.assertEqual(answer, {"output": {"deviceId": 1, "created": True, "registration": registration}}, inp)
                self.assertEqual(self.ours(adapter.registration_bouncer, inp), answer, inp)
                # The same box with one bit flipped does not open.
                inp["request"]["encrypted_push_registration"] = flip(box, self.rng)
                self.assertCode(self.ask("registration.bouncer", inp), "BAD_REQUEST", inp)
                self.assertCode(self.ours(adapter.registration_bouncer, inp), "BAD_REQUEST", inp)

    def test_bouncer_refuses_what_libsodium_sealed_but_is_no_registration(self) -> None:
        key = PrivateKey(self.rng.randbytes(32))
        plaintexts = [b"", b"{}", b"[]", b"null", b"\xff\xfe", compact({"token_kind": "fcm", "token": "x" * 4097, "timestamp": NOW})]
        plaintexts += [self.rng.randbytes(n) for n in (1, 15, 16, 17, 100, 1000, 20000)]
        for plaintext in plaintexts:
            box = SealedBox(key.public_key).encrypt(plaintext, encoder=Base64Encoder).decode("ascii")
            self.assertEqual(SealedBox(key).decrypt(box, encoder=Base64Encoder), plaintext)
            inp = self.bouncer_input([key], key, box, "x")
            self.assertCode(self.ask("registration.bouncer", inp), "BAD_REQUEST", inp)
            self.assertCode(self.ours(adapter.registration_bouncer, inp), "BAD_REQUEST", inp)

    # --- envelope.receive -----------------------------------------------------------------------

    def notifications(self) -> List[Dict[str, Any]]:
        rng = self.rng
        base = {"realm_url": "https://chat.example.com", "realm_name": "Example Chat", "user_id": 10}
        out = []
        for length in CONTENT_LENGTHS:
            message = {**base, "type": "message", "sender_id": 11, "sender_full_name": "Alice \u00c9xample",
                       "sender_avatar_url": "https://chat.example.com/avatar/11", "message_id": rng.randrange(1, 2**31),
                       "time": NOW - 10, "content": "".join(rng.choice(CHARS) for _ in range(length))}
            if rng.random() < 0.5:
                message.update(recipient_type="channel", channel_id=rng.randrange(1, 1000), channel_name="general",
                               topic="".join(rng.choice(CHARS) for _ in range(rng.randrange(1, 60))))
            else:
                message.update(recipient_type="direct", recipient_user_ids=sorted({10, 11, rng.randrange(1, 100)}))
            out.append(message)
        for length in REMOVAL_LENGTHS:
            out.append({**base, "type": "remove", "message_ids": sorted(rng.randrange(1, 2**40) for _ in range(length))})
        return out

    def deployed_input(self, key: bytes, key_id: int, service: str, encrypted: str) -> Dict[str, Any]:
        payload: Dict[str, Any] = {"push_key_id": key_id, "encrypted_data": encrypted}
        if service == "apns":
            payload["aps"] = APS
        else:
            payload["push_key_id"] = str(key_id)
        return {
            "service": service,
            "account": {"realm_url": "https://chat.example.com", "realm_name": "Example Chat", "user_id": 10},
            "keys": [{"id": key_id, "pushKey": "31" + key.hex(), "createdAt": NOW - 86400}],
            "now": NOW,
            "payload": payload,
        }

    def test_client_delivers_what_secretbox_encrypted(self) -> None:
        for notification in self.notifications():
            for service in ("apns", "fcm"):
                key, key_id = self.rng.randbytes(32), self.rng.randrange(2**32)
                # zerver/lib/push_notifications.py:1491-1494: SecretBox(key).encrypt(json, Base64Encoder)
                encrypted = SecretBox(key).encrypt(compact(notification), encoder=Base64Encoder).decode("ascii")
                inp = self.deployed_input(key, key_id, service, encrypted)
                answer = self.ask("envelope.receive", inp)
                self.assertEqual(answer, {"output": {"outcome": "delivered", "notification": notification}}, inp)
                self.assertEqual(self.ours(adapter.envelope_receive, inp), answer, inp)
                inp["payload"]["encrypted_data"] = flip(encrypted, self.rng)
                self.assertCode(self.ask("envelope.receive", inp), "AUTHENTICATION_FAILED", inp)
                self.assertCode(self.ours(adapter.envelope_receive, inp), "AUTHENTICATION_FAILED", inp)

    def test_client_opens_secretbox_plaintexts_that_are_no_notification(self) -> None:
        """An empty or non-JSON plaintext opens (a JSON error, not a MAC failure)."""
        for plaintext in [b"", b"[]", b"\"x\"", b"\xc3", self.rng.randbytes(1), self.rng.randbytes(300)]:
            key, key_id = self.rng.randbytes(32), self.rng.randrange(2**32)
            encrypted = SecretBox(key).encrypt(plaintext, encoder=Base64Encoder).decode("ascii")
            inp = self.deployed_input(key, key_id, "apns", encrypted)
            self.assertCode(self.ask("envelope.receive", inp), "MALFORMED_NOTIFICATION", inp)
            self.assertCode(self.ours(adapter.envelope_receive, inp), "MALFORMED_NOTIFICATION", inp)

    def proposal_input(self, device: PrivateKey, account_id: int, service: str, encrypted: str) -> Dict[str, Any]:
        payload: Dict[str, Any] = {"push_account_id": account_id if service == "apns" else str(account_id), "encrypted_content": encrypted}
        if service == "apns":
            payload["aps"] = APS
        return {
            "service": service,
            "account": {"realm_url": "https://chat.example.com", "realm_name": "Example Chat", "user_id": 10},
            "devices": [{"pushAccountId": account_id, "secretKey": bytes(device).hex()}],
            "payload": payload,
        }

    def test_proposal_client_opens_libsodium_sealed_notifications(self) -> None:
        for notification in self.notifications():
            service = self.rng.choice(["apns", "fcm"])
            device, account_id = PrivateKey(self.rng.randbytes(32)), self.rng.randrange(2**63)
            # The proposal-era server: SealedBox(PublicKey(device key)).encrypt(json, Base64Encoder)
            encrypted = SealedBox(device.public_key).encrypt(compact(notification), encoder=Base64Encoder).decode("ascii")
            inp = self.proposal_input(device, account_id, service, encrypted)
            self.assertEqual(self.ask("envelope.receive", inp, "proposal"),
                             {"output": {"outcome": "delivered", "notification": notification}}, inp)
            inp["payload"]["encrypted_content"] = flip(encrypted, self.rng)
            self.assertCode(self.ask("envelope.receive", inp, "proposal"), "AUTHENTICATION_FAILED", inp)
        device, account_id = PrivateKey(self.rng.randbytes(32)), self.rng.randrange(2**63)
        empty = SealedBox(device.public_key).encrypt(b"", encoder=Base64Encoder).decode("ascii")
        inp = self.proposal_input(device, account_id, "apns", empty)
        self.assertCode(self.ask("envelope.receive", inp, "proposal"), "MALFORMED_NOTIFICATION", inp)


if __name__ == "__main__":
    unittest.main()
