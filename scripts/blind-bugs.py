#!/usr/bin/env python3
"""How many of the plausible bugs written blind the vectors catch (docs/mutation.md).

    scripts/blind-bugs.py [--bin PUSHPROOF] [--jobs N] [--batch N ...] [--min-caught P] [--floor B:P ...]
                          [--report FILE]

A batch (adapters/python/blind/batch-N.json) is a catalogue of bugs an implementer could make,
written by someone who had read upstream code, the docs and the Python implementation but never
the vectors. Each bug is a textual patch to one module of adapters/python/pushproof_py (a `find`
that occurs exactly once, and its `replace`), with the idea, the upstream line it violates, and a
witness: an input on which the patched implementation answers otherwise than the unpatched one,
which stands for upstream.

For each bug this script
  1. checks that the patch still applies and that the witness still tells the two apart (a bug
     that no longer does is stale: the script fails, the catalogue needs mending);
  2. runs the patched implementation against every vector file that holds an operation the
     adapter declares, and the hardening table (scripts/mutation.py's run_variant): the bug is
     caught when a test the unpatched implementation passes fails.
The score is caught / bugs, per batch, with the misses listed by class and operation.
"""
import argparse
import concurrent.futures
import glob
import importlib.util
import json
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BLIND = os.path.join(ROOT, "adapters", "python", "blind")
ADAPTER = os.path.join(ROOT, "adapters", "python", "adapter.py")

_spec = importlib.util.spec_from_file_location("mutation", os.path.join(ROOT, "scripts", "mutation.py"))
mutation = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(mutation)


def load_batches(numbers):
    batches = []
    for path in sorted(glob.glob(os.path.join(BLIND, "batch-*.json"))):
        with open(path, encoding="utf-8") as f:
            batch = json.load(f)
        if numbers and batch["batch"] not in numbers:
            continue
        batches.append(batch)
    if not batches:
        sys.exit(f"blind-bugs: no batch in {BLIND}")
    return batches


def patched_sources(sources, bug):
    text = sources.get(bug["file"])
    if text is None:
        raise ValueError(f"no module {bug['file']}")
    if text.count(bug["find"]) != 1:
        raise ValueError(f"its find text occurs {text.count(bug['find'])} times in {bug['file']}, not once")
    return {bug["file"]: text.replace(bug["find"], bug["replace"])}


def ask(adapter, requests):
    """The answers (output or error object) of the adapter at `adapter` to [(operation, input)],
    asked in one session."""
    lines = [{"type": "hello", "protocol": "pushproof-adapter/1"}]
    lines += [{"type": "request", "id": n, "operation": op, "input": value} for n, (op, value) in enumerate(requests, 1)]
    reply = subprocess.run([sys.executable, adapter], input="".join(json.dumps(m) + "\n" for m in lines),
                           capture_output=True, text=True, timeout=60 + len(requests))
    answers = {}
    for line in reply.stdout.splitlines():
        if line.strip():
            message = json.loads(line)
            if message.get("type") == "response":
                answers[message.get("id")] = message.get("output", message.get("error", {"unimplemented": True}))
    failure = {"adapterFailure": reply.stderr[-300:]}
    return [answers.get(n, failure) for n in range(1, len(requests) + 1)]


def same_json(a, b):
    """JSON equality that tells types apart: Python's own == takes `true` for 1 and 1.0 for 1."""
    return json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)


def judge(binary, sources, suites, bug, unpatched, timeout):
    """('caught' | 'missed' | 'stale', why). `unpatched`: the unpatched implementation's answer to
    the bug's witness."""
    try:
        replaced = patched_sources(sources, bug)
    except ValueError as error:
        return "stale", str(error)

    def witness_differs(adapter):
        """Whether the witness is still answered otherwise with the patch than without."""
        return not same_json(unpatched, ask(adapter, [(bug["operation"], bug["witness"]["input"])])[0])

    # The bug's operation's files first, then its module's: the run stops at the first failure.
    order = mutation.likeliest_first(mutation.likeliest_first(suites, mutation.module_operations(bug["file"])),
                                     {bug["operation"]})
    verdict = mutation.run_variant(binary, replaced, order, timeout, precheck=witness_differs)
    if verdict == "unchecked":
        return "stale", "its witness is answered the same with and without the patch"
    return ("caught" if verdict == "killed" else "missed"), ""


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--bin", default=None, help="the pushproof binary (default: swift build's)")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--batch", type=int, nargs="+", default=None, help="only these batch numbers")
    parser.add_argument("--min-caught", type=float, default=None,
                        help="fail when a batch's percentage caught is below this")
    parser.add_argument("--floor", action="append", default=[], metavar="BATCH:PERCENT",
                        help="a floor for one batch, beside --min-caught (repeatable), e.g. 2:80")
    parser.add_argument("--report", default=None, help="write the misses and the scores here (Markdown)")
    parser.add_argument("--timeout", type=float, default=60)
    args = parser.parse_args()

    floors = {}
    for text in args.floor:
        number, _, percent = text.partition(":")
        try:
            floors[int(number)] = float(percent)
        except ValueError:
            sys.exit(f"blind-bugs: --floor takes BATCH:PERCENT, not {text!r}")
    batches = load_batches(args.batch)
    sources = mutation.modules()
    binary = args.bin or mutation.default_binary()
    suites = mutation.declared_vector_files(binary)
    mutation.require_clean_baseline(binary, suites, args.timeout)
    failed = False
    report = ["# Plausible bugs written blind: what the vectors catch", ""]
    # Every batch's bugs in one pool (no batch waits for the last of the one before), the
    # unpatched implementation's answers to every witness asked first, in one session.
    every = [bug for batch in batches for bug in batch["bugs"]]
    unpatched = dict(zip((b["id"] for b in every),
                         ask(ADAPTER, [(b["operation"], b["witness"]["input"]) for b in every])))
    results = {}
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        futures = {pool.submit(judge, binary, sources, suites, bug, unpatched[bug["id"]], args.timeout): bug["id"]
                   for bug in every}
        for future in concurrent.futures.as_completed(futures):
            results[futures[future]] = future.result()
    for batch in batches:
        bugs = batch["bugs"]
        stale = [b for b in bugs if results[b["id"]][0] == "stale"]
        missed = [b for b in bugs if results[b["id"]][0] == "missed"]
        caught = len(bugs) - len(stale) - len(missed)
        score = 100.0 * caught / len(bugs) if bugs else 100.0
        line = f"batch {batch['batch']}: {caught} of {len(bugs)} caught ({score:.1f} %)"
        print(line)
        report += [f"## Batch {batch['batch']}", "", line + ".", ""]
        for b in stale:
            print(f"  stale {b['id']} ({b['operation']}): {results[b['id']][1]}", file=sys.stderr)
            report.append(f"- stale `{b['id']}` ({b['operation']}): {results[b['id']][1]}")
            failed = True
        for b in missed:
            print(f"  missed {b['id']} [{b['class']}] {b['operation']}: {b['idea']}")
            report.append(f"- missed `{b['id']}` [{b['class']}] `{b['operation']}`: {b['idea']}")
        report.append("")
        floor = floors.get(batch["batch"], args.min_caught)
        if floor is not None and score < floor:
            print(f"batch {batch['batch']}: {score:.1f} % caught is below the floor {floor} %", file=sys.stderr)
            failed = True
    if args.report:
        with open(args.report, "w", encoding="utf-8") as f:
            f.write("\n".join(report) + "\n")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
