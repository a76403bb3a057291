"""The adapter kit's answers (python3 -m unittest discover -s python/tests; CI runs it)."""

import io
import json
import os
import sys
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from pushproof.adapter import PROTOCOL, Adapter, AdapterError, Unimplemented  # noqa: E402
import pushproof.adapter as adapter_module  # noqa: E402


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

    def test_error_code_groups_are_declared_sorted(self):
        adapter = Adapter(name="lib", error_code_groups={"INVALID_SIGNATURE": ["B_SIG", "A_SIG", "A_SIG"]})
        self.assertEqual(adapter.hello()["errorCodeGroups"], {"INVALID_SIGNATURE": ["A_SIG", "B_SIG"]})
        self.assertNotIn("errorCodeGroups", Adapter(name="plain").hello())
        with self.assertRaises(ValueError):
            Adapter(name="x", error_code_groups={"E": []})

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

    def test_strict_json_duplicate_keys_and_constants_are_not_json(self):
        lines = [
            '{"type":"request","id":1,"id":2,"operation":"demo.echo","input":{"profile":"deployed","text":"a"}}',
            '{"type":"request","id":3,"operation":"demo.echo","input":{"profile":"deployed","text":"a","text":"b"}}',
            '{"type":"request","id":4,"operation":"demo.echo","input":{"profile":"deployed","text":NaN}}',
            '{"type":"request","id":5,"operation":"demo.echo","input":{"profile":"deployed","text":-Infinity}}',
            "[" * 100000 + "]" * 100000,
            '{"type":"request","id":6,"operation":"demo.echo","input":{"profile":"deployed","text":{"a":{"a":1}}}}',
        ]
        out = io.StringIO()
        stderr, sys.stderr = sys.stderr, io.StringIO()
        try:
            make().serve(io.StringIO("\n".join(lines) + "\n"), out)
            logged = sys.stderr.getvalue()
        finally:
            sys.stderr = stderr
        answers = out.getvalue().splitlines()
        self.assertEqual([json.loads(a)["id"] for a in answers], [6])
        self.assertIn("duplicate key 'id'", logged)
        self.assertIn("duplicate key 'text'", logged)
        self.assertIn("NaN is not JSON", logged)
        self.assertIn("-Infinity is not JSON", logged)
        self.assertEqual(logged.count("ignored a line that is not JSON"), 5)

    def test_64_bit_integers_round_trip_exactly(self):
        text = '{"a":9223372036854775807,"b":-9223372036854775808,"c":18446744073709551615,"d":[1,1.0,1e0]}'
        value = adapter_module.loads(text)
        self.assertEqual((value["a"], value["b"], value["c"]), (2**63 - 1, -(2**63), 2**64 - 1))
        self.assertEqual([type(x) for x in value["d"]], [int, float, float])
        self.assertEqual(json.dumps(value, separators=(",", ":")), text.replace("1e0", "1.0"))

    def test_a_line_that_is_not_utf8_is_skipped(self):
        adapter = make()
        stderr, sys.stderr = sys.stderr, io.StringIO()
        try:
            lines = list(adapter._utf8_lines([b"\xff\xfe\n", b'{"type":"hello"}\n']))
            logged = sys.stderr.getvalue()
        finally:
            sys.stderr = stderr
        self.assertEqual(lines, ['{"type":"hello"}\n'])
        self.assertIn("not UTF-8", logged)

    def test_an_operation_registered_twice_is_refused(self):
        adapter = make()
        with self.assertRaises(ValueError):
            adapter.add("demo.echo", lambda input: {})


if __name__ == "__main__":
    unittest.main()
