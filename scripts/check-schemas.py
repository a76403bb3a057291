#!/usr/bin/env python3
"""Validates every vectors/*_test.json against the schema it names (vectors/schemas/<schema>).

Needs the `jsonschema` package (scripts/requirements-ci.txt). Exits non-zero on any error, and
if a vector file names no schema or a schema has no vector file.
"""
import glob, json, os, sys
from jsonschema import Draft202012Validator

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
failures = 0
used = set()
for path in sorted(glob.glob(os.path.join(root, "vectors", "*_test.json"))):
    with open(path, encoding="utf-8") as f:
        document = json.load(f)
    schema_name = document.get("schema")
    schema_path = os.path.join(root, "vectors", "schemas", schema_name or "")
    if not schema_name or not os.path.isfile(schema_path):
        print(f"{os.path.basename(path)}: names no existing schema ({schema_name!r})"); failures += 1; continue
    used.add(schema_name)
    with open(schema_path, encoding="utf-8") as f:
        schema = json.load(f)
    Draft202012Validator.check_schema(schema)
    errors = sorted(Draft202012Validator(schema).iter_errors(document), key=lambda e: list(e.absolute_path))
    for e in errors[:20]:
        print(f"{os.path.basename(path)}: /{'/'.join(map(str, e.absolute_path))}: {e.message[:300]}")
    if errors:
        failures += 1
    else:
        count = sum(len(g["tests"]) for g in document["testGroups"])
        if count != document["numberOfTests"]:
            print(f"{os.path.basename(path)}: numberOfTests says {document['numberOfTests']}, has {count}"); failures += 1
        else:
            print(f"{os.path.basename(path)}: valid against {schema_name} ({count} tests)")
for schema in sorted(os.listdir(os.path.join(root, "vectors", "schemas"))):
    if schema not in used:
        print(f"schemas/{schema}: no vector file uses it"); failures += 1
sys.exit(1 if failures else 0)
