#!/usr/bin/env bash
# Builds and runs the libFuzzer targets (coverage + AddressSanitizer), grows their corpora and
# checks the OSS-Fuzz build.
#
#   scripts/fuzz.sh run [SECONDS] [TARGET...]    fuzz each target for SECONDS (default 60)
#   scripts/fuzz.sh campaign SECONDS [TARGET...] fuzz, then merge the new inputs into corpora/
#   scripts/fuzz.sh throughput SECONDS [TARGET...]  the throughput table of docs/fuzzing.md
#   scripts/fuzz.sh planted                      check that AddressSanitizer reports a planted
#                                                heap overflow in the build
#   scripts/fuzz.sh oss-fuzz [SECONDS]           run .clusterfuzzlite/build.sh as OSS-Fuzz would,
#                                                then every target it produced for SECONDS (3)
#   scripts/fuzz.sh build | build-path | list    build; build and print the binary; the targets
#
# One instrumented executable, pushproof-fuzz, serves every target: it runs the harness named by
# PUSHPROOF_FUZZ_TARGET, else by its own file name (PUSHPROOF_FUZZ_TARGET=list prints the names).
# The build flags and libFuzzer's options are in scripts/fuzz-settings.sh, which the OSS-Fuzz
# build reads too, so every command here and the OSS-Fuzz check share one build in .build-fuzz.
# PUSHPROOF_FUZZ_CONFIG picks release (the default: -O with the sanitizers; two to three times the
# executions of a debug build on the stateful targets) or debug (for stepping through a crash).
# PUSHPROOF_FUZZ_BINARY names an already built pushproof-fuzz to use instead (a long campaign can
# run from a copy while the checkout is rebuilt).
#
# Each run works on a copy of the committed corpus in .build-fuzz/work/<target>; crashes land in
# .build-fuzz/artifacts/<target>/. Keep one as a regression by copying it into
# corpora/<target>/regressions/ (swift test replays that folder).
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=scripts/fuzz-settings.sh
. scripts/fuzz-settings.sh

SCRATCH=.build-fuzz
CONFIG=${PUSHPROOF_FUZZ_CONFIG:-release}
case "$CONFIG" in release | debug) ;; *) echo "PUSHPROOF_FUZZ_CONFIG is release or debug, not $CONFIG" >&2; exit 2 ;; esac

binary() {  # the pushproof-fuzz binary, built unless PUSHPROOF_FUZZ_BINARY names one
    if [ -n "${PUSHPROOF_FUZZ_BINARY:-}" ]; then echo "$PUSHPROOF_FUZZ_BINARY"; else pushproof_fuzz_build "$PWD/$SCRATCH" "$CONFIG"; fi
}

all_targets() {  # all_targets BINARY: the names, from the binary's own table
    PUSHPROOF_FUZZ_TARGET=list SWIFT_BACKTRACE=enable=no "$1"
}

