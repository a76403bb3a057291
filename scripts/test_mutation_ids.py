#!/usr/bin/env python3
"""scripts/mutation.py's site ids survive edits elsewhere in a module, and every id in
scripts/mutation-equivalent.txt names a site that exists.

    python3 scripts/test_mutation_ids.py
"""
import ast
import importlib.util
import os
import unittest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
_spec = importlib.util.spec_from_file_location("mutation", os.path.join(ROOT, "scripts", "mutation.py"))
mutation = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(mutation)

MODULE = '''
def first(a):
    if a > 1:
        return a + 1
    return None


def second(b):
    return b * 2 if b != 0 else None
'''


def ids(text):
    return [site.id for site in mutation.sites_of("m.py", ast.parse(text))]


class MutationIdTests(unittest.TestCase):
    def test_ids_name_scope_and_are_unique(self):
        found = ids(MODULE)
        self.assertEqual(len(found), len(set(found)))
        self.assertTrue(all(i.startswith(("m.py:first:", "m.py:second:")) for i in found), found)

    def test_lines_added_elsewhere_keep_every_id(self):
        edited = "import os\n\n\ndef helper(x):\n    return x - 1\n" + MODULE.replace(
            "def second(b):", "def second(b):\n    b = b\n")
        before = set(ids(MODULE))
        after = set(ids(edited))
        second_before = {i for i in before if ":second:" in i}
        self.assertTrue(before - second_before <= after, sorted(before - after))
        # An edit inside `second` keeps the ids of its other statements.
        self.assertTrue({i for i in second_before if ":statement:" in i} <= after)

    def test_a_changed_site_changes_its_id(self):
        self.assertNotEqual(set(ids(MODULE)), set(ids(MODULE.replace("a > 1", "a > 2"))))

    def test_every_listed_equivalent_exists(self):
        known = {s.id for name, text in mutation.modules().items() for s in mutation.sites_of(name, ast.parse(text))}
        listed = []
        with open(mutation.EQUIVALENT, encoding="utf-8") as f:
            for line in f:
                ident = line.partition("#")[0].strip()
                if ident:
                    listed.append(ident)
        self.assertGreater(len(listed), 400)
        self.assertEqual(sorted(set(listed) - known), [])


if __name__ == "__main__":
    unittest.main()
