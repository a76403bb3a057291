#!/usr/bin/env bash
# The real libraries in the loop (interop/, docs/interop.md): each library under interop/ is
# installed from its hash-pinned requirements into a venv of its own, imported (one line and a
# failure when it cannot be), run over every vector with its expected-failures list (a listed test
# that passes, or an unlisted failure, fails), held to its floor of passed tests, checked in the
# other direction (its test_reverse.py: what the library makes, the reference accepts), and fuzzed
# differentially with a fixed seed and budget.
#
#   scripts/interop.sh [--pushproof BIN] [--out DIR] [LIBRARY...]
#
# Each library's folder has adapter.py (with --self-check), requirements.txt, expected-failures.txt,
# test_reverse.py and `harness`: MIN_PASSED (the floor) and FUZZ_ARGS (the fuzz budget and files).
# The JSON reports land in DIR (default .build/interop/results) as LIBRARY.json, for
# `pushproof report`.
set -euo pipefail
cd "$(dirname "$0")/.."
bin="" out=.build/interop/results
while [ $# -gt 0 ]; do
    case "$1" in
        --pushproof) bin=$2; shift 2 ;;
        --out) out=$2; shift 2 ;;
        -h|--help) sed -n '2,15p' "$0"; exit 0 ;;
        -*) echo "interop.sh: unknown option $1 (see --help)" >&2; exit 2 ;;
        *) break ;;
    esac
done
if [ -z "$bin" ]; then bin="$(swift build --show-bin-path)/pushproof"; fi
[ -x "$bin" ] || { echo "interop.sh: no pushproof binary at $bin (swift build, or --pushproof BIN)" >&2; exit 2; }
bin=$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin")
if [ $# -gt 0 ]; then libraries=("$@"); else
    mapfile -t libraries < <(for d in interop/*/adapter.py; do basename "$(dirname "$d")"; done)
fi
[ ${#libraries[@]} -gt 0 ] || { echo "interop.sh: no library under interop/" >&2; exit 1; }
mkdir -p "$out"

for lib in "${libraries[@]}"; do
    dir=interop/$lib
    [ -f "$dir/adapter.py" ] && [ -f "$dir/harness" ] || { echo "interop.sh: $dir is not a library's folder" >&2; exit 2; }
    MIN_PASSED="" FUZZ_ARGS=""
    # shellcheck source=/dev/null
    . "$dir/harness"
    [ -n "$MIN_PASSED" ] || { echo "interop.sh: $dir/harness sets no MIN_PASSED" >&2; exit 2; }
    started=$SECONDS
    venv=.build/interop/$lib-venv
    [ -x "$venv/bin/python" ] || python3 -m venv "$venv"
    if ! "$venv/bin/python" -m pip install --quiet --disable-pip-version-check --require-hashes \
        --only-binary :all: -r "$dir/requirements.txt" > "$out/$lib-pip.log" 2>&1; then
        cat "$out/$lib-pip.log" >&2
        echo "interop: $lib: pip could not install $dir/requirements.txt (above)" >&2
        exit 1
    fi
    python=$(cd "$venv/bin" && pwd)/python
    "$python" "$dir/adapter.py" --self-check || { echo "interop: $lib: the library cannot be loaded (above)" >&2; exit 1; }
    impl="$python $dir/adapter.py"
    if ! "$bin" run --impl "$impl" --expected-failures "$dir/expected-failures.txt" \
        --json "$out/$lib.json" --junit "$out/$lib.xml" > "$out/$lib.txt"; then
        grep -v '^  [a-z_]*  *[0-9]* passed' "$out/$lib.txt" | tail -n 80 >&2
        echo "interop: $lib disagrees with the vectors beyond its list ($dir/expected-failures.txt)" >&2
        exit 1
    fi
    tail -n 2 "$out/$lib.txt"
    python3 scripts/check-report.py "$out/$lib.json" --min-passed "$MIN_PASSED"
    if ! PUSHPROOF="$bin" "$python" -m unittest "$dir/test_reverse.py" > "$out/$lib-reverse.log" 2>&1; then
        cat "$out/$lib-reverse.log" >&2
        echo "interop: $lib: what the library makes, the reference does not take as the library does (above)" >&2
        exit 1
    fi
    echo "the other direction ($dir/test_reverse.py): $(grep -E '^Ran ' "$out/$lib-reverse.log")"
    # shellcheck disable=SC2086
    if ! "$bin" fuzz --impl "$impl" --expected-failures "$dir/expected-failures.txt" --seed 1 $FUZZ_ARGS \
        > "$out/$lib-fuzz.txt" 2> "$out/$lib-fuzz.log"; then
        cat "$out/$lib-fuzz.txt" >&2
        echo "interop: $lib: differential fuzzing found disagreements no vector or list covers (above)" >&2
        exit 1
    fi
    tail -n 1 "$out/$lib-fuzz.txt"
    echo "--- interop: $lib: $((SECONDS - started)) s"
done
