"""Glue between PushProof's Catbird KeyPackage operations and AWS mls-rs, through the UniFFI
Python binding `agentvault-mls-rs-uniffi` (module `mls_rs_uniffi`).

mls-rs makes every decision: `Message.from_bytes` decodes, `Group.process_incoming_message`
validates a KeyPackage message as a group member receiving it, `Group.add_members` validates it as
the committer adding it (and writes the KeyPackageRef into the Welcome and the new leaf into the
ratchet tree it exports). This module only

- pins the clock mls-rs reads (libfaketime, see `faketime_environment`),
- maps mls-rs's error text to PushProof's codes (`DECODE_ERRORS`, `VALIDATE_ERRORS`),
- reads back, with a small TLS reader, the bytes mls-rs wrote (its re-encoding of the message,
  its Welcome, its ratchet tree) to fill PushProof's JSON outputs,
- computes RFC 9420 §5.2 RefHash with hashlib where the binding exposes no KeyPackageRef
  (`catbird.keyPackageDecode` only; `catbird.keyPackageValidate` takes mls-rs's own from the
  Welcome).

Nothing here refuses or accepts a KeyPackage on its own.
"""
from __future__ import annotations

import hashlib
import json
import os
import sys
from pathlib import Path
from typing import Any, Callable, Dict, List, Optional, Tuple

# --- the clock -------------------------------------------------------------------------------

# Debian package `libfaketime` (0.9.10 on bookworm) installs these; PUSHPROOF_LIBFAKETIME overrides.
LIBFAKETIME_CANDIDATES = (
    "/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1",
    "/usr/lib/aarch64-linux-gnu/faketime/libfaketime.so.1",
    "/usr/lib/faketime/libfaketime.so.1",
    "/usr/local/lib/faketime/libfaketime.so.1",
)
# libfaketime parses FAKETIME with strptime("%s") and glibc's localtime, which stops at the end of
# the year 2147485547: 67,768,036,191,676,799 s. A later `now` cannot be given to mls-rs's clock
# (libfaketime exits the process on a value it cannot parse, so it is refused before).
MAX_PINNABLE_NOW = 67_768_036_191_676_799


def libfaketime_path() -> Optional[str]:
    explicit = os.environ.get("PUSHPROOF_LIBFAKETIME")
    if explicit:
        return explicit if Path(explicit).exists() else None
    for candidate in LIBFAKETIME_CANDIDATES:
        if Path(candidate).exists():
            return candidate
    return None


def faketime_environment(now: int = 0) -> Dict[str, str]:
    """The environment that makes every clock read of the process return `now` (Unix seconds),
    frozen, re-read from FAKETIME on every call so that the adapter can move it per request."""
    library = libfaketime_path()
    if library is None:
        raise RuntimeError("libfaketime not found (apt-get install libfaketime, or set PUSHPROOF_LIBFAKETIME)")
    preload = os.environ.get("LD_PRELOAD", "")
    preload = library if not preload else (preload if library in preload.split(":") else f"{library}:{preload}")
    return {"LD_PRELOAD": preload, "FAKETIME_FMT": "%s", "FAKETIME_NO_CACHE": "1",
            "FAKETIME": str(now), "TZ": "UTC"}


def clock_is_pinned() -> bool:
    library = libfaketime_path()
    return library is not None and library in os.environ.get("LD_PRELOAD", "").split(":") \
        and os.environ.get("FAKETIME_FMT") == "%s" and os.environ.get("FAKETIME_NO_CACHE") == "1"


def set_clock(now: int) -> None:
    """Every later clock read (mls-rs's `MlsTime::now()`, i.e. Rust's SystemTime) returns `now`."""
    if not 0 <= now <= MAX_PINNABLE_NOW:
        raise ValueError(f"now {now} is outside what libfaketime can set (0 to {MAX_PINNABLE_NOW})")
    os.environ["FAKETIME"] = str(now)


# --- the library -------------------------------------------------------------------------------

DISTRIBUTION = "agentvault-mls-rs-uniffi"


def library_versions() -> Dict[str, str]:
    """The binding's version and, from the CycloneDX SBOM it ships, the mls-rs crates inside."""
    from importlib import metadata

    versions = {"binding": metadata.version(DISTRIBUTION)}
    try:
        dist = metadata.distribution(DISTRIBUTION)
        for file in dist.files or []:
            if str(file).endswith(".cyclonedx.json"):
                sbom = json.loads(Path(dist.locate_file(file)).read_text())
                for component in sbom.get("components", []):
                    if component.get("name") in ("mls-rs", "mls-rs-uniffi", "mls-rs-crypto-openssl", "openssl-src"):
                        versions[component["name"]] = component.get("version", "?")
                main = sbom.get("metadata", {}).get("component", {})
                if main.get("name"):
                    versions[main["name"]] = main.get("version", "?")
    except Exception:  # the SBOM is informative only
        pass
    return versions


