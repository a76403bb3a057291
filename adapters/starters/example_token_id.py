#!/usr/bin/env python3
"""A complete adapter of one operation, registration.tokenId, through the Python kit:

    pushproof run --impl "python3 starters/example_token_id.py" --file registration_client

passes every registration.tokenId vector and skips the file's other operation. docs/operations.md,
"registration.tokenId": the first 8 bytes of SHA-256 over the token's UTF-8 bytes, as standard
base64 with padding (`tokenId`) and as a big-endian signed 64-bit integer written in decimal
(`tokenIdInt64`, a string: it is often beyond 2^53). starter.py, beside this file, says where the
kit comes from.
"""
import base64
import hashlib
import os
import sys

_KIT = os.path.join(os.path.dirname(os.path.realpath(__file__)), os.pardir, "kits", "python")
if os.path.isfile(os.path.join(_KIT, "pushproof", "adapter.py")):
    sys.path.insert(0, os.path.normpath(_KIT))
try:
    from pushproof.adapter import Adapter, AdapterError
except ImportError as error:
    sys.exit(f"example_token_id.py: no adapter kit ({error}): keep this file in starters/ beside kits/, "
             "install the pushproof wheel, or set PYTHONPATH to the folder that holds pushproof/")

adapter = Adapter(name="example-token-id", version="1")


@adapter.operation("registration.tokenId")
def token_id(input):
    token = input.get("token")
    if not isinstance(token, str):
        raise AdapterError("BAD_REQUEST", "token must be a string")
    first8 = hashlib.sha256(token.encode("utf-8")).digest()[:8]
    return {
        "tokenId": base64.b64encode(first8).decode("ascii"),
        "tokenIdInt64": str(int.from_bytes(first8, "big", signed=True)),
    }


if __name__ == "__main__":
    adapter.serve()
