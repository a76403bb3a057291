"""The other direction: KeyPackages that mls-rs generates are accepted by PushProof's reference.

mls-rs (through `agentvault-mls-rs-uniffi`) generates KeyPackages in the one cipher suite the
binding offers (1), with its own capabilities, extensions (none) and lifetimes (from the clock to
365 days after it), for credential identities around the
variable-length integer boundaries and for clocks from 1970 to the last second libfaketime can set.
It then adds each one to a group of its own, which writes the KeyPackageRef into the Welcome and
the leaf into the ratchet tree it exports: those are mls-rs's values. The reference
(`pushproof adapter`, interop/reference.py) must decode each KeyPackage (`catbird.keyPackageDecode`,
rfc9420) to the same bytes and the same KeyPackageRef, and validate it
(`catbird.keyPackageValidate`, rfc9420) at both ends of its lifetime and inside it, with the same
ref, suite, key and lifetime; one second outside either end it must refuse it (INVALID_LIFETIME).

    PUSHPROOF=/tmp/pp/pushproof .build/interop/mls-rs-venv/bin/python -m unittest interop/mls-rs/test_reverse.py

mls-rs draws its keys from the OS, so the KeyPackages differ from run to run; the cases (clocks,
identities) are fixed (seed 9420) and every assertion holds for any keys.
"""
from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import unittest
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent))  # interop/reference.py

import mlsrs_glue as glue  # noqa: E402
from reference import Reference  # noqa: E402

YEAR = 365 * 86400
CLOCKS = [0, 1, 3599, 3600, 946_684_800, 1_785_542_400, 4_102_444_800, 2 ** 32, 2 ** 40,
          glue.MAX_PINNABLE_NOW - YEAR, glue.MAX_PINNABLE_NOW]


def identities(rng: random.Random):
    fixed = [b"alice", b"", b"\xff\xfe\x00", "did:plc:ewvi7nxzyoun6zhxrhs64oiz#4f9d1c1e-2b7a-4c53-9d0e-6a1f2b3c4d5e".encode()]
    # a basic identity's length at the varint boundaries (RFC 9420 §2.1.2): 63/64 and 16383/16384
    sized = [bytes(rng.randrange(256) for _ in range(n)) for n in (63, 64, 16383, 16384)]
    return fixed + sized


def cases():
    rng = random.Random(9420)
    names = identities(rng)
    specs = []
    for i, now in enumerate(CLOCKS):
        # every clock with the short identities, and the boundary sizes spread over the clocks
        for identity in names[:4] + [names[4 + i % 4]]:
            specs.append({"now": now, "identityHex": identity.hex()})
    return specs


def generate(specs):
    """KeyPackages from mls-rs, each under its own pinned clock (a child process: libfaketime is
    preloaded before the library loads)."""
    env = {**os.environ, **glue.faketime_environment(0)}
    run = subprocess.run([sys.executable, str(HERE / "mlsrs_glue.py"), "generate"], input=json.dumps(specs),
                         capture_output=True, text=True, env=env, timeout=120)
    if run.returncode != 0:
        raise RuntimeError(f"mls-rs generation failed: {run.stderr[-2000:]}")
    return json.loads(run.stdout)


class ReverseTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        if glue.libfaketime_path() is None:
            raise unittest.SkipTest("libfaketime not installed (apt-get install libfaketime)")
        cls.packages = generate(cases())
        cls.reference = Reference().__enter__()

    @classmethod
    def tearDownClass(cls):
        cls.reference.__exit__(None, None, None)

    def test_every_cipher_suite_the_binding_offers(self):
        import mls_rs_uniffi as mls

        self.assertEqual([s.name for s in mls.CipherSuite], ["CURVE25519_AES128"])
        self.assertEqual({p["cipherSuite"] for p in self.packages}, {1})

    def test_mls_rs_lifetimes(self):
        """What mls-rs writes: [now, now + 365 d] (mls-rs 0.55.0 src/client_builder.rs:690-713, the
        default `settings.lifetime` of :827), read from the clock libfaketime pins."""
        for p in self.packages:
            with self.subTest(now=p["now"]):
                self.assertEqual(p["notBefore"], p["now"])
                self.assertEqual(p["notAfter"], p["now"] + YEAR)

    def test_ref_from_mls_rs_is_refhash(self):
        """mls-rs's KeyPackageRef (the Welcome's new_member) is RFC 9420 §5.2 RefHash over the
        inner KeyPackage, SHA-256 for suite 1: the glue's hashlib computation agrees."""
        for p in self.packages:
            data = bytes.fromhex(p["keyPackage"])
            _, inner = glue.describe_key_package_message(data)
            self.assertEqual(glue.ref_hash("sha256", glue.KEY_PACKAGE_REF_LABEL, inner).hex(), p["keyPackageRef"])

    def test_reference_decodes_to_the_same_bytes_and_ref(self):
        for p in self.packages:
            with self.subTest(now=p["now"], identity=p["identityHex"][:16]):
                answer = self.reference.ask("catbird.keyPackageDecode", {"keyPackage": p["keyPackage"]}, "rfc9420")
                self.assertIn("output", answer, answer)
                out = answer["output"]
                self.assertEqual(out["encoded"], p["keyPackage"])
                self.assertEqual(out["keyPackageRef"], p["keyPackageRef"])
                kp = out["keyPackage"]
                self.assertEqual((kp["version"], kp["cipherSuite"]), (1, 1))
                leaf = kp["leafNode"]
                self.assertEqual(leaf["signatureKey"], p["publicKey"])
                self.assertEqual(leaf["signatureKey"], p["signatureKey"])
                self.assertEqual(leaf["source"], "keyPackage")
                self.assertEqual(leaf["lifetime"], {"notBefore": p["notBefore"], "notAfter": p["notAfter"]})
                identity = bytes.fromhex(p["identityHex"])
                credential = leaf["credential"]
                self.assertEqual(credential["type"], "basic")
                seen = credential["identity"].encode() if "identity" in credential else bytes.fromhex(credential["identityHex"])
                self.assertEqual(seen, identity)
                self.assertIn(1, leaf["capabilities"]["credentials"])
                self.assertEqual(leaf["extensions"], [])
                self.assertEqual(kp["extensions"], [])

    def test_reference_validates_inside_the_lifetime(self):
        for p in self.packages:
            expected = {"keyPackageRef": p["keyPackageRef"], "cipherSuite": 1, "signatureKey": p["publicKey"],
                        "notBefore": p["notBefore"], "notAfter": p["notAfter"]}
            for now in sorted({p["notBefore"], p["now"], (p["notBefore"] + p["notAfter"]) // 2, p["notAfter"]}):
                with self.subTest(generated=p["now"], now=now):
                    answer = self.reference.ask("catbird.keyPackageValidate",
                                                {"keyPackage": p["keyPackage"], "now": now}, "rfc9420")
                    self.assertEqual(answer, {"output": expected})

    def test_reference_refuses_outside_the_lifetime(self):
        for p in self.packages:
            outside = [p["notAfter"] + 1] + ([p["notBefore"] - 1] if p["notBefore"] > 0 else [])
            for now in outside:
                with self.subTest(generated=p["now"], now=now):
                    answer = self.reference.ask("catbird.keyPackageValidate",
                                                {"keyPackage": p["keyPackage"], "now": now}, "rfc9420")
                    self.assertEqual(answer.get("error", {}).get("code"), "INVALID_LIFETIME", answer)


if __name__ == "__main__":
    unittest.main()