def version_line() -> str:
    v = library_versions()
    inner = ", ".join(f"{k} {v[k]}" for k in ("mls-rs", "mls-rs-uniffi", "mls-rs-crypto-openssl", "openssl-src") if k in v)
    return f"{v['binding']} ({inner})" if inner else v["binding"]


# --- mls-rs's errors -> PushProof's codes ----------------------------------------------------------

MLS_ERROR_PREFIX = "A mls-rs error occurred: "

# Codec errors (mls-rs-codec 0.7.0 src/lib.rs:38-57, Display texts), as Message.from_bytes raises them.
DECODE_ERRORS: List[Tuple[Callable[[str], bool], str]] = [
    (lambda t: t == "UnexpectedEOF", "TRUNCATED"),
    (lambda t: t == "VarInt does not use the min-length encoding", "NON_CANONICAL_ENCODING"),  # RFC 9420 §2.1.2
    (lambda t: t.startswith("Invalid varint prefix"), "NON_CANONICAL_ENCODING"),  # §2.1.2: prefix 0b11
    (lambda t: t == "Unsupported enum discriminant", "MALFORMED"),  # wire format, leaf source, ... (not said which)
    (lambda t: t.startswith("Option marker out of range"), "MALFORMED"),  # §2.1.1
    (lambda t: t in ("Expected UTF-8 string", "Invalid content", "Integer out of range for VarInt"), "MALFORMED"),
    (lambda t: t.startswith("mls codec error: "), "MALFORMED"),  # Custom(n): 1 = an extension type twice
]

# Refusals that come from the binding rather than from mls-rs: its one cipher suite, its fixed
# BasicIdentityProvider, the clock libfaketime can set. The adapter answers them `unimplemented`.
BINDING_LIMITS = {"SUITE_NOT_OFFERED", "UNSUPPORTED_CREDENTIAL", "CLOCK_OUT_OF_RANGE"}

# Validation errors (mls-rs 0.55.0 src/client.rs, MlsError's Display texts).
VALIDATE_ERRORS: List[Tuple[Callable[[str], bool], str]] = [
    (lambda t: t == "Protocol version mismatch", "UNSUPPORTED_PROTOCOL_VERSION"),
    # The binding's group has suite 1, the only suite it offers: a KeyPackage of another suite
    # cannot be validated here at all (a binding limit, not mls-rs's verdict on the suite).
    (lambda t: t == "Cipher suite does not match", "SUITE_NOT_OFFERED"),
    (lambda t: t.startswith("Unsupported cipher suite"), "UNSUPPORTED_CIPHERSUITE"),
    (lambda t: t.startswith("current time (") and "is not within key package lifetime" in t, "INVALID_LIFETIME"),
    (lambda t: t == "invalid leaf_node_source", "UNSUPPORTED_LEAF_SOURCE"),
    (lambda t: t == "capabilities must describe extensions used", "UNSUPPORTED_EXTENSIONS"),
    (lambda t: t == "Default value listed", "UNSUPPORTED_CAPABILITIES"),
    (lambda t: t == "In-use credential type not supported by new leaf at index", "UNSUPPORTED_CAPABILITIES"),
    (lambda t: t == "init key can not be equal to leaf node public key", "REUSED_ENCRYPTION_KEY"),
    (lambda t: t == "unexpected message type for action", "WRONG_WIRE_FORMAT"),
    # mls-rs verifies the leaf signature and then the KeyPackage signature, and fails both with
    # this one text: it does not say which, so neither of PushProof's two codes is claimed.
    (lambda t: t == "invalid signature found", "INVALID_SIGNATURE"),
    # The binding builds every client with BasicIdentityProvider (mls-rs-uniffi 0.13.0
    # src/lib.rs:349-372): any other credential type is refused by that provider, not by RFC 9420.
    (lambda t: t.startswith("unsupported credential type found"), "UNSUPPORTED_CREDENTIAL"),
    (lambda t: t == "Not all members support the credential type used by new leaf", "UNSUPPORTED_CREDENTIAL"),
    (lambda t: t == "init key is not valid for cipher suite", "INVALID_INIT_KEY"),
    # OpenSSL refusing an X25519 derivation (an all-zero shared secret, RFC 9180 §7.1.4) while
    # mls-rs encrypts the Welcome's GroupSecrets to the init key: the commit cannot be built.
    (lambda t: "ossl_ecx_compute_key" in t, "INVALID_INIT_KEY"),
] + DECODE_ERRORS


