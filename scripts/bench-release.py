#!/usr/bin/env python3
"""Speed of the release binary: its start and a run of every vector, beside the debug build's.

    python3 scripts/bench-release.py OUTDIR [--runs N] [--debug BIN]

OUTDIR is what scripts/release.sh wrote; the tarball is extracted into a scratch folder and its
binary run from an empty folder, as a user would. Each figure is the median wall time of N runs
(the start: `pushproof --version`, which reads and hashes every vector file; the run: `pushproof
run` over the shipped vectors against the reference). The comparator, the debug build of the
same commit (`swift build --show-bin-path`), is measured in the same run. Each release figure is
printed beside its floor (--version under 50 ms, the run under 1 s). Figures, never a pass/fail:
docs/release.md records them.
"""
import argparse
import glob
import os
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def median_ms(command, runs, cwd):
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(command, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("outdir")
    parser.add_argument("--runs", type=int, default=9)
    parser.add_argument("--debug", help="the debug binary (default: swift build --show-bin-path)")
    args = parser.parse_args()
    tarballs = glob.glob(os.path.join(args.outdir, "pushproof-*-linux-x86_64.tar.gz"))
    if len(tarballs) != 1:
        sys.exit(f"bench-release: no single tarball in {args.outdir}")
    debug = args.debug or os.path.join(
        subprocess.check_output(["swift", "build", "--show-bin-path"], cwd=ROOT, text=True).strip(), "pushproof")
    with tempfile.TemporaryDirectory(prefix="pushproof-bench-") as work:
        with tarfile.open(tarballs[0]) as archive:
            archive.extractall(work)
        release = glob.glob(os.path.join(work, "pushproof-*", "pushproof"))[0]
        vectors = os.path.join(os.path.dirname(release), "vectors")
        empty = os.path.join(work, "empty")
        os.mkdir(empty)
        # The floors the release binary is held to (docs/release.md): printed beside each figure.
        rows = [
            ("start: pushproof --version", [release, "--version"], [debug, "--version", ], args.runs * 3, 50),
            ("every vector: pushproof run", [release, "run"], [debug, "run", "--vectors", vectors], args.runs, 1000),
        ]
        print(f"{'':34} {'release':>12} {'floor':>9} {'debug':>12}   (median of N runs, wall time)")
        for name, fast, slow, runs, floor in rows:
            # The debug binary has no vectors beside it: --version names the checkout's from ROOT.
            a = median_ms(fast, runs, empty)
            b = median_ms(slow, runs, ROOT if slow[1] == "--version" else empty)
            verdict = "within" if a < floor else "OVER"
            print(f"{name:34} {a:9.1f} ms {floor:6d} ms {b:9.1f} ms   N={runs}, {verdict} its floor")


if __name__ == "__main__":
    main()
