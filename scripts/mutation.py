#!/usr/bin/env python3
"""Mutation testing of the bundled Python implementation: how many of its mutants the vectors kill.

    scripts/mutation.py [--bin PUSHPROOF] [--jobs N] [--sample N --seed S] [--min-score P]
                        [--report FILE] [--list]

A small AST mutator (the mutation tools on the machine's list, mutmut and cosmic-ray, run a
pytest suite in-process; PushProof's suite is an external runner talking to the adapter over a
pipe, which neither can trace). Every mutation site of adapters/python/pushproof_py/*.py gets
one mutant per operator:

  compare      == <-> !=, < <-> <=, > <-> >=, in <-> not in, is <-> is not
  boundary     an integer constant n -> n + 1 and n - 1
  boolean      and <-> or; `not x` -> `x`; `if c` / `while c` -> negated
  arithmetic   + <-> -, * -> //, % -> *
  statement    an assignment, expression statement, raise, or return of a value -> `pass`
               (a return of a value becomes `return None`)

Each mutant is the package with that one change, asked every vector of the vector files that hold
an operation the adapter declares (`pushproof run --impl`); it is killed when the run fails (a wrong answer, a crash, a
timeout), when it passes fewer vectors than the unpatched package (an operation or a profile no longer declared: CI's
floor on the port's passed count, scripts/check-report.py --min-passed, fails then too), or when its answers to the hardened vectors differ from those docs/hardening.md records
for the port (scripts/hardening-table.py --check, which CI runs too). Mutants listed in
scripts/mutation-equivalent.txt (`ID  # why it cannot change an answer`) are left out of the score. The score is killed / (mutants - equivalent); the survivors
are written to the report, each a missing vector or an equivalent to list.

--sample N runs N mutants picked with --seed (CI); --min-score fails below that percentage;
--files mutates only the named modules (e.g. a newly ported one); --mutants runs only the named mutants
(a report's survivors, once vectors are added: a vector added never lets a killed mutant survive).
"""
import argparse
import ast
import hashlib
import concurrent.futures
import copy
import importlib
import json
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import threading

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PACKAGE = os.path.join(ROOT, "adapters", "python", "pushproof_py")
EQUIVALENT = os.path.join(ROOT, "scripts", "mutation-equivalent.txt")

COMPARE_SWAPS = {ast.Eq: ast.NotEq, ast.NotEq: ast.Eq, ast.Lt: ast.LtE, ast.LtE: ast.Lt, ast.Gt: ast.GtE,
                 ast.GtE: ast.Gt, ast.In: ast.NotIn, ast.NotIn: ast.In, ast.Is: ast.IsNot, ast.IsNot: ast.Is}
BINOP_SWAPS = {ast.Add: ast.Sub, ast.Sub: ast.Add, ast.Mult: ast.FloorDiv, ast.Mod: ast.Mult}


class Site:
    """One mutation: where, which operator, and how to apply it to a fresh tree. Nodes can start
    at the same place (`a + b - c`): `occurrence` counts them in post-order.

    Its id names it by what it changes, not where: `FILE:SCOPE:OPERATOR:DETAIL:HASH`, SCOPE the
    enclosing function or class (dotted; `<module>` at the top), HASH eight hex digits of the
    SHA-256 of the enclosing statement's text and the node's, with `#N` for the N-th site alike in
    that scope. Lines added or removed elsewhere leave every id as it was."""

    def __init__(self, file, node, operator, detail, occurrence, scope="<module>", context=""):
        self.file, self.operator, self.detail, self.occurrence = file, operator, detail, occurrence
        self.line, self.col = node.lineno, node.col_offset
        self.scope, self.context = scope, context
        self.id = None  # set by sites_of, which sees the other sites of the scope

    def key(self):
        return (self.line, self.col, self.operator, self.detail)


def mutations_of(node):
    """The (operator, detail) pairs that apply to one node."""
    found = []
    if isinstance(node, ast.Compare):
        found += [("compare", f"{i}:{type(op).__name__}") for i, op in enumerate(node.ops) if type(op) in COMPARE_SWAPS]
    elif isinstance(node, ast.Constant) and type(node.value) is int:
        found += [("boundary", "+1"), ("boundary", "-1")]
    elif isinstance(node, ast.BoolOp):
        found.append(("boolean", type(node.op).__name__))
    elif isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
        found.append(("boolean", "drop-not"))
    elif isinstance(node, (ast.If, ast.While)):
        found.append(("boolean", "negate-test"))
    elif isinstance(node, ast.BinOp) and type(node.op) in BINOP_SWAPS:
        found.append(("arithmetic", type(node.op).__name__))
    elif isinstance(node, (ast.Assign, ast.AugAssign, ast.Expr, ast.Raise)) and not (
            isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)):  # docstrings stay
        found.append(("statement", "pass"))
    elif isinstance(node, ast.Return) and node.value is not None:
        found.append(("statement", "return-none"))
    return found