def library_text(error: BaseException) -> str:
    text = str(error)
    return text[len(MLS_ERROR_PREFIX):] if text.startswith(MLS_ERROR_PREFIX) else text


def map_error(error: BaseException, table) -> str:
    text = library_text(error)
    for matches, code in table:
        if matches(text):
            return code
    return "MLS_RS_ERROR"  # an error this glue has no code for: reported as it is


# --- reading back what mls-rs wrote (RFC 9420 wire format) ------------------------------------------


class TLSError(Exception):
    pass


class Reader:
    """RFC 9420 §2.1 presentation language, as mls-rs writes it (so always well formed)."""

    def __init__(self, data: bytes, pos: int = 0):
        self.data, self.pos = data, pos

    def take(self, n: int) -> bytes:
        if self.pos + n > len(self.data):
            raise TLSError("end of data")
        out = self.data[self.pos:self.pos + n]
        self.pos += n
        return out

    def uint(self, n: int) -> int:
        return int.from_bytes(self.take(n), "big")

    def varint(self) -> int:
        first = self.uint(1)
        prefix = first >> 6
        if prefix == 3:
            raise TLSError("reserved varint prefix")
        value = first & 0x3F
        for _ in range((1 << prefix) - 1):
            value = (value << 8) | self.uint(1)
        return value

    def vlbytes(self) -> bytes:
        return self.take(self.varint())

    def vector(self, item) -> list:
        body = Reader(self.vlbytes())
        out = []
        while body.pos < len(body.data):
            out.append(item(body))
        return out

    def finish(self) -> None:
        if self.pos != len(self.data):
            raise TLSError("bytes left over")


def write_varint(n: int) -> bytes:
    if n < 1 << 6:
        return bytes([n])
    if n < 1 << 14:
        return (n | 0x4000).to_bytes(2, "big")
    return (n | 0x80000000).to_bytes(4, "big")


SUITE_HASH = {1: "sha256", 2: "sha256", 3: "sha256", 4: "sha512", 5: "sha512", 6: "sha512", 7: "sha384",
              0x004D: "sha256"}  # RFC 9420 §17.1; 0x004D (X-Wing) as openmls_traits defines it
KEY_PACKAGE_REF_LABEL = b"MLS 1.0 KeyPackage Reference"


def ref_hash(hash_name: str, label: bytes, value: bytes) -> bytes:
    """RFC 9420 §5.2: RefHash(label, value) = Hash(RefHashInput{label<V>, value<V>})."""
    return hashlib.new(hash_name, write_varint(len(label)) + label + write_varint(len(value)) + value).digest()


def _credential(r: Reader) -> Dict[str, Any]:
    kind = r.uint(2)
    if kind == 1:
        identity = r.vlbytes()
        try:
            return {"type": "basic", "identity": identity.decode("utf-8")}
        except UnicodeDecodeError:
            return {"type": "basic", "identityHex": identity.hex()}
    if kind == 2:
        return {"type": "x509", "certificates": [c.hex() for c in r.vector(lambda inner: inner.vlbytes())]}
    # mls-rs-core 0.27.0 identity/credential.rs:205-214: another type is a CustomCredential, its
    # content one opaque<V>. PushProof's output has no shape for it; this one says what mls-rs read.
    return {"type": "other", "credentialType": kind, "dataHex": r.vlbytes().hex()}


def _extension(r: Reader) -> Dict[str, Any]:
    kind = r.uint(2)
    return {"type": kind, "data": r.vlbytes().hex()}


def read_leaf_node(r: Reader) -> Dict[str, Any]:
    """RFC 9420 §7.2 LeafNode."""
    leaf: Dict[str, Any] = {"encryptionKey": r.vlbytes().hex(), "signatureKey": r.vlbytes().hex(),
                            "credential": _credential(r)}
    names = ("versions", "cipherSuites", "extensions", "proposals", "credentials")
    leaf["capabilities"] = {name: r.vector(lambda inner: inner.uint(2)) for name in names}
    source = r.uint(1)
    if source == 1:
        leaf["source"] = "keyPackage"
        leaf["lifetime"] = {"notBefore": r.uint(8), "notAfter": r.uint(8)}
    elif source == 2:
        leaf["source"] = "update"
    elif source == 3:
        leaf["source"] = "commit"
        leaf["parentHash"] = r.vlbytes().hex()
    else:
        raise TLSError(f"leaf node source {source}")
    leaf["extensions"] = r.vector(_extension)
    leaf["signature"] = r.vlbytes().hex()
    return leaf


