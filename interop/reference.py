"""The reference implementation as an oracle for the interop tests: `pushproof adapter` driven
over the adapter protocol (docs/adapter-protocol.md), one request at a time.

    with Reference() as ref:
        answer = ref.ask("identity.inboxId", {"address": "0x...", "nonce": 0}, profile="deployed")
        # {"output": {...}} or {"error": {"code": ..., "message": ...}}

The binary is `$PUSHPROOF` when set, else `pushproof` on the PATH, else the checkout's debug build.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path
from typing import Any, Dict, Optional

ROOT = Path(__file__).resolve().parent.parent
PROTOCOL = "pushproof-adapter/1"


def pushproof_binary() -> str:
    explicit = os.environ.get("PUSHPROOF")
    if explicit:
        return explicit
    on_path = shutil.which("pushproof")
    if on_path:
        return on_path
    debug = ROOT / ".build" / "debug" / "pushproof"
    if debug.exists():
        return str(debug)
    raise RuntimeError("no pushproof binary: set PUSHPROOF, put pushproof on the PATH, or run `swift build`")


class Reference:
    """`pushproof adapter` in a child process; `ask` sends one request and returns its answer."""

    def __init__(self, binary: Optional[str] = None):
        self.binary = binary or pushproof_binary()
        self.process: Optional[subprocess.Popen] = None
        self.next_id = 0

    def __enter__(self) -> "Reference":
        self.process = subprocess.Popen(
            [self.binary, "adapter"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, encoding="utf-8"
        )
        hello = self._exchange({"type": "hello", "protocol": PROTOCOL})
        if hello.get("protocol") != PROTOCOL:
            raise RuntimeError(f"the reference answered the hello with {hello!r}")
        return self

    def __exit__(self, *exc: Any) -> None:
        if self.process is not None:
            self.process.stdin.close()
            self.process.wait(timeout=10)
            self.process.stdout.close()
            self.process = None

    def _exchange(self, message: Dict[str, Any]) -> Dict[str, Any]:
        assert self.process is not None, "use Reference() in a with block"
        self.process.stdin.write(json.dumps(message, separators=(",", ":")) + "\n")
        self.process.stdin.flush()
        line = self.process.stdout.readline()
        if not line:
            raise RuntimeError("the reference closed its output")
        return json.loads(line)

    def ask(self, operation: str, input: Dict[str, Any], profile: str = "deployed") -> Dict[str, Any]:
        """The answer's `output` or `error` member, as a dict with that one key."""
        self.next_id += 1
        answer = self._exchange(
            {"type": "request", "id": self.next_id, "operation": operation, "input": {**input, "profile": profile}}
        )
        if answer.get("id") != self.next_id:
            raise RuntimeError(f"the reference answered another request: {answer!r}")
        if "output" in answer:
            return {"output": answer["output"]}
        if "error" in answer:
            return {"error": answer["error"]}
        raise RuntimeError(f"the reference did not answer {operation}: {answer!r}")
