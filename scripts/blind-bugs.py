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
import re
import signal
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


def witness_worker():
    """`--witness-worker`: answers each patched witness in this one process, reading
    [{"id", "file", "text", "operation", "input"}] on stdin and writing {id: answer} on stdout.
    For each bug the package's modules are loaded afresh, the patched module from its text and the
    others from the checkout, and the witness is asked through the adapter kit's own `answer` with
    the JSON round trip of the pipe: what `ask` would get from a patched copy, without starting
    Python and importing the third-party libraries once a bug."""
    import importlib.abc
    import importlib.machinery
    sys.path.insert(0, os.path.dirname(ADAPTER))
    spec = importlib.util.spec_from_file_location("blind_adapter", ADAPTER)
    adapter_module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(adapter_module)
    from pushproof.adapter import loads

    class PatchedModule(importlib.abc.MetaPathFinder, importlib.abc.Loader):
        def __init__(self, name, text):
            self.name, self.text = f"pushproof_py.{name[:-3]}", text
            self.path = os.path.join(mutation.PACKAGE, name)

        def find_spec(self, fullname, path=None, target=None):
            if fullname != self.name:
                return None
            return importlib.machinery.ModuleSpec(fullname, self, origin=self.path)

        def exec_module(self, module):
            module.__file__ = self.path
            exec(compile(self.text, self.path, "exec"), module.__dict__)

    # Which modules import which (`from .name import`, at the top or inside a function): a patched
    # module is loaded again with every module that imports it, directly or not; the others stay.
    sources = mutation.modules()
    importers = {name: set() for name in sources}
    for name, text in sources.items():
        for imported in re.findall(r"from \.(\w+) import|from \. import (\w+)", text):
            module = next(part for part in imported if part) + ".py"
            if module in importers:
                importers[module].add(name)

    def affected(name):
        seen, todo = set(), [name]
        while todo:
            current = todo.pop()
            if current not in seen:
                seen.add(current)
                todo += importers.get(current, ())
        return {f"pushproof_py.{module[:-3]}" for module in seen}

    def out_of_time(signum, frame):
        raise TimeoutError("the witness took too long")

    signal.signal(signal.SIGALRM, out_of_time)
    answers, loaded = {}, set()
    for bug in json.load(sys.stdin):
        patched = affected(bug["file"])
        for name in patched | loaded:
            sys.modules.pop(name, None)
        loaded = patched
        finder = PatchedModule(bug["file"], bug["text"])
        sys.meta_path.insert(0, finder)
        signal.alarm(10)
        try:
            adapter = adapter_module.build_adapter()
            request = {"type": "request", "id": 1, "operation": bug["operation"], "input": bug["input"]}
            reply = adapter.answer(loads(json.dumps(request)))
            reply = json.loads(json.dumps(reply, ensure_ascii=True))
            answers[bug["id"]] = reply.get("output", reply.get("error", {"unimplemented": True}))
        except BaseException as error:  # the patched module does not load: ask() decides it
            answers[bug["id"]] = None
            print(f"blind-bugs: {bug['id']}: {type(error).__name__}", file=sys.stderr)
        finally:
            signal.alarm(0)
            sys.meta_path.remove(finder)
    json.dump(answers, sys.stdout)


def patched_answers(bugs, sources, jobs, timeout):
    """The patched implementation's answer to each bug's witness ({id: answer}), asked in a few
    worker processes (`witness_worker`); a bug the workers could not answer (its patch does not
    apply, its module does not load, a worker failed) is left out, for `ask` to answer alone."""
    work = []
    for bug in bugs:
        try:
            text = patched_sources(sources, bug)[bug["file"]]
        except ValueError:
            continue
        work.append({"id": bug["id"], "file": bug["file"], "text": text, "operation": bug["operation"],
                     "input": bug["witness"]["input"]})
    chunks = [work[n::jobs] for n in range(jobs)]

    def run(chunk):
        try:
            reply = subprocess.run([sys.executable, os.path.abspath(__file__), "--witness-worker"],
                                   input=json.dumps(chunk), capture_output=True, text=True,
                                   timeout=timeout + len(chunk))
            return json.loads(reply.stdout) if reply.returncode == 0 else {}
        except (subprocess.TimeoutExpired, ValueError):
            return {}

    answers = {}
    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
        for part in pool.map(run, chunks):
            answers.update({key: value for key, value in part.items() if value is not None})
    return answers


def same_json(a, b):
    """JSON equality that tells types apart: Python's own == takes `true` for 1 and 1.0 for 1."""
    return json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)


def judge(binary, sources, suites, bug, unpatched, timeout, patched=None):
    """('caught' | 'missed' | 'stale', why). `unpatched`: the unpatched implementation's answer to
    the bug's witness; `patched`, when known (`patched_answers`), the patched one's."""
    try:
        replaced = patched_sources(sources, bug)
    except ValueError as error:
        return "stale", str(error)

    def witness_differs(adapter):
        """Whether the witness is still answered otherwise with the patch than without."""
        answer = patched if patched is not None else ask(adapter, [(bug["operation"], bug["witness"]["input"])])[0]
        return not same_json(unpatched, answer)

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
    parser.add_argument("--witness-worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.witness_worker:
        witness_worker()
        return

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
    patched = patched_answers(every, sources, max(1, min(args.jobs, 2)), args.timeout)
    results = {}
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        futures = {pool.submit(judge, binary, sources, suites, bug, unpatched[bug["id"]], args.timeout,
                               patched.get(bug["id"])): bug["id"]
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