def describe_key_package_message(data: bytes) -> Tuple[Dict[str, Any], bytes]:
    """An MLSMessage (§6) holding a KeyPackage (§10), as mls-rs wrote it: the description
    PushProof's `catbird.keyPackageDecode` answers, and the inner KeyPackage's bytes."""
    r = Reader(data)
    r.uint(2)  # MLSMessage version
    wire_format = r.uint(2)
    if wire_format != 5:
        raise TLSError(f"wire format {wire_format}")
    start = r.pos
    kp: Dict[str, Any] = {"version": r.uint(2), "cipherSuite": r.uint(2), "initKey": r.vlbytes().hex()}
    kp["leafNode"] = read_leaf_node(r)
    kp["extensions"] = r.vector(_extension)
    kp["signature"] = r.vlbytes().hex()
    r.finish()
    return kp, data[start:]


def welcome_new_members(data: bytes) -> Tuple[int, List[bytes]]:
    """The Welcome (§12.4.3.1) mls-rs wrote, as an MLSMessage: its cipher suite and the
    KeyPackageRef of each EncryptedGroupSecrets (`new_member`), which mls-rs computed."""
    r = Reader(data)
    r.uint(2)
    if r.uint(2) != 3:
        raise TLSError("not a Welcome")
    suite = r.uint(2)

    def secrets(inner: Reader) -> bytes:
        new_member = inner.vlbytes()
        inner.vlbytes()  # HPKECiphertext.kem_output
        inner.vlbytes()  # HPKECiphertext.ciphertext
        return new_member

    refs = r.vector(secrets)
    r.vlbytes()  # encrypted_group_info
    r.finish()
    return suite, refs


def ratchet_tree_leaves(data: bytes) -> List[Optional[Dict[str, Any]]]:
    """The ratchet tree mls-rs exported (§12.4.3.3: optional<Node> ratchet_tree<V>): its leaves
    in order, None for a blank one."""
    def node(r: Reader):
        present = r.uint(1)
        if present == 0:
            return None
        kind = r.uint(1)
        if kind == 1:
            return ("leaf", read_leaf_node(r))
        r.vlbytes()  # ParentNode.encryption_key
        r.vlbytes()  # parent_hash
        r.vector(lambda inner: inner.uint(4))  # unmerged_leaves
        return ("parent", None)

    r = Reader(data)
    nodes = r.vector(node)
    r.finish()
    return [n[1] if n is not None else None for i, n in enumerate(nodes) if i % 2 == 0]


# --- the two operations ------------------------------------------------------------------------


class Refusal(Exception):
    """mls-rs refused: `code` is PushProof's, `text` mls-rs's own words."""

    def __init__(self, code: str, text: str):
        super().__init__(f"{code}: {text}")
        self.code, self.text = code, text


