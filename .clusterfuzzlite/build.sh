#!/bin/bash -eu
# Builds PushProof's fuzz targets the way OSS-Fuzz and ClusterFuzzLite expect (their build.sh
# contract): sources in the working directory (or $SRC/pushproof), results in $OUT, scratch in
# $WORK, the sanitizer in $SANITIZER (address by default). For each target the fuzzer binary,
# its seed corpus as <target>_seed_corpus.zip, its dictionary <target>.dict and a
# <target>.options file with libFuzzer's settings.
#
# All targets live in one executable that picks its harness by the name it is called under
# (docs/fuzzing.md), so each target is a copy of that executable named after it.
#
# Inside the OSS-Fuzz Swift image `precompile_swift` sets SWIFTFLAGS (sanitizers, static Swift
# runtime, the Swift symbolizer); elsewhere (scripts/check-oss-fuzz-build.sh) the flags below
# stand in for it.
: "${OUT:?set OUT}" "${WORK:?set WORK}"
SANITIZER=${SANITIZER:-address}
if [ -f "${SRC:-/nonexistent}/pushproof/Package.swift" ] && [ ! -f Package.swift ]; then cd "$SRC/pushproof"; fi
[ -f Package.swift ] || { echo "build.sh: run from the PushProof checkout" >&2; exit 1; }

if [ -z "${SWIFTFLAGS:-}" ] && command -v precompile_swift >/dev/null 2>&1; then
    # shellcheck disable=SC1091
    . precompile_swift
fi
if [ -z "${SWIFTFLAGS:-}" ]; then
    SWIFTFLAGS="-Xswiftc -sanitize=fuzzer,$SANITIZER -Xswiftc -parse-as-library --sanitize=fuzzer"
fi

# PUSHPROOF_SWIFT_SCRATCH lets scripts/check-oss-fuzz-build.sh share scripts/fuzz.sh's build.
scratch="${PUSHPROOF_SWIFT_SCRATCH:-$WORK/swift-build}"
# Release (-O) with the sanitizers, as scripts/fuzz.sh builds by default: the stateful targets run
# two to three times faster than in a debug build (docs/fuzzing.md).
config=${PUSHPROOF_FUZZ_CONFIG:-release}
# shellcheck disable=SC2086
swift build -c "$config" --scratch-path "$scratch" --product pushproof-fuzz $SWIFTFLAGS
binary="$(swift build -c "$config" --scratch-path "$scratch" --show-bin-path)/pushproof-fuzz"

mapfile -t targets < <(PUSHPROOF_FUZZ_TARGET=list SWIFT_BACKTRACE=enable=no "$binary")
[ ${#targets[@]} -gt 0 ] || { echo "build.sh: the binary lists no targets" >&2; exit 1; }
for target in "${targets[@]}"; do
    cp "$binary" "$OUT/$target"
    rm -f "$OUT/${target}_seed_corpus.zip"
    if [ -d "corpora/$target" ]; then
        (cd "corpora/$target" && find . -type f ! -path './regressions/*' -print | sort | zip -q -j "$OUT/${target}_seed_corpus.zip" -@)
    fi
    [ -f "corpora/$target.dict" ] && cp "corpora/$target.dict" "$OUT/$target.dict"
    printf '[libfuzzer]\nmax_len = 8192\ntimeout = 10\n' > "$OUT/$target.options"
done
echo "build.sh: ${#targets[@]} targets in $OUT"
