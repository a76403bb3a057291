"""The other direction: what libxmtp (xmtp-bindings 0.1.8, libxmtp v1.10.0) computes, the reference
computes too, and what it refuses, the reference refuses with the vectors' code.

    PUSHPROOF=/tmp/pp/pushproof .build/interop/libxmtp-venv/bin/python -m unittest interop/libxmtp/test_reverse.py

Deterministic (random.Random(SEED)); a few hundred reference requests, a few seconds.

- identities: random secp256k1 keys (and the scalar range's ends) with nonces from 0 to 2^64 - 1,
  the largest libxmtp's `generate_inbox_id(.., nonce: u64)` takes: the public key, address and
  inbox id libxmtp derives, exactly as XMTPiOS's `PrivateKey(_:)` / `getOrCreateInboxId` call it,
  equal the reference's `identity.fromPrivateKey`, and each address's inbox id equals the
  reference's `identity.inboxId`;
- addresses: random addresses in random letter case (EIP-55-like spellings included) give the same
  inbox id in both; malformed spellings libxmtp refuses, the reference refuses (`INVALID_ADDRESS`);
- private keys libxmtp refuses (0, n, above n, not 32 bytes) the reference refuses
  (`INVALID_PRIVATE_KEY`);
- Keccak-256, which the bindings expose only inside two functions: `ethereum_address_from_pubkey`
  of any 64 bytes is the last 20 bytes of Keccak-256 over them (libxmtp does not check the point),
  and `ethereum_hash_personal(m)` is Keccak-256 of the EIP-191 prefix and m; both checked against
  the reference's `identity.keccak256`, around the 136-byte block;
- EncodedContent framing: the reference reads libxmtp's own EncodedContent (its text codec) and
  refuses it as another content type; libxmtp's text decoder reads the reference's ExplodeSettings
  EncodedContent and finds the same content bytes.
"""

from __future__ import annotations

import random
import sys
import unittest
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))  # interop/, for reference.py

from reference import Reference  # noqa: E402

try:
    from xmtp_bindings import xmtpv3 as lib

    IMPORT_ERROR = ""
except Exception as error:  # noqa: BLE001 - run with the venv's python (README.md)
    lib = None
    IMPORT_ERROR = f"interop/libxmtp: cannot import xmtp_bindings.xmtpv3: {error}"

SEED = 20260520
N = 0xFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEBAAEDCE6AF48A03BBFD25E8CD0364141
U64_MAX = (1 << 64) - 1
NONCE_EDGES = [0, 1, 9, 10, (1 << 31), (1 << 32), (1 << 53), (1 << 53) + 1, (1 << 63), (1 << 63) + 1, U64_MAX - 1, U64_MAX]
ETHEREUM = lib.FfiIdentifierKind.ETHEREUM if lib is not None else None


def lib_inbox_id(address: str, nonce: int) -> str:
    return lib.generate_inbox_id(lib.FfiIdentifier(identifier=address, identifier_kind=ETHEREUM), nonce)


def lib_identity(key: bytes, nonce: int) -> dict:
    """XMTPiOS v1.10.0: PrivateKey(_:) (ethereumGeneratePublicKey, ethereumAddressFromPubkey,
    walletAddress's lowercased()), then generateInboxId(accountIdentifier:nonce:)."""
    public = lib.ethereum_generate_public_key(key)
    address = lib.ethereum_address_from_pubkey(public)
    return {"publicKey": public.hex(), "address": address.lower(), "inboxId": lib_inbox_id(address.lower(), nonce), "raw": address}


def random_case(rng: random.Random, hex_digits: str) -> str:
    return "".join(c.upper() if c.isalpha() and rng.random() < 0.5 else c for c in hex_digits)


