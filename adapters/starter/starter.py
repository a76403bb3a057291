#!/usr/bin/env python3
"""A starting point for a Python adapter: it offers no operation yet, so `pushproof run --impl`
skips every vector, and the protocol is exercised end to end.

    pip install pushproof-*.whl            # the kit (pushproof.adapter) and the runner
    pushproof run --impl "python3 starter.py"

Add an operation by registering a function `input -> output` (docs/operations.md gives each
operation's input, output and error codes); raise `AdapterError(code, message)` to refuse an
input. Declare only what you implement: an operation the hello names and then answers
`unimplemented` fails its vectors.
"""
from pushproof.adapter import Adapter, AdapterError  # noqa: F401

adapter = Adapter(name="starter", version="0", profiles=["deployed"])

# @adapter.operation("registration.tokenId")
# def token_id(input):
#     token = input.get("token")
#     if not isinstance(token, str):
#         raise AdapterError("BAD_REQUEST", "token must be a string")
#     return {"tokenId": ..., "tokenIdInt64": ...}

if __name__ == "__main__":
    adapter.serve()
