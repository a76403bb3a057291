#!/usr/bin/env bash
# Builds PushProof's release artefacts into OUTDIR:
#   scripts/release.sh OUTDIR
#
# - pushproof-VERSION-linux-x86_64.tar.gz: the `pushproof` binary (release build; the Swift
#   runtime and Foundation linked statically, and libsodium, libsecp256k1, OpenSSL's libcrypto,
#   SQLite and zlib from their static archives, so that it needs only the C runtime), the vectors
#   with their schemas and manifest (vectors/SHA256SUMS), README.md, every docs/*.md and each real
#   library's interop/*/README.md, the
#   adapter kits (kits/python/pushproof/, kits/js/pushproof-adapter.js) and the starters beside
#   them (starters/), the licences, and SHA256SUMS over all of it;
# - pushproof-VERSION-py3-none-manylinux_2_N_x86_64.whl: the same binary, vectors and docs in a
#   Python package whose console entry `pushproof` runs it, with the adapter kit
#   `pushproof.adapter` (python/), the JavaScript kit and the starters as package data
#   (`python -m pushproof.starter DIR` writes them out as the tarball has them), tagged for the
#   glibc the binary needs;
# - SHA256SUMS over the two.
#
# Needs the Swift toolchain, Debian's -dev packages (scripts/bootstrap.sh installs them), binutils
# and PyPI (the wheel is built with `build` and setuptools, pinned in scripts/requirements-release.txt,
# in a venv of its own). docs/release.md says what the artefacts hold and how CI checks them.
set -euo pipefail
[ $# -eq 1 ] || { echo "usage: $0 OUTDIR" >&2; exit 2; }
root="$(cd "$(dirname "$0")/.." && pwd)"
mkdir -p "$1"
out="$(cd "$1" && pwd)"
cd "$root"
scripts/bootstrap.sh

scratch="$root/.build-release"
# The static archives, alone in a folder searched first: the linker takes libX.a from there before
# it would find libX.so in the system's folders.
static="$scratch/static-libs"
mkdir -p "$static"
for lib in sodium secp256k1 crypto sqlite3 z; do
    archive="$(gcc -print-file-name="lib$lib.a")"
    [ -f "$archive" ] || { echo "release: no static archive lib$lib.a (is its -dev package installed?)" >&2; exit 1; }
    ln -sf "$archive" "$static/lib$lib.a"
done

# SwiftPM puts each pkg-config file's own -L (the system's folder, where libX.so is) before any
# folder named on the command line: the build reads .pc files of its own instead, which name the
# folder of archives.
pc="$scratch/pkgconfig"
mkdir -p "$pc"
for pair in libsodium:sodium libsecp256k1:secp256k1 libcrypto:crypto sqlite3:sqlite3 zlib:z; do
    module=${pair%%:*} lib=${pair##*:}
    printf 'Name: %s\nDescription: %s from its static archive\nVersion: %s\nCflags: %s\nLibs: -L%s -l%s\n' \
        "$module" "$module" "$(pkg-config --modversion "$module")" "$(pkg-config --cflags "$module")" "$static" "$lib" \
        >"$pc/$module.pc"
done
export PKG_CONFIG_PATH="$pc"

echo "release: building pushproof (release, static)" >&2
swift build -c release --product pushproof --scratch-path "$scratch" --static-swift-stdlib \
    -Xlinker -L"$static" >"$scratch/build.log" 2>&1 || { tail -n 40 "$scratch/build.log" >&2; exit 1; }
bin="$(swift build -c release --scratch-path "$scratch" --show-bin-path)/pushproof"

# Nothing but the C runtime may be left to load.
allowed='^(linux-vdso|libc|libm|libstdc\+\+|libgcc_s|libpthread|libdl|librt|libutil|ld-linux-x86-64)\.so'
unexpected="$(ldd "$bin" | awk '{print $1}' | sed 's#.*/##' | grep -Ev "$allowed" || true)"
if [ -n "$unexpected" ]; then
    echo "release: the binary still loads: $(echo "$unexpected" | tr '\n' ' ')" >&2
    exit 1
fi

version="$("$bin" --version | sed -n '1s/^pushproof //p')"
[ -n "$version" ] || { echo "release: the binary printed no version" >&2; exit 1; }
glibc="$(objdump -T "$bin" | grep -o 'GLIBC_2\.[0-9]*' | sort -t. -k2,2n -u | tail -n 1 | sed 's/GLIBC_2\.//')"
platform="manylinux_2_${glibc}_x86_64"
name="pushproof-$version-linux-x86_64"
stage="$scratch/stage"
rm -rf "$stage"
mkdir -p "$stage/$name"

# The vectors, with the manifest the binary checks them against on every run.
fill() { # fill DIR: the vectors, docs and licences a release carries, under DIR
    mkdir -p "$1/vectors/schemas" "$1/docs"
    cp vectors/*_test.json vectors/CHANGELOG.md vectors/COUNTS.json "$1/vectors/"
    cp vectors/schemas/*.json "$1/vectors/schemas/"
    "$bin" vectors manifest --vectors "$1/vectors" >"$scratch/SHA256SUMS.new"
    mv "$scratch/SHA256SUMS.new" "$1/vectors/SHA256SUMS"
    # Every document, in its folder (docs/audit/ too), and the README that links to them.
    (cd docs && find . -type f -name '*.md' -exec cp --parents {} "$1/docs/" \;)
    cp README.md LICENSE NOTICE "$1/"
    # Each real library's page (docs/interop.md and docs/findings.md point at them).
    for page in interop/*/README.md; do
        mkdir -p "$1/$(dirname "$page")"
        cp "$page" "$1/$page"
    done
    # The licences of what the binary contains (NOTICE lists them): Debian's copyright files of
    # the C libraries, the Swift runtime's and Foundation's licence, the Swift packages' own.
    mkdir -p "$1/licenses"
    for package in libsodium-dev libsecp256k1-dev libssl-dev libsqlite3-dev zlib1g-dev; do
        cp "/usr/share/doc/$package/copyright" "$1/licenses/$package.copyright"
    done
    cp "$toolchain_licence" "$1/licenses/swift-runtime-and-foundation.LICENSE.txt"
    cp "$icu_licence" "$1/licenses/icu.copyright"
    for package in swift-argument-parser swift-protobuf GRDB.swift swift-extras-base64; do
        licence="$(find "$scratch/checkouts/$package" -maxdepth 1 -iname 'LICENSE*' | head -n 1)"
        [ -n "$licence" ] || { echo "release: no licence file in the $package checkout" >&2; exit 1; }
        cp "$licence" "$1/licenses/$package.LICENSE.txt"
        notice="$(find "$scratch/checkouts/$package" -maxdepth 1 -iname 'NOTICE*' | head -n 1)"
        if [ -n "$notice" ]; then cp "$notice" "$1/licenses/$package.NOTICE.txt"; fi
    done
}
toolchain_licence="$(dirname "$(dirname "$(readlink -f "$(command -v swift)")")")/share/swift/LICENSE.txt"
[ -f "$toolchain_licence" ] || { echo "release: no $toolchain_licence" >&2; exit 1; }
# ICU's licence text (the Unicode License V3 that swift-foundation-icu carries), as Debian ships it.
icu_licence="$(ls /usr/share/doc/libicu-dev/copyright /usr/share/doc/libicu[0-9]*/copyright 2>/dev/null | head -n 1 || true)"
if [ -z "$icu_licence" ]; then
    scripts/apt-install.sh libicu-dev
    icu_licence=/usr/share/doc/libicu-dev/copyright
fi

bundle="$stage/$name"
cp "$bin" "$bundle/pushproof"
strip "$bundle/pushproof"
fill "$bundle"
# The adapter kits and the starters, which find the kits by their path beside starters/
# (docs/release.md, "Kits and starters"): plain `python3 starters/starter.py` and
# `node starters/starter.js` run as shipped.
starters() { # starters DIR: the starters and the JavaScript kit under DIR
    mkdir -p "$1/starters" "$1/kits/js"
    cp adapters/starters/*.py adapters/starters/*.js "$1/starters/"
    cp adapters/kits/js/pushproof-adapter.js "$1/kits/js/"
}
starters "$bundle"
mkdir -p "$bundle/kits/python/pushproof"
cp python/pushproof/__init__.py python/pushproof/adapter.py "$bundle/kits/python/pushproof/"
(cd "$bundle" && find . -type f ! -name SHA256SUMS -printf '%P\n' | LC_ALL=C sort | xargs sha256sum >SHA256SUMS)
tar --sort=name --mtime=@0 --owner=0 --group=0 --numeric-owner -C "$stage" -cf - "$name" | gzip -n >"$out/$name.tar.gz"

# The wheel: python/ with the binary and the vectors inside the package.
wheel_src="$stage/python"
cp -r python "$wheel_src"
rm -rf "$wheel_src"/pushproof/__pycache__ "$wheel_src"/build "$wheel_src"/*.egg-info
mkdir -p "$wheel_src/pushproof/bin"
cp "$bundle/pushproof" "$wheel_src/pushproof/bin/pushproof"
fill "$wheel_src/pushproof"
# The package is the Python kit; `python -m pushproof.starter DIR` adds it as kits/python/.
starters "$wheel_src/pushproof"
sed -i "s/^version = \".*\"/version = \"$version\"/" "$wheel_src/pyproject.toml"
printf '[bdist_wheel]\npython_tag = py3\nplat_name = %s\n' "$platform" >"$wheel_src/setup.cfg"
venv="$scratch/release-venv"
[ -x "$venv/bin/python" ] || python3 -m venv "$venv"
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check -r scripts/requirements-release.txt
SOURCE_DATE_EPOCH=315532800 "$venv/bin/python" -m build --wheel --no-isolation --outdir "$out" "$wheel_src" \
    >"$scratch/wheel.log" 2>&1 || { tail -n 40 "$scratch/wheel.log" >&2; exit 1; }
wheel="$out/pushproof-$version-py3-none-$platform.whl"
[ -f "$wheel" ] || { echo "release: expected $wheel; built: $(ls "$out")" >&2; exit 1; }

(cd "$out" && sha256sum "$name.tar.gz" "$(basename "$wheel")" >SHA256SUMS)
echo "release: $out/$name.tar.gz"
echo "release: $wheel"
echo "release: vectors $("$bin" vectors manifest --vectors "$bundle/vectors" | sha256sum | cut -d' ' -f1)"
