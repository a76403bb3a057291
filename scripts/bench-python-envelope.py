#!/usr/bin/env python3
"""The deployed Python server's notification path, timed for pushproof-bench's same-run comparison.

Usage: bench-python-envelope.py ITERATIONS
Prints one line: microseconds per notification (median of 7 batches after a warm-up batch).

The path is what Zulip's server does per notification, with adapters/python's functions (PyNaCl
and the json module, as the deployed server uses them): build the notification dict (content
truncated), dump it as compact JSON, draw a 24-byte random nonce, crypto_secretbox it, base64
nonce || box, and assemble and serialise the APNs body with its 4096-byte check. The sample
notification is the one the Swift benchmark uses.
"""
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "adapters", "python"))
from nacl import bindings  # noqa: E402

from pushproof_py.common import b64encode, compact  # noqa: E402
from pushproof_py.zulip import build_notification, op_bouncer_payload  # noqa: E402

iterations = int(sys.argv[1]) if len(sys.argv) > 1 else 20000
content = "A fairly ordinary message, long enough to be truncated. " * 6
key = os.urandom(32)


def one(i):
    raw = {"type": "message", "realm_url": "https://chat.example.com", "realm_name": "Example", "user_id": 10,
           "sender_id": 11, "sender_full_name": "Alice Example", "sender_avatar_url": "https://chat.example.com/avatar/11",
           "message_id": 1000 + i, "time": 1772513819, "content": content,
           "recipient": {"type": "channel", "channel_id": 3, "channel_name": "general", "topic": "benchmarks"}}
    plaintext = compact(build_notification(raw)).encode("utf-8")
    nonce = os.urandom(24)
    data = b64encode(nonce + bindings.crypto_secretbox(plaintext, nonce, key))
    request = op_bouncer_payload({"service": "apns", "pushKeyId": 1234, "encryptedData": data, "priority": "high"})
    return len(compact(request["body"]).encode())


for i in range(iterations // 4):
    one(i)
samples = []
for _ in range(7):
    start = time.perf_counter()
    for i in range(iterations):
        one(i)
    samples.append((time.perf_counter() - start) / iterations)
print(f"{sorted(samples)[3] * 1e6:.3f}")
