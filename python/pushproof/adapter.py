"""The adapter kit: serve your implementation to `pushproof run --impl` in a few lines.

PushProof talks to an implementation over JSON lines on stdin and stdout (docs/adapter-protocol.md,
protocol `pushproof-adapter/1`). This module does the framing, the hello, the error answers and
`unimplemented`; you write one function per operation, `input -> output`, and raise
`AdapterError(code, message)` to refuse an input with the protocol's error code:

    from pushproof.adapter import Adapter, AdapterError

    adapter = Adapter(name="my-zulip-client", version="1.0")

    @adapter.operation("registration.tokenId")
    def token_id(input):
        if not isinstance(input.get("token"), str):
            raise AdapterError("BAD_REQUEST", "token must be a string")
        return {"tokenId": ..., "tokenIdInt64": ...}

    if __name__ == "__main__":
        adapter.serve()

and run `pushproof run --impl "python3 my_adapter.py"`. docs/operations.md gives every operation's
input, output and error codes.

What the kit answers for you:
- the hello, with the operations registered and their profiles;
- `unimplemented` for an operation or profile you did not register (the runner skips only what the
  hello did not declare, so the run fails if you declare an operation and then answer
  `unimplemented`: raise `Unimplemented()` only for an input you knowingly leave out);
- an exception other than `AdapterError` becomes the error `HARNESS_INPUT_ERROR`, its type and text
  on stderr, and the adapter goes on serving (a crash would cost the runner a restart);
- a line that is not UTF-8, not JSON, or not a JSON object is reported on stderr and skipped.

JSON: strict RFC 8259, as the JavaScript kit (kits/js/pushproof-adapter.js) reads it too: a
duplicate key in an object, NaN or Infinity make the line "not JSON". Integers are Python ints,
exact at any size (2^63 - 1, -2^63, 2^64 - 1); a literal with a fraction or an exponent (`1.0`,
`1e0`) is a float, so `1` and `1.0` stay apart. Answers are written in ASCII, with escapes.
"""

from __future__ import annotations

import io
import json
import sys
import traceback
from typing import Any, Callable, Dict, Iterable, Iterator, List, Mapping, Optional, TextIO, Tuple

PROTOCOL = "pushproof-adapter/1"

Handler = Callable[[Dict[str, Any]], Any]


class AdapterError(Exception):
    """Refuse an input: `code` is the protocol's error code (`BAD_REQUEST`, `MALFORMED`, ...);
    `message`, optional, is compared only where a vector gives one. Never put key bytes or
    plaintext in it."""

    def __init__(self, code: str, message: Optional[str] = None):
        super().__init__(code if message is None else f"{code}: {message}")
        self.code = code
        self.message = message


class Unimplemented(Exception):
    """Answer `unimplemented` to this one request."""


