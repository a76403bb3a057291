#!/usr/bin/env python3
"""PushProof adapter for libxmtp, through its UniFFI Python bindings (`xmtp-bindings` on PyPI).

libxmtp (github.com/xmtp/libxmtp) is the Rust core behind XMTPiOS, which Convos calls. The PyPI
package `xmtp-bindings` 0.1.8 ships libxmtp v1.10.0 (commit 5c42da5) as `libxmtpv3.so` with the
UniFFI-generated `xmtpv3.py`: the same exported Rust functions XMTPiOS's `xmtpv3.swift` wraps.

What the library decides, per operation (README.md has the table):

- `identity.fromPrivateKey`: XMTPiOS's `PrivateKey(_:)` and `getOrCreateInboxId`, call for call
  (sdks/ios/Sources/XMTPiOS/Messages/PrivateKey.swift:53-78, KeyUtil.swift:23-33,
  Client.swift:484-503 at v1.10.0): `ethereum_generate_public_key` (length and scalar checks, the
  point), `ethereum_address_from_pubkey` (Keccak-256, the address text), `generate_inbox_id` (the
  address check, SHA-256 of the address and the decimal nonce).
- `identity.inboxId`: `generate_inbox_id` with an Ethereum `FfiIdentifier` holding the address as
  given (XMTPiOS's `PublicIdentity` passes it unchanged).

The glue only reads the JSON input (the harness's contract: hex strings, uint64 integers, a
string address), passes it to the library and maps the library's errors to PushProof's codes.
`identity.keccak256` is not offered: the bindings expose no Keccak-256 of arbitrary bytes (see
README.md). No `explode.*` operation is offered: ExplodeSettings is Convos' own codec, not
libxmtp's, and the bindings expose no EncodedContent or PlaintextEnvelope codec of their own.

    python3 interop/libxmtp/adapter.py               # serve the adapter protocol on stdin/stdout
    python3 interop/libxmtp/adapter.py --self-check  # "xmtp-bindings 0.1.8 (libxmtp v1.10.0, 5c42da5)"
"""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Any, Dict, Optional, Tuple

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent.parent / "python"))

from pushproof.adapter import Adapter, AdapterError  # noqa: E402

MODULE = "xmtp_bindings.xmtpv3"


def load_library() -> Tuple[Any, str]:
    """The bindings module and a version line: the package, the libxmtp tag it pins, and the
    commit the loaded native library reports about itself."""
    import importlib
    import importlib.resources

    package = importlib.import_module("xmtp_bindings")
    module = importlib.import_module(MODULE)
    try:
        ref = importlib.resources.files("xmtp_bindings").joinpath("libxmtp.ref").read_text().strip()
    except OSError:
        ref = "unknown tag"
    info = module.get_version_info()  # "Version: 5c42da5\nBranch: HEAD\nDate: ..." (from the .so)
    match = re.search(r"Version:\s*([0-9A-Za-z.]+)", info)
    commit = match.group(1) if match else "unknown commit"
    return module, f"{package.__version__} (libxmtp {ref}, {commit})"


# --- input contract: the harness's part (docs/operations.md "identity_derivation") -----------------
# Anything outside it is HARNESS_INPUT_ERROR (a ValueError, which the kit turns into that code),
# as the bundled Python implementation reads these fields (adapters/python/pushproof_py/identity.py
# hex_input, uint64_input).

HEX = re.compile(r"(?:[0-9a-fA-F]{2})*\Z", re.ASCII)


def hex_field(inp: Dict[str, Any], name: str) -> bytes:
    value = inp.get(name)
    if not isinstance(value, str) or not HEX.match(value):
        raise ValueError(f"input field `{name}` must be hex")
    return bytes.fromhex(value)


def uint64_field(inp: Dict[str, Any], name: str) -> int:
    """A JSON integer from 0 to 2^64 - 1. Python's json reads integers exactly; `true`, `1.0` and
    `1e0` are not integers (the bindings' own u64 check would take `True` as 1 and refuse 2^64 and
    -1 with a ValueError before calling Rust: libxmtp's `nonce: u64` takes the whole range)."""
    value = inp.get(name)
    if type(value) is not int or not 0 <= value < 1 << 64:
        raise ValueError(f"input field `{name}` must be a uint64")
    return value


def string_field(inp: Dict[str, Any], name: str) -> str:
    value = inp.get(name)
    if not isinstance(value, str):
        raise ValueError(f"input field `{name}` must be a string")
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        # A lone surrogate from a `\ud800` escape: a Rust `String` cannot hold it, so the input
        # cannot cross the FFI (UniFFI would raise the same error while lowering it).
        raise ValueError(f"input field `{name}` is not Unicode text (a lone surrogate)")
    return value


# --- the library's errors -> PushProof's codes ----------------------------------------------------

FFI_ERROR_CODE = re.compile(r"\[([^\]]+)\]\s*(.*)", re.S)


