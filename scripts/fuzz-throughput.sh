#!/usr/bin/env bash
# The throughput table of docs/fuzzing.md: every target (or those named) runs SECONDS from a
# copy of its committed corpus with its dictionary, one at a time, and prints a Markdown row:
# executions per second (libFuzzer's average over the run), coverage points and features at
# the end, and the corpus at the end (files / bytes). Nothing is written back to corpora/.
#
#   scripts/fuzz-throughput.sh SECONDS [TARGET ...]
#
# PUSHPROOF_FUZZ_BINARY names an already built pushproof-fuzz (default: scripts/fuzz.sh builds it).
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:?usage: fuzz-throughput.sh SECONDS [TARGET ...]}
shift
binary=${PUSHPROOF_FUZZ_BINARY:-$(bash scripts/fuzz.sh build-path)}
targets=("$@")
[ ${#targets[@]} -eq 0 ] && mapfile -t targets < <(PUSHPROOF_FUZZ_TARGET=list SWIFT_BACKTRACE=enable=no "$binary")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
echo "| target | exec/s | coverage points | features | corpus at the end |"
echo "| --- | --- | --- | --- | --- |"
for target in "${targets[@]}"; do
    mkdir -p "$work/$target"
    find "corpora/$target" -maxdepth 1 -type f -exec cp {} "$work/$target/" \;
    dict=()
    [ -f "corpora/$target.dict" ] && dict=(-dict="corpora/$target.dict")
    PUSHPROOF_FUZZ_TARGET=$target SWIFT_BACKTRACE=enable=no "$binary" "$work/$target" "${dict[@]}" \
        -max_total_time="$seconds" -max_len=8192 -timeout=10 -rss_limit_mb=2048 \
        -artifact_prefix="$work/" -print_final_stats=1 > "$work/$target.log" 2>&1 || {
        tail -n 20 "$work/$target.log" >&2
        echo "$target: the run failed" >&2
        exit 1
    }
    speed=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$work/$target.log")
    last=$(grep -E '^#[0-9]+' "$work/$target.log" | tail -n 1)
    cov=$(sed -n 's/.* cov: \([0-9]*\).*/\1/p' <<<"$last")
    ft=$(sed -n 's/.* ft: \([0-9]*\).*/\1/p' <<<"$last")
    files=$(find "$work/$target" -type f | wc -l)
    bytes=$(find "$work/$target" -type f -printf '%s\n' | awk '{s += $1} END {print s + 0}')
    echo "| $target | ${speed:-?} | ${cov:-?} | ${ft:-?} | $files / $bytes B |"
done
