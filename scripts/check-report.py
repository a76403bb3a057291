#!/usr/bin/env python3
"""Fails when a run's counts fall: `check-report.py REPORT.json --min-passed N [--max-skipped M]`
(`--max-passed` and `--min-skipped` for a starter adapter, which must skip everything).

CI keeps a floor under every run it relies on, so that an implementation losing operations (or
vectors going missing) fails the build instead of passing with fewer tests. Raise a floor when
the count rises; never lower one without saying why in the commit.
"""
import argparse, json, sys

parser = argparse.ArgumentParser()
parser.add_argument("report")
parser.add_argument("--min-passed", type=int, required=True)
parser.add_argument("--max-skipped", type=int)
parser.add_argument("--max-passed", type=int)
parser.add_argument("--min-skipped", type=int)
args = parser.parse_args()

with open(args.report) as f:
    report = json.load(f)
problems = []
if report["failed"] != 0:
    problems.append(f"{report['failed']} failed")
if report["passed"] < args.min_passed:
    problems.append(f"{report['passed']} passed, the floor is {args.min_passed}")
if args.max_skipped is not None and report["skipped"] > args.max_skipped:
    problems.append(f"{report['skipped']} skipped, at most {args.max_skipped} allowed")
if args.max_passed is not None and report["passed"] > args.max_passed:
    problems.append(f"{report['passed']} passed, at most {args.max_passed} expected")
if args.min_skipped is not None and report["skipped"] < args.min_skipped:
    problems.append(f"{report['skipped']} skipped, the floor is {args.min_skipped}")
name = report["implementation"]
if problems:
    print(f"{name}: " + "; ".join(problems), file=sys.stderr)
    sys.exit(1)
print(f"{name}: {report['passed']} passed (floor {args.min_passed}), {report['skipped']} skipped")
