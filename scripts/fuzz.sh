#!/usr/bin/env bash
# Builds and runs the libFuzzer targets (coverage + AddressSanitizer).
#
#   scripts/fuzz.sh run [SECONDS] [TARGET...]   fuzz each target for SECONDS (default 60)
#   scripts/fuzz.sh build                        only build
#   scripts/fuzz.sh list                         the target names
#   scripts/fuzz.sh build-path                   build, then print the binary's path
#   scripts/fuzz.sh planted                      build with a planted heap overflow and check
#                                                that AddressSanitizer reports it
#
# PUSHPROOF_FUZZ_CONFIG picks the build configuration: release (the default: -O, with coverage
# and AddressSanitizer as in debug; two to three times the executions of a debug build on the
# stateful targets) or debug (-Onone, for stepping through a crash). OSS-Fuzz's Swift projects
# ship both kinds; docs/fuzzing.md has the figures.
#
# One instrumented executable, pushproof-fuzz, serves every target: it runs the harness named by
# PUSHPROOF_FUZZ_TARGET (the target names come from the binary itself: PUSHPROOF_FUZZ_TARGET=list).
# Fuzz builds live in .build-fuzz (never mixed with test builds). Each run works on a copy of
# the committed corpus in .build-fuzz/work/<target>; new crashes land in
# .build-fuzz/artifacts/<target>/. Keep a crash as a regression by copying it into
# corpora/<target>/regressions/ (swift test replays that folder).
set -euo pipefail
cd "$(dirname "$0")/.."

SCRATCH=.build-fuzz
PRODUCT=pushproof-fuzz
CONFIG=${PUSHPROOF_FUZZ_CONFIG:-release}
case "$CONFIG" in release | debug) ;; *) echo "PUSHPROOF_FUZZ_CONFIG is release or debug, not $CONFIG" >&2; exit 2 ;; esac

build() {  # build [extra swiftc flags...]: prints the binary's path
    swift build -c "$CONFIG" --scratch-path "$SCRATCH" \
        -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library "$@" \
        --sanitize=fuzzer --product "$PRODUCT" >&2
    echo "$(swift build -c "$CONFIG" --scratch-path "$SCRATCH" --show-bin-path)/$PRODUCT"
}

all_targets() {  # all_targets BINARY: the names, from the binary's own table
    PUSHPROOF_FUZZ_TARGET=list SWIFT_BACKTRACE=enable=no "$1"
}

run_target() {  # run_target BINARY TARGET SECONDS
    local binary=$1 target=$2 seconds=$3
    local work=$SCRATCH/work/$target artifacts=$SCRATCH/artifacts/$target
    rm -rf "$work"; mkdir -p "$work" "$artifacts"
    cp -r "corpora/$target/." "$work/"
    local dict=()
    [ -f "corpora/$target.dict" ] && dict=(-dict="corpora/$target.dict")
    echo "== $target: ${seconds}s" >&2
    PUSHPROOF_FUZZ_TARGET=$target SWIFT_BACKTRACE=enable=no "$binary" "$work" "${dict[@]}" \
        -max_total_time="$seconds" -max_len=8192 -timeout=10 -rss_limit_mb=2048 \
        -artifact_prefix="$artifacts/" -print_final_stats=1
}

case "${1:-run}" in
    run)
        seconds=${2:-60}
        shift $(( $# > 1 ? 2 : $# ))
        binary=$(build)
        targets=("$@"); [ ${#targets[@]} -eq 0 ] && mapfile -t targets < <(all_targets "$binary")
        [ ${#targets[@]} -gt 0 ] || { echo "no fuzz targets listed by $binary" >&2; exit 1; }
        for t in "${targets[@]}"; do run_target "$binary" "$t" "$seconds"; done
        ;;
    build)
        build >/dev/null
        ;;
    list)
        all_targets "$(build)"
        ;;
    build-path)  # build, then print the binary's path (scripts/fuzz-campaign.sh)
        build
        ;;
    planted)
        # A separate scratch path so the planted bug never leaks into a real fuzz build; a debug
        # build (the same sanitizer flags), where the optimizer cannot remove the planted write.
        SCRATCH=.build-fuzz-planted
        CONFIG=debug
        binary=$(build -Xswiftc -DPUSHPROOF_PLANTED_BUG)
        printf 'PLANTED-OVERFLOW' > "$SCRATCH/planted-input"
        set +e
        PUSHPROOF_FUZZ_TARGET=FuzzRegistrationJSON SWIFT_BACKTRACE=enable=no "$binary" "$SCRATCH/planted-input" > "$SCRATCH/planted.log" 2>&1
        status=$?
        set -e
        if grep -q "ERROR: AddressSanitizer: heap-buffer-overflow" "$SCRATCH/planted.log"; then
            grep -m1 "ERROR: AddressSanitizer" "$SCRATCH/planted.log"
            echo "planted bug caught by AddressSanitizer (exit $status)"
        else
            cat "$SCRATCH/planted.log"; echo "planted bug NOT caught: the fuzz build lacks AddressSanitizer" >&2; exit 1
        fi
        ;;
    *) echo "usage: $0 run [SECONDS] [TARGET...] | build | list | planted" >&2; exit 2 ;;
esac