class Adapter:
    """One implementation's operations, served over the adapter protocol.

    `profiles`: the profiles every operation answers in unless `operation(..., profiles=...)` says
    otherwise. `error_codes="wire"`: the implementation can only pass on the codes a real server
    puts on the wire (docs/adapter-protocol.md). `not_upstream`: operation -> why its deployed
    answers to the hardened vectors' inputs are the implementation's own reading.
    `error_code_groups`: code -> the PushProof codes it stands for, where the library behind the
    adapter answers one code for several faults (a refusal in it passes where one of them is
    expected; docs/adapter-protocol.md)."""

    def __init__(
        self,
        name: str,
        version: str = "1",
        profiles: Iterable[str] = ("deployed",),
        error_codes: Optional[str] = None,
        not_upstream: Optional[Mapping[str, str]] = None,
        unexpected_error_code: str = "HARNESS_INPUT_ERROR",
        error_code_groups: Optional[Mapping[str, Iterable[str]]] = None,
    ):
        if error_codes not in (None, "wire"):
            raise ValueError("error_codes is None or 'wire'")
        self.name = name
        self.version = version
        self.profiles = list(profiles)
        self.error_codes = error_codes
        self.not_upstream = dict(not_upstream or {})
        self.error_code_groups = {code: sorted(set(group)) for code, group in (error_code_groups or {}).items()}
        if any(not group for group in self.error_code_groups.values()):
            raise ValueError("each error code group names at least one code")
        self.unexpected_error_code = unexpected_error_code
        self._handlers: Dict[str, Handler] = {}
        self._profiles: Dict[str, List[str]] = {}

    def add(self, operation: str, handler: Handler, profiles: Optional[Iterable[str]] = None) -> None:
        """Offer `operation` (e.g. "registration.seal"), answered by `handler(input) -> output`."""
        if operation in self._handlers:
            raise ValueError(f"{operation} is registered twice")
        self._handlers[operation] = handler
        self._profiles[operation] = list(profiles) if profiles is not None else list(self.profiles)

    def operation(self, name: str, profiles: Optional[Iterable[str]] = None) -> Callable[[Handler], Handler]:
        """Decorator form of `add`."""

        def register(handler: Handler) -> Handler:
            self.add(name, handler, profiles)
            return handler

        return register

    @property
    def operations(self) -> List[str]:
        return sorted(self._handlers)

    def hello(self) -> Dict[str, Any]:
        answer: Dict[str, Any] = {
            "type": "hello",
            "protocol": PROTOCOL,
            "name": self.name,
            "version": self.version,
            "operations": self.operations,
            "profiles": self.profiles,
        }
        differing = {op: self._profiles[op] for op in self.operations if self._profiles[op] != self.profiles}
        if differing:
            answer["operationProfiles"] = differing
        if self.not_upstream:
            answer["notUpstream"] = {op: why for op, why in sorted(self.not_upstream.items())}
        if self.error_codes:
            answer["errorCodes"] = self.error_codes
        if self.error_code_groups:
            answer["errorCodeGroups"] = dict(sorted(self.error_code_groups.items()))
        return answer

    def answer(self, message: Any) -> Optional[Dict[str, Any]]:
        """The answer to one message of the runner's (None: nothing to answer)."""
        if not isinstance(message, dict):
            _log(f"{self.name}: ignored a message that is not a JSON object")
            return None
        kind = message.get("type")
        if kind == "hello":
            if message.get("protocol") != PROTOCOL:
                _log(f"{self.name}: the runner speaks {message.get('protocol')!r}; this kit speaks {PROTOCOL}")
            return self.hello()
        if kind != "request":
            _log(f"{self.name}: ignored a message of type {kind!r}")
            return None
        request_id = message.get("id")
        operation = message.get("operation")
        payload = message.get("input")
        try:
            handler = self._handlers.get(operation) if isinstance(operation, str) else None
            profile = payload.get("profile") if isinstance(payload, dict) else None
            if handler is None or profile not in self._profiles[operation]:
                raise Unimplemented()
            return {"type": "response", "id": request_id, "output": handler(payload)}
        except AdapterError as error:
            body: Dict[str, Any] = {"code": error.code}
            if error.message is not None:
                body["message"] = error.message
            return {"type": "response", "id": request_id, "error": body}
        except Unimplemented:
            return {"type": "response", "id": request_id, "unimplemented": True}
        except Exception as error:  # a bug, or an input the implementation cannot use
            _log(f"{self.name}: {operation}: {type(error).__name__}: {error}")
            _log(traceback.format_exc().rstrip())
            return {
                "type": "response",
                "id": request_id,
                "error": {"code": self.unexpected_error_code, "message": f"{type(error).__name__}: {error}"},
            }

    def serve(self, stdin: Optional[TextIO] = None, stdout: Optional[TextIO] = None) -> None:
        """Answer the runner until stdin closes."""
        # UTF-8 whatever the locale (an empty environment's is C), line by line from the bytes.
        source = stdin if stdin is not None else self._utf8_lines(sys.stdin.buffer)
        sink = stdout if stdout is not None else io.TextIOWrapper(sys.stdout.buffer, encoding="utf-8")
        for line in source:
            if not line.strip():
                continue
            try:
                message = loads(line)
            except (ValueError, RecursionError) as error:
                _log(f"{self.name}: ignored a line that is not JSON ({error})")
                continue
            reply = self.answer(message)
            if reply is None:
                continue
            # ASCII with escapes: any string, lone surrogates included, survives the pipe.
            sink.write(json.dumps(reply, ensure_ascii=True, separators=(",", ":")) + "\n")
            sink.flush()

    def _utf8_lines(self, stream: Iterable[bytes]) -> Iterator[str]:
        for raw in stream:
            try:
                yield raw.decode("utf-8")
            except UnicodeDecodeError:
                _log(f"{self.name}: ignored a line that is not UTF-8")


def loads(text: str) -> Any:
    """One JSON text, strictly: a duplicate key, NaN or Infinity raise ValueError."""
    return json.loads(text, object_pairs_hook=_unique_members, parse_constant=_no_constant)


def _unique_members(pairs: List[Tuple[str, Any]]) -> Dict[str, Any]:
    members: Dict[str, Any] = {}
    for key, value in pairs:
        if key in members:
            raise ValueError(f"duplicate key {key!r}")
        members[key] = value
    return members


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def _log(text: str) -> None:
    print(text, file=sys.stderr, flush=True)
