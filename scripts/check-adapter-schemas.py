#!/usr/bin/env python3
"""Drives `pushproof adapter` with a hello and one request per operation of the shipped vectors,
and validates every line both ways against adapters/schemas/. Usage: check-adapter-schemas.py PUSHPROOF_BINARY"""
import glob, json, os, subprocess, sys
from jsonschema import Draft202012Validator

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
def schema(name):
    with open(os.path.join(root, "adapters", "schemas", name)) as f:
        s = json.load(f)
    Draft202012Validator.check_schema(s)
    return Draft202012Validator(s)
hello_req, hello_resp, request, response = (schema(n) for n in
    ["hello_request.schema.json", "hello_response.schema.json", "request.schema.json", "response.schema.json"])

lines, seen = [{"type": "hello", "protocol": "pushproof-adapter/1"}], set()
for path in sorted(glob.glob(os.path.join(root, "vectors", "*_test.json"))):
    for group in json.load(open(path, encoding="utf-8"))["testGroups"]:
        key = (group["operation"], group["profile"])
        if key in seen:
            continue
        seen.add(key)
        test = group["tests"][0]
        lines.append({"type": "request", "id": len(lines), "operation": group["operation"], "input": {**test["input"], "profile": group["profile"]}})
for message in lines:
    (hello_req if message["type"] == "hello" else request).validate(message)
out = subprocess.run([sys.argv[1], "adapter"], input="".join(json.dumps(m) + "\n" for m in lines), capture_output=True, text=True, timeout=120)
answers = [json.loads(l) for l in out.stdout.splitlines()]
assert len(answers) == len(lines), f"{len(answers)} answers to {len(lines)} messages"
hello_resp.validate(answers[0])
for a in answers[1:]:
    response.validate(a)
print(f"adapter protocol: {len(lines)} messages each way valid against adapters/schemas/")
