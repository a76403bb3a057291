#!/usr/bin/env python3
"""What the runner costs over the adapter protocol: each adapter's own work beside the same work
through `pushproof run --impl`, measured in the same run.

    python3 scripts/bench-adapter.py [--bin PUSHPROOF] [--runs N] [--jobs J] [ADAPTER...]

The comparator pipes every request the runner would send (the hello, then one request per test
of the operations the adapter declares) straight into the adapter and reads its answers: the
adapter's own work. The same adapter is then run through the runner, serially and with --jobs J.
Default adapters: the reference (`pushproof adapter`) and the independent Python implementation.
Each figure is the median wall time of N runs; the ratio is the runner's serial figure over the
adapter's own. Figures, never a pass/fail: docs/adapter-protocol.md records them.
"""
import argparse
import glob
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def hello(command):
    """The adapter's hello: which operations and profiles it declares."""
    process = subprocess.Popen(command, shell=True, cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    answer, _ = process.communicate(json.dumps({"type": "hello", "protocol": "pushproof-adapter/1"}) + "\n", timeout=60)
    return json.loads(answer.splitlines()[0])


def requests(declared):
    """The lines the runner sends for every test the adapter declares, in the runner's order."""
    offers = lambda op, profile: op in declared["operations"] and profile in declared.get(
        "operationProfiles", {}).get(op, declared["profiles"])
    lines = [json.dumps({"type": "hello", "protocol": "pushproof-adapter/1"})]
    for path in sorted(glob.glob(os.path.join(ROOT, "vectors", "*_test.json"))):
        with open(path) as f:
            vectors = json.load(f)
        for group in vectors["testGroups"]:
            if not offers(group["operation"], group["profile"]):
                continue
            for test in group["tests"]:
                lines.append(json.dumps({"type": "request", "id": len(lines), "operation": group["operation"],
                                         "input": {**test["input"], "profile": group["profile"]}}, separators=(",", ":")))
    return lines


def median_s(run, runs):
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("adapters", nargs="*")
    parser.add_argument("--bin", default=None, help="the pushproof binary (default: the debug build)")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    binary = args.bin or os.path.join(
        subprocess.run(["swift", "build", "--show-bin-path"], cwd=ROOT, capture_output=True, text=True, check=True).stdout.strip(),
        "pushproof")
    adapters = args.adapters or [f"'{binary}' adapter", "python3 adapters/python/adapter.py"]
    print(f"{'adapter':<44} {'tests':>6} {'its own work':>13} {'through run':>12} {'ratio':>6} {'--jobs ' + str(args.jobs):>9}")
    with tempfile.TemporaryDirectory() as scratch:
        for command in adapters:
            lines = requests(hello(command))
            feed = os.path.join(scratch, "requests.jsonl")
            with open(feed, "w") as f:
                f.write("\n".join(lines) + "\n")

            def direct():
                with open(feed) as stdin:
                    subprocess.run(command, shell=True, cwd=ROOT, stdin=stdin, stdout=subprocess.DEVNULL, check=True)

            def through(jobs):
                return lambda: subprocess.run(
                    [binary, "run", "--impl", command, "--jobs", str(jobs), "--allow-empty",
                     "--adapter-log", os.path.join(scratch, "adapter.log")],
                    cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

            own = median_s(direct, args.runs)
            serial = median_s(through(1), args.runs)
            parallel = median_s(through(args.jobs), args.runs)
            name = command if len(command) <= 44 else "…" + command[-43:]
            print(f"{name:<44} {len(lines) - 1:>6} {own:>12.2f}s {serial:>11.2f}s {serial / own:>6.2f} {parallel:>8.2f}s")
    sys.stdout.flush()


if __name__ == "__main__":
    main()
