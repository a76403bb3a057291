"""Catbird KeyPackages: `catbird.keyPackageDecode` (rfc9420) and `catbird.keyPackageValidate`
(deployed, legacy, rfc9420), ported from the servers' code and the libraries they build with.

- deployed: the clean server, joshlacal/mls-ds@31cff9f6 `server/src/chat_protocol/wire.rs`
  (`validate_key_package`), which first decodes the MLSMessage through openmls 0.8.1 and
  tls_codec 0.4.2; X-Wing keys as `chat_protocol/mod.rs@c7b34b7b` checks them; Ed25519 as
  ed25519-dalek 2.2.0's `verify_strict` (over curve25519-dalek 4.1.3's point decoding).
- legacy: joshlacal/mls-ds@5278d0ce `server/src/db.rs:844-889`: openmls 0.8.1's
  `KeyPackageIn::tls_deserialize` and `validate` over the libcrux provider, whose Ed25519 is
  HACL* (libcrux-ed25519 0.0.6, cryspen/libcrux `crates/algorithms/ed25519/src/hacl/ed25519.rs`).
- rfc9420: RFC 9420 (mlswg/mls-protocol@1a441b8:rfc9420.md) and RFC 8032 §5.1.7.

openmls = openmls/openmls@47dbedeca (tag openmls-v0.8.1), paths under openmls/src/;
tls_codec = RustCrypto/formats tag tls_codec/v0.4.2.
"""
import hashlib

from .common import ProtocolError
from .mls_codec import OpenmlsReader, StrictReader, TlsError, Value, write_varint

MAX_KEY_PACKAGE_WIRE_BYTES = 64 * 1024  # mls-ds@31cff9f6:server/src/chat_protocol/wire.rs:47
MIN_REMAINING_SECONDS = 10 * 60  # wire.rs:53
MAX_LIFETIME_SECONDS = 30 * 24 * 60 * 60 + 60 * 60  # wire.rs:56
XWING_SUITE = 0x004D  # wire.rs:40-41
# openmls_traits 0.5.0 (openmls@47dbedeca:traits/src/types.rs:376-400): the suites openmls knows.
OPENMLS_SUITES = {1, 2, 3, 4, 5, 6, 7, XWING_SUITE}
# traits/src/types.rs:503-525 (signature_algorithm): the Ed25519 suites.
ED25519_SUITES = {1, 3, XWING_SUITE}
# RFC 9420 §17.1 (rfc9420.md:5410-5416) and traits/src/types.rs (0x004D: SHA-256).
SUITE_HASH = {1: "sha256", 2: "sha256", 3: "sha256", 4: "sha512", 5: "sha512", 6: "sha512",
              7: "sha384", XWING_SUITE: "sha256"}
GREASE = {0x0A0A + 0x1010 * i for i in range(15)}  # traits/src/grease.rs:11-14


# --- Ed25519 over GF(2^255 - 19), three ways of verifying ---