def ffi_error_parts(error: Exception) -> Tuple[str, str]:
    """libxmtp's FfiError text is `[ErrorType::Variant] message` (bindings/mobile/src/lib.rs:120)."""
    text = str(error)
    match = FFI_ERROR_CODE.match(text)
    return (match.group(1), match.group(2)) if match else ("", text)


def address_error(lib: Any, error: Exception) -> Optional[AdapterError]:
    """generate_inbox_id's refusals of an Ethereum identifier, both INVALID_ADDRESS:
    - `[GenericError::Generic] ... invalid addresses: [...]`: `Identifier::eth` -> `sanitize_evm_addresses`
      (crates/xmtp_cryptography/src/signature.rs:87-128: an optional lower-case `0x`, then exactly
      40 ASCII hex digits);
    - `[AssociationError::InvalidAccountAddress]`: `Identifier::inbox_id`'s own check
      (crates/xmtp_id/src/associations/member.rs:170-189: 42 characters starting `0x`), which
      refuses the 40 digits without `0x` that the sanitizer let through.
    Anything else is not an address refusal: LIBRARY_ERROR, so that a run shows it."""
    if not isinstance(error, lib.FfiError):
        return None
    code, message = ffi_error_parts(error)
    if code == "AssociationError::InvalidAccountAddress":
        return AdapterError("INVALID_ADDRESS", f"libxmtp: [{code}]")
    if code == "GenericError::Generic" and "invalid addresses:" in message:
        return AdapterError("INVALID_ADDRESS", f"libxmtp: [{code}] invalid addresses")
    return AdapterError("LIBRARY_ERROR", f"libxmtp: [{code}] {message.strip()}")


def build_adapter(lib: Any, version: str) -> Adapter:
    adapter = Adapter(name="libxmtp (xmtp-bindings)", version=version, profiles=("deployed",))
    ethereum = lib.FfiIdentifierKind.ETHEREUM

    def inbox_id(address: str, nonce: int) -> str:
        identifier = lib.FfiIdentifier(identifier=address, identifier_kind=ethereum)
        try:
            return lib.generate_inbox_id(identifier, nonce)
        except Exception as error:  # noqa: BLE001 - mapped, or re-raised below
            mapped = address_error(lib, error)
            if mapped is None:
                raise
            raise mapped from None

    @adapter.operation("identity.inboxId")
    def op_inbox_id(inp: Dict[str, Any]) -> Dict[str, Any]:
        address = string_field(inp, "address")
        nonce = uint64_field(inp, "nonce")
        return {"inboxId": inbox_id(address, nonce)}

    @adapter.operation("identity.fromPrivateKey")
    def op_from_private_key(inp: Dict[str, Any]) -> Dict[str, Any]:
        key = hex_field(inp, "privateKey")
        nonce = uint64_field(inp, "nonce")
        try:
            public = lib.ethereum_generate_public_key(key)
        except lib.FfiCryptoError.InvalidLength:
            # zeroizing_private_key / public_key_uncompressed_internal: not 32 bytes
            # (crates/xmtp_cryptography/src/ethereum.rs:121-126, 35-37).
            raise AdapterError("INVALID_PRIVATE_KEY", "libxmtp: FfiCryptoError.InvalidLength") from None
        except lib.FfiCryptoError.InvalidKey:
            # alloy's PrivateKeySigner::from_slice refuses 0 and n or more (ethereum.rs:40-42).
            raise AdapterError("INVALID_PRIVATE_KEY", "libxmtp: FfiCryptoError.InvalidKey") from None
        except lib.FfiCryptoError as error:
            raise AdapterError("LIBRARY_ERROR", f"libxmtp: {error!r}") from None
        try:
            address = lib.ethereum_address_from_pubkey(public)
        except lib.FfiCryptoError as error:
            raise AdapterError("LIBRARY_ERROR", f"libxmtp: {error!r}") from None
        # XMTPiOS's PublicKey.walletAddress lower-cases the library's answer (PrivateKey.swift:74-78);
        # libxmtp already writes lower case (ethereum.rs:111-112), so this changes nothing.
        address = address.lower()
        try:
            inbox = inbox_id(address, nonce)
        except AdapterError as error:
            raise AdapterError("LIBRARY_ERROR", f"libxmtp refused its own address: {error.message}") from None
        return {"publicKey": public.hex(), "address": address, "inboxId": inbox}

    return adapter


def main(argv: list) -> int:
    try:
        lib, version = load_library()
    except Exception as error:  # noqa: BLE001 - one clear line, whatever went wrong
        reason = " ".join(str(error).split()) or type(error).__name__
        print(f"interop/libxmtp: cannot import {MODULE}: {reason}", file=sys.stderr)
        return 1
    if "--self-check" in argv[1:]:
        print(f"xmtp-bindings {version}")
        return 0
    build_adapter(lib, version).serve()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
