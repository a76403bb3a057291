#!/usr/bin/env python3
"""How many invalid vectors reach each error code of each operation, per profile.

Usage: check-error-coverage.py [--max-thin N] [--list]
A code reached by fewer than three invalid vectors (with different comments, so different
causes) is "thin": a boundary tested at one or two points only. There are none:
`pushproof vectors generate` and `vectors verify` refuse one (ErrorCoverage, the same count), and
CI passes --max-thin 0; --list prints every pair's count.
"""
import glob, json, os, sys
from collections import defaultdict

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
causes = defaultdict(set)
for path in sorted(glob.glob(os.path.join(ROOT, "vectors", "*_test.json"))):
    document = json.load(open(path, encoding="utf-8"))
    for group in document["testGroups"]:
        for test in group["tests"]:
            code = test["expected"].get("error")
            if test["result"] == "invalid" and code:
                causes[(group["operation"], group["profile"], code)].add(test["comment"])

thin = sorted((key, len(c)) for key, c in causes.items() if len(c) < 3)
if "--list" in sys.argv:
    for (operation, profile, code), n in sorted((k, len(c)) for k, c in causes.items()):
        print(f"{operation:34} {profile:9} {code:34} {n}")
print(f"{len(causes)} (operation, profile, error code) pairs; {len(thin)} reached by fewer than 3 causes:")
for (operation, profile, code), n in thin:
    print(f"  {operation} ({profile}) {code}: {n}")
if "--max-thin" in sys.argv:
    limit = int(sys.argv[sys.argv.index("--max-thin") + 1])
    if len(thin) > limit:
        print(f"{len(thin)} thin pairs, more than the allowed {limit}", file=sys.stderr)
        sys.exit(1)