P = 2 ** 255 - 19
L = 2 ** 252 + 27742317777372353535851937790883648493
D = -121665 * pow(121666, P - 2, P) % P
SQRT_M1 = pow(2, (P - 1) // 4, P)
IDENTITY = (0, 1, 1, 0)


def _add(a, b):
    x1, y1, z1, t1 = a
    x2, y2, z2, t2 = b
    aa = (y1 - x1) * (y2 - x2) % P
    bb = (y1 + x1) * (y2 + x2) % P
    c = 2 * D * t1 * t2 % P
    dd = 2 * z1 * z2 % P
    e, f, g, h = bb - aa, dd - c, dd + c, bb + aa
    return (e * f % P, g * h % P, f * g % P, e * h % P)


def _double(a):
    return _add(a, a)


def _mul(k, point):
    result = IDENTITY
    while k:
        if k & 1:
            result = _add(result, point)
        point = _double(point)
        k >>= 1
    return result


def _neg(a):
    x, y, z, t = a
    return ((-x) % P, y, z, (-t) % P)


def _equal(a, b):
    return (a[0] * b[2] - b[0] * a[2]) % P == 0 and (a[1] * b[2] - b[1] * a[2]) % P == 0


def _compress(a):
    zinv = pow(a[2], P - 2, P)
    x, y = a[0] * zinv % P, a[1] * zinv % P
    return (y | ((x & 1) << 255)).to_bytes(32, "little")


def _small_order(a):
    return _equal(_double(_double(_double(a))), IDENTITY)


_BY = 4 * pow(5, P - 2, P) % P


def _recover_x(y, sign, zero_with_sign_ok):
    """x from y, or None. The root is taken non-negative (even) and then negated for the sign
    bit. `zero_with_sign_ok`: curve25519-dalek negates 0 to 0 and accepts it
    (curve25519-dalek@curve25519-4.1.3:curve25519-dalek/src/edwards.rs:222-239); HACL*
    refuses x = 0 with the sign bit set (libcrux hacl/ed25519.rs:460-476)."""
    u = (y * y - 1) % P
    v = (D * y * y + 1) % P
    x2 = u * pow(v, P - 2, P) % P
    if x2 == 0:
        if sign and not zero_with_sign_ok:
            return None
        return 0
    x = pow(x2, (P + 3) // 8, P)
    if (x * x - x2) % P != 0:
        x = x * SQRT_M1 % P
        if (x * x - x2) % P != 0:
            return None
    if x & 1:
        x = P - x
    return (P - x) % P if sign else x


_BX = _recover_x(_BY, 0, True)
BASE = (_BX, _BY, 1, _BX * _BY % P)


def _decode(raw, canonical):
    """A point from 32 bytes. dalek (`canonical=False`) reads y from the low 255 bits without
    reducing first (FieldElement::from_bytes, edwards.rs:212), so y >= p is taken modulo p;
    HACL* and RFC 8032 §5.1.3 refuse y >= p (hacl/ed25519.rs:430-436)."""
    if len(raw) != 32:
        return None
    y = int.from_bytes(raw, "little") & ((1 << 255) - 1)
    sign = raw[31] >> 7
    if canonical and y >= P:
        return None
    y %= P
    x = _recover_x(y, sign, not canonical)
    if x is None:
        return None
    return (x, y, 1, x * y % P)


def _challenge(r_bytes, key, message):
    return int.from_bytes(hashlib.sha512(r_bytes + key + message).digest(), "little") % L


def verify_strict(key, message, signature):
    """ed25519-dalek 2.2.0 (dalek-cryptography/curve25519-dalek tag ed25519-2.2.0):
    VerifyingKey::from_bytes decompresses the key (verifying.rs:165-173), Signature::from_slice
    wants 64 bytes, S must be below L (signature.rs:88-96, 151-162), R must decompress, neither R
    nor the key may be of small order, and [k](-A) + [S]B must compress to R's bytes
    (verifying.rs:357-380); k hashes the key's bytes as given (verifying.rs:518-532)."""
    if len(key) != 32 or len(signature) != 64:
        return False
    a = _decode(key, canonical=False)
    if a is None:
        return False
    r_bytes, s = signature[:32], int.from_bytes(signature[32:], "little")
    if s >= L:
        return False
    r = _decode(r_bytes, canonical=False)
    if r is None or _small_order(r) or _small_order(a):
        return False
    k = _challenge(r_bytes, key, message)
    return _compress(_add(_mul(k, _neg(a)), _mul(s, BASE))) == r_bytes


def verify_hacl(key, message, signature):
    """libcrux-ed25519 (HACL*) `verify` (cryspen/libcrux crates/algorithms/ed25519/src/hacl/
    ed25519.rs:1849-1883), as the libcrux provider calls it for a 32-byte key and a 64-byte
    signature (openmls@47dbedeca:libcrux_crypto/src/crypto.rs:227-245): the key and R decoded
    canonically, S below L (gte_q), then [S]B - [k]A equal to R as points: cofactorless, no
    small-order check."""
    if len(key) != 32 or len(signature) != 64:
        return False
    a = _decode(key, canonical=True)
    if a is None:
        return False
    r = _decode(signature[:32], canonical=True)
    if r is None:
        return False
    s = int.from_bytes(signature[32:], "little")
    if s >= L:
        return False
    k = _challenge(signature[:32], key, message)
    return _equal(_add(_mul(s, BASE), _mul(k, _neg(a))), r)


def verify_rfc8032(key, message, signature):
    """RFC 8032 §5.1.7: decode A and R (§5.1.3, failing on y >= p and on x = 0 with the sign
    bit), S in [0, L), then [8][S]B = [8]R + [8][k]A."""
    if len(key) != 32 or len(signature) != 64:
        return False
    a = _decode(key, canonical=True)
    r = _decode(signature[:32], canonical=True)
    s = int.from_bytes(signature[32:], "little")
    if a is None or r is None or s >= L:
        return False
    k = _challenge(signature[:32], key, message)
    left = _mul(8, _mul(s, BASE))
    right = _mul(8, _add(r, _mul(k, a)))
    return _equal(left, right)


def sign_content(label, content):
    """SignWithLabel's SignContent (RFC 9420 §5.1.2; openmls ciphersuite/signature.rs:35-47;
    wire.rs:694-714): "MLS 1.0 " + label and the content, each an opaque<V>."""
    full = b"MLS 1.0 " + label
    return write_varint(len(full)) + full + write_varint(len(content)) + content


def ref_hash(hash_name, label, value):
    """RefHash (RFC 9420 §5.2; openmls ciphersuite/hash_ref.rs:69-100)."""
    body = write_varint(len(label)) + label + write_varint(len(value)) + value
    return hashlib.new(hash_name, body).digest()


KEY_PACKAGE_REF_LABEL = b"MLS 1.0 KeyPackage Reference"  # hash_ref.rs:38


# --- X-Wing public keys (mls-ds@c7b34b7b:server/src/chat_protocol/mod.rs:7-69) ---

XWING_PUBLIC_KEY_BYTES = 1216  # mod.rs:7
XWING_X25519_OFFSET = 1184  # mod.rs:18
MLKEM_Q = 3329


def _x25519(scalar, u_bytes):
    """RFC 7748 §5 (x25519_dalek::x25519: clamped scalar, u with its top bit masked)."""
    k = bytearray(scalar)
    k[0] &= 248
    k[31] &= 127
    k[31] |= 64
    k = int.from_bytes(k, "little")
    u = (int.from_bytes(u_bytes, "little") & ((1 << 255) - 1)) % P
    x1, x2, z2, x3, z3, swap = u, 1, 0, u, 1, 0
    for t in range(254, -1, -1):
        bit = (k >> t) & 1
        swap ^= bit
        if swap:
            x2, x3, z2, z3 = x3, x2, z3, z2
        swap = bit
        a, b = (x2 + z2) % P, (x2 - z2) % P
        aa, bb = a * a % P, b * b % P
        e = (aa - bb) % P
        c, d = (x3 + z3) % P, (x3 - z3) % P
        da, cb = d * a % P, c * b % P
        x3 = (da + cb) ** 2 % P
        z3 = x1 * (da - cb) ** 2 % P
        x2 = aa * bb % P
        z2 = e * (aa + 121665 * e) % P
    if swap:
        x2, z2 = x3, z3
    return x2 * pow(z2, P - 2, P) % P


def _x25519_component_usable(component):
    """mod.rs:25-45: 32 bytes, below p as a little-endian number (every byte compared), and
    x25519([0xA5; 32], u) not all zero."""
    if len(component) != 32 or int.from_bytes(component, "little") >= P:
        return False
    return _x25519(b"\xa5" * 32, component) != 0


def _mlkem768_public_key_valid(raw):
    """mod.rs:54-62: libcrux_kem's X-Wing decode (cryspen/libcrux@416d2bff5:libcrux-kem/src/
    kem.rs:242-257) runs mlkem768::validate_public_key, FIPS 203 §7.2's modulus check: every
    12-bit coefficient of the 1152-byte t vector below q (the 32-byte rho is free)."""
    for i in range(0, 1152, 3):
        b0, b1, b2 = raw[i], raw[i + 1], raw[i + 2]
        if (b0 | (b1 & 0x0F) << 8) >= MLKEM_Q or (b1 >> 4 | b2 << 4) >= MLKEM_Q:
            return False
    return True


def xwing_public_key_valid(raw):
    """mod.rs:47-63 (xwing_public_key_is_valid)."""
    if len(raw) != XWING_PUBLIC_KEY_BYTES or not _x25519_component_usable(raw[XWING_X25519_OFFSET:]):
        return False
    return _mlkem768_public_key_valid(raw)


# --- openmls 0.8.1's decoding (the Read path of tls_codec 0.4.2) ---

def _uint(r, size):
    v = r.uint(size)
    return Value(v, v.to_bytes(size, "big"))


def _struct(value, parts):
    """A derived TLS struct: its fields written in order; its Size the sum of theirs."""
    return Value(value, b"".join(p.enc for p in parts), sum(p.size for p in parts))


def _u16(r):
    return _uint(r, 2)


def _u32(r):
    return _uint(r, 4)


def _om_credential(r):
    """credentials/mod.rs:207-222: a CredentialType (any u16, :109-119, :141-150) and the
    select's content as one opaque<V>, whatever the type."""
    kind, content = _u16(r), r.vlbytes()
    return _struct({"type": kind.value, "content": content.value}, [kind, content])


def _om_capabilities(r):
    """treesync/node/leaf_node/capabilities.rs:28-46: five vectors of u16 values, all taken
    (ProtocolVersion, VerifiableCiphersuite, ExtensionType, ProposalType and CredentialType read
    any u16: versions.rs, extensions/mod.rs:161-208, messages/proposals.rs:127-192)."""
    parts = [r.vector(_u16) for _ in range(5)]
    names = ("versions", "cipherSuites", "extensions", "proposals", "credentials")
    return _struct({n: [i.value for i in p.value] for n, p in zip(names, parts)}, parts)


def _om_source(r):
    """treesync/node/leaf_node.rs:571-590: a u8 discriminant, 1 key_package(Lifetime),
    2 update, 3 commit(parent_hash); anything else is UnknownValue (tls_codec's derive)."""
    tag = _uint(r, 1)
    if tag.value == 1:
        nb, na = _uint(r, 8), _uint(r, 8)  # key_packages/lifetime.rs:16-32
        return _struct({"source": 1, "notBefore": nb.value, "notAfter": na.value}, [tag, nb, na])
    if tag.value == 2:
        return _struct({"source": 2}, [tag])
    if tag.value == 3:
        parent = r.vlbytes()
        return _struct({"source": 3, "parentHash": parent.value}, [tag, parent])
    raise TlsError("UnknownValue")


def _extension_type_name(t):
    """extensions/mod.rs:193-208 (From<u16> for ExtensionType), without extensions-draft-08
    (neither mls-ds server/Cargo.toml enables it)."""
    if t in (1, 2, 3, 4, 5, 10):
        return t
    return "grease" if t in GREASE else "unknown"


def _option_node(r):
    """tls_codec primitives.rs:79-92 (Option<T>: 0, 1, else DecodingError) over NodeIn."""
    flag = _uint(r, 1)
    if flag.value == 0:
        return _struct(None, [flag])
    if flag.value != 1:
        raise TlsError("DecodingError")
    node = _om_node(r)
    return _struct(node.value, [flag, node])


def _om_node(r):
    """treesync/node.rs:49-68 (NodeIn: 1 leaf, 2 parent) and node/parent_node.rs:28-41; the
    unmerged leaves must be strictly sorted (treesync/node/codec.rs:20-32)."""
    tag = _uint(r, 1)
    if tag.value == 1:
        leaf = _om_leaf_node(r)
        return _struct(leaf.value, [tag, leaf])
    if tag.value == 2:
        key, parent_hash, unmerged = r.vlbytes(), r.vlbytes(), r.vector(_u32)
        leaves = [i.value for i in unmerged.value]
        if any(a >= b for a, b in zip(leaves, leaves[1:])):
            raise TlsError("DecodingError")
        return _struct("parent", [tag, key, parent_hash, unmerged])
    raise TlsError("UnknownValue")


def _om_external_sender(r):
    """extensions/external_sender_extension.rs:15-30: signature key, then credential."""
    key, credential = r.vlbytes(), _om_credential(r)
    return _struct(None, [key, credential])


def _extension_body(kind, data):
    """extensions/codec.rs:101-128: the data of every type openmls knows is decoded from the
    extension's bytes with `tls_deserialize` (what follows it there is not looked at); the rest
    are kept as bytes (Unknown)."""
    r = OpenmlsReader(data)
    if kind == 1:  # application_id_extension.rs: key_id<V>
        return r.vlbytes()
    if kind == 2:  # ratchet_tree_extension.rs: RatchetTreeIn = Vec<Option<NodeIn>> (treesync/mod.rs:227)
        return r.vector(_option_node)
    if kind == 3:  # required_capabilities.rs:43-47: three vectors of u16
        parts = [r.vector(_u16) for _ in range(3)]
        return _struct(None, parts)
    if kind == 4:  # external_pub_extension.rs:24-26: HpkePublicKey = VLBytes
        return r.vlbytes()
    if kind == 5:  # external_sender_extension.rs:56: Vec<ExternalSender>
        return r.vector(_om_external_sender)
    if kind == 10:  # last_resort.rs:22: an empty struct
        return Value(None, b"")
    return Value(None, data)  # Extension::Unknown: the bytes as they came


def _quirk_len_len(length):
    """extensions/codec.rs:16-26: Extension's own size of its data's length, whose bounds are
    one short of tls_codec's (< 0x3fff takes 2 bytes, so 0x3fff counts 4)."""
    if length < 0x40:
        return 1
    if length < 0x3FFF:
        return 2
    if length < 0x3FFF_FFFF:
        return 4
    return 8


def _om_extension(r):
    """extensions/codec.rs:101-128 (decode), :61-92 (encode: type, then the data written
    again as a vector of bytes), :28-51 (Size)."""
    kind = r.uint(2)
    data = r.vlbytes()
    body = _extension_body(_extension_type_name(kind), data.value)
    enc = kind.to_bytes(2, "big") + write_varint(len(body.enc)) + body.enc
    size = 2 + _quirk_len_len(body.size) + body.size
    return Value({"type": kind, "data": body.enc}, enc, size)


def _leaf_extension_allowed(kind):
    """extensions/mod.rs:146-158 (is_valid_in_leaf_node), checked for Extensions<LeafNode>
    (:572-583)."""
    return _extension_type_name(kind) in (1, "unknown")


def _om_extensions(r, allowed):
    """extensions/mod.rs:346-357 and :492-514: the vector, then each type checked for the
    object and no type twice; either fault is a DecodingError."""
    vector = r.vector(_om_extension)
    seen = set()
    for item in vector.value:
        kind = item.value["type"]
        if not allowed(kind) or kind in seen:
            raise TlsError("DecodingError")
        seen.add(kind)
    return Value([i.value for i in vector.value], vector.enc, vector.size)


def _om_leaf_node(r):
    """treesync/node/leaf_node.rs:549-562 (LeafNodePayload) and :715-730 (LeafNodeIn)."""
    encryption_key, signature_key = r.vlbytes(), r.vlbytes()
    credential, capabilities, source = _om_credential(r), _om_capabilities(r), _om_source(r)
    extensions = _om_extensions(r, _leaf_extension_allowed)
    payload = _struct(None, [encryption_key, signature_key, credential, capabilities, source, extensions])
    signature = r.vlbytes()
    leaf = {"encryptionKey": encryption_key.value, "signatureKey": signature_key.value,
            "credential": credential.value, "capabilities": capabilities.value, "source": source.value,
            "extensions": extensions.value, "signature": signature.value, "tbs": payload.enc}
    return _struct(leaf, [payload, signature])


def _om_key_package(r):
    """key_packages/key_package_in.rs:79-114: KeyPackageTbsIn (version, Ciphersuite, init key,
    LeafNodeIn, Extensions<AnyObject>) and the signature. A suite openmls does not know is
    UnknownValue (traits/src/types.rs:359-400, a derived u16 enum)."""
    version, suite = _u16(r), _u16(r)
    if suite.value not in OPENMLS_SUITES:
        raise TlsError("UnknownValue")
    init_key, leaf = r.vlbytes(), _om_leaf_node(r)
    extensions = _om_extensions(r, lambda kind: True)  # AnyObject: extensions/mod.rs:484-490
    payload = _struct(None, [version, suite, init_key, leaf, extensions])
    signature = r.vlbytes()
    kp = {"version": version.value, "cipherSuite": suite.value, "initKey": init_key.value,
          "leafNode": leaf.value, "extensions": extensions.value, "signature": signature.value,
          "tbs": payload.enc}
    return _struct(kp, [payload, signature])


def _wire_code(kind):
    """wire.rs:835-845: how the clean server names tls_codec's errors; a panic or anything else
    is Malformed."""
    return {"TrailingData": "TRAILING_DATA", "EndOfStream": "TRUNCATED",
            "InvalidVectorLength": "NON_CANONICAL_ENCODING"}.get(kind, "MALFORMED")


# --- deployed: the clean server's validate_key_package (wire.rs@31cff9f6:871-973) ---

def _hex_input(value, name):
    if not isinstance(value, str):
        raise ValueError(f"{name} is not a hex string")
    return bytes.fromhex(value)


def _now(message):
    now = message.get("now")
    if type(now) is not int or not 0 <= now < 2 ** 64:
        raise ValueError("now is not a u64")
    return now


def _openmls_decode_message(data):
    """MlsMessageIn::tls_deserialize_exact (tls_codec lib.rs:186-198) through openmls
    framing/codec.rs:36-58: the version (any u16), the body by wire format (message_in.rs:71-94),
    then a version other than 1.0 and a KeyPackage whose version differs from its MLSMessage's
    are DecodingErrors (codec.rs:43-56)."""
    r = OpenmlsReader(data)
    version = r.uint(2)
    if r.uint(2) != 5:  # only wire format 5 reaches here (wire.rs:826-833)
        raise TlsError("UnknownValue")
    kp = _om_key_package(r)
    if version != 1 or kp.value["version"] != version:
        raise TlsError("DecodingError")
    if r.remaining():
        raise TlsError("TrailingData")
    return kp


def _reject_lifetime(source, now):
    """wire.rs:734-752 (validate_clean_lifetime)."""
    nb, na = source["notBefore"], source["notAfter"]
    if not (nb < now < na):
        raise ProtocolError("INVALID_LIFETIME")
    if na - now < MIN_REMAINING_SECONDS:
        raise ProtocolError("INSUFFICIENT_REMAINING_LIFETIME")
    if max(na - nb, 0) > MAX_LIFETIME_SECONDS:
        raise ProtocolError("LIFETIME_TOO_LONG")


def _output(ref, kp):
    source = kp["leafNode"]["source"]
    return {"keyPackageRef": ref.hex(), "cipherSuite": kp["cipherSuite"],
            "signatureKey": kp["leafNode"]["signatureKey"].hex(),
            "notBefore": source["notBefore"], "notAfter": source["notAfter"]}


def _check_declared_ref(message, ref):
    """enroll_device.rs@20bfa48c:186-214: a declared keyPackageRef other than the server's is
    refused (as InvalidKeyPackage on the wire)."""
    declared = message.get("keyPackageRef")
    if declared is not None and _hex_input(declared, "keyPackageRef") != ref:
        raise ProtocolError("KEY_PACKAGE_REF_MISMATCH")


def validate_deployed(message):
    data = _hex_input(message.get("keyPackage"), "keyPackage")
    identity = message.get("expectedIdentity")
    if not isinstance(identity, str):
        raise ValueError("expectedIdentity is not a string")
    expected_identity = identity.encode("utf-8")
    expected_key = _hex_input(message.get("signatureKey"), "signatureKey")
    now = _now(message)
    # preflight_exact_message, wire.rs:803-845
    if len(data) > MAX_KEY_PACKAGE_WIRE_BYTES:
        raise ProtocolError("INPUT_TOO_LARGE")
    if len(data) < 4:
        raise ProtocolError("TRUNCATED")
    if int.from_bytes(data[0:2], "big") != 1:
        raise ProtocolError("UNSUPPORTED_PROTOCOL_VERSION")
    if int.from_bytes(data[2:4], "big") != 5:
        raise ProtocolError("WRONG_WIRE_FORMAT")
    try:
        decoded = _openmls_decode_message(data)
    except TlsError as error:
        raise ProtocolError(_wire_code(error.kind)) from None
    # wire.rs:891 -> 847-853: openmls writes the KeyPackage again; it cannot when the size it sums
    # is not the bytes it writes (an extension's data of exactly 0x3FFF bytes is sized as four,
    # extensions/codec.rs:16-26; tls_codec lib.rs:135-154 refuses the difference): Malformed.
    if decoded.size != len(decoded.enc):
        raise ProtocolError("MALFORMED")
    # wire.rs:892-894: the KeyPackage written again must be the input.
    if b"\x00\x01\x00\x05" + decoded.enc != data:
        raise ProtocolError("NON_CANONICAL_ENCODING")
    # wire.rs:895-897: the mirror structs (wire.rs:62-134) read the same canonical bytes into the
    # same fields, so the KeyPackage as openmls read it stands for them below.
    kp = decoded.value
    leaf = kp["leafNode"]
    if kp["version"] != 1:  # wire.rs:899-903 (unreachable after framing/codec.rs:48-56)
        raise ProtocolError("UNSUPPORTED_PROTOCOL_VERSION")
    if kp["cipherSuite"] != XWING_SUITE:  # wire.rs:904-909
        raise ProtocolError("UNSUPPORTED_CIPHERSUITE")
    credential = leaf["credential"]
    if credential["type"] != 1 or credential["content"] != expected_identity:  # wire.rs:911-916
        raise ProtocolError("WRONG_BASIC_CREDENTIAL")
    if leaf["signatureKey"] != expected_key:  # wire.rs:917-919
        raise ProtocolError("WRONG_SIGNATURE_KEY")
    source = leaf["source"]
    if source["source"] != 1:  # wire.rs:754-766 (validate_clean_leaf_profile)
        raise ProtocolError("UNSUPPORTED_LEAF_SOURCE")
    _reject_lifetime(source, now)
    caps = leaf["capabilities"]  # wire.rs:768-777
    if (caps["versions"] != [1] or caps["cipherSuites"] != [XWING_SUITE] or caps["extensions"]
            or caps["proposals"] or caps["credentials"] != [1]):
        raise ProtocolError("UNSUPPORTED_CAPABILITIES")
    if leaf["extensions"]:  # wire.rs:778-780
        raise ProtocolError("UNSUPPORTED_EXTENSIONS")
    if not xwing_public_key_valid(leaf["encryptionKey"]):  # wire.rs:781
        raise ProtocolError("INVALID_XWING_PUBLIC_KEY")
    if kp["extensions"]:  # wire.rs:922-924
        raise ProtocolError("UNSUPPORTED_EXTENSIONS")
    if not xwing_public_key_valid(kp["initKey"]):  # wire.rs:925
        raise ProtocolError("INVALID_XWING_PUBLIC_KEY")
    if kp["initKey"] == leaf["encryptionKey"]:  # wire.rs:926-928
        raise ProtocolError("REUSED_ENCRYPTION_KEY")
    # wire.rs:930-951, with verify_ed25519_mls_signature (wire.rs:694-714)
    if not verify_strict(leaf["signatureKey"], sign_content(b"LeafNodeTBS", leaf["tbs"]), leaf["signature"]):
        raise ProtocolError("INVALID_LEAF_SIGNATURE")
    if not verify_strict(leaf["signatureKey"], sign_content(b"KeyPackageTBS", kp["tbs"]), kp["signature"]):
        raise ProtocolError("INVALID_KEY_PACKAGE_SIGNATURE")
    ref = ref_hash("sha256", KEY_PACKAGE_REF_LABEL, data[4:])  # wire.rs:953-963
    _check_declared_ref(message, ref)
    return _output(ref, kp)


# --- legacy: mls-ds@5278d0ce server/src/db.rs:844-889 over openmls 0.8.1's validate ---

def validate_legacy(message):
    data = _hex_input(message.get("keyPackage"), "keyPackage")
    identity = message.get("expectedIdentity")
    if not isinstance(identity, str):
        raise ValueError("expectedIdentity is not a string")
    now = _now(message)
    # db.rs:854: KeyPackageIn::tls_deserialize on the bytes: what follows is not read.
    try:
        decoded = _om_key_package(OpenmlsReader(data))
    except TlsError as error:
        raise ProtocolError(_wire_code(error.kind)) from None
    kp = decoded.value
    leaf = kp["leafNode"]
    suite = kp["cipherSuite"]
    # key_package_in.rs:136-207 (validate), in its order.
    if leaf["source"]["source"] != 1:  # :149-156: only a key_package leaf is verified
        raise ProtocolError("UNSUPPORTED_LEAF_SOURCE")
    ed25519 = suite in ED25519_SUITES  # the libcrux provider verifies Ed25519 only (crypto.rs:234-236)
    key = leaf["signatureKey"]
    if not (ed25519 and verify_hacl(key, sign_content(b"LeafNodeTBS", leaf["tbs"]), leaf["signature"])):
        raise ProtocolError("INVALID_LEAF_SIGNATURE")
    if kp["version"] != 1:  # :158-162 (ProtocolVersion::default() is Mls10)
        raise ProtocolError("UNSUPPORTED_PROTOCOL_VERSION")
    if leaf["encryptionKey"] == kp["initKey"]:  # :164-168
        raise ProtocolError("REUSED_ENCRYPTION_KEY")
    # :174, Extensions<KeyPackage>: last_resort or an unknown type only (extensions/mod.rs:555-570)
    if any(_extension_type_name(e["type"]) not in (10, "unknown") for e in kp["extensions"]):
        raise ProtocolError("UNSUPPORTED_EXTENSIONS")
    if not verify_hacl(key, sign_content(b"KeyPackageTBS", kp["tbs"]), kp["signature"]):  # :178-182
        raise ProtocolError("INVALID_KEY_PACKAGE_SIGNATURE")
    # :184-193 with leaf_node.rs:447-454 (supports_extension): a default type or one listed.
    for extension in kp["extensions"]:
        kind = extension["type"]
        if kind not in (1, 2, 3, 4, 5) and kind not in leaf["capabilities"]["extensions"]:
            raise ProtocolError("UNSUPPORTED_EXTENSIONS")
    source = leaf["source"]
    if not (source["notBefore"] < now < source["notAfter"]):  # :196-199, lifetime.rs:85-95
        raise ProtocolError("INVALID_LIFETIME")
    # db.rs:856-882: a BasicCredential whose identity is UTF-8 and the bare owner DID.
    credential = leaf["credential"]
    if credential["type"] != 1:
        raise ProtocolError("WRONG_BASIC_CREDENTIAL")
    try:
        text = credential["content"].decode("utf-8")
    except UnicodeDecodeError:
        raise ProtocolError("WRONG_BASIC_CREDENTIAL") from None
    if text != identity:
        raise ProtocolError("WRONG_BASIC_CREDENTIAL")
    # db.rs:885-889: kp.hash_ref, RefHash over the KeyPackage as openmls writes it again
    # (key_packages/mod.rs:396-400), with the suite's hash (every suite that verifies is SHA-256).
    ref = ref_hash(SUITE_HASH[suite], KEY_PACKAGE_REF_LABEL, decoded.enc)
    return _output(ref, kp)


# --- rfc9420: RFC 9420 read exactly (rfc9420.md line numbers) ---

def _strict_credential(r):
    """§5.3 (rfc9420.md:1224-1240): basic(1) identity<V>, x509(2) certificates<V> of
    cert_data<V>; another type has no encoding the RFC defines."""
    kind = r.uint(2)
    if kind == 1:
        identity = r.vlbytes()
        try:
            return {"type": "basic", "identity": identity.decode("utf-8")}, identity
        except UnicodeDecodeError:
            return {"type": "basic", "identityHex": identity.hex()}, identity
    if kind == 2:
        certificates = r.vector(lambda inner: inner.vlbytes())
        return {"type": "x509", "certificates": [c.hex() for c in certificates]}, None
    raise TlsError("Malformed")


def _strict_extension(r):
    kind = r.uint(2)
    return {"type": kind, "data": r.vlbytes().hex()}


def _strict_leaf_node(r):
    """§7.2 (rfc9420.md:1860-1905): LeafNode; leaf_node_source 1-3 (another has no encoding)."""
    start = r.pos
    encryption_key, signature_key = r.vlbytes(), r.vlbytes()
    credential, identity = _strict_credential(r)
    caps = [[v for v in r.vector(lambda inner: inner.uint(2))] for _ in range(5)]
    capabilities = dict(zip(("versions", "cipherSuites", "extensions", "proposals", "credentials"), caps))
    source = r.uint(1)
    leaf = {"encryptionKey": encryption_key.hex(), "signatureKey": signature_key.hex(),
            "credential": credential, "capabilities": capabilities}
    if source == 1:
        leaf["source"] = "keyPackage"
        leaf["lifetime"] = {"notBefore": r.uint(8), "notAfter": r.uint(8)}
    elif source == 2:
        leaf["source"] = "update"
    elif source == 3:
        leaf["source"] = "commit"
        leaf["parentHash"] = r.vlbytes().hex()
    else:
        raise TlsError("Malformed")
    leaf["extensions"] = r.vector(_strict_extension)
    tbs = r.data[start:r.pos]
    leaf["signature"] = r.vlbytes().hex()
    return leaf, tbs, credential


def _strict_decode(data):
    """§6 MLSMessage (rfc9420.md:1004-1030) carrying a §10 KeyPackage (rfc9420.md:3270-3300),
    read exactly; 65,536 bytes at most (the codec's own bound, as the clean server's)."""
    if len(data) > MAX_KEY_PACKAGE_WIRE_BYTES:
        raise ProtocolError("INPUT_TOO_LARGE")
    r = StrictReader(data)
    try:
        if r.uint(2) != 1:  # §6: mls10 is the only version
            raise ProtocolError("UNSUPPORTED_PROTOCOL_VERSION")
        if r.uint(2) != 5:  # mls_key_package
            raise ProtocolError("WRONG_WIRE_FORMAT")
        start = r.pos
        version, suite = r.uint(2), r.uint(2)
        init_key = r.vlbytes()
        leaf, leaf_tbs, _ = _strict_leaf_node(r)
        extensions = r.vector(_strict_extension)
        tbs = r.data[start:r.pos]
        signature = r.vlbytes()
        r.finish()
    except TlsError as error:
        raise ProtocolError({"EndOfStream": "TRUNCATED", "TrailingData": "TRAILING_DATA",
                             "InvalidVectorLength": "NON_CANONICAL_ENCODING"}.get(error.kind, "MALFORMED")) from None
    description = {"version": version, "cipherSuite": suite, "initKey": init_key.hex(), "leafNode": leaf,
                   "extensions": extensions, "signature": signature.hex()}
    return description, {"leafTbs": leaf_tbs, "tbs": tbs, "inner": data[4:], "initKey": init_key,
                         "signature": signature}


def op_decode(message):
    data = _hex_input(message.get("keyPackage"), "keyPackage")
    description, parts = _strict_decode(data)
    output = {"keyPackage": description, "encoded": data.hex()}
    hash_name = SUITE_HASH.get(description["cipherSuite"])
    if hash_name is not None:  # §5.2: KeyPackageRef = RefHash over the KeyPackage, not its wrapper
        output["keyPackageRef"] = ref_hash(hash_name, KEY_PACKAGE_REF_LABEL, parts["inner"]).hex()
    return output


# Default extension types need not be listed (§7.2, rfc9420.md:1921-1947).
DEFAULT_EXTENSIONS = {1, 2, 3, 4, 5}
CREDENTIAL_CODE = {"basic": 1, "x509": 2}


def validate_rfc9420(message):
    data = _hex_input(message.get("keyPackage"), "keyPackage")
    now = _now(message)
    description, parts = _strict_decode(data)
    leaf = description["leafNode"]
    # §10.1 (rfc9420.md:3329-3348): version and suite. Without a group, the suites whose
    # signatures are Ed25519 (docs/catbird.md, profile rfc9420).
    if description["version"] != 1:
        raise ProtocolError("UNSUPPORTED_PROTOCOL_VERSION")
    if description["cipherSuite"] not in ED25519_SUITES:
        raise ProtocolError("UNSUPPORTED_CIPHERSUITE")
    # §7.3 (rfc9420.md:1989-2050): a KeyPackage's leaf has the key_package source. Checked before
    # the signature: the LeafNodeTBS of another source carries a group id and leaf index (§7.2)
    # that a KeyPackage has none of.
    if leaf["source"] != "keyPackage":
        raise ProtocolError("UNSUPPORTED_LEAF_SOURCE")
    key = bytes.fromhex(leaf["signatureKey"])
    leaf_signature = bytes.fromhex(leaf["signature"])
    if not verify_rfc8032(key, sign_content(b"LeafNodeTBS", parts["leafTbs"]), leaf_signature):
        raise ProtocolError("INVALID_LEAF_SIGNATURE")
    caps = leaf["capabilities"]
    # §7.2 (rfc9420.md:1945-1948): the leaf's credential type is listed; unknown values ignored.
    if CREDENTIAL_CODE[leaf["credential"]["type"]] not in caps["credentials"]:
        raise ProtocolError("UNSUPPORTED_CAPABILITIES")
    lifetime = leaf["lifetime"]  # §7.3: the current time within the lifetime, ends included
    if not (lifetime["notBefore"] <= now <= lifetime["notAfter"]):
        raise ProtocolError("INVALID_LIFETIME")
    for extension in leaf["extensions"]:  # §7.3: non-default leaf extensions are listed
        if extension["type"] not in DEFAULT_EXTENSIONS and extension["type"] not in caps["extensions"]:
            raise ProtocolError("UNSUPPORTED_EXTENSIONS")
    # §13.4 (rfc9420.md:4748-4749): no list of extensions holds one type twice, unknown and GREASE
    # types included, wherever the copies sit.
    for extensions in (leaf["extensions"], description["extensions"]):
        types = [extension["type"] for extension in extensions]
        if len(set(types)) != len(types):
            raise ProtocolError("UNSUPPORTED_EXTENSIONS")
    if not verify_rfc8032(key, sign_content(b"KeyPackageTBS", parts["tbs"]), parts["signature"]):
        raise ProtocolError("INVALID_KEY_PACKAGE_SIGNATURE")
    if parts["initKey"] == bytes.fromhex(leaf["encryptionKey"]):  # §10.1
        raise ProtocolError("REUSED_ENCRYPTION_KEY")
    ref = ref_hash("sha256", KEY_PACKAGE_REF_LABEL, parts["inner"])
    return {"keyPackageRef": ref.hex(), "cipherSuite": description["cipherSuite"],
            "signatureKey": leaf["signatureKey"], "notBefore": lifetime["notBefore"],
            "notAfter": lifetime["notAfter"]}


def op_validate(message):
    profile = message.get("profile")
    if profile == "deployed":
        return validate_deployed(message)
    if profile == "legacy":
        return validate_legacy(message)
    return validate_rfc9420(message)


OPERATIONS = {"catbird.keyPackageDecode": op_decode, "catbird.keyPackageValidate": op_validate}
PROFILES = {"catbird.keyPackageDecode": ["rfc9420"],
            "catbird.keyPackageValidate": ["deployed", "legacy", "rfc9420"]}
