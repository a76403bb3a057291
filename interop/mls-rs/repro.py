"""Stand-alone reproductions of the mls-rs findings (README.md, "Disagreements"), against the
library only: no PushProof, no clock pinning (every KeyPackage here lives from 0 to 2^64 - 1).

    pip install agentvault-mls-rs-uniffi==0.1.1    # mls-rs 0.55.0, mls-rs-uniffi 0.13.0, OpenSSL 3.6.2
    python repro.py

F1  a leaf carrying application_id (a "default" extension type, RFC 9420 §7.2) is refused
    whether or not capabilities.extensions lists it: no such KeyPackage can ever be added.
F2  Ed25519 public keys in non-canonical encodings (RFC 8032 §5.1.3: decoding fails) are accepted.
F3  Group.add_members takes an MLSMessage whose version differs from its KeyPackage's
    (RFC 9420 §10: the receiver MUST verify they are equal); process_incoming_message refuses it.
"""
import hashlib

import mls_rs_uniffi as mls

# --- RFC 8032 Ed25519 signing, pure Python (only to make honest test KeyPackages) -----------------
P = 2 ** 255 - 19
L = 2 ** 252 + 27742317777372353535851937790883648493
D = -121665 * pow(121666, P - 2, P) % P
B = (15112221349535400772501151409588531511454012693041857206046113283949847762202,
     46316835694926478169428394003475163141307993866256225615783033603165251855960)


def _add(p, q):
    (x1, y1), (x2, y2) = p, q
    t = D * x1 * x2 * y1 * y2 % P
    return ((x1 * y2 + x2 * y1) * pow(1 + t, P - 2, P) % P, (y1 * y2 + x1 * x2) * pow(1 - t, P - 2, P) % P)


def _mul(k, p):
    r = (0, 1)
    while k:
        if k & 1:
            r = _add(r, p)
        p, k = _add(p, p), k >> 1
    return r


def _enc(p):
    return (p[1] | (p[0] & 1) << 255).to_bytes(32, "little")


class Ed25519:
    def __init__(self, seed: bytes):
        h = hashlib.sha512(seed).digest()
        self.a = int.from_bytes(h[:32], "little") & ((1 << 254) - 8) | (1 << 254)
        self.prefix = h[32:]
        self.public = _enc(_mul(self.a, B))

    def sign(self, message: bytes) -> bytes:
        r = int.from_bytes(hashlib.sha512(self.prefix + message).digest(), "little") % L
        big_r = _enc(_mul(r, B))
        k = int.from_bytes(hashlib.sha512(big_r + self.public + message).digest(), "little") % L
        return big_r + ((r + k * self.a) % L).to_bytes(32, "little")


# --- RFC 9420 encoding ----------------------------------------------------------------------------

def vec(b: bytes) -> bytes:  # opaque<V> with the shortest varint (§2.1.2)
    n = len(b)
    return (bytes([n]) if n < 64 else (n | 0x4000).to_bytes(2, "big")) + b


def u16s(values) -> bytes:
    return vec(b"".join(v.to_bytes(2, "big") for v in values))


def sign_with_label(sign, label: bytes, content: bytes) -> bytes:  # §5.1.2
    return sign(vec(b"MLS 1.0 " + label) + vec(content))


def key_package(signature_key: bytes, sign, leaf_extensions=(), listed=(), message_version=1) -> bytes:
    """MLSMessage(KeyPackage), suite 1, BasicCredential "repro", lifetime [0, 2^64 - 1]."""
    leaf = vec(bytes([7]) * 32) + vec(signature_key) + (1).to_bytes(2, "big") + vec(b"repro")
    leaf += u16s([1]) + u16s([1]) + u16s(listed) + u16s([]) + u16s([1])  # capabilities
    leaf += b"\x01" + (0).to_bytes(8, "big") + (2 ** 64 - 1).to_bytes(8, "big")  # key_package, lifetime
    leaf += vec(b"".join(t.to_bytes(2, "big") + vec(d) for t, d in leaf_extensions))
    leaf += vec(sign_with_label(sign, b"LeafNodeTBS", leaf))
    tbs = (1).to_bytes(2, "big") + (1).to_bytes(2, "big") + vec(bytes([9]) * 32) + leaf + vec(b"")
    return message_version.to_bytes(2, "big") + (5).to_bytes(2, "big") + tbs + vec(sign_with_label(sign, b"KeyPackageTBS", tbs))


# --- mls-rs ---------------------------------------------------------------------------------------

def committer():
    keys = mls.generate_signature_keypair(mls.CipherSuite.CURVE25519_AES128)
    return mls.Client(b"committer", keys, mls.client_config_default())


def verdicts(data: bytes) -> str:
    message = mls.Message.from_bytes(data)
    out = []
    for name, call in (("process_incoming_message", lambda g: g.process_incoming_message(message)),
                       ("add_members", lambda g: g.add_members([message]))):
        try:
            call(committer().create_group(None))
            out.append(f"{name}: accepted")
        except mls.Error as error:
            out.append(f"{name}: {error}")
    return "; ".join(out)


if __name__ == "__main__":
    honest = Ed25519(bytes(32))
    print(f"{'control, no leaf extension:':42s}", verdicts(key_package(honest.public, honest.sign)))
    app_id = [(0x0001, vec(b"device-1"))]
    print(f"{'F1 application_id, not listed:':42s}", verdicts(key_package(honest.public, honest.sign, app_id)))
    print(f"{'F1 application_id, listed:':42s}", verdicts(key_package(honest.public, honest.sign, app_id, [0x0001])))

    # The identity point as a key: with R = B and S = 1, [S]B = R + [k]A holds for every message.
    anything = lambda message: _enc(B) + (1).to_bytes(32, "little")  # noqa: E731
    canonical = (1).to_bytes(32, "little")
    print(f"{'control, identity key, canonical:':42s}", verdicts(key_package(canonical, anything)))
    for name, key in (("x = 0 with the sign bit", (1 | 1 << 255).to_bytes(32, "little")),
                      ("y = p + 1", (P + 1).to_bytes(32, "little"))):
        print(f"{'F2 identity key, ' + name + ':':42s}", verdicts(key_package(key, anything)))

    print(f"{'F3 MLSMessage version 2, KP version 1:':42s}", verdicts(key_package(honest.public, honest.sign, message_version=2)))
