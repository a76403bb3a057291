"""Helpers shared by the operations: strict base64, compact JSON, typed protocol errors."""
import base64
import json


class ProtocolError(Exception):
    """An answer with a protocol error code (and, where the protocol has one, a message)."""

    def __init__(self, code, message=None):
        super().__init__(code)
        self.code = code
        self.message = message


class Unimplemented(Exception):
    """This implementation does not offer the operation or the profile."""


def b64decode_strict(text):
    """Canonical RFC 4648 base64: the alphabet only, padding as required, zero unused bits.
    Python's decoder checks the first two; re-encoding checks the third."""
    if not isinstance(text, str):
        raise ValueError("not a string")
    try:
        data = base64.b64decode(text, validate=True)
    except Exception as error:  # binascii.Error, ValueError
        raise ValueError("not base64") from error
    if base64.b64encode(data).decode() != text:
        raise ValueError("not canonical base64")
    return data


def b64encode(data):
    return base64.b64encode(data).decode()


def compact(value):
    """Compact JSON: no spaces, non-ASCII as UTF-8, keys in insertion order."""
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def _reject_constant(name):
    raise ValueError(f"{name} is not JSON")


def strict_loads(data):
    """RFC 8259 only: UTF-8, no NaN or Infinity, no duplicate keys."""
    text = data.decode("utf-8") if isinstance(data, (bytes, bytearray)) else data

    def no_duplicates(pairs):
        keys = [k for k, _ in pairs]
        if len(keys) != len(set(keys)):
            raise ValueError("duplicate key")
        return dict(pairs)

    return json.loads(text, object_pairs_hook=no_duplicates, parse_constant=_reject_constant)


def is_int(value):
    """A JSON integer (Python's bool is an int subclass; JSON's true is not an integer)."""
    return type(value) is int
