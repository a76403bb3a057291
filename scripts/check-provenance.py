#!/usr/bin/env python3
"""Counts, per vector file and profile, the tests that name their source (the upstream lines or
RFC section that decide the answer), and fails if a file that is fully sourced loses one.

Usage: check-provenance.py [--markdown] [--min-upstream-tests N]
With --min-upstream-tests, it also fails when fewer than N tests are translated from upstream's own
tests (flag UpstreamTest, docs/provenance.md), so a group of them cannot shrink unnoticed.
A `deployed` (or `legacy`) test states what pinned upstream code does, so every one of them names
its source (docs/provenance.md); CI fails on one that does not. Tests the upstream lines of which
could not be counted say so with the flag SourceLinesNotRead.
"""
import glob, json, os, sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
UPSTREAM_PROFILES = ("deployed", "legacy")

rows, failures = [], []
upstream_tests = {}
for path in sorted(glob.glob(os.path.join(ROOT, "vectors", "*_test.json"))):
    document = json.load(open(path, encoding="utf-8"))
    suite = document["suite"]
    counts = {}
    for group in document["testGroups"]:
        total, sourced = counts.get(group["profile"], (0, 0))
        for test in group["tests"]:
            total += 1
            if "UpstreamTest" in test["flags"]:
                upstream_tests[suite] = upstream_tests.get(suite, 0) + 1
            if test.get("source"):
                sourced += 1
            elif group["profile"] in UPSTREAM_PROFILES:
                failures.append(f"{suite} tcId {test['tcId']} ({group['profile']}) has no source")
        counts[group["profile"]] = (total, sourced)
    for profile, (total, sourced) in sorted(counts.items()):
        rows.append((suite, profile, total, sourced))

if "--markdown" in sys.argv:
    print("| file | profile | tests | with a source |")
    print("| --- | --- | --- | --- |")
    for suite, profile, total, sourced in rows:
        print(f"| `{suite}` | {profile} | {total} | {sourced} |")
else:
    for suite, profile, total, sourced in rows:
        print(f"{suite:30} {profile:9} {sourced:4} of {total:4} sourced")
upstream = [(t, s) for _, p, t, s in rows if p in UPSTREAM_PROFILES]
print(f"deployed and legacy tests with a source: {sum(s for _, s in upstream)} of {sum(t for t, _ in upstream)}",
      file=sys.stderr)
print("tests translated from upstream's own tests: " + str(sum(upstream_tests.values())) + " ("
      + ", ".join(f"{suite} {n}" for suite, n in sorted(upstream_tests.items())) + ")", file=sys.stderr)
if "--min-upstream-tests" in sys.argv:
    floor = int(sys.argv[sys.argv.index("--min-upstream-tests") + 1])
    if sum(upstream_tests.values()) < floor:
        failures.append(f"{sum(upstream_tests.values())} tests translated from upstream's tests, fewer than {floor}")
if failures:
    print("\n".join(failures), file=sys.stderr)
    sys.exit(1)
