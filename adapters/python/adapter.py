#!/usr/bin/env python3
"""PushProof adapter for the independent Python implementation (docs/adapter-protocol.md).

    swift run pushproof run --impl "python3 adapters/python/adapter.py"

Every module of `pushproof_py` that defines `OPERATIONS` (operation name -> handler) is offered;
a module's `PROFILES` (operation name -> profiles) says which profiles an operation answers in,
`deployed` alone where it says nothing. A new module is picked up without touching this file.
The protocol's part (JSON lines, hello, coded errors, `unimplemented`) is the adapter kit's,
`pushproof.adapter`: the wheel's when it is installed, else python/pushproof in the checkout.

A module's `PENDING` (operation name -> why) names operations ported but not yet offered: where the
port, following upstream, still disagrees with vectors or with the reference on inputs the
differential fuzzer makes, and the disagreement is to be settled in the vectors or the port
(adapters/python/README.md lists them). PUSHPROOF_PY_PENDING=1 offers them too, to measure that.
"""
import importlib
import os
import pkgutil
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

try:
    from pushproof.adapter import Adapter  # the kit: installed from the wheel, or copied beside this file
except ImportError:  # a checkout: the kit's source is python/ at the repository's root
    sys.path.insert(1, str(HERE.parent.parent / "python"))
    from pushproof.adapter import Adapter

import pushproof_py  # noqa: E402


def modules():
    for info in sorted(pkgutil.iter_modules(pushproof_py.__path__), key=lambda m: m.name):
        yield importlib.import_module(f"pushproof_py.{info.name}")


def build_adapter():
    """Every module's operations, profiles and notUpstream reasons, sorted by module name. An
    operation declared by two modules is a mistake in the package: refuse to start."""
    with_pending = os.environ.get("PUSHPROOF_PY_PENDING") == "1"
    offered, reasons = {}, {}
    for module in modules():
        pending = getattr(module, "PENDING", {})
        for name, handler in getattr(module, "OPERATIONS", {}).items():
            if name in pending and not with_pending:
                continue
            if name in offered:
                raise SystemExit(f"pushproof-py: {name} is declared by two modules")
            offered[name] = (handler, list(getattr(module, "PROFILES", {}).get(name, ["deployed"])))
        reasons.update(getattr(module, "NOT_UPSTREAM", {}))
    adapter = Adapter(
        name="pushproof-py", version="1", profiles=["deployed"],
        not_upstream={op: why for op, why in reasons.items() if op in offered})
    for name, (handler, profiles) in offered.items():
        adapter.add(name, coded(handler), profiles)
    return adapter


def coded(handler):
    """The port's own coded errors, as the kit's."""
    from pushproof.adapter import AdapterError, Unimplemented as KitUnimplemented
    from pushproof_py.common import ProtocolError, Unimplemented

    def call(input):
        try:
            return handler(input)
        except ProtocolError as error:
            raise AdapterError(error.code, error.message) from None
        except Unimplemented:
            raise KitUnimplemented() from None

    return call


if __name__ == "__main__":
    build_adapter().serve()
