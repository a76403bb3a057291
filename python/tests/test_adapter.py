"""The adapter kit's answers (python3 -m unittest discover -s python/tests; CI runs it)."""

import io
import json
import os
import sys
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from pushproof.adapter import PROTOCOL, Adapter, AdapterError, Unimplemented  # noqa: E402


def make():
    adapter = Adapter(name="kit-test", version="2")

    @adapter.operation("demo.echo")
    def echo(input):
        if "text" not in input:
            raise AdapterError("BAD_REQUEST", "text is missing")
        if input["text"] == "skip":
            raise Unimplemented()
        if input["text"] == "code-only":
            raise AdapterError("MALFORMED")
        return {"text": input["text"]}

    adapter.add("demo.crash", lambda input: 1 // 0, profiles=["deployed", "hardened"])
    return adapter


def request(operation, profile="deployed", **fields):
    return {"type": "request", "id": 9, "operation": operation, "input": {**fields, "profile": profile}}


class KitTests(unittest.TestCase):
    def test_hello_declares_operations_and_their_own_profiles(self):
        hello = make().answer({"type": "hello", "protocol": PROTOCOL})
        self.assertEqual(hello, {
            "type": "hello", "protocol": PROTOCOL, "name": "kit-test", "version": "2",
            "operations": ["demo.crash", "demo.echo"], "profiles": ["deployed"],
            "operationProfiles": {"demo.crash": ["deployed", "hardened"]},
        })

    def test_wire_codes_and_not_upstream_are_declared_when_given(self):
        adapter = Adapter(name="server", error_codes="wire", not_upstream={"demo.echo": "own reading"})
        hello = adapter.hello()
        self.assertEqual(hello["errorCodes"], "wire")
        self.assertEqual(hello["notUpstream"], {"demo.echo": "own reading"})
        self.assertNotIn("operationProfiles", hello)
        with self.assertRaises(ValueError):
            Adapter(name="x", error_codes="loose")

    def test_output_error_and_unimplemented(self):
        adapter = make()
        self.assertEqual(adapter.answer(request("demo.echo", text="hi")),
                         {"type": "response", "id": 9, "output": {"text": "hi"}})
        self.assertEqual(adapter.answer(request("demo.echo")),
                         {"type": "response", "id": 9, "error": {"code": "BAD_REQUEST", "message": "text is missing"}})
        self.assertEqual(adapter.answer(request("demo.echo", text="code-only")),
                         {"type": "response", "id": 9, "error": {"code": "MALFORMED"}})
        unimplemented = {"type": "response", "id": 9, "unimplemented": True}
        self.assertEqual(adapter.answer(request("demo.echo", text="skip")), unimplemented)
        self.assertEqual(adapter.answer(request("demo.other", text="hi")), unimplemented)
        self.assertEqual(adapter.answer(request("demo.echo", profile="hardened", text="hi")), unimplemented)
        self.assertEqual(adapter.answer({"type": "request", "id": 9, "operation": "demo.echo", "input": []}),
                         unimplemented)

    def test_an_unexpected_exception_is_a_harness_error_and_serving_goes_on(self):
        stderr, sys.stderr = sys.stderr, io.StringIO()
        try:
            answer = make().answer(request("demo.crash", profile="hardened"))
            logged = sys.stderr.getvalue()
        finally:
            sys.stderr = stderr
        self.assertEqual(answer["error"]["code"], "HARNESS_INPUT_ERROR")
        self.assertIn("ZeroDivisionError", answer["error"]["message"])
        self.assertIn("demo.crash", logged)

    def test_serve_frames_json_lines_and_skips_what_is_not_a_request(self):
        lines = [
            json.dumps({"type": "hello", "protocol": PROTOCOL}),
            "",
            "not json",
            json.dumps([1, 2]),
            json.dumps({"type": "bye"}),
            json.dumps(request("demo.echo", text="h\u00e9\u2028\ud800")),
        ]
        out = io.StringIO()
        stderr, sys.stderr = sys.stderr, io.StringIO()
        try:
            make().serve(io.StringIO("\n".join(lines) + "\n"), out)
        finally:
            sys.stderr = stderr
        answers = out.getvalue().split("\n")
        self.assertEqual(answers[-1], "")
        self.assertEqual(len(answers), 3)
        self.assertEqual(json.loads(answers[0])["type"], "hello")
        self.assertTrue(answers[1].isascii())
        self.assertEqual(json.loads(answers[1])["output"], {"text": "h\u00e9\u2028\ud800"})

    def test_an_operation_registered_twice_is_refused(self):
        adapter = make()
        with self.assertRaises(ValueError):
            adapter.add("demo.echo", lambda input: {})


if __name__ == "__main__":
    unittest.main()
