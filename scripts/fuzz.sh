#!/usr/bin/env bash
# Builds and runs the libFuzzer targets (coverage + AddressSanitizer).
#
#   scripts/fuzz.sh run [SECONDS] [TARGET...]   fuzz each target for SECONDS (default 60)
#   scripts/fuzz.sh build [TARGET...]            only build
#   scripts/fuzz.sh planted                      build with a planted heap overflow and check
#                                                that AddressSanitizer reports it
#
# Fuzz builds live in .build-fuzz (never mixed with test builds). Each run works on a copy of
# the committed corpus in .build-fuzz/work/<target>; new crashes land in
# .build-fuzz/artifacts/<target>/. Keep a crash as a regression by copying it into
# corpora/<target>/regressions/ (swift test replays that folder).
set -euo pipefail
cd "$(dirname "$0")/.."

ALL_TARGETS=(FuzzBouncerOpen FuzzRegistrationJSON FuzzServerParameters FuzzPushPayload FuzzNotificationJSON FuzzConvosPayload FuzzKeychainRecord FuzzIdentityStore FuzzPushResolver FuzzEncodedContent FuzzExplodeJSON FuzzAppData FuzzExplosionReceiver)
SCRATCH=.build-fuzz

build() {  # build TARGET [extra swiftc flags...]
    local target=$1; shift
    swift build -c debug --scratch-path "$SCRATCH" \
        -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library "$@" \
        --sanitize=fuzzer --product "$target" >&2
    echo "$(swift build -c debug --scratch-path "$SCRATCH" --show-bin-path)/$target"
}

run_target() {  # run_target TARGET SECONDS
    local target=$1 seconds=$2 binary
    binary=$(build "$target")
    local work=$SCRATCH/work/$target artifacts=$SCRATCH/artifacts/$target
    rm -rf "$work"; mkdir -p "$work" "$artifacts"
    cp -r "corpora/$target/." "$work/"
    local dict=()
    [ -f "corpora/$target.dict" ] && dict=(-dict="corpora/$target.dict")
    echo "== $target: ${seconds}s" >&2
    SWIFT_BACKTRACE=enable=no "$binary" "$work" "${dict[@]}" \
        -max_total_time="$seconds" -max_len=8192 -timeout=10 -rss_limit_mb=2048 \
        -artifact_prefix="$artifacts/" -print_final_stats=1
}

case "${1:-run}" in
    run)
        seconds=${2:-60}
        shift $(( $# > 1 ? 2 : $# ))
        targets=("$@"); [ ${#targets[@]} -eq 0 ] && targets=("${ALL_TARGETS[@]}")
        for t in "${targets[@]}"; do run_target "$t" "$seconds"; done
        ;;
    build)
        shift
        targets=("$@"); [ ${#targets[@]} -eq 0 ] && targets=("${ALL_TARGETS[@]}")
        for t in "${targets[@]}"; do build "$t" >/dev/null; done
        ;;
    planted)
        # A separate scratch path so the planted bug never leaks into a real fuzz build.
        SCRATCH=.build-fuzz-planted
        binary=$(build FuzzRegistrationJSON -Xswiftc -DPUSHPROOF_PLANTED_BUG)
        printf 'PLANTED-OVERFLOW' > "$SCRATCH/planted-input"
        set +e
        SWIFT_BACKTRACE=enable=no "$binary" "$SCRATCH/planted-input" > "$SCRATCH/planted.log" 2>&1
        status=$?
        set -e
        if grep -q "ERROR: AddressSanitizer: heap-buffer-overflow" "$SCRATCH/planted.log"; then
            grep -m1 "ERROR: AddressSanitizer" "$SCRATCH/planted.log"
            echo "planted bug caught by AddressSanitizer (exit $status)"
        else
            cat "$SCRATCH/planted.log"; echo "planted bug NOT caught: the fuzz build lacks AddressSanitizer" >&2; exit 1
        fi
        ;;
    *) echo "usage: $0 run [SECONDS] [TARGET...] | build [TARGET...] | planted" >&2; exit 2 ;;
esac
