#!/usr/bin/env python3
"""PushProof adapter for the independent Python implementation (docs/adapter-protocol.md).

    swift run pushproof run --impl "python3 adapters/python/adapter.py"

Every module of `pushproof_py` that defines `OPERATIONS` (operation name -> handler) is offered;
a module's `PROFILES` (operation name -> profiles) says which profiles an operation answers in,
`deployed` alone where it says nothing. A new module is picked up without touching this file.

A module's `PENDING` (operation name -> why) names operations ported but not yet offered: where the
port, following upstream, still disagrees with vectors or with the reference on inputs the
differential fuzzer makes, and the disagreement is to be settled in the vectors or the port
(adapters/python/README.md lists them). PUSHPROOF_PY_PENDING=1 offers them too, to measure that.
"""
import importlib
import json
import os
import pkgutil
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import pushproof_py  # noqa: E402
from pushproof_py.common import ProtocolError, Unimplemented  # noqa: E402

PROTOCOL = "pushproof-adapter/1"


def load_operations():
    """(handlers, profiles) over every module of the package, sorted by module name. An operation
    declared by two modules is a mistake in the package: refuse to start."""
    handlers, profiles = {}, {}
    with_pending = os.environ.get("PUSHPROOF_PY_PENDING") == "1"
    for info in sorted(pkgutil.iter_modules(pushproof_py.__path__), key=lambda m: m.name):
        module = importlib.import_module(f"pushproof_py.{info.name}")
        pending = getattr(module, "PENDING", {})
        for name, handler in getattr(module, "OPERATIONS", {}).items():
            if name in pending and not with_pending:
                continue
            if name in handlers:
                raise SystemExit(f"pushproof-py: {name} is declared by two modules")
            handlers[name] = handler
            profiles[name] = list(getattr(module, "PROFILES", {}).get(name, ["deployed"]))
    return handlers, profiles


OPERATIONS, PROFILES = load_operations()


def load_not_upstream():
    """Every module's `NOT_UPSTREAM` (operation name -> why): operations whose deployed answers to the
    hardened vectors' inputs are not ported from upstream."""
    reasons = {}
    for info in sorted(pkgutil.iter_modules(pushproof_py.__path__), key=lambda m: m.name):
        module = importlib.import_module(f"pushproof_py.{info.name}")
        reasons.update({op: why for op, why in getattr(module, "NOT_UPSTREAM", {}).items() if op in OPERATIONS})
    return reasons


NOT_UPSTREAM = load_not_upstream()


def hello():
    return {"type": "hello", "protocol": PROTOCOL, "name": "pushproof-py", "version": "1",
            "operations": sorted(OPERATIONS), "profiles": ["deployed"],
            "operationProfiles": {op: PROFILES[op] for op in sorted(OPERATIONS) if PROFILES[op] != ["deployed"]},
            "notUpstream": NOT_UPSTREAM}


def answer(message):
    if message.get("type") == "hello":
        return hello()
    request_id = message.get("id")
    try:
        operation = message.get("operation")
        handler = OPERATIONS.get(operation)
        profile = message["input"].get("profile")
        if handler is None or profile not in PROFILES[operation]:
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
