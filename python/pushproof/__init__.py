"""PushProof for Python: the `pushproof` command (the conformance suite's binary, with its vectors)
and `pushproof.adapter`, the kit for serving a Python implementation to it."""

from pushproof.adapter import PROTOCOL, Adapter, AdapterError, Unimplemented

__all__ = ["PROTOCOL", "Adapter", "AdapterError", "Unimplemented"]
