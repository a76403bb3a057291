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
# SwiftPM must be told that libFuzzer supplies `main` (its own --sanitize=fuzzer): otherwise it
# links the executable with `main` defined as PushProofFuzz_main, which -parse-as-library leaves
# undefined. The image's flags give SwiftPM only --sanitize=$SANITIZER (tested by
# scripts/check-oss-fuzz-build.sh with PUSHPROOF_OSS_FUZZ_FLAGS=image).
case " $SWIFTFLAGS " in
    *" --sanitize=fuzzer "*) ;;
    *) SWIFTFLAGS="$SWIFTFLAGS --sanitize=fuzzer" ;;
esac

# PUSHPROOF_SWIFT_SCRATCH lets scripts/check-oss-fuzz-build.sh share scripts/fuzz.sh's build.
scratch="${PUSHPROOF_SWIFT_SCRATCH:-$WORK/swift-build}"
# Release (-O) with the sanitizers, as scripts/fuzz.sh builds by default: the stateful targets run
# two to three times faster than in a debug build (docs/fuzzing.md).
config=${PUSHPROOF_FUZZ_CONFIG:-release}
# The runner image has none of the builder's libraries (libsodium, libsecp256k1, libcrypto,
# SQLite, the Swift runtime when it is not linked statically): each target finds the copies
# shipped in $OUT/lib through a run path relative to itself.
# shellcheck disable=SC2016
runpath=(-Xlinker -rpath -Xlinker '$ORIGIN/lib')
# shellcheck disable=SC2086
swift build -c "$config" --scratch-path "$scratch" --product pushproof-fuzz $SWIFTFLAGS "${runpath[@]}"
binary="$(swift build -c "$config" --scratch-path "$scratch" --show-bin-path "${runpath[@]}")/pushproof-fuzz"

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
    printf '[libfuzzer]\nmax_len = 8192\ntimeout = 10\n' > "$OUT/$target.options"
done
echo "build.sh: ${#targets[@]} targets in $OUT, $(ls "$OUT/lib" | wc -l) shared libraries in $OUT/lib"
