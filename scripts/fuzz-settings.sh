# shellcheck shell=bash
# The fuzz build's flags and libFuzzer's options, in one place: sourced by scripts/fuzz.sh and by
# .clusterfuzzlite/build.sh (the OSS-Fuzz / ClusterFuzzLite build), so a local build, CI's and the
# one OSS-Fuzz makes outside its image agree.

# The flags the OSS-Fuzz Swift image hands a project (coverage and AddressSanitizer for swiftc, the
# Swift runtime and Foundation linked statically), plus SwiftPM's own --sanitize=fuzzer so that
# libFuzzer supplies `main` (without it SwiftPM defines `main` as PushProofFuzz_main, which
# -parse-as-library leaves undefined). The trailing combined -sanitize= matters: the driver keeps
# only the last one it sees.
PUSHPROOF_FUZZ_SWIFTFLAGS="-Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library -Xswiftc -static-stdlib --static-swift-stdlib --sanitize=address --sanitize=fuzzer"

# The runner image has none of the builder's libraries: a target finds the copies shipped in
# $OUT/lib through a run path relative to itself.
# shellcheck disable=SC2016
PUSHPROOF_FUZZ_RUNPATH=(-Xlinker -rpath -Xlinker '$ORIGIN/lib')

# libFuzzer's options for every target (and each target's .options file for OSS-Fuzz).
PUSHPROOF_LIBFUZZER_MAX_LEN=8192
PUSHPROOF_LIBFUZZER_TIMEOUT=10
PUSHPROOF_LIBFUZZER_RSS_LIMIT_MB=2048
PUSHPROOF_LIBFUZZER_OPTIONS=(-max_len="$PUSHPROOF_LIBFUZZER_MAX_LEN" -timeout="$PUSHPROOF_LIBFUZZER_TIMEOUT"
    -rss_limit_mb="$PUSHPROOF_LIBFUZZER_RSS_LIMIT_MB")

# pushproof_fuzz_build SCRATCH CONFIG [SWIFTFLAGS]: builds pushproof-fuzz and prints its path. The
# same command line everywhere, so the builds share their cache.
pushproof_fuzz_build() {
    local scratch=$1 config=$2 flags=${3:-$PUSHPROOF_FUZZ_SWIFTFLAGS}
    # shellcheck disable=SC2086
    swift build -c "$config" --scratch-path "$scratch" --product pushproof-fuzz $flags "${PUSHPROOF_FUZZ_RUNPATH[@]}" >&2
    # shellcheck disable=SC2086
    echo "$(swift build -c "$config" --scratch-path "$scratch" $flags "${PUSHPROOF_FUZZ_RUNPATH[@]}" --show-bin-path)/pushproof-fuzz"
}

# Leaks reported in code that is not PushProof's (scripts/lsan-suppressions.txt).
export LSAN_OPTIONS="${LSAN_OPTIONS:+$LSAN_OPTIONS:}suppressions=$(pwd)/scripts/lsan-suppressions.txt"