def post_order(node, scope=(), statement=None):
    """Every node after its children, with its scope (enclosing function and class names) and
    the smallest statement holding it."""
    inner = scope + (node.name,) if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) else scope
    holder = node if isinstance(node, ast.stmt) else statement
    for child in ast.iter_child_nodes(node):
        yield from post_order(child, inner, holder)
    yield node, scope, holder


def sites_of(file, tree):
    """Every mutation site of a module, in post-order (the order `Apply` meets them)."""
    found, seen = [], {}
    for node, scope, statement in post_order(tree):
        for operator, detail in mutations_of(node):
            key = (node.lineno, node.col_offset, operator, detail)
            context = ast.unparse(statement) if statement is not None else ""
            site = Site(file, node, operator, detail, seen.get(key, 0), ".".join(scope) or "<module>",
                        context + "|" + ast.unparse(node))
            found.append(site)
            seen[key] = seen.get(key, 0) + 1
    alike = {}
    for site in found:
        digest = hashlib.sha256(site.context.encode("utf-8")).hexdigest()[:8]
        stem = f"{site.file}:{site.scope}:{site.operator}:{site.detail}:{digest}"
        count = alike.get(stem, 0)
        site.id = stem + (f"#{count}" if count else "")
        alike[stem] = count + 1
    return found


class Apply(ast.NodeTransformer):
    """Applies one site's change: to the `occurrence`-th node, in post-order, that starts where
    the site does and takes its operator."""

    def __init__(self, site):
        self.site, self.seen = site, 0

    def generic_visit(self, node):
        node = super().generic_visit(node)
        s = self.site
        if getattr(node, "lineno", None) != s.line or getattr(node, "col_offset", None) != s.col:
            return node
        if (s.operator, s.detail) not in mutations_of(node):
            return node
        self.seen += 1
        if self.seen - 1 != s.occurrence:
            return node
        if s.operator == "compare":
            i = int(s.detail.split(":")[0])
            node.ops[i] = COMPARE_SWAPS[type(node.ops[i])]()
        elif s.operator == "boundary":
            return ast.copy_location(ast.Constant(node.value + (1 if s.detail == "+1" else -1)), node)
        elif s.detail == "drop-not":
            return node.operand
        elif s.detail == "negate-test":
            node.test = ast.copy_location(ast.UnaryOp(ast.Not(), node.test), node.test)
        elif s.operator == "boolean":
            node.op = ast.Or() if isinstance(node.op, ast.And) else ast.And()
        elif s.operator == "arithmetic":
            node.op = BINOP_SWAPS[type(node.op)]()
        elif s.detail == "pass":
            return ast.copy_location(ast.Pass(), node)
        elif s.detail == "return-none":
            node.value = None
        return node


def modules():
    out = {}
    for name in sorted(os.listdir(PACKAGE)):
        if name.endswith(".py") and name != "__init__.py":
            with open(os.path.join(PACKAGE, name), encoding="utf-8") as f:
                out[name] = f.read()
    return out


def mutated_source(source, site):
    tree = ast.parse(source)
    new = ast.fix_missing_locations(Apply(site).visit(copy.deepcopy(tree)))
    text = ast.unparse(new)
    return None if text == ast.unparse(tree) else text


def declared_vector_files(binary):
    """The vector files holding a group of an operation the adapter declares (its hello), so
    that a module added to the package is measured without a list here to keep."""
    adapter = os.path.join(ROOT, "adapters", "python", "adapter.py")
    reply = subprocess.run([sys.executable, adapter], input='{"type":"hello","protocol":"pushproof-adapter/1"}\n',
                           capture_output=True, text=True, check=True, timeout=60)
    declared = set(json.loads(reply.stdout.splitlines()[0])["operations"])
    folder = os.path.join(ROOT, "vectors")
    files = []
    for name in sorted(os.listdir(folder)):
        if name.endswith("_test.json"):
            with open(os.path.join(folder, name), encoding="utf-8") as f:
                groups = json.load(f)["testGroups"]
            if any(g["operation"] in declared for g in groups):
                files.append(name[: -len("_test.json")])
    return files


def vector_file_operations():
    """{vector file: the operations its groups ask}."""
    folder = os.path.join(ROOT, "vectors")
    out = {}
    for name in sorted(os.listdir(folder)):
        if name.endswith("_test.json"):
            with open(os.path.join(folder, name), encoding="utf-8") as f:
                out[name[: -len("_test.json")]] = {g["operation"] for g in json.load(f)["testGroups"]}
    return out


_OPERATIONS_BY_MODULE = {}
_OPERATIONS_LOCK = threading.Lock()