class MlsRs:
    """One mls-rs: a fresh committer and group for every KeyPackage (nothing carries over)."""

    def __init__(self):
        import mls_rs_uniffi as mls  # the library; imported here so that --self-check can report

        self.mls = mls
        self.suite = mls.CipherSuite.CURVE25519_AES128  # the only suite the binding offers

    def decode(self, data: bytes, table=DECODE_ERRORS):
        """`Message.from_bytes`, mls-rs's decoder (mls-rs 0.55.0 src/group/framing.rs:508-510)."""
        try:
            return self.mls.Message.from_bytes(data)
        except self.mls.Error as error:
            raise Refusal(map_error(error, table), library_text(error)) from None

    def _committer(self, data: bytes):
        config = self.mls.client_config_default()
        config.use_ratchet_tree_extension = False  # so that CommitOutput carries the ratchet tree
        # An identity no KeyPackage can carry (it hashes the KeyPackage), so that mls-rs's tree
        # checks for a duplicate identity or key never meet the committer's own leaf.
        identity = b"pushproof-interop-committer:" + hashlib.sha256(data).hexdigest().encode()
        keypair = self.mls.generate_signature_keypair(self.suite)
        return self.mls.Client(identity, keypair, config)

    def add(self, message, data: bytes):
        """`Group.add_members`: the committer's validation (CommitBuilder::add_member, then the
        proposal filter's `validate_new_node` and the tree's credential checks)."""
        group = self._committer(data).create_group(None)
        try:
            return group.add_members([message]), None
        except self.mls.Error as error:
            return None, error

    def receive(self, message, data: bytes):
        """`Group.process_incoming_message`: a member receiving the KeyPackage message
        (message_processor.rs:883-888 check_metadata, :1032-1057 validate_key_package)."""
        group = self._committer(data).create_group(None)
        try:
            return group.process_incoming_message(message), None
        except self.mls.Error as error:
            return None, error

    def validate(self, data: bytes, now: int) -> Dict[str, Any]:
        set_clock(now)
        message = self.decode(data, VALIDATE_ERRORS)
        added, add_error = self.add(message, data)
        is_key_package = not (add_error is not None and library_text(add_error) == "unexpected message type for action")
        received, receive_error = self.receive(message, data)
        if receive_error is not None:
            code = map_error(receive_error, VALIDATE_ERRORS)
            # check_metadata reads the MLSMessage's version before anything else, for every wire
            # format; for a message that is not a KeyPackage, another refusal only says it is not one.
            if code == "UNSUPPORTED_PROTOCOL_VERSION" or is_key_package:
                self._check_clock(receive_error, now)
                raise Refusal(code, library_text(receive_error))
        if not is_key_package or not received.is_key_package():
            raise Refusal("WRONG_WIRE_FORMAT", "not a KeyPackage: " + (
                library_text(add_error) if add_error is not None else type(received).__name__))
        if add_error is not None:
            self._check_clock(add_error, now)
            raise Refusal(map_error(add_error, VALIDATE_ERRORS), library_text(add_error))
        return self._validated(added)

    @staticmethod
    def _check_clock(error: BaseException, now: int) -> None:
        """mls-rs names the time it read in a lifetime refusal: it must be the test's `now`."""
        text = library_text(error)
        if text.startswith("current time ("):
            seen = text[len("current time ("):].split(")", 1)[0]
            if seen != str(now):
                raise RuntimeError(f"mls-rs read the time {seen}, not {now}: the clock is not pinned")

    def _validated(self, added) -> Dict[str, Any]:
        suite, refs = welcome_new_members(added.welcome_message.to_bytes())
        if len(refs) != 1:
            raise RuntimeError(f"mls-rs wrote {len(refs)} new members into the Welcome")
        leaves = ratchet_tree_leaves(added.ratchet_tree.bytes)
        new_leaf = leaves[1]  # the committer is leaf 0, the KeyPackage's leaf the next one
        lifetime = new_leaf["lifetime"]
        return {"keyPackageRef": refs[0].hex(), "cipherSuite": suite, "signatureKey": new_leaf["signatureKey"],
                "notBefore": lifetime["notBefore"], "notAfter": lifetime["notAfter"]}

    def decode_operation(self, data: bytes) -> Dict[str, Any]:
        message = self.decode(data)
        _, add_error = self.add(message, data)  # only CommitBuilder::add_member's into_key_package is read
        if add_error is not None and library_text(add_error) == "unexpected message type for action":
            raise Refusal("WRONG_WIRE_FORMAT", library_text(add_error))
        encoded = message.to_bytes()
        description, inner = describe_key_package_message(encoded)
        output: Dict[str, Any] = {"keyPackage": description, "encoded": encoded.hex()}
        hash_name = SUITE_HASH.get(description["cipherSuite"])
        if hash_name is not None:  # §5.2, computed here: the binding exposes no KeyPackageRef
            output["keyPackageRef"] = ref_hash(hash_name, KEY_PACKAGE_REF_LABEL, inner).hex()
        return output


# --- key packages for test_reverse.py, made under a pinned clock --------------------------------------


def generate(specs: List[Dict[str, Any]]) -> List[Dict[str, Any]]:
    """For each spec {now, identityHex}: a KeyPackage mls-rs generates at that time, and what
    mls-rs itself says of it once a group adds it (the ref in its Welcome, the leaf in its tree)."""
    lib = MlsRs()
    out = []
    for spec in specs:
        set_clock(spec["now"])
        keypair = lib.mls.generate_signature_keypair(lib.suite)
        client = lib.mls.Client(bytes.fromhex(spec["identityHex"]), keypair, lib.mls.client_config_default())
        data = client.generate_key_package_message().to_bytes()
        added, error = lib.add(lib.mls.Message.from_bytes(data), data)
        if error is not None:
            raise RuntimeError(f"mls-rs refuses its own KeyPackage: {library_text(error)}")
        validated = lib._validated(added)
        out.append({**spec, "keyPackage": data.hex(), "publicKey": keypair.public_key.bytes.hex(), **validated})
    return out


if __name__ == "__main__" and sys.argv[1:2] == ["generate"]:
    # python mlsrs_glue.py generate  (specs as JSON on stdin; run with faketime_environment())
    if not clock_is_pinned():
        sys.exit("mlsrs_glue.py generate: run under faketime_environment()")
    print(json.dumps(generate(json.load(sys.stdin))))
