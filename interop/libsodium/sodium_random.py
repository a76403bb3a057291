"""libsodium's own sealed box under a vector's ephemeral key: a custom randombytes implementation.

`crypto_box_seal` (PyNaCl's `SealedBox(PublicKey).encrypt`) draws its ephemeral secret key with
`crypto_box_keypair`, i.e. `randombytes_buf(esk, 32)`, then derives everything else itself: the
ephemeral public key, the nonce BLAKE2b-192(epk || pk), `crypto_box_easy` and the layout
`epk || tag || ciphertext` (libsodium 1.0.20, src/libsodium/crypto_box/crypto_box_seal.c). A
vector fixes the ephemeral secret key, so the box is fixed too; to let libsodium build it, this
module replaces libsodium's random source through its documented hook,
`randombytes_set_implementation` ("reproducible results instead of unpredictable ones may be
required in a testing environment", https://doc.libsodium.org/advanced/custom_rng). The
replacement is libsodium's own `randombytes_sysrandom_implementation` (the default in this
build) with one change: while `fixed_random(data)` is active, the next `randombytes_buf` call of
exactly len(data) bytes is served `data`. Every other draw, before, during and after, comes from
sysrandom as usual.

PyNaCl binds neither `randombytes_set_implementation` nor the implementation struct, but its
wheel links libsodium statically into `nacl/_sodium.abi3.so` and exports its symbols, so ctypes
reaches the very libsodium PyNaCl calls (the same loaded object: the dynamic loader opens a
path once). libsodium asks for the hook to be set before `sodium_init()`, which PyNaCl calls when
`nacl.bindings` is imported: import this module first.
"""

from __future__ import annotations

import ctypes
import importlib.util
import sys
from contextlib import contextmanager
from typing import Iterator, Optional

_BUF = ctypes.CFUNCTYPE(None, ctypes.c_void_p, ctypes.c_size_t)


class _Implementation(ctypes.Structure):
    # randombytes.h: implementation_name, random, stir, uniform, buf, close (function pointers).
    _fields_ = [
        ("implementation_name", ctypes.c_void_p),
        ("random", ctypes.c_void_p),
        ("stir", ctypes.c_void_p),
        ("uniform", ctypes.c_void_p),
        ("buf", _BUF),
        ("close", ctypes.c_void_p),
    ]


class _State:
    library: Optional[ctypes.CDLL] = None
    implementation: Optional[_Implementation] = None
    system_buf = None
    pending: Optional[bytes] = None
    misfits = 0  # draws of another size while a value was pending


_state = _State()


def sodium_library_path() -> str:
    spec = importlib.util.find_spec("nacl._sodium")
    if spec is None or spec.origin is None:
        raise ImportError("nacl._sodium not found")
    return spec.origin


def _buf(pointer, size):
    data = _state.pending
    if data is not None and size == len(data):
        _state.pending = None
        ctypes.memmove(pointer, data, size)
        return
    if data is not None:
        _state.misfits += 1
    _state.system_buf(pointer, size)


_buf_callback = _BUF(_buf)


def install() -> ctypes.CDLL:
    """Set the implementation once (idempotent); returns the libsodium handle."""
    if _state.library is not None:
        return _state.library
    if "nacl.bindings" in sys.modules:
        # Works (the hook only swaps a pointer), but libsodium documents it before sodium_init.
        print("sodium_random: installed after sodium_init()", file=sys.stderr)
    library = ctypes.CDLL(sodium_library_path())
    system = _Implementation.in_dll(library, "randombytes_sysrandom_implementation")
    ours = _Implementation(
        implementation_name=system.implementation_name,
        random=system.random,
        stir=system.stir,
        uniform=system.uniform,
        buf=_buf_callback,
        close=system.close,
    )
    _state.system_buf = system.buf
    library.randombytes_set_implementation.argtypes = [ctypes.POINTER(_Implementation)]
    library.randombytes_set_implementation.restype = ctypes.c_int
    if library.randombytes_set_implementation(ctypes.byref(ours)) != 0:
        raise RuntimeError("randombytes_set_implementation refused")
    _state.library, _state.implementation = library, ours
    return library


@contextmanager
def fixed_random(data: bytes) -> Iterator[None]:
    """The next libsodium draw of len(data) bytes inside the block is `data`; the block fails if
    libsodium drew no such value (so a box made without it is never passed off as the vector's)."""
    install()
    _state.pending, _state.misfits = bytes(data), 0
    try:
        yield
    finally:
        unused, misfits = _state.pending is not None, _state.misfits
        _state.pending, _state.misfits = None, 0
    if unused:
        raise RuntimeError(f"libsodium did not draw the fixed {len(data)} bytes ({misfits} draws of other sizes)")
