#!/usr/bin/env python3
"""Fails when a run's counts fall.

    check-report.py REPORT.json --counts vectors/COUNTS.json [--not-declared FILE] [--operation OP ...]
                    [--max-skipped M] [--all-skipped]
    check-report.py REPORT.json --min-passed N [--max-skipped M] [--max-passed N] [--min-skipped N]
    check-report.py --print-floor --counts vectors/COUNTS.json [--not-declared FILE] [--operation OP ...]

CI keeps a floor under every run it relies on, so that an implementation losing operations (or
vectors going missing) fails the build instead of passing with fewer tests. The floors come from
the vectors' own counts (`vectors/COUNTS.json`, written by `pushproof vectors generate`): with
`--counts`, every test must pass, except those of the operation/profile pairs a `--not-declared`
file lists (one `operation:profile  # why` a line: what an implementation does not offer, on
purpose); `--operation` keeps only the tests of the operations named (an example adapter);
`--all-skipped` asks that every test was skipped and none passed (a starter adapter). A literal
`--min-passed` is for counts that are results, not vectors (a real library's, interop/*/harness).
"""
import argparse, json, sys

parser = argparse.ArgumentParser()
parser.add_argument("report", nargs="?")
parser.add_argument("--print-floor", action="store_true", help="print the --counts floor, read no report")
parser.add_argument("--counts", help="vectors/COUNTS.json: the floor is every test it counts")
parser.add_argument("--not-declared", help="operation:profile pairs left out of the --counts floor")
parser.add_argument("--operation", action="append", default=[], help="count only these operations' tests")
parser.add_argument("--all-skipped", action="store_true", help="every counted test skipped, none passed")
parser.add_argument("--min-passed", type=int)
parser.add_argument("--max-skipped", type=int)
parser.add_argument("--max-passed", type=int)
parser.add_argument("--min-skipped", type=int)
args = parser.parse_args()


def counted_tests(path, not_declared_path, operations):
    """The tests COUNTS.json counts, less the pairs not declared, for the operations named."""
    with open(path) as f:
        counts = json.load(f)
    if counts.get("format") != "pushproof-counts/1":
        sys.exit(f"check-report: {path} is not a pushproof-counts/1 file")
    left_out = set()
    if not_declared_path:
        with open(not_declared_path) as f:
            for line in f:
                pair = line.split("#", 1)[0].strip()
                if not pair:
                    continue
                operation, _, profile = pair.partition(":")
                if operation not in counts["operations"] or profile not in counts["operations"][operation]["profiles"]:
                    sys.exit(f"check-report: {not_declared_path} lists {pair}, which no vector has")
                left_out.add((operation, profile))
    for operation in operations:
        if operation not in counts["operations"]:
            sys.exit(f"check-report: no vector has operation {operation}")
    total = 0
    for operation, entry in counts["operations"].items():
        if operations and operation not in operations:
            continue
        total += sum(n for profile, n in entry["profiles"].items() if (operation, profile) not in left_out)
    return total


if args.counts is None and args.min_passed is None:
    parser.error("give --counts or --min-passed")
if args.counts is None and (args.not_declared or args.operation or args.all_skipped):
    parser.error("--not-declared, --operation and --all-skipped need --counts")
min_passed = args.min_passed or 0
if args.counts:
    counted = counted_tests(args.counts, args.not_declared, args.operation)
    if counted == 0:
        sys.exit(f"check-report: {args.counts} counts no test: the floor would be 0")
    if args.all_skipped:
        args.max_passed, args.min_skipped = 0, counted
    else:
        min_passed = max(min_passed, counted)
        if args.operation:
            args.max_passed = counted

if args.print_floor:
    if args.counts is None:
        parser.error("--print-floor needs --counts")
    print(min_passed)
    sys.exit(0)
if args.report is None:
    parser.error("name the report to check")
with open(args.report) as f:
    report = json.load(f)
problems = []
if report["failed"] != 0:
    problems.append(f"{report['failed']} failed")
if report["passed"] < min_passed:
    problems.append(f"{report['passed']} passed, the floor is {min_passed}")
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
print(f"{name}: {report['passed']} passed (floor {min_passed}), {report['skipped']} skipped")
