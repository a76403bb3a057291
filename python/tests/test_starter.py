"""`python -m pushproof.starter DIR` and the starters it writes, which find the kits beside them
(python3 -m unittest discover -s python/tests; CI runs it)."""

import contextlib
import io
import json
import os
import shutil
import subprocess
import sys
import tempfile
import unittest
from pathlib import Path

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from pushproof import starter  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
HELLO = json.dumps({"type": "hello", "protocol": "pushproof-adapter/1"}) + "\n"
TOKEN = json.dumps({"type": "request", "id": 1, "operation": "registration.tokenId",
                    "input": {"token": "c0ffee", "profile": "deployed"}}) + "\n"
LAYOUT = [
    "kits/js/pushproof-adapter.js",
    "kits/python/pushproof/__init__.py",
    "kits/python/pushproof/adapter.py",
    "starters/example_token_id.js",
    "starters/example_token_id.py",
    "starters/starter.js",
    "starters/starter.py",
]


def answers(command, stdin):
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin")}  # no PYTHONPATH
    done = subprocess.run(command, input=stdin, capture_output=True, text=True, env=env, timeout=60)
    if done.returncode != 0:
        raise AssertionError(f"{command} exited {done.returncode}: {done.stderr}")
    return [json.loads(line) for line in done.stdout.splitlines()]


class StarterTests(unittest.TestCase):
    def setUp(self):
        self.folder = Path(tempfile.mkdtemp())
        self.addCleanup(shutil.rmtree, self.folder)
        with contextlib.redirect_stdout(io.StringIO()):
            starter.main([str(self.folder / "out")])
        self.out = self.folder / "out"

    def test_writes_the_tarball_layout_from_the_checkout(self):
        written = sorted(str(p.relative_to(self.out)) for p in self.out.rglob("*") if p.is_file())
        self.assertEqual(written, LAYOUT)
        self.assertEqual((self.out / "starters/starter.js").read_bytes(),
                         (ROOT / "adapters/starters/starter.js").read_bytes())
        self.assertEqual((self.out / "kits/js/pushproof-adapter.js").read_bytes(),
                         (ROOT / "adapters/kits/js/pushproof-adapter.js").read_bytes())
        self.assertEqual((self.out / "kits/python/pushproof/adapter.py").read_bytes(),
                         (ROOT / "python/pushproof/adapter.py").read_bytes())

    def test_never_overwrites(self):
        with self.assertRaises(SystemExit) as refused:
            starter.main([str(self.out)])
        self.assertIn("not overwriting", str(refused.exception.code))
        with self.assertRaises(SystemExit):
            starter.main([])

    def test_the_python_starter_and_example_find_the_kit_beside_them(self):
        # -I: no PYTHONPATH, no user site, not even the script's folder on sys.path.
        hello = answers([sys.executable, "-I", str(self.out / "starters/starter.py")], HELLO)
        self.assertEqual(hello[0]["operations"], [])
        replies = answers([sys.executable, "-I", str(self.out / "starters/example_token_id.py")], HELLO + TOKEN)
        self.assertEqual(replies[0]["operations"], ["registration.tokenId"])
        self.assertEqual(replies[1]["output"], {"tokenId": "+wKIhyAx/Eg=", "tokenIdInt64": "-359574906294109112"})

    @unittest.skipUnless(shutil.which("node"), "no node")
    def test_the_javascript_starter_and_example_find_the_kit_beside_them(self):
        node = shutil.which("node")
        hello = answers([node, str(self.out / "starters/starter.js")], HELLO)
        self.assertEqual(hello[0]["operations"], [])
        replies = answers([node, str(self.out / "starters/example_token_id.js")], HELLO + TOKEN)
        self.assertEqual(replies[0]["operations"], ["registration.tokenId"])
        self.assertEqual(replies[1]["output"], {"tokenId": "+wKIhyAx/Eg=", "tokenIdInt64": "-359574906294109112"})


if __name__ == "__main__":
    unittest.main()
