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
# runtime, the Swift symbolizer); elsewhere (`scripts/fuzz.sh oss-fuzz`) the same flags come from
# scripts/fuzz-settings.sh, which also holds libFuzzer's options.
: "${OUT:?set OUT}" "${WORK:?set WORK}"
SANITIZER=${SANITIZER:-address}
# The physical path: a checkout reached through a link (scripts/fuzz.sh oss-fuzz) must be the same
# package as the checkout itself, or SwiftPM rebuilds the shared cache from nothing.
if [ -f "${SRC:-/nonexistent}/pushproof/Package.swift" ] && [ ! -f Package.swift ]; then cd -P "$SRC/pushproof"; fi
[ -f Package.swift ] || { echo "build.sh: run from the PushProof checkout" >&2; exit 1; }
# shellcheck source=../scripts/fuzz-settings.sh
. scripts/fuzz-settings.sh

if [ -z "${SWIFTFLAGS:-}" ] && command -v precompile_swift >/dev/null 2>&1; then
    # shellcheck disable=SC1091
    . precompile_swift
fi
if [ -z "${SWIFTFLAGS:-}" ]; then
    SWIFTFLAGS=${PUSHPROOF_FUZZ_SWIFTFLAGS//address/$SANITIZER}
fi
# SwiftPM must be told that libFuzzer supplies `main` (its own --sanitize=fuzzer): otherwise it
# links the executable with `main` defined as PushProofFuzz_main, which -parse-as-library leaves
# undefined. The image's flags give SwiftPM only --sanitize=$SANITIZER.
case " $SWIFTFLAGS " in
    *" --sanitize=fuzzer "*) ;;
    *) SWIFTFLAGS="$SWIFTFLAGS --sanitize=fuzzer" ;;
esac

# PUSHPROOF_SWIFT_SCRATCH lets `scripts/fuzz.sh oss-fuzz` share scripts/fuzz.sh's build. Release
# (-O) with the sanitizers, as scripts/fuzz.sh builds by default: the stateful targets run two to
# three times faster than in a debug build (docs/fuzzing.md).
scratch="${PUSHPROOF_SWIFT_SCRATCH:-$WORK/swift-build}"
config=${PUSHPROOF_FUZZ_CONFIG:-release}
# PUSHPROOF_FUZZ_BINARY: a pushproof-fuzz already built with these flags (`scripts/fuzz.sh`, whose
# build line is this one), packaged as it is instead of built again.
if [ -n "${PUSHPROOF_FUZZ_BINARY:-}" ]; then
    binary=$PUSHPROOF_FUZZ_BINARY
else
    binary=$(pushproof_fuzz_build "$scratch" "$config" "$SWIFTFLAGS")
fi

# Every shared library the binary loads except the C and C++ runtimes, which every runner image
# has, copied (links resolved) into $OUT/lib.
mkdir -p "$OUT/lib"
ldd "$binary" | awk '$2 == "=>" && $3 ~ /^\// {print $3}' | while read -r lib; do
    case "$(basename "$lib")" in
        libc.so.* | libm.so.* | libpthread.so.* | libdl.so.* | librt.so.* | libutil.so.* | libgcc_s.so.* | libstdc++.so.*) ;;
        *) cp -L "$lib" "$OUT/lib/" ;;
    esac
done

mapfile -t targets < <(PUSHPROOF_FUZZ_TARGET=list SWIFT_BACKTRACE=enable=no "$binary")
[ ${#targets[@]} -gt 0 ] || { echo "build.sh: the binary lists no targets" >&2; exit 1; }
for target in "${targets[@]}"; do
    cp "$binary" "$OUT/$target"
    rm -f "$OUT/${target}_seed_corpus.zip"
    if [ -d "corpora/$target" ]; then
        (cd "corpora/$target" && find . -type f ! -path './regressions/*' -print | sort | zip -q -j "$OUT/${target}_seed_corpus.zip" -@)
    fi
    [ -f "corpora/$target.dict" ] && cp "corpora/$target.dict" "$OUT/$target.dict"
    printf '[libfuzzer]\nmax_len = %s\ntimeout = %s\nrss_limit_mb = %s\n' "$PUSHPROOF_LIBFUZZER_MAX_LEN" \
        "$PUSHPROOF_LIBFUZZER_TIMEOUT" "$PUSHPROOF_LIBFUZZER_RSS_LIMIT_MB" > "$OUT/$target.options"
done
echo "build.sh: ${#targets[@]} targets in $OUT, $(ls "$OUT/lib" | wc -l) shared libraries in $OUT/lib"
