#!/usr/bin/env python3
"""docs/architecture.md's module graph is Package.swift's.

Every arrow of the mermaid graph must be a dependency Package.swift declares, and every
dependency it declares (test targets aside) must be an arrow or a path of arrows. A node is
named by the first line of its label (`id["Name<br/>prose"]`, or `id[Name]`, or the bare id).
Usage: check-architecture.py [--package-json FILE]  (default: `swift package dump-package`)
"""
import json
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def declared(package):
    """(target or product name) -> the names it depends on, test targets left out."""
    graph = {}
    for target in package["targets"]:
        if target["type"] == "test":
            continue
        names = set()
        for dependency in target["dependencies"]:
            (kind, value), = dependency.items()
            names.add(value[0])  # byName, target and product all put the name first
        graph[target["name"]] = names
    return graph


NODE = re.compile(r'([A-Za-z][A-Za-z0-9_]*)(?:\[("?)(.*?)\2\])?')


def drawn(text):
    """The mermaid block under '## Modules': node id -> name, and the arrows as name pairs."""
    block = re.search(r"## Modules.*?```mermaid\n(.*?)```", text, re.S)
    if not block:
        sys.exit("docs/architecture.md: no mermaid block under '## Modules'")
    names, arrows = {}, []

    def node(token):
        match = NODE.fullmatch(token.strip())
        if not match:
            sys.exit(f"docs/architecture.md: cannot read the node {token.strip()!r}")
        ident, _, label = match.groups()
        if label is not None:
            names[ident] = label.split("<br/>")[0].strip()
        return ident

    for line in block.group(1).splitlines()[1:]:  # the first line is `flowchart TB`
        if not line.strip():
            continue
        if "-->" in line:
            left, right = line.split("-->", 1)
            sources = [node(part) for part in left.split(" & ")]
            targets = [node(part) for part in right.split(" & ")]
            arrows += [(s, t) for s in sources for t in targets]
        else:
            node(line)
    resolve = lambda ident: names.get(ident, ident)
    return {resolve(i) for i in names} | {resolve(i) for a in arrows for i in a}, \
        [(resolve(s), resolve(t)) for s, t in arrows]


def main():
    argv = sys.argv[1:]
    if "--package-json" in argv:
        package = json.load(open(argv[argv.index("--package-json") + 1]))
    else:
        output = subprocess.run(["swift", "package", "dump-package"], cwd=ROOT, check=True,
                                capture_output=True, text=True).stdout
        package = json.loads(output)
    graph = declared(package)
    nodes, arrows = drawn(open(os.path.join(ROOT, "docs/architecture.md"), encoding="utf-8").read())
    problems = []
    for source, target in arrows:
        if target not in graph.get(source, set()):
            problems.append(f"the arrow {source} --> {target} is not a dependency Package.swift declares")
    reach = {}
    for source, target in arrows:
        reach.setdefault(source, set()).add(target)

    def reachable(start):
        seen, stack = set(), [start]
        while stack:
            for nxt in reach.get(stack.pop(), ()):
                if nxt not in seen:
                    seen.add(nxt)
                    stack.append(nxt)
        return seen

    for source, targets in sorted(graph.items()):
        if source not in nodes:
            problems.append(f"the target {source} is not drawn")
            continue
        for target in sorted(targets - reachable(source)):
            problems.append(f"{source} depends on {target}, but no arrow or path of arrows says so")
    for problem in problems:
        print(f"docs/architecture.md: {problem}", file=sys.stderr)
    if problems:
        sys.exit(1)
    print(f"docs/architecture.md: {len(arrows)} arrows over {len(graph)} targets agree with Package.swift")


if __name__ == "__main__":
    main()
