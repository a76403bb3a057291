#!/usr/bin/env python3
"""A starting point for a Python adapter: it offers no operation yet, so `pushproof run --impl`
skips every vector, and the protocol is exercised end to end (`--allow-empty`: a run that tests
nothing fails otherwise):

    pushproof run --allow-empty --impl "python3 starters/starter.py"

It uses the adapter kit `pushproof.adapter`: the one in `../kits/python/` when it is there (the
release tarball, or a folder `python -m pushproof.starter DIR` wrote), else the one Python finds
(the wheel, `pip install pushproof-*.whl`; in a checkout of PushProof, `PYTHONPATH=python`).

Add an operation by registering a function `input -> output` (docs/operations.md gives each
operation's input, output and error codes; example_token_id.py, beside this file, is a complete
adapter of one operation); raise `AdapterError(code, message)` to refuse an input. Declare only
what you implement: an operation the hello names and then answers `unimplemented` fails its
vectors. Zulip's envelope and registration operations need XSalsa20-Poly1305 (libsodium's
crypto_secretbox and crypto_box): PyNaCl has them (`pip install pynacl`; nacl.secret.SecretBox,
nacl.public.Box and SealedBox), as the repository's own Python implementation uses.
"""
import os
import sys

_KIT = os.path.join(os.path.dirname(os.path.realpath(__file__)), os.pardir, "kits", "python")
if os.path.isfile(os.path.join(_KIT, "pushproof", "adapter.py")):
    sys.path.insert(0, os.path.normpath(_KIT))
try:
    from pushproof.adapter import Adapter, AdapterError  # noqa: F401
except ImportError as error:
    sys.exit(f"starter.py: no adapter kit ({error}): keep this file in starters/ beside kits/, "
             "install the pushproof wheel, or set PYTHONPATH to the folder that holds pushproof/")

adapter = Adapter(name="starter", version="0", profiles=["deployed"])

# @adapter.operation("registration.tokenId")
# def token_id(input):
#     token = input.get("token")
#     if not isinstance(token, str):
#         raise AdapterError("BAD_REQUEST", "token must be a string")
#     return {"tokenId": ..., "tokenIdInt64": ...}

if __name__ == "__main__":
    adapter.serve()