@unittest.skipIf(lib is None, IMPORT_ERROR)
class LibxmtpAgainstReference(unittest.TestCase):
    @classmethod
    def setUpClass(cls) -> None:
        cls.ref = Reference().__enter__()

    @classmethod
    def tearDownClass(cls) -> None:
        process = cls.ref.process
        cls.ref.__exit__(None, None, None)
        if process is not None and process.stdout is not None:
            process.stdout.close()  # Reference.__exit__ closes only stdin

    def ask(self, operation: str, inp: dict) -> dict:
        return self.ref.ask(operation, inp, profile="deployed")

    # --- identity.fromPrivateKey / identity.inboxId on what libxmtp derives -----------------------

    def test_identities_of_random_keys_and_nonces(self) -> None:
        rng = random.Random(SEED)
        keys = [1, 2, 3, N - 1, N - 2, (N - 1) // 2, 1 << 255, (1 << 128) - 1, 0xFF]
        keys += [rng.randrange(1, N) for _ in range(110)]
        keys += [rng.randrange(1, 1 << rng.choice([8, 64, 160, 248])) for _ in range(10)]  # leading zero bytes
        cases = 0
        for index, k in enumerate(keys):
            nonce = NONCE_EDGES[index % len(NONCE_EDGES)] if index < 2 * len(NONCE_EDGES) else rng.choice(
                [0, U64_MAX, rng.randrange(0, 1 << 64), rng.randrange(0, 1000)]
            )
            key = k.to_bytes(32, "big")
            mine = lib_identity(key, nonce)
            with self.subTest(privateKey=key.hex(), nonce=nonce):
                self.assertEqual(mine["raw"], mine["address"], "libxmtp writes the address in lower case itself")
                answer = self.ask("identity.fromPrivateKey", {"privateKey": key.hex(), "nonce": nonce})
                expected = {k2: v for k2, v in mine.items() if k2 != "raw"}
                self.assertEqual(answer, {"output": expected})
                # the same address through identity.inboxId, at both ends of the nonce range too
                for n in (nonce, 0, U64_MAX):
                    self.assertEqual(
                        self.ask("identity.inboxId", {"address": mine["address"], "nonce": n}),
                        {"output": {"inboxId": lib_inbox_id(mine["address"], n)}},
                    )
            cases += 1
        self.assertEqual(cases, len(keys))

    def test_nonce_range_is_u64(self) -> None:
        """libxmtp's nonce is a u64: 0 and 2^64 - 1 are taken; the bindings refuse -1 and 2^64 before
        calling Rust (a ValueError), and so no vector or reference answer exists beyond them."""
        address = "0x7e5f4552091a69125d5dfcb7b8c2659029395bdf"
        for nonce in (0, U64_MAX):
            self.assertEqual(len(lib_inbox_id(address, nonce)), 64)
        for nonce in (-1, 1 << 64):
            with self.assertRaises(ValueError):
                lib_inbox_id(address, nonce)

    def test_addresses_in_any_letter_case(self) -> None:
        rng = random.Random(SEED + 1)
        for index in range(60):
            digits = rng.randbytes(20).hex()
            if index == 0:
                digits = "0" * 40
            elif index == 1:
                digits = "f" * 40
            spelled = "0x" + (random_case(rng, digits) if index % 3 else digits.upper() if index % 2 else digits)
            nonce = NONCE_EDGES[index % len(NONCE_EDGES)]
            mine = lib_inbox_id(spelled, nonce)
            with self.subTest(address=spelled, nonce=nonce):
                self.assertEqual(mine, lib_inbox_id("0x" + digits, nonce), "libxmtp lower-cases the address")
                self.assertEqual(self.ask("identity.inboxId", {"address": spelled, "nonce": nonce}), {"output": {"inboxId": mine}})

    def test_eip55_checksum_is_not_checked(self) -> None:
        """libxmtp lower-cases any spelling and never checks an EIP-55 checksum (signature.rs:108-127):
        the right checksum, a wrong one and all capitals give the lower-case address's inbox id."""
        lower = "0x7e5f4552091a69125d5dfcb7b8c2659029395bdf"
        spellings = [
            "0x7E5F4552091A69125d5DfCb7b8C2659029395Bdf",  # EIP-55 (identity_derivation 205)
            "0x7e5F4552091A69125d5DfCb7b8C2659029395Bdf",  # one letter's case flipped: checksum wrong
            "0x7E5F4552091A69125D5DFCB7B8C2659029395BDF",  # all capitals after a lower-case 0x
        ]
        for spelled in spellings:
            with self.subTest(address=spelled):
                mine = lib_inbox_id(spelled, 0)
                self.assertEqual(mine, lib_inbox_id(lower, 0))
                self.assertEqual(self.ask("identity.inboxId", {"address": spelled, "nonce": 0}), {"output": {"inboxId": mine}})

    def test_malformed_addresses_are_refused_by_both(self) -> None:
        rng = random.Random(SEED + 2)
        good = "7e5f4552091a69125d5dfcb7b8c2659029395bdf"
        spellings = [
            good, "0X" + good, "0X" + good.upper(), "0x" + good[:-1], "0x" + good + "0", "0x" + good[:-2],
            "0x", "", "0x0x" + good[4:], " 0x" + good, "0x" + good + " ", "0x" + good + "\n",
            "0x" + good[:-1] + "\n", "0x" + good + "\x00", "+0x" + good[1:], "0x" + good[:-1] + "g",
            "0x" + good[:-1] + "\u0661", "0x" + good[:-1] + "\uff11", "0x" + good[:-1] + "\u00e9",
            "0x" + good[:20] + "_" + good[21:], "0x-" + good[1:], "x" + good + "0", "00" + good,
        ]
        for _ in range(20):  # one character of a good address replaced by a non-hex one
            chars = list("0x" + good)
            chars[rng.randrange(0, len(chars))] = rng.choice("gGxX _-+.\t\u00a0\u0660\uff10z")
            spellings.append("".join(chars))
        for spelled in spellings:
            try:
                mine = {"output": {"inboxId": lib_inbox_id(spelled, 0)}}
            except lib.FfiError:
                mine = {"error": "INVALID_ADDRESS"}
            with self.subTest(address=spelled):
                answer = self.ask("identity.inboxId", {"address": spelled, "nonce": 0})
                if "error" in answer:
                    answer = {"error": answer["error"]["code"]}
                self.assertEqual(answer, mine)

    def test_private_keys_libxmtp_refuses(self) -> None:
        rng = random.Random(SEED + 3)
        keys = [bytes(32), N.to_bytes(32, "big"), (N + 1).to_bytes(32, "big"), b"\xff" * 32,
                ((1 << 256) - 1 - rng.randrange(0, (1 << 256) - N)).to_bytes(32, "big"),
                b"", b"\x01", b"\x01" * 31, b"\x01" * 33, b"\x01" * 64, rng.randbytes(31), rng.randbytes(65)]
        for key in keys:
            with self.subTest(privateKey=key.hex()):
                with self.assertRaises((lib.FfiCryptoError.InvalidKey, lib.FfiCryptoError.InvalidLength)):
                    lib.ethereum_generate_public_key(key)
                answer = self.ask("identity.fromPrivateKey", {"privateKey": key.hex(), "nonce": 0})
                self.assertEqual(answer.get("error", {}).get("code"), "INVALID_PRIVATE_KEY", answer)

    # --- Keccak-256, as far as the bindings expose it ----------------------------------------------

    def test_keccak_through_address_from_pubkey(self) -> None:
        """`ethereum_address_from_pubkey` takes any 64 bytes as X||Y and answers the last 20 bytes of
        their Keccak-256 (crates/xmtp_cryptography/src/ethereum.rs:104-113; no curve check)."""
        rng = random.Random(SEED + 4)
        for index in range(40):
            message = bytes(64) if index == 0 else b"\xff" * 64 if index == 1 else rng.randbytes(64)
            with self.subTest(message=message.hex()):
                digest = self.ask("identity.keccak256", {"message": message.hex()})["output"]["digest"]
                self.assertEqual(lib.ethereum_address_from_pubkey(message), "0x" + digest[24:])
                self.assertEqual(lib.ethereum_address_from_pubkey(b"\x04" + message), "0x" + digest[24:])

    def test_keccak_through_eip191_hash(self) -> None:
        """`ethereum_hash_personal(m)` = Keccak-256("\\x19Ethereum Signed Message:\\n" || len(m) || m),
        the length in bytes (alloy's eip191_hash_message): a full 32-byte digest of a message the
        reference can be given whole, lengths around the 136-byte rate included."""
        rng = random.Random(SEED + 5)
        ascii_letters, other = "abcXYZ019 \n", "\u00e9\u4e2d\U0001f600"
        # ASCII of 100-120 bytes: prefixed, 129-149 bytes, across the 136-byte rate (135, 136, 137)
        texts = ["".join(rng.choice(ascii_letters) for _ in range(n)) for n in range(100, 121)]
        texts += ["", "0", "a" * 110]
        # non-ASCII: the length in the prefix counts UTF-8 bytes, not characters
        texts += ["".join(rng.choice(ascii_letters + other * 3) for _ in range(n)) for n in (5, 30, 40, 60, 90)]
        for text in texts:
            data = text.encode("utf-8")
            prefixed = b"\x19Ethereum Signed Message:\n" + str(len(data)).encode() + data
            with self.subTest(message=text, prefixed_length=len(prefixed)):
                digest = self.ask("identity.keccak256", {"message": prefixed.hex()})["output"]["digest"]
                self.assertEqual(lib.ethereum_hash_personal(text).hex(), digest)

    # --- EncodedContent framing ------------------------------------------------------------------------

    def test_libxmtp_encoded_content_is_another_content_type(self) -> None:
        """libxmtp's text codec writes an EncodedContent (xmtp.org/text 1.0, parameter encoding=UTF-8):
        the reference's ExplodeSettings decoder reads its framing and refuses it as another type."""
        for text in ['{"expiresAt":"2025-06-01T12:30:00Z"}', "", "hello"]:
            encoded = lib.encode_text(text)
            with self.subTest(text=text):
                answer = self.ask("explode.decode", {"encodedContentHex": encoded.hex()})
                self.assertEqual(answer.get("error", {}).get("code"), "WRONG_CONTENT_TYPE", answer)

    def test_reference_encoded_content_read_by_libxmtp(self) -> None:
        """The reference's ExplodeSettings EncodedContent, read by libxmtp's protobuf types and text
        codec (which, like every libxmtp codec, leaves the content-type check to its caller and reads
        a missing `encoding` parameter as UTF-8): the same `content` text."""
        rng = random.Random(SEED + 6)
        instants = [0, -1, 1748781000000, 253402300799999, -62135596800000] + [
            rng.randrange(-10**12, 10**13) for _ in range(10)
        ]
        for millis in instants:
            answer = self.ask("explode.encode", {"expiresAtUnixMillis": millis})
            with self.subTest(expiresAtUnixMillis=millis):
                output = answer["output"]
                self.assertEqual(lib.decode_text(bytes.fromhex(output["encodedContentHex"])), output["content"])


if __name__ == "__main__":
    unittest.main()