targets_or_all() {  # targets_or_all BINARY [TARGET...]: the named targets, else every one
    local binary=$1
    shift
    if [ $# -gt 0 ]; then printf '%s\n' "$@"; else all_targets "$binary"; fi
}

dictionary() {  # dictionary TARGET: libFuzzer's -dict option for the target's dictionary, if any
    [ -f "corpora/$1.dict" ] && echo "-dict=corpora/$1.dict"
    return 0
}

fuzz() {  # fuzz BINARY TARGET CORPUS SECONDS ARTIFACTS LOG: one libFuzzer run of a target
    local binary=$1 target=$2 corpus=$3 seconds=$4 artifacts=$5 log=$6
    local dict
    dict=$(dictionary "$target")
    # shellcheck disable=SC2086
    PUSHPROOF_FUZZ_TARGET=$target SWIFT_BACKTRACE=enable=no "$binary" "$corpus" $dict \
        -max_total_time="$seconds" "${PUSHPROOF_LIBFUZZER_OPTIONS[@]}" \
        -artifact_prefix="$artifacts/" -print_final_stats=1 > "$log" 2>&1
}

copy_corpus() {  # copy_corpus TARGET DIR: the committed corpus and its seeds (not its regressions) into DIR
    mkdir -p "$2"
    find "corpora/$1" "corpora/$1/seeds" -maxdepth 1 -type f -exec cp {} "$2/" \; 2>/dev/null || true
}

run() {
    local seconds=${1:-60}
    shift $(( $# > 0 ? 1 : 0 ))
    local bin target
    bin=$(binary)
    mapfile -t targets < <(targets_or_all "$bin" "$@")
    [ ${#targets[@]} -gt 0 ] || { echo "no fuzz targets listed by $bin" >&2; exit 1; }
    for target in "${targets[@]}"; do
        local work=$SCRATCH/work/$target artifacts=$SCRATCH/artifacts/$target
        rm -rf "$work"
        mkdir -p "$work" "$artifacts"
        cp -r "corpora/$target/." "$work/"
        echo "== $target: ${seconds}s" >&2
        if ! fuzz "$bin" "$target" "$work" "$seconds" "$artifacts" "$work.log"; then
            tail -n 40 "$work.log" >&2
            echo "$target: the fuzzer failed (crash or invariant; see $artifacts)" >&2
            exit 1
        fi
        grep -E '^(Done|stat::average_exec_per_sec)' "$work.log" >&2 || true
    done
}

# A campaign grows the committed corpora: each target runs SECONDS from a copy of
# corpora/<target>/, then libFuzzer's merge keeps, of the old corpus and the new inputs, only those
# that add coverage, and that minimal set replaces corpora/<target>/ (files named by the first 16
# hex digits of their SHA-256; corpora/<target>/regressions/ is left alone). A crash is copied to
# regressions/ and the campaign fails, so that it is fixed before the corpus is committed. A merged
# corpus above MAX_FILES files (3000) or MAX_KB kilobytes (4096) is refused.
campaign() {
    local seconds=${1:?usage: fuzz.sh campaign SECONDS [TARGET ...]}
    shift
    local max_files=${MAX_FILES:-3000} max_kb=${MAX_KB:-4096} crashed=0 bin target
    bin=$(binary)
    mapfile -t targets < <(targets_or_all "$bin" "$@")
    printf '%-24s %8s %8s %10s %10s %s\n' target before after "runs" "exec/s" "new crashes"
    for target in "${targets[@]}"; do
        local scratch=$SCRATCH/campaign/$target
        rm -rf "$scratch"
        mkdir -p "$scratch/merged" "$scratch/artifacts"
        copy_corpus "$target" "$scratch/run"
        local before found files kb after runs speed
        before=$(find "corpora/$target" -maxdepth 1 -type f | wc -l)
        fuzz "$bin" "$target" "$scratch/run" "$seconds" "$scratch/artifacts" "$scratch/run.log" || true
        found=$(find "$scratch/artifacts" -type f | wc -l)
        if [ "$found" -gt 0 ]; then
            mkdir -p "corpora/$target/regressions"
            cp "$scratch/artifacts"/* "corpora/$target/regressions/"
            crashed=1
        fi
        PUSHPROOF_FUZZ_TARGET=$target SWIFT_BACKTRACE=enable=no "$bin" -merge=1 "${PUSHPROOF_LIBFUZZER_OPTIONS[@]}" \
            "$scratch/merged" "corpora/$target" "$scratch/run" > "$scratch/merge.log" 2>&1 || {
            tail -n 20 "$scratch/merge.log" >&2
            echo "$target: merge failed" >&2
            exit 1
        }
        files=$(find "$scratch/merged" -type f | wc -l)
        kb=$(( $(find "$scratch/merged" -type f -printf '%s\n' | awk '{s += $1} END {print s + 0}') / 1024 ))
        if [ "$files" -gt "$max_files" ] || [ "$kb" -gt "$max_kb" ]; then
            echo "$target: the merged corpus has $files files, $kb KB: above the bounds ($max_files, $max_kb KB)" >&2
            exit 1
        fi
        find "corpora/$target" -maxdepth 1 -type f -delete
        for f in "$scratch/merged"/*; do
            [ -f "$f" ] || continue
            cp "$f" "corpora/$target/$(sha256sum "$f" | cut -c1-16)"
        done
        after=$(find "corpora/$target" -maxdepth 1 -type f | wc -l)
        runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$scratch/run.log")
        speed=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$scratch/run.log")
        printf '%-24s %8s %8s %10s %10s %s\n' "$target" "$before" "$after" "${runs:-?}" "${speed:-?}" "$found"
    done
    [ "$crashed" -eq 0 ] || { echo "crashes were found: see corpora/*/regressions/ and fix them first" >&2; exit 1; }
}

# The throughput table: every target (or those named) runs SECONDS from a copy of its committed
# corpus with its dictionary, one at a time, and prints a Markdown row: executions per second
# (libFuzzer's average), coverage points and features at the end, and the corpus at the end.
throughput() {
    local seconds=${1:?usage: fuzz.sh throughput SECONDS [TARGET ...]}
    shift
    local bin target work
    bin=$(binary)
    mapfile -t targets < <(targets_or_all "$bin" "$@")
    work=$(mktemp -d)
    # shellcheck disable=SC2064
    trap "rm -rf '$work'" EXIT
    echo "| target | exec/s | coverage points | features | corpus at the end |"
    echo "| --- | --- | --- | --- | --- |"
    for target in "${targets[@]}"; do
        copy_corpus "$target" "$work/$target"
        fuzz "$bin" "$target" "$work/$target" "$seconds" "$work" "$work/$target.log" || {
            tail -n 20 "$work/$target.log" >&2
            echo "$target: the run failed" >&2
            exit 1
        }
        local speed last cov ft files bytes
        speed=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$work/$target.log")
        last=$(grep -E '^#[0-9]+' "$work/$target.log" | tail -n 1)
        cov=$(sed -n 's/.* cov: \([0-9]*\).*/\1/p' <<<"$last")
        ft=$(sed -n 's/.* ft: \([0-9]*\).*/\1/p' <<<"$last")
        files=$(find "$work/$target" -type f | wc -l)
        bytes=$(find "$work/$target" -type f -printf '%s\n' | awk '{s += $1} END {print s + 0}')
        echo "| $target | ${speed:-?} | ${cov:-?} | ${ft:-?} | $files / $bytes B |"
    done
}

# The build must really have AddressSanitizer: the executable's hidden target PlantedOverflow
# (never listed, so OSS-Fuzz never builds a binary for it) writes one byte past a heap buffer on
# inputs starting with "PLANT", and AddressSanitizer must report it.
planted() {
    local bin log
    bin=$(binary)
    mkdir -p "$SCRATCH"
    printf 'PLANTED-OVERFLOW' > "$SCRATCH/planted-input"
    log=$SCRATCH/planted.log
    set +e
    PUSHPROOF_FUZZ_TARGET=PlantedOverflow SWIFT_BACKTRACE=enable=no "$bin" "$SCRATCH/planted-input" > "$log" 2>&1
    local status=$?
    set -e
    if grep -q "ERROR: AddressSanitizer: heap-buffer-overflow" "$log"; then
        grep -m1 "ERROR: AddressSanitizer" "$log"
        echo "planted bug caught by AddressSanitizer (exit $status)"
    else
        cat "$log"
        echo "planted bug NOT caught: the fuzz build lacks AddressSanitizer" >&2
        exit 1
    fi
}

# The OSS-Fuzz / ClusterFuzzLite build script outside a container ($SRC, $OUT and $WORK in a
# temporary folder, this build's cache), then every target it produced, run for SECONDS on its own
# seed corpus zip, dictionary and options as the engines would. The runner has only the C and C++
# runtimes: the Swift runtime must be in the binary, and every other library shipped in $OUT/lib.
oss_fuzz() {
    local seconds=${1:-3} tmp some shipped missing count=0 expected
    { command -v zip && command -v unzip; } >/dev/null || scripts/apt-install.sh zip unzip
    tmp=$(mktemp -d)
    # shellcheck disable=SC2064
    trap "rm -rf '$tmp'" EXIT
    mkdir -p "$tmp/src" "$tmp/out" "$tmp/work"
    ln -s "$PWD" "$tmp/src/pushproof"
    # This build's cache, named before the subshell leaves the checkout.
    local scratch="$PWD/$SCRATCH"
    # With PUSHPROOF_FUZZ_BINARY set (CI, after the fuzz build), build.sh packages that binary.
    (cd "$tmp" && SRC="$tmp/src" OUT="$tmp/out" WORK="$tmp/work" SANITIZER=address \
        PUSHPROOF_SWIFT_SCRATCH="$scratch" "$tmp/src/pushproof/.clusterfuzzlite/build.sh")
    some="$tmp/out/$(ls "$tmp/out" | grep '^Fuzz' | grep -v '\.' | head -n 1)"
    if ldd "$some" | grep -qE 'libswiftCore|libFoundation'; then
        echo "the targets load the Swift runtime dynamically: it must be linked in" >&2
        exit 1
    fi
    readelf -d "$some" | grep -E 'R(UN)?PATH' | grep -qF '$ORIGIN/lib' || { echo "the targets have no \$ORIGIN/lib run path" >&2; exit 1; }
    missing=$(LD_LIBRARY_PATH="$tmp/out/lib" ldd "$some" | awk '$2 == "=>" {print $1, $3}' |
        grep -vE '^(libc|libm|libpthread|libdl|librt|libutil|libgcc_s|libstdc\+\+)\.so' | grep -v " $tmp/out/lib/" || true)
    [ -z "$missing" ] || { echo "libraries not shipped in \$OUT/lib:" >&2; echo "$missing" >&2; exit 1; }
    shipped=$(ls "$tmp/out/lib" | wc -l)
    for binary in "$tmp/out"/Fuzz*; do
        case "$binary" in *.zip | *.dict | *.options) continue ;; esac
        local target corpus seeds runs
        target=$(basename "$binary")
        [ -f "$tmp/out/${target}_seed_corpus.zip" ] || { echo "$target: no seed corpus zip" >&2; exit 1; }
        [ -f "$tmp/out/${target}.dict" ] || { echo "$target: no dictionary" >&2; exit 1; }
        grep -q '^\[libfuzzer\]' "$tmp/out/$target.options" || { echo "$target: no options file" >&2; exit 1; }
        corpus="$tmp/corpus/$target"
        mkdir -p "$corpus"
        unzip -q "$tmp/out/${target}_seed_corpus.zip" -d "$corpus"
        seeds=$(ls "$corpus" | wc -l)
        # Called by its own name, with the shipped libraries: the binary picks the harness from
        # argv[0], as on ClusterFuzz.
        if ! LD_LIBRARY_PATH="$tmp/out/lib" SWIFT_BACKTRACE=enable=no "$binary" "$corpus" -dict="$tmp/out/$target.dict" \
            "${PUSHPROOF_LIBFUZZER_OPTIONS[@]}" -max_total_time="$seconds" -artifact_prefix="$tmp/" > "$tmp/$target.log" 2>&1; then
            tail -n 30 "$tmp/$target.log" >&2
            echo "$target: the built fuzzer failed" >&2
            exit 1
        fi
        runs=$(sed -n 's/^Done \([0-9]*\) runs.*/\1/p' "$tmp/$target.log")
        printf '%-26s %6s files in its seed zip, %9s runs in %ss\n' "$target" "$seeds" "${runs:-?}" "$seconds"
        count=$((count + 1))
    done
    expected=$(all_targets "$some" | wc -l)
    [ "$count" -eq "$expected" ] || { echo "built $count targets, the binary lists $expected" >&2; exit 1; }
    echo "oss-fuzz build: $count targets built by build.sh and run clean, the Swift runtime linked in, with the $shipped shared libraries they need shipped in \$OUT/lib"
}

command=${1:-run}
shift $(( $# > 0 ? 1 : 0 ))
case "$command" in
    run) run "$@" ;;
    campaign) campaign "$@" ;;
    throughput) throughput "$@" ;;
    planted) planted ;;
    oss-fuzz) oss_fuzz "$@" ;;
    build) binary >/dev/null ;;
    build-path) binary ;;
    list) all_targets "$(binary)" ;;
    *) echo "usage: $0 run [SECONDS] [TARGET...] | campaign SECONDS [TARGET...] | throughput SECONDS [TARGET...] | planted | oss-fuzz [SECONDS] | build | build-path | list" >&2; exit 2 ;;
esac
