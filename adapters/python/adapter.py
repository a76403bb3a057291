#!/usr/bin/env python3
"""PushProof adapter for the independent Python implementation (docs/adapter-protocol.md).

    swift run pushproof run --impl "python3 adapters/python/adapter.py"

Offers the deployed Zulip profile (registration token id, seal and bouncer; envelope encrypt,
bouncer payloads and client receipt), the ExplodeSettings codec and inbox-id derivation.
"""
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from pushproof_py import convos, zulip  # noqa: E402
from pushproof_py.common import ProtocolError, Unimplemented  # noqa: E402

OPERATIONS = {**zulip.OPERATIONS, **convos.OPERATIONS}
# Operations also answered for the hardened profile: explode.decode reads expiresAt with
# PushProof's strict RFC 3339 parser (not iOS's Foundation parser), which is the hardened
# reading; the deployed vectors allow it as the alternative wherever iOS reads more.
HARDENED = {"explode.decode"}
PROTOCOL = "pushproof-adapter/1"


def answer(message):
    if message.get("type") == "hello":
        return {"type": "hello", "protocol": PROTOCOL, "name": "pushproof-py", "version": "1",
                "operations": sorted(OPERATIONS), "profiles": ["deployed"],
                "operationProfiles": {op: ["deployed", "hardened"] for op in sorted(HARDENED)}}
    request_id = message.get("id")
    try:
        handler = OPERATIONS.get(message.get("operation"))
        profile = message["input"].get("profile")
        if handler is None or not (profile == "deployed" or (profile == "hardened" and message["operation"] in HARDENED)):
            raise Unimplemented()
        return {"type": "response", "id": request_id, "output": handler(message["input"])}
    except ProtocolError as error:
        body = {"code": error.code}
        if error.message is not None:
            body["message"] = error.message
        return {"type": "response", "id": request_id, "error": body}
    except Unimplemented:
        return {"type": "response", "id": request_id, "unimplemented": True}
    except Exception as error:  # a bug or an unusable input: say so on stderr, keep serving
        print(f"pushproof-py: {message.get('operation')}: {type(error).__name__}: {error}", file=sys.stderr)
        return {"type": "response", "id": request_id, "error": {"code": "HARNESS_INPUT_ERROR", "message": str(error)}}


def main():
    for line in sys.stdin:
        if not line.strip():
            continue
        sys.stdout.write(json.dumps(answer(json.loads(line)), ensure_ascii=False, separators=(",", ":")) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
