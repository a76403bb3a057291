"""PushProof adapter for AWS mls-rs through its UniFFI Python binding (PyPI
`agentvault-mls-rs-uniffi`): `catbird.keyPackageDecode` and `catbird.keyPackageValidate`, profile
`rfc9420`, in the one cipher suite the binding offers (1, MLS_128_DHKEMX25519_AES128GCM_SHA256_Ed25519).

    pushproof run --impl "python3 interop/mls-rs/adapter.py" --file catbird_keypackage_codec \
        --file catbird_keypackage_validate --profile rfc9420
    python3 interop/mls-rs/adapter.py --self-check

mls-rs reads the system clock for a KeyPackage's lifetime; the adapter starts itself again under
libfaketime (Debian package `libfaketime`) and sets the clock to each request's `now`
(mlsrs_glue.py, "the clock"). What mls-rs decides and what the glue does: README.md.
"""
from __future__ import annotations

import os
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
sys.path.insert(0, str(ROOT / "python"))  # the adapter kit, pushproof.adapter
sys.path.insert(0, str(HERE))

import mlsrs_glue as glue  # noqa: E402

NAME = "mls-rs (agentvault-mls-rs-uniffi)"
PROFILES = ["rfc9420"]
# The suites the rfc9420 profile validates (Ed25519 signatures: 1, 3 and X-Wing's 0x004D), as the
# KeyPackage's cipher_suite field (bytes 6-7 of the MLSMessage) writes them.
PROFILE_SUITES = {bytes([0, 1]), bytes([0, 3]), bytes([0, 0x4D])}


def self_check() -> int:
    try:
        import mls_rs_uniffi  # noqa: F401

        version = glue.version_line()
    except Exception as error:  # ImportError, OSError from the shared library, ...
        print(f"interop/mls-rs: cannot import mls_rs_uniffi: {type(error).__name__}: {error}", file=sys.stderr)
        return 1
    if glue.libfaketime_path() is None:
        print("interop/mls-rs: cannot pin the clock: libfaketime not found (apt-get install libfaketime)",
              file=sys.stderr)
        return 1
    print(f"{NAME} {version}")
    return 0


def hex_input(message, name: str) -> bytes:
    from pushproof.adapter import AdapterError

    value = message.get(name)
    if not isinstance(value, str) or len(value) % 2 or value != value.lower():
        raise AdapterError("HARNESS_INPUT_ERROR", f"{name} is not lower-case hex")
    try:
        return bytes.fromhex(value)
    except ValueError:
        raise AdapterError("HARNESS_INPUT_ERROR", f"{name} is not lower-case hex") from None


def main() -> None:
    from pushproof.adapter import Adapter, AdapterError, Unimplemented

    lib = glue.MlsRs()
    # mls-rs fails the leaf's and the KeyPackage's signature with one text ("invalid signature
    # found"): the adapter answers INVALID_SIGNATURE and declares it stands for either of
    # PushProof's codes (docs/adapter-protocol.md, errorCodeGroups).
    adapter = Adapter(
        name=NAME, version=glue.version_line(), profiles=PROFILES,
        error_code_groups={"INVALID_SIGNATURE": ["INVALID_LEAF_SIGNATURE", "INVALID_KEY_PACKAGE_SIGNATURE"]},
    )

    def refuse(refusal: glue.Refusal):
        # What the binding, not mls-rs, cannot decide is answered `unimplemented`: the runner
        # fails such a test (each is listed as a binding-limit) and the fuzzer compares nothing.
        if refusal.code in glue.BINDING_LIMITS:
            return Unimplemented()
        return AdapterError(refusal.code, refusal.text)

    @adapter.operation("catbird.keyPackageDecode")
    def decode(message):
        data = hex_input(message, "keyPackage")
        try:
            return lib.decode_operation(data)
        except glue.Refusal as refusal:
            raise refuse(refusal) from None

    @adapter.operation("catbird.keyPackageValidate")
    def validate(message):
        data = hex_input(message, "keyPackage")
        now = message.get("now")
        if type(now) is not int or not 0 <= now < 2 ** 64:
            raise AdapterError("HARNESS_INPUT_ERROR", "now is not a u64")
        if now > glue.MAX_PINNABLE_NOW:
            # mls-rs has no entry point taking a time: its clock is all it reads, and no clock
            # libfaketime can set goes past the year 2147485547.
            raise refuse(glue.Refusal("CLOCK_OUT_OF_RANGE", f"now {now} is past what libfaketime can set"))
        try:
            return lib.validate(data, now)
        except glue.Refusal as refusal:
            if refusal.code == "SUITE_NOT_OFFERED" and data[6:8] not in PROFILE_SUITES:
                # A suite the profile refuses too: mls-rs's refusal in a suite-1 group is the verdict.
                raise AdapterError("UNSUPPORTED_CIPHERSUITE", refusal.text) from None
            raise refuse(refusal) from None

    adapter.serve()


if __name__ == "__main__":
    if "--self-check" in sys.argv[1:]:
        sys.exit(self_check())
    if not glue.clock_is_pinned():
        # Start again with libfaketime preloaded (it must be there before the process starts).
        try:
            environment = {**os.environ, **glue.faketime_environment(0)}
        except RuntimeError as error:
            sys.exit(f"interop/mls-rs: cannot pin the clock: {error}")
        os.execve(sys.executable, [sys.executable, str(Path(__file__).resolve()), *sys.argv[1:]], environment)
    main()
