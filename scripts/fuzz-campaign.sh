#!/usr/bin/env bash
# A fuzzing campaign that grows the committed corpora: each target runs for SECONDS from a copy
# of corpora/<target>/, then libFuzzer's merge (-merge=1) keeps, of the old corpus and the new
# inputs, only those that add coverage, and that minimal set replaces corpora/<target>/ (files
# named by the first 16 hex digits of their SHA-256, as scripts/seed-corpora.py names seeds;
# corpora/<target>/regressions/ is left alone). Any crash is copied to regressions/ and the
# campaign fails, so that it is fixed before the corpus is committed.
#
#   scripts/fuzz-campaign.sh SECONDS [TARGET ...]     (default: every target)
#
# PUSHPROOF_FUZZ_BINARY names an already built pushproof-fuzz to use instead of building one (a
# long campaign can then run from a copy while the checkout is rebuilt).
#
# Bounds: inputs up to 8192 bytes; a merged corpus above MAX_FILES files (default 3000) or
# MAX_KB kilobytes (default 4096) is refused.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:?usage: fuzz-campaign.sh SECONDS [TARGET ...]}
shift
max_files=${MAX_FILES:-3000}
max_kb=${MAX_KB:-4096}

binary=${PUSHPROOF_FUZZ_BINARY:-$(bash scripts/fuzz.sh build-path)}
targets=("$@")
[ ${#targets[@]} -eq 0 ] && mapfile -t targets < <(PUSHPROOF_FUZZ_TARGET=list SWIFT_BACKTRACE=enable=no "$binary")

crashed=0
printf '%-24s %8s %8s %10s %10s %s\n' target before after "runs" "exec/s" "new crashes"
for target in "${targets[@]}"; do
    scratch=.build-fuzz/campaign/$target
    rm -rf "$scratch"
    mkdir -p "$scratch/run" "$scratch/merged" "$scratch/artifacts"
    find "corpora/$target" -maxdepth 1 -type f -exec cp {} "$scratch/run/" \;
    before=$(find "corpora/$target" -maxdepth 1 -type f | wc -l)
    dict=()
    [ -f "corpora/$target.dict" ] && dict=(-dict="corpora/$target.dict")
    set +e
    PUSHPROOF_FUZZ_TARGET=$target SWIFT_BACKTRACE=enable=no "$binary" "$scratch/run" "${dict[@]}" \
        -max_total_time="$seconds" -max_len=8192 -timeout=10 -rss_limit_mb=2048 \
        -artifact_prefix="$scratch/artifacts/" -print_final_stats=1 > "$scratch/run.log" 2>&1
    set -e
    found=$(find "$scratch/artifacts" -type f | wc -l)
    if [ "$found" -gt 0 ]; then
        mkdir -p "corpora/$target/regressions"
        cp "$scratch/artifacts"/* "corpora/$target/regressions/"
        crashed=1
    fi
    PUSHPROOF_FUZZ_TARGET=$target SWIFT_BACKTRACE=enable=no "$binary" -merge=1 -max_len=8192 -timeout=10 \
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