def module_operations(name):
    """The operations module `name` of the package answers (its OPERATIONS), or none for a module
    every operation shares. Read by importing the unpatched package once."""
    with _OPERATIONS_LOCK:
        if not _OPERATIONS_BY_MODULE:
            sys.path.insert(0, os.path.dirname(PACKAGE))
            try:
                for module_name in modules():
                    module = importlib.import_module(f"pushproof_py.{module_name[:-3]}")
                    _OPERATIONS_BY_MODULE[module_name] = set(getattr(module, "OPERATIONS", {}))
            finally:
                sys.path.pop(0)
        return _OPERATIONS_BY_MODULE.get(name, set())


def likeliest_first(suites, operations):
    """`suites` with the vector files that ask one of `operations` first: the run stops at the
    first failure, and a change to a module fails its own operations' vectors first, if any. The
    files run are the same, so the verdict is too."""
    asked = vector_file_operations()
    return sorted(suites, key=lambda suite: 0 if asked.get(suite, set()) & operations else 1)


def run_variant(binary, replaced, suites, timeout, min_passed=0, counts=None, precheck=None):
    """Runs a copy of the package with some files replaced ({file name: text}) against the vector
    files `suites` and the hardening table: 'killed' (a test the package passes fails, it crashes
    or it times out, fewer than `min_passed` tests pass, or a hardened answer changes) or
    'survived'. `counts`, when given, receives the number of tests passed. `precheck`, when given,
    is asked first with the copy's adapter path; when it answers False the copy is not run
    ('unchecked')."""
    work = tempfile.mkdtemp(prefix="pushproof-mutant-")
    try:
        shutil.copy(os.path.join(ROOT, "adapters", "python", "adapter.py"), work)
        shutil.copytree(PACKAGE, os.path.join(work, "pushproof_py"),
                        ignore=shutil.ignore_patterns("__pycache__"))
        # The adapter kit it serves through (python/pushproof), beside it as in the checkout.
        shutil.copytree(os.path.join(ROOT, "python", "pushproof"), os.path.join(work, "pushproof"),
                        ignore=shutil.ignore_patterns("__pycache__", "bin", "vectors", "docs"))
        for name, text in replaced.items():
            with open(os.path.join(work, "pushproof_py", name), "w", encoding="utf-8") as f:
                f.write(text)
        if precheck is not None and not precheck(os.path.join(work, "adapter.py")):
            return "unchecked"
        report = os.path.join(work, "report.json")
        command = [binary, "run", "--vectors", os.path.join(ROOT, "vectors"),
                   "--impl", f"python3 {os.path.join(work, 'adapter.py')}", "--timeout", "5", "--fail-fast",
                   "--json", report]
        for suite in suites:
            command += ["--file", suite]
        # Its own process group, so that a mutant that loops is killed with its runner.
        process = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                   start_new_session=True)
        try:
            if process.wait(timeout=timeout) != 0:
                return "killed"
        except subprocess.TimeoutExpired:
            return "killed"
        finally:
            try:
                os.killpg(process.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            process.wait()
            # The runner starts the adapter in a process group of its own: anything still
            # running from this mutant's folder goes too.
            subprocess.run(["pkill", "-9", "-f", work], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        # A mutant that stops answering vectors (it no longer declares a profile or an operation) is
        # skipped there, not failed: the count of tests passed catches it, as CI's floor does.
        with open(report, encoding="utf-8") as f:
            passed = json.load(f)["passed"]
        if counts is not None:
            counts["passed"] = passed
        if passed < min_passed:
            return "killed"
        # The hardened vectors are asked too: docs/hardening.md pins the port's answer to each
        # (CI fails when it changes), so a mutant that changes one is caught by that vector.
        try:
            table = subprocess.run(
                [sys.executable, os.path.join(ROOT, "scripts", "hardening-table.py"), "--impl",
                 f"python3 {os.path.join(work, 'adapter.py')}", "--check", "docs/hardening.md"],
                cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=timeout)
        except subprocess.TimeoutExpired:
            return "killed"
        return "survived" if table.returncode == 0 else "killed"
    finally:
        shutil.rmtree(work, ignore_errors=True)


def require_clean_baseline(binary, suites, timeout):
    """Stops unless the unpatched implementation passes every vector it is asked and its hardened
    answers are those docs/hardening.md records: otherwise every variant would count as caught.
    Returns how many tests it passes, the floor for every mutant."""
    counts = {}
    if run_variant(binary, {}, suites, timeout, counts=counts) == "survived":
        return counts["passed"]
    sys.exit("the unpatched Python implementation fails a vector or differs from docs/hardening.md "
             "(pushproof run --impl; scripts/hardening-table.py --check): fix that first")


def run_mutant(binary, sources, site, suites, timeout, min_passed):
    """'killed', 'survived' or 'unchanged' (the operator did not apply)."""
    text = mutated_source(sources[site.file], site)
    if text is None:
        return "unchanged"
    return run_variant(binary, {site.file: text}, likeliest_first(suites, module_operations(site.file)), timeout,
                       min_passed)


def default_binary():
    return os.path.join(
        subprocess.check_output(["swift", "build", "--show-bin-path"], cwd=ROOT, text=True).strip(), "pushproof")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--bin", default=None, help="the pushproof binary (default: swift build's)")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--sample", type=int, default=0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--min-score", type=float, default=None)
    parser.add_argument("--report", default=None, help="write the survivors and the score here (Markdown)")
    parser.add_argument("--list", action="store_true", help="only list the mutation sites")
    parser.add_argument("--timeout", type=float, default=20)
    parser.add_argument("--files", nargs="+", default=None,
                        help="mutate only these modules of the package (e.g. zulip.py)")
    parser.add_argument("--mutants", nargs="+", default=None,
                        help="run only these mutants, by id (e.g. a report's survivors, after adding vectors)")
    args = parser.parse_args()

    sources = modules()
    if args.files:
        unknown = sorted(set(args.files) - set(sources))
        if unknown:
            sys.exit(f"mutation: no module {', '.join(unknown)} in {PACKAGE}")
        sources = {name: text for name, text in sources.items() if name in args.files}
    sites = [s for name, text in sources.items() for s in sites_of(name, ast.parse(text))]
    if args.list:
        for s in sites:
            print(s.id)
        print(f"{len(sites)} mutation sites", file=sys.stderr)
        return
    equivalent = {}
    if os.path.exists(EQUIVALENT):
        for line in open(EQUIVALENT, encoding="utf-8"):
            mutant, _, why = line.partition("#")
            if mutant.strip():
                equivalent[mutant.strip()] = why.strip()
    known = {s.id for s in sites}
    stale = sorted(m for m in set(equivalent) - known if not args.files or m.split(":")[0] in args.files)
    if stale:
        sys.exit(f"mutation-equivalent.txt names mutants that no longer exist: {', '.join(stale)}")
    chosen = sites
    if args.mutants:
        unknown = sorted(set(args.mutants) - known)
        if unknown:
            sys.exit(f"mutation: no mutant {', '.join(unknown)}")
        chosen = [s for s in sites if s.id in args.mutants]
    if args.sample:
        chosen = random.Random(args.seed).sample(sites, min(args.sample, len(sites)))
    binary = args.bin or default_binary()
    suites = declared_vector_files(binary)
    min_passed = require_clean_baseline(binary, suites, args.timeout)

    results = {}
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        futures = {pool.submit(run_mutant, binary, sources, s, suites, args.timeout, min_passed): s for s in chosen}
        for done, future in enumerate(concurrent.futures.as_completed(futures), 1):
            try:
                results[futures[future].id] = future.result()
            except Exception as error:  # a bug of this script: say which mutant, go on
                print(f"mutation: {futures[future].id}: {type(error).__name__}: {error}", file=sys.stderr)
                results[futures[future].id] = "unchanged"
            if done % 50 == 0:
                print(f"mutation: {done} of {len(chosen)} run", file=sys.stderr, flush=True)

    applied = [s for s in chosen if results[s.id] != "unchanged"]
    equivalent_run = [s for s in applied if s.id in equivalent]
    scored = [s for s in applied if s.id not in equivalent]
    killed = [s for s in scored if results[s.id] == "killed"]
    survivors = [s for s in scored if results[s.id] == "survived"]
    score = 100.0 * len(killed) / len(scored) if scored else 100.0
    summary = (f"{len(applied)} mutants ({len(chosen) - len(applied)} sites where the operator changed nothing), "
               f"{len(equivalent_run)} equivalent, {len(killed)} of {len(scored)} others killed: {score:.1f} %")
    print(summary)
    for s in survivors:
        print(f"survived: {s.id}")
    if args.report:
        lines = ["# Mutation score of the Python implementation", "",
                 f"`scripts/mutation.py` ({'sample of ' + str(args.sample) + ', seed ' + str(args.seed) if args.sample else 'the named mutants' if args.mutants else 'every site'}): "
                 + summary + ".", "", "Survivors (each a missing vector, or an equivalent mutant to list in "
                 "scripts/mutation-equivalent.txt with the reason):", ""]
        lines += [f"- `{s.id}`" for s in survivors] or ["- none"]
        with open(args.report, "w", encoding="utf-8") as f:
            f.write("\n".join(lines) + "\n")
    if args.min_score is not None and score < args.min_score:
        print(f"mutation score {score:.1f} % is below the floor {args.min_score} %", file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
