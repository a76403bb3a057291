#!/usr/bin/env bash
# Runs .clusterfuzzlite/build.sh (the OSS-Fuzz / ClusterFuzzLite build) outside a container,
# with $SRC, $OUT and $WORK pointing at temporary folders, then runs every target it produced
# for a few seconds on its own seed corpus zip, dictionary and options, as the engines would.
#
#   scripts/check-oss-fuzz-build.sh [SECONDS_PER_TARGET]   (default 3)
#   PUSHPROOF_OSS_FUZZ_FLAGS=image scripts/check-oss-fuzz-build.sh ...
#
# By default build.sh uses its own flags (those of scripts/fuzz.sh, sharing its build). With
# PUSHPROOF_OSS_FUZZ_FLAGS=image it gets SWIFTFLAGS as the OSS-Fuzz Swift image hands them to a
# project (what google/oss-fuzz's Swift projects build with: the Swift runtime and Foundation
# linked statically, -sanitize=fuzzer,address for swiftc and --sanitize=address for SwiftPM, no
# --sanitize=fuzzer), in a scratch of its own, .build-oss-fuzz.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-3}
flags=${PUSHPROOF_OSS_FUZZ_FLAGS:-own}
# build.sh zips the seed corpora; the runs below unzip them.
{ command -v zip && command -v unzip; } >/dev/null || scripts/apt-install.sh zip unzip
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/src" "$tmp/out" "$tmp/work"
ln -s "$PWD" "$tmp/src/pushproof"
# The Swift build scratch is scripts/fuzz.sh's (.build-fuzz, same flags, by its real path): a
# cache, so the two share one instrumented build.
scratch="$PWD/.build-fuzz"
image_flags=""
case "$flags" in
    own) ;;
    image)
        scratch="$PWD/.build-oss-fuzz"
        image_flags="-Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library -Xswiftc -static-stdlib --static-swift-stdlib --sanitize=address"
        ;;
    *) echo "PUSHPROOF_OSS_FUZZ_FLAGS is own or image, not $flags" >&2; exit 2 ;;
esac
(cd "$tmp" && SRC="$tmp/src" OUT="$tmp/out" WORK="$tmp/work" SANITIZER=address SWIFTFLAGS="$image_flags" \
    PUSHPROOF_SWIFT_SCRATCH="$scratch" "$tmp/src/pushproof/.clusterfuzzlite/build.sh")
if [ "$flags" = image ]; then
    # The Swift runtime is in the binary: nothing of it may be loaded from a shared library.
    some_binary="$tmp/out/$(ls "$tmp/out" | grep '^Fuzz' | grep -v '\.' | head -n 1)"
    if ldd "$some_binary" | grep -qE 'libswiftCore|libFoundation'; then
        echo "built with the image's flags, the targets still load the Swift runtime dynamically" >&2
        exit 1
    fi
fi

# The runner has only the C and C++ runtimes: every other library must be shipped in $OUT/lib and
# found there through the targets' run path. Checked with the shipped copies first in the search
# path (this machine also has the originals), and the runs below load those copies.
some="$tmp/out/$(ls "$tmp/out" | grep '^Fuzz' | grep -v '\.' | head -n 1)"
readelf -d "$some" | grep -E 'R(UN)?PATH' | grep -qF '$ORIGIN/lib' || { echo "the targets have no \$ORIGIN/lib run path" >&2; exit 1; }
missing=$(LD_LIBRARY_PATH="$tmp/out/lib" ldd "$some" | awk '$2 == "=>" {print $1, $3}' |
    grep -vE '^(libc|libm|libpthread|libdl|librt|libutil|libgcc_s|libstdc\+\+)\.so' | grep -v " $tmp/out/lib/" || true)
[ -z "$missing" ] || { echo "libraries not shipped in \$OUT/lib:" >&2; echo "$missing" >&2; exit 1; }
shipped=$(ls "$tmp/out/lib" | wc -l)
export LD_LIBRARY_PATH="$tmp/out/lib"

count=0
for binary in "$tmp/out"/Fuzz*; do
    case "$binary" in *.zip | *.dict | *.options) continue ;; esac
    target=$(basename "$binary")
    [ -f "$tmp/out/${target}_seed_corpus.zip" ] || { echo "$target: no seed corpus zip" >&2; exit 1; }
    [ -f "$tmp/out/${target}.dict" ] || { echo "$target: no dictionary" >&2; exit 1; }
    grep -q '^\[libfuzzer\]' "$tmp/out/$target.options" || { echo "$target: no options file" >&2; exit 1; }
    corpus="$tmp/corpus/$target"
    mkdir -p "$corpus"
    unzip -q "$tmp/out/${target}_seed_corpus.zip" -d "$corpus"
    seeds=$(ls "$corpus" | wc -l)
    dict=()
    [ -f "$tmp/out/$target.dict" ] && dict=(-dict="$tmp/out/$target.dict")
    # Called by its own name: the binary picks the harness from argv[0], as on ClusterFuzz.
    if ! SWIFT_BACKTRACE=enable=no "$binary" "$corpus" "${dict[@]}" -max_len=8192 -timeout=10 \
        -max_total_time="$seconds" -artifact_prefix="$tmp/" > "$tmp/$target.log" 2>&1; then
        tail -n 30 "$tmp/$target.log" >&2
        echo "$target: the built fuzzer failed" >&2
        exit 1
    fi
    runs=$(sed -n 's/^Done \([0-9]*\) runs.*/\1/p' "$tmp/$target.log")
    printf '%-26s %6s files in its seed zip, %9s runs in %ss\n' "$target" "$seeds" "${runs:-?}" "$seconds"
    count=$((count + 1))
done
expected=$(PUSHPROOF_FUZZ_TARGET=list SWIFT_BACKTRACE=enable=no "$tmp/out/$(ls "$tmp/out" | grep -v '\.' | head -n 1)" | wc -l)
[ "$count" -eq "$expected" ] || { echo "built $count targets, the binary lists $expected" >&2; exit 1; }
echo "oss-fuzz build ($flags flags): $count targets built by build.sh and run clean, with the $shipped shared libraries they need shipped in \$OUT/lib"
